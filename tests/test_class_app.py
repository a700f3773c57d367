"""A class on every desk, in the app (issue 18), without a browser: a teacher's page and its
students' pages built in one process, as Voilà builds them from their addresses, sharing a
class store of the test's own. Each student's page is polled as its ticker would poll it.

- Follow the teacher (item 3): whatever the teacher's page shows (its steps, a guided lesson, a
  scenario, an earlier moment from the move list), a student's page shows the same after one
  tick; a student may look back and come back; nothing on a student's page moves the
  teacher's game; hidden cards stay hidden (R6).
- Everyone predicts (item 4): a scoring line (R16), cartouche 1's points (R7), who goes first
  (R8): marks right against the engine, a tally per round, a second answer replacing the
  first, an answer after Reveal refused.
- Progress (item 6): a guided lesson played on one's own, games between classmates.
"""

from __future__ import annotations

import csv
import io

import pytest
from class_pages import (
    anonymous_state,
    box_of,
    class_store,  # noqa: F401 - the fixture
    link_of,
    rejoined,
    shown,
    student,
    teacher,
    tick,
)
from helpers import page_texts, plain
from test_classquiz import NAME, SEED, play_to_scoring
from test_howto import bare_rule_ids
from test_who_sees_what import twin_positions

from aton.app.classlink import truth_of
from aton.classroom import StoreError
from aton.engine.game import Game

pytestmark = pytest.mark.usefixtures("class_store")


def decide(app) -> None:
    """The person at the page decides as the tests do: the cards as drawn, the first square."""
    pending = app.session.human_pending
    if pending.kind in ("exchange", "assign"):
        app.confirm_cards(tuple(app.game.view(pending.player).hand))
    else:
        app.click_square(app.game.options()[0])


def class_of(*names: str, **teacher_args):
    """A teacher's page and one student's page per name, joined."""
    t = teacher(**teacher_args)
    pupils = [student(link_of(t).code, name) for name in names]
    for page in pupils:
        assert link_of(page).role == "student", link_of(page).problem
    return t, pupils


def same_view(pupil, t) -> None:
    """The student's page shows what the teacher's shows; the cartouche table compared when
    both show it (the teacher deciding has the card picker there instead, a student never)."""
    mine, theirs = shown(pupil), shown(t)
    if None in (mine["cartouches"], theirs["cartouches"]):
        mine["cartouches"] = theirs["cartouches"] = None
    assert mine == theirs


def follows(pupil, t) -> None:
    tick(pupil)
    same_view(pupil, t)


def step_to(app, kind: str) -> None:
    """Step the teacher's game until its next step is of ``kind`` (the cards as drawn)."""
    for _ in range(60):
        if getattr(app.game.coming, "kind", None) == kind:
            return
        if app.session.human_pending is not None:
            decide(app)
        else:
            app.next_step()
    raise AssertionError(f"no {kind} step came")


# ---------------------------------------------------------------------- following the teacher


def test_every_step_of_the_teacher_is_on_the_students_page_after_one_tick():
    t, (ana, bo) = class_of("Ana", "Bo", seed=3)
    follows(ana, t)
    for _ in range(14):
        if t.session.human_pending is not None:
            decide(t)
        else:
            t.next_step()
        follows(ana, t)
    assert len(t.game.events) > 8
    assert "aton-following" in ana.page.root._dom_classes  # the steps, set-up, coach hidden
    assert "You are following the teacher" in plain(ana.explain.widget.value)
    follows(bo, t)  # a page that missed every tick catches up in one


def test_the_code_shown_big_says_who_has_joined():
    """While the room copies the code from the big screen, the teacher still sees who is in."""
    t, _pupils = class_of("Ana", "Bo")
    tick(t)
    box_of(t).big.click()
    assert box_of(t).overlay.layout.display == ""
    assert "2 in the class: Ana, Bo" in plain(box_of(t).big_code.value)


def test_a_page_opened_by_the_join_link_asks_only_for_a_first_name():
    """The class's link: the code typed in, a first name to type, and no button that would
    start a class of the student's own."""
    t = teacher()
    page = student(link_of(t).code)
    box = box_of(page)
    assert box.widget.layout.display == "" and box.code.value == link_of(t).code
    assert box.start not in box.widget.children and box.join_row in box.widget.children
    assert "Type your first name and press Join the class" in plain(box.banner.value)
    box.name.value = "Ana"
    box.join.click()
    assert link_of(page).role == "student" and box.start not in box.widget.children


