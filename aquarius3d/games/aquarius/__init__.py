"""Aquarius: the deal, the connection rule, the multi-connection bonus, the action cards, the win."""

from . import actions, blocks, turn  # noqa: F401  (register the blocks, and the one-step placement)

# The blocks this family's rules work with, per category (a category not named takes any block):
# a ruleset of the family naming another is refused when loaded (games.block_problems), rather
# than failing in the middle of a game.
BLOCKS = {
    "turn": ("draw_and_play",),
    "win": ("connect_panels",),
    "end": ("deck_out", "highest_element", "last_card"),
    "action": ("trade_hands", "move_a_card", "zap_a_card", "trade_goals", "rotate_goals", "shuffle_hands",
               "shuffle_goals"),
}
