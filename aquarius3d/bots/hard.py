"""The `hard` computer player: search over what its seat knows, guided by medium's judgement.

    player = HardPlayer(seed=7, think=0.2)       # about 0.2 s a move here, always the same moves for a seed
    move = player.choose(game, game.observe(state, seat))

It never sees the real state. Each simulation starts from a determinization (`Game.determinize`): the
cards the seat cannot see dealt at random consistently with what it saw (hands, goals and the deck order,
traded cards included). Two searches share that ground; `SEARCH` picks one, by measurement (README,
"Computer players"):

  shallow  (the default; measured against ISMCTS on fresh seeds, 0.2 s a move: four-player Aquarius
           against three medium players 22/60 wins for shallow, 13/60 for ISMCTS; head to head against
           medium 32/60 for shallow, 36/60 for ISMCTS: shallow for the harder, four-player test)
           determinized search one turn deep: the root moves are medium's best few
           (`WIDTH`), each tried in the same sampled worlds (common random numbers), the other seats
           answering with medium's move from their own observation of that world, until the seat's next
           turn; the leaf is judged by the family's evaluation with the world's goals (bots/leaves.py).
           Medium's first choice stands unless another move beats it world by world by more
           than DOUBT standard errors (1; half of one in Dominus). In a solitaire (Elemental Towers) one
           turn depends on no hidden card, so every candidate is tried at least once and one world may
           decide: the search then plans the whole turn (the card, then the actions it earns) instead of one step at a time,
           and the budget buys width: medium's best moves, as many as there are simulations (at least
           `WIDTH`), each in at least one world, played out until the next card is drawn (an action card drawn
           is left unresolved: the same for every candidate, and Move a Card's hundreds of choices
           cost most of a simulation otherwise: with medium's new judgement a move took about
           0.3 processor-seconds at 0.2 s, 0.1 once cut, so RATE was measured again).
  ismcts   information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012, single-observer):
           a new determinization per iteration, UCB1 over the seat's own moves, a second level for its
           next turn (medium's best few in that world, with availability counts), medium-guided
           playouts for the other seats, cut at the seat's turn after next and judged like the above.

`search="none"` plays the ranking alone (medium's judgement with the others' goals read), for comparison;
the environment variable AQUARIUS3D_HARD_SEARCH (shallow, ismcts, none) overrides the choice, so that the
arena can measure one against another.

Compound moves are kept narrow by medium's ranking: only its `WIDTH` best root moves are searched (Rising's
card step and pyramid step are separate decisions already), and the goal-changing actions (Trade, Rotate and
Shuffle Goals), whose worth hangs on whose goal is whose (not in Aquarius Rising, where medium keeps them for
the end: bots/rising_goals.py). Medium's ranking also stands as a prior that a few
noisy samples must overcome (`PRIOR`, fading as one over the square root of the samples). The sampled worlds
lean on what the others' public moves say about their goals (bots/infer.py); in Aquarius also on what their
placements say, read as medium's choices: a goal under which a placed card had a better spot is unlikely, and a
world in which a seat held a card that would have placed better is dealt again (bots/aquarius_hands.py;
`read_hands=False` or AQUARIUS3D_HARD_HANDS=0 turns that off, for comparison). A move that wins at once is
played at once. In Aquarius Rising, near the end of the deck with goal actions still to come, the card step is
judged instead by rollouts to the last goal action (bots/rising_end.py), with END_BUDGET times the simulations:
those few moves decide most games. In Aquarius that reading also changes the ranking (bots/aquarius_eval.py): the answers to a rival
about to win (Zap a Card, Move a Card, Trade and Rotate Goals) are kept until one is near, and Rotate Goals is
judged by the seat the new goal comes from.

Budget. The search runs a number of simulations (one sampled world, one root move, one reply sequence),
`iterations(game, think)`: think seconds times the simulations a second this machine managed for the family
(`RATE`, measured with tools/calibrate_hard.py on the development machine, 2 cores, when quiet; in Aquarius the
other seats' replies are scored by bots/aquarius_fast.py: the same scores, in less time). That makes
the moves a function of the seed alone, so arena results do not depend on `--workers` or the load of the
machine; `think` (default 1 s in the window, `--think` in the arena, 0.2 s for the README's figures) only
scales the count. With `timed=True` the player instead stops at the wall-clock deadline (not reproducible).
Every random choice comes from the player's own source, seeded from the game's seed and the seat.
"""

