"""The class store under faults (issue 18): two kernels writing at once, a kernel killed with
SIGKILL right after an acknowledged answer, a store file or folder that cannot be written.
Run against SQLite and PostgreSQL wherever the fault applies to both."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from class_workers import answer_all, answer_and_acknowledge
from voila_server import in_ci

from aton.classroom import ClassStore, StoreError

SPAWN = multiprocessing.get_context("spawn")


@pytest.fixture
def live(store_url):
    """A store on the real clock: the other processes keep the real time too."""
    opened = ClassStore(store_url)
    yield opened
    opened.close()


def test_two_processes_answering_at_once_lose_no_answer(live, store_url):
    """Two kernels (spawned processes) answer for twenty students each, starting together:
    afterwards every answer is there, and the class's seq counted every write once."""
    started = live.start_class()
    students = [live.join(started.code, f"S{i}") for i in range(40)]
    q = live.open_question(started.code, started.key, "points", {}, 1)
    before = live.seq(started.code)
    start_at = time.time() + 1.5  # both interpreters are up by then
    halves = [[s.token for s in students[:20]], [s.token for s in students[20:]]]
    workers = [SPAWN.Process(target=answer_all,
                             args=(store_url, started.code, half, q.id, start_at))
               for half in halves]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert [w.exitcode for w in workers] == [0, 0]
    marks = live.marks(started.code, started.key, q.id)
    assert len(marks) == 40
    assert {m.student: m.value["red"] for m in marks} == {f"S{i}": i % 20 for i in range(40)}
    assert live.seq(started.code) == before + 40


def test_an_acknowledged_answer_survives_a_killed_kernel(live, store_url):
    """A kernel is killed (SIGKILL) right after its answers were acknowledged, maybe in the
    middle of the next: every acknowledged answer is there, nothing is half-written (the seq
    moved once per stored answer) and the store takes the next write at once (no lock left)."""
    started = live.start_class()
    students = [live.join(started.code, f"S{i}") for i in range(30)]
    q = live.open_question(started.code, started.key, "points", {}, 1)
    before = live.seq(started.code)
    receiver, sender = SPAWN.Pipe(duplex=False)
    worker = SPAWN.Process(target=answer_and_acknowledge, args=(
        store_url, started.code, [s.token for s in students], q.id, sender))
    worker.start()
    acknowledged = -1
    while acknowledged < 9:
        assert receiver.poll(60), "the worker acknowledged nothing"
        acknowledged = receiver.recv()
    os.kill(worker.pid, signal.SIGKILL)  # right after the 10th answer returned
    worker.join(30)
    assert worker.exitcode == -signal.SIGKILL
    marks = {m.student: m.value for m in live.marks(started.code, started.key, q.id)}
    assert {f"S{i}" for i in range(10)} <= set(marks)
    assert live.seq(started.code) == before + len(marks)
    t0 = time.monotonic()
    live.answer(started.code, students[-1].token, q.id, {"red": 99})
    assert time.monotonic() - t0 < 5
    assert live.answered(started.code, started.key, q.id) == len(marks) + (
        f"S{len(students) - 1}" not in marks)


# ---------------------------------------------------------------------- read-only SQLite

def unwritable(path: Path) -> None:
    """Make ``path`` unwritable for this process. Root ignores file modes (chmod 444 stops
    nobody here), so as root the file or folder is made immutable (``chattr +i``), which the
    kernel enforces for root too; as another user, chmod is what a server meets."""
    if os.geteuid() != 0:
        path.chmod(0o555 if path.is_dir() else 0o444)
        return
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True,
                          check=False)
    if done.returncode:
        reason = f"chattr +i is not supported here: {done.stderr.strip()}"
        if in_ci():
            pytest.fail(f"{reason} (CI=true, so this is an error)")
        pytest.skip(reason)


def writable(path: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)
    path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.fixture
def filled(tmp_path):
    """A SQLite store with a class, a student and an answer, closed (its WAL checkpointed)."""
    path = tmp_path / "store" / "classes.sqlite3"
    path.parent.mkdir()
    url = f"sqlite:///{path}"
    store = ClassStore(url)
    started = store.start_class()
    ana = store.join(started.code, "Ana")
    q = store.open_question(started.code, started.key, "points", {}, 1)
    store.answer(started.code, ana.token, q.id, {"red": 3})
    store.close()
    return path, url, started, ana, q


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_store_that_cannot_be_written_says_read_only_and_keeps_its_data(filled, what):
    path, url, started, ana, q = filled
    target = path if what == "file" else path.parent
    unwritable(target)
    try:
        with pytest.raises(StoreError) as caught:
            store = ClassStore(url)
            try:
                if what == "file":  # an unwritable file still opens, for reading
                    assert store.my_answer(started.code, ana.token, q.id).value == {"red": 3}
                    assert store.moment(started.code) is None
                store.answer(started.code, ana.token, q.id, {"red": 4})
            finally:
                store.close()
        assert caught.value.reason == "read-only"
        assert str(path) in caught.value.detail
    finally:
        writable(target)
    store = ClassStore(url)
    assert store.my_answer(started.code, ana.token, q.id).value == {"red": 3}
    store.answer(started.code, ana.token, q.id, {"red": 5})  # writable again: it works again
    store.close()


def test_a_store_opened_read_only_refuses_every_write(filled):
    """SQLite's own read-only open (``?mode=ro``), as an admin may give a reporting page."""
    path, _url, started, ana, q = filled
    store = ClassStore(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert store.answered(started.code, started.key, q.id) == 1
    for write in (lambda: store.start_class(),
                  lambda: store.publish(started.code, started.key, {"a": 1}),
                  lambda: store.join(started.code, "Bo"),
                  lambda: store.answer(started.code, ana.token, q.id, {"red": 1})):
        with pytest.raises(StoreError) as caught:
            write()
        assert caught.value.reason == "read-only" and str(path) in caught.value.detail
    store.close()
    assert ClassStore(f"sqlite:///{path}").my_answer(started.code, ana.token, q.id).value == \
        {"red": 3}
