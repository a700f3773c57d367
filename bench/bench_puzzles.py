"""Every shipped puzzle searched again (issue 20): does its best choice still hold?

    python bench/bench_puzzles.py                 # all of them, 2 workers: a few minutes
    python bench/bench_puzzles.py --sample 40     # a quick look

For each puzzle, ``puzzles.check`` searches its best choice(s) and its three best other
choices alone again (``ALONE`` simulations each): once with the seed of the analysis that made
it (``CHECK_SEED``: the same figures again, unless the engine or the search changed), and once
with a seed the analysis never used (how much a puzzle's margin owes to its seed: the spread
the margin in ``aton/teaching/puzzles.py`` is chosen against). It prints how many hold by
the margin each way, the margins, the spread of a choice's worth between the two seeds, the
themes, kinds and ratings of the set, how often the levels found the best choice, and the
time taken.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from aton.teaching import puzzles
from aton.teaching.puzzles import MARGIN, THEMES

FRESH_SEED = 4  # the generator used seeds 1, 2 and 3


def verify(ident: str) -> tuple[str, float, float, float, float, float]:
    """(id, margin with the analysis's seed, margin with a fresh seed, worth of the best with
    each seed, seconds)."""
    puzzle = puzzles.by_id(ident)
    start = time.perf_counter()
    same = puzzles.check(puzzle)
    fresh = puzzles.check(puzzle, seed=FRESH_SEED)
    return (ident, same.margin, fresh.margin, same.best, fresh.best,
            time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=0, help="check only this many (seeded)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    shipped = list(puzzles.shipped())
    chosen = (random.Random(0).sample(shipped, args.sample) if args.sample else shipped)
    print(f"{len(shipped)} shipped puzzles; checking {len(chosen)} with {puzzles.ALONE} "
          f"simulations per choice searched alone, margin {MARGIN:g} expected points, "
          f"{args.workers} worker(s)\n", flush=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(verify, [p.id for p in chosen], chunksize=4))
    same = [r[1] for r in rows]
    fresh = [r[2] for r in rows]
    spread = [abs(r[3] - r[4]) for r in rows]
    print(f"hold by the margin, the analysis's seed: {sum(m >= MARGIN - 1e-9 for m in same)} "
          f"of {len(rows)}")
    print(f"hold by the margin, a fresh seed:        {sum(m >= MARGIN for m in fresh)} "
          f"of {len(rows)}; by half the margin: {sum(m >= MARGIN / 2 for m in fresh)}; best "
          f"still best: {sum(m > 0 for m in fresh)}")
    print(f"margin (analysis's seed): min {min(same):.2f}, median {statistics.median(same):.2f}"
          f"; fresh seed: min {min(fresh):.2f}, median {statistics.median(fresh):.2f}")
    print(f"the best choice's worth between the two seeds: median difference "
          f"{statistics.median(spread):.2f}, 90th percentile "
          f"{sorted(spread)[int(0.9 * len(spread))]:.2f} expected points")
    worst = sorted(rows, key=lambda r: r[2])[:5]
    print("smallest margins with the fresh seed: " + ", ".join(
        f"{r[0]} {r[2]:.2f}" for r in worst))
    themes = Counter(t for p in shipped for t in p.themes)
    kinds = Counter(p.kind for p in shipped)
    print("\nthemes: " + ", ".join(f"{t} {themes[t]}" for t in THEMES))
    print("kinds: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    ratings = sorted(p.rating for p in shipped)
    print(f"starting ratings: min {ratings[0]:.0f}, median {statistics.median(ratings):.0f}, "
          f"max {ratings[-1]:.0f}")
    for level in ("random", "greedy", "easy", "medium", "strong"):
        rate = statistics.mean(p.solved[level] for p in shipped)
        print(f"  {level:<7} finds the best choice in {rate:.1%} of the puzzles")
    times = [r[5] for r in rows]
    print(f"\nseconds per puzzle (two checks): median {statistics.median(times):.2f}, "
          f"max {max(times):.2f}; whole run {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
