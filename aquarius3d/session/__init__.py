"""A game at the table, without Panda3D: what the window, the tests and (later) a host drive.

    session = Session.new("aquarius", {}, [Seat("Ann"), Seat("Bo", "computer", "medium")])

play.py holds the Session: seats, turns, the hand-off cover, the choice being made and the moves it
makes; flows/ each family's part of a turn; takeback.py, words.py, refusals.py and suggestion.py what
it takes back, says, refuses and suggests; stages.py the stages it waits in.
"""

from .play import Session
from .seats import Seat
from .stages import Stage

__all__ = ["Seat", "Session", "Stage"]
