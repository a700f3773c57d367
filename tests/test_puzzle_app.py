"""Puzzles in the app (issue 20, item 3): the Puzzles button or ``?puzzle=ID`` opens a puzzle
at the learner's rating; the learner answers by the same clicks as in a game (a square on the
board or in the list, the cards on the cartouches, the exchange counter); the page says right
or wrong with the explanation, the better choice ringed and the values in words; the rating
(Glicko-2) moves, is drawn, and is kept in the class store, so a reload finds it, and the
teacher sees a student's puzzles with the class's progress.
"""

from __future__ import annotations

from itertools import pairwise

from helpers import address_written, plain, title_written
from test_howto import BUTTON, bare_rule_ids

from aton.app import build_app
from aton.classroom import ClassStore
from aton.engine.board import SQUARE_NAMES
from aton.teaching import puzzles
from aton.teaching.puzzles import choice_of

SQUARES = ("place", "remove", "take_back")


def first_of(kind: str) -> puzzles.Puzzle:
    return next(p for p in puzzles.shipped() if p.kind == kind)


def wrong_choice(puzzle: puzzles.Puzzle) -> object:
    return next(o for o in puzzle.view().options() if not puzzle.is_best(o))


def answer(app, puzzle: puzzles.Puzzle, choice: object) -> None:
    """Answer as a learner clicks: the square on the board, the cards on the cartouches, or
    the exchange counter."""
    mode = app.page.puzzles
    if puzzle.kind in SQUARES:
        mode.board.click(choice)
    elif puzzle.kind == "exchange" and choice:
        mode.picker.exchange.click()
    else:
        mode.picker.place(tuple(puzzle.view().hand) if puzzle.kind == "exchange" else choice)
        mode.picker.confirm.click()


def open_from_the_menu(app) -> None:
    """The Lesson menu's Puzzles entry, then Start."""
    app.controls.lesson.value = "puzzles"
    app.controls.start_lesson.click()


def test_the_menus_puzzles_entry_shows_a_puzzle_at_the_learners_rating_and_hides_the_game():
    app = build_app(seed=3, deal_seed=1, lang="en")
    mode = app.page.puzzles
    assert ("Puzzles: find the best choice", "puzzles") in app.controls.lesson.options
    open_from_the_menu(app)
    assert mode.on and mode.widget.layout.display == "" and app.page.grid.layout.display == "none"
    shown = mode.puzzle  # nearest the new learner's 1000, by the ratings learners moved
    moved = ClassStore().puzzle_ratings()
    assert shown == puzzles.pick(puzzles.shipped(), 1000.0, moved=moved)
    assert shown.question["en"] in plain(mode.question.value)
    mode.back.click()
    assert not mode.on and app.page.grid.layout.display == "" and not app.state.puzzles
    assert app.controls.lesson.value == ""  # the menu shows the free game again
    assert not app.game.over and app.error_message == ""


def test_a_wrong_then_a_right_answer_move_the_rating_down_then_up_and_are_kept():
    puzzle = first_of("place")
    app = build_app(query=f"puzzle={puzzle.id}&lang=en", deal_seed=1)
    mode = app.page.puzzles
    assert mode.puzzle.id == puzzle.id
    # before a first answer: no "solved 0 of 0", the rating said to be a first guess
    assert plain(mode.score.value) == ("Your rating: 1000 (± 350), a first guess that settles "
                                       "as you answer")
    answer(app, puzzle, wrong_choice(puzzle))
    assert "solved 0 of 1" in plain(mode.score.value)
    said = plain(mode.verdict.value)
    assert said.startswith("✘ Not the best choice: the best was")
    assert puzzle.explanation["en"] in said and "expected points" in said
    # Every rule the question and the verdict cite opens that rule, as in a game.
    assert BUTTON.findall(mode.question.value) and BUTTON.findall(mode.verdict.value)
    assert bare_rule_ids(mode.question.value) == bare_rule_ids(mode.verdict.value) == []
    assert set(mode.board.hint_squares) == set(puzzle.best)  # the better choice, ringed
    low = mode.rating.rating
    assert low < 1000 and list(mode.line.y)[-1] == low
    # The chart's marked numbers run in round steps from below the lowest rating to above the
    # highest, so no rating sits on the chart's edge.
    ticks = list(mode.y_axis.tick_values)
    assert (mode.y_axis.scale.min, mode.y_axis.scale.max) == (ticks[0], ticks[-1])
    assert ticks[0] < low < 1000 < ticks[-1]
    assert len({b - a for a, b in pairwise(ticks)}) == 1
    mode.next.click()
    second = mode.puzzle
    assert second.id != puzzle.id
    answer(app, second, choice_of(second.kind, second.best[0]))
    assert plain(mode.verdict.value).startswith("✔ Right: that is the best choice.")
    assert mode.rating.rating > low and mode.streak == 1
    # A reload: a new page with the address the page wrote finds the same progress.
    token = mode.token
    written = address_written(mode.address)["set"]
    assert written == {"puzzler": token, "lang": "en", "puzzle": second.id}
    assert title_written(mode.address) == "Aton — Puzzles: find the best choice"
    again = build_app(query=f"puzzle={second.id}&puzzler={token}&lang=en", deal_seed=1)
    kept = again.page.puzzles
    assert round(kept.rating.rating) == round(mode.rating.rating)
    assert [h[0] for h in kept.history] == [puzzle.id, second.id]
    assert "solved 1 of 2" in plain(kept.score.value)


