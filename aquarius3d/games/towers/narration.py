"""Elemental Towers' moves in words (builds, moves of pieces, the drawn actions); placing a card as in Aquarius."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.game import ApplyResult, Game
from ...engine.moves import Build, DraftDiscard, Shift, Skip, SwapRow, TradePiece, Zap, cell_text
from ...engine.state import State
from ...i18n import action_name, element_name, pyramid_name, tr
from ...core.vocabulary import COLOURS, ELEMENT_NAME_OF_COLOUR, ELEMENT_OF, QUARTERS
from ..aquarius import narration as aquarius
from .pieces import piece_at, pieces_of
from .state import towers

if TYPE_CHECKING:
    from ...engine.table import Cell


def panel(state: State, cell: Cell, space: str, faces: dict[Cell, str] | None = None) -> str:
    """A space in words: "the Fire panel of the Fire–Water card" (French "le panneau Feu de la carte Feu–Eau")."""
    code = (faces if faces is not None else {c: f.code for c, f in state.table.faces.items()})[(cell[0], cell[1])]
    letter = code[QUARTERS.index(space)]
    return tr("panel_of", element=element_name(ELEMENT_OF[letter]), card=aquarius.card_words(code, "of"))


NEXT = {(0, 1): "panel_next_above", (0, -1): "panel_next_below", (-1, 0): "panel_next_left",
        (1, 0): "panel_next_right"}


def next_panel(state: State, move: Shift) -> str:
    """The space a piece moved to on the card beside its own, by that side: "the Space panel of the card above"
    (said when both cards have one name, where "the Space panel of the Water–Space card" would not tell them apart)."""
    code = state.table.faces[(move.to_cell[0], move.to_cell[1])].code
    side = (move.to_cell[0] - move.cell[0], move.to_cell[1] - move.cell[1])
    element = element_name(ELEMENT_OF[code[QUARTERS.index(move.to_space)]])
    return tr(NEXT[side], element=element) if side in NEXT else panel(state, move.to_cell, move.to_space)


def piece_words(piece: list[str]) -> str:
    """A pyramid or a tower in words, bottom first: "the small red pyramid", "the red tower (medium and small)"."""
    if len(piece) == 1:
        return tr("log_the_pyramid", pyramid=pyramid_name(piece[0]))
    sizes = [tr(f"size_{kind[0]}") for kind in piece]
    return tr("log_the_tower", colour=tr(f"colour_{piece[0][1]}"), sizes=tr("log_and").join(
        [", ".join(sizes[:-1]), sizes[-1]]))


def row_words(game: Game, goals: list[int]) -> str:
    """A scoring row (its goal cards), top first, with each place's points: "Water 5, Fire 4, Air 3, Earth 2, Space 1"."""
    values = game.end.values
    return ", ".join(f"{element_name(game.deck.cards[g].code)} {values[i] if i < len(values) else 0}"
                     for i, g in enumerate(goals))


def describe(game: Game, state: State, names: list[str], result: ApplyResult, before: dict[Cell, str] | None = None,
             previous: State | None = None) -> str:
    """A move in words, a sentence with its player: what went where, from where. `previous`, the state before the
    move, lets it say what the move took or replaced (the piece moved off a space, the colour of an action let go,
    the pyramid traded away, the draft's three cards); without it the line says less."""
    move = result.move
    name = names[result.seat] if result.seat < len(names) else ""
    if isinstance(move, Build):
        piece = piece_at(state, move.cell, move.space)
        assert piece is not None  # (described once built)
        return tr("log_build", name=name, pyramid=pyramid_name(piece[0]), where=panel(state, move.cell, move.space))
    if isinstance(move, Shift):
        piece = piece_at(state, move.to_cell, move.to_space)
        assert piece is not None  # (described once shifted)
        moved = piece_at(previous, move.cell, move.space) if previous is not None else None
        moved = moved if moved else piece
        source, target = panel(state, move.cell, move.space, before), panel(state, move.to_cell, move.to_space)
        faces = before if before is not None else {c: f.code for c, f in state.table.faces.items()}
        here, there = faces.get((move.cell[0], move.cell[1])), state.table.faces[(move.to_cell[0], move.to_cell[1])]
        if here is not None and move.to_cell != move.cell and aquarius.card_words(here) == aquarius.card_words(there.code):
            target = next_panel(state, move)  # two cards of one name: the target by where it lies from the source
        if len(piece) == len(moved):  # onto an empty space
            return tr("log_shift", name=name, piece=piece_words(moved), source=source, target=target)
        below = piece[:len(piece) - len(moved)]
        key = "log_shift_complete" if len(piece) == 3 else "log_shift_stack"
        return tr(key, name=name, piece=piece_words(moved), below=piece_words(below), source=source, target=target,
                  colour=tr(f"colour_{piece[0][1]}"))
    if isinstance(move, Skip):
        pending = towers(previous).pending if previous is not None else []
        if 0 <= move.match < len(pending):
            return tr("log_skip_colour", name=name, colour=tr(f"colour_{pending[move.match].colour}"))
        return tr("log_skip", name=name)
    if isinstance(move, SwapRow):
        # the row as the swap left it (a Shuffle Goals drawn next may have changed the state's since: told apart)
        goals = list(previous.unused_goals if previous is not None else state.unused_goals)
        if previous is not None:
            goals[move.index], goals[move.index + 1] = goals[move.index + 1], goals[move.index]
        row = [element_name(game.deck.cards[g].code) for g in goals]
        return tr("log_swap_row", name=name, first=row[move.index + 1], second=row[move.index],
                  row=row_words(game, goals))
    if isinstance(move, TradePiece):
        piece = piece_at(state, move.cell, move.space)
        assert piece is not None  # (described once traded)
        old = piece_at(previous, move.cell, move.space) if previous is not None else None
        where = panel(state, move.cell, move.space)
        if old:
            return tr("log_trade_piece_for", name=name, pyramid=pyramid_name(old[0]), other=pyramid_name(piece[0]),
                      where=where)
        return tr("log_trade_piece", name=name, pyramid=pyramid_name(piece[0]), where=where)
    if isinstance(move, DraftDiscard):
        offer = towers(previous).draft_offer if previous is not None else []
        if 0 <= move.index < len(offer):
            cards = [aquarius.card_words(card.code) if card.kind == "element" else action_name(card.code)
                     for card in (game.deck.cards[c] for c in offer)]
            kept = [card for i, card in enumerate(cards) if i != move.index]
            return tr("log_draft_cards", name=name, kept=tr("log_and").join(kept) if kept else "-",
                      discarded=cards[move.index])
        return tr("log_draft")
    if isinstance(move, Zap):
        pieces = pieces_of(previous).get((move.cell[0], move.cell[1]), {}) if previous is not None else {}
        count = sum(len(piece) for piece in pieces.values())
        card = aquarius.taken(before, move.cell)
        if count:
            return tr("log_towers_zap_pieces", name=name, card=card, count=count)
        return tr("log_towers_zap", name=name, card=card)
    return aquarius.describe(game, state, names, result, before)


