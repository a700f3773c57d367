"""The class store (issue 18) read like a rulebook: every call, who may make it, and every
refusal with its reason. Each test runs against SQLite and PostgreSQL (the ``store`` fixture,
tests/conftest.py); faults (processes, kills, read-only files) are in test_class_store_faults.py.
"""

from __future__ import annotations

import csv
import io
import os

import pytest
import sqlalchemy

from aton.classroom import (
    REASONS,
    SCHEMA_VERSION,
    ClassStore,
    Moment,
    Started,
    StoreError,
    default_url,
)
from aton.classroom.base import ALPHABET
from aton.classroom.schema import meta

DAY = 86400


def refused(reason: str):
    """pytest.raises for a StoreError of exactly this reason (and a known one)."""
    assert reason in REASONS
    return pytest.raises(StoreError, match=rf"^{reason}(:|$)")


@pytest.fixture
def room(store):
    """A class with three students: (started, ana, bo, cy)."""
    started = store.start_class()
    return (started, store.join(started.code, "Ana"), store.join(started.code, "Bo"),
            store.join(started.code, "Cy"))


# ---------------------------------------------------------------------- classes and codes

def test_a_class_has_a_six_letter_code_and_a_secret_key(store):
    started = store.start_class()
    assert isinstance(started, Started)
    assert len(started.code) == 6 and set(started.code) <= set(ALPHABET)
    assert len(started.key) >= 24
    store.check_teacher(started.code, started.key)
    store.check_class(started.code)
    other = store.start_class()
    assert other.code != started.code and other.key != started.key


def test_only_a_hash_of_the_key_is_stored(store, store_url):
    started = store.start_class()
    engine = sqlalchemy.create_engine(store_url)
    with engine.connect() as conn:
        stored = [str(v) for row in conn.execute(sqlalchemy.text("SELECT * FROM aton_class"))
                  for v in row]
    engine.dispose()
    assert started.code in stored and not any(started.key in v for v in stored)


def test_codes_are_cleaned_as_typed(store):
    assert ClassStore.clean_code(" abc-def ") == "ABCDEF"
    assert ClassStore.clean_code("ab cd ef") == "ABCDEF"
    for bad in ("ABCDE", "ABCDEFG", "ABCDE0", "ABCDEI", "<scri>", ""):  # 0 and I not in it
        with refused("bad-code"):
            ClassStore.clean_code(bad)
    started = store.start_class()
    store.check_class(started.code.lower()[:3] + "-" + started.code[3:])


def test_a_forged_or_guessed_code_is_refused(store):
    started = store.start_class()
    guess = next(c * 6 for c in ALPHABET if c * 6 != started.code)
    with refused("no-class"):
        store.check_class(guess)
    with refused("no-class"):
        store.join(guess, "Ana")
    with refused("no-class"):
        store.seq(guess)
    with refused("bad-code"):
        store.check_class("<script>")


def test_only_the_key_holder_is_the_teacher(room, store):
    started, ana, *_ = room
    for key in ("", "x" * 24, ana.token, None, started.key + "x"):
        with refused("wrong-key"):
            store.check_teacher(started.code, key)
    other = store.start_class()
    with refused("wrong-key"):
        store.check_teacher(started.code, other.key)  # another class's key


def test_the_teacher_ends_the_class(room, store):
    started, ana, *_ = room
    with refused("wrong-key"):
        store.end_class(started.code, ana.token)
    store.check_class(started.code)
    store.end_class(started.code, started.key)
    for call in (lambda: store.check_class(started.code),
                 lambda: store.check_teacher(started.code, started.key),
                 lambda: store.seq(started.code),
                 lambda: store.join(started.code, "Dee"),
                 lambda: store.rejoin(started.code, ana.token)):
        with refused("ended"):
            call()


def test_a_class_ends_after_a_day_unused(room, store, clock):
    started, ana, *_ = room
    clock.now += DAY - 1
    store.check_class(started.code)
    store.publish(started.code, started.key, {"step": 1})  # a write: used again
    clock.now += DAY - 1
    assert store.seq(started.code) > 0
    store.record_lesson(started.code, ana.token, "01", "won")  # a student's write counts too
    clock.now += DAY - 1
    store.check_class(started.code)
    clock.now += 2
    with refused("ended"):
        store.check_class(started.code)
    with refused("ended"):
        store.seq(started.code)


