"""Elemental Towers (Nick Sula): solitaire, pyramids built on matching panels and moved into towers.

The state keeps, beside the cards, the scoring row as the goal cards in
`state.unused_goals`, top (5 points) first, and the rest in TowersData
(state.py): the pieces on each card, by space (the panel's first quarter: TL,
TR, BL, BR), each a pyramid or a tower bottom first (["Lr", "Mr"]); the supply
by kind; the actions earned by the last card; the action card being resolved;
the draft's offer; and, hidden, the cards out of the game, the draft's pool and
the goals set aside while drafting (the row is dealt when the draft ends).

Rulings (also in rulesets/elemental-towers.yaml): one match is one pair of
panels, one on each card, that touch along a shared side with the same
element (touching along both halves of a side is still one match); spaces are
adjacent when their panels share an edge, within a card or across two cards
side by side (corners never); an earned action may be let go ("you may").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from ...core.vocabulary import COLOURS, SIZES
from ...engine import rng as random_source
from ...engine.moves import Build, DraftDiscard, MoveCard, Shift, Skip
from ...engine.game import Chain, MoveGroup
from ...engine.hidden import learn
from ...engine.table import Table
from ...core.errors import Why, refused
from .actions import TowersMoveACard
from .state import TowersData, towers
from .pieces import (
    RANKS_DEFAULT, _event, _set_piece, build_reason, earned_choices, matches, piece_at, shift_reason, spaces,
)
from ...engine.blocks import Block, Bounds, block, field
from ...engine.hooks import PlacementBlock, SetupBlock

MAX_POINTS = 1000  # the most a place in the row or the mastery bonus may be worth

if TYPE_CHECKING:
    from ...engine.table import Cell
    from ...core.cards import Face
    from ...engine.moves import Move, Place
    from ...engine.game import Game
    from ...engine.state import State


# -- setup ------------------------------------------------------------------------------------


@block("setup", "towers_deal")
class TowersDealBlock(SetupBlock):
    """Setup: the goals shuffled face up into the scoring row; a deck of 30; the starter; 45 pyramids.

    "Shuffle the rest of the cards, and deal yourself a facedown deck of 30
    cards. ... Draw one card and place it face up in the center of the table.
    If it is an action card, shuffle it back into the deck and draw again."
    The draft variant (`draft: true`): "Set aside the 5 goal cards ... Remove 15
    cards ... Deal a stack of 10 cards facedown ... Draw 3 cards and look at
    them. Choose 2 to keep ... Discard the third card", then "Shuffle your deck,
    draw one card to place face-up in the center of the table, and shuffle &
    deal the 5 goal cards into a scoring row". Ruling: the row is unknown while
    drafting (the goals lie set aside, unseen); it is shuffled and dealt when
    the draft ends, after the starter. Ruling, playing the same cards again
    with the draft on: the draft is not repeated (the deck is the 30 drafted
    cards, reshuffled); the row is never part of "the same cards", it is
    shuffled and dealt anew, after the starter as in the draft variant.
    """

    type: Literal["towers_deal"]
    unused_goals_public: ClassVar[bool] = True  # the scoring row
    actions_in_hand: ClassVar[bool] = False  # "If you draw an action card, resolve the action immediately"
    deck_size: int = field(30, ge=1, le=200, description="cards in the solitaire deck")
    per_kind: int = field(3, ge=0, le=20, description="pyramids of each size in each colour in the supply")
    draft: bool = field(False, description="draft the deck: 15 set aside unseen, 10 dealt, then keep 2 of 3")
    set_aside: int = field(15, ge=0, le=200, description="draft: cards put back in the box unseen")
    dealt: int = field(10, ge=0, le=200, description="draft: cards dealt straight into the deck")
    hand: ClassVar[int] = 0  # (and, as every setup by default, no joining in progress)

    def run(self, game: "Game", state: "State") -> None:
        # Nothing in this game asks for the groups of panels of an element: the table makes them only if asked.
        state.table = Table(groups=False)
        state.goals = [None] * len(state.players)
        data = state.data = TowersData()
        if self.draft:  # "Set aside the 5 goal cards": unseen until the draft ends
            data.goals_aside = game.goal_ids()
        else:
            self.deal_row(game, state)
        data.supply = {size + colour: self.per_kind for colour in COLOURS for size in SIZES}
        cards = game.play_ids()
        same = (state.preset or {}).get("same_deck")
        if same is not None:  # play again with the same cards, reshuffled (with the draft on: no draft)
            chosen = set(same)
            data.box = [c for c in cards if c not in chosen]
            deck = [c for c in cards if c in chosen]
            state.rng = random_source.shuffle(state.rng, deck)
            state.deck = deck
            self.flip_starter(game, state)
            learn(state, 0, list(state.deck), ("deck", -1))  # playing the same cards again: you know what is in it
            if self.draft:
                self.deal_row(game, state)
            return
        state.rng = random_source.shuffle(state.rng, cards)
        if self.draft:
            data.box = cards[:self.set_aside]
            rest = cards[self.set_aside:]
            state.deck = rest[:self.dealt]
            data.pool = rest[self.dealt:]
            state.phase = "draft"
            self.offer(state)
            return
        state.deck = cards[:self.deck_size]
        data.box = cards[self.deck_size:]
        self.flip_starter(game, state)

    def deal_row(self, game: "Game", state: "State") -> None:
        """ "Shuffle the 5 goal cards, and lay them face up in a vertical line to form the scoring row"."""
        data = towers(state)
        goals, data.goals_aside = data.goals_aside or game.goal_ids(), []
        state.rng = random_source.shuffle(state.rng, goals)
        state.unused_goals = goals

    def offer(self, state: "State") -> None:
        data = towers(state)
        data.draft_offer = [data.pool.pop() for _ in range(min(3, len(data.pool)))]

    def finish_draft(self, game: "Game", state: "State") -> None:
        data = towers(state)
        data.pool, data.draft_offer = [], []
        state.rng = random_source.shuffle(state.rng, state.deck)
        state.phase = "play"
        self.flip_starter(game, state)
        self.deal_row(game, state)  # "... and shuffle & deal the 5 goal cards into a scoring row"

    def flip_starter(self, game: "Game", state: "State") -> None:
        """Draw until an element card: it starts the table; an action goes back into the deck, shuffled."""
        towers(state).deck_cards = sorted(state.deck)  # the game's cards, for playing them again
        for _ in range(100):
            if not state.deck:
                return
            card_id = state.deck.pop()
            if game.deck.cards[card_id].kind == "element":
                state.table.place((0, 0), card_id, game.deck.cards[card_id].code)
                return
            state.deck.append(card_id)
            learn(state, 0, [card_id], ("deck", -1))  # seen, and shuffled back in
            state.rng = random_source.shuffle(state.rng, state.deck)


# -- placement -------------------------------------------------------------------------------


_FRONTIER_CELLS: list[Any] = [None, []]  # (the last frontier asked about, its cells)


@block("placement", "edge_to_edge")
class EdgeToEdgeBlock(PlacementBlock):
    """ "Cards must be placed exactly edge-to-edge with another card, aligned in the same direction ...
    it is not required to play cards so their elements match." A card may lie turned 180 degrees.
    """

    type: Literal["edge_to_edge"]
    every_frontier_cell: ClassVar[bool] = True  # (cells: the frontier's, whatever the face)

    def reason(self, table: Table, cell: Cell, card_face: Face) -> Why | None:
        if cell in table.cards:
            return Why("taken", f"{cell[0]},{cell[1]} already holds a card", {"cell": cell})
        if not table.cards:
            return None if cell == (0, 0) else Why("not_next", "the table is empty: the card goes at 0,0", {"cell": cell})
        if cell not in table.need:
            return Why("not_next", f"{cell[0]},{cell[1]} is not edge to edge with any card (corners do not count)",
                       {"cell": cell})
        return None

    def cells(self, table: Table, card_face: Face, frontier: list[tuple[Cell, int]] | None = None) -> list[Cell]:
        if not table.cards:
            return [(0, 0)]
        if frontier is None:
            frontier = table.frontier()
        # Every face the same cells: remembered for the last frontier (a frontier list never changes), as a
        # hand's card is asked for upright and turned. (Given out to be read only, as the engine's lists.)
        if _FRONTIER_CELLS[0] is not frontier:
            _FRONTIER_CELLS[:] = frontier, [cell for cell, _ in frontier]
        cells: list[Cell] = _FRONTIER_CELLS[1]
        return cells

    def connects(self, table: Table, cell: Cell, card_face: Face) -> int:
        return 0

    def arrangement_errors(self, table: Table) -> list[str]:
        """All cards must form one arrangement, edge to edge (elements need not match)."""
        cells = set(table.cards)
        if not cells:
            return []
        start = min(cells)
        seen, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) == len(cells):
            return []
        apart = sorted(cells - seen)
        return [f"the cards are not one arrangement: {len(apart)} card(s) are not edge to edge with the rest "
                f"(first: {apart[0][0]},{apart[0][1]})"]


def _made(choice: tuple[Any, ...]) -> Move:
    """The move of an earned action's choice (pieces.earned_choices): its class made with its values."""
    move: Move = choice[0](*choice[1:])
    return move