def test_a_scenario_and_a_guided_lesson_of_the_teacher_are_followed():
    t, (ana,) = class_of("Ana", scenario=NAME, seed=SEED)
    follows(ana, t)
    assert ana.state.scenario == NAME
    t.start_lesson("02_cartouche1_points")
    follows(ana, t)
    assert t.state.lesson == "02_cartouche1_points"
    lesson = t.control.lessons["02_cartouche1_points"]
    assert f"in the guided lesson “{lesson.title}”" in plain(ana.explain.widget.value)
    decide(t)
    follows(ana, t)


def test_an_earlier_moment_from_the_move_list_is_followed_and_a_student_looks_back_alone():
    t, (ana,) = class_of("Ana", seed=3)
    for _ in range(10):
        decide(t) if t.session.human_pending is not None else t.next_step()
    t.look_at(3)  # the teacher shows the class step 3 of the move list
    follows(ana, t)
    assert ana.state.moment == 3
    t.back_to_game()
    follows(ana, t)
    ana.look_at(1)  # the student looks back on their own device
    assert link_of(ana).looking_alone and box_of(ana).back in box_of(ana).student_row.children
    t.next_step() if t.session.human_pending is None else decide(t)
    tick(ana)
    assert ana.state.moment == 1  # still where the student looks…
    assert ana.game.record() == t.game.record()  # …in the teacher's game as it now stands
    box_of(ana).back.click()  # "Back to the teacher"
    assert not link_of(ana).looking_alone
    same_view(ana, t)


def test_nothing_on_a_students_page_moves_the_teachers_game():
    t, (ana,) = class_of("Ana", seed=3)
    decide(t)
    follows(ana, t)
    before = (t.game.record(), len(t.game.events))
    ana.next_step()
    assert ana.state.told.warning is not None
    ana.click_square(t.game.options()[0] if t.game.options() else "T1-1")
    assert ana.state.told.warning is not None
    ana.to_my_decision()
    tick(t, ana)
    assert (t.game.record(), len(t.game.events)) == before
    same_view(ana, t)
    assert ana.error_message == ""


def test_a_student_following_sees_none_of_the_computers_hidden_cards():
    """The teacher plays red against the computer. In two classes whose games differ only in
    blue's hand (and so in the cards the computer puts face down), the students' pages hold
    the same widgets' states at every moment before the reveal (R6); after it they differ, so
    the comparison sees a card."""
    classes = []
    for position in twin_positions(5, players=("blue",)):
        t, (ana,) = class_of("Ana")
        t.open_game(Game.from_position(position, 7))
        t.next_step()  # the deal
        classes.append((t, ana))
    (t1, a1), (t2, a2) = classes
    assert t1.game.view("blue").hand != t2.game.view("blue").hand
    assert t1.game.view("red").hand == t2.game.view("red").hand

    def same_students():
        tick(a1, a2)
        one, other = anonymous_state(a1), anonymous_state(a2)
        assert len(one) == len(other)
        differences = [(kind, k) for (kind, x), (_k, y) in zip(one, other, strict=True)
                       for k in x.keys() | y.keys() if x.get(k) != y.get(k)]
        return differences

    assert same_students() == []
    # The board in words names whose hand the student sees: the teacher's colour, not theirs.
    words = plain(a1.reader.words.value)
    assert "Red's hand: " in words and "Your hand" not in words
    for t in (t1, t2):
        decide(t)  # red's cards face down; the computer puts blue's face down at once
        assert t.game.coming.kind == "reveal"
    assert t1.game.cards["blue"] != t2.game.cards["blue"]
    assert same_students() == []
    assert a1.table.value_shown("blue", 1) == "face down"
    assert "Red's cards on cartouches 1 to 4, face down: " in plain(a1.reader.words.value)
    assert "Your cards on cartouches" in plain(t1.reader.words.value)
    for t in (t1, t2):
        t.next_step()  # the reveal
    assert same_students() != []


# ---------------------------------------------------------------------- questions


def ask(t, kind: str) -> None:
    assert link_of(t).askable() is not None and link_of(t).askable()[0] == kind
    box_of(t).ask.click()
    assert link_of(t).asking and t.error_message == ""


