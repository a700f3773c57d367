"""Puzzle progress (issue 20): how an answer moves the learner's and the puzzle's ratings
(Glicko-2, ``aton.teaching.puzzlerating``) and what the class store keeps of it: every answer,
the streak, the first try alone moving the ratings, and a student's puzzles on the teacher's
progress table.
"""

from __future__ import annotations

from aton.classroom import ClassStore, StoreError
from aton.teaching import puzzlerating


def test_a_right_answer_raises_the_learner_and_lowers_the_puzzle():
    learner, puzzle = puzzlerating.Rating.learner(), puzzlerating.Rating.puzzle(1100)
    up, easier = puzzlerating.rated(learner, puzzle, True)
    down, harder = puzzlerating.rated(learner, puzzle, False)
    assert up.rating > learner.rating > down.rating
    assert easier.rating < puzzle.rating < harder.rating
    assert up.rd < learner.rd  # each answer makes the rating surer


def _rate(mine, its, solved):
    a, b = puzzlerating.rated(puzzlerating.Rating(*mine), puzzlerating.Rating(*its), solved)
    return (a.rating, a.rd, a.vol), (b.rating, b.rd, b.vol)


def test_the_store_keeps_answers_streaks_and_only_the_first_try_moves_ratings(tmp_path):
    store = ClassStore(str(tmp_path / "s.sqlite3"))
    token = "t" * 20
    assert store.standing(token) is None
    kw = {"learner_start": puzzlerating.LEARNER_START, "puzzle_start": (1100.0, 150.0, 0.06),
          "rate": _rate}
    first = store.answer_puzzle(token, "p1", "T1.1", True, **kw)
    assert first.rating > 1000 and first.streak == 1
    again = store.answer_puzzle(token, "p1", "T1.2", False, **kw)
    assert again.rating == first.rating and again.streak == 0 and again.best_streak == 1
    assert store.puzzle_rating("p1")[0] < 1100
    assert store.puzzle_ratings() == {"p1": store.puzzle_rating("p1")[0]}
    assert [h[:3] for h in store.standing(token).history] == [("p1", "T1.1", True),
                                                                ("p1", "T1.2", False)]
    assert store.standing(token).solved == 1


def test_the_teacher_sees_a_students_puzzles_with_the_class_progress(tmp_path):
    store = ClassStore(str(tmp_path / "s.sqlite3"))
    started = store.start_class()
    ana = store.join(started.code, "Ana")
    kw = {"learner_start": puzzlerating.LEARNER_START, "puzzle_start": (1100.0, 150.0, 0.06),
          "rate": _rate}
    store.answer_puzzle(ana.token, "p1", "T1.1", True, **kw)
    store.answer_puzzle(ana.token, "p2", "3142", False, **kw)
    (row,) = store.progress(started.code, started.key)
    assert (row.puzzles_tried, row.puzzles_solved) == (2, 1) and row.puzzle_rating is not None
    assert "puzzle_rating" in store.progress_csv(started.code, started.key).splitlines()[0]




def test_a_malformed_token_or_puzzle_is_refused_and_nothing_is_kept(tmp_path):
    store = ClassStore(str(tmp_path / "s.sqlite3"))
    kw = {"learner_start": puzzlerating.LEARNER_START, "puzzle_start": (1100.0, 150.0, 0.06),
          "rate": _rate}
    for token, puzzle, reason in (("short", "p1", "unknown-student"),
                                  (None, "p1", "unknown-student"),
                                  ("t" * 20, "p" * 40, "too-big")):
        try:
            store.answer_puzzle(token, puzzle, "T1.1", True, **kw)
        except StoreError as err:
            assert err.reason == reason
        else:
            raise AssertionError(f"{token!r}, {puzzle!r} was kept")
    assert store.standing("t" * 20) is None