from __future__ import annotations

import math
import os
import random
import time

from . import aquarius_eval, aquarius_hands, infer, leaves, rising_end
from ..engine.moves import RotateGoals, ShuffleGoals, TradeGoals
from ..core.vocabulary import BIT, LETTER_OF
from .greedy import medium_move, scored_moves

DEFAULT_THINK = 1.0
SEARCH = "shallow"
# Dominus: 6 and half a standard error since its leaf is the chance to win the round (bots/dominus_eval.win_chance),
# which judges a searched world better than medium's one-move view (66.7% of 300 games against random on development
# seed 71001, against 65.3% with 4 and 1.0 on the same games).
WIDTH = {"aquarius": 4, "rising": 4, "dominus": 6, "towers": 8}
PRIOR = 0.15  # how far medium's ranking holds against a few noisy samples (fades as 1/sqrt(samples))
DOUBT = {"dominus": 0.5}  # shallow search: standard errors by which a move must beat medium's first choice, world by
# world (1.0 where not listed)
# Measured with tools/calibrate_hard.py --searches 120 on a quiet machine (load under 1; three runs: Aquarius 313-321,
# Rising 155-159, Dominus 1,470-1,484, Elemental Towers 155-157). The figures before (114, 106, 650, 109) were taken
# while other jobs ran, when a processor-second does much less here, so hard thought for a third to a half of its
# budget. Aquarius measured again on 2026-11-26 (ninth round, on the machine the sessions now run on, quiet, three
# runs of --searches 200 with the hands read: 503-528; this machine ran the 315 of before in about 0.11 s a move).
RATE = {"aquarius": 515.0, "rising": 155.0, "dominus": 1475.0, "towers": 155.0}  # simulations a processor-second here
MIN_ITERATIONS = 8
END_BUDGET = 4  # Aquarius Rising's end game (bots/rising_end.py): its simulations per simulation of the budget
# Aquarius Rising's other steps: their simulations per simulation of the budget. The end game's rollouts cost about
# five of the other steps' each and come in about one move in ten, so the other steps give up half their budget
# to keep a game's processor time at `think` a move on average (timed over six whole games of seed 424242: 107 ms
# a hard move, 104 for the code before the end game; 1.8 times the budget for every step won no more games, README).
RISING_OTHER = 0.5
GOAL_MOVES = (TradeGoals, RotateGoals, ShuffleGoals)
UCB_C = 0.7


def iterations(game, think: float | None) -> int:
    """The deterministic budget for `think` seconds: simulations, at least MIN_ITERATIONS."""
    seconds = DEFAULT_THINK if think is None else think
    return max(MIN_ITERATIONS, int(round(seconds * RATE.get(game.family, 50.0))))


