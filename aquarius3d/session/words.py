"""What the session says in words: the prompt for the stage, why a spot takes nothing, the goal lines,
the end screen (and the winning groups it lights). Functions of what a session shows (shown.py), which calls them; each
reads only that (its observation, stage and choices), never another seat's secrets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import face
from ..core.vocabulary import BIT, LETTER_OF
from ..engine.moves import Move, RotateGoals, ShuffleGoals, ShuffleHands, TradeGoals, TradeHands, TradePyramids, TwoPyramids
from ..games.aquarius.narration import card_words, sentence
from ..games.rising.state import RisingData
from ..i18n import action_name, element_name, tr
from . import refusals
from .rows import row
from .spots import shared_spots
from .stages import Stage

if TYPE_CHECKING:
    from .shown import Shown


def rising_seat_line(session: Shown, seat: int, cards: int) -> str:
    """An Aquarius Rising seat in one line, "Ann: 3 cards, 12 pyramids" (the HUD and the label at its tray)."""
    data = session.state.data
    pyramids = len(data.supply[seat]) if isinstance(data, RisingData) else 0  # (public: every tray is in view)
    counts = tr("seat_cards_pyramids", cards=tr("count_cards", count=cards), pyramids=tr("count_pyramids", count=pyramids))
    return tr("name_and_counts", name=session.seats[seat].name, counts=counts)


def goal_text(session: Shown) -> str | None:
    """The viewer's goal while they peek (press and hold)."""
    seen = session.observation()
    if session.goal_news_open and seen["goal"] is not None:  # (the mover's, their move gave it them: shown open)
        return tr("goal_news", element=element_name(seen["goal"]))
    if not session.peeking or seen["goal"] is None:
        return None
    return tr("hud_goal", element=element_name(seen["goal"]))


def action_effect(session: Shown) -> str:
    """What the action card in play does in this game, in a sentence (its block's: Elemental Towers' Zap a Card puts
    the card back into the deck, Aquarius' into the hand)."""
    block = session.game.actions.get(session.action or "")
    return tr(f"action_effect_{block.type}") if block is not None else ""


def hint(session: Shown) -> str:
    """One line telling the player what to do now."""
    if session.goal_news_open:  # (the cover waits for the mover's Done)
        return tr("goal_news_hint", name=session.seats[session.seat].name)
    own = session.flow.hint(session.choice)
    if own is not None:
        return own
    if session.stage == Stage.CHOOSE:
        return tr("hud_pass") if session.can_pass() else tr("hud_choose_card")
    if session.stage == Stage.PLACE:
        card = card_words(session.chosen_code() or "")
        if not session.fits(False) and not session.fits(True):
            return sentence(tr("hud_no_spot", card=card))
        # Elemental Towers: the drawn card must be played, so there is nothing to cancel.
        cancel = "" if session.flow.must_play_drawn else " " + tr("hud_esc_cancel")
        if not session.spots():  # nothing glows this way round (a playtest read "Click a glowing spot" so)
            return sentence(tr("hud_only_turned", card=card, count=session.fits(not session.turned))) + cancel
        return place_hint(session, session.chosen_code() or "")
    if session.stage == Stage.PLAYER:
        return tr("hud_choose_player", action=action_name(session.action or ""))
    if session.stage == Stage.TABLE_CARD:  # (what taking a card does, in this game: a playtester met Elemental
        # Towers' drawn Zap a Card with no word of it but on the card, under the pointer)
        return tr("hud_choose_table_card", action=action_name(session.action or ""), effect=action_effect(session))
    if session.stage == Stage.TARGET:
        return tr("hud_choose_target", action=action_name(session.action or ""))
    if session.stage == Stage.DIRECTION:  # (who would receive whose goal, either way, is said on the buttons)
        return tr("hud_choose_direction", action=action_name(session.action or ""))
    if session.stage == Stage.CONFIRM:
        return tr("hud_confirm_action", action=action_name(session.action or ""))
    if session.stage == Stage.COMPUTER:
        return tr("hud_bot_thinking", name=session.seats[session.seat].name)
    if session.stage == Stage.REMOTE:
        return tr("hud_remote_turn", name=session.seats[session.seat].name)
    return ""


