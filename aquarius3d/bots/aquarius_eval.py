"""Medium's judgement in Aquarius (every variant and both decks): one move ahead, from one seat's knowledge.

A position is worth, to a seat whose goal is element G:
    10 per panel of the largest group of G (its goal group), a win if it reaches the target;
    minus, for every other element E that may be somebody's goal (with probability p: the other seats'
    share of the goals the seat does not hold or know the place of), 4 * p * d^2 where d is how far E's
    largest group has come past target - 4, and 5000 * p when E reaches the target (someone wins).
A placement adds 1 per segment of G it leaves facing an empty cell when it joined G's group (open ends),
2 per bonus card drawn, and minus 1.5 * p per open segment of a nearly complete other element (what it
gives the next players). Placements are worked out from the table's groups without copying it.

Action cards cost 4 to play (the value of keeping one for when it matters) and are scored on a state
determinized from the observation: Zap a Card and Move a Card by the table they leave (Move a Card only
for cards in a nearly complete group and targets beside the goal element, at most 240 of them; the replies
`hard` imagines for the other seats are scored the same way, faster, by bots/aquarius_fast.py); Trade
Goals, Rotate Goals and Shuffle Goals by the goal they are expected to bring (a goal whose place the seat
knows counts as that element, an unknown one as the mean of the elements it could be, and the goal given
away becomes a sure threat); Trade Hands when the seat's own hand cannot grow its group and the other
hand is bigger; Shuffle Hands hardly ever.

The `hard` player asks the same judgement with its reading of the others' goals (`odds`, bots/infer.py), and two
things change then. Its answers to a rival about to win (Zap a Card, Move a Card, Trade Goals, Rotate Goals) cost
KEEP_ANSWER to play instead of KEEP_ACTION while no element that is likely another seat's goal has a group one
panel short of the target: a player one panel from winning completes on its next turn four times in five, and
in games lost to medium players hard almost never still held an answer then. And Rotate Goals is judged by the
one place its new goal comes from (the seat before it in the direction of play, or the unused pile), not by the
mean of every goal it could be.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..core.cards import DIRECTIONS, FACING, MY_SIDE, SEG_BITS, face
from ..engine.hidden import HIDDEN
from ..engine.moves import (
    Move, MoveCard, Pass, Place, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals, TradeHands, Zap,
)
from ..core.vocabulary import BIT, LETTER_OF
from .kit import Scored

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State

WIN = 1_000_000.0
KEEP_ACTION = 4.0  # what an action card in hand is worth: play it only when it gains more
# The `hard` player (which reads the others' goals: `odds`) keeps its answers to a rival about to win (Zap a Card,
# Move a Card, Trade Goals, Rotate Goals) at this worth while no likely rival goal is one panel from the target:
# measured against three medium players (README), it won more than when it spent them as medium does.
KEEP_ANSWER = 15.0
ANSWERS = (Zap, MoveCard, TradeGoals, RotateGoals)
ANSWER_CODES = ("zap_a_card", "move_a_card", "trade_goals", "rotate_goals")  # the same, as action card codes
DANGER = 0.3  # the chance that an element is another seat's goal from which its group one short of the target counts
MOVE_CARD_LIMIT = 240
_LOW = sum(1 << (SEG_BITS * i) for i in range(8))  # the lowest bit of each packed segment
BITS = tuple(1 << i for i in range(5))
Odds = dict[int, dict[int, float]]  # hard's reading of the others' goals: seat -> element bit -> chance
Joined = dict[tuple[int, int], dict[int, int]]  # (panel of a new card, element bit) -> {group root: size} it joins


class Judge:
    """What one seat knows that matters to its judgement, worked out once per decision."""

    def __init__(self, game: Game, observation: Observation, odds: Odds | None = None) -> None:
        view = observation.view
        self.odds = odds  # hard's reading of the others' goals: seat -> element bit -> chance (None: even odds)
        self.game = game
        self.seat = observation.seat
        self.view = view
        self.table = view.table
        self.target = game.target_of(view, self.seat)
        self.others_target = game.target
        goal = view.goals[self.seat]
        assert goal is not None, "judged from a seat with a goal"
        cards = game.deck.cards
        self.mine = BIT[LETTER_OF[cards[goal].code]]
        self.goal_bits = sorted({BIT[LETTER_OF[cards[g].code]] for g in game.goal_ids()})
        # Goals whose place the seat knows (it traded one away, or saw one): seat -> element bit.
        self.known_goals: dict[int, int] = {}
        for card, (kind, holder) in observation.known.items():
            if kind == "goal" and cards[card].kind == "goal" and holder != self.seat:
                self.known_goals[holder] = BIT[LETTER_OF[cards[card].code]]
        self.base = {bit: self.table.largest_group(bit) for bit in BITS}
        self.threat = self.threats(self.mine)
        self._danger: bool | None = None

    def keep(self, move: Move) -> float:
        """What playing this action card gives up: KEEP_ACTION; for the `hard` player (goals read, `odds`), an
        answer (ANSWERS) is worth KEEP_ANSWER kept while no rival is near winning (`danger`)."""
        if self.odds is None or not isinstance(move, ANSWERS) or self.danger():
            return KEEP_ACTION
        return KEEP_ANSWER

    def danger(self) -> bool:
        """Whether an element that is another seat's goal with a chance of at least DANGER has a group one panel
        short of the target."""
        if self._danger is None:
            self._danger = any(chance >= DANGER and self.base[bit] >= self.others_target - 1
                               for bit, chance in self.threat.items())
        return self._danger

    # -- the worth of a position ------------------------------------------------------------------

    def threats(self, mine: int, given: int | None = None) -> dict[int, float]:
        """Per other element, the chance that it is another player's goal (`given`: a goal we hand over)."""
        if self.odds is not None:
            found = {}
            for bit in BITS:
                if bit == mine:
                    continue
                free = 1.0
                for chances in self.odds.values():
                    free *= 1.0 - chances.get(bit, 0.0)
                found[bit] = 1.0 if bit == given else 1.0 - free
            return found
        opponents = len(self.view.players) - 1
        sure = set(self.known_goals.values())
        if given is not None:
            sure.add(given)
        unknown = [b for b in self.goal_bits if b != mine and b not in sure]
        left = max(0, opponents - len([b for b in sure if b != mine]))
        share = min(1.0, left / len(unknown)) if unknown else 0.0
        return {bit: (1.0 if bit in sure else share if bit in unknown else 0.0) for bit in BITS if bit != mine}

    def value(self, sizes: dict[int, int], mine: int | None = None, threat: dict[int, float] | None = None) -> float:
        mine = self.mine if mine is None else mine
        threat = self.threat if threat is None else threat
        own = sizes[mine]
        if own >= self.target:
            return WIN + own
        worth = 10.0 * own
        near = self.others_target - 4
        for bit, chance in threat.items():
            if not chance:
                continue
            size = sizes[bit]
            if size >= self.others_target:
                worth -= 5000.0 * chance
            elif size > near:
                worth -= 4.0 * chance * (size - near) ** 2
        return worth

    # -- placements, from the groups a card would join ---------------------------------------------

    def placement(self, move: Place) -> float:
        lies = face(move.lies_as)
        table = self.table
        sizes = dict(self.base)
        joined: Joined = {}
        open_segments = {bit: 0 for bit in BITS}
        x, y = move.cell
        for d in DIRECTIONS:
            n = (x + d[0], y + d[1])
            other = table.faces.get(n)
            for s, t in zip(MY_SIDE[d], FACING[d]):
                segment = lies.segments[s]
                if other is None:
                    for bit in BITS:
                        if segment & bit:
                            open_segments[bit] += 1
                    continue
                shared = segment & other.segments[t]
                for bit in BITS:
                    if shared & bit:
                        root, size = table.group_root(n, other.segment_panel[t], bit)
                        joined.setdefault((lies.segment_panel[s], bit), {})[root] = size
        grown = {}
        for bit in BITS:
            panels = [p for p, mask in enumerate(lies.panels) if mask & bit]
            if not panels:
                continue
            grown[bit] = grown_size(panels, bit, joined)
            sizes[bit] = max(sizes[bit], grown[bit])
        worth = self.value(sizes)
        if worth >= WIN:
            return worth
        if grown.get(self.mine, 0) > 1:
            worth += 1.0 * open_segments[self.mine]
        near = self.others_target - 3
        for bit, chance in self.threat.items():
            if chance and grown.get(bit, 0) >= near:
                worth -= 1.5 * chance * open_segments[bit]
        if self.view.deck:
            connected = table.connects(move.cell, lies) if table.cards else 0
            worth += 2.0 * min(len(self.view.deck), self.game.bonus.extra_draws(lies, connected))
        return worth


