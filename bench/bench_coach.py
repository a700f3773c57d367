"""A judge for the coach (issue 19, item 3): how good is the advice the app's hint gives?

    python bench/bench_coach.py                     # 300 decisions, the judge at 20x strong
    python bench/bench_coach.py --decisions 40 --factor 5      # a quick look

1. **The decisions.** Seeded games between the levels (``PAIRS``, seats alternated) are
   played out; at each decision with more than one legal choice the deciding player's own view
   is kept (hidden information stays hidden: a ``PlayerView``), until each kind has its quota
   (``QUOTAS``: exchange R5, assignment R6, removal R10, placement R13, take-back R17). The same
   seed gives the same decisions.
2. **The coach** is asked as the app asks it for a hint: ``coach.advice(view, "strong",
   seed=0)`` (``aton/app/coaching.py``).
3. **The judge** is the strongest level with ``--factor`` times its budget (default 20 x 400 =
   8,000 simulations): its most visited choice is the best. Then the coach's choice and the
   judge's best are each searched alone (``search(..., only=[choice])``, the whole budget
   through that one choice, the same seed for both), and the difference of their expected
   points (``ChoiceStats.worth``: points by the end of the round, the board's scoring-round
   worth, the exchange counter, a win) is what the coach's choice gives up.

It prints, per kind and overall: how often the coach's choice is the judge's best, how often
it is the best or within ``--margin`` expected points of it (the issue's target: 90% within
1 point), and the points given up on average when it is not the best; then the decisions
given up most, and the time taken. Decisions run on a process pool (``--workers``); each is
seeded on its own, so the figures do not depend on the number of workers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from aton import bots
from aton.engine.game import Game
from aton.engine.view import PlayerView
from aton.players.mcts import search
from aton.teaching import coach

#: The games the decisions come from: (red, blue), each pair also with seats swapped.
PAIRS = (("greedy", "greedy"), ("beginner", "greedy"), ("easy", "greedy"),
         ("medium", "easy"), ("strong", "medium"))
#: Decisions kept per kind (300 in all): about as often as a learner meets each.
QUOTAS = {"assign": 80, "place": 80, "remove": 60, "take_back": 40, "exchange": 40}
COACH_LEVEL, COACH_SEED = "strong", 0  # as aton/app/coaching.py asks it
KEEP_EVERY = 8  # keep one decision in eight of a kind: more games, more varied positions


@dataclass
class Judged:
    """One decision, the coach's choice, the judge's best, and what the coach gives up."""

    kind: str
    where: str  # game seed, decision number: enough to find it again
    options: int
    coach: object
    best: object
    coach_worth: float
    best_worth: float
    seconds: float

    @property
    def same(self) -> bool:
        return self.coach == self.best

    @property
    def given_up(self) -> float:
        return 0.0 if self.same else self.best_worth - self.coach_worth


def decisions(quotas: dict[str, int], seed: int = 0) -> tuple[list, int]:
    """The decisions to judge, each (kind, where, the deciding player's still view), and the
    number of games played to find them."""
    wanted = dict(quotas)
    found: list[tuple[str, str, PlayerView]] = []
    seen: Counter = Counter()
    game_no = 0
    while any(wanted.values()):
        red, blue = PAIRS[(game_no // 2) % len(PAIRS)]
        if game_no % 2:
            red, blue = blue, red
        players = {"red": bots.get(red, seed=seed + 2 * game_no),
                   "blue": bots.get(blue, seed=seed + 2 * game_no + 1)}
        game = Game.new(seed + game_no, story=False)
        game_no += 1
        made = 0  # the game's decisions so far
        while not game.over and any(wanted.values()):
            if game.pending is None:
                game.advance()
                continue
            view = game.view(game.pending.player)
            kind = game.pending.kind
            if len(view.options()) > 1 and wanted.get(kind):
                seen[kind] += 1
                if seen[kind] % KEEP_EVERY == 0:
                    wanted[kind] -= 1
                    where = f"seed {seed + game_no - 1}, {red} v {blue}, decision {made}"
                    found.append((kind, where, view.still()))
            game.decide(players[view.player].choose(view))
            made += 1
    return found, game_no


def judge(item: tuple[str, str, PlayerView], budget: int, horizon: int = 1,
          coach_horizon: int = 1) -> Judged:
    """The coach's choice against the judge's best, for one decision. ``coach_horizon`` other
    than 1 tries a coach that looks that many rounds ahead with the same budget (the app's
    coach looks to the end of the round)."""
    kind, where, view = item
    start = time.perf_counter()
    if coach_horizon == 1:
        advised = coach.advice(view, COACH_LEVEL, seed=COACH_SEED).choice
    else:
        advised = search(view, bots.SEARCH_BUDGETS[COACH_LEVEL], seed=COACH_SEED,
                         horizon=coach_horizon).choice
    best = search(view, budget, seed=1, horizon=horizon).choice
    alone = {c: search(view, budget, seed=2, horizon=horizon, only=[c]).stats
             for c in {advised, best}}
    worth = {c: next(iter(stats.values())).worth for c, stats in alone.items()}
    return Judged(kind, where, len(view.options()), advised, best, worth[advised], worth[best],
                  time.perf_counter() - start)


def report(judged: list[Judged], margin: float) -> None:
    kinds = [k for k in QUOTAS if any(j.kind == k for j in judged)]
    print(f"{'kind':<10}{'decisions':>10}{'best':>8}{'best or within':>16}"
          f"{'given up when not best':>24}")
    for name, group in [*((k, [j for j in judged if j.kind == k]) for k in kinds),
                        ("all", judged)]:
        worse = [j.given_up for j in group if not j.same]
        best = sum(j.same for j in group) / len(group)
        close = sum(j.same or j.given_up <= margin for j in group) / len(group)
        mean = f"{statistics.mean(worse):.2f} points ({len(worse)})" if worse else "-"
        print(f"{name:<10}{len(group):>10}{best:>8.1%}{close:>16.1%}{mean:>24}")
    print(f"\n(within = the judge's best, or at most {margin:g} expected point(s) below it)")
    print("\nThe decisions the coach's choice gives up most on (a negative figure: the coach's "
          "choice searched alone did better than the judge's best):")
    for j in sorted((j for j in judged if not j.same), key=lambda j: -j.given_up)[:10]:
        print(f"  {j.given_up:6.2f}  {j.kind:<8} {j.where}: coach {j.coach!r}, "
              f"judge {j.best!r} ({j.options} choices)")
    times = [j.seconds for j in judged]
    print(f"\nseconds per decision (coach + judge): median {statistics.median(times):.1f}, "
          f"max {max(times):.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=sum(QUOTAS.values()),
                        help="how many decisions (the quotas scaled; default 300)")
    parser.add_argument("--factor", type=int, default=20,
                        help="the judge's budget, in times the strong level's (default 20)")
    parser.add_argument("--margin", type=float, default=1.0,
                        help="expected points within which a choice counts as good as best")
    parser.add_argument("--horizon", type=int, default=1,
                        help="rounds the judge looks ahead (the levels look 1)")
    parser.add_argument("--coach-horizon", type=int, default=1,
                        help="try a coach looking this many rounds ahead (the app's: 1)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    scale = args.decisions / sum(QUOTAS.values())
    quotas = {k: max(1, round(n * scale)) for k, n in QUOTAS.items()}
    budget = args.factor * bots.SEARCH_BUDGETS[COACH_LEVEL]
    start = time.perf_counter()
    items, games = decisions(quotas, args.seed)
    print(f"{len(items)} decisions from {games} seeded games between the levels "
          f"({', '.join(f'{k} {n}' for k, n in quotas.items())}); the coach: {COACH_LEVEL} "
          f"({bots.SEARCH_BUDGETS[COACH_LEVEL]} simulations, {args.coach_horizon} round(s) "
          f"ahead); the judge: {budget} simulations "
          f"a search, {args.horizon} round(s) ahead; {args.workers} worker(s)\n", flush=True)
    with ProcessPoolExecutor(args.workers) as pool:
        n = len(items)
        judged = list(pool.map(judge, items, [budget] * n, [args.horizon] * n,
                               [args.coach_horizon] * n, chunksize=4))
    report(judged, args.margin)
    print(f"whole run: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
