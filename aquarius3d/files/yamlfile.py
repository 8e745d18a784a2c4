"""Reading YAML files safely: the one way every file the program reads is parsed.

    data, lines = read_yaml(Path("pos.yaml"), "pos.yaml")
    lines[("cards", 2, "card")]    # ("pos.yaml", 5): where that key is written

Rulesets, positions and check files, deck lists and the text catalogs come
through here. A file is refused with a one-line DataError, `file:line: key: reason`,
when it is:

- larger than the size limit (4 MB, or AQUARIUS3D_YAML_LIMIT_MB megabytes);
- not UTF-8 text, or not valid YAML;
- using anchors or aliases (`&name`, `*name`): our files never need them,
  and following them lets a few hundred bytes stand for billions of values;
- nested deeper than 50 lists and mappings;
- repeating a key in one mapping (both lines are named);
- using a list or mapping as a key, a merge key (`<<`) or a tag we do not read.

The text is parsed once, from the parser's events, with libyaml (PyYAML's
CSafeLoader) when it is installed and PyYAML's pure-Python parser otherwise;
both give the same data and lines. Building from events is iterative, so
depth is checked as the file is read (no RecursionError), and it is faster
than letting PyYAML compose a node tree and construct from it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .yamlimport import import_yaml

if TYPE_CHECKING:
    import yaml
else:
    yaml = import_yaml()

from yaml.events import (  # noqa: E402 (after yaml is imported its own way)
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import ScalarNode  # noqa: E402

from ..core.errors import DataError  # noqa: E402
from ..core.text import Path_, path_text, short  # noqa: E402

Lines = dict[Path_, tuple[str, int]]  # key path -> (file, line)


class _EventParser(Protocol):
    """What is read of a loader (PyYAML's SafeLoader, or libyaml's CSafeLoader): its events, its resolver and
    its constructors. PyYAML's own parser is untyped: its events come as Any, and they are told apart below by
    their exact class (`type(event) is ScalarEvent`, faster than isinstance), which mypy does not narrow on."""

    yaml_constructors: ClassVar[dict[str | None, Any]]

    def resolve(self, kind: type[ScalarNode], value: str, implicit: tuple[bool, bool]) -> Any: ...
    def check_event(self, *choices: Any) -> bool: ...
    def get_event(self) -> Any: ...
    def dispose(self) -> None: ...


Loader = Callable[[str], _EventParser]  # a loader class, made with the text to read
_Open = list[Any]  # an open collection: [container, key path, pending key or _NO_KEY], a list for speed

LIMIT_VARIABLE = "AQUARIUS3D_YAML_LIMIT_MB"
DEFAULT_LIMIT_MB = 4
MAX_DEPTH = 50
MEGABYTE = 1_000_000

# libyaml when PyYAML was built with it; the tests force the pure-Python parser too.
LOADER = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
PURE_LOADER = yaml.SafeLoader
# A syntax error found by libyaml in a file up to this size is read again by the
# pure-Python parser, whose messages say more ("found character '\t' ...") and are
# the same on every machine.
_SECOND_OPINION_BYTES = 512 * 1024

_YAML_TAG = "tag:yaml.org,2002:"
_STR = _YAML_TAG + "str"
_PLAIN_COLLECTION_TAGS = (None, "!", _YAML_TAG + "map", _YAML_TAG + "seq")
_SCALAR_TAGS = {_YAML_TAG + name for name in ("str", "int", "float", "bool", "null", "binary")}


# -- reading -------------------------------------------------------------------------------------


def size_limit() -> int:
    """The largest file read, in bytes: AQUARIUS3D_YAML_LIMIT_MB megabytes, or 4 MB."""
    raw = os.environ.get(LIMIT_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_LIMIT_MB * MEGABYTE
    try:
        megabytes = float(raw)
    except ValueError:
        megabytes = -1.0
    if not megabytes > 0 or megabytes == float("inf"):
        raise DataError(f"{LIMIT_VARIABLE}: expected a number of megabytes, got {short(raw)}")
    return int(megabytes * MEGABYTE)


def read_yaml(path: Path | str, where: str | None = None, *, limit: int | None = None) -> tuple[Any, Lines]:
    """Parse a YAML file; returns the data and the (file, line) of every key path.

    `where` names the file in messages (its name by default); `limit` is the
    largest size read, in bytes (see size_limit).
    """
    path = Path(path)
    where = where or path.name
    return parse_bytes(read_bytes(path, where, limit=limit), where)


def read_bytes(path: Path | str, where: str | None = None, *, limit: int | None = None) -> bytes:
    """A file's bytes, refused (DataError) when it cannot be read or is larger than the limit."""
    path = Path(path)
    where = where or path.name
    limit = size_limit() if limit is None else limit
    try:
        with path.open("rb") as stream:
            size = os.fstat(stream.fileno()).st_size
            if size > limit:
                raise DataError(_too_big(where, size, limit))
            raw = stream.read(limit + 1)
    except OSError as exc:
        raise DataError(f"{where}: cannot be read: {exc.strerror or exc}") from None
    if len(raw) > limit:  # a file that grew, or a pipe
        raise DataError(_too_big(where, len(raw), limit))
    return raw


