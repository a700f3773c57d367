"""Puzzles (issue 20): decisions from real games where one choice is clearly best.

Each test reads like a rule of the puzzle trainer: what a shipped puzzle holds, that it shows
its player nothing they could not see (R6), that its best choice still holds by the margin,
how an answer moves the ratings (Glicko-2), and that the generator makes puzzles on a tiny
budget.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from aton import bots
from aton.engine.game import Game
from aton.engine.records import replay
from aton.teaching import puzzlemaker, puzzles
from aton.teaching.puzzles import MARGIN, THEMES, choice_of, choice_text

SHIPPED = puzzles.shipped()


# ---------------------------------------------------------------------- the shipped set

def test_the_shipped_set_holds_at_least_300_puzzles_covering_every_theme():
    assert len(SHIPPED) >= 300
    themes = Counter(t for p in SHIPPED for t in p.themes)
    assert set(themes) == set(THEMES), f"themes without a puzzle: {set(THEMES) - set(themes)}"
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)
    # No take-back (R17) is clearly best by the margin in the games measured (docs/puzzles.md)
    assert {p.kind for p in SHIPPED} == {"exchange", "assign", "remove", "place"}


@pytest.mark.parametrize("puzzle", SHIPPED, ids=lambda p: p.id)
def test_a_shipped_puzzle_is_a_clear_best_choice_that_greedy_does_not_play(puzzle):
    view = puzzle.view()
    assert view.pending is not None and view.player == puzzle.player
    assert view.pending.kind == puzzle.kind
    legal = {choice_text(puzzle.kind, o) for o in view.options()}
    assert set(puzzle.values) == legal  # every legal choice has its worth
    assert set(puzzle.best) <= legal and puzzle.greedy not in puzzle.best
    others = [v for c, v in puzzle.values.items() if c not in puzzle.best]
    assert min(puzzle.values[c] for c in puzzle.best) - max(others) >= MARGIN - 1e-9
    assert puzzle.margin >= MARGIN
    assert puzzle.themes and set(puzzle.themes) <= set(THEMES)
    for lang in ("en", "pt"):
        assert puzzle.question[lang] and puzzle.explanation[lang]
    assert puzzle.question["en"] != puzzle.question["pt"]
    assert 0 <= puzzle.rating <= 2400


def test_a_seeded_sample_of_20_still_holds_by_the_margin():
    """The benchmark re-verifies all of them (bench/bench_puzzles.py); here 20."""
    for puzzle in random.Random(20).sample(list(SHIPPED), 20):
        checked = puzzles.check(puzzle)
        assert checked.holds, (puzzle.id, checked.margin)


# ---------------------------------------------------------------------- hidden information

def _round_one(red_draw: list[int], blue_draw: list[int]) -> dict:
    start = Game.new(3).position()
    start["draw"] = {"red": red_draw, "blue": blue_draw}
    return start


def test_a_puzzle_is_made_from_the_players_view_alone():
    """Two games that differ only in what blue cannot see (red's hand and face-down cards,
    R6; both draw piles below the cards dealt, R4) give blue the same puzzle record."""
    start = Game.new(3).position()
    red, blue = start["draw"]["red"], start["draw"]["blue"]
    twin_red = red[8:12] + red[4:8] + red[:4] + red[12:]  # another hand for red
    twin_blue = blue[:4] + list(reversed(blue[4:]))  # blue's own hand kept
    records = []
    for r, b in ((red, blue), (twin_red, twin_blue)):
        game = Game.from_position(_round_one(r, b), 0)
        game.advance()
        while game.pending.player == "red":  # red's exchange and cards, face down
            kind = game.pending.kind
            game.decide(False if kind == "exchange" else tuple(game.hand("red")))
            game.advance()
        view = game.view("blue")
        assert view.pending.kind in ("exchange", "assign")
        records.append(puzzlemaker.public_record(_round_one(r, b), list(game.decisions),
                                                 view, seed=5))
    assert red[:4] != twin_red[:4]
    assert records[0] == records[1]


def test_no_shipped_puzzle_holds_more_than_its_round_and_points_to_no_real_game():
    """A puzzle's record starts at the start of its round (its unseen cards dealt again) and
    holds only that round's decisions; its seed is 0 and its origin names no game seed, so
    nothing in it leads back to the real cards (R6)."""
    for puzzle in SHIPPED:
        record = puzzle.record
        assert record["seed"] == 0 and "seed" not in puzzle.where
        game = replay(record)
        assert game.round == record["start"]["round"]
        assert all(d.player in ("red", "blue") for d in game.decisions)
        view = game.view(puzzle.player)
        assert len(view.options()) > 1


# ---------------------------------------------------------------------- serving and making

def test_the_next_puzzle_is_untried_of_the_chosen_theme_and_nearest_the_rating():
    chosen = puzzles.pick(SHIPPED, 1200, themes={"points"})
    assert "points" in chosen.themes
    near = min(abs(p.rating - 1200) for p in SHIPPED if "points" in p.themes)
    assert abs(chosen.rating - 1200) == near
    again = puzzles.pick(SHIPPED, 1200, themes={"points"}, done={chosen.id})
    assert again.id != chosen.id
    # A puzzle whose rating learners moved is served by its rating now.
    moved = puzzles.pick(SHIPPED, 1200, themes={"points"}, moved={chosen.id: 2400})
    assert moved.id != chosen.id


def test_the_generator_makes_a_puzzle_from_a_fixed_seed_on_a_tiny_budget():
    made = puzzlemaker.from_game(0, seed=0, scan=300, alone=120)
    assert made
    puzzle = made[0]
    assert puzzle.greedy not in puzzle.best
    assert replay(puzzle.record).pending.player == puzzle.player
    assert puzzle.explanation["pt"] != puzzle.explanation["en"]


def test_choices_are_written_as_in_a_decisions_text():
    for kind, choice, text in (("exchange", True, "yes"), ("assign", (3, 1, 4, 2), "3142"),
                               ("place", "T2.5", "T2.5")):
        assert choice_text(kind, choice) == text and choice_of(kind, text) == choice
    assert bots.get("greedy", seed=0).name == "greedy"


def test_the_shipped_puzzles_say_what_the_coach_says_now():
    """A puzzle's question and explanation are written from its analysis's facts, in every
    language, by the coach's own sentences: when those change (a rule said better, a
    translation), ``aton puzzles rewrite`` writes the shipped set again. Forgotten, the
    puzzles kept sentences the coach no longer says."""
    for puzzle in puzzles.load():  # read afresh: ``written`` writes into the puzzle
        shipped = (dict(puzzle.question), dict(puzzle.explanation))
        puzzlemaker.written(puzzle)
        assert (puzzle.question, puzzle.explanation) == shipped, puzzle.id
        # What the choice comes to is said of "this choice": after the cartouches one by one,
        # "it" (Portuguese "ela") had nothing clear to stand for.
        assert "All in all this choice comes out " in puzzle.explanation["en"]
        assert "Somando tudo, esta escolha fica em " in puzzle.explanation["pt"]
