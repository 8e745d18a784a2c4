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

from collections import Counter
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from ...cards import face
from ...vocabulary import (
    COLOURS, ELEMENT_OF, ELEMENT_OF_COLOUR, LETTER_OF, PYRAMID_COLOUR, QUARTERS, SIZES, colour_name, size_name,
)
from ...engine import rng as random_source
from ...engine.moves import Build, DraftDiscard, MoveCard, ShuffleGoals, Shift, Skip, SwapRow, TradePiece, Zap
from ...engine.game import Chain, CrossGroup
from ...engine.hidden import learn
from ...errors import IllegalMove
from .state import Match, TowersData, towers
from ..aquarius.blocks import ActionBlock
from ...engine.blocks import Block, Bounds, block, field

MAX_POINTS = 1000  # the most a place in the row or the mastery bonus may be worth

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.state import State

SPACE_SIZE = {1: "S", 2: "M", 4: "L"}  # quarters a panel covers -> the pyramid that fits it
# Quarters side by side within a card, and across the shared side of a neighbour:
# (dx, dy) -> pairs (my quarter, its quarter).
INNER = ((0, 1), (2, 3), (0, 2), (1, 3))
ACROSS = {
    (1, 0): ((1, 0), (3, 2)),
    (-1, 0): ((0, 1), (2, 3)),
    (0, 1): ((0, 2), (1, 3)),
    (0, -1): ((2, 0), (3, 1)),
}
RANKS_DEFAULT = [[0, "Novice"], [6, "Apprentice"], [11, "Artisan"], [16, "Architect"], [21, "Master Builder"]]


def space_of(code: str, quarter: int) -> str:
    """The space (panel) a quarter belongs to, named by the panel's first quarter in reading order."""
    return QUARTERS[code.index(code[quarter])]


@lru_cache(maxsize=None)
def spaces(code: str) -> dict[str, tuple[str, str]]:
    """A face's spaces: name -> (element letter, pyramid size that fits). Only four-quarter faces have spaces."""
    if len(code) != 4 or not all(c in LETTER_OF.values() for c in code):
        return {}
    found = {}
    for q, letter in enumerate(code):
        name = space_of(code, q)
        if name not in found:
            found[name] = (letter, SPACE_SIZE.get(code.count(letter), "M"))
    return found


def neighbours_of_space(state: "State", cell, name: str) -> list[tuple[tuple[int, int], str]]:
    """Spaces adjacent to a space: panels sharing an edge, on the same card or a card beside it."""
    faces = state.table.faces
    code = faces[cell].code
    mine = {q for q in range(4) if space_of(code, q) == name}
    found = []
    for a, b in INNER:
        for q, other in ((a, b), (b, a)):
            if q in mine and other not in mine:
                found.append((cell, space_of(code, other)))
    x, y = cell
    for (dx, dy), pairs in ACROSS.items():
        n = (x + dx, y + dy)
        if n not in faces:
            continue
        theirs = faces[n].code
        for q, other in pairs:
            if q in mine:
                found.append((n, space_of(theirs, other)))
    return list(dict.fromkeys(found))


def matches(state: "State", cell) -> list[Match]:
    """The matches the card at a cell makes with its neighbours: one per pair of touching same-element panels."""
    faces = state.table.faces
    code = faces[cell].code
    if not spaces(code):
        return []
    x, y = cell
    found = []
    seen = set()
    for (dx, dy), pairs in ACROSS.items():
        n = (x + dx, y + dy)
        if n not in faces or not spaces(faces[n].code):
            continue
        theirs = faces[n].code
        for q, other in pairs:
            if code[q] != theirs[other]:
                continue
            pair = (space_of(code, q), n, space_of(theirs, other))
            if pair in seen:
                continue
            seen.add(pair)
            found.append(Match(PYRAMID_COLOUR[code[q]], ((x, y, pair[0]), (n[0], n[1], pair[2]))))
    return found