def grown_size(panels: Sequence[int], bit: int, joined: Joined) -> int:
    """The largest group of one element a new card's `panels` of it make: each panel with the groups it joins
    (`joined[panel, bit]`: root -> size), panels that join a common group counted as one part."""
    parts: list[tuple[int, dict[int, int]]] = []  # (panels of the new card, groups joined)
    for panel in panels:
        roots = dict(joined.get((panel, bit), {}))
        count = 1
        for other_count, other_roots in [p for p in parts if p[1].keys() & roots.keys()]:
            parts.remove((other_count, other_roots))
            count += other_count
            roots.update(other_roots)
        parts.append((count, roots))
    return max(count + sum(roots.values()) for count, roots in parts)


def score_moves(game: Game, observation: Observation, moves: list[Move], rng: random.Random,
                move_card_limit: int = MOVE_CARD_LIMIT, odds: Odds | None = None) -> Scored | None:
    """[(score, move)] for each legal move; None (a random move) when the seat has no goal (Elemental Connections).

    `odds`: seat -> element bit -> the chance it is that seat's goal, when the caller has read the others'
    goals (the `hard` player, bots/infer.py); medium gives even odds to every goal it cannot place."""
    view = observation.view
    goal = view.goals[observation.seat]
    if goal is None or goal == HIDDEN:
        return None
    judge = Judge(game, observation, odds)
    return scored_by(judge, moves, lambda actions, base, best_place: _actions(
        game, observation, judge, actions, base, best_place, rng, move_card_limit))


