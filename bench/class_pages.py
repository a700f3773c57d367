"""The real-pages half of the class benchmark (issue 18; the store half is bench_class.py):
a Voilà server, a teacher's page and N students' pages in one Chromium, each page its own
kernel, sharing a class store in a temporary folder.

The teacher steps M times; for each step, the time from the click until each student's page
shows it (its game log counts the teacher's steps). Then the teacher asks the class about a
scoring line (R16), every student answers, the teacher reveals: the time from the click until
every student's page shows its mark (✓ or ✗). Run ``python bench/class_pages.py [N] [M]``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from voila_server import start_voila, stop_voila

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCENARIO, SEED = "14_scoring_winner", 1
READY = "document.querySelectorAll('.aton-board .dot').length >= 56"
STEPS = ("() => { const l = document.querySelector('.aton-log'); const m = l && "
         "l.textContent.match(/\\((\\d+) steps?/); return m ? +m[1] : -1; }")
MARKED = "() => !!document.querySelector('.aton-class-q .aton-right, .aton-class-q .aton-wrong')"
OPEN_TIMEOUT = 600_000  # ms: N pages drawn on two shared cores


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def join_code(page: Page) -> str:
    page.locator(".aton-class-code").first.wait_for(timeout=OPEN_TIMEOUT)
    return page.locator(".aton-class-code").first.get_attribute("aria-label").replace(" ", "")


def wait_all(pages: list[Page], check, started: float, timeout: float = 60) -> list[float]:
    """Seconds from ``started`` until ``check(page)`` holds on each page (polled in turn)."""
    seen: list[float | None] = [None] * len(pages)
    while None in seen and time.monotonic() - started < timeout:
        for k, page in enumerate(pages):
            if seen[k] is None and check(page):
                seen[k] = time.monotonic() - started
        time.sleep(0.02)
    if None in seen:
        raise TimeoutError(f"{seen.count(None)} of {len(pages)} pages never showed it")
    return seen  # type: ignore[return-value]


def steps_of(page: Page) -> int:
    return page.evaluate(STEPS)


def measure_pages(n_pages: int, url: str | None = None, steps: int = 8) -> dict:
    """Open a teacher's page and ``n_pages`` students' pages (a server of its own unless
    ``url`` is given: then it must serve the class store the caller chose), step ``steps``
    times, ask and reveal a scoring line; the figures in seconds."""
    proc = None
    if url is None:
        store = Path(tempfile.mkdtemp(prefix="aton-class-bench-")) / "class.sqlite3"
        env = {**os.environ, "ATON_CLASS_STORE": str(store), "PYTHONPATH": str(ROOT)}
        proc, url = start_voila(env=env)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            contexts = []

            def new_page(address: str) -> Page:
                context = browser.new_context(viewport={"width": 1024, "height": 768})
                context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
                contexts.append(context)
                page = context.new_page()
                page.goto(url + address, timeout=OPEN_TIMEOUT)
                page.wait_for_function(f"() => {READY}", timeout=OPEN_TIMEOUT)
                close = page.locator(".aton-howto").get_by_role("button", name="Close ✕")
                if close.count() and close.first.is_visible():
                    close.first.click()
                return page

            started = time.monotonic()
            teacher = new_page(f"?class=new&scenario={SCENARIO}&seed={SEED}")
            code = join_code(teacher)
            students = []
            for k in range(n_pages):
                page = new_page(f"?join={code}")
                page.locator(".aton-class-name input").fill(f"Student{k + 1}")
                page.locator(".aton-class-join-button").click()
                page.locator(".aton-class-banner").first.wait_for(timeout=OPEN_TIMEOUT)
                students.append(page)
            opened = time.monotonic() - started
            # The teacher's first decision: the cards as drawn (R6), then the steps.
            for c in range(4):
                teacher.locator(".aton-cardbtn").nth(c).click()
                teacher.locator(".aton-slots button").nth(c).click()
            teacher.locator(".aton-picker-confirm").click()
            teacher.wait_for_timeout(1500)
            follow: list[float] = []
            next_step = teacher.locator(".aton-steps button").first
            for _ in range(steps):
                before = steps_of(teacher)
                if next_step.is_disabled():
                    break
                clicked = time.monotonic()
                next_step.click()
                teacher.wait_for_function(f"() => ({STEPS})() > {before}", timeout=60_000)
                target = steps_of(teacher)
                follow += wait_all(students, lambda p, n=target: steps_of(p) >= n, clicked)
            # To the scoring round, then a question for everyone.
            teacher.locator(".aton-steps button").nth(1).click()  # To my next decision
            ask = teacher.locator(".aton-class-ask")
            for _ in range(40):
                if ask.count() and ask.first.is_visible():
                    break
                if teacher.locator(".aton-cardbtn").first.is_visible():
                    for c in range(4):
                        teacher.locator(".aton-cardbtn").nth(c).click()
                        teacher.locator(".aton-slots button").nth(c).click()
                    teacher.locator(".aton-picker-confirm").click()
                elif teacher.locator(".aton-chooser").first.is_visible():
                    teacher.locator(".aton-square-list select").select_option(index=0)
                    teacher.locator(".aton-chooser button").first.click()
                else:
                    teacher.locator(".aton-steps button").first.click()
                teacher.wait_for_timeout(700)
            ask.first.click()
            asked = time.monotonic()
            for page in students:
                page.locator(".aton-class-red input").wait_for(timeout=60_000)
            question_seen = time.monotonic() - asked
            for k, page in enumerate(students):
                page.locator(".aton-class-red input").fill(str(k % 4))
                page.locator(".aton-class-blue input").fill("0")
                page.locator(".aton-class-send").click()
            teacher.wait_for_function(
                "n => (document.querySelector('.aton-class-q')||{}).textContent"
                ".includes(n + ' of ' + n)", arg=n_pages, timeout=60_000)
            clicked = time.monotonic()
            teacher.locator(".aton-class-reveal").click()
            marks = wait_all(students, lambda p: p.evaluate(MARKED), clicked)
            for context in contexts:
                context.close()
            browser.close()
    finally:
        if proc is not None:
            stop_voila(proc)
    return {"students": n_pages, "steps": len(follow) // max(n_pages, 1),
            "pages_opened_s": round(opened, 1),
            "step_median_s": round(statistics.median(follow), 3),
            "step_p95_s": round(percentile(follow, 95), 3),
            "question_seen_s": round(question_seen, 3),
            "reveal_to_every_mark_s": round(max(marks), 3),
            "reveal_mark_median_s": round(statistics.median(marks), 3)}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    m = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    for key, value in measure_pages(n, steps=m).items():
        print(f"{key:>24}: {value}")