def pieces_of(state: "State") -> dict[tuple[int, int], dict[str, list[str]]]:
    return towers(state).pieces


def piece_at(state: "State", cell, name: str) -> list[str] | None:
    here = towers(state).pieces.get((cell[0], cell[1]))
    return here.get(name) if here else None


def _set_piece(state: "State", cell, name: str, piece: list[str] | None) -> None:
    pieces = towers(state).pieces
    cell = (cell[0], cell[1])
    here = pieces.setdefault(cell, {})
    if piece:
        here[name] = piece
    else:
        here.pop(name, None)
    if not here:
        pieces.pop(cell)


def stack_reason(moving: list[str], target: list[str] | None) -> str | None:
    """Why a pyramid or tower cannot move onto a space holding `target`, or None."""
    if not target:
        return None
    if target[-1][1] != moving[0][1]:
        return "pyramids of different colours never share a space"
    below, above = SIZES.index(target[-1][0]), SIZES.index(moving[0][0])
    if below != above + 1:
        if below == above + 2:
            return "a small pyramid may not be stacked directly onto a large one"
        return "a pyramid stacks only onto a same-coloured pyramid exactly one size larger"
    return None


def complete_towers(state: "State") -> list[tuple[tuple[int, int], str, str]]:
    """Every complete tower (large, medium and small of one colour): (cell, space, colour)."""
    found = []
    for cell, here in sorted(pieces_of(state).items()):
        for name, piece in sorted(here.items()):
            if [p[0] for p in piece] == ["L", "M", "S"]:
                found.append((cell, name, piece[0][1]))
    return found


def row_elements(game: "Game", state: "State") -> list[str]:
    """The scoring row, top (5 points) first, as element names."""
    return [game.deck.cards[g].code for g in state.unused_goals]


def score_of(game: "Game", state: "State") -> tuple[int, list[tuple[tuple[int, int], str, str, int]]]:
    """The final score if the game ended now, and each complete tower with its value."""
    row = row_elements(game, state)
    end = game.end
    values = list(end.values)
    towers = []
    for cell, name, colour in complete_towers(state):
        element = ELEMENT_OF[ELEMENT_OF_COLOUR[colour]]
        value = values[row.index(element)] if element in row and row.index(element) < len(values) else 0
        towers.append((cell, name, colour, value))
    total = sum(t[3] for t in towers)
    if {t[2] for t in towers} >= set(COLOURS):
        total += end.mastery_bonus
    return total, towers


def rank_of(game: "Game", score: int) -> str:
    name = game.end.ranks[0][1]
    for least, title in game.end.ranks:
        if score >= least:
            name = title
    return name


# -- setup ------------------------------------------------------------------------------------


@block("setup", "towers_deal")
class TowersDealBlock(Block):
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
    deck_size: int = field(30, ge=1, le=200, description="cards in the solitaire deck")
    per_kind: int = field(3, ge=0, le=20, description="pyramids of each size in each colour in the supply")
    draft: bool = field(False, description="draft the deck: 15 set aside unseen, 10 dealt, then keep 2 of 3")
    set_aside: int = field(15, ge=0, le=200, description="draft: cards put back in the box unseen")
    dealt: int = field(10, ge=0, le=200, description="draft: cards dealt straight into the deck")
    join_in_progress: ClassVar[bool] = False
    hand: ClassVar[int] = 0

    def run(self, game: "Game", state: "State") -> None:
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