def test_purge_ends_the_classes_unused_for_a_day(store, clock):
    old = store.start_class()
    clock.now += DAY / 2
    fresh = store.start_class()
    clock.now += DAY / 2 + 1
    assert store.purge() == 1
    assert store.purge() == 0
    store.check_class(fresh.code)
    clock.now -= DAY  # even with the clock turned back, a purged class stays ended
    with refused("ended"):
        store.check_class(old.code)


def test_forget_deletes_everything_of_a_class_unused_for_a_month(room, store, store_url, clock):
    started, ana, bo, _cy = room
    q = store.open_question(started.code, started.key, "points", {}, 1)
    store.answer(started.code, ana.token, q.id, {"red": 1})
    duel = store.pair(started.code, started.key, ana.id, bo.id, 1)
    store.add_move(started.code, ana.token, duel.id, 0, "red", 1)
    store.record_lesson(started.code, bo.token, "01", "won")
    clock.now += 29 * DAY
    store.start_class()  # ended after a day, but kept until a month has passed
    assert store.forget() == 0
    clock.now += DAY + 1
    assert store.forget() == 1
    with refused("no-class"):
        store.check_class(started.code)
    engine = sqlalchemy.create_engine(store_url)
    with engine.connect() as conn:
        counts = {name: conn.execute(sqlalchemy.text(f"SELECT count(*) FROM {name}")).scalar()
                  for name in ("aton_student", "aton_question", "aton_answer", "aton_duel",
                               "aton_move", "aton_lesson", "aton_class")}
    engine.dispose()
    assert counts == {"aton_student": 0, "aton_question": 0, "aton_answer": 0, "aton_duel": 0,
                      "aton_move": 0, "aton_lesson": 0, "aton_class": 1}


def test_every_write_bumps_the_seq_and_reads_do_not(room, store):
    started, ana, bo, _cy = room
    code, key = started.code, started.key
    seen = [store.seq(code)]

    def bumped() -> None:
        seen.append(store.seq(code))
        assert seen[-1] > seen[-2]

    store.publish(code, key, {"a": 1})
    bumped()
    q = store.open_question(code, key, "points", {}, 1)
    bumped()
    store.answer(code, ana.token, q.id, {"red": 1})
    bumped()
    store.reveal(code, key, q.id, {"red": 1})
    bumped()
    duel = store.challenge(code, ana.token, bo.id, 5)
    bumped()
    store.accept(code, bo.token, duel.id)
    bumped()
    store.add_move(code, ana.token, duel.id, 0, "red", {"cards": [1]})
    bumped()
    store.finish_duel(code, ana.token, duel.id, "blue")
    bumped()
    store.record_lesson(code, bo.token, "02", "lost")
    bumped()
    store.join(code, "Dee")
    bumped()
    for read in (store.moment(code), store.question(code), store.students(code, key),
                 store.marks(code, key, q.id), store.progress(code, key),
                 store.duels(code, ana.token), store.tally(code, ana.token)):
        assert read is not None
    assert store.seq(code) == seen[-1]


# ---------------------------------------------------------------------- students

def test_a_student_joins_with_a_first_name_and_rejoins_with_the_token(room, store):
    started, ana, *_ = room
    assert ana.name == "Ana" and ana.token and isinstance(ana.id, int)
    again = store.rejoin(started.code, ana.token)
    assert (again.id, again.name, again.token) == (ana.id, "Ana", ana.token)


def test_the_same_name_twice_in_a_class_is_taken(room, store):
    started, *_ = room
    for same in ("Ana", "ana", " ANA ", "ａｎａ"):  # case, spaces, full-width letters
        with refused("name-taken"):
            store.join(started.code, same)
    other = store.start_class()
    assert store.join(other.code, "Ana").name == "Ana"  # another class is another room


def test_names_are_stored_as_given_but_not_too_long_or_invisible(store):
    started = store.start_class()
    assert store.join(started.code, "<script>alert(1)</script>"[:30]).name == \
        "<script>alert(1)</script>"
    assert store.join(started.code, "  João Ñ  ").name == "João Ñ"
    assert store.join(started.code, "x" * 30).name == "x" * 30
    names = [s.name for s in store.students(started.code, started.key)]
    assert "<script>alert(1)</script>" in names
    for bad in ("x" * 31, "x" * 10_000, "", "   ", "Ana\nBo", "Ana\x00", "Ana\u202eoB",
                "A\u200bna", 42, None):
        with refused("bad-name"):
            store.join(started.code, bad)
    assert len(store.students(started.code, started.key)) == 3


