"""The predict-then-reveal quiz shared by lesson 3 and the app (aton/app/predict.py), driven
with Button.click(): one line at a time, empty boxes not marked, nothing shown before Reveal."""

from __future__ import annotations

import pytest
from helpers import page_text

import aton
from aton.app.predict import BAD_GUESS, Answer, ScoringQuiz, answers_from_events, upcoming_answers
from aton.engine.scoring import LINE_TITLES, LINES

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
    assert [a.line for a in answers] == list(LINES)
    for a in answers:
        assert a.points == {"red": expected["red"][a.line], "blue": expected["blue"][a.line]}
        assert a.text.endswith("(R16).")
        assert a.title == LINE_TITLES[a.line]


def test_looking_ahead_does_not_move_the_game(game):
    before = [e.to_dict() for e in game.events]
    ScoringQuiz.from_game(game)
    assert [e.to_dict() for e in game.events] == before
    assert game.step().type == "score"  # the real game still has its scoring round to come


def test_nothing_of_an_answer_is_on_the_page_before_its_reveal(quiz, game):
    answers = upcoming_answers(game)
    text = page_text(quiz)
    assert LINE_TITLES["temple1"] in text and "line 1 of 6" in text
    for a in answers:
        assert a.text not in text
    assert quiz.summary.value == "0 of 6 lines revealed: no guesses made."
    quiz.reveal()
    text = page_text(quiz)
    assert answers[0].text in text  # the revealed line, and no other
    for a in answers[1:]:
        assert a.text not in text
    assert LINE_TITLES["temple2"] in text and "line 2 of 6" in text


def test_a_right_guess_is_marked_right_and_explained(quiz):
    quiz.guess(red=2, blue=0)
    quiz.button.click()
    assert quiz.marks["temple1"] == {"red": True, "blue": True}
    shown = quiz.results.children[0].value
    assert "red 2" in shown and "blue 0" in shown
    assert shown.count("right") == 2
    assert "4 − 2 = 2 (R16)" in shown
    assert quiz.summary.value == "1 of 6 lines revealed: 2 of 2 guesses right."
    assert quiz.boxes["red"].value == quiz.boxes["blue"].value == ""  # ready for line 2


def test_a_wrong_guess_is_marked_wrong_with_what_was_said(quiz):
    for _ in range(3):
        quiz.reveal()
    quiz.guess(red=0, blue=3)  # the reading with temple 4's own blue square only
    assert quiz.reveal("temple4") == {"red": True, "blue": False}
    shown = quiz.results.children[0].value  # the newest line comes first
    assert "you said 3" in shown and "blue 6" in shown and "&#10007;" in shown
    assert "3 × 2 = 6" in shown


def test_a_blank_guess_is_not_graded(quiz):
    quiz.guess(red=None, blue=5)  # temple 1: red left empty; blue scores 0 there, not 5
    quiz.reveal()
    quiz.reveal()  # temple 2 revealed with no guess at all
    assert quiz.marks["temple1"] == {"red": None, "blue": False}
    assert quiz.marks["temple2"] == {"red": None, "blue": None}
    newest, first = (w.value for w in quiz.results.children)  # the newest line comes first
    assert "no guess" in first and "you said 5" in first
    assert "no guess" in newest and "you said" not in newest
    assert quiz.made == 1 and quiz.right == 0
    assert quiz.summary.value == ("2 of 6 lines revealed: 0 of 1 guesses right "
                                  "(3 empty boxes, not marked).")


def test_a_box_that_is_not_a_number_is_refused_and_nothing_changes(quiz):
    for bad in ("two", "-1", "2.5", "1e3"):
        quiz.guess(red=bad, blue=1)
        assert quiz.reveal() is None
        assert quiz.message.value.endswith(f"{BAD_GUESS}</span>")
        assert quiz.current == "temple1" and not quiz.marks
        assert quiz.boxes["red"].value == bad  # what was typed stays to be corrected
    quiz.guess(red=" 2 ", blue=0)
    assert quiz.reveal() == {"red": True, "blue": True}
    assert quiz.message.value == ""