class HardPlayer:
    level = "hard"

    def __init__(self, seed: int = 0, think: float | None = None, timed: bool = False,
                 search: str | None = None, read_goals: bool = True, read_hands: bool = True) -> None:
        self.random = random.Random(seed)
        self.think = think
        self.timed = timed
        self.search = os.environ.get("AQUARIUS3D_HARD_SEARCH") or search or SEARCH
        self.read_goals = read_goals
        self.read_hands = read_hands and os.environ.get("AQUARIUS3D_HARD_HANDS") != "0"

    def choose(self, game, observation):
        rng = self.random
        leanings, found = self._leanings(game, observation)
        scored = self._ranking(game, observation, leanings, rng)
        if not scored:
            return game.choose_move(observation.view, rng.randrange)
        if len(scored) == 1:
            return scored[0][1]
        ranked = _ranked(scored)
        best_score, best = ranked[0]
        if best_score >= leaves.WIN_SCORE or not leaves.has_leaf(game) or self.search == "none":
            return best
        budget = iterations(game, self.think)
        if game.family == "rising":
            if rising_end.applies(game, observation):  # near the end: the card played out to the last goal action
                return rising_end.choose(game, observation, ranked, budget * END_BUDGET, rng,
                                         self._sampler(game, observation, leanings, found))
            budget = max(MIN_ITERATIONS, int(round(budget * RISING_OTHER)))
        solitaire = len(observation.view.players) == 1
        # A solitaire's turn depends on no hidden card: one world judges a candidate, so the budget buys width.
        top = ranked[:max(WIDTH.get(game.family, 5), budget if solitaire else 0)]
        # Goal-changing actions are always searched: their worth hangs on whose goal is whose, which the
        # sampled worlds (leaning on the others' public moves) judge better than medium's average.
        if game.family != "rising":  # Rising holds its goal actions for the end (bots/rising_goals.py)
            top += [(score, move) for score, move in ranked[len(top):] if isinstance(move, GOAL_MOVES)]
        candidates = [move for _, move in top]
        if len(candidates) == 1:
            return candidates[0]
        scale = leaves.SCALE.get(game.family, 10.0)
        prior = [1.0 / (1.0 + math.exp(-max(-40.0, (score - best_score) / scale))) - 0.5 for score, _ in top]
        if solitaire:
            budget = max(budget, len(candidates))  # a solitaire: every candidate tried at least once
        deadline = time.perf_counter() + (DEFAULT_THINK if self.think is None else self.think) if self.timed else None
        run = _ismcts if self.search == "ismcts" else _shallow
        return run(game, observation, candidates, prior, budget, deadline, rng,
                   self._sampler(game, observation, leanings, found))

    def _leanings(self, game, observation):
        """What the others' public moves say about their goals (None where goals are not read), and, in Aquarius,
        the tests their hands must pass (bots/aquarius_hands.py)."""
        if not self.read_goals or not game.goal_ids() or game.family not in ("aquarius", "rising"):
            return None, []
        extra, found = aquarius_hands.read(game, observation) if self.read_hands else (None, [])
        return infer.evidence(game, observation, extra), found

    def _ranking(self, game, observation, leanings, rng):
        """Medium's scores of every legal move; in Aquarius, with the others' goals read from their moves."""
        if leanings is None or game.family != "aquarius":
            return scored_moves(game, observation, rng)
        moves = game.legal_moves(observation.view)
        if len(moves) == 1:
            return [(0.0, moves[0])]
        odds = {seat: {BIT[LETTER_OF[name]]: chance for name, chance in chances.items()}
                for seat, chances in infer.goal_odds(game, observation, leanings, rng).items()}
        return aquarius_eval.score_moves(game, observation, moves, rng, odds=odds)

    def _sampler(self, game, observation, leanings, found=()):
        """Draws a world consistent with the observation (the others' goals leaning on their public moves; in
        Aquarius, their hands passing the tests `found`)."""
        if leanings is None:
            return lambda rng: game.determinize(observation, rng)
        draw = lambda rng: game.determinize(infer.leaning_observation(game, observation, leanings, rng), rng)  # noqa: E731
        return aquarius_hands.sampler(game, observation, draw, list(found)) if found else draw


def _ranked(scored):
    """Medium's scores, best first; ties keep the listing order."""
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i] for i in order]


def _out_of_time(done: int, budget: int, deadline) -> bool:
    if deadline is not None:
        return time.perf_counter() >= deadline and done >= 2
    return done >= budget


# -- the playout: the other seats (and the seat's own later steps of this turn) by medium ---------------


def play_until_my_turn(game, world, seat: int, rng: random.Random, turns: int = 1) -> None:
    """Play on in `world` with medium's moves until `seat` starts its `turns`-th turn from now, or the end."""
    start = world.turn_number
    seen = 0
    # Elemental Towers: the turn ends when the next card is drawn, even an action card, which is not resolved
    # (the same for every candidate move; Move a Card's hundreds of choices would cost most of a simulation).
    any_phase = game.family == "towers"
    for _ in range(400):
        if world.over:
            return
        if world.turn == seat and (any_phase or world.phase == "play") and world.turn_number != start:
            seen += 1
            if seen >= turns:
                return
            start = world.turn_number
        game.apply_unchecked(world, medium_move(game, world, rng))  # a move listed for this very world