def place_hint(session: Shown, code: str) -> str:
    """The prompt while an element card waits for its spot."""
    return tr("hud_place_drawn" if session.flow.must_play_drawn else "hud_place_card", card=card_words(code))


def hint_to_come(session: Shown) -> str | None:
    """While the player chooses a card: the longest prompt one of the hand's element cards chosen would bring (the
    strip keeps room for it, so that choosing a card does not move the camera); None at any other step."""
    if session.stage != Stage.CHOOSE or session.flow.hint(session.choice) is not None:
        return None
    codes = [card["code"] for card in session.observation()["hand"] if card.get("kind") == "element"]
    return max((place_hint(session, code) for code in codes), key=len, default=None)


def says(session: Shown, move: Move) -> str:
    """What an option of the HUD does, in words, said on its button after its name (session/choice.py: Option)."""
    seen = session.observation()
    names = [s.name for s in session.seats]
    if isinstance(move, TradeHands):
        sizes = seen["hand_sizes"]  # (the Trade Hands card leaves the hand before the swap: it is not given)
        yours = max(0, sizes[session.seat] - 1)
        return tr("says_trade_hands", other=names[move.seat], yours=tr("count_cards", count=yours),
                  theirs=tr("count_cards", count=sizes[move.seat]))
    if isinstance(move, TradeGoals):
        return tr("says_trade_goals_pile") if move.seat is None else tr("says_trade_goals", other=names[move.seat])
    if isinstance(move, TradePyramids):
        data = session.state.data
        supply = data.supply if isinstance(data, RisingData) else []  # (public: every tray is in view)
        count = [len(supply[seat]) if seat < len(supply) else 0 for seat in (session.seat, move.seat)]
        return tr("says_trade_pyramids", other=names[move.seat], yours=tr("count_pyramids", count=count[0]),
                  theirs=tr("count_pyramids", count=count[1]))
    if isinstance(move, RotateGoals):
        return tr(f"says_rotate_{move.direction}", who=passing(names, move.direction, bool(session.state.unused_goals)))
    if isinstance(move, ShuffleHands):
        return tr("says_shuffle_hands")
    if isinstance(move, ShuffleGoals):
        block = session.game.actions.get("shuffle_goals")
        return tr("says_shuffle_goals_unused" if getattr(block, "include_unused", False) else "says_shuffle_goals")
    if isinstance(move, TwoPyramids):
        return tr("says_two_pyramids")
    return ""


def passing(names: list[str], direction: str, pile: bool) -> str:
    """Where each goal goes when the goals rotate, short: "Ann's to Bo, Bo's to Cy, Cy's to Ann" (the unused goals
    are a place in the ring between the last seat and the first, as Rotate Goals plays it)."""
    places: list[int | None] = list(range(len(names))) + ([None] if pile else [])
    step = 1 if direction == "left" else -1
    parts = []
    for i, giver in enumerate(places):
        taker = places[(i + step) % len(places)]
        if giver is None:
            parts.append(tr("pass_from_pile", taker=names[taker] if taker is not None else ""))
        elif taker is None:
            parts.append(tr("pass_to_pile", giver=names[giver]))
        else:
            parts.append(tr("pass_part", giver=names[giver], taker=names[taker]))
    return ", ".join(parts)


