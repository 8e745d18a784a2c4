"""State.log is a MoveLog: lines written only when read, read exactly as the list of "seat: move" lines."""

from __future__ import annotations

import copy
import pickle

from aquarius3d.engine.movelog import MoveLog
from aquarius3d.engine.moves import Pass, Place, TradeHands
from aquarius3d.engine.state import State
from aquarius3d.rules.ruleset import load_ruleset
from aquarius3d.commands.simulate import play_game


def test_a_log_reads_as_the_list_of_its_lines():
    log = MoveLog(["0: pass"])
    log.add(1, Place("FWAE", (1, 0), True))
    log.append("2: trade-hands 0")
    log.add(0, TradeHands(2))
    lines = ["0: pass", "1: place FWAE @ 1,0 turned", "2: trade-hands 0", "0: trade-hands 2"]
    assert log == lines and lines == log and list(log) == lines and len(log) == 4
    assert log[1] == lines[1] and log[-1] == lines[-1] and log[1:3] == lines[1:3]
    assert list(reversed(log)) == lines[::-1] and repr(log) == repr(lines)
    assert log.pop() == "0: trade-hands 2" and log.pop(0) == "0: pass" and log == lines[1:3]
    log.add(3, Pass())
    assert log == lines[1:3] + ["3: pass"] and log != lines
    assert pickle.loads(pickle.dumps(log)) == log and copy.deepcopy(log) == log
    other = log.copy()
    other.add(1, Pass())
    assert len(other) == len(log) + 1 and other[-1] == "1: pass"
    log.clear()
    assert log == [] and not log


def test_a_game_logs_the_same_lines_as_written_at_once():
    game = load_ruleset("aquarius")
    state = play_game(game, 3, 4)
    assert isinstance(state.log, MoveLog)
    lines = list(state.log)
    assert all(isinstance(line, str) and line.split(": ", 1)[0].isdigit() for line in lines)
    again = State.from_dict(state.to_dict())
    assert again.log == lines and again.to_dict() == state.to_dict()
    assert game.replay(game.record(state, 4)).log == lines  # each line parses back to its move
