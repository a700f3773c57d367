"""The strategy lab's engine side: tournaments between computer players, and what they teach.

``run_tournament(levels, games_per_pair)`` plays every pair of levels against each other, seats
alternated (red, then blue), each game dealt from its own seed, on a process pool by default or
on any ``concurrent.futures.Executor`` you pass (a Dask cluster's ``client.get_executor()``
works unchanged). The statistics are plain functions of the results: win rates with Wilson 95%
intervals, an Elo-style rating, how games end (R18, R19), points by card on cartouche 1 (R7),
the winner's cards on cartouche 2 (R8, R10), game length, and decision times. No widgets here
(``aton.app.lab`` draws the charts).
"""

from __future__ import annotations

import math
import random
import statistics
import threading
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import combinations

from ..engine import rules
from ..engine.cards import VALUES
from ..engine.errors import SEED_LIMIT
from ..engine.game import Game
from ..i18n import number, translator
from . import levels as bots

_ = translator("engine")

#: How a game can end (R18, R19), in the order charts list them.
ENDINGS = ("points", "temple", "yellow", "green", "scoring")


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament: who played which colour, how it ended, and what the lab
    charts need (the cards both players put on the cartouches each round, decision times)."""

    red: str
    blue: str
    seed: int
    winner: str  # "red", "blue" or "draw"
    end: str  # one of ENDINGS
    rounds: int
    scores: tuple[int, int]
    cards: tuple  # per round: (red's 4 cards, blue's 4 cards), as revealed (R6)
    # per colour: seconds for each decision with a real choice (not compared: clocks vary)
    times: tuple = field(default=((), ()), compare=False)
    simulations: tuple = (0, 0)  # per colour: search simulations run (0 for random, greedy)

    def level(self, colour: str) -> str:
        return self.red if colour == "red" else self.blue

    @property
    def winning_level(self) -> str | None:
        return None if self.winner == "draw" else self.level(self.winner)


def game_seed(seed: int, red: str, blue: str, index: int) -> int:
    """The deal of one game of a tournament: the same tournament seed gives the same games,
    whichever executor plays them."""
    return random.Random(f"{seed}:{red}:{blue}:{index}").randrange(SEED_LIMIT)


def play_one(red: str, blue: str, seed: int) -> GameResult:
    """Play one game between two levels (``bots.names()``); the players are seeded from the
    game's seed. A top-level function, so that worker processes can run it."""
    players = (bots.get(red, seed=seed), bots.get(blue, seed=seed + 1))
    game = Game.new(seed, story=False)
    views = (game.view("red"), game.view("blue"))
    times: tuple[list[float], list[float]] = ([], [])
    cards = []
    seen_round = 0
    clock = time.perf_counter
    while not game.over:
        pending = game.pending
        if pending is None:
            game.step()  # one step at a time, so that every reveal (R6) is seen
            if game.phase == "cartouches" and seen_round != game.round:
                seen_round = game.round
                shown = game.revealed
                cards.append((shown["red"], shown["blue"]))
            continue
        p = pending.p
        view = views[p]
        if len(view.options()) > 1:
            start = clock()
            choice = players[p].choose(view)
            times[p].append(clock() - start)
        else:
            choice = view.options()[0]
        game.decide(choice)
    sims = tuple(getattr(pl, "simulations_run", 0) for pl in players)
    s = game.scores
    return GameResult(red, blue, game.seed, game.winner, game.end, game.round - 1,
                      (s["red"], s["blue"]), tuple(cards), (tuple(times[0]), tuple(times[1])),
                      sims)


def _play_many(tasks: list[tuple[str, str, int]]) -> list[GameResult]:
    return [play_one(*task) for task in tasks]


@dataclass
class Tournament:
    """The levels that played, the games per pair, the seed, and every game's result."""

    levels: list[str]
    games_per_pair: int
    seed: int
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    #: False when the tournament was stopped before its last game: ``results`` holds the
    #: games that ended by then.
    complete: bool = True


def schedule(levels: list[str], games_per_pair: int, seed: int = 0) -> list[tuple[str, str, int]]:
    """Every game to play: each pair of levels ``games_per_pair`` times, seats alternated."""
    tasks = []
    for a, b in combinations(levels, 2):
        for k in range(games_per_pair):
            red, blue = (a, b) if k % 2 == 0 else (b, a)
            tasks.append((red, blue, game_seed(seed, a, b, k)))
    return tasks