def test_a_token_of_another_class_or_a_made_up_one_is_unknown(room, store):
    started, ana, *_ = room
    other = store.start_class()
    stranger = store.join(other.code, "Zed")
    for token in (stranger.token, "made-up", "", None, started.key):
        with refused("unknown-student"):
            store.rejoin(started.code, token)
    with refused("unknown-student"):
        store.rejoin(other.code, ana.token)


def test_classmates_and_the_roster_carry_no_tokens(room, store):
    started, ana, bo, cy = room
    mates = store.classmates(started.code, ana.token)
    assert [(s.id, s.name, s.token) for s in mates] == [(bo.id, "Bo", None), (cy.id, "Cy", None)]
    roster = store.students(started.code, started.key)
    assert [s.name for s in roster] == ["Ana", "Bo", "Cy"]
    assert all(s.token is None for s in roster)
    with refused("wrong-key"):
        store.students(started.code, ana.token)


# ---------------------------------------------------------------------- the teacher's moment

def test_the_teacher_publishes_a_moment_everyone_reads(room, store):
    started, _ana, *_ = room
    assert store.moment(started.code) is None
    seq = store.publish(started.code, started.key, {"record": "r1", "step": 3})
    assert seq == store.seq(started.code)
    assert store.moment(started.code) == Moment(seq, {"record": "r1", "step": 3})
    later = store.publish(started.code, started.key, {"record": "r1", "step": 4})
    assert later > seq and store.moment(started.code) == Moment(later, {"record": "r1", "step": 4})


def test_a_student_cannot_move_the_class(room, store):
    started, ana, *_ = room
    store.publish(started.code, started.key, {"step": 1})
    with refused("wrong-key"):
        store.publish(started.code, ana.token, {"step": 99})
    with refused("wrong-key"):
        store.open_question(started.code, ana.token, "points", {}, 1)
    assert store.moment(started.code).data == {"step": 1}


def test_a_moment_over_a_megabyte_is_too_big(room, store):
    started, *_ = room
    store.publish(started.code, started.key, {"a": "x" * 900_000})
    with refused("too-big"):
        store.publish(started.code, started.key, {"a": "x" * 1_000_001})
    assert len(store.moment(started.code).data["a"]) == 900_000


# ---------------------------------------------------------------------- questions

def test_a_question_is_opened_answered_and_revealed(room, store, clock):
    started, ana, bo, cy = room
    code, key = started.code, started.key
    q = store.open_question(code, key, "line", {"line": "temple"}, 2)
    assert (q.kind, q.prompt, q.status, q.truth, q.round, q.opened) == \
        ("line", {"line": "temple"}, "open", None, 2, clock.now)
    assert store.question(code) == q
    store.answer(code, ana.token, q.id, {"red": 4, "blue": 1})
    store.answer(code, bo.token, q.id, {"red": 4, "blue": 2})
    assert store.answered(code, key, q.id) == 2
    assert store.my_answer(code, ana.token, q.id).right is None
    assert store.my_answer(code, cy.token, q.id) is None
    marks = store.reveal(code, key, q.id, {"red": 4, "blue": 1})
    assert [(m.student, m.value, m.right) for m in marks] == [
        ("Ana", {"red": 4, "blue": 1}, True), ("Bo", {"red": 4, "blue": 2}, False)]
    shown = store.question(code)
    assert shown.status == "revealed" and shown.truth == {"red": 4, "blue": 1}
    assert store.my_answer(code, bo.token, q.id).right is False
    assert store.marks(code, key, q.id) == marks


def test_the_truth_is_hidden_until_the_reveal(room, store):
    started, ana, *_ = room
    q = store.open_question(started.code, started.key, "points", {}, 1)
    store.answer(started.code, ana.token, q.id, {"red": 2})
    assert store.question(started.code).truth is None
    with refused("wrong-key"):
        store.marks(started.code, ana.token, q.id)  # a student never sees the others' answers
    with refused("wrong-key"):
        store.answered(started.code, ana.token, q.id)
    with refused("wrong-key"):
        store.reveal(started.code, ana.token, q.id, {"red": 2})
    assert store.question(started.code).status == "open"


