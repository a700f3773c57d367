"""Strength and speed of the computer players' levels (``aton.bots.names()``).

    python bench/bench_bots.py                          # the full run: 400 games per pair
    python bench/bench_bots.py --neighbours             # each level against the one below, and
                                                        # the strongest against greedy
    python bench/bench_bots.py --games 40 --mcts-games 40 --levels greedy strong
    python bench/bench_bots.py --with expert --save part2.jsonl  # one level against the others
    python bench/bench_bots.py --merge part1.jsonl part2.jsonl     # the tables of parts, as one run

A round-robin between the levels (by default the ladder: every level but random, which loses
almost every game to anything and is there to be beaten), seats alternated, on a process pool (``--workers``):
each pair's win rate with its Wilson 95% interval, an Elo-style rating per level (greedy at
1000), decision time per level (median and 95th percentile, decisions with a real choice only)
and the search player's simulations per second, then a one-decision timing of each search
level from a fixed set of positions. Games involving a search level can be given a smaller
count (``--mcts-games``): they cost seconds each, random and greedy games milliseconds.
The machines are shared: times depend on the load; the win rates do not.

Each pair's games are dealt from the tournament seed and the pair's names alone
(``lab.game_seed``), so a round-robin may be played in parts (``--with`` plays one level against
each of the others; ``--save`` keeps every game) and ``--merge`` prints the tables of the parts
together: the same figures one run of all the pairs would print.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import time
from itertools import combinations

from aton import bots
from aton.engine.game import Game
from aton.players import lab
from aton.players.lab import GameResult


def one_decision_times(level: str, positions: int = 30) -> list[float]:
    """Seconds the level takes for one decision, at the decisions of a few greedy games."""
    player = bots.get(level, seed=1)
    greedy = bots.GreedyPlayer(2)
    times = []
    seed = 0
    while len(times) < positions:
        game = Game.new(seed, story=False)
        seed += 1
        while not game.over and len(times) < positions:
            game.advance()
            if game.over:
                break
            view = game.view(game.pending.player)
            if len(view.options()) > 1 and view.player == "red":
                start = time.perf_counter()
                player.choose(view)
                times.append(time.perf_counter() - start)
            game.decide(greedy.choose(view))
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs="+", default=bots.names()[1:])
    parser.add_argument("--neighbours", action="store_true",
                        help="play each level against the next one up only, and the "
                             "strongest against greedy")
    parser.add_argument("--games", type=int, default=400, help="games per pair (default 400)")
    parser.add_argument("--mcts-games", type=int, default=None,
                        help="games per pair when a search level plays (default: --games)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timed", type=int, default=30,
                        help="decisions timed one by one for each search level (default 30)")
    parser.add_argument("--only-timing", action="store_true",
                        help="skip the games: time single decisions only (on an idle machine)")
    parser.add_argument("--with", dest="with_level", metavar="LEVEL",
                        help="play only the pairs of LEVEL with each of the other levels")
    parser.add_argument("--save", metavar="FILE",
                        help="write every game's result to FILE (JSON lines), for --merge")
    parser.add_argument("--merge", nargs="+", metavar="FILE",
                        help="play nothing: print the tables of the games saved in FILEs")
    args = parser.parse_args(argv)
    searching = set(bots.SEARCH_BUDGETS)
    if args.only_timing:
        _print_timing(args.levels, args.timed)
        return
    if args.merge:
        results = [result for path in args.merge for result in load(path)]
        levels = [name for name in bots.names()
                  if any(name in (r.red, r.blue) for r in results)]
        for a, b in combinations(levels, 2):
            pair = [r for r in results if {r.red, r.blue} == {a, b}]
            if pair:
                _print_pair(pair, None)
        print(f"\n{len(results)} games from {', '.join(args.merge)}")
        _print_tables(results, levels)
        return
    results = []
    start = time.perf_counter()
    pairs = (list(zip(args.levels, args.levels[1:])) if args.neighbours
             else list(combinations(args.levels, 2)))
    if args.neighbours and "greedy" in args.levels and ("greedy", args.levels[-1]) not in pairs:
        pairs.append(("greedy", args.levels[-1]))
    if args.with_level:
        pairs = [(a, b) for a, b in pairs if args.with_level in (a, b)]
    for a, b in pairs:
        n = args.games
        if args.mcts_games is not None and {a, b} & searching:
            n = args.mcts_games
        t = lab.run_tournament([a, b], n, args.seed, workers=args.workers)
        results += t.results
        _print_pair(t.results, t.seconds)
        if args.save:
            save(t.results, args.save)
    print(f"\n{len(results)} games in {time.perf_counter() - start:.0f} s on "
          f"{args.workers} workers")
    levels = [name for name in args.levels if any(name in (r.red, r.blue) for r in results)]
    _print_tables(results, levels)
    _print_timing(levels, args.timed)


def _print_pair(results: list[GameResult], seconds: float | None) -> None:
    row = lab.pair_table(results)[0]
    took = f"  [{seconds:.0f} s]" if seconds is not None else ""
    print(f"{row['b']:>7} vs {row['a']:<7} {row['games']:>4} games: {row['b']} "
          f"{row['b_wins']}-{row['a_wins']} (draws {row['draws']}), wins "
          f"{100 * row['b_rate']:.1f}% (95% CI {100 * row['b_low']:.1f}-"
          f"{100 * row['b_high']:.1f}%){took}", flush=True)


def _print_tables(results: list[GameResult], levels: list[str]) -> None:
    ratings = lab.elo(results, levels)
    rates = lab.win_rates(results, levels)
    times = lab.decision_times(results, levels)
    print(f"\n{'level':>7} {'rating':>7} {'win rate':>9} {'games':>6} {'median ms':>10} "
          f"{'p95 ms':>8} {'sims/s':>8}")
    for level in levels:
        tm = times[level]
        print(f"{level:>7} {ratings[level]:>7.0f} {100 * rates[level]['rate']:>8.1f}% "
              f"{rates[level]['games']:>6} {1000 * tm['median']:>10.1f} "
              f"{1000 * tm['p95']:>8.1f} {tm['sims_per_second']:>8.0f}")
    print("\nendings:", lab.endings(results))
    print("rounds:", lab.lengths(results))


def save(results: list[GameResult], path: str) -> None:
    """Append the games' results to ``path``, one JSON object a line."""
    with open(path, "a", encoding="utf-8") as out:
        out.writelines(json.dumps(dataclasses.asdict(r)) + "\n" for r in results)


def load(path: str) -> list[GameResult]:
    """The results ``save`` wrote (lists read back as the tuples a result holds)."""
    def tuples(value):
        return tuple(tuples(v) for v in value) if isinstance(value, list) else value
    with open(path, encoding="utf-8") as lines:
        return [GameResult(**{k: tuples(v) for k, v in json.loads(line).items()})
                for line in lines if line.strip()]


def _print_timing(levels: list[str], positions: int) -> None:
    if positions < 1:  # --timed 0: no single decisions timed
        return
    print(f"\none decision, alone on the machine's share ({positions} decisions of red in greedy "
          "games):")
    for level in levels:
        if level in bots.SEARCH_BUDGETS:
            ts = sorted(one_decision_times(level, positions))
            print(f"{level:>7}: median {1000 * statistics.median(ts):.0f} ms, p95 "
                  f"{1000 * ts[int(0.95 * len(ts))]:.0f} ms, max {1000 * ts[-1]:.0f} ms",
                  flush=True)


if __name__ == "__main__":
    main()
