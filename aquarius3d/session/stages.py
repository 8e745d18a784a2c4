"""The stages of a turn at the table: what the session waits for next (the window draws each one).

A StrEnum, so a stage reads and compares as its name ("place"), in saves of
settings, tests and logs alike.
"""

from enum import StrEnum


class Stage(StrEnum):
    COVER = "cover"  # between human turns: every secret hidden until the next player confirms
    CHOOSE = "choose"  # pick a hand card, or pass when stuck
    PLACE = "place"  # an element card is chosen: ghosts show where it goes
    PLAYER = "player"  # an action needs a player (Trade Hands, Trade Goals, Rising's Zap a Card)
    TABLE_CARD = "table_card"  # an action needs a table card (Move a Card, Zap a Card)
    TARGET = "target"  # Move a Card: where the card goes
    DIRECTION = "direction"  # Rotate Goals: left or right
    CONFIRM = "confirm"  # an action with nothing to choose (Shuffle Hands, Shuffle Goals, Rising's Move a Card)
    PYRAMID = "pyramid"  # Aquarius Rising: choose a pyramid from the supply, then a glowing quarter
    COMPUTER = "computer"  # a computer seat is to move
    REMOTE = "remote"  # a player at another computer is to move: their move comes through the host (net/host.py)
    ROUND_OVER = "round_over"  # a round has ended and another follows (Dominus)
    OVER = "over"  # the game has ended
    DRAFT = "draft"  # Elemental Towers' draft: keep two of three cards
    EARNED = "earned"  # Elemental Towers: resolve the actions the card's matches earned
    ROW = "row"  # Elemental Towers' Trade Goals: swap two places of the scoring row
    TRADE_PIECE = "trade_piece"  # Elemental Towers' Trade Hands: a lone pyramid for another size
