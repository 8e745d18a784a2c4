"""Each family's kit for the computer players, one module a family (bots/kit.py imports the one a game needs)."""
