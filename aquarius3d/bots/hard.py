"""The `hard` computer player: search over what its seat knows, guided by medium's judgement.

    player = HardPlayer(seed=7, think=0.2)       # about 0.2 s a move here, always the same moves for a seed
    move = player.choose(game, game.observe(state, seat))

One search for every family: what a family knows (medium's judgement, the leaf, the reading of the others, the end
game, the tuning) comes from its kit (bots/kit.py, bots/kits/<family>.py). It never sees the real state. Each
simulation starts from a determinization (`Game.determinize`): the cards the seat cannot see dealt at random
consistently with what it saw (hands, goals and the deck order, traded cards included). Two searches share that
ground; `SEARCH` picks one, by measurement (docs/opponents.md, "Results"):

  shallow  (the default; measured against ISMCTS on fresh seeds, 0.2 s a move: four-player Aquarius
           against three medium players 22/60 wins for shallow, 13/60 for ISMCTS; head to head against
           medium 32/60 for shallow, 36/60 for ISMCTS: shallow for the harder, four-player test)
           determinized search one turn deep: the root moves are medium's best few (the kit's `width`),
           each tried in the same sampled worlds (common random numbers), the other seats answering with
           medium's move from their own observation of that world, until the seat's next turn; the leaf is
           judged by the kit's reward, with the world's goals. Medium's first choice stands unless another
           move beats it world by world by more than the kit's `doubt` standard errors. In a solitaire one
           turn depends on no hidden card, so every candidate is tried at least once and one world may
           decide: the search then plans the whole turn (Elemental Towers: the card, then the actions it
           earns) instead of one step at a time, and the budget buys width: medium's best moves, as many as
           there are simulations (at least `width`), each in at least one world.
  ismcts   information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012, single-observer):
           a new determinization per iteration, UCB1 over the seat's own moves, a second level for its
           next turn (medium's best few in that world, with availability counts), medium-guided
           playouts for the other seats, cut at the seat's turn after next and judged like the above.

`search="none"` plays the ranking alone (medium's judgement with the others' goals read), for comparison;
the environment variable AQUARIUS3D_HARD_SEARCH (shallow, ismcts, none) overrides the choice, so that the
arena can measure one against another.

Compound moves are kept narrow by medium's ranking: only its best few root moves are searched (Rising's card
step and pyramid step are separate decisions already), and those the kit always has searched (the goal-changing
actions, whose worth hangs on whose goal is whose; not in Aquarius Rising, where medium keeps them for the end).
Medium's ranking also stands as a prior that a few noisy samples must overcome (`PRIOR`, fading as one over the
square root of the samples). Where the kit reads the others (Aquarius, Aquarius Rising), the sampled worlds lean
on what their public moves say about their goals (bots/infer.py) and, in Aquarius, their hands
(bots/aquarius_hands.py; `read_hands=False` or AQUARIUS3D_HARD_HANDS=0 turns that off, for comparison), and the
ranking may use that reading. A move that wins at once is played at once. Near the end the kit may choose
otherwise (Aquarius Rising: rollouts to the last goal action, bots/rising_end.py).

Budget. The search runs a number of simulations (one sampled world, one root move, one reply sequence),
`iterations(game, think)`: think seconds times the simulations a second this machine managed for the family
(the kit's `rate`, measured with tools/calibrate_hard.py on the development machine, 2 cores, when quiet; the
other seats' replies are scored by the kit's quick judgement). That makes the moves a function of the seed
alone, so arena results do not depend on `--workers` or the load of the machine; `think` (default 1 s in the
window, `--think` in the arena, 0.2 s for the figures of docs/opponents.md) only scales the count; the kit may give part of
it up outside the end game (`search_share`). Every random choice comes from the player's own source, seeded from the
game's seed and the seat.

Timed (the window's seats and H, session/): `timed=True` keeps that budget and adds a deadline in wall time, `think`
seconds after `choose` begins (bots/deadline.py), so that a move ends by its think time on whatever machine runs it,
Aquarius Rising's end game included (four times the simulations, the longest moves by far). The deadline is
passed down to every loop that spends the time: the search's simulations and the end game's rollouts (the reading of
the others and medium's ranking before them take milliseconds, measured: tools/bench_hard_times.py), each asking it
before each simulation. When it passes, the candidates tried in enough of the same worlds are compared as usual and
the others are left out; with none, medium's first choice stands (the reading of the others included), so the move
is always a legal one, soundly chosen. Where the machine keeps up, the budget ends the search first and the timed
player makes the very moves of the untimed one; where it does not, the moves depend on the clock. The arena and the
tests make untimed players.
"""

from __future__ import annotations

import math
import os
import random
from typing import TYPE_CHECKING

from ..engine.moves import Move
from .deadline import Clock, Deadline
from .greedy import medium_move, scored_moves
from .kit import Kit, Reading, Sample, Scored, kit_of

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hidden import Observation
    from ..engine.state import State

