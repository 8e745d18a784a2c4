"""The building blocks of Aquarius Rising: pyramids, houses of cards, real heights.

Rule text: shared/rules/aquarius-rising.md (English, the default) and
aquarius-rising.fr.md (where they differ, an option). Storeys above the table,
every pyramid and each seat's supply live in the state's RisingData (state.py).

Heights come from geometry.py, the same functions that place the 3D nodes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ...core import geometry
from ...core.cards import DRAGON, face
from ...core.vocabulary import (
    BIT, COLOURS, ELEMENT_OF, ELEMENT_OF_COLOUR, ELEMENTS, LETTERS, PYRAMID_COLOUR, colour_name, pyramid_order,
    size_name)
from ...engine import rng as random_source
from ...engine.moves import PlacePyramid, TradePyramids, TwoPyramids
from ...core.errors import Why, refused
from .state import RisingData, rising, spot, spot_text  # noqa: F401  (spot_text: for callers)
from .pyramid_moves import PyramidGroup, can_stand_pyramid, pyramid_rows
from .spots import marked, open_spots
from .houses import _NO_PYRAMIDS, WILD, Key, state_ranking_keys, winners_among
from ..aquarius.actions import ActionBlock, _other_seat
from ..aquarius.blocks import ConnectBlock, DealBlock, DrawAndPlayBlock
from ...engine.blocks import Block, block, field as block_field

if TYPE_CHECKING:
    from ...engine.hooks import Spot
    from ...engine.table import Cell
    from ...core.cards import Face
    from ...engine.moves import Move
    from ...engine.moves import Place
    from ...positions.file import Position
    from ...engine.game import Game
    from ...engine.state import State


def face_at(state: "State", cell: Cell, level: int) -> Face | None:
    """The face of the card on a storey, or None."""
    if level == 0:
        return state.table.faces.get((cell[0], cell[1]))
    entry = rising(state).storeys.get(spot(cell, level))
    return face(entry[1]) if entry else None


def quarter_letter(code: str, quarter: int) -> str | None:
    """The element letter of a card's quarter (None for the wild card)."""
    return code[quarter] if len(code) == 4 else None


def full_set() -> list[str]:
    return [size + colour for colour in COLOURS for size in geometry.PYRAMID_SIZES]


# -- the rules of placing --------------------------------------------------------------------------


def pyramid_reason(state: "State", cell: Cell, level: int, quarter: int, pyramid: str) -> str | None:
    """Why this pyramid may not stand there (None when it may). The supply is checked elsewhere."""
    where = f"{cell[0]},{cell[1]}" + (f" storey {level}" if level else "")
    card = face_at(state, cell, level)
    if card is None:
        return f"there is no card at {where}"
    if card.kind == "dragon":  # "No pyramids can be played on the Aquarius Dragon"
        return f"no pyramid may be played on the Aquarius Dragon (at {where})"
    data = rising(state)
    if spot(cell, level + 1) in data.storeys:
        return f"the card at {where} already holds a card above it"
    places = data.pyramids.get(spot(cell, level), _NO_PYRAMIDS)
    if places[quarter] is not None:
        return f"that quarter of the card at {where} already holds a pyramid"
    letter = quarter_letter(card.code, quarter)
    if pyramid[1] not in WILD and (letter is None or PYRAMID_COLOUR[letter] != pyramid[1]):
        return (f"a {colour_name(pyramid[1])} pyramid cannot stand on "
                f"{ELEMENT_OF[letter] if letter else 'that'} (colours match elements)")
    sizes = {p[0] for p in places if p}
    if sizes and pyramid[0] not in sizes:
        return f"the pyramids on the card at {where} are all {size_name(next(iter(sizes)))}: this one must be too"
    x, y = cell
    for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        near = data.pyramids.get(((x + dx, y + dy), level))
        if near and any(near) and not any(places):
            return f"the card at {where} is next to a card that holds pyramids"
    return None