def why_not_there(session: Shown, cell: tuple[int, int]) -> str:
    """Why the chosen card cannot go to a cell with no glowing spot, in the player's language."""
    table = session.state.table
    if cell in table.cards and cell != session.source:
        return tr("refuse_taken")
    if not any((cell[0] + dx, cell[1] + dy) in table.cards and (cell[0] + dx, cell[1] + dy) != session.source
               for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
        return tr("refuse_not_next")
    code = session.chosen_code() if session.stage == Stage.PLACE else table.faces[session.source].code
    code = code or ""
    lies = face(code).turned.code if session.turned else code
    other_way = session.choice.but(turned=not session.turned)  # would it go there turned round?
    fits = any(spot.cell == cell for spot in shared_spots(session.game, session.state, session.flow, other_way,
                                                          session.chosen_code()).values())
    return tr("refuse_turn" if fits else "refuse_no_fit", card=card_words(lies))


def refusal(session: Shown, move: Move | str) -> str:
    """Why the rules refuse a move, in words and in the player's language (refusals.py)."""
    return refusals.refusal(session.game, session.state, [s.name for s in session.seats], move)


def replay_refusal(session: Shown, index: int, move: Move | str) -> str:
    """Why move `index` of a saved game cannot be replayed, in words: "move 4 cannot be replayed: ..."."""
    return tr("load_bad_move", number=index + 1, reason=refusal(session, move))


def goal_hint(session: Shown) -> str:
    """The line by the goal card when not peeking: how to peek; in Aqua-Chicken also the goals the
    viewer turned in to Shuffle Goals, which they may see without it counting as a look."""
    seen = session.observation()
    if seen["goal"] is None:
        return ""
    viewer = session.viewer  # a goal traded, rotated or shuffled since the viewer last looked: said (a playtest)
    changed = [tr("hud_goal_changed")] if viewer in session.goals_seen \
        and session.goals_seen[viewer] != seen["goal"] else []
    if not session.chicken:
        return "\n".join(changed + [tr("hud_goal_hint")])
    old = seen["goals_turned_in"]
    lines = [tr("chicken_turned_in", elements=", ".join(element_name(g) for g in old))] if old else []
    return "\n".join(changed + lines + [tr("chicken_hint")])


def summary(session: Shown) -> list[str]:
    """The end screen's lines."""
    state, cards = session.state, session.game.deck.cards
    own = session.flow.summary()
    if own is not None:
        return own
    names = " & ".join(session.seats[s].name for s in state.winners)
    lines = [tr("end_winner" if len(state.winners) == 1 else "end_winners", names=names)]
    reasons = session.flow.reason_lines()
    if reasons is not None:
        lines.extend(reasons)
    elif state.end_reason == "goal":
        for seat in state.winners:
            goal = state.goals[seat]
            if goal is None:
                continue
            element = cards[goal].code
            size = state.table.largest_group(BIT[LETTER_OF[element]])
            lines.append(tr("end_reason_goal", element=element_name(element), count=size))
    elif state.end_reason == "deck out":
        lines.append(tr("end_reason_deck"))
    goals = [row(s.name, element_name(cards[g].code)) for s, g in zip(session.seats, state.goals) if g is not None]
    if goals:  # (a table: session/rows.py)
        lines.extend([row("", tr("end_goal_column")), *goals])
    lines.extend(session.flow.extra_lines())
    if session.chicken:
        names = " & ".join(session.seats[i].name for i in session.chicken_winners())
        lines.append(tr("chicken_winner", names=names))
    return lines


def winning_cells(session: Shown) -> set[tuple[int, int]]:
    """Cells of the winners' largest groups of their goal element (for the highlight)."""
    cells: set[tuple[int, int]] = set()
    if not session.state.over:
        return cells
    cards = session.game.deck.cards
    for seat in session.state.winners:
        goal = session.state.goals[seat]
        if goal is None:
            continue
        groups = session.state.table.groups(BIT[LETTER_OF[cards[goal].code]])
        if groups:
            cells |= {cell for cell, _ in max(groups, key=len)}
    return cells


def chicken_winners(session: Shown) -> list[int]:
    """The Aqua-Chicken side game: those who never looked, else whoever looked last."""
    players = [i for i, s in enumerate(session.seats) if s.kind != "computer"]  # (a remote player's: their `look`)
    never = [i for i in players if i not in session.looks]
    if never or not players:
        return never
    last = max(session.looks[i] for i in players)
    return [i for i in players if session.looks[i] == last]
