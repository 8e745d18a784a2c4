"""The exceptions a user can cause. Each is a ValueError with a readable message."""


class DataError(ValueError):
    """A file the user gave or edited is wrong: the message names file and key."""


class IllegalMove(ValueError):
    """A move the rules do not allow here; the message says why."""


class MoveSyntaxError(ValueError):
    """A move written in a way the notation does not understand."""
