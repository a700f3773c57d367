"""Where the class store lives and what its tables are: the URL, the engine (SQLite tuned so
that kernels on one server can share one file), and schema version 1.

SQLite is the default, a file that ``voila notebooks/play.ipynb`` can use with nothing else
installed; any SQLAlchemy URL (PostgreSQL tested) serves a class spread over many servers.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine, make_url

#: The schema this code writes; a store with a higher one is refused ("newer-schema").
SCHEMA_VERSION = 1
#: A writer waits this long for another kernel's write before the store says "unavailable".
BUSY_TIMEOUT_MS = 10_000

metadata = MetaData()

meta = Table("aton_meta", metadata,
             Column("key", String(64), primary_key=True),
             Column("value", Text, nullable=False))

classes = Table("aton_class", metadata,
                Column("id", Integer, primary_key=True),
                Column("code", String(6), nullable=False, unique=True),
                Column("key_hash", String(64), nullable=False),
                Column("created", Float, nullable=False),
                Column("last_used", Float, nullable=False),
                Column("ended", Boolean, nullable=False, default=False),
                # bumped by every write in the class: pages poll this one row
                Column("seq", Integer, nullable=False, default=0),
                Column("moment_seq", Integer),
                Column("moment", Text))

students = Table("aton_student", metadata,
                 Column("id", Integer, primary_key=True),
                 Column("class_id", ForeignKey("aton_class.id"), nullable=False),
                 Column("name", String(30), nullable=False),
                 Column("folded", String(120), nullable=False),  # NFKC casefold: "name-taken"
                 Column("token_hash", String(64), nullable=False, unique=True),
                 Column("joined", Float, nullable=False),
                 UniqueConstraint("class_id", "folded"))

questions = Table("aton_question", metadata,
                  Column("id", Integer, primary_key=True),
                  Column("class_id", ForeignKey("aton_class.id"), nullable=False, index=True),
                  Column("kind", String(16), nullable=False),
                  Column("prompt", Text, nullable=False),
                  Column("status", String(16), nullable=False),
                  Column("truth", Text),
                  Column("round", Integer, nullable=False),
                  Column("opened", Float, nullable=False))

answers = Table("aton_answer", metadata,
                Column("question_id", ForeignKey("aton_question.id"), primary_key=True),
                Column("student_id", ForeignKey("aton_student.id"), primary_key=True),
                Column("value", Text, nullable=False),
                Column("right", Boolean),
                Column("at", Float, nullable=False))

duels = Table("aton_duel", metadata,
              Column("id", Integer, primary_key=True),
              Column("class_id", ForeignKey("aton_class.id"), nullable=False, index=True),
              Column("red_id", ForeignKey("aton_student.id"), nullable=False),
              Column("blue_id", ForeignKey("aton_student.id"), nullable=False),
              Column("status", String(16), nullable=False),
              Column("seed", Integer, nullable=False),
              Column("start", Text),
              Column("winner", String(8)),
              Column("created", Float, nullable=False))

moves = Table("aton_move", metadata,
              Column("duel_id", ForeignKey("aton_duel.id"), primary_key=True),
              Column("idx", Integer, primary_key=True),  # two pages writing one index: "stale"
              Column("player", String(8), nullable=False),
              Column("decision", Text, nullable=False))

lessons = Table("aton_lesson", metadata,
                Column("student_id", ForeignKey("aton_student.id"), primary_key=True),
                Column("lesson", String(120), primary_key=True),
                Column("verdict", String(120), nullable=False),
                Column("at", Float, nullable=False))

# Puzzles (issue 20): a learner's rating, each answer, and each puzzle's rating as learners
# move it. A learner is a token (a student's own, in a class; else one of the page's own).
puzzlers = Table("aton_puzzler", metadata,
                 Column("id", Integer, primary_key=True),
                 Column("token_hash", String(64), nullable=False, unique=True),
                 Column("student_id", ForeignKey("aton_student.id"), index=True),
                 Column("rating", Float, nullable=False),
                 Column("rd", Float, nullable=False),
                 Column("vol", Float, nullable=False),
                 Column("streak", Integer, nullable=False, default=0),
                 Column("best_streak", Integer, nullable=False, default=0),
                 Column("created", Float, nullable=False),
                 Column("last_used", Float, nullable=False))

attempts = Table("aton_attempt", metadata,
                 Column("id", Integer, primary_key=True),
                 Column("puzzler_id", ForeignKey("aton_puzzler.id"), nullable=False,
                        index=True),
                 Column("puzzle", String(16), nullable=False),
                 Column("answer", String(16), nullable=False),
                 Column("right", Boolean, nullable=False),
                 Column("rating", Float, nullable=False),  # the learner's, after the answer
                 Column("at", Float, nullable=False))

puzzle_ratings = Table("aton_puzzle_rating", metadata,
                       Column("puzzle", String(16), primary_key=True),
                       Column("rating", Float, nullable=False),
                       Column("rd", Float, nullable=False),
                       Column("vol", Float, nullable=False),
                       Column("answers", Integer, nullable=False, default=0))

Index("aton_answer_student", answers.c.student_id)


def default_url() -> str:
    """The store's URL: ``ATON_CLASS_STORE`` (a SQLAlchemy URL, or a file path), else a SQLite
    file in ``$XDG_DATA_HOME/aton`` (~/.local/share/aton), else in the temp dir if that folder
    cannot be written."""
    given = os.environ.get("ATON_CLASS_STORE", "").strip()
    if given:
        return given if "://" in given else default_url_for(given)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    for folder in (Path(data) / "aton", Path(tempfile.gettempdir()) / "aton"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK):
            return f"sqlite:///{folder.resolve() / 'classes.sqlite3'}"
    raise OSError("no folder for the class store can be written")  # not even the temp dir


def default_url_for(path: str) -> str:
    """The SQLite URL of a file path ("classes.sqlite3", "~/aton/c.db")."""
    return f"sqlite:///{Path(path).expanduser().resolve()}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite the documented pysqlite recipe: the driver's own
    transaction handling off, WAL (readers never wait for the writer), FULL sync (an
    acknowledged write survives a killed process), a busy timeout, and writes that BEGIN
    IMMEDIATE so two kernels never deadlock upgrading a read lock."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_pre_ping=True, future=True)
    engine = create_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy's begin event emits BEGIN
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        if "mode=ro" not in str(parsed.query):
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn) -> None:
        write = conn.get_execution_options().get("aton_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def sqlite_path(url: str) -> str | None:
    """The database file of a SQLite URL (for a "read-only" detail), else None."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    return parsed.database.removeprefix("file:")
