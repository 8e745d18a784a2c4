"""What one seat may know, and full states consistent with it: the ground a fair computer player stands on.

    seen = observe(game, state, seat)         # the seat's view: hidden cards are holes
    guess = determinize(game, seen, rng)      # a whole State: the holes filled at random, consistently

An observation is a copy of the state in which every card the seat cannot see
is a hole (HIDDEN): the other hands, the other goals, the unused goals (face
down in Aquarius), the deck, and a family's hidden piles. What the seat has
seen stays: its own hand and goal, the table, the discard, public counts, and
what it learnt along the way (`State.known`: the hand it gave away in Trade
Hands, the goal it traded, a card zapped into another hand). `determinize`
fills the holes with the cards nobody shows, honouring that knowledge, so a
search can play on from a state that could be the real one without ever
reading it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.values import Value
from .movelog import MoveLog
from .state import State

if TYPE_CHECKING:
    from .game import Game

HIDDEN = -1  # a card the seat cannot see
Place = tuple[str, int]  # ("hand", seat), ("goal", seat) or ("unused", i): i from the top of the unused goals


class Observation(Value, frozen=True):
    """One seat's view of a state: `view` is the state with what the seat cannot see replaced by HIDDEN."""

    seat: int
    view: State

    def __init__(self, seat: int, view: State) -> None:  # written out: a computer player asks for one every move
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "view", view)

    @property
    def known(self) -> dict[int, Place]:
        """Where this seat knows hidden cards lie (cards it saw go into another hand or goal)."""
        return self.view.known[self.seat] if self.seat < len(self.view.known) else {}


# -- knowledge: kept up to date by the actions that show a seat something -------------------------


def _known(state: State) -> list[dict[int, Place]]:
    while len(state.known) < len(state.players):
        state.known.append({})
    return state.known


def learn(state: State, seat: int, cards: list[int], place: Place) -> None:
    """`seat` now knows these cards lie at `place`."""
    known = _known(state)[seat]
    for card in cards:
        known[card] = place


def everyone_learns(state: State, cards: list[int], place: Place) -> None:
    for seat in range(len(state.players)):
        learn(state, seat, cards, place)


def swap_places(state: State, a: Place, b: Place) -> None:
    """What anyone knew to be at `a` is now at `b`, and the other way round (a public swap)."""
    for known in _known(state):
        for card, place in known.items():
            if place == a:
                known[card] = b
            elif place == b:
                known[card] = a


def move_places(state: State, moves: dict[Place, Place]) -> None:
    """Public moves of whole places (Rotate Goals): knowledge follows the cards."""
    for known in _known(state):
        for card, place in known.items():
            if place in moves:
                known[card] = moves[place]


def pile_moves(size: int, top_to: Place) -> dict[Place, Place]:
    """The unused goals' places when the top one leaves for `top_to`: the others move up one. A known
    place in that pile is ("unused", i), i counted from the top (the goal taken next)."""
    moves: dict[Place, Place] = {("unused", i): ("unused", i - 1) for i in range(1, size)}
    if size:
        moves["unused", 0] = top_to
    return moves


def forget(state: State, kind: str) -> None:
    """Nobody knows any more where the cards of that kind of place lie (they were gathered and shuffled)."""
    for known in _known(state):
        for card in [c for c, place in known.items() if place[0] == kind]:
            del known[card]


# -- observing -----------------------------------------------------------------------------------


def unused_goals_public(game: Game) -> bool:
    """Whether the setup lays the unused goals face up (Elemental Towers' scoring row); else they lie face down."""
    return bool(game.setup.unused_goals_public)


def observe(game: Game, state: State, seat: int) -> Observation:
    """The seat's view of the state (see the module docstring); the state itself is not touched.

    Built directly rather than as a copy then hidden: a computer player asks for one every move. The table
    is a copy that shares the state's dicts until either changes (Table.copy).
    """
    view = State.__new__(State)
    fields = view.__dict__
    fields.update(state.__dict__)  # the numbers and strings; every container is replaced below
    over = state.over
    fields["players"] = list(state.players)
    fields["hands"] = [list(hand) if other == seat else [HIDDEN] * len(hand) for other, hand in enumerate(state.hands)]
    fields["goals"] = list(state.goals) if over else [
        g if s == seat or g is None else HIDDEN for s, g in enumerate(state.goals)]
    fields["unused_goals"] = (list(state.unused_goals) if over or unused_goals_public(game)
                              else [HIDDEN] * len(state.unused_goals))
    fields["deck"] = [HIDDEN] * len(state.deck)
    fields["discard"] = list(state.discard)
    fields["table"] = state.table.copy()
    fields["winners"] = list(state.winners)
    fields["log"] = state.log.copy() if state.log.__class__ is MoveLog else MoveLog(state.log)
    if state.targets is not None:
        fields["targets"] = list(state.targets)
    fields["preset"] = None  # the setup's facts chosen before the deal (Elemental Towers' same_deck: a deck's cards)
    fields["goals_turned_in"] = [list(g) if s == seat else [HIDDEN] * len(g)
                                 for s, g in enumerate(state.goals_turned_in)]
    fields["known"] = [dict(k) if s == seat else {} for s, k in enumerate(state.known)]
    fields["rng"] = 0  # the random source's state would tell the future
    if state.data is not None:
        data = fields["data"] = state.data.observed()
        for _, pile in data.hidden():
            pile[:] = [HIDDEN] * len(pile)
    return Observation(seat, view)