_SKIP_FIRST = (Skip, 0)


# -- the turn ------------------------------------------------------------------------------------


@block("turn", "towers_turn")
class TowersTurnBlock(Block):
    """Each turn draw and play one card; an element card's matches earn actions; an action card acts at once.

    Phases: "play" (place the drawn element card), "actions" (resolve the
    earned actions, in any order, each may be let go), "card_action" (an action
    card drawn: "resolve the action immediately ... mandatory, unless impossible"),
    "draft" (the draft variant's setup).
    """

    type: Literal["towers_turn"]
    phased: ClassVar[bool] = True
    draw: ClassVar[int] = 1

    def start(self, game: "Game", state: "State") -> None:
        """Draw the turn's card. Actions without a choice (or impossible ones) resolve here."""
        if state.phase == "draft":
            return
        data = towers(state)
        if data.events:
            data.events = []
        while state.deck:
            card_id = state.deck.pop()
            card = game.deck.cards[card_id]
            if card.kind == "element":
                state.hands[state.turn].append(card_id)
                state.phase = "play"
                return
            block = game.actions.get(card.code)
            if block is not None and not block.automatic:
                # Is there a move? Move a Card (hundreds) answers without building its groups.
                if (block.possible(state) if isinstance(block, TowersMoveACard)
                        else any(len(g) for g in block.move_groups(game, state, state.turn))):
                    towers(state).action_card = card_id
                    state.phase = "card_action"
                    return
                _event(state, f"{card.code}: impossible")
                state.discard.append(card_id)
                continue
            groups = [g for g in block.move_groups(game, state, state.turn) if len(g)] if block is not None else []
            if groups and block is not None:  # Shuffle Goals: nothing to choose
                block.apply(game, state, state.turn, groups[0][0])
                _event(state, f"{card.code}: done")
            else:
                _event(state, f"{card.code}: impossible")
            state.discard.append(card_id)
        # The last card was an action resolved on the spot: the game is over.
        state.phase = "play"
        if game.end.finished(game, state):
            game._finish(state, game.end.winners(game, state, state.turn), game.end.reason)

    def after_card(self, game: "Game", state: "State", move: Place) -> bool:
        return self._earn(game, state, move.cell)

    def _earn(self, game: "Game", state: "State", cell: Cell) -> bool:
        earned = matches(state, cell)
        if not earned:
            state.phase = "play"
            return False
        towers(state).pending = earned
        state.phase = "actions"
        return True

    # -- choices in the phases ----------------------------------------------------------------

    def phase_moves(self, game: "Game", state: "State") -> Any:
        phase = state.phase
        if phase == "actions":  # (the commonest, asked first)
            pending = towers(state).pending
            if len(pending) == 1:
                found = earned_choices(state, 0, pending[0], [])
                found.append(_SKIP_FIRST)
                return MoveGroup(found, _made)
            found = []
            shown = set()
            for index, match in enumerate(pending):
                key = (match.colour, match.spaces)  # (what makes two matches equal)
                if key in shown:
                    continue  # two identical matches: offer the choices once
                shown.add(key)
                earned_choices(state, index, match, found)
                found.append((Skip, index))
            return MoveGroup(found, _made)
        if phase == "draft":
            return [DraftDiscard(i) for i in range(len(towers(state).draft_offer))]
        if phase == "card_action":
            card = game.deck.cards[towers(state).action_card]  # type: ignore[index]  # (set in this phase)
            return Chain(game.actions[card.code].move_groups(game, state, state.turn))
        return []

    def check_phase_move(self, game: "Game", state: "State", move: Move) -> None:
        if state.phase == "draft":
            if not isinstance(move, DraftDiscard):
                raise refused("step", "first draft the deck: choose which of the three cards to discard")
            if not 0 <= move.index < len(towers(state).draft_offer):
                raise refused("no_offer", f"there is no offered card {move.index}")
            return
        if state.phase == "card_action":
            card = game.deck.cards[towers(state).action_card]  # type: ignore[index]  # (set in this phase)
            block = game.actions[card.code]
            if not isinstance(move, block.move_type):
                example = block.moves(game, state, state.turn)[0]
                raise refused("step", f"resolve {card.code.replace('_', ' ')} first, for example '{example}'")
            block.check(game, state, state.turn, move)
            return
        if state.phase == "actions":
            if not isinstance(move, (Build, Shift, Skip)):
                raise refused("step", "first resolve the actions your matches earned (build, shift or skip)")
            pending = towers(state).pending
            if not 0 <= move.match < len(pending):
                raise refused("no_earned", f"there is no earned action #{move.match} (there are {len(pending)})")
            match = pending[move.match]
            if isinstance(move, Build):
                why = build_reason(state, match, move.cell, move.space)
                if why:
                    raise refused("build", why, cell=move.cell, space=move.space)
            elif isinstance(move, Shift):
                why = shift_reason(state, match.colour, move)
                if why:
                    moving = piece_at(state, move.cell, move.space)
                    raise refused("shift" if moving else "no_piece", why, cell=move.to_cell, space=move.to_space)
            return
        raise refused("step", "there is no such step in this game's turn")

    def apply_phase_move(self, game: "Game", state: "State", move: Move) -> bool:
        if state.phase == "draft":
            assert isinstance(move, DraftDiscard)  # (checked by check_phase_move)
            data = towers(state)
            offer = data.draft_offer
            data.box.append(offer.pop(move.index))
            state.deck.extend(offer)
            game.setup.offer(state)
            if not data.draft_offer:
                game.setup.finish_draft(game, state)
                self.start(game, state)
            return True
        if state.phase == "card_action":
            data = towers(state)
            card_id, data.action_card = data.action_card, None
            assert card_id is not None  # (set in this phase)
            block = game.actions[game.deck.cards[card_id].code]
            block.apply(game, state, state.turn, move)
            state.discard.append(card_id)
            state.phase = "play"
            if isinstance(move, MoveCard):  # "resolve any matches ... as if you played that card"
                return self._earn(game, state, move.target)
            return False
        data = towers(state)
        pending = data.pending
        assert isinstance(move, (Build, Shift, Skip))  # (checked by check_phase_move)
        match = pending.pop(move.match)
        if isinstance(move, Build):
            letter_size = spaces(state.table.faces[move.cell].code)[move.space][1]
            kind = letter_size + match.colour
            data.supply[kind] -= 1
            _set_piece(state, move.cell, move.space, [kind])
        elif isinstance(move, Shift):
            moving = piece_at(state, move.cell, move.space)
            target = piece_at(state, move.to_cell, move.to_space) or []
            _set_piece(state, move.cell, move.space, None)
            _set_piece(state, move.to_cell, move.to_space, target + moving)  # type: ignore[operator]  # stacks, as it must (a piece there: checked)
        if pending:
            return True
        state.phase = "play"
        return False


