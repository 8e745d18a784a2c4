"""Elemental Towers: the solitaire game of builds and moves, towers and the scoring row."""

from . import actions, blocks  # noqa: F401  (register the blocks)
