"""No widget leak (issue 17, item 5): every panel closes what it replaces.

A class keeps one page open all lesson long. Each switch of the page (Class predicts, the
projector, Review my moves, Auto-play, the language, the opponent, your colour, the lesson's
hint, How to play) is switched 50 times and 20 new games are dealt, and the kernel holds
exactly as many widgets as before. Each switch is used once first, so that what a panel makes
once and keeps (the scoring chart, the coach's hint box) is counted in "before".
"""

from __future__ import annotations

import pytest
from ipywidgets import Button, Layout, VBox
from test_classquiz import NAME, SEED, play_to_scoring

from aton.app import build_app
from aton.app.closing import close_tree, live_widgets
from aton.app.predict import ScoringQuiz
from aton.engine.scoring import LINES

TIMES = 50


def test_close_tree_closes_children_layouts_and_styles():
    before = live_widgets()
    box = VBox([Button(description="a"), VBox([Button(layout=Layout(width="9px"))])])
    assert live_widgets() - before == 10  # 4 widgets, 4 layouts, 2 button styles
    close_tree(box)
    assert live_widgets() == before


def test_a_closed_quiz_leaves_no_widget():
    before = live_widgets()
    quiz = ScoringQuiz(list(LINES), lambda line: None)
    assert live_widgets() - before == 27  # the 27-widget quiz
    quiz.close()
    assert live_widgets() == before


def switch(widget, values: tuple) -> None:
    """Set ``widget`` to each of ``values`` in turn, as a person's clicks would."""
    for value in values:
        widget.value = value


@pytest.fixture
def at_scoring():
    """An app whose next step scores a line of a scoring round: the class quiz is offered."""
    app = build_app(scenario=NAME, seed=SEED, how_to_play=False, deal_seed=0)
    play_to_scoring(app)
    return app


def test_the_page_switches_leave_no_widget_behind(at_scoring):
    app = at_scoring
    c = app.controls
    toggles = {
        "class predicts": lambda: switch(app.class_quiz.switch, (True, False)),
        "projector": lambda: switch(app.projector, (True, False)),
        "review my moves": lambda: switch(app.coach.review, (True, False)),
        "auto-play": lambda: switch(c.auto, (True, False)),
        "pace": lambda: switch(c.pace, ("fast", "normal")),
        "language": lambda: switch(c.language, ("pt", "en")),
        "opponent": lambda: switch(c.opponent, ("random", "hotseat", "greedy")),
        "how to play": lambda: (app.how_to.show(), app.how_to.hide()),
        "coach hint": app.coach_hint,
        "look back": lambda: (app.look_at(0), app.back_to_game()),
    }
    for toggle in toggles.values():  # once each: what a panel makes once is made now
        toggle()
    assert app.class_quiz.quiz is None and not app.error_message
    before = live_widgets()
    for name, toggle in toggles.items():
        for _ in range(TIMES):
            toggle()
        assert live_widgets() == before, name
    assert not app.error_message


def test_a_quiz_played_to_its_end_and_new_games_leave_no_widget_behind(at_scoring):
    app = at_scoring

    def quiz_to_its_end() -> None:
        play_to_scoring(app)
        app.class_quiz.switch.value = True
        while not app.class_quiz.quiz.done:
            app.class_quiz.quiz.button.click()  # Reveal, line by line (R16)
        assert live_widgets() > before  # the quiz and its results are on the page
        app.new_game()
        app.class_quiz.switch.value = False

    before = 0
    quiz_to_its_end()  # the scoring round's chart is made once, at its first line
    before = live_widgets()
    for _ in range(3):
        quiz_to_its_end()
        assert live_widgets() == before
    for _ in range(20):
        app.new_game()
    for _ in range(TIMES):
        switch(app.controls.learner, ("blue", "red"))
    assert live_widgets() == before and not app.error_message


def test_lessons_and_their_hint_leave_no_widget_behind():
    app = build_app(seed=2, how_to_play=False)
    names = list(app.control.lessons)
    for name in names:  # each lesson once
        app.start_lesson(name)
        app.toggle_hint()
        app.toggle_hint()
    app.free_game()
    before = live_widgets()
    for _ in range(2):
        for name in names:
            app.start_lesson(name)
            for _ in range(TIMES // 10):
                app.toggle_hint()
                app.toggle_hint()
            app.retry()
        app.free_game()
    assert live_widgets() == before and not app.error_message