def vertical_matches(state: "State", cell: Cell, level: int, card_face: Face) -> int:
    """Elements a card on storey `level` matches to the pyramids under its quarters (a mask)."""
    below = face_at(state, cell, level - 1)
    places = rising(state).pyramids.get(spot(cell, level - 1), _NO_PYRAMIDS)
    mask = 0
    for quarter, pyramid in enumerate(places):
        if pyramid is None or pyramid[1] == "w":  # a cloud has no element for building
            continue
        under = ELEMENT_OF_COLOUR.get(pyramid[1]) or quarter_letter(below.code, quarter)  # type: ignore[union-attr]  # (pyramids stand on a card) clear: its quarter's
        mine = quarter_letter(card_face.code, quarter)
        if mine is not None and mine == under:
            mask |= BIT[mine]
    return mask


@block("placement", "rising")
class RisingPlacementBlock(ConnectBlock):
    """Aquarius Rising: the connection rule on the table, and houses of cards on pyramids.

    "A card can be placed on top of another card that has four pyramids there to
    support the new card. The new card must match at least one element to the
    pyramids/card below it." Rulings: the card goes directly above (same cell),
    turned either way; a clear pyramid counts as its quarter's element, a white
    one as none.
    """

    type: Literal["rising"]  # type: ignore[assignment]  # (a block built on another's names its own type)

    def reason_in_state(self, game: "Game", state: "State", cell: Cell, level: int, card_face: Face) -> Why | None:
        if level == 0:
            return self.reason(state.table, cell, card_face)
        where = f"{cell[0]},{cell[1]} storey {level}"
        facts = {"cell": cell, "level": level, "lies": card_face.code}
        if face_at(state, cell, level) is not None:
            return Why("storey", f"{where} already holds a card", facts)
        if face_at(state, cell, level - 1) is None:
            return Why("storey", f"there is no card below {where}", facts)
        places = rising(state).pyramids.get(spot(cell, level - 1), _NO_PYRAMIDS)
        if not all(places):
            return Why("storey", f"a card goes above another only on four pyramids; {sum(map(bool, places))} stand "
                                 "there", facts)
        if not vertical_matches(state, cell, level, card_face):
            return Why("storey", f"{card_face.code} matches no element to the pyramids below {where}", facts)
        return None

    def vertical_free(self, game: "Game", state: "State") -> list[Spot]:
        """The cards on four pyramids with nothing above them yet, sorted: where a card may go above (kept in
        the state's index of spots, spots.py)."""
        full: list[Spot] = open_spots(state, rising(state)).full
        return full

    def vertical_spots(self, game: "Game", state: "State", card_face: Face, free: list[Spot] | None = None) -> list[Spot]:
        """Where a face may go above the table: (cell, storey). `free` is vertical_free's answer, when known
        (the engine asks once for a whole hand). A face matches a full card when one of its quarters shows the
        element its pyramid gives there (spots.under_of: vertical_matches worked out once per card)."""
        index = open_spots(state, rising(state))
        if free is None:
            free = index.full
        code = card_face.code
        if len(code) != 4 or not free:
            return []
        under = index.under
        found = []
        for where in free:
            below = under.get(where)
            if below is None:  # (not from this state's index: worked out in full)
                if vertical_matches(state, where[0], where[1] + 1, card_face):
                    found.append((where[0], where[1] + 1))
            elif code[0] == below[0] or code[1] == below[1] or code[2] == below[2] or code[3] == below[3]:
                found.append((where[0], where[1] + 1))
        return found

    def put(self, game: "Game", state: "State", move: Place, card_id: int, card_face: Face) -> int:
        """Place the card; the elements matched vertically are the multi-connection bonus's."""
        data = rising(state)
        level = move.level
        index = data.spots
        table = state.table
        if index is not None and index.mark is not marked(table):
            index = None  # the table changed under it (spots.py): made again when next asked for
        if level == 0:
            table.place(move.cell, card_id, card_face.code)
            matched = 0  # "Do not award bonus draws for multiple connections made at ground level."
        else:
            matched = vertical_matches(state, move.cell, level, card_face)
            data.storeys[spot(move.cell, level)] = (card_id, card_face.code)
        if index is not None:
            data.spots = index.placed(marked(table), spot(move.cell, level), card_face.code, data)
        else:
            data.spots = None
        return matched