def send_points(pupil, red, blue) -> None:
    box = box_of(pupil)
    box.red_guess.value, box.blue_guess.value = str(red), str(blue)
    box.send.click()


def engine_answer(t, kind: str) -> dict:
    twin = t.game.clone()
    return truth_of(kind, twin.step())


def test_a_scoring_line_marked_against_the_engine_with_a_tally_per_round():
    t, pupils = class_of("Ana", "Bo", "Cy", scenario=NAME, seed=SEED)
    play_to_scoring(t)
    truth = engine_answer(t, "line")
    ask(t, "line")
    tick(*pupils)
    ana, bo, cy = pupils
    send_points(ana, truth["red"], truth["blue"])
    send_points(bo, truth["red"] + 1, truth["blue"])
    send_points(bo, truth["red"], truth["blue"])  # a second answer replaces the first
    assert "Sent: " in plain(box_of(bo).question.value)
    send_points(cy, truth["red"], truth["blue"] + 2)
    tick(t)
    assert "3 of 3 have answered" in plain(box_of(t).question.value)
    # The question's rule (R16) opens that rule, on the teacher's page and on a student's.
    for page in (t, bo):
        assert "R16" in plain(box_of(page).question.value)
        assert bare_rule_ids(box_of(page).question.value) == []
    box_of(t).reveal.click()
    results = plain(box_of(t).out.results.value)
    assert results.startswith("2 of 3 got it right")
    x_axis, y_axis = box_of(t).out.chart[0].axes  # whole students, guesses read across
    assert list(y_axis.tick_values) == [0, 1, 2, 3] and x_axis.tick_rotate == 0
    assert f"red {truth['red']}, blue {truth['blue']}" in results
    # The engine's own sentence for the line is the explanation's, under the class box.
    assert plain(link_of(t).revealed.text) in plain(t.explain.widget.value)
    tick(*pupils)
    assert "✓" in box_of(ana).question.value and "✓" in box_of(bo).question.value
    assert "✗" in box_of(cy).question.value
    assert "This round: 1 right, 0 wrong." in plain(box_of(ana).question.value)
    assert "This round: 0 right, 1 wrong." in plain(box_of(cy).question.value)
    # The next line: Ana wrong this time; the tally counts the round's two lines.
    truth = engine_answer(t, "line")
    ask(t, "line")
    tick(*pupils)
    send_points(ana, truth["red"] + 3, truth["blue"])
    box_of(t).reveal.click()
    tick(*pupils)
    assert "This round: 1 right, 1 wrong." in plain(box_of(ana).question.value)
    assert "You did not answer this one." in plain(box_of(bo).question.value)
    assert "This round: 1 right, 0 wrong." in plain(box_of(bo).question.value)


@pytest.mark.parametrize("kind", ["points", "order"])
def test_cartouche_ones_points_and_who_goes_first_marked_against_the_engine(kind):
    t, (ana, bo) = class_of("Ana", "Bo", seed=3)
    step_to(t, kind)
    truth = engine_answer(t, kind)
    ask(t, kind)
    tick(ana, bo)
    if kind == "order":
        wrong = "blue" if truth["first"] == "red" else "red"
        (box_of(ana).first_red if truth["first"] == "red" else box_of(ana).first_blue).click()
        (box_of(bo).first_red if wrong == "red" else box_of(bo).first_blue).click()
    else:
        send_points(ana, truth["red"], truth["blue"])
        send_points(bo, truth["red"] + 1, truth["blue"] + 1)
    box_of(t).reveal.click()
    assert t.game.events[-1].type == kind  # Reveal stepped the game once
    assert plain(box_of(t).out.results.value).startswith("1 of 2 got it right")
    tick(ana, bo)
    assert "✓" in box_of(ana).question.value and "✗" in box_of(bo).question.value


