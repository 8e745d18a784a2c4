"""Behaviour fingerprint for speed work: what the games do, hashed, to compare before and after a change.

    python tools/fingerprint.py > before.json     # (on the code before)
    python tools/fingerprint.py > after.json
    python tools/fingerprint.py --compare before.json after.json

Hashes, for Aquarius (with its variants), Aquarius Rising, Elemental Towers (with each of their options) and
Dominus: the final state of seeded games between random players (every player count), the results of arena games
between the easy, medium and hard levels, the final states of easy and medium games; for Aquarius and Dominus,
step by step, every legal move and the observation of the seat to play; and `analyze --json` of every file in
tests/positions (`--no-analyze` leaves that out). A speed change must leave every hash as it was. Slow (minutes): the hard
level searches.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy

CONFIGS = [
    ("aquarius", {}, (2, 3, 4, 5)),
    ("aquarius", {"first_edition": True}, (3,)),
    ("aquarius", {"elemental_connections": True}, (2,)),
    ("aquarius", {"basic": True, "keep_wild": True}, (4,)),
    ("aquarius", {"single_action": "move_a_card"}, (2,)),
    ("dominus", {}, (2, 4)),
    ("aquarius-rising", {}, (2, 3, 4, 5)),
    ("aquarius-rising", {"to_the_clouds": True}, (3,)),
    ("aquarius-rising", {"sky_high": True}, (2, 4)),
    ("aquarius-rising", {"dragon_start": True}, (3,)),
    ("aquarius-rising", {"pips": "height"}, (3,)),
    ("elemental-towers", {}, (1,)),
    ("elemental-towers", {"draft": True}, (1,)),
]


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


STEPPED = [("aquarius", {}, 4), ("aquarius", {"first_edition": True}, 3), ("dominus", {}, 2)]


def stepped(game, players: int, seed: int) -> str:
    """A random game's legal moves and the observation of the seat to play, at every step, hashed."""
    from aquarius3d.bots import RandomPlayer

    state = game.new_state([f"p{s}" for s in range(players)], seed=seed)
    choosers = [RandomPlayer(seed * 7 + s) for s in range(players)]
    steps = []
    while not state.over:
        seat = state.turn
        moves = [str(m) for m in game.legal_moves(state)]
        steps.append([moves, game.observe(state, seat).view.to_dict()])
        move = choosers[seat].choose_in(game, state)
        steps.append(str(move))
        done = game.apply(state, move)
        steps.append([str(done.move), done.seat, done.bonus, done.connected, done.winners, done.over])
    steps.append(state.to_dict())
    return digest(steps)


def fingerprint(seeds: int, analyze: bool) -> dict[str, str]:
    from aquarius3d.commands.matches import game_seed, play_one, player_seed
    from aquarius3d.bots import make_player
    from aquarius3d.engine.state import State
    from aquarius3d.rules.ruleset import load_ruleset
    from aquarius3d.commands.simulate import play_game

    found = {}
    for ruleset, options, counts in CONFIGS:
        game = load_ruleset(ruleset, options)
        for players in counts:
            for seed in range(seeds):
                final = play_game(game, players, seed).to_dict()
                assert State.from_dict(final).to_dict() == final
                found[f"{ruleset}{options}{players}p random s{seed}"] = digest(final)
            levels = [["easy"] * players, ["medium"] * players] if players > 1 else [["easy"], ["medium"], ["hard"]]
            if players in (1, 3):
                levels.append(["hard", "medium", "random"][:players] if players > 1 else ["hard"])
            for entrants in levels:
                for index in range(2):
                    result = play_one(game, entrants, 5, index, think=0.001)
                    result.pop("spent")
                    found[f"{ruleset}{options} {entrants} i{index}"] = digest(result)
        players = counts[0]
        for level in ("easy", "medium"):
            for index in range(3):
                bots = [make_player(level, player_seed(9, index, s)) for s in range(players)]
                state = game.new_state([f"p{s}" for s in range(players)], seed=game_seed(9, index))
                while not state.over:
                    seat = state.turn
                    game.apply(state, bots[seat].choose(game, game.observe(state, seat)))
                found[f"state {ruleset}{options} {level} i{index}"] = digest(state.to_dict())
    for ruleset, options, players in STEPPED:
        game = load_ruleset(ruleset, options)
        for seed in range(seeds // 3):
            found[f"steps {ruleset}{options}{players}p s{seed}"] = stepped(game, players, seed)
    if analyze:
        for path in sorted(glob.glob("tests/positions/*/*.yaml", root_dir=ROOT)):
            done = subprocess.run([sys.executable, "-m", "aquarius3d", "analyze", path, "--json"], cwd=ROOT,
                                  capture_output=True, text=True)
            found[f"analyze {path}"] = digest([done.returncode, done.stdout, done.stderr])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=12, help="random games per ruleset, option and player count")
    parser.add_argument("--no-analyze", action="store_true", help="leave out analyze of the position files")
    parser.add_argument("--compare", nargs=2, metavar="FILE", help="compare two fingerprints instead")
    args = parser.parse_args()
    if args.compare:
        before, after = (json.loads(Path(name).read_text()) for name in args.compare)
        differ = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        for key in differ:
            print(f"differs: {key}")
        print(f"{len(before)} and {len(after)} hashes, {len(differ)} differ")
        return 1 if differ else 0
    json.dump(fingerprint(args.seeds, not args.no_analyze), sys.stdout, indent=0, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
