"""Does the class store keep thirty students in step with the teacher? (issue 18, the store
half; the real pages are added on top of it.)

Thirty student clients, each a process of its own like a page's kernel, join one class and
poll ``seq`` every 0.25 s as a page does; when it moves they read the moment and the question,
answer an open question, and read their mark once it is revealed. The teacher publishes
``--moments`` moments and opens and reveals ``--questions`` questions. Reported:

- **publish → seen**: from the teacher's publish returning to each client having read the
  new moment (median, 95th percentile, worst), over every moment and client;
- **reveal → mark**: from the teacher's reveal returning to each client having its mark, and
  to the last client of the class having it (the class's time);
- **writes per second**: the run's writes over its length, and a burst where every client
  answers as fast as it can for ``--burst`` seconds (the store's write rate under contention);
- the cost of one ``seq`` poll (median and 95th percentile).

Target (issue 18): median ≤ 1 s and 95th percentile ≤ 2 s for 30 students.

Run: ``python3 bench/bench_class.py`` (add ``--pages 10`` for real pages too) (a SQLite file in a temp folder), ``--url URL`` for any
store, or ``--postgres`` to start a temporary PostgreSQL server (tests/postgres.py).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "bench"))
from class_pages import measure_pages
from postgres import TempPostgres
from voila_server import start_voila, stop_voila

from aton.classroom import ClassStore, StoreError

POLL = 0.25
SPAWN = multiprocessing.get_context("spawn")


def client(url: str, code: str, name: str, results) -> None:
    """One student's page: join, then poll seq every 0.25 s until the teacher's moment says
    ``end``; report when each moment and each mark was seen (wall clock, one machine)."""
    store = ClassStore(url)
    me = store.join(code, name)
    seen_moments: dict[int, float] = {}
    seen_marks: dict[int, float] = {}
    answered: set[int] = set()
    polls: list[float] = []
    burst_writes = 0
    last = -1
    time.sleep(random.random() * POLL)  # pages do not poll in step
    while True:
        t0 = time.perf_counter()
        seq = store.seq(code)
        polls.append(time.perf_counter() - t0)
        if seq != last:
            last = seq
            moment = store.moment(code)
            data = moment.data if moment else {}
            if "n" in data and data["n"] not in seen_moments:
                seen_moments[data["n"]] = time.time()
            question = store.question(code)
            if question is not None:
                if question.status == "open" and question.id not in answered:
                    store.answer(code, me.token, question.id, {"red": random.randint(0, 3)})
                    answered.add(question.id)
                elif (question.status == "revealed" and question.id in answered
                      and question.id not in seen_marks):
                    mark = store.my_answer(code, me.token, question.id)
                    if mark is not None and mark.right is not None:
                        seen_marks[question.id] = time.time()
            if "burst" in data and data["burst"] > time.time():
                burst_writes += burst(store, code, me.token, question.id, data["burst"])
            if data.get("end"):
                break
        time.sleep(max(0.0, POLL - (time.perf_counter() - t0)))
    store.close()
    results.put({"name": name, "moments": seen_moments, "marks": seen_marks, "polls": polls,
                 "burst": burst_writes, "answers": len(answered)})


def burst(store: ClassStore, code: str, token: str, question_id: int, until: float) -> int:
    """Answer again and again until ``until``: how many writes this client made."""
    count = 0
    while time.time() < until:
        try:
            store.answer(code, token, question_id, {"red": count % 4})
        except StoreError as error:  # the teacher closed the question at the end of the burst
            if error.reason != "not-open":
                raise
            break
        count += 1
    return count


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def describe(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no samples"
    return (f"{label}: median {statistics.median(values):.3f} s, p95 "
            f"{percentile(values, 0.95):.3f} s, worst {max(values):.3f} s ({len(values)} samples)")


def run(url: str, students: int, moments: int, questions: int, burst_s: float,
        gap: float) -> str:
    store = ClassStore(url)
    started = store.start_class()
    code, key = started.code, started.key
    results = SPAWN.Queue()
    procs = [SPAWN.Process(target=client, args=(url, code, f"S{i:02d}", results))
             for i in range(students)]
    t_spawn = time.time()
    for p in procs:
        p.start()
    while len(store.students(code, key)) < students:
        if time.time() - t_spawn > 180:
            raise SystemExit("the clients did not all join within 180 s")
        time.sleep(0.2)
    joined_in = time.time() - t_spawn
    time.sleep(1.0)  # every client in its polling loop
    published: dict[int, float] = {}
    revealed: dict[int, float] = {}
    writes = 0
    t_run = time.time()
    per_question = max(1, moments // max(1, questions))
    n = 0
    answered_in: list[float] = []
    for qn in range(questions):
        for _ in range(per_question):
            store.publish(code, key, {"n": n, "record": "x" * 2000, "step": n})
            published[n] = time.time()
            n += 1
            writes += 1
            time.sleep(gap * random.uniform(0.8, 1.2))
        q = store.open_question(code, key, "points", {"n": qn}, qn + 1)
        opened = time.time()
        writes += 1
        while store.answered(code, key, q.id) < students and time.time() - opened < 10:
            time.sleep(0.05)
        answered_in.append(time.time() - opened)
        store.reveal(code, key, q.id, {"red": 2})
        revealed[q.id] = time.time()
        writes += 1
        time.sleep(2.5)  # every client reads its mark
    while n < moments:
        store.publish(code, key, {"n": n, "step": n})
        published[n] = time.time()
        n += 1
        writes += 1
        time.sleep(gap)
    time.sleep(1.5)
    run_s = time.time() - t_run
    run_writes = writes + students * questions  # the teacher's and every client's answer
    # the burst: a question open, every client answering as fast as it can
    q = store.open_question(code, key, "points", {"burst": True}, 99)
    until = time.time() + burst_s
    store.publish(code, key, {"burst": until})
    time.sleep(burst_s + 0.5)
    store.reveal(code, key, q.id, {"red": 0})
    store.publish(code, key, {"end": True})
    reports = [results.get(timeout=120) for _ in procs]
    shown = store.url
    for p in procs:
        p.join(60)
    store.close()

    seen = [r["moments"][m] - published[m] for r in reports for m in published
            if m in r["moments"]]
    missed = sum(1 for r in reports for m in published if m not in r["moments"])
    marks = [r["marks"][qid] - t for r in reports for qid, t in revealed.items()
             if qid in r["marks"]]
    class_marks = [max(r["marks"][qid] for r in reports if qid in r["marks"]) - t
                   for qid, t in revealed.items()]
    missed_marks = sum(1 for r in reports for qid in revealed if qid not in r["marks"])
    polls = [p for r in reports for p in r["polls"]]
    bursts = sum(r["burst"] for r in reports)
    lines = [
        f"store: {shown}",
        (f"{students} student clients (processes), poll every {POLL} s; joined in "
         f"{joined_in:.1f} s; {len(published)} moments, {len(revealed)} questions"),
        describe("publish -> moment seen", seen) + f"; missed {missed}",
        describe("reveal -> own mark", marks) + f"; missed {missed_marks}",
        describe("reveal -> the whole class has its mark", class_marks),
        describe("open -> all answered", answered_in),
        (f"writes: {run_writes} in {run_s:.1f} s of lesson ({run_writes / run_s:.1f}/s); "
         f"burst: {bursts} answers by {students} clients in {burst_s:.1f} s "
         f"({bursts / burst_s:.0f} writes/s)"),
        (f"one seq poll: median {statistics.median(polls) * 1000:.2f} ms, p95 "
         f"{percentile(polls, 0.95) * 1000:.2f} ms ({len(polls)} polls)"),
    ]
    return "\n".join(lines)


def pages(url: str, n_pages: int, steps: int) -> str:
    """The real pages' half: a Voila server whose kernels use the store at ``url``, a teacher's
    page and ``n_pages`` students' pages in one Chromium (``class_pages.measure_pages``)."""
    env = {**os.environ, "ATON_CLASS_STORE": url, "PYTHONPATH": str(REPO)}
    proc, address = start_voila(env=env)
    try:
        figures = measure_pages(n_pages, address, steps=steps)
    finally:
        stop_voila(proc)
    head = f"real pages ({n_pages} students, {steps} steps, store {ClassStore(url).url}):"
    return "\n".join([head, *(f"  {key}: {value}" for key, value in figures.items())])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="a store URL (default: a SQLite file in a temp folder)")
    parser.add_argument("--postgres", action="store_true",
                        help="start a temporary PostgreSQL server and use it")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--moments", type=int, default=40)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between moments")
    parser.add_argument("--burst", type=float, default=3.0, help="seconds of answering flat out")
    parser.add_argument("--pages", type=int, default=0,
                        help="then as many real pages in Chromium, on a Voila server whose "
                             "kernels use the same store (bench/class_pages.py)")
    parser.add_argument("--steps", type=int, default=8, help="teacher's steps, with --pages")
    args = parser.parse_args()
    server = TempPostgres() if args.postgres else None
    with tempfile.TemporaryDirectory(prefix="aton-bench-class-") as folder:
        url = args.url or (server.start() if server else f"sqlite:///{folder}/classes.sqlite3")
        try:
            print(run(url, args.students, args.moments, args.questions, args.burst, args.gap),
                  flush=True)
            if args.pages:
                print(pages(url, args.pages, args.steps), flush=True)
        finally:
            if server:
                server.stop()


if __name__ == "__main__":
    main()
