"""Aquarius Rising: pyramids on cards, houses of storeys, the highest element by real height."""

from . import blocks  # noqa: F401  (registers the blocks)
