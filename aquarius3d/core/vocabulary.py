"""The names of things, said once: elements and their letters, pyramid colours and sizes, card quarters.

Element order is E A F W S everywhere (bit i of an element mask is LETTERS[i]);
pyramid colours follow the same order (green, yellow, red, blue, black), then
the variants' white and clear. Quarters are in reading order.
"""

from __future__ import annotations

ELEMENTS = ("earth", "air", "fire", "water", "space")
LETTERS = "EAFWS"
LETTER_OF = dict(zip(ELEMENTS, LETTERS))
ELEMENT_OF = dict(zip(LETTERS, ELEMENTS))
BIT = {letter: 1 << i for i, letter in enumerate(LETTERS)}
ALL_ELEMENTS = (1 << len(LETTERS)) - 1

QUARTERS = ("TL", "TR", "BL", "BR")  # top-left, top-right, bottom-left, bottom-right

SIZES = ("S", "M", "L")  # small, medium, large pyramids
PYRAMID_COLOUR = {"E": "g", "A": "y", "F": "r", "W": "b", "S": "k"}  # element letter -> pyramid colour
ELEMENT_OF_COLOUR = {colour: letter for letter, colour in PYRAMID_COLOUR.items()}  # colour -> element letter
COLOURS = tuple(PYRAMID_COLOUR[letter] for letter in LETTERS)  # the element colours: g y r b k
WILD_COLOURS = ("w", "c")  # white (To the Clouds), clear (Sky High)
ALL_COLOURS = COLOURS + WILD_COLOURS
ELEMENT_NAME_OF_COLOUR = {colour: ELEMENT_OF[letter] for colour, letter in ELEMENT_OF_COLOUR.items()}

_COLOUR_WORDS = dict(zip(ALL_COLOURS, ("green", "yellow", "red", "blue", "black", "white", "clear")))
_SIZE_WORDS = dict(zip(SIZES, ("small", "medium", "large")))


def colour_name(colour: str) -> str:
    """A pyramid colour letter in English words, for rule messages ('r' -> 'red')."""
    return _COLOUR_WORDS[colour]


def size_name(size: str) -> str:
    """A pyramid size letter in English words ('M' -> 'medium')."""
    return _SIZE_WORDS[size]


def pyramid_order(pyramid: str) -> tuple[int, int]:
    """Sort key of a pyramid such as 'Lr': by colour in element order, then small to large."""
    return ALL_COLOURS.index(pyramid[1]), SIZES.index(pyramid[0])

# The action cards, by the names rulesets and moves use.
ACTIONS = ("trade_hands", "move_a_card", "zap_a_card", "trade_goals", "rotate_goals", "shuffle_hands", "shuffle_goals")
