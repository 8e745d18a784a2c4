"""The exceptions a user can cause. Each is a ValueError with a readable message.

The message is English with the notation, for the command line and check files; `words`, when given, says
the same for the window, in the player's language and without codes. A move the rules refuse carries its
reason as a `Why`: a code the window puts into words (session/refusals.py, the one place that does) and
the facts it names, beside the English.
"""

from __future__ import annotations

from typing import Any

from .values import Value, field


class UserError(ValueError):
    def __init__(self, message: str = "", words: str | None = None) -> None:
        super().__init__(message)
        self.words = words

    def in_words(self) -> str:
        """What the window shows: the words if there are any, else the message."""
        return self.words or str(self)


class DataError(UserError):
    """A file the user gave or edited is wrong: the message names file and key."""


class Why(Value, frozen=True):
    """Why the rules refuse a move: `code` names the reason ("taken", "no_fit", ...), `text` says it in English
    with the notation, `facts` holds what it names (a cell, a card as it lies, a pyramid...)."""

    code: str
    text: str
    facts: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text


class IllegalMove(UserError):
    """A move the rules do not allow here; the message says why, and `why` (when the rules gave one) codes it."""

    def __init__(self, message: str = "", words: str | None = None, why: Why | None = None) -> None:
        super().__init__(message, words)
        self.why = why

    @property
    def code(self) -> str | None:
        return self.why.code if self.why is not None else None


def refused(code: str, text: str, **facts: Any) -> IllegalMove:
    """The IllegalMove for a coded reason: raise refused("taken", "0,1 already holds a card", cell=(0, 1))."""
    return IllegalMove(text, why=Why(code, text, facts))


def refusal(why: Why) -> IllegalMove:
    """The IllegalMove for a reason the rules worked out (a placement block's, say)."""
    return IllegalMove(why.text, why=why)


class MoveSyntaxError(ValueError):
    """A move written in a way the notation does not understand."""
