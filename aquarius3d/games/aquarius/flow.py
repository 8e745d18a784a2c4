"""Aquarius at the table: the shared flow is all it needs."""

from ...flow import Flow

FLOW = Flow