def scored_by(judge: Judge, moves: list[Move],
              score_actions: Callable[[list[Move], float, float | None], Scored]) -> Scored:
    """[(score, move)]: placements by `judge`, a pass just under standing still, and the action cards by
    `score_actions(actions, base, best placement's score)` (after the placements: they are weighed against them)."""
    base = judge.value(judge.base)
    scored: Scored = []
    actions: list[Move] = []
    best_place: float | None = None
    for move in moves:
        if isinstance(move, Place):
            score = judge.placement(move)
            best_place = score if best_place is None else max(best_place, score)
            scored.append((score, move))
        elif isinstance(move, Pass):
            scored.append((base - 1.0, move))
        else:
            actions.append(move)
    if actions:
        scored.extend(score_actions(actions, base, best_place))
    return scored


def _actions(game: Game, observation: Observation, judge: Judge, moves: list[Move], base: float,
             best_place: float | None, rng: random.Random, limit: int) -> Scored:
    view = observation.view
    seat = observation.seat
    guess = game.determinize(observation, rng)  # one whole state consistent with what the seat saw
    found: Scored = []
    for move in _worth_trying(judge, moves, limit):
        if isinstance(move, (Zap, MoveCard)):
            state = guess.copy()
            game.apply(state, move)
            worth = judge.value({bit: state.table.largest_group(bit) for bit in BITS})
            if isinstance(move, Zap):
                worth += 1.0  # a card more in hand
        else:
            worth = off_table_worth(judge, view, seat, move, base, best_place)
        found.append((worth if worth >= WIN else worth - judge.keep(move), move))
    return found