DEFAULT_THINK = 1.0
SEARCH = "shallow"
PRIOR = 0.15  # how far medium's ranking holds against a few noisy samples (fades as 1/sqrt(samples))
MIN_ITERATIONS = 8
UCB_C = 0.7
WIN_SCORE = 1_000_000.0  # medium's score for a move that wins at once


def iterations(game: Game, think: float | None) -> int:
    """The deterministic budget for `think` seconds: simulations, at least MIN_ITERATIONS."""
    seconds = DEFAULT_THINK if think is None else think
    return max(MIN_ITERATIONS, int(round(seconds * kit_of(game).rate)))


class HardPlayer:
    level = "hard"

    def __init__(self, seed: int = 0, think: float | None = None, timed: bool = False,
                 search: str | None = None, read_goals: bool = True, read_hands: bool = True,
                 clock: Clock | None = None) -> None:
        self.random = random.Random(seed)
        self.think = think
        self.timed = timed  # a deadline `think` seconds after `choose` begins, as well as the budget (see above)
        self.clock = clock  # the deadline's clock (None: time.perf_counter; the tests give another)
        self.search = os.environ.get("AQUARIUS3D_HARD_SEARCH") or search or SEARCH
        self.read_goals = read_goals
        self.read_hands = read_hands and os.environ.get("AQUARIUS3D_HARD_HANDS") != "0"

    def choose(self, game: Game, observation: Observation) -> Move:
        seconds = DEFAULT_THINK if self.think is None else self.think
        deadline = Deadline(seconds, self.clock) if self.timed else None
        rng = self.random
        kit = kit_of(game)
        reading = kit.read(game, observation, self.read_hands) if self.read_goals else None
        scored = self._ranking(game, kit, observation, reading, rng)
        if not scored:
            return game.choose_move(observation.view, rng.randrange)
        if len(scored) == 1:
            return scored[0][1]
        ranked = _ranked(scored)
        best_score, best = ranked[0]
        if best_score >= WIN_SCORE or not kit.has_leaf or self.search == "none":
            return best
        budget = iterations(game, self.think)
        if kit.end_game(game, observation):
            return kit.end_move(game, observation, ranked, budget, rng, self._sampler(game, observation, reading),
                                deadline)
        budget = max(MIN_ITERATIONS, int(round(budget * kit.search_share)))
        solitaire = len(observation.view.players) == 1
        # A solitaire's turn depends on no hidden card: one world judges a candidate, so the budget buys width.
        top = ranked[:max(kit.width, budget if solitaire else 0)]
        top += [(score, move) for score, move in ranked[len(top):] if kit.always_searched(move)]
        candidates = [move for _, move in top]
        if len(candidates) == 1:
            return candidates[0]
        prior = [1.0 / (1.0 + math.exp(-max(-40.0, (score - best_score) / kit.scale))) - 0.5 for score, _ in top]
        if solitaire:
            budget = max(budget, len(candidates))  # a solitaire: every candidate tried at least once
        run = _ismcts if self.search == "ismcts" else _shallow
        return run(game, kit, observation, candidates, prior, budget, deadline, rng,
                   self._sampler(game, observation, reading))

    def _ranking(self, game: Game, kit: Kit, observation: Observation, reading: Reading | None,
                 rng: random.Random) -> Scored | None:
        """Medium's scores of every legal move, with the others' goals read where the kit reads them."""
        if reading is None:
            return scored_moves(game, observation, rng)
        moves = game.legal_moves(observation.view)
        if len(moves) == 1:
            return [(0.0, moves[0])]
        return kit.read_score(game, observation, moves, reading.leanings, rng)

    def _sampler(self, game: Game, observation: Observation, reading: Reading | None) -> Sample:
        """Draws a world consistent with the observation (leaning on the others' moves where the kit reads them)."""
        if reading is None:
            return lambda rng: game.determinize(observation, rng)
        return reading.sample


def _ranked(scored: Scored) -> Scored:
    """Medium's scores, best first; ties keep the listing order."""
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i] for i in order]


def _out_of_time(done: int, budget: int, deadline: Deadline | None) -> bool:
    """Whether the search stops before its next simulation: the budget spent, or the deadline passed."""
    return done >= budget or (deadline is not None and deadline.passed())


# -- the playout: the other seats (and the seat's own later steps of this turn) by medium ---------------


def play_until_my_turn(game: Game, world: State, seat: int, rng: random.Random, turns: int = 1) -> None:
    """Play on in `world` with medium's moves until `seat` starts its `turns`-th turn from now, or the end."""
    start = world.turn_number
    seen = 0
    any_phase = kit_of(game).turn_ends_at_draw  # (its next card drawn, even in a step of the turn's)
    for _ in range(400):
        if world.over:
            return
        if world.turn == seat and (any_phase or world.phase == "play") and world.turn_number != start:
            seen += 1
            if seen >= turns:
                return
            start = world.turn_number
        game.apply_unchecked(world, medium_move(game, world, rng))  # a move listed for this very world