def test_an_illegal_click_is_refused_with_its_rule_and_changes_nothing():
    puzzle = first_of("place")
    app = build_app(query=f"puzzle={puzzle.id}&lang=en", deal_seed=1)
    mode = app.page.puzzles
    taken = next(n for n, o in zip(SQUARE_NAMES, puzzle.view().board) if o)
    mode.board.click(taken)
    assert "R13" in mode.verdict.value or "R12" in mode.verdict.value
    assert mode.answer is None and mode.history == [] and mode.rating.rating == 1000


def test_a_question_says_how_many_removals_or_placements_are_left():
    """As a game's prompt does (R10, R13): the best choice depends on those still to come.
    adfc991a is the first of blue's two removals, f8a8aad1 the second, d813f58a the first of
    four placements."""
    said = {"adfc991a": "2 left, this one included.", "f8a8aad1": "This is the last one.",
            "d813f58a": "4 left, this one included."}
    for pid, words in said.items():
        app = build_app(query=f"puzzle={pid}&lang=en", deal_seed=1)
        assert words in plain(app.page.puzzles.question.value), pid
    app = build_app(query="puzzle=d813f58a&lang=pt", deal_seed=1)
    assert "Faltam 4, contando esta." in plain(app.page.puzzles.question.value)


def test_the_verdict_leads_with_how_much_better_or_worse_the_choice_is():
    """6fa2b6af: every choice loses points (red 4, blue 0 in round 6), so the verdict says
    first by how much the best beats the next best, or the choice falls behind the best."""
    puzzle = next(p for p in puzzles.shipped() if p.id == "6fa2b6af")
    runner = puzzle.facts["runner"]
    gain = round(puzzle.best_value - puzzle.values[runner])
    app = build_app(query=f"puzzle={puzzle.id}&lang=en", deal_seed=1)
    answer(app, puzzle, choice_of(puzzle.kind, puzzle.best[0]))
    said = plain(app.page.puzzles.verdict.value)
    assert f"Your choice is {gain} points better than the next best" in said
    assert puzzle.best_value < 0 and "yours comes to about 27 points against you, the next " \
        "best to about 31 points against you" in said
    wrong = wrong_choice(puzzle)
    loss = round(puzzle.best_value - puzzle.value(wrong))
    app = build_app(query=f"puzzle={puzzle.id}&lang=en", deal_seed=1)
    answer(app, puzzle, wrong)
    assert f"is {loss} points worse than the best: yours comes to " in plain(
        app.page.puzzles.verdict.value)


def test_cards_and_the_exchange_are_answered_in_the_card_picker():
    for kind in ("assign", "exchange"):
        puzzle = first_of(kind)
        app = build_app(query=f"puzzle={puzzle.id}&lang=en", deal_seed=1)
        mode = app.page.puzzles
        assert mode.picker.widget in mode.stage.children
        answer(app, puzzle, choice_of(kind, puzzle.best[0]))
        assert plain(mode.verdict.value).startswith("✔ Right"), kind


