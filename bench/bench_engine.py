"""Engine benchmark: random-vs-random games per second, and the greedy player's cost and
strength. Prints its figures; run with ``python bench/bench_engine.py [--games N]``.

Everything runs in one process on one core, side by side, so the figures can be compared
within a run (the machines are shared and noisy: read ratios, not absolute times).
"""

from __future__ import annotations

import argparse
import statistics
import time

import aton
from aton.bots import GreedyPlayer, RandomPlayer, play_game


def random_games(n: int, offset: int = 0) -> tuple[float, float, float]:
    """Play n random-vs-random games from new game to the end; returns (games/s, rounds/game,
    events/game). Event texts are never read, so none is built."""
    rounds = events = 0
    start = time.perf_counter()
    for k in range(offset, offset + n):
        g = play_game(aton.Game.new(k), {"red": RandomPlayer(k), "blue": RandomPlayer(k + 10**6)})
        rounds += g.round - 1
        events += len(g.events)
    elapsed = time.perf_counter() - start
    return n / elapsed, rounds / n, events / n


class TimedGreedy(GreedyPlayer):
    """The greedy player, timing each of its decisions."""

    def __init__(self, seed: int, times: list[float]) -> None:
        super().__init__(seed)
        self.times = times

    def choose(self, view):
        t = time.perf_counter()
        choice = super().choose(view)
        self.times.append(time.perf_counter() - t)
        return choice


def greedy_vs_random(n: int) -> tuple[dict[str, int], list[float]]:
    """n games, seats alternated; returns wins and the greedy player's decision times."""
    wins = {"greedy": 0, "random": 0, "draw": 0}
    times: list[float] = []
    for k in range(n):
        greedy_seat = "red" if k % 2 == 0 else "blue"
        random_seat = "blue" if greedy_seat == "red" else "red"
        g = play_game(aton.Game.new(k), {greedy_seat: TimedGreedy(k, times),
                                         random_seat: RandomPlayer(k)})
        w = g.winner
        wins["draw" if w == "draw" else "greedy" if w == greedy_seat else "random"] += 1
    return wins, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="random-vs-random games")
    parser.add_argument("--greedy-games", type=int, default=500, help="greedy-vs-random games")
    args = parser.parse_args()

    random_games(50, offset=10**7)  # warm up
    rates = [random_games(args.games // 4, offset=r * args.games)[0] for r in range(4)]
    _, rounds, events = random_games(200)
    print(f"random vs random: {statistics.median(rates):,.0f} games/s "
          f"(median of 4 batches of {args.games // 4}; range {min(rates):,.0f}-"
          f"{max(rates):,.0f}); {rounds:.1f} rounds and {events:.0f} events per game")

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