def simulate(game: Game, world: State, seat: int, move: Move, rng: random.Random, centre: float) -> float:
    """Play `move` in a copy of a sampled world, let the others answer until the seat's next turn: the reward."""
    world = world.copy()
    game.apply_unchecked(world, move)
    play_until_my_turn(game, world, seat, rng)
    return kit_of(game).reward(game, world, seat, centre)


# -- shallow: every candidate in the same worlds ---------------------------------------------------------------


def _shallow(game: Game, kit: Kit, observation: Observation, candidates: list[Move], prior: list[float],
             budget: int, deadline: Deadline | None, rng: random.Random, sample: Sample) -> Move:
    """Every candidate in the same sampled worlds; medium's first choice stands unless another one beats it
    in those very worlds by more than the kit's `doubt` standard errors of the paired differences. Stopped by the
    deadline, only the candidates tried in enough worlds are compared (the first ones: they are tried in turn)."""
    seat = observation.seat
    rewards: list[list[float]] = [[] for _ in candidates]
    done = 0
    world: State | None = None
    centre = 0.0
    reply_seed = 0
    while not _out_of_time(done, budget, deadline):
        i = done % len(candidates)
        if i == 0:
            first = world is None
            world = sample(rng)
            reply_seed = rng.getrandbits(32)
            if first:
                centre = kit.value(game, world, seat)
        assert world is not None
        # the same world and the same source for the replies to every candidate: differences are the move's
        rewards[i].append(simulate(game, world, seat, candidates[i], random.Random(reply_seed), centre))
        done += 1
    solitaire = len(observation.view.players) == 1  # one turn of a solitaire depends on no hidden card
    need = 1 if solitaire else 2  # worlds a candidate is judged on at least
    tried = len(candidates)
    if done < budget:  # the deadline stopped it: the candidates tried in enough worlds
        tried = sum(1 for found in rewards if len(found) >= need)
    paired = len(rewards[tried - 1]) if tried else 0  # worlds every candidate compared was tried in
    if tried < 2 or paired < need:
        return candidates[0]
    best, best_bound = 0, 0.0
    for i in range(1, tried):
        gains = [a - b for a, b in zip(rewards[i][:paired], rewards[0][:paired])]
        mean = sum(gains) / paired
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (paired - 1)) if paired > 1 else 0.0
        bound = mean - kit.doubt * spread / math.sqrt(paired) + PRIOR * prior[i]
        if bound > best_bound:
            best, best_bound = i, bound
    return candidates[best]


# -- ISMCTS: a tree over the seat's own decisions -----------------------------------------------------------


class _Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def _ucb_pick(node: _Node, moves: list[Move], rng: random.Random) -> Move:
    for move in moves:
        child = node.children.setdefault(move, _Node())
        child.available += 1
    fresh = [m for m in moves if node.children[m].visits == 0]
    if fresh:
        return fresh[0]

    def bound(move: Move) -> float:
        child = node.children[move]
        return child.total / child.visits + UCB_C * math.sqrt(math.log(max(1, child.available)) / child.visits)

    return max(moves, key=bound)


def _ismcts(game: Game, kit: Kit, observation: Observation, candidates: list[Move], prior: list[float],
            budget: int, deadline: Deadline | None, rng: random.Random, sample: Sample) -> Move:
    seat = observation.seat
    root = _Node()
    done = 0
    centre: float | None = None
    while not _out_of_time(done, budget, deadline):
        world = sample(rng)
        if centre is None:
            centre = kit.value(game, world, seat)
        path = [root]
        move = _ucb_pick(root, candidates, rng)
        node = root.children[move]
        path.append(node)
        game.apply_unchecked(world, move)
        play_until_my_turn(game, world, seat, rng)
        if not world.over and node.visits > 0:  # expand the seat's next turn once the move has been tried
            scored = scored_moves(game, game.observe(world, seat), rng)
            if scored:
                second = [m for _, m in _ranked(scored)[:kit.width]]
                move = _ucb_pick(node, second, rng)
                child = node.children[move]
                path.append(child)
                game.apply_unchecked(world, move)
                play_until_my_turn(game, world, seat, rng)
        value = kit.reward(game, world, seat, centre)
        for visited in path:
            visited.visits += 1
            visited.total += value
        done += 1
    if done == 0:  # the deadline had passed: medium's first choice
        return candidates[0]
    best = max(range(len(candidates)), key=lambda i: (root.children[candidates[i]].visits,
                                                       root.children[candidates[i]].total, -i))
    return candidates[best]
