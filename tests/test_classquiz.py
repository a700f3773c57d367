""""Class predicts" in the app (aton/app/classquiz.py): a scoring round as a guessing game.

Driven like a teacher would, with Button.click() and the guess boxes; what the app shows is
checked against the engine, replayed alongside with the same scenario, seed and players."""

from __future__ import annotations

import pytest
from helpers import page_text

from aton.app import build_app
from aton.app.predict import ScoringQuiz
from aton.engine.scoring import LINE_TITLES, LINES
from aton.i18n import speaking

NAME, SEED = "14_scoring_winner", 1


def play_to_scoring(app) -> None:
    """Cards as drawn, any legal square, until the next step scores the first line (R16)."""
    for _ in range(50):
        coming = app.game.coming
        if coming is not None and coming.kind == "score":
            return
        pending = app.session.human_pending
        if pending is not None and pending.kind in ("exchange", "assign"):
            app.confirm_cards(tuple(app.game.view(pending.player).hand))
        elif pending is not None:
            app.click_square(app.game.options()[0])
        else:
            app.to_my_decision()
    raise AssertionError("no scoring round came")


@pytest.fixture
def app():
    app = build_app(scenario=NAME, seed=SEED, how_to_play=False, deal_seed=0)
    play_to_scoring(app)
    return app


def upcoming(app) -> list:
    """The engine's scoring lines, worked out on a copy of the app's game."""
    twin = app.game.clone()
    return [twin.step() for _ in LINES]


def test_the_switch_appears_when_a_scoring_line_comes_next(app):
    assert app.class_quiz.widget in app.stage.children
    assert app.class_quiz.quiz is None and not app.class_quiz.waiting
    fresh = build_app(scenario=NAME, seed=SEED, how_to_play=False, deal_seed=0)
    assert fresh.class_quiz.widget not in fresh.stage.children  # no scoring round yet


def test_nothing_of_the_answer_is_shown_before_reveal(app):
    app.class_quiz.switch.value = True
    quiz = app.class_quiz.quiz
    assert isinstance(quiz, ScoringQuiz) and quiz.current == "temple1"
    lines = upcoming(app)
    text = page_text(app)
    for event in lines:
        assert event.text not in text  # not in the quiz, explanation, log, preview or table
    assert app.explain.next == "<b>Next step</b> ▸ the scoring round: Temple 1 (R16)."
    assert app.scoring.revealed == [] and app.scoring.bar_values is None


def test_each_reveal_steps_exactly_one_line_and_marks_the_guesses(app):
    app.class_quiz.switch.value = True
    quiz = app.class_quiz.quiz
    lines = upcoming(app)
    for n, (line, event) in enumerate(zip(LINES, lines, strict=True), 1):
        before = len(app.game.events)
        assert app.class_quiz.waiting and quiz.current == line
        points = event.data["points"]
        quiz.guess(points["red"], None if n == 2 else points["blue"] + 1)
        quiz.button.click()
        assert len(app.game.events) == before + 1  # one step: this line, no more
        assert app.game.events[-1].to_dict() == event.to_dict()
        assert app.current_text == event.text  # the explanation shows the line's sentence
        assert app.scoring.revealed == list(LINES[:n])
        assert quiz.marks[line] == {"red": True, "blue": None if n == 2 else False}
        rest = page_text(app)
        for later in lines[n:]:
            assert later.text not in rest
    assert quiz.done and app.class_quiz.widget in app.stage.children
    red, blue = (sum(e.data["points"][p] for e in lines) for p in ("red", "blue"))
    assert quiz.summary.value == ("<b>All 6 lines revealed.</b> The class got 6 of 11 guesses "
                                  "right (1 empty box, not marked). In all this scoring round: "
                                  f"red {red}, blue {blue} (R16).")
    assert app.game.clone().step().type == "scoring"  # the totals are the next step
    assert not app.class_quiz.waiting


def test_the_board_rings_the_revealed_lines_squares(app):
    app.class_quiz.switch.value = True
    app.class_quiz.quiz.button.click()
    event = app.game.events[-1]
    assert event.type == "score" and event.data["line"] == "temple1"
    ringed = event.cells(app.game.board)
    assert ringed and sorted(app.board.event_squares) == sorted(ringed)


def test_stepping_past_a_predicted_line_is_refused_with_a_reason(app):
    app.class_quiz.switch.value = True
    before = len(app.game.events)
    app.controls.next.click()
    app.controls.run.click()
    app.controls.auto.value = True  # auto-play does not start either
    assert not app.controls.auto.value and not app.autoplayer.running
    assert len(app.game.events) == before
    assert "Reveal" in app.explain.warning and "R16" in app.explain.warning
    app.class_quiz.switch.value = False  # switched off: the game steps as usual
    app.controls.next.click()
    assert app.game.events[-1].type == "score" and app.class_quiz.quiz is None


def test_switched_on_mid_round_the_quiz_covers_the_lines_left(app):
    app.controls.next.click()
    app.controls.next.click()
    app.class_quiz.switch.value = True
    assert app.class_quiz.quiz.lines == list(LINES[2:])
    assert LINE_TITLES["temple3"] in app.class_quiz.quiz.title.value


def test_the_quiz_ends_with_the_round(app):
    app.class_quiz.switch.value = True
    for _ in LINES:
        app.class_quiz.quiz.button.click()
    app.controls.next.click()  # the totals (R16): the summary stays beside the table
    assert app.game.events[-1].type == "scoring"
    assert app.class_quiz.widget in app.stage.children
    app.undo()  # back before the round's cards: that quiz is over
    assert app.class_quiz.quiz is None
    assert app.class_quiz.widget not in app.stage.children


def test_a_language_switch_keeps_the_marks_and_the_guesses_typed(app):
    app.class_quiz.switch.value = True
    quiz = app.class_quiz.quiz
    lines = upcoming(app)
    for event in lines[:2]:
        points = event.data["points"]
        quiz.guess(points["red"], points["blue"] + 1)
        quiz.button.click()
    quiz.guess(7, None)  # typed for the third line, not yet revealed
    marks = dict(quiz.marks)
    app.controls.language.value = "pt"
    again = app.class_quiz.quiz
    assert again is quiz and app.class_quiz.switch.value  # relabelled, not rebuilt
    assert again.marks == marks and again.current == LINES[2] and app.class_quiz.waiting
    assert (again.boxes["red"].value, again.boxes["blue"].value) == ("7", "")
    assert "2 de 6 linhas reveladas" in again.summary.value
    text = page_text(app)
    assert "✗ você disse" in text.replace("&#10007;", "✗")
    with speaking("pt"):
        assert lines[1].text in text  # the newest line's sentence, now in Portuguese
    assert app.class_quiz.widget in app.stage.children
    again.button.click()  # the quiz goes on: the third line
    assert again.marks[LINES[2]]["blue"] is None and len(again.answers) == 3
