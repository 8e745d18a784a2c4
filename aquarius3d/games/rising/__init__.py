"""Aquarius Rising: pyramids on cards, houses of storeys, the highest element by real height."""

from . import blocks  # noqa: F401  (registers the blocks)

# The blocks this family's rules work with, per category (see games.block_problems).
BLOCKS = {
    "setup": ("rising_deal",),
    "turn": ("draw_and_play", "three_actions"),
    "placement": ("rising",),
    "end": ("highest_element",),
    "scoring": (),
    "action": ("trade_hands", "move_a_card", "zap_a_card", "trade_goals", "rotate_goals", "shuffle_hands",
               "shuffle_goals", "trade_pyramids", "two_pyramids"),
}