def test_a_later_answer_replaces_the_earlier(room, store):
    started, ana, *_ = room
    q = store.open_question(started.code, started.key, "order", {}, 1)
    store.answer(started.code, ana.token, q.id, {"first": "red"})
    store.answer(started.code, ana.token, q.id, {"first": "blue"})
    assert store.answered(started.code, started.key, q.id) == 1
    assert store.my_answer(started.code, ana.token, q.id).value == {"first": "blue"}


def test_no_answer_after_the_reveal(room, store):
    started, ana, bo, _cy = room
    q = store.open_question(started.code, started.key, "points", {}, 1)
    store.answer(started.code, ana.token, q.id, {"red": 2})
    store.reveal(started.code, started.key, q.id, {"red": 2})
    with refused("not-open"):
        store.answer(started.code, ana.token, q.id, {"red": 3})
    with refused("not-open"):
        store.answer(started.code, bo.token, q.id, {"red": 2})
    with refused("not-open"):
        store.reveal(started.code, started.key, q.id, {"red": 3})
    assert store.my_answer(started.code, ana.token, q.id).value == {"red": 2}


def test_one_question_is_open_at_a_time(room, store):
    started, ana, *_ = room
    first = store.open_question(started.code, started.key, "points", {}, 1)
    store.answer(started.code, ana.token, first.id, {"red": 1})
    second = store.open_question(started.code, started.key, "line", {}, 1)
    assert store.question(started.code).id == second.id
    with refused("not-open"):
        store.answer(started.code, ana.token, first.id, {"red": 2})
    assert store.my_answer(started.code, ana.token, first.id).right is None
    assert store.tally(started.code, ana.token) == (0, 0)  # closed unmarked: neither way


def test_a_question_the_teachers_game_moved_on_from_is_closed(room, store):
    """Closed: shown nowhere any longer, its marks and the tally kept; an open one closes
    unmarked; only the teacher closes; closing twice changes nothing (no seq bumped)."""
    started, ana, bo, _cy = room
    code, key = started.code, started.key
    q = store.open_question(code, key, "points", {}, 1)
    store.answer(code, ana.token, q.id, {"red": 2})
    store.reveal(code, key, q.id, {"red": 2})
    with refused("wrong-key"):
        store.close_question(code, ana.token, q.id)
    store.close_question(code, key, q.id)
    shown = store.question(code)
    assert (shown.status, shown.truth) == ("closed", {"red": 2})
    assert store.my_answer(code, ana.token, q.id).right is True
    assert store.tally(code, ana.token) == (1, 0)
    seq = store.seq(code)
    store.close_question(code, key, q.id)
    assert store.seq(code) == seq
    open_one = store.open_question(code, key, "order", {}, 2)
    store.answer(code, bo.token, open_one.id, {"first": "red"})
    store.close_question(code, key, open_one.id)
    assert store.question(code).status == "closed" and store.question(code).truth is None
    with refused("not-open"):
        store.answer(code, bo.token, open_one.id, {"first": "blue"})
    assert store.tally(code, bo.token) == (0, 0)


def test_answers_are_small_json_objects(room, store):
    started, ana, *_ = room
    q = store.open_question(started.code, started.key, "points", {}, 1)
    for bad in ([1, 2], "3", 3, None, {"x": "y" * 1_000}, {"x": float("nan")}, {"x": {1, 2}}):
        with refused("bad-answer"):
            store.answer(started.code, ana.token, q.id, bad)
    assert store.answered(started.code, started.key, q.id) == 0
    with pytest.raises(ValueError):
        store.open_question(started.code, started.key, "riddle", {}, 1)


def test_a_question_of_another_class_is_no_question(room, store):
    started, ana, *_ = room
    other = store.start_class()
    elsewhere = store.open_question(other.code, other.key, "points", {}, 1)
    store.open_question(started.code, started.key, "points", {}, 1)
    with refused("no-question"):
        store.answer(started.code, ana.token, elsewhere.id, {"red": 1})
    with refused("no-question"):
        store.marks(started.code, started.key, elsewhere.id)
    with refused("no-question"):
        store.reveal(started.code, started.key, elsewhere.id, {})
    with refused("no-question"):
        store.my_answer(started.code, ana.token, 10_000)


