"""What the host sends a seat about the game, and how a player's side reads it back.

A seat is sent its view: `Game.observe(state, seat)` (engine/hidden.py), the same a computer player is given,
in which every card the seat cannot see is a hole (-1), written as `State.to_dict` writes a state. Nothing
else of the state leaves the host. The observation itself leaves out what no seat may know beyond the holes
(the random source, the setup's preset: Elemental Towers' `same_deck` lists a deck's cards; Elemental Towers'
`data.deck_cards`, the cards dealt into the deck, which would tell which are in the unseen box), and the two
fields it keeps empty, `rng` and `preset`, are not sent at all. In Aqua-Chicken a player's own goal is a hole
too until they look at it (their `look`: the host counts the look, as the side game wants). A player's side
rebuilds the view as a `State` (`view_state`) and, for a computer client, an `Observation`.

The public rest of a message (the log in words, the events, the seats) comes from the session, which says
nothing in them that every player at one table could not see (session/shown.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.hidden import HIDDEN, Observation
from ..engine.state import State
from ..session.events import Event, Joined, Played, RoundOver, TakenBack

if TYPE_CHECKING:
    from ..engine.game import Game

WITHHELD = ("rng", "preset")  # fields of a view, always empty, never sent (a player's side puts them back)


def seat_view(game: Game, state: State, seat: int, goal_unseen: bool = False) -> dict[str, Any]:
    """What one seat may know of the state, ready to send (see the module docstring). `goal_unseen`: Aqua-Chicken,
    the seat's player has not looked at their goal yet: it is a hole too, until their `look`."""
    seen = game.observe(state, seat).view
    if goal_unseen and seat < len(seen.goals) and seen.goals[seat] is not None:
        seen.goals[seat] = HIDDEN
        if seat < len(seen.known):  # (nor where it lies, had the seat seen it go there)
            seen.known[seat] = {card: place for card, place in seen.known[seat].items() if place != ("goal", seat)}
    view = seen.to_dict()
    for key in WITHHELD:
        del view[key]
    return view


def view_state(view: dict[str, Any]) -> State:
    """A view as received, made a State again (its holes stay holes); ValueError if it cannot be."""
    try:
        return State.from_dict({**view, "rng": "0", "preset": None})
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"the host sent a view that cannot be read ({exc.__class__.__name__}: {exc})") from None


def observation_of(view: dict[str, Any], seat: int) -> Observation:
    """A computer client's observation: exactly what the host's own computer seats are handed."""
    return Observation(seat, view_state(view))


def event_message(event: Event) -> dict[str, Any] | None:
    """A public event as sent (a refusal is not one: it goes to the seat refused alone, as `refused`)."""
    if isinstance(event, Played):
        result = event.result
        return {"type": "played", "seat": event.seat, "move": str(result.move), "bonus": result.bonus,
                "over": result.over, "said": event.said, "notice": event.notice}
    if isinstance(event, Joined):
        return {"type": "joined", "seat": event.seat}
    if isinstance(event, TakenBack):
        return {"type": "taken_back", "seat": event.seat}
    if isinstance(event, RoundOver):
        return {"type": "round_over", "number": event.number}
    return None
