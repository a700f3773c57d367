"""The class store: classes, students, the teacher's moment and the questions, shared by every
page's kernel through one database (a SQLite file by default, any SQLAlchemy URL for a class
spread over many servers). Duels and progress are in games.py.

Who may do what (issue 18, item 7): only the teacher's key moves the class, opens or reveals a
question, sees the answers or ends the class; a student's token touches only that student's
answer, games and progress. Every call is one transaction and every refusal a StoreError.
"""

from __future__ import annotations

import secrets
import unicodedata

from sqlalchemy import delete, exc, insert, select, update

from . import schema as t
from .base import ALPHABET, CODE_LENGTH, StoreBase, digest, dump, folded, load
from .games import GamesMixin
from .puzzling import PuzzlesMixin
from .records import Mark, Moment, Question, Started, StoreError, Student

#: What a teacher's moment may weigh (a whole game record fits many times over).
MOMENT_LIMIT = 1_000_000
#: What one answer may weigh: a guess is a few numbers.
ANSWER_LIMIT = 1_000
NAME_LIMIT = 30
KINDS = ("line", "points", "order")
#: Control characters, invisible format characters (bidi overrides, zero widths), surrogates
#: and line/paragraph separators: nothing a first name needs, all things that hide or spoof.
REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")


def clean_name(name: str) -> str:
    """A first name as stored: stripped, 1 to 30 characters, no control or invisible
    characters, else StoreError("bad-name"). Kept verbatim otherwise (the app escapes it)."""
    if not isinstance(name, str):
        raise StoreError("bad-name", type(name).__name__)
    name = name.strip()
    if not 1 <= len(name) <= NAME_LIMIT:
        raise StoreError("bad-name", f"{len(name)} characters")
    if any(unicodedata.category(ch) in REFUSED_CATEGORIES for ch in name):
        raise StoreError("bad-name", "control or invisible character")
    return name