def test_a_guess_that_is_not_a_number_is_said_and_sent_to_nobody():
    """A box left empty or a word typed: the student is told, until their next click, even
    while classmates' answers move the class on; nothing reaches the teacher."""
    t, (ana, bo) = class_of("Ana", "Bo", scenario=NAME, seed=SEED)
    play_to_scoring(t)
    ask(t, "line")
    tick(ana, bo)
    send_points(ana, "six", 1)
    said = "Nothing was sent: type red's points as a whole number"
    assert said in plain(box_of(ana).notice.value)
    send_points(bo, 2, 2)
    tick(ana)  # Bo's answer moved the class: Ana's page reads it and keeps the warning
    assert said in plain(box_of(ana).notice.value)
    box_of(ana).blue_guess.value = ""
    box_of(ana).red_guess.value = "2"
    box_of(ana).send.click()
    assert "Nothing was sent: type blue's points" in plain(box_of(ana).notice.value)
    assert link_of(ana).mine is None
    tick(t)
    assert "1 of 2 have answered" in plain(box_of(t).question.value)
    send_points(ana, 2, 0)
    assert plain(box_of(ana).notice.value) == ""
    assert "Sent: red 2, blue 0" in plain(box_of(ana).question.value)


def test_each_question_opens_with_empty_boxes():
    """The last question's guess is not in the next one's boxes: one click would send it."""
    t, (ana,) = class_of("Ana", scenario=NAME, seed=SEED)
    play_to_scoring(t)
    ask(t, "line")
    tick(ana)
    send_points(ana, 4, 5)
    box_of(t).reveal.click()
    ask(t, "line")
    tick(ana)
    box = box_of(ana)
    assert (box.red_guess.value, box.blue_guess.value) == ("", "")
    box.send.click()
    assert link_of(ana).mine is None and "Nothing was sent" in plain(box.notice.value)


def test_a_question_goes_when_the_teachers_game_moves_on():
    """Revealed, it stays through its round; the next round, or another game or lesson, and
    it goes from every page (its marks still count). One still open goes unmarked with the
    game it was of, and the new game steps without a Reveal."""
    t, (ana,) = class_of("Ana", seed=3)
    step_to(t, "points")
    truth = engine_answer(t, "points")
    ask(t, "points")
    tick(ana)
    send_points(ana, truth["red"], truth["blue"])
    box_of(t).reveal.click()
    tick(ana)
    assert "✓" in box_of(ana).question.value
    asked_in = t.game.round
    while t.game.round == asked_in:
        if t.session.human_pending is not None:
            decide(t)
        else:
            t.next_step()
        if t.game.round == asked_in:
            assert "got it right" in plain(box_of(t).out.results.value)
            assert box_of(t).out.row in box_of(t).widget.children
    tick(ana)
    assert box_of(t).out.row not in box_of(t).widget.children
    assert box_of(ana).question not in box_of(ana).widget.children
    assert link_of(ana).store.tally(link_of(ana).code, link_of(ana).token) == (1, 0)
    step_to(t, "order")
    ask(t, "order")
    tick(ana)
    box_of(ana).first_red.click()
    t.start_lesson("02_cartouche1_points")
    assert not link_of(t).asking and link_of(t).question.status == "closed"
    tick(ana)
    assert box_of(ana).order_box not in box_of(ana).widget.children
    assert not t.state.asking and t.error_message == ""  # no Reveal stands in the way


@pytest.mark.parametrize(("most", "top", "ticks"), [
    (0, 3, [0, 1, 2, 3]), (2, 3, [0, 1, 2, 3]), (5, 5, [0, 1, 2, 3, 4, 5]),
    (7, 8, [0, 2, 4, 6, 8]), (11, 15, [0, 5, 10, 15]), (30, 30, [0, 10, 20, 30])])
def test_the_guesses_chart_counts_whole_students(most, top, ticks):
    """The chart of the class's guesses ticks whole students, at most six ticks, and its top
    holds the highest bar (a count of 1 once drew between ticks reading 0, 2 and 3)."""
    from aton.app.classresults import count_ticks

    assert count_ticks(most) == (top, ticks)


def test_an_answer_after_reveal_is_refused_with_a_notice():
    t, (ana,) = class_of("Ana", scenario=NAME, seed=SEED)
    play_to_scoring(t)
    ask(t, "line")
    tick(ana)
    box_of(t).reveal.click()
    send_points(ana, 1, 1)  # the page has not ticked since: the boxes are still there
    notice = plain(box_of(ana).notice.value)
    assert "The teacher has already revealed this question" in notice
    tick(ana)
    assert "You did not answer this one." in plain(box_of(ana).question.value)


# ---------------------------------------------------------------------- progress