@block("placement", "edge_to_edge")
class EdgeToEdgeBlock(Block):
    """ "Cards must be placed exactly edge-to-edge with another card, aligned in the same direction ...
    it is not required to play cards so their elements match." A card may lie turned 180 degrees.
    """

    type: Literal["edge_to_edge"]

    def reason(self, table, cell, card_face) -> str | None:
        if cell in table.cards:
            return f"{cell[0]},{cell[1]} already holds a card"
        if not table.cards:
            return None if cell == (0, 0) else "the table is empty: the card goes at 0,0"
        if cell not in table.need:
            return f"{cell[0]},{cell[1]} is not edge to edge with any card (corners do not count)"
        return None

    def cells(self, table, card_face, frontier=None) -> list:
        if not table.cards:
            return [(0, 0)]
        return [cell for cell, _ in (frontier if frontier is not None else table.frontier())]

    def connects(self, table, cell, card_face) -> int:
        return 0

    def arrangement_errors(self, table) -> list[str]:
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
        towers(state).events = []
        while state.deck:
            card_id = state.deck.pop()
            card = game.deck.cards[card_id]
            if card.kind == "element":
                state.hands[state.turn].append(card_id)
                state.phase = "play"
                return
            block = game.actions.get(card.code)
            # Its moves as groups, built only when needed (Move a Card has hundreds): is there one?
            groups = [g for g in block.move_groups(game, state, state.turn) if len(g)] if block is not None else []
            if groups and not getattr(block, "automatic", False):
                towers(state).action_card = card_id
                state.phase = "card_action"
                return
            if groups:  # Shuffle Goals: nothing to choose
                block.apply(game, state, state.turn, groups[0][0])
                _event(state, f"{card.code}: done")
            else:
                _event(state, f"{card.code}: impossible")
            state.discard.append(card_id)
        # The last card was an action resolved on the spot: the game is over.
        state.phase = "play"
        if game.end.finished(game, state):
            game._finish(state, game.end.winners(game, state, state.turn), game.end.reason)

    def after_card(self, game: "Game", state: "State", move) -> bool:
        return self._earn(game, state, move.cell)

    def _earn(self, game: "Game", state: "State", cell) -> bool:
        earned = matches(state, cell)
        if not earned:
            state.phase = "play"
            return False
        towers(state).pending = earned
        state.phase = "actions"
        return True

    # -- choices in the phases ----------------------------------------------------------------

    def phase_moves(self, game: "Game", state: "State") -> list:
        if state.phase == "draft":
            return [DraftDiscard(i) for i in range(len(towers(state).draft_offer))]
        if state.phase == "card_action":
            card = game.deck.cards[towers(state).action_card]
            return Chain(game.actions[card.code].move_groups(game, state, state.turn))
        if state.phase == "actions":
            found = []
            shown = set()
            for index, match in enumerate(towers(state).pending):
                if match in shown:
                    continue  # two identical matches: offer the choices once
                shown.add(match)
                found += build_moves(state, index, match)
                found += shift_moves(state, index, match.colour)
                found.append(Skip(index))
            return found
        return []

    def check_phase_move(self, game: "Game", state: "State", move) -> None:
        if state.phase == "draft":
            if not isinstance(move, DraftDiscard):
                raise IllegalMove("first draft the deck: choose which of the three cards to discard")
            if not 0 <= move.index < len(towers(state).draft_offer):
                raise IllegalMove(f"there is no offered card {move.index}")
            return
        if state.phase == "card_action":
            card = game.deck.cards[towers(state).action_card]
            block = game.actions[card.code]
            if not isinstance(move, block.move_type):
                example = block.moves(game, state, state.turn)[0]
                raise IllegalMove(f"resolve {card.code.replace('_', ' ')} first, for example '{example}'")
            block.check(game, state, state.turn, move)
            return
        if state.phase == "actions":
            if not isinstance(move, (Build, Shift, Skip)):
                raise IllegalMove("first resolve the actions your matches earned (build, shift or skip)")
            pending = towers(state).pending
            if not 0 <= move.match < len(pending):
                raise IllegalMove(f"there is no earned action #{move.match} (there are {len(pending)})")
            match = pending[move.match]
            if isinstance(move, Build):
                why = build_reason(state, match, move.cell, move.space)
            elif isinstance(move, Shift):
                why = shift_reason(state, match.colour, move)
            else:
                why = None
            if why:
                raise IllegalMove(why)
            return
        raise IllegalMove("there is no such step in this game's turn")

    def apply_phase_move(self, game: "Game", state: "State", move) -> bool:
        if state.phase == "draft":
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
            block = game.actions[game.deck.cards[card_id].code]
            block.apply(game, state, state.turn, move)
            state.discard.append(card_id)
            state.phase = "play"
            if isinstance(move, MoveCard):  # "resolve any matches ... as if you played that card"
                return self._earn(game, state, move.target)
            return False
        data = towers(state)
        pending = data.pending
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
            _set_piece(state, move.to_cell, move.to_space, target + moving)  # stacks, as it must
        if pending:
            return True
        state.phase = "play"
        return False