def events(state: State, game: Game, name: str) -> list[str]:
    """Action cards the player `name` drew that acted at once (Shuffle Goals: and the row it made) or could not, in
    words: "Ann drew Shuffle Goals: done". Two Shuffle Goals drawn in one move say the row once, after the second
    (it is the row both made: it was said after each, the final row twice)."""
    lines = []
    found = list(towers(state).events)
    for i, event in enumerate(found):
        action, outcome = event.split(": ")
        done = outcome == "done"
        lines.append(tr("log_drew_done" if done else "log_drew_impossible", name=name, action=action_name(action)))
        if done and action == "shuffle_goals" and event not in found[i + 1:]:
            lines.append(tr("log_shuffled_row", row=row_words(game, state.unused_goals)))
    return lines


Tower = tuple["Cell", str, str, int]  # a complete tower: its cell, its space, its colour, its points (pieces.score_of)
Change = tuple[Tower | None, Tower | None]  # a tower before a move and after it: None where it stood not (new, gone)


def tower_changes(game: Game, before: State, after: State) -> list[Change]:
    """The complete towers a move (and the action cards it drew) changed the points of: a tower completed, a tower
    gone (zapped, or come apart), a tower whose element moved in the scoring row. One that moved (Move a Card, or a
    tower moved a space on) is the same tower, unchanged if its points are: a tower gone and one new of its colour."""
    from .pieces import score_of

    old, new = score_of(game, before)[1], score_of(game, after)[1]
    gone = [t for t in old if t[:3] not in {n[:3] for n in new}]
    came = [t for t in new if t[:3] not in {o[:3] for o in old}]
    changes: list[Change] = [(o, n) for o in old for n in new if o[:3] == n[:3] and o[3] != n[3]]
    for tower in list(came):  # (a tower moved: paired with one gone of its colour)
        twin = next((t for t in gone if t[2] == tower[2]), None)
        if twin is not None:
            gone.remove(twin)
            came.remove(tower)
            if twin[3] != tower[3]:
                changes.append((twin, tower))
    return changes + [(None, t) for t in came] + [(t, None) for t in gone]


def score_words(game: Game, before: State, after: State, changes: list[Change], rank: str) -> str | None:
    """What a move changed of the score, in a sentence: "Score 9 (Apprentice): the Fire tower on the Fire–Water card
    scores 4." (each tower by its element and the card it stands on, and the mastery bonus won or lost); None when
    it changed nothing."""
    from .pieces import score_of

    total = score_of(game, after)[0]
    parts = []
    for old, new in changes:
        tower, state = (new, after) if new is not None else (old, before)
        assert tower is not None  # (a change has a tower before or after it)
        cell, _space, colour, value = tower
        words = {"element": element_name(ELEMENT_NAME_OF_COLOUR[colour]), "where": on_card(state, cell)}
        if old is None:
            parts.append(tr("towers_scored_new", value=value, **words))
        elif new is None:
            parts.append(tr("towers_scored_lost", value=value, **words))
        else:
            parts.append(tr("towers_scored_value", value=value, old=old[3], **words))
    colours = [{t[2] for t in score_of(game, state)[1]} for state in (before, after)]
    every = [len(found) == len(COLOURS) for found in colours]
    if every[0] != every[1]:
        parts.append(tr("towers_scored_mastery" if every[1] else "towers_scored_mastery_lost",
                        bonus=game.end.mastery_bonus))
    if not parts:
        return None
    return tr("towers_score_notice", score=total, rank=rank, changes=tr("towers_scored_join").join(parts))


def on_card(state: State, cell: Cell) -> str:
    """Where a tower stands, in words: "on the Fire–Water card"."""
    face = state.table.faces.get((cell[0], cell[1]))
    return tr("on_card", card=aquarius.card_words(face.code)) if face is not None else \
        tr("where_cell", cell=cell_text(cell))