class ClassStore(GamesMixin, PuzzlesMixin, StoreBase):
    """A class store at ``url`` (default: ``default_url()``); ``clock`` gives the times (tests
    move it); a class unused for ``max_idle`` seconds has ended."""

    # ------------------------------------------------------------------ classes (items 2, 7)

    def start_class(self) -> Started:
        """A new class: a random join code (retried on a clash) and a teacher key, of which
        only a sha256 is kept."""
        for _attempt in range(8):
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            key = secrets.token_urlsafe(18)
            now = self._clock()
            try:
                with self._tx(write=True) as conn:
                    conn.execute(insert(t.classes).values(
                        code=code, key_hash=digest(key), created=now, last_used=now,
                        ended=False, seq=1))
                return Started(code, key)
            except StoreError as error:
                if not isinstance(error.__cause__, exc.IntegrityError):
                    raise
        raise StoreError("unavailable", "no free join code after 8 tries")

    def check_teacher(self, code: str, key: str) -> None:
        """Nothing if ``key`` is the teacher's key of the open class ``code``."""
        with self._tx() as conn:
            self._teacher(conn, code, key)

    def check_class(self, code: str) -> None:
        """Nothing if ``code`` is an open class ("no-class", "ended")."""
        with self._tx() as conn:
            self._class(conn, code)

    def end_class(self, code: str, key: str) -> None:
        """The teacher ends the class: every later call on it says "ended"."""
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, key, lock=True)
            self._touch(conn, row.id)
            conn.execute(update(t.classes).where(t.classes.c.id == row.id).values(ended=True))

    def seq(self, code: str) -> int:
        """The class's change counter, bumped by every write in it: one indexed row read, so
        thirty pages may poll it four times a second."""
        with self._tx() as conn:
            return self._class(conn, code).seq

    def purge(self) -> int:
        """End every class unused for max_idle; how many were ended."""
        with self._tx(write=True) as conn:
            return conn.execute(update(t.classes).where(
                t.classes.c.ended.is_(False),
                t.classes.c.last_used < self._clock() - self.max_idle).values(ended=True)
            ).rowcount

    def forget(self, after: float = 30 * 86400) -> int:
        """Delete every class unused for ``after`` seconds (30 days by default; ended or not)
        with its students, answers, games and progress: how many classes were deleted. The
        store keeps children's first names no longer than a school needs them."""
        cutoff = self._clock() - after
        with self._tx(write=True) as conn:
            gone = select(t.classes.c.id).where(t.classes.c.last_used < cutoff)
            pupils = select(t.students.c.id).where(t.students.c.class_id.in_(gone))
            games = select(t.duels.c.id).where(t.duels.c.class_id.in_(gone))
            asked = select(t.questions.c.id).where(t.questions.c.class_id.in_(gone))
            conn.execute(delete(t.moves).where(t.moves.c.duel_id.in_(games)))
            conn.execute(delete(t.duels).where(t.duels.c.class_id.in_(gone)))
            conn.execute(delete(t.answers).where(t.answers.c.question_id.in_(asked)))
            conn.execute(delete(t.questions).where(t.questions.c.class_id.in_(gone)))
            conn.execute(delete(t.lessons).where(t.lessons.c.student_id.in_(pupils)))
            conn.execute(delete(t.students).where(t.students.c.class_id.in_(gone)))
            return conn.execute(delete(t.classes).where(t.classes.c.last_used < cutoff)).rowcount

    # ------------------------------------------------------------------ students

    def join(self, code: str, name: str) -> Student:
        """A student joins with a first name ("bad-name"; "name-taken" if a classmate has it,
        ignoring case); the token in the answer is the only way back in."""
        name = clean_name(name)
        token = secrets.token_urlsafe(18)
        with self._tx(write=True) as conn:
            row = self._class(conn, code, lock=True)
            try:
                with conn.begin_nested():
                    new = conn.execute(insert(t.students).values(
                        class_id=row.id, name=name, folded=folded(name),
                        token_hash=digest(token), joined=self._clock())
                    ).inserted_primary_key[0]
            except exc.IntegrityError:
                raise StoreError("name-taken", row.code) from None
            self._touch(conn, row.id)
        return Student(new, name, token)

    def rejoin(self, code: str, token: str) -> Student:
        """The student of ``token`` (a reloaded page), else "unknown-student"."""
        with self._tx() as conn:
            _row, student = self._student(conn, code, token)
        return Student(student.id, student.name, token)

    def classmates(self, code: str, token: str) -> list[Student]:
        """The other students of the class, by name, without tokens."""
        with self._tx() as conn:
            row, me = self._student(conn, code, token)
            return [s for s in self._roster(conn, row.id) if s.id != me.id]

    def students(self, code: str, key: str) -> list[Student]:
        """Every student of the class, by name, without tokens (the teacher)."""
        with self._tx() as conn:
            return self._roster(conn, self._teacher(conn, code, key).id)

    def _roster(self, conn, class_id: int) -> list[Student]:
        found = [Student(i, name, None) for i, name in self._names(conn, class_id).items()]
        return sorted(found, key=lambda s: (folded(s.name), s.id))

    # ------------------------------------------------------------------ the moment (item 3)

    def publish(self, code: str, key: str, data: dict) -> int:
        """The teacher's page shows ``data`` (opaque JSON, 1 MB at most, "too-big"); only the
        latest is kept. Returns the class's new seq."""
        text = dump(data, MOMENT_LIMIT, "too-big")
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, key, lock=True)
            seq = self._touch(conn, row.id)
            conn.execute(update(t.classes).where(t.classes.c.id == row.id).values(
                moment=text, moment_seq=seq))
        return seq

    def moment(self, code: str) -> Moment | None:
        """The teacher's latest moment (anyone with the code), or None before the first."""
        with self._tx() as conn:
            row = self._class(conn, code)
        return None if row.moment is None else Moment(row.moment_seq, load(row.moment))

    # ------------------------------------------------------------------ questions (item 4)

    def open_question(self, code: str, key: str, kind: str, prompt: dict,
                      round: int) -> Question:
        """The teacher asks the class (``kind``: line, points or order); a question still open
        is closed first, unmarked (status revealed, truth None): one open at a time."""
        if kind not in KINDS:
            raise ValueError(f"kind {kind!r} is not one of {KINDS}")
        text = dump(prompt, MOMENT_LIMIT, "too-big")
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, key, lock=True)
            conn.execute(update(t.questions).where(
                t.questions.c.class_id == row.id, t.questions.c.status == "open").values(
                status="revealed", truth=None))
            now = self._clock()
            new = conn.execute(insert(t.questions).values(
                class_id=row.id, kind=kind, prompt=text, status="open", round=int(round),
                opened=now)).inserted_primary_key[0]
            self._touch(conn, row.id)
        return Question(new, kind, load(text), "open", None, int(round), now)

    def question(self, code: str) -> Question | None:
        """The class's latest question (anyone with the code); its truth once revealed."""
        with self._tx() as conn:
            row = self._class(conn, code)
            q = conn.execute(select(t.questions).where(t.questions.c.class_id == row.id)
                             .order_by(t.questions.c.id.desc()).limit(1)).first()
        if q is None:
            return None
        return Question(q.id, q.kind, load(q.prompt), q.status, load(q.truth), q.round, q.opened)

    def _question(self, conn, class_id: int, question_id: int):
        q = conn.execute(select(t.questions).where(
            t.questions.c.id == question_id, t.questions.c.class_id == class_id)).first()
        if q is None:
            raise StoreError("no-question", str(question_id))
        return q

    def answer(self, code: str, token: str, question_id: int, value: dict) -> None:
        """A student's guess (a JSON object of 1 KB at most, "bad-answer"), replacing their
        earlier one, while the question is open ("not-open"). Once this returns it is on disk."""
        if not isinstance(value, dict):
            raise StoreError("bad-answer", type(value).__name__)
        text = dump(value, ANSWER_LIMIT, "bad-answer")
        with self._tx(write=True) as conn:
            row, student = self._student(conn, code, token, lock=True)
            if self._question(conn, row.id, question_id).status != "open":
                raise StoreError("not-open", str(question_id))
            conn.execute(delete(t.answers).where(t.answers.c.question_id == question_id,
                                                 t.answers.c.student_id == student.id))
            conn.execute(insert(t.answers).values(question_id=question_id,
                                                  student_id=student.id, value=text,
                                                  right=None, at=self._clock()))
            self._touch(conn, row.id)

    def my_answer(self, code: str, token: str, question_id: int) -> Mark | None:
        """The student's own answer to the question and, once revealed, its mark."""
        with self._tx() as conn:
            row, student = self._student(conn, code, token)
            self._question(conn, row.id, question_id)
            a = conn.execute(select(t.answers).where(
                t.answers.c.question_id == question_id,
                t.answers.c.student_id == student.id)).first()
        return None if a is None else Mark(student.name, load(a.value), a.right)

    def answered(self, code: str, key: str, question_id: int) -> int:
        """How many students have answered (the teacher; not what they answered)."""
        with self._tx() as conn:
            row = self._teacher(conn, code, key)
            self._question(conn, row.id, question_id)
            return self._count(conn, select(t.answers.c.student_id).where(
                t.answers.c.question_id == question_id))

    def reveal(self, code: str, key: str, question_id: int, truth: dict) -> list[Mark]:
        """The teacher reveals: an answer is right when it agrees with ``truth`` on every key
        of ``truth``; the question closes ("not-open" if it already was). The marks, by name."""
        text = dump(truth, MOMENT_LIMIT, "too-big")
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, key, lock=True)
            if self._question(conn, row.id, question_id).status != "open":
                raise StoreError("not-open", str(question_id))
            for a in conn.execute(select(t.answers).where(
                    t.answers.c.question_id == question_id)).all():
                value = load(a.value)
                right = all(k in value and value[k] == v for k, v in truth.items())
                conn.execute(update(t.answers).where(
                    t.answers.c.question_id == question_id,
                    t.answers.c.student_id == a.student_id).values(right=right))
            conn.execute(update(t.questions).where(t.questions.c.id == question_id).values(
                status="revealed", truth=text))
            self._touch(conn, row.id)
            return self._marks(conn, row.id, question_id)

    def close_question(self, code: str, key: str, question_id: int) -> None:
        """The teacher's game has moved on from the question (another game or lesson, the
        next round): status "closed", so no page shows it any longer. Its marks stay, and so
        does the tally; one still open closes unmarked. Closing it again does nothing."""
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, key, lock=True)
            if self._question(conn, row.id, question_id).status == "closed":
                return
            conn.execute(update(t.questions).where(t.questions.c.id == question_id).values(
                status="closed"))
            self._touch(conn, row.id)

    def marks(self, code: str, key: str, question_id: int) -> list[Mark]:
        """Every answer to the question, by name (the teacher, before Reveal too)."""
        with self._tx() as conn:
            row = self._teacher(conn, code, key)
            self._question(conn, row.id, question_id)
            return self._marks(conn, row.id, question_id)

    def _marks(self, conn, class_id: int, question_id: int) -> list[Mark]:
        names = self._names(conn, class_id)
        found = [Mark(names[a.student_id], load(a.value), a.right) for a in conn.execute(
            select(t.answers).where(t.answers.c.question_id == question_id)).all()]
        return sorted(found, key=lambda m: folded(m.student))

    def tally(self, code: str, token: str, round: int | None = None) -> tuple[int, int]:
        """The student's (right, wrong) over the revealed questions they answered (of one
        round, or all); a question closed without a truth counts neither way."""
        with self._tx() as conn:
            _row, student = self._student(conn, code, token)
            return self._tally(conn, student.id, round)