def run_tournament(levels: list[str], games_per_pair: int, seed: int = 0, *,
                   executor: Executor | None = None, workers: int = 2, batch: int = 2,
                   progress=None, stop: threading.Event | None = None) -> Tournament:
    """Play every pair of ``levels`` ``games_per_pair`` times (seats alternated) on
    ``executor`` (default: a process pool of ``workers``), ``batch`` games per task.
    ``progress(done, total)`` is called as games finish. ``workers=0`` without an executor
    plays in this process. The same seed gives the same results on any executor.

    Once ``stop`` is set, no more games start and the tournament returns at once with the
    games that ended (``complete`` False); games already under way on the executor are
    left to finish there, unread."""
    unknown = [name for name in levels if name not in bots.names()]
    if unknown or len(levels) < 2:
        raise ValueError(_("a tournament needs at least two of {levels}; got {got!r}").format(
            levels=", ".join(bots.names()), got=levels))
    if games_per_pair < 1:
        raise ValueError(_("games_per_pair must be at least 1, not {n!r}").format(
            n=games_per_pair))
    tasks = schedule(levels, games_per_pair, seed)
    chunks = [tasks[i:i + batch] for i in range(0, len(tasks), batch)]
    start = time.perf_counter()
    results: list[GameResult] = []
    if progress is not None:
        progress(0, len(tasks))
    stopped = stop.is_set if stop is not None else lambda: False
    if executor is None and workers == 0:  # in this process: for debugging and tiny runs
        for chunk in chunks:
            if stopped():
                break
            results += _play_many(chunk)
            if progress is not None:
                progress(len(results), len(tasks))
    else:
        own = executor is None
        pool = ProcessPoolExecutor(max_workers=workers) if own else executor
        try:
            pending = {pool.submit(_play_many, chunk) for chunk in chunks}
            while pending and not stopped():
                # A short wait, so that a stop is seen while a long game is being played.
                done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                for future in done:
                    results += future.result()
                if done and progress is not None:
                    progress(len(results), len(tasks))
            # After a stop, the games that ended meanwhile count; the rest are not waited for.
            for future in pending:
                if future.done() and not future.cancelled():
                    results += future.result()
                else:
                    future.cancel()
        finally:
            if own:
                # After a stop, the pool's workers finish their game and quit on their own.
                pool.shutdown(wait=not stopped(), cancel_futures=True)
    order = {task: i for i, task in enumerate(tasks)}
    results.sort(key=lambda r: order[(r.red, r.blue, r.seed)])
    return Tournament(list(levels), games_per_pair, seed, results,
                      time.perf_counter() - start, complete=len(results) == len(tasks))


# ---------------------------------------------------------------------- statistics

def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); draws count half."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def points_of(result: GameResult, level: str) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss, for ``level``'s side of ``result``."""
    if result.winner == "draw":
        return 0.5
    return 1.0 if result.level(result.winner) == level else 0.0


def pair_table(results: list[GameResult]) -> list[dict]:
    """Per pair (in the order first met): games, wins of each side, draws, the first level's
    win rate (draws count half) and its Wilson 95% interval."""
    rows: dict[tuple[str, str], dict] = {}
    for r in results:
        a, b = sorted((r.red, r.blue), key=lambda name: bots.names().index(name))
        row = rows.setdefault((a, b), {"a": a, "b": b, "games": 0, "a_wins": 0, "b_wins": 0,
                                       "draws": 0})
        row["games"] += 1
        if r.winner == "draw":
            row["draws"] += 1
        elif r.level(r.winner) == a:
            row["a_wins"] += 1
        else:
            row["b_wins"] += 1
    for row in rows.values():
        score = row["b_wins"] + 0.5 * row["draws"]
        row["b_rate"] = score / row["games"]
        row["b_low"], row["b_high"] = wilson(score, row["games"])
    return list(rows.values())


def win_rates(results: list[GameResult], levels: list[str]) -> dict[str, dict]:
    """Each level's games and win rate over all its games (draws count half), with a Wilson
    95% interval."""
    table = {}
    for level in levels:
        played = [r for r in results if level in (r.red, r.blue) and r.red != r.blue]
        score = sum(points_of(r, level) for r in played)
        low, high = wilson(score, len(played))
        table[level] = {"games": len(played), "rate": score / len(played) if played else 0.0,
                        "low": low, "high": high}
    return table


def elo(results: list[GameResult], levels: list[str], anchor: str | None = None,
        anchor_rating: float = 1000.0) -> dict[str, float]:
    """Elo-style ratings fitted to all results at once (Bradley-Terry, by minorise-maximise
    iterations; each pair gets one extra drawn game so that a level that never wins keeps a
    finite rating). ``anchor`` (default: greedy if present, else the first level) is set to
    ``anchor_rating``; 400 points between two levels mean 10 to 1 odds."""
    wins = {a: {b: 0.0 for b in levels} for a in levels}
    for r in results:
        if r.red == r.blue:
            continue
        if r.winner == "draw":
            wins[r.red][r.blue] += 0.5
            wins[r.blue][r.red] += 0.5
        else:
            loser = r.blue if r.winner == "red" else r.red
            wins[r.level(r.winner)][loser] += 1
    for a, b in combinations(levels, 2):
        if wins[a][b] + wins[b][a]:
            wins[a][b] += 0.5
            wins[b][a] += 0.5
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(500):
        new = {}
        for a in levels:
            total = sum(wins[a][b] for b in levels)
            denom = sum((wins[a][b] + wins[b][a]) / (strength[a] + strength[b])
                        for b in levels if b != a)
            new[a] = total / denom if denom else strength[a]
        mean = statistics.geometric_mean(new.values())
        strength = {a: v / mean for a, v in new.items()}
    anchor = anchor or ("greedy" if "greedy" in levels else levels[0])
    shift = anchor_rating - 400 * math.log10(strength[anchor])
    return {a: round(400 * math.log10(strength[a]) + shift, 1) for a in levels}


