"""Each game family's part of a turn at the table (base.py says what a flow offers), one module a family."""

from importlib import import_module

from .base import Flow


def flow_of(family: str) -> type[Flow]:
    """The family's Flow class: its part of a turn at the table, and what the window shows of it (its traits)."""
    flow: type[Flow] = import_module(f"{__name__}.{family}").FLOW
    return flow
