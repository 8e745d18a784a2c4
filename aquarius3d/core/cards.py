"""Elements, card codes and faces, as POSITIONS.md defines them.

A face is a card as it lies on the table. Its code is four element letters for
the quarters in reading order (TL, TR, BL, BR), a diagonal code such as F\\W,
or * for the wild card. Each side has two half-sides (segments); a face knows
the element mask of each of its 8 segments, packed five bits a segment into
one integer, so that "does this face connect here?" is one AND.

`D` is the Aquarius Dragon (a promo card; Aquarius Rising's `dragon_start`
option starts the table with it). Ruling: its face is one wild panel of every
element, like the starting dragon of Seven Dragons, the game it comes from;
it differs from the wild card in that no pyramid may stand on it.

Segment order: top-left, top-right, right-top, right-bottom, bottom-left,
bottom-right, left-top, left-bottom.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from .values import Value
from .vocabulary import (  # noqa: F401  (re-exported: faces speak in these names)
    ALL_ELEMENTS, BIT, ELEMENT_OF, ELEMENT_OF_COLOUR, ELEMENTS, LETTER_OF, LETTERS, PYRAMID_COLOUR,
)

DRAGON = "D"  # the Aquarius Dragon's code

SEGMENTS = ("TL", "TR", "RT", "RB", "BL", "BR", "LT", "LB")
SEG_BITS = 5  # connected_elements folds eight fields of this width
SEG_MASK = (1 << SEG_BITS) - 1

# The four sides as (segment indices, direction to the neighbour it faces).
SIDES = {
    "top": ((0, 1), (0, 1)),
    "right": ((2, 3), (1, 0)),
    "bottom": ((4, 5), (0, -1)),
    "left": ((6, 7), (-1, 0)),
}
# For a neighbour in direction d, which of its segments face each of mine.
FACING = {(0, 1): (4, 5), (1, 0): (6, 7), (0, -1): (0, 1), (-1, 0): (2, 3)}
MY_SIDE = {(0, 1): (0, 1), (1, 0): (2, 3), (0, -1): (4, 5), (-1, 0): (6, 7)}
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))

# Quarter index to the segments on the card's rim it touches.
_QUARTER_SEGMENTS = {0: (0, 6), 1: (1, 2), 2: (4, 7), 3: (5, 3)}
_QUARTER_NEIGHBOURS = {0: (1, 2), 1: (0, 3), 2: (0, 3), 3: (1, 2)}


class CardCodeError(ValueError):
    """A string that is not a card code."""


def mask_letters(mask: int) -> str:
    """The letters of an element mask, in E A F W S order."""
    return "".join(letter for letter in LETTERS if mask & BIT[letter])


def popcount(mask: int) -> int:
    return bin(mask).count("1")


class Face(Value, frozen=True):
    """A card face as it lies: segments, panels and their element masks."""

    code: str
    kind: str  # "quad", "diagonal", "wild" or "dragon"
    segments: tuple[int, ...]  # element mask of each of the 8 segments
    bits: int  # the 8 segment masks packed, segment i at bits 5i..5i+4
    panels: tuple[int, ...]  # element mask of each panel
    segment_panel: tuple[int, ...]  # panel index of each segment
    quarter_panel: tuple[int, ...] | None  # panel index of each quarter (quad cards)
    symmetric: bool  # whether turning the card 180 degrees gives the same face

    @cached_property
    def elements(self) -> int:
        """Mask of every element on the face."""
        mask = 0
        for panel in self.panels:
            mask |= panel
        return mask

    @cached_property
    def toward(self) -> tuple[int, ...]:
        """Per direction d of DIRECTIONS, what this card adds to the facing segments of the empty cell at
        its cell + d (Table.need): its two segments on that side, where that cell's own segments sit."""
        found = []
        for dx, dy in DIRECTIONS:
            back = (-dx, -dy)  # from the empty cell to this card
            (c, e), (a, b) = FACING[back], MY_SIDE[back]
            found.append((self.segments[c] << SEG_BITS * a) | (self.segments[e] << SEG_BITS * b))
        return tuple(found)

    @cached_property
    def turned(self) -> "Face":
        """The face turned 180 degrees (computed once per face; faces are shared through face())."""
        return face(turn(self.code))


def turn(code: str) -> str:
    """The code of a face turned 180 degrees."""
    if len(code) == 1:  # the wild card, the Aquarius Dragon
        return code
    if len(code) == 3:
        return code[2] + code[1] + code[0]
    return code[::-1]


def canonical(code: str) -> str:
    """One name for a physical card, whichever way it lies."""
    return min(code, turn(code))