# -- determinizing -------------------------------------------------------------------------------


def determinize(game: Game, seen: Observation, rng: random.Random) -> State:
    """A whole state consistent with what the seat saw: its holes filled with the unseen cards, at random.

    Cards the seat knows the place of go there first (when that place still has a hole for them);
    the rest are dealt at random, goal cards into goal places and the others into hands and piles.
    """
    state = seen.view.copy()
    seat = seen.seat
    goal_ids = set(game.goal_ids())
    visible = _visible_cards(state)
    unseen_goals = [c for c in sorted(goal_ids) if c not in visible]
    unseen_play = [c for c in sorted(set(game.play_ids())) if c not in visible]
    holes, goal_slots = _holes(state)
    # Which goals the others turned in is not known, how many is: the guess keeps the count (goal cards in
    # deck order stand for them; the record is not a place, no card moves).
    stand_ins = sorted(goal_ids)
    state.goals_turned_in = [g if s == seat else [stand_ins[i % len(stand_ins)] for i in range(len(g))]
                             for s, g in enumerate(state.goals_turned_in)]
    # Known places first.
    for card, (kind, holder) in sorted(seen.known.items()):
        if card in visible:
            continue  # played since: the table or the discard shows it
        if kind == "unused" and holder >= 0:  # a known place in the unused pile, counted from its top
            pile = holes.get(("unused", -1))
            if pile is None or holder >= len(pile) or pile[holder] != HIDDEN:
                continue
            pile[holder] = card
            unseen_goals.remove(card)
            visible.add(card)
            continue
        target = holes.get((kind, holder))
        if target and HIDDEN in target:
            target[target.index(HIDDEN)] = card
            (unseen_goals if card in goal_ids else unseen_play).remove(card)
            visible.add(card)
    rng.shuffle(unseen_goals)
    rng.shuffle(unseen_play)
    for (kind, _), pile in sorted(holes.items(), key=lambda item: (item[0][0], item[0][1])):
        source = unseen_goals if kind in ("goal", "unused", "goals_aside") else unseen_play
        for i, card in enumerate(pile):
            if card == HIDDEN:
                pile[i] = source.pop()
    for other, (goal,) in goal_slots.items():
        state.goals[other] = goal
    state.rng = rng.getrandbits(64)  # a future of its own: the real one is not known
    return state


def _visible_cards(state: State) -> set[int]:
    """Every card id the view shows (holes aside)."""
    found = {c for hand in state.hands for c in hand}
    found |= {g for g in state.goals if g is not None}
    found |= set(state.unused_goals) | set(state.deck) | set(state.discard) | set(state.table.cards.values())
    if state.data is not None:
        found |= set(state.data.cards())
    found.discard(HIDDEN)
    return found


def _holes(state: State) -> tuple[dict[tuple[str, int], list[int]], dict[int, list[int]]]:
    """Every list that may hold holes, by place; goals get one-card lists, written back by the caller."""
    holes: dict[tuple[str, int], list[int]] = {}
    for other, hand in enumerate(state.hands):
        if HIDDEN in hand:
            holes["hand", other] = hand
    goal_slots = {other: [HIDDEN] for other, goal in enumerate(state.goals) if goal == HIDDEN}
    for other, slot in goal_slots.items():
        holes["goal", other] = slot
    if HIDDEN in state.unused_goals:
        holes["unused", -1] = state.unused_goals
    if HIDDEN in state.deck:
        holes["deck", -1] = state.deck
    if state.data is not None:
        for i, (kind, pile) in enumerate(state.data.hidden()):
            if HIDDEN in pile:
                holes["goals_aside" if kind == "goal" else f"pile{i}", -1] = pile
    return holes, goal_slots


def observation(game: Game, state: State, seat: int) -> dict[str, Any]:
    """What one player may see: their own hand and goal, and public facts only."""
    cards = game.deck.cards
    reveal = state.over
    turned_in = state.goals_turned_in
    return {
        "ruleset": game.id,
        "seat": seat,
        "players": list(state.players),
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "hand": [{"kind": cards[c].kind, "code": cards[c].code} for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        # (a hole in a view: a player across computers who has not looked yet in Aqua-Chicken, net/wire.py)
        "goal": None if (goal := state.goals[seat]) is None or goal == HIDDEN else cards[goal].code,
        # The goals this seat turned in to Shuffle Goals, oldest first: seen as they went (Aqua-Chicken too).
        "goals_turned_in": [cards[g].code for g in (turned_in[seat] if seat < len(turned_in) else [])],
        "goals": [
            (cards[g].code if g is not None and g != HIDDEN and (reveal or s == seat) else None)
            for s, g in enumerate(state.goals)
        ],
        "unused_goals": len(state.unused_goals),
        "deck": len(state.deck),
        "discard": [cards[c].code for c in state.discard],
        "table": [{"at": list(cell), "card": f.code} for cell, f in sorted(state.table.faces.items())],
        "winners": list(state.winners),
        "log": list(state.log),
        # Pyramids, storeys, supplies, scores: public; cards set aside unseen are not.
        "data": state.data.public() if state.data is not None else {},
    }