# -- setup, turns, actions, the end ----------------------------------------------------------------


@block("setup", "rising_deal")
class RisingDealBlock(DealBlock):
    """Aquarius Rising setup: the Aquarius deal, then four Rainbow sets divided by player count.

    "Two players: two 15-pyramid, 5-color sets each. Three players: give each
    player one full set, plus five random pyramids from the fourth set. Four
    players: one 15-pyramid, 5-color set each. Five players: each should
    receive twelve pyramids (omit a different color from each full set, thus
    forming a fifth quasi-set)." Ruling: which colour each five-player supply
    lacks is drawn at random. Variants add a white (To the Clouds) or clear
    (Sky High) trio each.

    `dragon_start`: "Alternately: Start with the Aquarius Dragon (promo card
    from Looney Labs) face-up on the table to start play"; "No pyramids can be
    played on the Aquarius Dragon". Ruling: the texts do not give its panels;
    it is one wild panel of every element, like the starting dragon of Seven
    Dragons, the game it comes from: any card connects to it, and it counts in
    every element's group and reaches every element's height at its top face.
    No card is turned up as starter then (the deck keeps all its cards).
    """

    type: Literal["rising_deal"]  # type: ignore[assignment]  # (a block built on another's names its own type)
    white: bool = block_field(False, description="To the Clouds: a white trio each")
    clear: bool = block_field(False, description="Sky High: a clear trio each")
    dragon_start: bool = block_field(
        False, description="start with the Aquarius Dragon at 0,0 instead of a dealt starter; ruling: one wild "
                                 "panel of every element (as in Seven Dragons), no pyramid may stand on it"
    )

    def flip_starter(self, game: "Game", state: "State") -> None:
        if not self.dragon_start:
            super().flip_starter(game, state)
            return
        state.table.place((0, 0), game.dragon_ids()[0], DRAGON)

    def run(self, game: "Game", state: "State") -> None:
        super().run(game, state)
        seats = len(state.players)
        supplies: list[list[str]] = [[] for _ in range(seats)]
        if seats == 2:
            supplies = [full_set() * 2, full_set() * 2]
        elif seats == 3:
            spare = full_set()
            state.rng = random_source.shuffle(state.rng, spare)
            supplies = [full_set() + spare[5 * i:5 * i + 5] for i in range(3)]
        elif seats == 4:
            supplies = [full_set() for _ in range(4)]
        elif seats == 5:
            colours = list(COLOURS)
            state.rng = random_source.shuffle(state.rng, colours)
            supplies = [[p for p in full_set() if p[1] != colours[i]] for i in range(4)]
            supplies.append([p for p in full_set() if p[1] != colours[4]])
        for supply in supplies:
            supply += ["Sw", "Mw", "Lw"] if self.white else []
            supply += ["Sc", "Mc", "Lc"] if self.clear else []
            supply.sort(key=pyramid_order)
        rising(state).supply = supplies


