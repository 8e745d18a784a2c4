"""The rows of a result's table, carried in its lines (session.summary(): the end panel, the host's output, tests).

A line is either prose or a row: a row's cells are parted by CELL (a tab), the first its words ("Space tower on the
Fire–Earth–Space–Air card", "Ann"), the others its points, which the end panel (screens/end_panel.py) stands
right-aligned in columns; a row whose first cell is empty heads the columns ("Round 2", "Total"); a total row begins
with TOTAL, two tabs (plain text shows an indent; a mark of its own would be a glyph the font lacks), and the panel
draws a rule over it. Read as plain text a row is its cells parted by a tab: "Ann\t+7\t7".
"""

from __future__ import annotations

CELL = "\t"
TOTAL = CELL * 2


def row(label: str, *values: object, total: bool = False) -> str:
    """A row of the result's table: its words, then its points, each cell in its column."""
    return (TOTAL if total else "") + CELL.join([label, *(str(v) for v in values)])


def cells(line: str) -> list[str] | None:
    """A row's cells (without TOTAL), or None for a line of prose."""
    if CELL not in line:
        return None
    return line.removeprefix(TOTAL).split(CELL)  # (a head's first cell is empty: one tab, then words)


def is_total(line: str) -> bool:
    return line.startswith(TOTAL)


def is_head(line: str) -> bool:
    """The row that heads the columns (its first cell empty)."""
    found = cells(line)
    return found is not None and found[0] == ""


def plain(lines: list[str]) -> list[str]:
    """The lines for a console (the host's output, a computer player's `join`): each run of rows in columns, words
    left and points right-aligned, two spaces between, a rule of dashes over a total; prose as it is. (Tabs showed
    in a terminal as ragged gaps: "Ann\t+7\t7".)"""
    out: list[str] = []
    block: list[tuple[list[str], bool]] = []

    def flush() -> None:
        widths = [max(len(found[i]) for found, _ in block if i < len(found))
                  for i in range(max((len(found) for found, _ in block), default=0))]
        wide = sum(widths) + 2 * (len(widths) - 1)
        for found, total in block:
            if total:
                out.append("-" * wide)
            texts = [found[0].ljust(widths[0])] + [cell.rjust(widths[i]) for i, cell in enumerate(found[1:], 1)]
            out.append("  ".join(texts).rstrip())
        block.clear()

    for line in lines:
        found = cells(line)
        if found is None:
            flush()
            out.append(line)
        else:
            block.append((found, is_total(line)))
    flush()
    return out