# -- the end and the score ----------------------------------------------------------------------------


@block("end", "last_card")
class LastCardBlock(Block):
    """ "The game ends after the last card is played": complete towers score by the row; ranks.

    "Top to bottom, the scoring values in the row are 5, 4, 3, 2, 1." "You gain
    a bonus of 10 points if you have at least one complete tower of each of the
    five elements." Ranks: "1 - 5 Novice ... 21 + Master Builder"; ruling: a
    score of 0 is ranked Novice too. Ruling: the bonus and each place's points
    are 0 to 1000 (a variant may change them; more is a typing mistake).
    """

    type: Literal["last_card"]
    values: list[Annotated[int, Bounds(ge=0, le=MAX_POINTS)]] = field(
        default_factory=lambda: [5, 4, 3, 2, 1], description="points per place in the row (each 0 to 1000)")
    mastery_bonus: int = field(10, ge=0, le=MAX_POINTS,
                               description="points for a complete tower of every element (0 to 1000)")
    ranks: list[tuple[int, str]] = field(default_factory=lambda: [tuple(r) for r in RANKS_DEFAULT],
                                         description="[least score, rank name] from the lowest")
    reason: ClassVar[str] = "last card"

    def finished(self, game: Game, state: State) -> bool:
        return not state.deck and state.phase == "play" and not state.hands[state.turn]

    def winners(self, game: Game, state: State, last_player: int) -> list[int]:
        return [0]