def _quad_face(code: str) -> Face:
    letters = list(code)
    # Panels: quarters sharing a letter; they must touch (no card shows two
    # separate panels of one element).
    panel_of: dict[str, int] = {}
    quarter_panel = []
    for letter in letters:
        if letter not in panel_of:
            panel_of[letter] = len(panel_of)
        quarter_panel.append(panel_of[letter])
    for letter in panel_of:
        quarters = [q for q in range(4) if letters[q] == letter]
        if len(quarters) == 2 and quarters[1] not in _QUARTER_NEIGHBOURS[quarters[0]]:
            raise CardCodeError(f"{code!r} is not a card code: its two {ELEMENT_OF[letter]} quarters do not touch")
    segments = [0] * 8
    segment_panel = [0] * 8
    for quarter, (s1, s2) in _QUARTER_SEGMENTS.items():
        for s in (s1, s2):
            segments[s] = BIT[letters[quarter]]
            segment_panel[s] = quarter_panel[quarter]
    panels = tuple(BIT[letter] for letter in panel_of)
    return _make(code, "quad", segments, panels, segment_panel, tuple(quarter_panel))


def _diagonal_face(code: str) -> Face:
    left, stroke, right = tuple(code)
    if left == right:
        raise CardCodeError(f"{code!r} is not a card code: a diagonal card shows two elements")
    if stroke == "\\":
        # Left of the stroke: the lower-left triangle (left and bottom sides).
        first = (4, 5, 6, 7)
    else:
        # Left of the stroke: the upper-left triangle (top and left sides).
        first = (0, 1, 6, 7)
    segments = [BIT[left] if s in first else BIT[right] for s in range(8)]
    segment_panel = [0 if s in first else 1 for s in range(8)]
    return _make(code, "diagonal", segments, (BIT[left], BIT[right]), segment_panel, None)


def _make(code: str, kind: str, segments: list[int], panels: tuple[int, ...], segment_panel: list[int],
          quarter_panel: tuple[int, ...] | None) -> Face:
    bits = 0
    for i, mask in enumerate(segments):
        bits |= mask << (SEG_BITS * i)
    return Face(code, kind, tuple(segments), bits, tuple(panels), tuple(segment_panel), quarter_panel, turn(code) == code)


@lru_cache(maxsize=None)
def face(code: str) -> Face:
    """The face for a card code; raises CardCodeError for anything else."""
    if not isinstance(code, str):
        raise CardCodeError(f"{code!r} is not a card code")
    if code == "*":
        return _make("*", "wild", [ALL_ELEMENTS] * 8, (ALL_ELEMENTS,), [0] * 8, (0, 0, 0, 0))
    if code == DRAGON:  # one wild panel, like the wild card (see the module's docstring)
        return _make(DRAGON, "dragon", [ALL_ELEMENTS] * 8, (ALL_ELEMENTS,), [0] * 8, (0, 0, 0, 0))
    if len(code) == 4 and all(c in LETTERS for c in code):
        return _quad_face(code)
    if len(code) == 3 and code[1] in "\\/" and code[0] in LETTERS and code[2] in LETTERS:
        return _diagonal_face(code)
    raise CardCodeError(f"{code!r} is not a card code")


def is_card_code(code: str) -> bool:
    try:
        face(code)
    except CardCodeError:
        return False
    return True


def connected_elements(face_bits: int, need: int) -> int:
    """Mask of the elements a face connects through, given the facing segments."""
    both = face_bits & need
    # The eight segments' 5-bit masks folded into one (SEG_BITS is 5), halving: 8 fields onto 4, 2, then 1
    # (each operation on a number this large makes a new one: three folds instead of seven).
    both |= both >> 20
    both |= both >> 10
    return (both | both >> 5) & SEG_MASK


def element_set_name(mask: int) -> str:
    return ", ".join(ELEMENT_OF[letter] for letter in mask_letters(mask))


def parse_element(name: str) -> str:
    """An element letter from an element name or letter (any case)."""
    if not isinstance(name, str):
        raise ValueError(f"{name!r} is not an element")
    lowered = name.strip().lower()
    if lowered in LETTER_OF:
        return LETTER_OF[lowered]
    if len(lowered) == 1 and lowered.upper() in LETTERS:
        return lowered.upper()
    raise ValueError(f"{name!r} is not an element (one of {', '.join(ELEMENTS)})")


# -- the cards of a deck ------------------------------------------------------------------------

DECK_NAME = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$"  # a plain file name: no folders, no `..`, no dots


class Card(Value, frozen=True):
    """One physical card: kind is element, goal, action or dragon; code names it.

    Element cards carry their face code as printed (upright), goals their
    element name, actions their action name; the Aquarius Dragon (a promo card
    beside the deck, never in the draw pile) is `D`.
    """

    kind: str
    code: str


class Deck(Value, frozen=True):
    name: str
    cards: tuple[Card, ...]

    def ids(self, kind: str) -> list[int]:
        return [i for i, card in enumerate(self.cards) if card.kind == kind]

    def copies(self) -> dict[str, int]:
        """How many element cards of each canonical code the deck holds."""
        counts: dict[str, int] = {}
        for card in self.cards:
            if card.kind == "element":
                key = canonical(card.code)
                counts[key] = counts.get(key, 0) + 1
        return counts
