"""Fit the search's leaf evaluation (``aton/players/evaluation.py``) by self-play.

    python tools/fit_evaluation.py                   # the shipped fit (a few minutes, 2 cores)
    python tools/fit_evaluation.py --games 40 --out /tmp/evaluation.json   # a quick try
    python tools/fit_evaluation.py --exchange-worth easy --games 2000   # the exchange's worth

Plays seeded games between computer levels (``--pairs``, seats alternated), and at the start of
every round after the first records the position's ``evaluation.FEATURES`` for red together with
how the game ended for red (1 won, 0.5 drawn, 0 lost). Blue's side is the same row negated, so
it is not written twice. Then fits a logistic model without intercept (the features are "mine
minus theirs", so red and blue share it) by Newton's method with a small ridge, and writes the
weights with how they were fitted: games, positions, log loss and accuracy on the positions of
held-out games. The same arguments give the same file.

The exchange counter (R5) cannot be fitted so: in those games the level that spends it readily
is the stronger one, so "still holding it" reads as losing (the plain fit's weight is
negative). ``--exchange-worth LEVEL`` measures it instead, in games of LEVEL against itself in
which only one player (red and blue in turn) starts with the counter: the holder's share of the
points, as a logit, is the weight of holding it when the other does not. It is written into the
same file (``exchange_worth``), beside the fitted weights, for the levels that judge by it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from aton import bots
from aton.engine.game import Game
from aton.players import evaluation
from aton.players.lab import game_seed, wilson

OUT = Path(__file__).resolve().parents[1] / "aton" / "players" / "data" / "evaluation.json"
PAIRS = ("greedy:greedy", "easy:greedy", "easy:easy", "medium:easy")
RIDGE = 1e-3  # keeps the fit defined when a feature never moves in a small sample


def play(red: str, blue: str, seed: int) -> tuple[list[list[float]], float]:
    """One game's rows (red's features at each round start after the first) and red's result."""
    game = Game.new(seed, story=False)
    players = {"red": bots.get(red, seed=seed), "blue": bots.get(blue, seed=seed + 1)}
    views = {name: game.view(name) for name in players}
    rows = []
    seen = 1
    while not game.over:
        if game.pending is None:
            game.advance()
            if not game.over and game.round > seen:
                seen = game.round
                rows.append(evaluation.game_features(game, 0))
            continue
        name = game.pending.player
        game.decide(players[name].choose(views[name]))
    result = 1.0 if game.winner == "red" else 0.5 if game.winner == "draw" else 0.0
    return rows, result


def _play(args: tuple[str, str, int]) -> tuple[list[list[float]], float]:
    return play(*args)


def collect(pairs: list[tuple[str, str]], games: int, seed: int, workers: int) -> list:
    """``games`` per pair (seats alternated), as (pair index, game index, rows, result)."""
    jobs = []
    for k, (a, b) in enumerate(pairs):
        for i in range(games):
            red, blue = (a, b) if i % 2 == 0 else (b, a)
            jobs.append((k, i, (red, blue, game_seed(seed, a, b, i))))
    if workers <= 1:
        played = [_play(args) for _, _, args in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            played = list(pool.map(_play, [args for _, _, args in jobs], chunksize=4))
    return [(k, i, rows, result) for (k, i, _), (rows, result) in zip(jobs, played)]


def exchange_game(level: str, seed: int, holder: str) -> float:
    """One game of ``level`` against itself in which only ``holder`` starts with the exchange
    counter (R5): the holder's result (1 won, 0.5 drawn, 0 lost)."""
    position = Game.new(seed).position()
    position["exchange"]["blue" if holder == "red" else "red"] = False
    game = Game.from_position(position, seed, story=False)
    bots.play_game(game, {"red": bots.get(level, seed=seed), "blue": bots.get(level, seed=seed + 1)})
    return 1.0 if game.winner == holder else 0.5 if game.winner == "draw" else 0.0


def _exchange_game(args: tuple[str, int, str]) -> float:
    return exchange_game(*args)


def exchange_worth(level: str, games: int, seed: int, workers: int) -> dict:
    """The weight of holding the exchange counter when the other player does not, measured in
    ``games`` games of ``level`` against itself (the holder red and blue in turn)."""
    jobs = [(level, game_seed(seed, level, "exchange", i), "red" if i % 2 == 0 else "blue")
            for i in range(games)]
    if workers <= 1:
        results = [_exchange_game(job) for job in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_exchange_game, jobs, chunksize=4))
    share = sum(results) / games
    low, high = wilson(sum(results), games)
    return {"weight": round(logit(share), 6), "level": level, "games": games, "seed": seed,
            "holder_share": round(share, 4), "interval": [round(logit(low), 4),
                                                          round(logit(high), 4)]}


def logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return float(np.log(p / (1 - p)))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE, steps: int = 50) -> np.ndarray:
    """Logistic regression without intercept by Newton's method (targets may be 0.5)."""
    w = np.zeros(x.shape[1])
    scale = x.std(axis=0) + 1e-9  # Newton on standardized features, weights given back raw
    z = x / scale
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -40, 40)))
        grad = z.T @ (p - y) / len(y) + ridge * w
        hess = (z * (p * (1 - p))[:, None]).T @ z / len(y) + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w / scale


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict:
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40))), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    accuracy = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else 0.0
    return {"log_loss": round(loss, 4), "accuracy": round(accuracy, 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1500, help="games per pair (default 1500)")
    parser.add_argument("--pairs", nargs="+", default=list(PAIRS),
                        help="level pairs as red:blue names (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--exchange-worth", metavar="LEVEL",
                        help="measure the exchange counter's worth in --games games of LEVEL "
                             "against itself and write it into --out (which must exist)")
    args = parser.parse_args(argv)
    if args.exchange_worth:
        if args.exchange_worth not in bots.names():
            parser.error(f"unknown level {args.exchange_worth!r}; choose from "
                         f"{', '.join(bots.names())}")
        start = time.perf_counter()
        worth = exchange_worth(args.exchange_worth, args.games, args.seed, args.workers)
        data = json.loads(args.out.read_text(encoding="utf-8"))
        data["exchange_worth"] = worth
        args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(json.dumps(worth))
        print(f"{args.games} games in {time.perf_counter() - start:.0f} s -> {args.out}")
        return 0
    pairs = [tuple(p.split(":")) for p in args.pairs]
    for pair in pairs:
        for level in pair:
            if level not in bots.names():
                parser.error(f"unknown level {level!r}; choose from {', '.join(bots.names())}")
    start = time.perf_counter()
    played = collect(pairs, args.games, args.seed, args.workers)
    # Every fifth game of each pair is held out, to measure the fit on games it never saw.
    train = [(rows, r) for k, i, rows, r in played if i % 5 != 4]
    test = [(rows, r) for k, i, rows, r in played if i % 5 == 4]

    def table(part):
        xs = [row for rows, _ in part for row in rows]
        ys = [r for rows, r in part for _ in rows]
        return (np.array(xs, dtype=float).reshape(-1, len(evaluation.FEATURES)),
                np.array(ys, dtype=float))

    x, y = table(train)
    if not len(y):
        print("no positions: play more games (--games)", file=sys.stderr)
        return 1
    w = fit(x, y)
    tx, ty = table(test)
    meta = {"games": len(played), "positions": int(len(y) + len(ty)), "pairs": args.pairs,
            "games_per_pair": args.games, "seed": args.seed,
            "train": scores(x, y, w), "held_out": scores(tx, ty, w) if len(ty) else {},
            "script": "tools/fit_evaluation.py"}
    # The exchange counter's measured worth does not depend on the fit: a new fit keeps it.
    kept = (json.loads(args.out.read_text(encoding="utf-8")).get("exchange_worth")
            if args.out.exists() else None)
    model = evaluation.Evaluation({f: round(float(v), 6) for f, v in zip(evaluation.FEATURES, w)},
                                  meta, kept)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(model.to_json(), encoding="utf-8")
    print(json.dumps(meta))
    for name, v in model.weights.items():
        print(f"  {name:>14} {v:+.4f}")
    print(f"{len(played)} games, {meta['positions']} positions in "
          f"{time.perf_counter() - start:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