def test_a_token_touches_only_its_own_answer(room, store):
    started, ana, bo, _cy = room
    q = store.open_question(started.code, started.key, "points", {}, 1)
    store.answer(started.code, ana.token, q.id, {"red": 1})
    store.answer(started.code, bo.token, q.id, {"red": 5})
    assert store.my_answer(started.code, ana.token, q.id).value == {"red": 1}
    assert store.my_answer(started.code, bo.token, q.id).value == {"red": 5}
    other = store.start_class()
    with refused("unknown-student"):
        store.answer(other.code, ana.token, q.id, {"red": 9})


def test_the_tally_counts_revealed_questions_per_round(room, store):
    started, ana, bo, _cy = room
    code, key = started.code, started.key
    for round_, truth, guess in ((1, 3, 3), (1, 2, 1), (2, 5, 5), (2, 6, 6)):
        q = store.open_question(code, key, "points", {}, round_)
        store.answer(code, ana.token, q.id, {"red": guess})
        store.reveal(code, key, q.id, {"red": truth})
    assert store.tally(code, ana.token) == (3, 1)
    assert store.tally(code, ana.token, 1) == (1, 1)
    assert store.tally(code, ana.token, 2) == (2, 0)
    assert store.tally(code, bo.token) == (0, 0)


def test_right_means_every_key_of_the_truth_agrees(room, store):
    started, ana, bo, cy = room
    q = store.open_question(started.code, started.key, "points", {}, 1)
    store.answer(started.code, ana.token, q.id, {"red": 3, "blue": 1, "note": "x"})
    store.answer(started.code, bo.token, q.id, {"red": 3})
    store.answer(started.code, cy.token, q.id, {"red": "3", "blue": 1})
    marks = store.reveal(started.code, started.key, q.id, {"red": 3, "blue": 1})
    assert [m.right for m in marks] == [True, False, False]


# ---------------------------------------------------------------------- duels

def test_a_challenge_is_accepted_and_played_move_by_move(room, store):
    started, ana, bo, _cy = room
    code = started.code
    duel = store.challenge(code, ana.token, bo.id, 1234, {"position": "p"})
    assert (duel.red, duel.blue, duel.red_id, duel.blue_id, duel.status, duel.seed,
            duel.start, duel.moves, duel.winner) == \
        ("Ana", "Bo", ana.id, bo.id, "offered", 1234, {"position": "p"}, 0, None)
    with refused("not-yours"):
        store.accept(code, ana.token, duel.id)  # only the challenged accepts
    with refused("not-open"):
        store.add_move(code, ana.token, duel.id, 0, "red", {"cards": [1]})
    assert store.accept(code, bo.token, duel.id).status == "playing"
    store.add_move(code, ana.token, duel.id, 0, "red", {"cards": [1, 2, 3, 4]})
    store.add_move(code, bo.token, duel.id, 1, "blue", {"cards": [4, 3, 2, 1]})
    store.add_move(code, ana.token, duel.id, 2, "red", "pass")
    assert store.duel_moves(code, bo.token, duel.id) == [
        {"cards": [1, 2, 3, 4]}, {"cards": [4, 3, 2, 1]}, "pass"]
    store.finish_duel(code, bo.token, duel.id, "blue")
    store.finish_duel(code, ana.token, duel.id, "blue")  # the other page says it too
    with refused("stale"):
        store.finish_duel(code, ana.token, duel.id, "red")
    info = store.duels(code, ana.token)[0]
    assert (info.status, info.winner, info.moves) == ("over", "blue", 3)
    with refused("not-open"):
        store.add_move(code, ana.token, duel.id, 3, "red", "pass")


def test_a_move_by_the_wrong_colour_or_a_stale_index_is_refused(room, store):
    started, ana, bo, cy = room
    code = started.code
    duel = store.pair(code, started.key, bo.id, ana.id, 7)
    assert (duel.red, duel.blue, duel.status) == ("Bo", "Ana", "playing")
    with refused("not-yours"):
        store.add_move(code, ana.token, duel.id, 0, "red", 1)  # Ana plays blue here
    store.add_move(code, bo.token, duel.id, 0, "red", 1)
    with refused("stale"):
        store.add_move(code, ana.token, duel.id, 0, "blue", 2)  # the other page wrote first
    with refused("stale"):
        store.add_move(code, ana.token, duel.id, 2, "blue", 2)
    with refused("not-yours"):
        store.add_move(code, cy.token, duel.id, 1, "blue", 2)  # not a player
    with refused("not-yours"):
        store.duel_moves(code, cy.token, duel.id)
    with refused("not-yours"):
        store.finish_duel(code, cy.token, duel.id, "red")
    assert store.duel_moves(code, ana.token, duel.id) == [1]


