"""Elemental Towers: the solitaire game of builds and moves, towers and the scoring row."""

from . import actions, blocks  # noqa: F401  (register the blocks)

# The blocks this family's rules work with, per category (see games.block_problems).
BLOCKS = {
    "setup": ("deal", "towers_deal"),
    "turn": ("towers_turn",),
    "placement": ("connect", "edge_to_edge"),
    "end": ("last_card",),
    "scoring": (),
    "action": ("towers_shuffle_goals", "towers_trade_goals", "towers_move_a_card", "towers_zap_a_card",
               "towers_trade_hands"),
}
