"""Rulesets: reading a ruleset file (with what it extends and the options chosen), checking it, the cache of
checked ones, deck lists, and the schema and reference generated from the building blocks."""