def simulate(game, world, seat: int, move, rng: random.Random, centre: float) -> float:
    """Play `move` in a copy of a sampled world, let the others answer until the seat's next turn: the reward."""
    world = world.copy()
    game.apply_unchecked(world, move)
    play_until_my_turn(game, world, seat, rng)
    return leaves.reward(game, world, seat, centre)


# -- shallow: every candidate in the same worlds ---------------------------------------------------------------


def _shallow(game, observation, candidates, prior, budget: int, deadline, rng: random.Random, sample):
    """Every candidate in the same sampled worlds; medium's first choice stands unless another one beats it
    in those very worlds by more than `DOUBT` standard errors of the paired differences."""
    seat = observation.seat
    rewards: list[list[float]] = [[] for _ in candidates]
    done = 0
    world = None
    centre = None
    while not _out_of_time(done, budget, deadline):
        i = done % len(candidates)
        if i == 0:
            world = sample(rng)
            reply_seed = rng.getrandbits(32)
            if centre is None:
                centre = leaves.value(game, world, seat)
        # the same world and the same source for the replies to every candidate: differences are the move's
        rewards[i].append(simulate(game, world, seat, candidates[i], random.Random(reply_seed), centre))
        done += 1
    paired = len(rewards[-1])  # worlds every candidate was tried in
    solitaire = len(observation.view.players) == 1  # one turn of a solitaire depends on no hidden card
    if paired < 1 or (paired < 2 and not solitaire):
        return candidates[0]
    best, best_bound = 0, 0.0
    for i in range(1, len(candidates)):
        gains = [a - b for a, b in zip(rewards[i][:paired], rewards[0][:paired])]
        mean = sum(gains) / paired
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (paired - 1)) if paired > 1 else 0.0
        bound = mean - DOUBT.get(game.family, 1.0) * spread / math.sqrt(paired) + PRIOR * prior[i]
        if bound > best_bound:
            best, best_bound = i, bound
    return candidates[best]


# -- ISMCTS: a tree over the seat's own decisions -----------------------------------------------------------


class _Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def _ucb_pick(node: _Node, moves, rng: random.Random):
    for move in moves:
        child = node.children.setdefault(move, _Node())
        child.available += 1
    fresh = [m for m in moves if node.children[m].visits == 0]
    if fresh:
        return fresh[0]
    return max(moves, key=lambda m: node.children[m].total / node.children[m].visits
               + UCB_C * math.sqrt(math.log(max(1, node.children[m].available)) / node.children[m].visits))


def _ismcts(game, observation, candidates, prior, budget: int, deadline, rng: random.Random, sample):
    seat = observation.seat
    width = WIDTH.get(game.family, 5)
    root = _Node()
    done = 0
    centre = None
    while not _out_of_time(done, budget, deadline):
        world = sample(rng)
        if centre is None:
            centre = leaves.value(game, world, seat)
        path = [root]
        move = _ucb_pick(root, candidates, rng)
        node = root.children[move]
        path.append(node)
        game.apply_unchecked(world, move)
        play_until_my_turn(game, world, seat, rng)
        if not world.over and node.visits > 0:  # expand the seat's next turn once the move has been tried
            scored = scored_moves(game, game.observe(world, seat), rng)
            if scored:
                second = [m for _, m in _ranked(scored)[:width]]
                move = _ucb_pick(node, second, rng)
                child = node.children[move]
                path.append(child)
                game.apply_unchecked(world, move)
                play_until_my_turn(game, world, seat, rng)
        value = leaves.reward(game, world, seat, centre)
        for visited in path:
            visited.visits += 1
            visited.total += value
        done += 1
    best = max(range(len(candidates)), key=lambda i: (root.children[candidates[i]].visits,
                                                       root.children[candidates[i]].total, -i))
    return candidates[best]
