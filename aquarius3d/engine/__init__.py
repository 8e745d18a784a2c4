"""The rules engine: pure Python, never imports Panda3D."""

from ..core.errors import IllegalMove, MoveSyntaxError
from .moves import Move, parse_move
from .state import State
from .game import Game, ApplyResult

__all__ = ["ApplyResult", "Game", "IllegalMove", "Move", "MoveSyntaxError", "State", "parse_move"]
