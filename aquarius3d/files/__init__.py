"""Files: reading YAML safely, where the shipped data and the user's folders are, saved games, settings and scores."""
