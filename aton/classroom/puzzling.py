"""The store's puzzle progress (issue 20): each learner's rating, streak and answers, and each
puzzle's rating as learners move it.

A learner is a token: a student's own in a class (so the teacher sees it with the class's
progress), else one the page makes and keeps in its address. The store does no rating
arithmetic: the caller passes ``rate`` (``aton.teaching.puzzlerating.rated``), run inside the
transaction on the ratings as they stand, so two pages answering at once lose no answer.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Row

from . import schema as t
from .base import StoreBase, digest
from .records import Standing, StoreError

TOKEN_LIMIT = 100
PUZZLE_LIMIT = 16
Triple = tuple[float, float, float]  # rating, deviation, volatility


def _token(token: object) -> str:
    if not isinstance(token, str) or not 16 <= len(token) <= TOKEN_LIMIT:
        raise StoreError("unknown-student", "a learner's token is 16 to 100 characters")
    return digest(token)


class PuzzlesMixin(StoreBase):
    """Puzzle progress; ClassStore brings the rest."""

    def standing(self, token: str) -> Standing | None:
        """The learner's rating, streak and answers so far; None before their first answer."""
        hashed = _token(token)
        with self._tx() as conn:
            me = conn.execute(select(t.puzzlers).where(
                t.puzzlers.c.token_hash == hashed)).first()
            return None if me is None else self._standing(conn, me)

    def _standing(self, conn: Connection, me: Row) -> Standing:
        rows = conn.execute(select(t.attempts).where(t.attempts.c.puzzler_id == me.id)
                            .order_by(t.attempts.c.id)).all()
        return Standing(rating=me.rating, rd=me.rd, vol=me.vol, streak=me.streak,
                        best_streak=me.best_streak,
                        history=[(r.puzzle, r.answer, r.right, r.rating) for r in rows])

    def puzzle_rating(self, puzzle: str) -> Triple | None:
        """A puzzle's rating as learners have moved it; None while nobody has answered it."""
        with self._tx() as conn:
            row = conn.execute(select(t.puzzle_ratings).where(
                t.puzzle_ratings.c.puzzle == puzzle)).first()
        return None if row is None else (row.rating, row.rd, row.vol)

    def puzzle_ratings(self) -> dict[str, float]:
        """Every answered puzzle's rating as learners have moved it, by puzzle."""
        with self._tx() as conn:
            return dict(conn.execute(select(t.puzzle_ratings.c.puzzle,
                                            t.puzzle_ratings.c.rating)).all())

    def answer_puzzle(self, token: str, puzzle: str, answer: str, right: bool, *,
                      learner_start: Triple, puzzle_start: Triple,
                      rate: Callable[[Triple, Triple, bool], tuple[Triple, Triple]]
                      ) -> Standing:
        """Keep one answer. The first answer to a puzzle moves both ratings (``rate``, from
        ``learner_start`` and ``puzzle_start`` for a learner or a puzzle the store does not
        know yet); an answer to a puzzle already tried is kept but moves neither. Right
        answers in a row make the streak; a wrong one ends it."""
        hashed = _token(token)
        if not (isinstance(puzzle, str) and 0 < len(puzzle) <= PUZZLE_LIMIT
                and isinstance(answer, str) and 0 < len(answer) <= PUZZLE_LIMIT):
            raise StoreError("too-big", f"puzzle and answer: 1 to {PUZZLE_LIMIT} characters")
        now = self._clock()
        with self._tx(write=True) as conn:
            me = conn.execute(select(t.puzzlers).where(
                t.puzzlers.c.token_hash == hashed)).first()
            if me is None:
                student = conn.execute(select(t.students.c.id).where(
                    t.students.c.token_hash == hashed)).scalar()
                conn.execute(insert(t.puzzlers).values(
                    token_hash=hashed, student_id=student, rating=learner_start[0],
                    rd=learner_start[1], vol=learner_start[2], streak=0, best_streak=0,
                    created=now, last_used=now))
                me = conn.execute(select(t.puzzlers).where(
                    t.puzzlers.c.token_hash == hashed)).first()
            tried = conn.execute(select(t.attempts.c.id).where(
                t.attempts.c.puzzler_id == me.id, t.attempts.c.puzzle == puzzle)).first()
            mine: Triple = (me.rating, me.rd, me.vol)
            if tried is None:
                row = conn.execute(select(t.puzzle_ratings).where(
                    t.puzzle_ratings.c.puzzle == puzzle)).first()
                its = (row.rating, row.rd, row.vol) if row is not None else puzzle_start
                mine, its = rate(mine, its, right)
                if row is None:
                    conn.execute(insert(t.puzzle_ratings).values(
                        puzzle=puzzle, rating=its[0], rd=its[1], vol=its[2], answers=1))
                else:
                    conn.execute(update(t.puzzle_ratings).where(
                        t.puzzle_ratings.c.puzzle == puzzle).values(
                        rating=its[0], rd=its[1], vol=its[2],
                        answers=t.puzzle_ratings.c.answers + 1))
            streak = me.streak + 1 if right else 0
            conn.execute(update(t.puzzlers).where(t.puzzlers.c.id == me.id).values(
                rating=mine[0], rd=mine[1], vol=mine[2], streak=streak,
                best_streak=max(me.best_streak, streak), last_used=now))
            conn.execute(insert(t.attempts).values(
                puzzler_id=me.id, puzzle=puzzle, answer=answer, right=right,
                rating=mine[0], at=now))
            if me.student_id is not None:  # the teacher's page sees it at its next poll
                class_id = conn.execute(select(t.students.c.class_id).where(
                    t.students.c.id == me.student_id)).scalar_one()
                self._touch(conn, class_id)
            me = conn.execute(select(t.puzzlers).where(t.puzzlers.c.id == me.id)).first()
            return self._standing(conn, me)

    def _puzzles_of(self, conn: Connection, student_id: int) -> tuple[int, int, float | None]:
        """(puzzles tried, solved at the first try, rating) of a student, for the teacher."""
        me = conn.execute(select(t.puzzlers).where(
            t.puzzlers.c.student_id == student_id)).first()
        if me is None:
            return 0, 0, None
        first: dict[str, bool] = {}
        for puzzle, right in conn.execute(
                select(t.attempts.c.puzzle, t.attempts.c.right).where(
                    t.attempts.c.puzzler_id == me.id).order_by(t.attempts.c.id)).all():
            first.setdefault(puzzle, bool(right))
        return len(first), sum(first.values()), me.rating
