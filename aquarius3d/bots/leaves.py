"""What a searched position is worth to a seat, as a reward in [0, 1], for the `hard` player (bots/hard.py).

The leaves are whole sampled worlds (determinizations), so the goals of the other seats are those of the
world: each family's medium evaluation is asked with those goals as sure threats. In Aquarius the leaf also
counts what medium weighs move by move: 1 per empty cell beside the goal element (open ends), 2 per element
card in hand and 4 per action card kept (15 for an answer to a rival about to win, as hard's ranking keeps them:
aquarius_eval.KEEP_ANSWER). The search stops at the seat's own turn, so an Aquarius leaf where an element card in
the seat's hand completes its goal group now is worth 1 (the win is certain in that world), and one where another
seat holds such a card (in the world's hands, dealt consistently with what the seat saw) keeps only
`RIVAL_FINISH` of its worth: the seat to play can seldom stop it (against three medium players, 0.2 s a move:
277 wins in 720 games on fresh seeds 5150923, 9034417 and 4418829, against 260 without these two terms, a
paired gain of 2.3 points, interval -0.8 to 5.4; 0.15 and 1.0, the rival term left out, did no better on a
development seed). In Aquarius Rising it counts 60 per goal action (Trade or Rotate Goals) in
the seat's hand: the last goal action played decides most games (bots/rising_goals.py). An ended game is worth
1 for a win (1/k for a win shared by k) and 0 otherwise (Elemental Towers, a solitaire, is judged
by its evaluation to the end: its final score counts in it). In Dominus played as one round (the default) a
position still in play is worth the seat's chance to win the round (bots/dominus_eval.win_chance, a model of the
race to empty the hand). Any other position still in play is squashed by a logistic
around the value of the position the search started from, with a scale per family (`SCALE`, in the
evaluation's units: 10 a panel in Aquarius, a millimetre in Rising, a point in Dominus, 20 a point of
score in Elemental Towers).
"""

from __future__ import annotations

import math

from ..cards import face
from .aquarius_eval import _LOW, ANSWER_CODES, KEEP_ACTION, KEEP_ANSWER, grown_size

WIN_SCORE = 1_000_000.0  # medium's score for a move that wins at once
OPEN_END, CARD = 1.0, 2.0  # Aquarius: a frontier cell beside the goal element; an element card in hand
RIVAL_FINISH = 0.3  # Aquarius: a leaf's worth kept when another seat holds a card that completes its goal
NEAR_WIN = 3  # Aquarius: the leaf looks for a finishing card when the goal group is this close to the target
SCALE = {"aquarius": 15.0, "rising": 20.0, "dominus": 4.0, "towers": 40.0}


def has_leaf(game) -> bool:
    """Whether the family has an evaluation of whole positions (Elemental Connections, without goals, has not)."""
    if game.family == "aquarius":
        return bool(game.goal_ids())
    return game.family in SCALE


