"""Aquarius: the deal, the connection rule, the multi-connection bonus, the action cards, the win."""

from . import actions, blocks  # noqa: F401  (register the blocks)