def off_table_worth(judge: Judge, view: State, seat: int, move: Move, base: float, best_place: float | None) -> float:
    """The worth of an action card that leaves the table as it is (goals and hands change), before the worth of
    keeping it is taken off; `best_place`: the best placement's score, None when the hand has none."""
    if isinstance(move, TradeGoals):
        known = judge.known_goals.get(move.seat) if move.seat is not None else None
        given = judge.mine if move.seat is not None else None
        if judge.odds is not None and move.seat in judge.odds and not known:
            return _goal_worth(judge, None, given, judge.odds[move.seat])
        return _goal_worth(judge, [known] if known else None, given)
    if isinstance(move, RotateGoals):
        if judge.odds is not None:
            return _rotated_worth(judge, judge.odds, view, seat, move)
        return _goal_worth(judge, None, judge.mine) - 2.0
    if isinstance(move, ShuffleGoals):
        in_play = sum(1 for g in view.goals if g is not None)
        return (base + (in_play - 1) * _goal_worth(judge, None, judge.mine)) / max(1, in_play)
    if isinstance(move, TradeHands):
        theirs = len(view.hands[move.seat])
        mine = len(view.hands[seat]) - 1
        poor = best_place is None or best_place <= base
        return base + (theirs - mine) + (6.0 if poor else 0.0)
    if isinstance(move, ShuffleHands):
        return base - 2.0
    return base - 5.0  # an action this evaluation does not know: hardly ever


def _worth_trying(judge: Judge, moves: list[Move], limit: int) -> list[Move]:
    """The actions to score: every one but Move a Card, which is tried only where it may matter."""
    others = [m for m in moves if not isinstance(m, MoveCard)]
    shifts = [m for m in moves if isinstance(m, MoveCard)]
    if not shifts:
        return others
    table = judge.table
    near = judge.others_target - 3
    hot = set()
    for cell, lies in table.faces.items():
        for panel, mask in enumerate(lies.panels):
            for bit in BITS:
                if mask & bit and (bit == judge.mine or judge.threat.get(bit)):
                    if table.group_root(cell, panel, bit)[1] >= (near if bit != judge.mine else 2):
                        hot.add(cell)
    spread = judge.mine * _LOW
    beside_mine = {cell for cell, need in table.need.items() if need & spread}
    chosen = [m for m in shifts if m.source in hot or m.target in beside_mine] or shifts
    if len(chosen) > limit:
        step = len(chosen) / limit
        chosen = [chosen[int(i * step)] for i in range(limit)]
    return others + chosen


def _goal_worth(judge: Judge, elements: list[int] | None, given: int | None,
                weights: dict[int, float] | None = None) -> float:
    """The expected worth of the table with a new goal: one of `elements`, or any the seat cannot place
    (`weights`: element bit -> chance, instead)."""
    if weights:
        total = sum(weights.values())
        return sum(chance * judge.value(judge.base, bit, judge.threats(bit, given))
                   for bit, chance in weights.items()) / total
    if elements is None:
        placed = set(judge.known_goals.values())
        elements = [b for b in judge.goal_bits if b != judge.mine and b not in placed] or [judge.mine]
    total = 0.0
    for bit in elements:
        total += judge.value(judge.base, bit, judge.threats(bit, given))
    return total / len(elements)


def _rotated_worth(judge: Judge, odds: Odds, view: State, seat: int, move: RotateGoals) -> float:
    """Rotate Goals as the `hard` player judges it: the goal comes from one known place in the ring (the
    seat before it in the direction of the rotation, or the unused pile), read by the odds of that place."""
    seats = len(view.goals)
    ring = seats + (1 if view.unused_goals else 0)
    source = (seat - 1) % ring if move.direction == "left" else (seat + 1) % ring
    if source < seats:
        known = judge.known_goals.get(source)
        if known:
            return _goal_worth(judge, [known], judge.mine)
        if source in odds and odds[source]:
            return _goal_worth(judge, None, judge.mine, odds[source])
        return _goal_worth(judge, None, judge.mine)
    # the unused pile: what no seat is thought to hold
    weights: dict[int, float] = {}
    for bit in judge.goal_bits:
        if bit == judge.mine or bit in judge.known_goals.values():
            continue
        held = sum(chances.get(bit, 0.0) for chances in odds.values())
        weights[bit] = max(0.0, 1.0 - held)
    if sum(weights.values()) <= 1e-9:
        return _goal_worth(judge, None, judge.mine)
    return _goal_worth(judge, None, judge.mine, weights)
