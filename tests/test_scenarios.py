"""The scenario library (aton/teaching/scenarios/*.json): every teaching position loads, says
what it teaches, is used by a lesson, and is a position a real game can go on from."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import aton
import aton.teaching.tutorial
from aton.players import RandomPlayer

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NAMES = aton.scenarios.names()


def lesson_sources() -> dict[str, str]:
    """The code of every lesson notebook (notebooks/en, notebooks/pt), by "en/01_….ipynb"."""
    out = {}
    for path in sorted(NOTEBOOKS.glob("*/0*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        out[f"{path.parent.name}/{path.name}"] = "\n".join("".join(c["source"]) for c in cells
                                   if c["cell_type"] == "code")
    return out


def test_there_is_a_library_in_lesson_order():
    assert len(NAMES) >= 15
    assert NAMES == sorted(NAMES)
    for name in NAMES:
        assert re.fullmatch(r"\d\d_[a-z0-9]+(_[a-z0-9]+)*", name), name
    numbers = [name[:2] for name in NAMES]
    assert len(set(numbers)) == len(numbers), "two scenarios share a number"


@pytest.mark.parametrize("name", NAMES)
def test_scenario_loads_with_a_one_line_description(name):
    position = aton.scenarios.load(name)
    description = aton.scenarios.describe(name)
    assert description == position["description"]
    assert description.strip() and "\n" not in description
    assert aton.scenarios.catalogue()[name] == description


@pytest.mark.parametrize("name", NAMES)
def test_counters_and_cards_add_up(name):
    """R1: 29 counters per colour (stock + board + Kingdom), at most nine cards of a value."""
    position = aton.scenarios.load(name)
    board = "".join(position["board"].values())
    for player, mark in (("red", "r"), ("blue", "b")):
        on_board = board.count(mark)
        assert position["stock"][player] + on_board + position["kingdom"][player] == 29
        cards = Counter(position["draw"][player] + position["discard"][player])
        assert all(count <= 9 for count in cards.values()), cards
    assert position["winner"] is None and position["end"] is None  # every lesson plays on


@pytest.mark.parametrize("name", NAMES)
def test_scenario_is_used_by_a_lesson(name):
    users = [nb for nb, source in lesson_sources().items() if f'"{name}"' in source]
    # and the guided lessons
    users += [g.name for g in aton.teaching.tutorial.load_all() if g.scenario == name]
    assert users, f"no lesson notebook or guided lesson loads {name!r}"


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", NAMES)
def test_a_round_with_random_legal_decisions(name, seed):
    """Any legal play goes on from the scenario: drive one round with random players."""
    game = aton.Game.from_position(aton.scenarios.load(name), seed)
    players = {"red": RandomPlayer(seed), "blue": RandomPlayer(seed + 100)}
    game.step()  # the deal (R4)
    while not game.over and not game.at_round_start:
        pending = game.pending
        if pending is None:
            game.step()
        else:
            game.decide(players[pending.player].choose(game.view(pending.player)))
    after = game.position()
    assert after["round"] == game.round
    aton.Game.from_position(after)  # the position written afterwards is valid too


def test_unknown_name_raises_key_error_listing_the_known_names():
    with pytest.raises(KeyError) as info:
        aton.scenarios.load("99_no_such_scenario")
    message = str(info.value)
    assert "99_no_such_scenario" in message
    for name in NAMES:
        assert name in message