def endings(results: list[GameResult]) -> dict[str, int]:
    """How many games ended each way (R18: points, temple, yellow, green; R19: scoring)."""
    counts = Counter(r.end for r in results)
    return {reason: counts.get(reason, 0) for reason in ENDINGS}


def cartouche1_points(results: list[GameResult]) -> dict[int, dict]:
    """Per card value on cartouche 1: how often it was played and the points it scored its
    player on average (R7: the higher card scores twice the difference)."""
    table = {v: {"played": 0, "points": 0} for v in VALUES}
    for r in results:
        for red, blue in r.cards:
            scorer, points = rules.cartouche1(red[0], blue[0])
            for p, cards in enumerate((red, blue)):
                row = table[cards[0]]
                row["played"] += 1
                row["points"] += points if scorer == p else 0
    for row in table.values():
        row["mean"] = row["points"] / row["played"] if row["played"] else 0.0
    return table


def cartouche2_choices(results: list[GameResult]) -> dict[str, dict[int, float]]:
    """The share of each card value the eventual winner and loser put on cartouche 2 (R8:
    order of play; R10: removal), over every round of the games that did not end level."""
    counts = {"winner": Counter(), "loser": Counter()}
    for r in results:
        if r.winner == "draw":
            continue
        w = 0 if r.winner == "red" else 1
        for pair in r.cards:
            counts["winner"][pair[w][1]] += 1
            counts["loser"][pair[1 - w][1]] += 1
    shares = {}
    for side, c in counts.items():
        total = sum(c.values()) or 1
        shares[side] = {v: c.get(v, 0) / total for v in VALUES}
    return shares


def lengths(results: list[GameResult]) -> dict[int, int]:
    """How many games lasted each number of rounds."""
    counts = Counter(r.rounds for r in results)
    return dict(sorted(counts.items()))


def decision_times(results: list[GameResult], levels: list[str]) -> dict[str, dict]:
    """Per level: decisions timed (those with a real choice), median and 95th percentile in
    seconds, and search simulations per second (0 for players that do not search)."""
    table = {}
    for level in levels:
        times: list[float] = []
        sims = 0
        for r in results:
            for p, colour in enumerate(("red", "blue")):
                if r.level(colour) == level:
                    times += r.times[p]
                    sims += r.simulations[p]
        times.sort()
        table[level] = {
            "decisions": len(times),
            "median": statistics.median(times) if times else 0.0,
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
            "sims_per_second": sims / sum(times) if sims and sum(times) else 0.0,
        }
    return table


def summary(t: Tournament) -> str:
    """A plain-text report of a tournament: the pairs with Wilson intervals, each level's win
    rate and rating, how games ended and how long they lasted (the level names and the ways a
    game ends are the data's own words, in every language)."""
    lines = [_("{games} games, {per_pair} per pair, seed {seed}").format(
        games=len(t.results), per_pair=t.games_per_pair, seed=t.seed)]
    for row in pair_table(t.results):
        # Translators: one pair of levels, e.g. "   greedy vs random   9-1   draws 0: greedy
        # wins 90% (95% CI 60-98%)"; keep the {name:>7} widths, they line the rows up.
        lines.append("  " + _("{b:>7} vs {a:<7} {b_wins:>3}-{a_wins:<3} draws {draws}: {b} wins "
                              "{rate:.0f}% (95% CI {low:.0f}-{high:.0f}%)").format(
            a=row["a"], b=row["b"], a_wins=row["a_wins"], b_wins=row["b_wins"],
            draws=row["draws"], rate=100 * row["b_rate"], low=100 * row["b_low"],
            high=100 * row["b_high"]))
    rates, ratings = win_rates(t.results, t.levels), elo(t.results, t.levels)
    for level in t.levels:
        lines.append("  " + _("{level:>7}: wins {rate:.0f}% of {games} games, rating "
                              "{rating:.0f}").format(level=level,
                                                     rate=100 * rates[level]["rate"],
                                                     games=rates[level]["games"],
                                                     rating=ratings[level]))
    ends = endings(t.results)
    # Translators: {endings} is e.g. "points 3, temple 1, yellow 0, green 0, scoring 6" (the
    # ways a game ends, as the events name them: they stay in English).
    lines.append("  " + _("endings: {endings}").format(
        endings=", ".join(f"{k} {v}" for k, v in ends.items())))
    rounds = [r.rounds for r in t.results]
    lines.append("  " + _("rounds: median {median}, shortest {shortest}, longest "
                          "{longest}").format(median=number(statistics.median(rounds)),
                                              shortest=min(rounds), longest=max(rounds)))
    return "\n".join(lines)


__all__ = ["ENDINGS", "GameResult", "Tournament", "cartouche1_points", "cartouche2_choices",
           "decision_times", "elo", "endings", "game_seed", "lengths", "pair_table",
           "play_one", "points_of", "run_tournament", "schedule", "summary", "wilson",
           "win_rates"]
