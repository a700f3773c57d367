"""The class store's plumbing: one transaction per call, the database's failures turned into
StoreError reasons, and the lookups every call starts with (the class, the teacher, the student).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import exc, func, insert, inspect, select, update
from sqlalchemy.engine import Connection, Row, make_url

from . import schema as t
from .records import StoreError

#: Join codes: no 0/O, 1/I/L to misread on the board; 32**6 (about a billion) codes.
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def digest(secret: str) -> str:
    """What the store keeps of a key or token: its sha256 (a stolen file gives no key)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def dump(value: Any, limit: int, reason: str) -> str:
    """``value`` as compact JSON of at most ``limit`` bytes, else StoreError(reason)."""
    try:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StoreError(reason, f"not JSON: {error}") from None
    if len(text.encode("utf-8")) > limit:
        raise StoreError(reason, f"{len(text.encode('utf-8'))} bytes, at most {limit}")
    return text


def load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def folded(name: str) -> str:
    """The form two names are compared in: "Ana", "ANA" and "ａｎａ" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


class StoreBase:
    """The engine, the clock, the transactions and the lookups; ClassStore adds the calls."""

    def __init__(self, url: str | None = None, *, clock: Callable[[], float] = time.time,
                 max_idle: float = 86400) -> None:
        url = url or t.default_url()
        self._url = url if "://" in url else t.default_url_for(url)
        self._clock = clock
        self.max_idle = max_idle
        try:
            self._engine = t.make_engine(self._url)
        except (exc.ArgumentError, ImportError) as error:
            raise StoreError("unavailable", f"{self.url}: {error}") from None
        self._prepare()

    @property
    def url(self) -> str:
        """The store's URL with any password masked (safe for a log or a page)."""
        return make_url(self._url).render_as_string(hide_password=True)

    def close(self) -> None:
        """Let go of the database connections (the store may be opened again)."""
        self._engine.dispose()

    # ------------------------------------------------------------------ transactions

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Connection]:
        """One transaction: all of a call's writes or none of them. Database failures leave as
        StoreError ("read-only", "unavailable"), never as a bare SQLAlchemy exception."""
        try:
            with self._engine.connect() as conn:
                if write:
                    conn = conn.execution_options(aton_write=True)  # BEGIN IMMEDIATE (schema.py)
                with conn.begin():
                    yield conn
        except exc.DBAPIError as error:
            raise self._failure(error) from error
        except exc.SQLAlchemyError as error:
            raise StoreError("unavailable", f"{self.url}: {error}") from error

    def _failure(self, error: exc.DBAPIError) -> StoreError:
        message = str(getattr(error, "orig", error)).strip()
        path = t.sqlite_path(self._url)
        if path is not None:
            lowered = message.lower()
            if "readonly" in lowered or "read-only" in lowered:
                return StoreError("read-only", f"{path}: {message}")
            if "unable to open" in lowered and Path(path).parent.is_dir():
                # the folder is there but SQLite cannot create or open the file (or its -wal)
                return StoreError("read-only", f"{path}: {message}")
            return StoreError("unavailable", f"{path}: {message}")
        if getattr(getattr(error, "orig", None), "sqlstate", None) == "25006":
            return StoreError("read-only", f"{self.url}: {message}")  # read-only transaction
        return StoreError("unavailable", f"{self.url}: {message}")

    def _prepare(self) -> None:
        """Check the schema version, creating the missing tables first. A store with all its
        tables is only read here, so a read-only file still opens (its writes then say
        "read-only") and thirty kernels starting at once do not queue for the write lock."""
        with self._tx() as conn:
            complete = set(t.metadata.tables) <= set(inspect(conn).get_table_names())
            found = self._version(conn) if complete else None
        for attempt in (1, 2):
            if found is not None:
                break
            try:
                with self._tx(write=True) as conn:  # two kernels may race: retry sees the tables
                    t.metadata.create_all(conn)
                    found = self._version(conn)
                    if found is None:
                        found = t.SCHEMA_VERSION
                        conn.execute(insert(t.meta).values(key="schema_version",
                                                           value=str(found)))
            except StoreError as error:
                if error.reason != "unavailable" or attempt == 2:
                    raise
        if found > t.SCHEMA_VERSION:
            raise StoreError("newer-schema", f"{self.url}: version {found}, this code knows "
                             f"{t.SCHEMA_VERSION}")

    @staticmethod
    def _version(conn: Connection) -> int | None:
        found = conn.execute(select(t.meta.c.value).where(
            t.meta.c.key == "schema_version")).scalar()
        return None if found is None else int(found)

    # ------------------------------------------------------------------ lookups

    @staticmethod
    def clean_code(text: str) -> str:
        """A join code as typed ("abc-def", " ABC DEF ") in its stored form, or
        StoreError("bad-code") if it is not 6 characters of the code alphabet."""
        code = "".join(str(text).split()).replace("-", "").upper() if text is not None else ""
        if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
            raise StoreError("bad-code", repr(str(text)[:40]))
        return code

    def _class(self, conn: Connection, code: str, lock: bool = False) -> Row:
        """The open class of ``code`` ("no-class", "ended" if ended or unused for max_idle);
        ``lock``: a writer holds the class row, so one class's writes go one at a time."""
        query = select(t.classes).where(t.classes.c.code == self.clean_code(code))
        row = conn.execute(query.with_for_update() if lock else query).first()
        if row is None:
            raise StoreError("no-class", row_code(code))
        if row.ended or self._clock() - row.last_used > self.max_idle:
            raise StoreError("ended", row.code)
        return row

    def _teacher(self, conn: Connection, code: str, key: str, lock: bool = False) -> Row:
        """The class if ``key`` is its teacher's (compared in constant time), else "wrong-key"."""
        row = self._class(conn, code, lock)
        given = digest(key) if isinstance(key, str) else ""
        if not hmac.compare_digest(given, row.key_hash):
            raise StoreError("wrong-key", row.code)
        return row

    def _student(self, conn: Connection, code: str, token: str,
                 lock: bool = False) -> tuple[Row, Row]:
        """(class, student) for a student's token in that class, else "unknown-student" (a
        token of another class included)."""
        row = self._class(conn, code, lock)
        if not isinstance(token, str):
            raise StoreError("unknown-student", row.code)
        student = conn.execute(select(t.students).where(
            t.students.c.class_id == row.id,
            t.students.c.token_hash == digest(token))).first()
        if student is None:
            raise StoreError("unknown-student", row.code)
        return row, student

    def _touch(self, conn: Connection, class_id: int) -> int:
        """Every write in a class bumps its seq (what pages poll) and its last use."""
        return conn.execute(update(t.classes).where(t.classes.c.id == class_id).values(
            seq=t.classes.c.seq + 1, last_used=self._clock()).returning(t.classes.c.seq)
        ).scalar_one()

    def _names(self, conn: Connection, class_id: int) -> dict[int, str]:
        return dict(conn.execute(select(t.students.c.id, t.students.c.name).where(
            t.students.c.class_id == class_id)).all())

    def _count(self, conn: Connection, query) -> int:
        return conn.execute(select(func.count()).select_from(query.subquery())).scalar_one()

    def _tally(self, conn, student_id: int, round: int | None) -> tuple[int, int]:
        query = select(t.answers.c.right).join(
            t.questions, t.questions.c.id == t.answers.c.question_id).where(
            t.answers.c.student_id == student_id, t.answers.c.right.is_not(None))
        if round is not None:
            query = query.where(t.questions.c.round == round)
        rights = conn.execute(query).scalars().all()
        return sum(1 for r in rights if r), sum(1 for r in rights if not r)


def row_code(code: str) -> str:
    return str(code)[:12]