@block("turn", "three_actions")
class ThreeActionsBlock(DrawAndPlayBlock):
    """Aquarius Rising's turn: "(1) Draw a card, (2) Play a card, & (3) Play a pyramid".

    "Each action is mandatory, unless game circumstances forbid it": a player
    who can play a pyramid must; one who cannot passes the rest of the turn
    (the step is skipped). Move a Card gives two pyramids that turn.
    """

    type: Literal["three_actions"]  # type: ignore[assignment]  # (a block built on another's names its own type)
    phased: ClassVar[bool] = True

    def after_card(self, game: "Game", state: "State", move: Place) -> bool:
        data = rising(state)
        data.to_play = 2 if data.two_pyramids else 1
        data.two_pyramids = False
        state.phase = "pyramid"
        if can_stand_pyramid(state):
            return True
        return self._done(state)

    def _done(self, state: "State") -> bool:
        state.phase = "play"
        rising(state).to_play = 0
        return False

    def phase_moves(self, game: "Game", state: "State") -> Any:
        """Every pyramid the player may stand now: candidates from each quarter's colour and the card's size.

        The same rules as pyramid_reason, generated instead of tried one by one.
        """
        rows, count = pyramid_rows(state)
        return PyramidGroup(rows, count) if rows else []

    def check_phase_move(self, game: "Game", state: "State", move: Move) -> None:
        if not isinstance(move, PlacePyramid):
            raise refused("step", "now play a pyramid from your supply on a card")
        if move.pyramid not in rising(state).supply[state.turn]:
            raise refused("no_pyramid", f"{state.players[state.turn]} has no {size_name(move.pyramid[0])} "
                                        f"{colour_name(move.pyramid[1])} pyramid left", pyramid=move.pyramid)
        why = pyramid_reason(state, move.cell, move.level, move.quarter, move.pyramid)
        if why:
            code = "no_card" if face_at(state, move.cell, move.level) is None else "pyramid_there"
            raise refused(code, why, pyramid=move.pyramid)

    def apply_phase_move(self, game: "Game", state: "State", move: Move) -> bool:
        assert isinstance(move, PlacePyramid)  # (checked by check_phase_move)
        data = rising(state)
        supply = list(data.supply[state.turn])  # replaced, not changed: copies of the state share the lists
        supply.remove(move.pyramid)
        data.supply[state.turn] = supply
        where = spot(move.cell, move.level)
        places = list(data.pyramids.get(where, _NO_PYRAMIDS))
        first = not any(places)
        places[move.quarter] = move.pyramid
        data.pyramids[where] = places
        index = data.spots
        if index is not None:
            data.spots = index.stood(where, places, first, data) if index.mark is marked(state.table) else None
        state.passes = 0
        data.to_play -= 1
        if data.to_play > 0 and can_stand_pyramid(state):
            return True
        return self._done(state)


@block("action", "trade_pyramids")
class TradePyramidsBlock(ActionBlock):
    """Aquarius Rising's Zap a Card: "trade all unplayed pyramids with one other player"."""

    type: Literal["trade_pyramids"]
    may_win: ClassVar[bool] = False
    move_type = TradePyramids

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [TradePyramids(other) for other in range(len(state.players)) if other != seat]

    def check(self, game: Game, state: State, seat: int, move: TradePyramids) -> None:
        _other_seat(state, seat, move.seat, "trade pyramids")

    def apply(self, game: Game, state: State, seat: int, move: TradePyramids) -> None:
        supply = rising(state).supply
        supply[seat], supply[move.seat] = supply[move.seat], supply[seat]


@block("action", "two_pyramids")
class TwoPyramidsBlock(ActionBlock):
    """Aquarius Rising's Move a Card: "place two pyramids instead of one" this turn."""

    type: Literal["two_pyramids"]
    may_win: ClassVar[bool] = False
    move_type = TwoPyramids

    def moves(self, game: Game, state: State, seat: int) -> list[Move]:
        return [TwoPyramids()]

    def apply(self, game: Game, state: State, seat: int, move: TwoPyramids) -> None:
        rising(state).two_pyramids = True


