"""The predict-then-reveal quiz of lesson 3 (aton/app/predict.py), driven with Button.click()."""

from __future__ import annotations

import pytest

import aton
import aton.scenarios
import aton.scoring
from aton.app.predict import ScoringQuiz, answers_from_events, upcoming_answers

# Lesson 3's round: the Kingdom of the Dead fills up and a scoring round follows (R15, R16).
ROUND = ["red assign 2342", "blue assign 3243", "blue place T2.7", "blue place T4.5",
         "blue place T4.8", "red remove T3.8", "red place T3.12", "red place T1.9"]


@pytest.fixture
def game() -> aton.Game:
    """Lesson 3's game, paused at the end of the round, before the first scoring line."""
    game = aton.Game.from_position(aton.scenarios.load("09_every_line_scores"), seed=10)
    for decision in ROUND:
        game.advance()
        game.play(decision)
    assert game.step().type == "end_round"
    return game


@pytest.fixture
def quiz(game) -> ScoringQuiz:
    return ScoringQuiz.from_game(game)


def test_answers_are_the_engines_scoring_of_the_board(game):
    answers = upcoming_answers(game)
    expected = aton.scoring.breakdown(game.view("red").board)
    assert [a.line for a in answers] == list(aton.scoring.LINES)
    for a in answers:
        assert a.points == {"red": expected["red"][a.line], "blue": expected["blue"][a.line]}
        assert a.text.endswith("(R16).")
        assert a.title == aton.scoring.LINE_TITLES[a.line]


def test_looking_ahead_does_not_move_the_game(game):
    before = [e.to_dict() for e in game.events]
    ScoringQuiz.from_game(game)
    assert [e.to_dict() for e in game.events] == before
    assert game.step().type == "score"  # the real game still has its scoring round to come


def test_one_row_per_scoring_line_nothing_revealed_yet(quiz):
    assert list(quiz.answers) == list(aton.scoring.LINES)
    assert all(box.value == 0 for row in quiz.guesses.values() for box in row.values())
    assert all(result.value == "" for result in quiz.results.values())
    assert quiz.summary.value == "0 of 6 lines revealed."


def test_a_right_guess_is_marked_right_and_explained(quiz):
    quiz.guess("temple1", red=2, blue=0)
    quiz.buttons["temple1"].click()
    assert quiz.marks["temple1"] == {"red": True, "blue": True}
    shown = quiz.results["temple1"].value
    assert "red 2" in shown and "blue 0" in shown
    assert shown.count("right") == 2
    assert "4 − 2 = 2 (R16)" in shown
    assert quiz.summary.value == "1 of 6 lines revealed: 2 of 2 guesses right."


def test_a_wrong_guess_is_marked_wrong_with_what_was_said(quiz):
    quiz.guess("temple4", red=0, blue=3)  # the reading with temple 4's own blue square only
    quiz.buttons["temple4"].click()
    assert quiz.marks["temple4"] == {"red": True, "blue": False}
    shown = quiz.results["temple4"].value
    assert "you said 3" in shown and "blue 6" in shown
    assert "3 × 2 = 6" in shown


def test_revealing_locks_the_guesses_of_that_line_only(quiz):
    quiz.buttons["black"].click()
    assert quiz.buttons["black"].disabled
    assert all(box.disabled for box in quiz.guesses["black"].values())
    assert not quiz.buttons["bonus"].disabled
    assert not any(box.disabled for box in quiz.guesses["bonus"].values())


def test_reveal_all_counts_the_right_guesses(quiz, game):
    expected = aton.scoring.breakdown(game.view("red").board)
    for line in aton.scoring.LINES:
        quiz.guess(line, expected["red"][line], expected["blue"][line])
    quiz.guess("bonus", 3, 0)  # blue's bonus is wrong
    quiz.reveal_all_button.click()
    assert set(quiz.marks) == set(aton.scoring.LINES)
    assert quiz.right == 11
    assert quiz.summary.value == "6 of 6 lines revealed: 11 of 12 guesses right."
    quiz.reveal_all_button.click()  # nothing left to reveal: nothing changes
    assert quiz.right == 11


def test_from_the_events_of_a_round_played_with_play_round():
    moves = {"red": {"cards": [1, 2, 1, 1]}, "blue": {"cards": [2, 2, 1, 3]}}
    result = aton.play_round(aton.scenarios.load("14_scoring_winner"), moves)
    quiz = ScoringQuiz.from_events(result["events"])
    for line, answer in quiz.answers.items():
        assert answer.points == {p: result["scoring"][p][line] for p in ("red", "blue")}
    assert answers_from_events(result["events"]) == list(quiz.answers.values())


def test_no_scoring_round_coming_is_refused():
    game = aton.Game.from_position(aton.scenarios.load("01_first_round"), seed=1)
    with pytest.raises(ValueError, match="R16"):
        ScoringQuiz.from_game(game)
    result = aton.play_round(aton.scenarios.load("10_end_by_points"),
                             {"red": {"cards": [4, 2, 3, 1]}, "blue": {"cards": [1, 3, 2, 4]}})
    with pytest.raises(ValueError, match="R16"):
        ScoringQuiz.from_events(result["events"])


def test_an_error_in_a_click_is_shown_not_lost(quiz, monkeypatch):
    def broken(line):
        raise RuntimeError("something broke")

    monkeypatch.setattr(quiz, "reveal", broken)
    quiz.buttons["temple2"].click()
    assert "something broke" in quiz.summary.value
