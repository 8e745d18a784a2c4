"""Dominus: exact edges within the table round the starter, first out, hand points, rounds."""

from . import blocks  # noqa: F401  (registers the blocks)
