"""Importing PyYAML without compiling the patterns the program may never use.

    yaml = import_yaml()

PyYAML compiles its regular expressions as its modules are imported. The pure-Python reader's pattern for
unprintable characters, a class spanning most of Unicode, is the dearest: about 58 of the 171 million
instructions `import yaml` costs, and a fifth of a whole `aquarius3d analyze` with a cached ruleset. libyaml
(CSafeLoader, what yamlfile.py reads with when it is there) checks the characters itself and never uses that
pattern, and the resolver's patterns are used one first character at a time. So while yaml's own modules are
first imported, `re.compile` called from them hands back a pattern that is compiled the first time it is used;
every other caller, then and after, gets re.compile itself.
"""

from __future__ import annotations

import re
import sys
from types import ModuleType
from typing import Any

_compile = re.compile


class _CompiledOnFirstUse:
    """Stands for re.compile(pattern, flags) until an attribute (search, match, ...) is first asked for."""

    __slots__ = ("_arguments", "_pattern")

    def __init__(self, pattern: Any, flags: int) -> None:
        self._arguments = (pattern, flags)
        self._pattern: re.Pattern[Any] | None = None

    def __getattr__(self, name: str) -> Any:
        pattern = self._pattern
        if pattern is None:
            pattern = self._pattern = _compile(*self._arguments)
        return getattr(pattern, name)


def _compile_for_yaml(pattern: Any, flags: int = 0) -> Any:
    caller = sys._getframe(1).f_globals.get("__name__", "")
    if caller == "yaml" or caller.startswith("yaml."):
        return _CompiledOnFirstUse(pattern, flags)
    return _compile(pattern, flags)


def import_yaml() -> ModuleType:
    """The yaml module, imported with its patterns compiled on first use (once per process)."""
    module = sys.modules.get("yaml")
    if module is not None:
        return module
    re.compile = _compile_for_yaml
    try:
        import yaml
    finally:
        re.compile = _compile
    return yaml