@block("end", "highest_element")
class HighestElementBlock(Block):
    """The end of Aquarius Rising and its winner.

    "The game ends when no one can do any of the three actions any more":
    ruling, when the deck is empty and every player in turn has played neither
    a card nor a pyramid. Then "the Element that is highest (in real height from
    the table) wins", with the tie-break chain; only goal elements can win, and
    players whose goals tie share the win.
    """

    type: Literal["highest_element"]
    pips: Literal["house", "height"] = block_field(
        "house", description="tie-break pips: in the house(s) of the highest point (English) or at that height "
                                   "(French); the same reading counts them again at the secondary height"
    )
    reason: ClassVar[str] = "highest element"

    def finished(self, game: Game, state: State) -> bool:
        return not state.deck and state.passes >= len(state.players)

    def keys(self, state: State) -> dict[str, Key]:
        groups = {name: state.table.largest_group(BIT[LETTERS[i]]) for i, name in enumerate(ELEMENTS)}
        return state_ranking_keys(state, groups, self.pips)

    def winners(self, game: Game, state: State, last_player: int) -> list[int]:
        cards = game.deck.cards
        goals = [cards[g].code if g is not None else None for g in state.goals]
        best = winners_among(self.keys(state), [g for g in goals if g])
        if not best:
            return list(range(len(state.players)))
        return [seat for seat, goal in enumerate(goals) if goal in best]


def structure_errors(game: "Game", state: "State", position: Position) -> list[str]:
    """Why a position's houses and pyramids could not come from legal plays (empty when they could)."""
    errors = []
    data = rising(state)
    pyramids = data.pyramids
    wild_allowed = {"w": game.setup.white, "c": game.setup.clear}
    counts: dict[str, int] = {}
    for (cell, level), places in sorted(pyramids.items()):
        card = face_at(state, cell, level)
        where = f"{cell[0]},{cell[1]}" + (f" storey {level}" if level else "")
        if card is not None and card.kind == "dragon" and any(places):
            errors.append(f"no pyramid may stand on the Aquarius Dragon (at {where})")
            continue
        sizes = {p[0] for p in places if p}
        if len(sizes) > 1:
            errors.append(f"the pyramids on the card at {where} are of different sizes")
        for quarter, pyramid in enumerate(places):
            if pyramid is None:
                continue
            counts[pyramid] = counts.get(pyramid, 0) + 1
            if pyramid[1] in WILD:
                if not wild_allowed[pyramid[1]]:
                    variant = "to_the_clouds" if pyramid[1] == "w" else "sky_high"
                    errors.append(f"a {colour_name(pyramid[1])} pyramid at {where} needs the {variant} option")
                continue
            letter = quarter_letter(card.code, quarter)  # type: ignore[union-attr]  # (pyramids stand on a card)
            if letter is None or PYRAMID_COLOUR[letter] != pyramid[1]:
                errors.append(f"a {colour_name(pyramid[1])} pyramid stands on "
                              f"{ELEMENT_OF[letter] if letter else 'a wild'} at {where} {('TL', 'TR', 'BL', 'BR')[quarter]}")
        x, y = cell
        for dx, dy in ((1, 0), (0, 1)):
            near = pyramids.get(((x + dx, y + dy), level))
            if near and any(near) and any(places):
                errors.append(f"the cards at {x},{y} and {x + dx},{y + dy} both hold pyramids, side by side")
    for pyramid, count in sorted(counts.items()):
        limit = 4 if pyramid[1] not in WILD else 5
        if count > limit:
            errors.append(f"{count} {size_name(pyramid[0])} {colour_name(pyramid[1])} pyramids: there are {limit}")
    for (cell, level), (_, code) in sorted(data.storeys.items()):
        below = pyramids.get((cell, level - 1), _NO_PYRAMIDS)
        where = f"{cell[0]},{cell[1]} storey {level}"
        if not all(below):
            errors.append(f"the card at {where} rests on {sum(map(bool, below))} pyramids, not four")
        elif not vertical_matches(state, cell, level, face(code)):
            errors.append(f"the card at {where} matches no element to the pyramids below it")
    return errors
