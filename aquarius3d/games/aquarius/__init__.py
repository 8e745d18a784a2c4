"""Aquarius: the deal, the connection rule, the multi-connection bonus, the action cards, the win."""

from . import blocks  # noqa: F401  (registers the blocks)
