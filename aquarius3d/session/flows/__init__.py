"""Each game family's part of a turn at the table (base.py says what a flow offers), one module a family."""

from collections.abc import Callable
from importlib import import_module
from typing import Any


def flow_of(family: str) -> Callable[..., Any]:
    """The family's Flow class: its part of a turn at the table."""
    flow: Callable[..., Any] = import_module(f"{__name__}.{family}").FLOW
    return flow
