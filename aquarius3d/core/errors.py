"""The exceptions a user can cause. Each is a ValueError with a readable message.

The message is English with the notation, for the command line and check files; `words`, when given, says
the same for the window, in the player's language and without codes (see session/refusals.py).
"""


class UserError(ValueError):
    def __init__(self, message: str = "", words: str | None = None) -> None:
        super().__init__(message)
        self.words = words

    def in_words(self) -> str:
        """What the window shows: the words if there are any, else the message."""
        return self.words or str(self)


class DataError(UserError):
    """A file the user gave or edited is wrong: the message names file and key."""


class IllegalMove(UserError):
    """A move the rules do not allow here; the message says why."""


class MoveSyntaxError(ValueError):
    """A move written in a way the notation does not understand."""