def parse_bytes(raw: bytes, where: str) -> tuple[Any, Lines]:
    """Parse a file's bytes (read with read_bytes): UTF-8 text, then YAML."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(f"{where}: not a text file (not UTF-8)") from None
    return parse_yaml(text, where)


def _too_big(where: str, size: int, limit: int) -> str:
    return (f"{where}: {size / MEGABYTE:.1f} MB is larger than the limit of {limit / MEGABYTE:g} MB "
            f"(set {LIMIT_VARIABLE} to read bigger files)")


def parse_yaml(text: str, where: str = "<text>", *, loader: Loader | None = None) -> tuple[Any, Lines]:
    """Parse YAML text (one document) under the rules above; `where` names it in messages."""
    if "\x00" in text:
        raise DataError(f"{where}: not a text file (it holds NUL bytes)")
    loader = loader or LOADER
    parser = None
    try:
        parser = loader(text)  # the pure-Python reader checks the characters here
        return _build(parser, where)
    except yaml.MarkedYAMLError as exc:
        raise DataError(_syntax_message(exc, text, where, loader)) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        character = exc.character if isinstance(exc.character, int) else ord(exc.character[:1] or "?")
        raise DataError(f"{where}:{line}: not valid YAML: the character #x{character:04x} "
                        "is not allowed in YAML text") from None
    finally:
        if parser is not None:
            parser.dispose()


def _syntax_message(exc: yaml.MarkedYAMLError, text: str, where: str, loader: Loader) -> str:
    if loader is not PURE_LOADER and len(text) <= _SECOND_OPINION_BYTES:
        try:
            _build(PURE_LOADER(text), where)
        except yaml.MarkedYAMLError as second:
            exc = second
        except (yaml.YAMLError, DataError):
            pass
    mark = exc.problem_mark
    line = f"{mark.line + 1}: " if mark is not None else " "
    problem = (exc.problem or exc.context or "unreadable").replace("\n", " ")
    return f"{where}:{line}not valid YAML: {problem}"


class _Refused(Exception):
    """Something the file says that we do not read; `path` is None for "where the parser is"."""

    def __init__(self, event: Any, reason: str, path: Path_ | None = None) -> None:  # event: a parser event
        super().__init__(reason)
        self.event, self.reason, self.path = event, reason, path


def _build(parser: _EventParser, where: str) -> tuple[Any, Lines]:
    """Data and lines from the parser's events; DataError for what we refuse."""
    stack: list[_Open] = []  # open collections: [container, key path, pending key or _NO_KEY]
    try:
        return _events_to_data(parser, where, stack)
    except _Refused as refused:
        path = _here(stack) if refused.path is None else refused.path
        line = refused.event.start_mark.line + 1
        raise DataError(f"{where}:{line}: {path_text(path)}: {refused.reason}") from None


