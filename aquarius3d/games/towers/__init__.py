"""Elemental Towers: the solitaire game of builds and moves, towers and the scoring row."""

from . import blocks  # noqa: F401  (registers the blocks)
