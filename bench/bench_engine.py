"""Engine benchmark: random full games per second (in the mode search uses, and with events),
rounds per second through ``play_round``, simulations per second of each search level, clones
per second, and the greedy player's cost and strength. Prints its figures.

    python bench/bench_engine.py                     # this engine
    python bench/bench_engine.py --against 789ec00   # and an earlier commit, side by side

Each figure is the median of several batches. With ``--against``, the earlier commit's
``aton/`` is taken out of git into a temporary folder and both editions run in worker
processes, batch for batch in turn, so that the ratio is measured under the same load (the
machines are shared and noisy: read ratios, not absolute times). The workers time themselves
by their own processor time, so waiting for a core does not count. ``--instructions`` also
counts each edition's instructions under valgrind's callgrind: per game, per round and per
simulation, the same on a busy machine as on an idle one.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a worker process with one edition of ``aton`` on its path; prints one JSON object.
WORKER = r'''
import json, random, sys, time
import aton
from aton.bots import RandomPlayer, play_game  # (aton.bots: every edition has it)
task, n, offset = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
# The worker's own processor time, not the wall clock: on a shared machine a worker that waits
# for a core would otherwise count the other work as its own.
clock = time.process_time

def new(seed, story):
    try:
        return aton.Game.new(seed, story=story)
    except TypeError:  # an edition without games that skip the story
        return aton.Game.new(seed)

if task in ("games", "told"):
    story = task == "told"
    rounds = 0
    start = clock()
    for k in range(offset, offset + n):
        game = play_game(new(k, story), {"red": RandomPlayer(k), "blue": RandomPlayer(k + 10**6)})
        rounds += game.round - 1  # the round after the last one played
    print(json.dumps({"rate": n / (clock() - start), "rounds": rounds}))
elif task == "search":
    # Simulations per second of each search level, on n mid-game decisions dealt from seeds.
    from aton.bots import SEARCH_BUDGETS, get
    rates, counts = {}, {}
    for level in (sys.argv[4].split(",") if len(sys.argv) > 4 else SEARCH_BUDGETS):
        sims, seconds = 0, 0.0
        for k in range(offset, offset + n):
            game = new(k, False)
            # Random moves up to a decision somewhere in the first rounds, drawn here rather
            # than by each edition's random player, so that every edition searches the very
            # same positions.
            movers = random.Random(k)
            for _ in range(10 + 7 * k % 60):
                game.advance()
                if game.over:
                    break
                options = game.options()
                game.decide(options[movers.randrange(len(options))])
            game.advance()
            if game.over or len(game.options()) < 2:
                continue
            player = get(level, seed=k)
            start = clock()
            player.choose(game.view(game.pending.player))
            seconds += clock() - start
            sims += player.simulations_run
        rates[level] = sims / seconds
        counts[level] = sims
    print(json.dumps({"rate": rates, "count": counts}))
elif task == "levels":  # this edition's search levels
    from aton.bots import SEARCH_BUDGETS
    print(json.dumps({"rate": list(SEARCH_BUDGETS)}))
elif task == "idle":  # the import alone, subtracted from the others' instruction counts
    print(json.dumps({"rate": 0}))
elif task == "rounds":
    corpus = json.load(open(sys.argv[4]))
    start = clock()
    for position, moves, seed in corpus:
        aton.play_round(position, moves, seed=seed)
    print(json.dumps({"rate": len(corpus) / (clock() - start)}))
'''


def round_corpus(games: int) -> list[tuple[dict, dict, int]]:
    """Every round of ``games`` seeded random games, as (position, moves, seed): the moves
    name every square (forced ones too), so any edition that follows formats.md plays them."""
    import aton
    from aton.players import RandomPlayer

    corpus = []
    for k in range(games):
        game = aton.Game.new(k)
        players = {"red": RandomPlayer(k), "blue": RandomPlayer(k + 1)}
        while not game.over:
            position, start = game.position(), len(game.events)
            seed = k * 1000 + game.round
            game.rng.seed(seed)  # the round's reshuffles (R4) come from this seed
            game.step()  # the deal
            while not game.at_round_start:
                if game.pending is None:
                    game.step()
                else:
                    name = game.pending.player
                    game.decide(players[name].choose(game.view(name)))
            corpus.append((position, moves_of(game.events[start:]), seed))
    return corpus


def moves_of(events) -> dict:
    """The round moves (formats.md) that the events of one round show."""
    moves = {name: {"exchange": False, "cards": [], "remove": [], "place": [],
                    "after_scoring": []} for name in ("red", "blue")}
    lists = {"remove": "remove", "place": "place", "take_back": "after_scoring"}
    for e in events:
        if e.type == "exchange":
            moves[e.data["player"]]["exchange"] = e.data["used"]
        elif e.type == "reveal":
            for name in ("red", "blue"):
                moves[name]["cards"] = list(e.data[name])
        elif e.type in lists:
            moves[e.data["player"]][lists[e.type]].append(e.data["square"])
    return moves


def run_worker(path: Path, task: str, n: int, offset: int, extra: str = "") -> float | dict:
    env = {**os.environ, "PYTHONPATH": str(path)}
    args = [sys.executable, "-c", WORKER, task, str(n), str(offset)] + ([extra] if extra else [])
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True, cwd=path)
    return json.loads(out.stdout)["rate"]


#: The search levels whose simulations are the same work in every edition compared since
#: 03dcc81 (the hand-made judgement, one round ahead): strong and expert judge with the fitted
#: evaluation since 17da16b and expert looks two rounds ahead, so theirs are not counted.
SAME_WORK = "easy,medium"

#: Valgrind's callgrind, counting the instructions a worker runs (``--instructions``).
CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]


def instructions(path: Path, task: str, n: int, extra: str = "") -> tuple[int, dict]:
    """The instructions a worker runs for ``task`` beyond importing ``aton`` (the same count
    on a busy machine as on an idle one), and what the worker printed."""
    def count(task: str) -> tuple[int, dict]:
        # One hash seed for every count: the order of a set of strings, and so the work
        # done, changes with it (some thousands of instructions a round).
        env = {**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"}
        args = CALLGRIND + [os.path.realpath(sys.executable), "-c", WORKER, task, str(n),
                            "1000"] + ([extra] if extra else [])
        out = subprocess.run(args, env=env, capture_output=True, text=True, check=True, cwd=path)
        collected = next(line for line in out.stderr.splitlines() if "Collected" in line)
        return int(collected.split()[-1]), json.loads(out.stdout)
    idle, _ = count("idle")
    total, printed = count(task)
    return total - idle, printed


def report_instructions(editions: dict[str, Path], games: int, decisions: int, corpus: Path,
                        rounds: int) -> None:
    """Instructions per game, per round and per simulation of each edition, and their ratios
    (the earlier edition's count over this one's: how many times as fast, load aside)."""
    rows: dict[str, dict[str, float]] = {name: {} for name in editions}
    lengths = {}
    for name, path in editions.items():
        spent, printed = instructions(path, "games", games)
        rows[name]["games"] = spent / games
        lengths[name] = printed["rounds"] / games
        rows[name]["rounds"] = instructions(path, "rounds", rounds, str(corpus))[0] / rounds
        spent, printed = instructions(path, "search", decisions, SAME_WORK)
        rows[name]["simulations"] = spent / sum(printed["count"].values())
    names = list(editions)
    titles = {"games": "a random game, no story", "rounds": "a round through play_round",
              "simulations": f"a simulation of the search levels {SAME_WORK.replace(',', ', ')}"}
    for unit, title in titles.items():
        # Each edition's random player draws its own games (the same law: uniform over the
        # legal choices): their lengths are printed, so that a ratio of games can be read as one.
        parts = [f"{name} {rows[name][unit]:,.0f}" + (
            f" ({lengths[name]:.2f} rounds a game)" if unit == "games" else "") for name in names]
        line = f"instructions for {title}: " + "; ".join(parts)
        if len(names) == 2:
            line += f"; ratio {rows[names[1]][unit] / rows[names[0]][unit]:.2f}"
        print(line)


def checkout(rev: str, into: Path) -> Path:
    """The ``aton/`` package of commit ``rev``, extracted into ``into``."""
    archive = subprocess.run(["git", "archive", rev, "aton"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def compare(editions: dict[str, Path], task: str, n: int, batches: int,
            extra: str = "") -> dict[str, list[float]]:
    rates: dict[str, list[float]] = {name: [] for name in editions}
    order = list(editions)
    for b in range(batches):
        # In turn, so both meet the same load, and in the other order every second batch
        # (A B, B A, ...), so that a load that grows or fades favours neither.
        for name in order if b % 2 == 0 else order[::-1]:
            rates[name].append(run_worker(editions[name], task, n, 1000 + b * n, extra))
    return rates


def per_level(rates: dict[str, list[dict]]) -> dict[str, dict[str, list[float]]]:
    """{edition: [{level: rate}, ...]} -> {level: {edition: [rate, ...]}}."""
    levels = next(iter(rates.values()))[0]
    return {level: {name: [batch[level] for batch in r] for name, r in rates.items()}
            for level in levels}


def report(title: str, rates: dict[str, list[float]], unit: str) -> None:
    medians = {name: statistics.median(r) for name, r in rates.items()}
    parts = [f"{name} {medians[name]:,.0f} {unit} (range {min(r):,.0f}-{max(r):,.0f})"
             for name, r in rates.items()]
    line = f"{title}: " + "; ".join(parts)
    names = list(rates)
    if len(names) == 2:
        # Three readings of one ratio: of the medians; of the best batches (the least
        # disturbed by other work on a shared machine); and the median of the batch-by-batch
        # ratios (each pair ran back to back).
        a, b = rates[names[0]], rates[names[1]]
        paired = statistics.median(x / y for x, y in zip(a, b))
        line += (f"; ratio {medians[names[0]] / medians[names[1]]:.2f} (best batches "
                 f"{max(a) / max(b):.2f}, batch by batch {paired:.2f})")
    print(line)


def clones_per_second(n: int) -> float:
    import aton
    from aton.players import RandomPlayer

    game = aton.Game.new(3)
    players = {"red": RandomPlayer(1), "blue": RandomPlayer(2)}
    for _ in range(40):  # mid-game: a board with counters, piles part drawn
        game.advance()
        name = game.pending.player
        game.decide(players[name].choose(game.view(name)))
    start = time.perf_counter()
    for _ in range(n):
        game.clone(story=False)
    return n / (time.perf_counter() - start)


def greedy_vs_random(n: int) -> tuple[dict[str, int], list[float]]:
    """n games, seats alternated; returns wins and the greedy player's decision times."""
    import aton
    from aton.players import GreedyPlayer, RandomPlayer, play_game

    class TimedGreedy(GreedyPlayer):
        def choose(self, view):
            t = time.perf_counter()
            choice = super().choose(view)
            times.append(time.perf_counter() - t)
            return choice

    wins = {"greedy": 0, "random": 0, "draw": 0}
    times: list[float] = []
    for k in range(n):
        greedy_seat = "red" if k % 2 == 0 else "blue"
        random_seat = "blue" if greedy_seat == "red" else "red"
        g = play_game(aton.Game.new(k, story=False),
                      {greedy_seat: TimedGreedy(k), random_seat: RandomPlayer(k)})
        w = g.winner
        wins["draw" if w == "draw" else "greedy" if w == greedy_seat else "random"] += 1
    return wins, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500, help="random games per batch")
    parser.add_argument("--batches", type=int, default=5)
    parser.add_argument("--corpus-games", type=int, default=40,
                        help="random games whose rounds make the play_round corpus")
    parser.add_argument("--greedy-games", type=int, default=200, help="greedy-vs-random games")
    parser.add_argument("--decisions", type=int, default=8,
                        help="mid-game decisions per batch for each search level")
    parser.add_argument("--against", metavar="REV", help="an earlier commit to compare with")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of each edition under valgrind's "
                             "callgrind (slow, but the same on a busy machine as on an idle one)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        editions = {"this engine": ROOT}
        if args.against:
            editions[args.against] = checkout(args.against, Path(tmp))
        corpus = Path(tmp) / "corpus.json"
        rounds = round_corpus(args.corpus_games)
        corpus.write_text(json.dumps(rounds))

        report("random vs random, full games, no story (as search plays)",
               compare(editions, "games", args.games, args.batches), "games/s")
        report("random vs random, full games, with events (as the app plays)",
               compare(editions, "told", args.games, args.batches), "games/s")
        report(f"play_round over {len(rounds)} rounds of {args.corpus_games} games",
               compare(editions, "rounds", len(rounds), args.batches, str(corpus)), "rounds/s")
        if args.instructions:
            report_instructions(editions, max(20, args.games // 2), args.decisions, corpus,
                                len(rounds))
        # Each level that every edition has (an earlier one may lack the newer levels).
        common = [level for level in run_worker(ROOT, "levels", 0, 0)
                  if all(level in run_worker(path, "levels", 0, 0) for path in editions.values())]
        searches = compare(editions, "search", args.decisions, args.batches, ",".join(common))
        for level, rates in per_level(searches).items():
            note = "" if level in SAME_WORK.split(",") or len(editions) == 1 else (
                " (judged with the fitted evaluation here: not the same work a simulation)")
            report(f"search level {level}{note}, {args.decisions} mid-game decisions a batch",
                   rates, "simulations/s")

    clones = [clones_per_second(20_000) for _ in range(args.batches)]
    print(f"clone(story=False) of a mid-game: {statistics.median(clones):,.0f} clones/s "
          f"(range {min(clones):,.0f}-{max(clones):,.0f})")

    wins, times = greedy_vs_random(args.greedy_games)
    n = sum(wins.values())
    print(f"greedy vs random, {n} games, seats alternated: greedy won {wins['greedy']} "
          f"({100 * wins['greedy'] / n:.1f}%), random {wins['random']}, draws {wins['draw']}")
    times.sort()
    print(f"greedy decision time: median {1e3 * statistics.median(times):.3f} ms, "
          f"95th percentile {1e3 * times[int(0.95 * len(times))]:.3f} ms, "
          f"max {1e3 * times[-1]:.3f} ms over {len(times):,} decisions")


if __name__ == "__main__":
    main()