def test_the_lines_come_in_order(quiz):
    assert quiz.reveal("black") is None
    assert "Temple 1" in quiz.message.value and "R16" in quiz.message.value
    assert not quiz.marks


def test_the_summary_follows_the_last_line(quiz, game):
    expected = aton.scoring.breakdown(game.view("red").board)
    for line in LINES:
        if line == "bonus":
            quiz.guess(3, None)  # blue left empty
        elif line == "black":
            quiz.guess(0, 0)  # red scores 8 here: wrong
        else:
            quiz.guess(expected["red"][line], expected["blue"][line])
        quiz.button.click()
    assert quiz.done and quiz.ask.layout.display == "none"
    assert quiz.made == 11 and quiz.right == 10
    red, blue = (sum(expected[p][line] for line in LINES) for p in ("red", "blue"))
    assert quiz.summary.value == ("<b>All 6 lines revealed.</b> The class got 10 of 11 "
                                  "guesses right (1 empty box, not marked). In all this scoring "
                                  f"round: red {red}, blue {blue} (R16).")
    quiz.button.click()  # nothing left: nothing changes
    assert len(quiz.results.children) == 6 and "already" in quiz.message.value


def test_no_guesses_at_all_is_said_plainly(quiz):
    for _ in LINES:
        quiz.reveal()
    assert "No guesses were made" in quiz.summary.value


def test_each_reveal_asks_for_one_line_once_in_order():
    asked = []

    def reveal(line):
        asked.append(line)
        return Answer(line, {"red": 1, "blue": 0}, f"{line} explained (R16).")

    quiz = ScoringQuiz(["temple3", "temple4"], reveal, notes={"temple4": "A worked note."})
    assert asked == []  # nothing is asked for before a Reveal
    quiz.reveal()
    assert asked == ["temple3"]
    quiz.reveal()
    assert asked == ["temple3", "temple4"]
    assert "A worked note." in quiz.results.children[0].value  # the newest line comes first
    # the earlier line keeps its marks but gives its room to the newest explanation
    assert "temple3 explained" not in quiz.results.children[1].value
    assert "red 1" in quiz.results.children[1].value
    assert "All 2 lines revealed" in quiz.summary.value


def test_an_error_while_revealing_is_shown_and_nothing_changes(quiz, monkeypatch):
    def broken(line):
        raise RuntimeError("something broke")

    monkeypatch.setattr(quiz, "_reveal", broken)
    quiz.guess(1, 1)
    quiz.button.click()
    assert "something broke" in quiz.message.value
    assert quiz.current == "temple1" and not quiz.marks and quiz.boxes["red"].value == "1"


def test_from_the_events_of_a_round_played_with_play_round():
    moves = {"red": {"cards": [1, 2, 1, 1]}, "blue": {"cards": [2, 2, 1, 3]}}
    result = aton.play_round(aton.scenarios.load("14_scoring_winner"), moves)
    quiz = ScoringQuiz.from_events(result["events"])
    answers = answers_from_events(result["events"])
    assert [answer.line for answer in answers] == list(LINES)  # the round ends in a scoring
    for answer in answers:
        assert answer.points == {p: result["scoring"][p][answer.line] for p in ("red", "blue")}
    for answer in answers:
        assert quiz.reveal() is not None
        assert quiz.answers[answer.line] == answer


def test_no_scoring_round_coming_is_refused():
    game = aton.Game.from_position(aton.scenarios.load("01_first_round"), seed=1)
    with pytest.raises(ValueError, match="R16"):
        ScoringQuiz.from_game(game)
    result = aton.play_round(aton.scenarios.load("10_end_by_points"),
                             {"red": {"cards": [4, 2, 3, 1]}, "blue": {"cards": [1, 3, 2, 4]}})
    with pytest.raises(ValueError, match="R16"):
        ScoringQuiz.from_events(result["events"])
    with pytest.raises(ValueError, match="R16"):
        ScoringQuiz(["temple5"], lambda line: None)