def test_a_declined_or_withdrawn_challenge_is_not_played(room, store):
    started, ana, bo, cy = room
    first = store.challenge(started.code, ana.token, bo.id, 1)
    with refused("not-yours"):
        store.decline(started.code, cy.token, first.id)
    store.decline(started.code, bo.token, first.id)
    with refused("stale"):
        store.accept(started.code, bo.token, first.id)
    second = store.challenge(started.code, ana.token, cy.id, 2)
    store.decline(started.code, ana.token, second.id)  # the challenger withdraws
    assert [d.status for d in store.all_duels(started.code, started.key)] == \
        ["declined", "declined"]


def test_duels_are_between_two_students_of_the_class(room, store):
    started, ana, bo, _cy = room
    other = store.start_class()
    stranger = store.join(other.code, "Zed")
    with refused("unknown-student"):
        store.challenge(started.code, ana.token, ana.id, 1)
    with refused("unknown-student"):
        store.challenge(started.code, ana.token, stranger.id, 1)
    with refused("unknown-student"):
        store.pair(started.code, started.key, ana.id, stranger.id, 1)
    with refused("wrong-key"):
        store.pair(started.code, ana.token, ana.id, bo.id, 1)
    elsewhere = store.pair(other.code, other.key, stranger.id,
                           store.join(other.code, "Yan").id, 1)
    with refused("no-game"):
        store.duel_moves(started.code, ana.token, elsewhere.id)
    with refused("no-game"):
        store.accept(started.code, ana.token, 10_000)


def test_each_student_sees_their_own_duels_and_the_teacher_all(room, store):
    started, ana, bo, cy = room
    one = store.challenge(started.code, ana.token, bo.id, 1)
    two = store.pair(started.code, started.key, bo.id, cy.id, 2)
    assert [d.id for d in store.duels(started.code, ana.token)] == [one.id]
    assert [d.id for d in store.duels(started.code, bo.token)] == [one.id, two.id]
    assert [d.id for d in store.all_duels(started.code, started.key)] == [one.id, two.id]
    with refused("wrong-key"):
        store.all_duels(started.code, ana.token)


# ---------------------------------------------------------------------- progress

def test_progress_keeps_lessons_predictions_and_games(room, store):
    started, ana, bo, cy = room
    code, key = started.code, started.key
    store.record_lesson(code, ana.token, "01_first_round", "lost")
    store.record_lesson(code, ana.token, "01_first_round", "won")  # the latest verdict
    store.record_lesson(code, ana.token, "02_scoring", "won")
    q = store.open_question(code, key, "points", {}, 1)
    store.answer(code, ana.token, q.id, {"red": 1})
    store.answer(code, bo.token, q.id, {"red": 2})
    store.reveal(code, key, q.id, {"red": 1})
    won = store.pair(code, key, ana.id, bo.id, 1)
    store.finish_duel(code, ana.token, won.id, "red")
    drawn = store.pair(code, key, cy.id, ana.id, 2)
    store.finish_duel(code, cy.token, drawn.id, None)
    store.pair(code, key, bo.id, cy.id, 3)  # still playing: not a game played yet
    got = {p.student: p for p in store.progress(code, key)}
    assert list(got) == ["Ana", "Bo", "Cy"]
    ana_p = got["Ana"]
    assert ana_p.lessons == [("01_first_round", "won"), ("02_scoring", "won")]
    assert (ana_p.right, ana_p.wrong, ana_p.games, ana_p.wins) == (1, 0, 2, 1)
    assert (got["Bo"].right, got["Bo"].wrong, got["Bo"].games, got["Bo"].wins) == (0, 1, 1, 0)
    assert (got["Cy"].games, got["Cy"].wins, got["Cy"].lessons) == (1, 0, [])
    with refused("wrong-key"):
        store.progress(code, ana.token)


