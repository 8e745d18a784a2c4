"""Aquarius Rising at the table: the pyramid step (a pyramid from the supply, then a glowing quarter),
cards on houses, and the winner explained step by step."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.vocabulary import ELEMENTS, pyramid_order
from ...engine.moves import Move, Pass, PlacePyramid
from ...games.rising.blocks import HighestElementBlock
from ...games.rising.houses import deciding_step, ranking
from ...games.rising.narration import explain_heights
from ...games.rising.pyramid_moves import can_stand_pyramid
from ...games.rising.state import RisingData
from ...i18n import pyramid_name, tr
from .. import words
from ..choice import Choice, Outcome, Refusal, Spot
from ..stages import Stage
from .base import Flow

if TYPE_CHECKING:
    from ...core.cards import Face
    from ...engine.game import ApplyResult
    from ..play import Session


class RisingFlow(Flow):
    own_undo = False  # the shared take-back (takeback.py)
    pyramids = True

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        # Said once (found playing whole games): the seats already told, since they last stood a pyramid, that no
        # quarter takes theirs, and since they last played, that their turn passes by itself; whether the reason
        # (colour, size and the cards beside) was given yet this game. Later turns say it shortly, in the log only.
        self.told_no_pyramid: set[int] = set()
        self.told_out: set[int] = set()
        self.explained = False
        self._passing: tuple[int, str] | None = None  # (seat, notice): a pass the session makes for a seat now
        self._said: tuple[str, bool] | None = None  # the last move's line of no pyramid, and whether it is news
        self._due = 0  # the pyramids the player still had to stand before the move played now (Move a Card: two)

    def seat_line(self, seat: int, cards: int) -> str:
        return words.rising_seat_line(self.session, seat, cards)

    def begin(self) -> Choice | None:
        """After the card, the same player stands a pyramid: the only kind in the supply is chosen for them."""
        if self.session.state.phase != "pyramid":
            return None
        supply = self.supply()
        return Choice(Stage.PYRAMID, pyramid=supply[0][0] if len(supply) == 1 else None)

    def supply(self, seat: int | None = None) -> list[tuple[str, int]]:
        """(pyramid, how many) in a seat's supply (the player to play by default): public."""
        session = self.session
        data = session.state.data
        if not isinstance(data, RisingData):
            return []
        counts = Counter(data.supply[session.seat if seat is None else seat])
        return sorted(counts.items(), key=lambda item: pyramid_order(item[0]))

    def placeable(self) -> set[str]:
        """The pyramids of the player's supply that have a quarter to stand on now."""
        session = self.session
        if session.state.phase != "pyramid":
            return set()
        return {m.pyramid for m in session.game.legal_moves(session.state) if isinstance(m, PlacePyramid)}

    def stuck(self) -> set[str]:
        """The pyramids of the player's supply that no quarter can take now (greyed on the tray)."""
        if self.session.stage != Stage.PYRAMID:
            return set()
        return {code for code, _ in self.supply()} - self.placeable()

    def why_stuck(self, pyramid: str) -> str | None:
        """Why a pyramid of the supply cannot be picked now, in words (None when it can): the refusal's reason,
        said as well when the pointer rests on it."""
        if pyramid in self.placeable():
            return None
        return tr("refuse_pyramid_nowhere", pyramid=pyramid_name(pyramid))

    def pick_pyramid(self, choice: Choice, pyramid: str) -> Outcome | None:
        if choice.stage != Stage.PYRAMID or not any(p == pyramid for p, _ in self.supply()):
            return choice  # (not a pyramid of this supply now: nothing changes)
        why = self.why_stuck(pyramid)
        if why is not None:  # no dead end: a pyramid with nowhere to go is not picked
            return Refusal(why)
        return choice.but(pyramid=pyramid)

    def cancel(self, choice: Choice) -> Choice | None:
        """Esc puts a picked pyramid back on the tray (when there was a choice of pyramids)."""
        if choice.stage == Stage.PYRAMID and choice.pyramid is not None and len(self.supply()) > 1:
            return choice.but(pyramid=None)
        return None

    def spots(self, choice: Choice) -> dict[Move, Spot] | None:
        """Where the chosen pyramid may stand: a quarter of a card, on the table or on a house."""
        if choice.stage != Stage.PYRAMID:
            return None
        if choice.pyramid is None:
            return {}
        session = self.session
        return {m: Spot(m.cell, m.level, quarter=m.quarter, pieces=(m.pyramid,))
                for m in session.game.legal_moves(session.state)
                if isinstance(m, PlacePyramid) and m.pyramid == choice.pyramid}

    def _pyramid_hint(self, choice: Choice) -> str | None:
        if choice.stage != Stage.PYRAMID:
            return None
        data = self.session.state.data
        left = data.to_play if isinstance(data, RisingData) else 1
        if choice.pyramid is None:
            return tr("hud_pyramid", count=left)
        session = self.session  # (the spots of the choice under way are the session's, worked out once a position)
        spots = session.spots() if choice == session.choice else self.spots(choice) or {}
        one = len(spots) == 1  # (its one quarter: the table shows it lit, view/family.hover)
        return tr("hud_pyramid_place_one" if one else "hud_pyramid_place", pyramid=pyramid_name(choice.pyramid))

    def hint(self, choice: Choice) -> str | None:
        session = self.session
        if choice.stage == Stage.CHOOSE and not session.observation()["hand"] and session.can_pass():
            return tr("hud_pass_empty_hand")  # (not "nothing in your hand can be played": there is no hand)
        return self._pyramid_hint(choice)

    def out_of_play(self) -> str | None:
        """The person to move can do none of the turn's three actions: no card to draw or none that changes
        anything (the draw came at the turn's start), no card in hand that may be played, no quarter that takes any
        pyramid of theirs. "Each action is mandatory, unless game circumstances forbid it": the turn passes, and the
        session passes it for them rather than make them press Pass turn after turn; the game ends once nobody can
        play (rulesets/aquarius-rising.yaml, end). Said in full the first time, shortly while it lasts."""
        session = self.session
        state = session.state
        if state.over or state.phase != "play" or session.game.can_play(state) or can_stand_pyramid(state):
            return None
        seat = state.turn
        name = session.seats[seat].name
        if seat in self.told_out:
            line = tr("log_out_again", name=name)
            self._passing = (seat, "")
            return line
        self.told_out.add(seat)
        self.told_no_pyramid.add(seat)  # (this line says it of the pyramids too)
        cards = tr("out_no_card" if not state.hands[seat] else "out_no_fit")
        pyramids = tr("out_no_pyramid_left" if not self.supply(seat) else "out_no_quarter")
        line = tr("log_out_of_play", name=name, cards=cards, pyramids=pyramids)
        self._passing = (seat, line)
        return line

    def before_move(self) -> None:
        state = self.session.state
        data = state.data
        self._due = data.to_play if isinstance(data, RisingData) and state.phase == "pyramid" else 0

    def after_move(self, result: ApplyResult, turn_before: int) -> list[str]:
        """A turn that ends without its pyramid step, the player still holding pyramids: no quarter could take
        any of them ("each action is mandatory, unless game circumstances forbid it"). Said in the log, and to the
        player at once (notice), in full the first time only (found playing whole games: the same long notice came
        turn after turn, twice in one hand-off cover)."""
        passing = self._passing
        if passing is not None and passing[0] == result.seat and isinstance(result.move, Pass):
            return []  # the session's pass for a seat that could do nothing: out_of_play's line says it all
        if isinstance(result.move, PlacePyramid):
            self.told_no_pyramid.discard(result.seat)
        if not isinstance(result.move, Pass):
            self.told_out.discard(result.seat)
        self._said = self._no_pyramid(result, turn_before)
        return [self._said[0]] if self._said else []

    def notice(self, result: ApplyResult, turn_before: int) -> str:
        passing, self._passing = self._passing, None
        said, self._said = self._said, None
        if passing is not None and passing[0] == result.seat and isinstance(result.move, Pass):
            return passing[1]
        return said[0] if said is not None and said[1] else ""

    def _no_pyramid(self, result: ApplyResult, turn_before: int) -> tuple[str, bool] | None:
        """The line for a turn that ended without its pyramid step, or with one pyramid of Move a Card's two, and
        whether it is news (not told before)."""
        session = self.session
        state = session.state
        names = [seat.name for seat in session.seats]
        if isinstance(result.move, PlacePyramid) and self._due >= 2 and not result.over \
                and state.turn_number != turn_before:  # (Move a Card's second pyramid had nowhere to go: a playtester
            # saw the turn pass after the first, the card's promise broken without a word)
            key = "log_second_pyramid_nowhere" if self.supply(result.seat) else "log_second_pyramid_none_left"
            return tr(key, name=names[result.seat]), True
        if isinstance(result.move, PlacePyramid) or result.over or state.phase == "pyramid" \
                or state.turn_number == turn_before or not self.supply(result.seat):
            return None
        if result.seat in self.told_no_pyramid:
            return tr("log_no_pyramid_again", name=names[result.seat]), False
        self.told_no_pyramid.add(result.seat)
        if self.explained:
            return tr("log_no_pyramid_short", name=names[result.seat]), True
        self.explained = True
        return tr("log_no_pyramid", name=names[result.seat], next=names[state.turn]), True

    def spots_above(self, lies: Face) -> list[tuple[tuple[int, int], int]]:
        session = self.session
        spots = session.game.placement.vertical_spots
        assert spots is not None  # (every Aquarius Rising placement block has storeys)
        return spots(session.game, session.state, lies)

    def height_ranking(self) -> list[tuple[str, float | None, int | None]]:
        """Every goal element as it stands now: (element, its highest point in mm, its rank), best first, by the
        rules' own heights and tie-break chain (games/rising/houses.py, as the winner is found); an element with no
        panel on the table has neither and comes last. Equal on the whole chain, elements share a rank."""
        state = self.session.state
        end = self.session.game.end
        keys = end.keys(state) if isinstance(end, HighestElementBlock) else {}
        found: list[tuple[str, float | None, int | None]] = []
        for group in ranking(keys):
            rank = len(found) + 1
            found += [(element, keys[element][0], rank) for element in group]
        return found + [(element, None, None) for element in ELEMENTS if element not in keys]

    def height_places(self) -> dict[str, str]:
        """Each ranked element's place as the K panel and a house's label both write it: "2", or "2=" for elements
        that share it (equal on the whole tie-break chain, so that the rules cannot order them)."""
        rows = [(element, rank) for element, _, rank in self.height_ranking() if rank is not None]
        ranks = [rank for _, rank in rows]
        return {element: f"{rank}=" if ranks.count(rank) > 1 else str(rank) for element, rank in rows}

    def height_ties(self) -> list[tuple[int, int, list[str], tuple[int, ...]]]:
        """Elements whose highest points are equal, as the rules order them among themselves (the rest of the
        tie-break chain): each such group's first and last rank, its elements best first, and the steps of the
        chain that order them, each once, in the order they come between one element and the next
        (houses.deciding_step: 1 or 3 pips, 2 the next highest point, 4 the largest group); then, after a group the
        chain orders, each of its sets of elements still equal on the whole chain, which share their rank, with no
        step (a group equal on all of it is one such entry)."""
        state = self.session.state
        end = self.session.game.end
        keys = end.keys(state) if isinstance(end, HighestElementBlock) else {}
        rows = [(element, rank) for element, _, rank in self.height_ranking() if rank is not None]
        ties: list[tuple[int, int, list[str], tuple[int, ...]]] = []
        for height in dict.fromkeys(keys[element][0] for element, _ in rows):
            group = [(element, rank) for element, rank in rows if keys[element][0] == height]
            if len(group) < 2:
                continue
            names = [element for element, _ in group]
            between = (deciding_step(keys, [a, b]) for a, b in zip(names, names[1:]))
            steps = tuple(dict.fromkeys(step for step in between if step is not None))
            ties.append((group[0][1], group[-1][1], names, steps))
            if not steps:
                continue
            for rank in dict.fromkeys(rank for _, rank in group):
                same = [element for element, r in group if r == rank]
                if len(same) > 1:
                    ties.append((rank, rank, same, ()))
        return ties

    def explain_heights(self) -> list[str]:
        """The winner in words, one step of the tie-break chain at a time."""
        return explain_heights(self.session.game, self.session.state)

    def reason_lines(self) -> list[str] | None:
        return self.explain_heights() if self.session.state.end_reason == "highest element" else None


FLOW = RisingFlow