def _event(state: "State", text: str) -> None:
    towers(state).events.append(text)


def build_reason(state: "State", match: Match, cell, name: str) -> str | None:
    where = list(match.spaces)
    if (cell[0], cell[1], name) not in where:
        spots = " or ".join(f"{x},{y} {q}" for x, y, q in where)
        return f"this match builds on one of its own two spaces ({spots})"
    if piece_at(state, cell, name):
        return f"the space {cell[0]},{cell[1]} {name} is not empty"
    size = spaces(state.table.faces[tuple(cell)].code)[name][1]
    if towers(state).supply.get(size + match.colour, 0) <= 0:
        return f"the supply has no {size_name(size)} {colour_name(match.colour)} pyramid left"
    return None


def build_moves(state: "State", index: int, match: Match) -> list[Build]:
    found = []
    for x, y, name in match.spaces:
        if build_reason(state, match, (x, y), name) is None:
            found.append(Build(index, (x, y), name))
    return list(dict.fromkeys(found))


def shift_reason(state: "State", colour: str, move: Shift) -> str | None:
    moving = piece_at(state, move.cell, move.space)
    if not moving:
        return f"there is no pyramid on {move.cell[0]},{move.cell[1]} {move.space}"
    if moving[0][1] != colour:
        return f"this action moves a {colour_name(colour)} pyramid or tower, not a {colour_name(moving[0][1])} one"
    if (move.to_cell, move.to_space) not in neighbours_of_space(state, move.cell, move.space):
        return (f"{move.to_cell[0]},{move.to_cell[1]} {move.to_space} is not a space next to "
                f"{move.cell[0]},{move.cell[1]} {move.space} (panels must share an edge)")
    return stack_reason(moving, piece_at(state, move.to_cell, move.to_space))


def shift_moves(state: "State", index: int, colour: str) -> list[Shift]:
    found = []
    for cell, here in sorted(pieces_of(state).items()):
        for name, piece in sorted(here.items()):
            if piece[0][1] != colour:
                continue
            for to_cell, to_name in neighbours_of_space(state, cell, name):
                if stack_reason(piece, piece_at(state, to_cell, to_name)) is None:
                    found.append(Shift(index, cell, name, to_cell, to_name))
    return found


# -- action cards: resolved when drawn ---------------------------------------------------------------


@block("action", "towers_shuffle_goals")
class TowersShuffleGoals(ActionBlock):
    """Shuffle Goals: "Randomly rearrange the five cards in the scoring row"."""

    type: Literal["towers_shuffle_goals"]
    move_type: ClassVar[type] = ShuffleGoals
    automatic: ClassVar[bool] = True

    def moves(self, game, state, seat):
        return [ShuffleGoals()]

    def apply(self, game, state, seat, move):
        state.rng = random_source.shuffle(state.rng, state.unused_goals)


@block("action", "towers_trade_goals")
class TowersTradeGoals(ActionBlock):
    """Trade Goals: "Swap the positions of any two adjacent cards in the scoring row"."""

    type: Literal["towers_trade_goals"]
    move_type: ClassVar[type] = SwapRow

    def moves(self, game, state, seat):
        return [SwapRow(i) for i in range(len(state.unused_goals) - 1)]

    def check(self, game, state, seat, move):
        if not 0 <= move.index < len(state.unused_goals) - 1:
            raise IllegalMove(f"swap-row takes a place from 0 to {len(state.unused_goals) - 2} (0 is the top)")

    def apply(self, game, state, seat, move):
        row, i = state.unused_goals, move.index
        row[i], row[i + 1] = row[i + 1], row[i]


