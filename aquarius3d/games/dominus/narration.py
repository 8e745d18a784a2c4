"""Dominus moves in words: placing and passing, said as in Aquarius."""

from ..aquarius.narration import describe  # noqa: F401  (the family's narration)