def value(game, world, seat: int) -> float:
    """The family's evaluation of a position still in play, for `seat`, with the world's goals."""
    cards = game.deck.cards
    if game.family == "aquarius":
        from .aquarius_eval import Judge
        from ..vocabulary import BIT, LETTER_OF

        judge = Judge(game, game.observe(world, seat))
        rivals = {BIT[LETTER_OF[cards[g].code]] for s, g in enumerate(world.goals) if s != seat and g is not None}
        threat = {bit: (1.0 if bit in rivals else 0.0) for bit in judge.threat}
        spread = judge.mine * _LOW
        open_ends = sum(1 for need in world.table.need.values() if need & spread)
        hand = world.hands[seat]
        actions = sum(1 for c in hand if cards[c].kind == "action")
        answers = sum(1 for c in hand if cards[c].kind == "action" and cards[c].code in ANSWER_CODES)
        return (judge.value(judge.base, threat=threat) + OPEN_END * open_ends + CARD * (len(hand) - actions)
                + KEEP_ACTION * (actions - answers) + KEEP_ANSWER * answers)
    if game.family == "rising":
        from .rising_eval import position_value

        goal = str(cards[world.goals[seat]].code)
        rivals = {str(cards[g].code) for s, g in enumerate(world.goals) if s != seat and g is not None}
        from .rising_eval import GOAL_CARD
        from .rising_goals import is_goal_action

        held = sum(1 for c in world.hands[seat] if is_goal_action(game, c))  # the last goal action decides
        return position_value(game, world, seat, goal, {e: 1.0 for e in rivals if e != goal}) + GOAL_CARD * held
    if game.family == "dominus":
        hand = [game.scoring.hand_value(game, h) for h in world.hands]
        scores = world.data.scores if world.data is not None and world.data.scores else [0] * len(world.hands)
        others = [s for s in range(len(world.hands)) if s != seat]
        lead = scores[seat] - max(scores[s] for s in others)
        return lead + 0.5 * (sum(hand[s] for s in others) / len(others) - hand[seat]) + 2.0 * (
            sum(len(world.hands[s]) for s in others) / len(others) - len(world.hands[seat]))
    from .towers_eval import position_value as towers_value

    return towers_value(game, world)


def wins_now(game, world, seat: int) -> bool:
    """Aquarius: whether an element card in the seat's hand, placed now, completes its goal group (at a leaf, the
    seat's own turn: the win is certain in that world)."""
    goal = world.goals[seat]
    if world.phase != "play" or goal is None:
        return False
    mine = game.goal_bit[goal]
    table = world.table
    target = game.win.target(world, seat) if game.win.target is not None else game.target
    if table.largest_group(mine) < target - NEAR_WIN:
        return False
    spread = mine * _LOW
    cells = [cell for cell, need in table.need.items() if need & spread]
    cards = game.deck.cards
    for card in world.hands[seat]:
        if cards[card].kind != "element":
            continue
        upright = face(cards[card].code)
        for lies in (upright,) if upright.symmetric else (upright, upright.turned):  # (a symmetric card lies one way)
            if not lies.bits & spread:
                continue
            panels = [p for p, mask in enumerate(lies.panels) if mask & mine]
            for cell in cells:
                if table.connects(cell, lies) and _grown(table, lies, cell, mine, panels) >= target:
                    return True
    return False


def _grown(table, lies, cell, bit: int, panels: list[int]) -> int:
    """The largest group of element `bit` that a card lying as `lies` at an empty `cell` would make."""
    joined: dict = {}
    for panel, n, their_panel, shared in table.touching(cell, lies):
        if shared & bit:
            root, size = table.group_root(n, their_panel, bit)
            joined.setdefault((panel, bit), {})[root] = size
    return grown_size(panels, bit, joined)


def rival_finishes(game, world, seat: int) -> bool:
    """Aquarius: whether another seat holds a card that would complete its goal group (at a leaf, the seat to
    play can stop at most one such threat, and seldom that)."""
    return any(wins_now(game, world, other) for other in range(len(world.goals)) if other != seat)


def outcome(world, seat: int) -> float:
    """An ended game's reward: 1 for a win, 1/k for a win shared by k, 0 for a loss."""
    if seat in world.winners:
        return 1.0 / len(world.winners)
    return 0.0


def reward(game, world, seat: int, centre: float) -> float:
    if world.over and game.family != "towers":  # a solitaire's end is judged by its score, like any position
        return outcome(world, seat)
    if game.family == "aquarius" and world.turn == seat and wins_now(game, world, seat):
        return 1.0  # the search stops at the seat's turn: a card in its hand finishes its goal now
    threatened = game.family == "aquarius" and RIVAL_FINISH < 1.0 and rival_finishes(game, world, seat)
    if game.family == "dominus" and game.rounds == 1:  # the chance to win the round, which is the game
        from .dominus_eval import win_chance

        return win_chance(game, world, seat)
    scale = SCALE.get(game.family, 10.0)
    x = (value(game, world, seat) - centre) / scale
    squashed = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))
    return squashed * RIVAL_FINISH if threatened else squashed