@block("action", "towers_move_a_card")
class TowersMoveACard(ActionBlock):
    """Move a Card: "Move any element card on the table, along with any pyramids currently on it, to a
    different position in the arrangement. Immediately resolve any matches".

    Ruling: the card goes to an empty cell edge to edge with another card (it may
    lie turned 180 degrees; its pyramids turn with it); the rest of the
    arrangement may come apart, as the text asks nothing more.
    """

    type: Literal["towers_move_a_card"]
    move_type: ClassVar[type] = MoveCard

    def moves(self, game, state, seat):
        return [move for group in self.move_groups(game, state, seat) for move in group]

    def move_groups(self, game, state, seat):
        """Per card, every empty cell edge to edge with another card, upright and turned (built lazily)."""
        table = state.table
        frontier = table.frontier()
        every = [cell for cell, _ in frontier]
        groups: list[CrossGroup] = []
        for source in sorted(table.cards):
            ways = (False,) if table.faces[source].symmetric else (False, True)
            # The frontier without the card (in the same order), less its own cell: the card goes elsewhere.
            left = table.frontier_without(source, frontier)
            cells = every if len(left) == len(every) + 1 else [cell for cell, _ in left if cell != source]
            if cells:
                groups.append(CrossGroup(cells, ways, partial(MoveCard, source)))
        return groups

    def check(self, game, state, seat, move):
        table = state.table
        if move.source not in table.cards:
            raise IllegalMove(f"there is no card at {move.source[0]},{move.source[1]}")
        if move.target == move.source:
            raise IllegalMove("move the card to a different position")
        if move.target in table.cards:
            raise IllegalMove(f"{move.target[0]},{move.target[1]} already holds a card")
        if not any(c == move.target for c, _ in table.frontier_without(move.source)):
            raise IllegalMove(f"{move.target[0]},{move.target[1]} is not edge to edge with another card")

    def apply(self, game, state, seat, move):
        card_id, code = state.table.remove(move.source)
        lies = face(code).turned.code if move.turned else code
        state.table.place(move.target, card_id, lies)
        carried = pieces_of(state).pop(move.source, {})
        if carried:
            moved = {}
            for name, piece in carried.items():
                quarter = QUARTERS.index(name)
                moved[space_of(lies, 3 - quarter if move.turned else quarter)] = piece
            pieces_of(state)[move.target] = moved


@block("action", "towers_zap_a_card")
class TowersZapACard(ActionBlock):
    """Zap a Card: "Remove an element card from the arrangement, and shuffle it back into the deck. If that
    card had pyramids on it, return them to the supply." Ruling: the arrangement may come apart; if the
    table empties, the next element card starts it again at 0,0.
    """

    type: Literal["towers_zap_a_card"]
    move_type: ClassVar[type] = Zap

    def moves(self, game, state, seat):
        return [Zap(cell) for cell in sorted(state.table.cards)]

    def check(self, game, state, seat, move):
        if move.cell not in state.table.cards:
            raise IllegalMove(f"there is no card at {move.cell[0]},{move.cell[1]}")

    def apply(self, game, state, seat, move):
        card_id, _ = state.table.remove(move.cell)
        supply = towers(state).supply
        for piece in pieces_of(state).pop(move.cell, {}).values():
            for kind in piece:
                supply[kind] += 1
        state.deck.append(card_id)
        learn(state, 0, [card_id], ("deck", -1))  # seen, and shuffled back in
        state.rng = random_source.shuffle(state.rng, state.deck)