def play_lesson(app, name: str) -> None:
    """Play guided lesson ``name`` to its verdict by the coach's hints (a success)."""
    app.start_lesson(name)
    for _ in range(300):
        if app.tutor.verdict is not None:
            return
        pending = app.session.human_pending
        if pending is None:
            app.next_step()
            continue
        app.coach.hint.click()
        hinted = app.control.hinted
        if pending.kind in ("exchange", "assign"):
            if hinted.advice.kind == "exchange" and hinted.advice.choice:
                app.picker.exchange.click()
            else:
                app.confirm_cards((hinted.then or hinted.advice).choice)
        else:
            app.board.click(hinted.advice.choice)
    raise AssertionError("the lesson never reached its verdict")


def challenge_and_accept(red, blue) -> None:
    """``red``'s page challenges its only classmate, ``blue``'s page accepts."""
    tick(red)
    box_of(red).mate.value = box_of(red).mate.options[0][1]
    box_of(red).challenge.click()
    tick(blue)
    box_of(blue).offers.children[0].children[1].click()  # Accept
    tick(red)


def play_each_other_to_the_end(*pages) -> None:
    """Two classmates' pages play their game to its end, each deciding for its own colour."""
    for _ in range(3000):
        if all(page.game.over for page in pages):
            break
        for page in pages:
            tick(page)
            if page.game.over:
                continue
            if page.session.human_pending is not None:
                decide(page)
            elif not page.session.waits_for_classmate or page.session.inbox:
                page.to_my_decision()
    one, other = pages
    assert one.game.over and other.game.over and one.game.record() == other.game.record()


def progress_rows(t) -> dict[str, dict]:
    return {row["name"]: row for row in csv.DictReader(io.StringIO(link_of(t).progress_csv()))}


def test_a_lesson_played_alone_and_a_game_between_classmates_reach_the_teachers_table():
    t, (ana, bo) = class_of("Ana", "Bo")
    box_of(ana).alone.click()
    assert link_of(ana).mode == "own"
    play_lesson(ana, "01_first_round")
    assert ana.tutor.verdict.success
    box_of(t).students.click()
    table = plain(box_of(t).progress.value)
    assert "Ana" in table and "01_first_round (done)" in table
    rows = progress_rows(t)
    assert "01_first_round:done" in rows["Ana"]["lessons"] and rows["Bo"]["lessons"] == ""
    # Ana and Bo play each other to the end: the game is counted for both.
    challenge_and_accept(ana, bo)
    play_each_other_to_the_end(ana, bo)
    tick(ana, bo)
    rows = progress_rows(t)
    assert rows["Ana"]["games"] == rows["Bo"]["games"] == "1"
    winner = ana.game.winner
    won = {"Ana": "1" if winner == "red" else "0", "Bo": "1" if winner == "blue" else "0"}
    assert {n: rows[n]["wins"] for n in won} == won
    again = rejoined(link_of(ana).code, link_of(ana).token)
    assert again.page.class_link.name == "Ana"
    # the lesson Ana finished before the reload is ticked again (the store kept it)
    assert again.state.done == {"01_first_round"}
    again.start_lesson("02_cartouche1_points")
    assert "Done: 1 of 15" in plain(again.tutor.widget.children[0].value)


# ---------------------------------------------------------------------- a game between classmates


def playing_each_other():
    """Ana (red) and Bo (blue) in a game against each other, each on their page; Ana's cards
    are asked first (R6)."""
    _t, (ana, bo) = class_of("Ana", "Bo")
    challenge_and_accept(ana, bo)
    assert link_of(ana).mode == link_of(bo).mode == "duel"
    assert ana.session.human_pending.kind == "exchange" and bo.session.waits_for_classmate
    return ana, bo


def refuse_once(monkeypatch, page, call: str) -> None:
    """The page's class store refuses ``call`` once (a server's disk busy past its timeout)."""
    store = link_of(page).store
    real, refused = getattr(store, call), []

    def once(*args):
        if not refused:
            refused.append(args)
            raise StoreError("unavailable", "refused once by the test")
        return real(*args)

    monkeypatch.setattr(store, call, once)


def test_a_move_the_store_refused_is_stored_at_the_next_poll(monkeypatch):
    ana, bo = playing_each_other()
    refuse_once(monkeypatch, ana, "add_move")
    decide(ana)  # her exchange and cards (R5, R6): the store refuses the first
    assert link_of(ana).problem is not None and link_of(ana).unsent
    tick(bo)
    assert bo.session.waits_for_classmate and not bo.session.inbox  # nothing reached Bo
    tick(ana)  # nothing else changed in the class: the poll stores them all the same
    assert not link_of(ana).unsent
    tick(bo)
    assert bo.session.human_pending.kind == "exchange"  # Bo's own choice now


