"""Computer players. They only ever choose among legal moves."""

from .random_player import RandomPlayer

__all__ = ["RandomPlayer"]
