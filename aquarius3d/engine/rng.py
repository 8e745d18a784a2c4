"""A small seeded random source whose whole state is one integer.

Kept inside the game state, so a saved game carries it and a replay draws the
same cards. 64-bit linear congruential steps, taking the high bits.
"""

from __future__ import annotations

from typing import Any

_MULT = 6364136223846793005
_INC = 1442695040888963407
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Mix a user's seed into a starting state (so seeds 1 and 2 differ widely)."""
    x = (int(seed) ^ 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A number in range(n) and the next state."""
    state = (state * _MULT + _INC) & _MASK
    return ((state >> 32) * n) >> 32, state


def shuffle(state: int, items: list[Any]) -> int:
    """Shuffle a list in place (Fisher-Yates); returns the next state."""
    for i in range(len(items) - 1, 0, -1):
        state = (state * _MULT + _INC) & _MASK  # below(state, i + 1), written out: a deal shuffles every card
        j = ((state >> 32) * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
    return state
