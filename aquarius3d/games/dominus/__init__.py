"""Dominus: exact edges within the table round the starter, first out, hand points, rounds."""

from . import blocks  # noqa: F401  (registers the blocks)

# The blocks this family's rules work with, per category (see games.block_problems).
BLOCKS = {
    "setup": ("deal",),
    "turn": ("draw_and_play",),
    "placement": ("exact_match",),
    "win": ("connect_panels", "none", "out_of_cards"),
    "end": ("blocked", "deck_out", "highest_element", "last_card"),
    "action": ("trade_hands", "move_a_card", "zap_a_card", "trade_goals", "rotate_goals", "shuffle_hands",
               "shuffle_goals"),
}
