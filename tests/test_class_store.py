"""The class store (issue 18) read like a rulebook: every call, who may make it, and every
refusal with its reason. Each test runs against SQLite and PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import pytest

from aton.classroom import ClassStore, StoreError


class Clock:
    """A clock the tests move by hand (expiry after a day unused)."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path, clock):
    s = ClassStore(f"sqlite:///{tmp_path / 'classes.sqlite3'}", clock=clock)
    yield s
    s.close()


def refused(reason: str):
    """pytest.raises for a StoreError of exactly this reason."""
    return pytest.raises(StoreError, match=rf"^{reason}\b")


def test_a_class_is_started_joined_and_answered(store):
    started = store.start_class()
    store.check_teacher(started.code, started.key)
    ana = store.join(started.code, "Ana")
    q = store.open_question(started.code, started.key, "points", {"line": "red"}, 1)
    store.answer(started.code, ana.token, q.id, {"red": 3})
    marks = store.reveal(started.code, started.key, q.id, {"red": 3})
    assert [(m.student, m.right) for m in marks] == [("Ana", True)]
    assert store.tally(started.code, ana.token) == (1, 0)
    with refused("wrong-key"):
        store.check_teacher(started.code, "not the key")