def test_progress_downloads_as_csv(room, store):
    started, ana, bo, _cy = room
    store.record_lesson(started.code, ana.token, "01", "won")
    store.record_lesson(started.code, ana.token, "02", "lost")
    evil = store.join(started.code, "=HYPERLINK(\"x\")")
    rows = list(csv.reader(io.StringIO(store.progress_csv(started.code, started.key))))
    assert rows[0] == ["name", "lessons_done", "lessons", "right", "wrong", "games", "wins",
                       "puzzles_tried", "puzzles_solved", "puzzle_rating"]
    by_name = {r[0]: r for r in rows[1:]}
    assert by_name["Ana"] == ["Ana", "2", "01:won; 02:lost", "0", "0", "0", "0", "0", "0", ""]
    assert by_name["Bo"][1:] == ["0", "", "0", "0", "0", "0", "0", "0", ""]
    # a formula-like name is kept as text for the spreadsheet (CSV injection)
    assert "'" + evil.name in by_name
    with refused("wrong-key"):
        store.progress_csv(started.code, bo.token)


def test_a_student_reads_back_their_own_lessons_and_no_one_elses(room, store):
    started, ana, bo, _cy = room
    store.record_lesson(started.code, ana.token, "02", "done")
    store.record_lesson(started.code, ana.token, "01", "not yet")
    store.record_lesson(started.code, bo.token, "03", "done")
    assert store.my_lessons(started.code, ana.token) == [("01", "not yet"), ("02", "done")]
    assert store.my_lessons(started.code, bo.token) == [("03", "done")]
    with refused("unknown-student"):
        store.my_lessons(started.code, started.key)


def test_lessons_are_recorded_only_by_their_student(room, store):
    started, ana, *_ = room
    with refused("unknown-student"):
        store.record_lesson(started.code, started.key, "01", "won")
    with refused("too-big"):
        store.record_lesson(started.code, ana.token, "x" * 121, "won")


# ---------------------------------------------------------------------- the store itself

def test_the_schema_is_versioned(store, store_url):
    store.start_class()
    engine = sqlalchemy.create_engine(store_url)
    with engine.begin() as conn:
        found = conn.execute(sqlalchemy.select(meta.c.value).where(
            meta.c.key == "schema_version")).scalar()
        assert found == str(SCHEMA_VERSION) == "1"
    again = ClassStore(store_url)  # an existing store opens as it is
    again.close()
    with engine.begin() as conn:
        conn.execute(sqlalchemy.update(meta).values(value=str(SCHEMA_VERSION + 1)))
    engine.dispose()
    with refused("newer-schema"):
        ClassStore(store_url)


def test_the_url_masks_a_password(postgres_url):
    """The URL a page or a log may show never carries the password (trust auth accepts it)."""
    secret = postgres_url.replace("aton@", "aton:s3cret@")
    store = ClassStore(secret)
    assert store.url == postgres_url.replace("aton@", "aton:***@")
    assert "s3cret" not in store.url and "s3cret" not in repr(store.url)
    store.close()


def test_a_database_that_cannot_be_reached_is_unavailable(tmp_path):
    with refused("unavailable"):
        ClassStore("postgresql+psycopg://aton@127.0.0.1:1/none?connect_timeout=2")
    with refused("unavailable"):
        ClassStore(f"sqlite:///{tmp_path / 'no' / 'such' / 'folder' / 'c.sqlite3'}")
    with refused("unavailable"):
        ClassStore("nosuchdb://x")


def test_a_store_whose_database_is_gone_says_unavailable(tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    store = ClassStore(f"sqlite:///{folder / 'c.sqlite3'}")
    started = store.start_class()
    store.close()
    for name in os.listdir(folder):
        os.remove(folder / name)
    folder.rmdir()
    with pytest.raises(StoreError) as caught:
        store.check_class(started.code)
    assert caught.value.reason == "unavailable"


def test_where_the_store_lives(monkeypatch, tmp_path):
    monkeypatch.setenv("ATON_CLASS_STORE", "postgresql+psycopg://u@h/db")
    assert default_url() == "postgresql+psycopg://u@h/db"
    monkeypatch.setenv("ATON_CLASS_STORE", str(tmp_path / "mine.sqlite3"))
    assert default_url() == f"sqlite:///{tmp_path / 'mine.sqlite3'}"
    monkeypatch.chdir(tmp_path)
    plain = ClassStore("here.sqlite3")  # a plain path is a SQLite file too
    assert plain.url == f"sqlite:///{tmp_path / 'here.sqlite3'}"
    plain.close()
    monkeypatch.delenv("ATON_CLASS_STORE")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'aton' / 'classes.sqlite3'}"
    assert (tmp_path / "data" / "aton").is_dir()
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))  # cannot hold a folder
    assert default_url().endswith(os.sep + os.path.join("aton", "classes.sqlite3"))
    assert str(tmp_path) not in default_url()