def _events_to_data(parser: _EventParser, where: str, stack: list[_Open]) -> tuple[Any, Lines]:
    resolve = parser.resolve
    constructors = parser.yaml_constructors
    plain_cache: dict[str, Any] = {}
    lines: Lines = {}
    data: Any = None
    opened: dict[Hashable, Any] | list[Any] | None
    path: Path_
    documents = 0
    check_event, get_event = parser.check_event, parser.get_event
    while check_event():
        event = get_event()
        kind = type(event)
        if kind is ScalarEvent:
            if event.anchor is not None:
                raise _Refused(event, f"anchors (&{_cut(event.anchor)}) are not allowed; write the value out")
            tag, text = event.tag, event.value
            if tag is None and event.implicit[0]:  # plain: its form says what it is (3, true, null, text)
                try:
                    value = plain_cache[text]
                except KeyError:
                    tag = resolve(ScalarNode, text, (True, False))
                    value = text if tag in _AS_TEXT else _scalar(parser, constructors, tag, event)
                    if len(text) <= 32:
                        plain_cache[text] = value
            elif tag is None or tag == "!" or tag == _STR:
                value = text
            else:
                value = _scalar(parser, constructors, tag, event)
            opened = None
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if event.anchor is not None:
                raise _Refused(event, f"anchors (&{_cut(event.anchor)}) are not allowed; write the value out")
            if event.tag not in _PLAIN_COLLECTION_TAGS:
                raise _Refused(event, f"the tag {_tag_text(event.tag)} is not supported here")
            value = opened = {} if kind is MappingStartEvent else []
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            stack.pop()
            continue
        elif kind is AliasEvent:
            raise _Refused(event, f"aliases (*{_cut(event.anchor)}) are not allowed; write the value out")
        elif kind is DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _Refused(event, "expected one YAML document, but a second one begins here", ())
            continue
        else:  # stream start and end, document end
            continue

        line = event.start_mark.line + 1
        if not stack:
            data = value
            path = ()
            lines[path] = (where, line)
        else:
            top = stack[-1]
            container = top[0]
            if type(container) is list:
                path = top[1] + (len(container),)
                container.append(value)
                lines[path] = (where, line)
            elif top[2] is _NO_KEY:  # a key
                if opened is not None:
                    raise _Refused(event, "a key must be a plain value, not a list or mapping", top[1])
                if value == "<<" and event.tag is None and event.implicit[0]:
                    raise _Refused(event, "merge keys (<<) are not allowed; write the keys out", top[1])
                path = top[1] + (value,)
                if value in container:
                    raise _Refused(event, f"duplicate key (first on line {lines[path][1]})", path)
                top[2] = value
                lines[path] = (where, line)
                continue
            else:  # the value of the pending key
                key = top[2]
                top[2] = _NO_KEY
                path = top[1] + (key,)
                container[key] = value
        if opened is not None:
            if len(stack) >= MAX_DEPTH:
                raise _Refused(event, f"nested more than {MAX_DEPTH} lists and mappings deep", path)
            stack.append([opened, path, _NO_KEY])
    return data, lines


_NO_KEY = object()
# Plain scalars resolved to these are read as the text itself: `<<` (a merge key,
# refused where it is a key), `=` (YAML's "value" key, which nothing uses) and dates
# (2026-11-23: no file of ours holds a date, and a date object is no value any key takes).
_AS_TEXT = {_STR, _YAML_TAG + "merge", _YAML_TAG + "value", _YAML_TAG + "timestamp"}


def _here(stack: list[_Open]) -> Path_:
    """The key path of the value about to be read."""
    if not stack:
        return ()
    path: Path_
    container, path, key = stack[-1]
    if type(container) is list:
        return path + (len(container),)
    return path if key is _NO_KEY else path + (key,)


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:39] + "…"


def _scalar(parser: _EventParser, constructors: dict[str | None, Any], tag: str, event: ScalarEvent) -> Any:
    if tag not in _SCALAR_TAGS:
        raise _Refused(event, f"the tag {_tag_text(tag)} is not supported here")
    try:  # (libyaml's events carry its own Mark class, which a node holds as well; the stubs name only PyYAML's)
        return constructors[tag](parser, ScalarNode(tag, event.value, event.start_mark, event.end_mark))  # type: ignore[arg-type]
    except (yaml.YAMLError, ValueError, TypeError, OverflowError):
        raise _Refused(event, f"{short(event.value)} is not a valid {_tag_text(tag)[2:]}") from None


def _tag_text(tag: str) -> str:
    """YAML's own tags as written in files (!!set), others cut short."""
    return "!!" + tag[len(_YAML_TAG):] if tag.startswith(_YAML_TAG) else _cut(tag)
