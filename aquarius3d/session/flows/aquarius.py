"""Aquarius at the table: the shared flow is all it needs."""

from .base import Flow


class AquariusFlow(Flow):
    own_undo = False  # the shared take-back (takeback.py)


FLOW = AquariusFlow