def test_a_poll_whose_read_the_store_refused_reads_again(monkeypatch):
    ana, bo = playing_each_other()
    decide(ana)
    refuse_once(monkeypatch, bo, "duel_moves")
    tick(bo)  # the class's counter moved, but Ana's moves could not be read
    assert bo.session.waits_for_classmate and not bo.session.inbox
    tick(bo)  # the counter has not moved since: the poll reads them all the same
    assert bo.session.human_pending.kind == "exchange"


def test_moves_read_while_looking_back_are_played_after_back_to_the_game():
    ana, bo = playing_each_other()
    bo.look_at(0)  # Bo looks at the game before the deal, in the move list
    decide(ana)
    tick(bo)
    assert bo.state.moment == 0 and bo.session.inbox  # read, not played: Bo is looking back
    bo.back_to_game()
    tick(bo)
    assert bo.session.human_pending.kind == "exchange" and not bo.session.inbox


def test_the_teacher_pairs_two_students_chosen_in_two_menus():
    """Under Students and progress the menus start on two different students (one click
    pairs them), a student joining later keeps the pair chosen, one student twice is
    refused with a word, and the pair's pages start their game at their next poll."""
    t, (ana, bo) = class_of("Ana", "Bo")
    box = box_of(t)
    tick(t)
    box.students.click()
    names = dict(box.red_pick.options)
    assert (box.red_pick.value, box.blue_pick.value) == (names["Ana"], names["Bo"])
    box.red_pick.value, box.blue_pick.value = names["Bo"], names["Ana"]
    student(link_of(t).code, "Cy")
    tick(t)
    assert (box.red_pick.value, box.blue_pick.value) == (names["Bo"], names["Ana"])
    box.blue_pick.value = names["Bo"]
    box.pair.click()
    assert "Choose two different students to pair." in plain(box.notice.value)
    box.blue_pick.value = names["Ana"]
    box.pair.click()
    assert plain(box.notice.value) == ""
    tick(ana, bo)
    assert link_of(bo).mode == link_of(ana).mode == "duel"
    assert (bo.session.learner, ana.session.learner) == ("red", "blue")
    tick(t)  # the table says who is playing whom while the game is on
    table = box.progress.value
    assert "<td>Ana</td>" in table and "against Bo" in table and "against Ana" in table
    assert "playing now" in table


def test_while_the_classmate_decides_the_steps_are_greyed_and_say_why():
    """A page waiting on the classmate's decision has nothing to step: Next step, To my next
    decision and Auto-play are greyed, their tooltip naming who decides; the classmate's move
    read, the page goes on."""
    _t, (ana, bo) = class_of("Ana", "Bo")
    challenge_and_accept(ana, bo)
    assert ana.session.human_pending is not None and bo.session.waits_for_classmate
    for button in (bo.controls.next, bo.controls.run, bo.controls.auto):
        assert button.disabled
        assert button.tooltip == "Not now: Ana is deciding on their device; your page goes on " \
            "by itself once they have."
    decide(ana)
    tick(bo)
    assert "Ana is deciding" not in bo.controls.next.tooltip


def test_a_game_between_classmates_has_its_link_once_it_is_over():
    """A link holds the game's seed, and the seed deals every card: before the end, either
    classmate could deal the game again in another tab and see the other's hand (R6). So Copy
    link says it waits for the end, and the seed is nowhere on either page until then; nor is
    it drawn from the challenger's New game generator, whose seed New game's tooltip names."""
    _t, (ana, bo) = class_of("Ana", "Bo")
    new_games = ana.control.deals.getstate()
    challenge_and_accept(ana, bo)
    assert ana.control.deals.getstate() == new_games
    seed = str(ana.game.seed)
    decide(ana)
    tick(bo)
    for page in (ana, bo):
        page.history.copy.click()
        assert page.control.share is None and page.history.share.layout.display == "none"
        assert "Copy link works once this game is over" in plain(page.explain.widget.value)
        assert seed not in page_texts(page)
    play_each_other_to_the_end(ana, bo)
    ana.history.copy.click()
    assert ana.history.share.layout.display == ""
    assert f"aton-game-{seed}-" in ana.history.share.value  # the record to download, whole