@block("action", "towers_trade_hands")
class TowersTradeHands(ActionBlock):
    """Trade Hands: "Trade a single pyramid on any space for a pyramid from the supply of the same color but
    different size." Ruling: a single pyramid is one standing alone; a tower never unstacks.
    """

    type: Literal["towers_trade_hands"]
    move_type: ClassVar[type] = TradePiece

    def moves(self, game, state, seat):
        found = []
        supply = towers(state).supply
        for cell, here in sorted(pieces_of(state).items()):
            for name, piece in sorted(here.items()):
                if len(piece) != 1:
                    continue
                for size in SIZES:
                    if size != piece[0][0] and supply.get(size + piece[0][1], 0) > 0:
                        found.append(TradePiece(cell, name, size))
        return found

    def check(self, game, state, seat, move):
        piece = piece_at(state, move.cell, move.space)
        if not piece:
            raise IllegalMove(f"there is no pyramid on {move.cell[0]},{move.cell[1]} {move.space}")
        if len(piece) != 1:
            raise IllegalMove("a tower cannot be unstacked: trade a single pyramid")
        if move.size == piece[0][0]:
            raise IllegalMove("trade for a pyramid of a different size")
        if towers(state).supply.get(move.size + piece[0][1], 0) <= 0:
            raise IllegalMove(f"the supply has no {size_name(move.size)} {colour_name(piece[0][1])} pyramid")

    def apply(self, game, state, seat, move):
        piece = piece_at(state, move.cell, move.space)
        supply = towers(state).supply
        supply[piece[0]] += 1
        kind = move.size + piece[0][1]
        supply[kind] -= 1
        _set_piece(state, move.cell, move.space, [kind])


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

    def finished(self, game, state) -> bool:
        return not state.deck and state.phase == "play" and not state.hands[state.turn]

    def winners(self, game, state, last_player: int) -> list[int]:
        return [0]


def structure_errors(game: "Game", state: "State", position) -> list[str]:
    """Why a position's pieces could not stand where they are (analyze's `valid`)."""
    errors = []
    supply = Counter()
    for i, card in enumerate(position.cards):
        if not card.pieces:
            continue
        here = spaces(card.card)
        for quarter, tower in card.pieces.items():
            where = f"cards[{i}].pieces.{quarter}"
            kinds = [str(p) for p in tower]
            for kind in kinds:
                supply[kind] += 1
                if kind[1] not in COLOURS:
                    errors.append(f"{where}: Elemental Towers has no {kind} pyramid")
            if quarter not in here:
                errors.append(f"{where}: {quarter} is not the first quarter of a panel on {card.card}")
                continue
            if len(kinds) > 1:
                if len({k[1] for k in kinds}) > 1:
                    errors.append(f"{where}: a tower is one colour")
                elif [k[0] for k in kinds] not in (["L", "M"], ["M", "S"], ["L", "M", "S"]):
                    errors.append(f"{where}: a tower stacks each pyramid on one exactly one size larger")
    for kind, count in sorted(supply.items()):
        if kind[1] in COLOURS and count > game.setup.per_kind:
            errors.append(f"pieces: {count} {kind} pyramids, but the supply has {game.setup.per_kind}")
    return errors


def towers_state(game: "Game", position, table) -> "State":
    """A state holding a position's table, pieces and scoring row (Elemental Towers)."""
    from ...engine.state import State

    goal_of = {game.deck.cards[g].code: g for g in game.goal_ids()}
    # Without a scoring_row, the goals stand in the deck list's order (earth, air, fire, water, space).
    row = [goal_of[e] for e in (position.scoring_row or list(goal_of)) if e in goal_of]
    return State(players=["solitaire"], hands=[[]], goals=[None], unused_goals=row, deck=[], table=table,
                 data=TowersData(pieces=position_pieces(position)))


def position_pieces(position) -> dict[tuple[int, int], dict[str, list[str]]]:
    """A position's pieces as the state keeps them: {(x, y): {space: [bottom, ..., top]}}."""
    return {(card.at[0], card.at[1]): {q: [str(p) for p in tower] for q, tower in card.pieces.items()}
            for card in position.cards if card.pieces}