def test_the_puzzle_speaks_portuguese_and_switches_in_place():
    puzzle = first_of("assign")
    app = build_app(query=f"puzzle={puzzle.id}&lang=pt", deal_seed=1)
    mode = app.page.puzzles
    assert puzzle.question["pt"] in plain(mode.question.value)
    assert mode.next.description == "Próximo desafio ▸"
    answer(app, puzzle, wrong_choice(puzzle))
    assert plain(mode.verdict.value).startswith("✘ Não é a melhor escolha")
    app.switch_language("en")
    assert plain(mode.verdict.value).startswith("✘ Not the best choice")
    assert puzzle.explanation["en"] in plain(mode.verdict.value)


def test_an_unknown_puzzle_is_said_and_another_is_shown():
    app = build_app(query="puzzle=nosuch&lang=en", deal_seed=1)
    mode = app.page.puzzles
    assert mode.puzzle is not None
    assert "There is no puzzle nosuch" in plain(mode.verdict.value)


def test_the_teacher_sees_a_students_puzzles():
    store = ClassStore()  # the test run's store (conftest.py), which the page opens too
    started = store.start_class()
    ana = store.join(started.code, "Ana")
    app = build_app(query=f"join={started.code}&me={ana.token}&lang=en", deal_seed=1)
    assert app.page.class_link.role == "student"
    mode = app.page.puzzles
    open_from_the_menu(app)
    assert mode.token == ana.token
    puzzle = mode.puzzle
    answer(app, puzzle, choice_of(puzzle.kind, puzzle.best[0]))
    written = address_written(mode.address)["set"]
    assert written == {"join": started.code, "me": ana.token, "lang": "en", "puzzle": puzzle.id}
    (row,) = store.progress(started.code, started.key)
    assert (row.student, row.puzzles_tried, row.puzzles_solved) == ("Ana", 1, 1)
    assert "1 of 1, rating" in _teacher_table(started)


def _teacher_table(started) -> str:
    """The class's progress table on the teacher's page."""
    teacher = build_app(query=f"class={started.code}&key={started.key}&lang=en", deal_seed=1)
    teacher.page.classroom.out.show_progress()
    return plain(teacher.page.classroom.out.progress.value)


def test_puzzles_keep_the_rest_of_the_page_address():
    """Puzzles mode writes its puzzle and learner into the page's address and leaves the rest
    of it: a reload in the middle of the puzzles still finds the lesson and the lessons done
    (it wrote a whole address of its own, and a learner who reloaded there lost them)."""
    app = build_app(query="lesson=03_order_tie&done=1,2&lang=en", deal_seed=1)
    open_from_the_menu(app)
    mode = app.page.puzzles
    written = address_written(mode.address)
    assert set(written["set"]) == {"puzzler", "lang", "puzzle"} and written["drop"] == ["puzzles"]
    # Back to the game: the lessons' address comes back in full, without the puzzle.
    mode.back.click()
    again = address_written(app.tutor.address)
    assert again["set"] == {"lesson": "03_order_tie", "done": "1,2", "lang": "en"}
    assert "puzzle" in again["drop"]


def test_the_learners_puzzles_wait_in_the_address_while_the_game_is_played():
    """Back in the game (a lesson), the address keeps ``puzzler=``: a reload there and
    Puzzles opened from the menu go on with the same learner's rating and answers, where a
    new learner started at 1000."""
    puzzle = first_of("place")
    app = build_app(query=f"puzzle={puzzle.id}&lang=en", deal_seed=1)
    mode = app.page.puzzles
    answer(app, puzzle, wrong_choice(puzzle))
    rating, token = mode.rating.rating, mode.token
    mode.back.click()
    assert "puzzler" not in address_written(app.tutor.address).get("drop", [])
    again = build_app(query=f"lesson=03_order_tie&puzzler={token}&lang=en", deal_seed=1)
    assert again.tutor.lesson.name == "03_order_tie" and not again.page.puzzles.on
    open_from_the_menu(again)
    kept = again.page.puzzles
    assert kept.token == token and round(kept.rating.rating) == round(rating) < 1000
    assert [h[0] for h in kept.history] == [puzzle.id]
