"""The search's fitted leaf evaluation (aton/players/evaluation.py) and its fitting script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aton import bots
from aton.engine.game import Game
from aton.players import evaluation

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "fit_evaluation.py"


def _mid_game(seed: int = 3, rounds: int = 5) -> Game:
    """A game of two greedy players at the start of round ``rounds`` (or its end, if sooner)."""
    game = Game.new(seed, story=False)
    players = {"red": bots.GreedyPlayer(1), "blue": bots.GreedyPlayer(2)}
    while not game.over and not (game.round >= rounds and game.at_round_start):
        if game.pending is None:
            game.step()
            continue
        game.decide(players[game.pending.player].choose(game.view(game.pending.player)))
    return game


def test_the_weights_load_from_the_package_data():
    """Every feature has a weight, and the file says how it was fitted (by the script in the
    repository, on thousands of games)."""
    model = evaluation.shipped()
    assert set(model.weights) == set(evaluation.FEATURES)
    assert model.meta["script"] == "tools/fit_evaluation.py"
    assert model.meta["games"] >= 1000 and model.meta["positions"] >= 10_000
    # It predicts held-out games better than a coin (log loss of 0.5 everywhere: 0.693).
    assert model.meta["held_out"]["log_loss"] < 0.65


def test_the_chance_is_the_same_model_for_red_and_blue():
    """Every feature is mine minus theirs: red's chance and blue's add up to one."""
    model = evaluation.shipped()
    for seed in (3, 4, 5):
        game = _mid_game(seed)
        assert model.chance(game, 0) + model.chance(game, 1) == pytest.approx(1.0)
        assert evaluation.game_features(game, 1) == [-f for f in evaluation.game_features(game, 0)]


def test_a_big_lead_near_forty_is_nearly_won():
    """R18: 38 points to 10 with the board even is a game nearly won, 10 to 38 nearly lost."""
    model = evaluation.shipped()
    position = _mid_game(3, rounds=2).position()
    position["scores"] = {"red": 38, "blue": 10}
    game = Game.from_position(position)
    assert model.chance(game, 0) > 0.9 and model.chance(game, 1) < 0.1


def test_missing_weights_are_refused():
    with pytest.raises(ValueError, match="lack margin"):
        evaluation.Evaluation({f: 0.0 for f in evaluation.FEATURES if f != "margin"})


def test_the_fitting_script_runs_on_a_tiny_budget(tmp_path):
    """tools/fit_evaluation.py plays a few games, fits and writes weights the package can
    load; the same arguments give the same file."""
    outs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        subprocess.run([sys.executable, str(SCRIPT), "--games", "5", "--pairs", "greedy:greedy",
                        "beginner:greedy", "--workers", "1", "--out", str(out)],
                       check=True, capture_output=True, text=True, cwd=ROOT)
        outs.append(out.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]
    model = evaluation.from_json(outs[0])
    assert model.meta["games"] == 10 and model.meta["positions"] > 0
    assert json.loads(outs[0])["features"] == list(evaluation.FEATURES)


def test_the_fitting_script_names_an_unknown_level(tmp_path):
    run = subprocess.run([sys.executable, str(SCRIPT), "--games", "1", "--pairs", "greedy:master",
                          "--out", str(tmp_path / "x.json")], capture_output=True, text=True,
                         cwd=ROOT, check=False)
    assert run.returncode == 2 and "unknown level 'master'" in run.stderr
    assert not (tmp_path / "x.json").exists()


def test_the_exchange_counter_is_weighed_by_its_measured_worth():
    """R5: the plain fit gives still holding the exchange counter a negative weight (in games
    between unequal levels the stronger one spends it readily); the worth measured apart, in
    games where only one player holds it, is positive, and a level that asks for it judges by
    it while every other weight stays as fitted."""
    plain, measured = evaluation.shipped(), evaluation.shipped(measured_exchange=True)
    worth = plain.exchange_worth
    assert worth["games"] >= 1000 and worth["level"] in bots.names()
    low, high = worth["interval"]
    assert 0 < low <= worth["weight"] <= high  # holding it wins more than half the points
    assert plain.weights["exchange"] < 0 < measured.weights["exchange"] == worth["weight"]
    assert {f: w for f, w in measured.weights.items() if f != "exchange"} == {
        f: w for f, w in plain.weights.items() if f != "exchange"}
    game = _mid_game(4, rounds=3)  # both still hold it: the weight moves nothing
    assert measured.chance(game, 0) == pytest.approx(plain.chance(game, 0))
    position = game.position()
    position["exchange"] = {"red": True, "blue": False}
    alone = Game.from_position(position)
    assert measured.chance(alone, 0) > plain.chance(alone, 0)
    with pytest.raises(ValueError, match="--exchange-worth"):
        evaluation.Evaluation(plain.weights).with_measured_exchange()


def test_the_exchange_worth_is_measured_on_a_tiny_budget_and_kept_by_a_new_fit(tmp_path):
    """--exchange-worth plays games of a level against itself, one player without the counter,
    and writes the holder's share as a weight into the file; a later fit keeps it."""
    out = tmp_path / "e.json"
    out.write_text(evaluation.shipped().to_json(), encoding="utf-8")
    before = json.loads(out.read_text(encoding="utf-8"))
    run = [sys.executable, str(SCRIPT), "--workers", "1", "--out", str(out)]
    subprocess.run(run + ["--exchange-worth", "greedy", "--games", "6"], check=True,
                   capture_output=True, text=True, cwd=ROOT)
    after = json.loads(out.read_text(encoding="utf-8"))
    assert after["weights"] == before["weights"] and after["fitted"] == before["fitted"]
    worth = after["exchange_worth"]
    assert worth["games"] == 6 and worth["level"] == "greedy" and 0 <= worth["holder_share"] <= 1
    subprocess.run(run + ["--games", "3", "--pairs", "greedy:greedy"], check=True,
                   capture_output=True, text=True, cwd=ROOT)
    refit = evaluation.from_json(out.read_text(encoding="utf-8"))
    assert refit.meta["games"] == 3 and refit.exchange_worth == worth
