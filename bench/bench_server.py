"""Does one Voilà server hold a class? Every page's fate, the memory, the cap, and faults.

One app server is started as the README says (``voila notebooks/play.ipynb``, so with the
repository's voila.json: the pool, the cull, the classroom kernel manager and its cap), and
headless Debian chromium opens pages in it:

- **a class**: for each size (``--sizes 1,10,30``) that many pages are opened together, each
  from the same starting point (only the pool running). For EVERY page it reports the time
  from its navigation start until it is usable (the board drawn and the four cards there), or
  what it showed instead when the time ran out (Voilà's spinner, the "getting ready" note, the
  "server full" page, an error, a blank page), and which of those it showed while it waited;
  then the server's memory (Voilà and its kernels) at the start and at the peak, the most
  kernels at once, the least memory the machine had available, and what the cap did (pages
  refused). The pages are then closed and the run waits for the cull (back to the pool).
- **faults** (``--faults``), on a server of its own with a small cap (``--fault-cap``, so the
  flood fills it without filling the machine): three pages open; one page's kernel is killed
  (what that page says, and whether the others still answer a click); a flood of GETs that
  never open a websocket (``--flood``; their statuses, the kernels, the memory, and what a page
  opened during the flood shows); a 50 MB file given to a page's "Open a game record" button
  (what the page says, and whether its kernel and the others still answer).

Run: ``python3 bench/bench_server.py [--sizes 1,10,30] [--faults] [--voila-args "..."]``.
The report is printed and written to bench/results/ (ignored by git); docs/classroom.md
quotes its figures. Uses /usr/bin/chromium (or $CHROMIUM); never ``playwright install``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench_app import (
    ARGS,
    CULL_TIME,
    INIT,
    KERNEL_OF_PAGE,
    POOL,
    READY,
    REPO,
    load_average,
    server_memory,
    wait_for_pool,
)
from playwright.sync_api import sync_playwright
from voila_server import http_get, read_log, server_kernels, start_voila, stop_voila

from aton.server.classroom import available_mb

CONFIG = json.loads((REPO / "voila.json").read_text())
CAP = CONFIG["ClassroomKernelManager"]["max_kernels"]
# What a page shows, read in the page: nothing from the server yet (the browser shows its
# previous page and a busy tab), usable, the "server full" page, an error, the notebook's
# "getting ready" note or Voilà's spinner (with its text), or nothing at all (blank).
STATE = """() => {
  if (location.href === 'about:blank') return ['no answer yet', ''];
  if (READY) return ['usable', ''];
  const text = e => (e && e.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 90);
  if (document.querySelector('.aton-server-full')) return ['server full',
      text(document.querySelector('.aton-server-full h1'))];
  const body = text(document.body);
  if (/There was an error|Cell execution timed out|500 : |Internal Server Error/.test(body))
    return ['error', body];
  const spinner = document.getElementById('loading');
  const note = [...document.querySelectorAll('.aton-getting-ready p')].find(
      p => !p.hidden && p.offsetParent !== null);
  const label = spinner && spinner.offsetParent !== null ? text(spinner) : '';
  if (/getting ready|sendo preparada/.test(label) || note) return ['getting ready',
      label || text(note)];
  if (label) return ['spinner', label];
  return ['blank', body];
}""".replace("READY", READY["app"])
NAVIGATE = "url => { setTimeout(() => { location.href = url; }, 0); }"
TIMEOUT = 600  # seconds for the pages opened together to become usable


def launch(playwright):
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return playwright.chromium.launch(executable_path=chromium, args=ARGS)


def new_context(browser, lang: str = "en-US"):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale=lang)
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    context.add_init_script(INIT.replace("READY", READY["app"]))
    return context


def state(page) -> tuple[str, str]:
    try:
        found = page.evaluate(STATE)
    except Exception as exc:  # noqa: BLE001 - a page navigating or crashed: say so
        return "no answer", str(exc).splitlines()[0][:90]
    return found[0], found[1]


def open_pages(browser, url: str, n: int, proc) -> dict:
    """n pages opened together; every page's time to usable or what it showed instead.

    Each page has a browser context of its own, as each student has a browser: within one
    context chromium opens at most 6 connections to a server, and each page's request stays
    open while its notebook runs, so 30 pages of one context would queue behind each other
    (and their scripts behind them, until the cull took their kernels)."""
    contexts = [new_context(browser) for _ in range(n)]
    samples: list[tuple[int, int, float]] = []  # (server MiB, kernels, MiB available)
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            mem, count = server_memory(proc.pid)
            samples.append((mem, count, available_mb() or float("nan")))
            time.sleep(0.5)

    start_mem, start_kernels = server_memory(proc.pid)
    log_before = len(read_log(proc))
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    pages, errors = [], []
    t0 = time.monotonic()
    for context in contexts:  # every page first, then every navigation at once
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        pages.append({"page": page, "seen": {}, "ready": None, "last": ("blank", "")})
    for k, entry in enumerate(pages):
        # Not goto: it returns only when the server answers, and the server answers a page
        # once its kernel has started, so the pages would be opened one after the other.
        entry["page"].evaluate(NAVIGATE, f"{url}?seed={k + 1}")
    waiting = list(pages)
    while waiting and time.monotonic() - t0 < TIMEOUT:
        for entry in waiting:
            now, (what, text) = time.monotonic() - t0, state(entry["page"])
            entry["seen"].setdefault(what, round(now, 1))
            entry["last"] = (what, text)
            if what == "usable":
                entry["ready"] = entry["page"].evaluate("window.__ready") / 1000
        waiting = [e for e in waiting if e["last"][0] not in ("usable", "server full", "error")]
        time.sleep(1)
    stop.set()
    watcher.join()
    log = read_log(proc)[log_before:]
    result = {
        "pages": n, "seconds": round(time.monotonic() - t0, 1), "load": load_average(),
        "start_mib": start_mem, "start_kernels": start_kernels,
        "peak_mib": max((s[0] for s in samples), default=start_mem),
        "peak_kernels": max((s[1] for s in samples), default=start_kernels),
        "least_available_mib": round(min((s[2] for s in samples), default=float("nan"))),
        "refused": log.count("Refused a page: the server is full"),
        "iopub_timeouts": log.count("Timeout waiting for IOPub output"),
        "culled_while_loading": sum(
            1 for e in pages if (kid := e["page"].evaluate(KERNEL_OF_PAGE))
            and f"Culling 'idle' kernel 'python3' ({kid})" in log),
        "page_errors": errors[:3],
        "each": [{"page": k + 1, "usable_s": None if e["ready"] is None else round(e["ready"], 1),
                  "outcome": e["last"][0], "showed": e["last"][1],
                  "seen": e["seen"]} for k, e in enumerate(pages)],
    }
    for context in contexts:
        context.close()
    return result


def wait_for_cull(proc, pool: int) -> float | None:
    """Seconds until only the pool's kernels are left (None: not within the cull time + 60)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < CULL_TIME + 60:
        if len(server_kernels(proc.pid)) <= pool:
            return round(time.monotonic() - t0, 1)
        time.sleep(2)
    return None


def a_class(browser, sizes: list[int], voila_args: list[str]) -> list[dict]:
    proc, url = start_voila("notebooks/play.ipynb", voila_args)
    pool = 0 if "--VoilaConfiguration.preheat_kernel=False" in voila_args else POOL
    runs = []
    try:
        for n in sizes:
            wait_for_pool(proc, pool, seconds=300)
            print(f"\n{n} page(s) together (load average {load_average()}) ...", flush=True)
            run = open_pages(browser, url, n, proc)
            run["culled_after_close_s"] = wait_for_cull(proc, pool)
            runs.append(run)
            report_run(run)
    finally:
        stop_voila(proc)
    return runs


def report_run(run: dict) -> None:
    times = sorted(e["usable_s"] for e in run["each"] if e["usable_s"] is not None)
    print(f"{run['pages']} pages: {len(times)} usable"
          + (f", {times[0]:.1f}-{times[-1]:.1f} s (median {times[len(times) // 2]:.1f})"
             if times else "")
          + f"; server {run['start_mib']} -> peak {run['peak_mib']} MiB, kernels "
          f"{run['start_kernels']} -> peak {run['peak_kernels']} (cap {CAP}); least available "
          f"{run['least_available_mib']} MiB; refused {run['refused']}; IOPub timeouts "
          f"{run['iopub_timeouts']}; culled while loading {run['culled_while_loading']}; "
          f"load {run['load']}; kernels culled "
          f"{run['culled_after_close_s']} s after closing")
    for e in run["each"]:
        fate = (f"usable at {e['usable_s']:5.1f} s" if e["usable_s"] is not None
                else f"{e['outcome'].upper()}: {e['showed']!r}")
        shown = ", ".join(f"{what} from {t} s" for what, t in e["seen"].items())
        print(f"  page {e['page']:2d}: {fate}   (showed: {shown})")
    if run["page_errors"]:
        print(f"  page errors: {run['page_errors']}")


# ----------------------------------------------------------------------------- faults


def usable_page(context, url: str, timeout: float = 180):
    page = context.new_page()
    page.goto(url, timeout=timeout * 1000)
    page.wait_for_function("window.__ready !== null", timeout=timeout * 1000, polling=100)
    return page


def answers(page) -> str:
    """Does the page's kernel still answer? Cartouche 1 is clicked (a card put on it, or its
    card taken back) and timed until it shows the change: a round trip through the kernel."""
    t0 = time.monotonic()
    try:
        slot = page.get_by_role("button", name=re.compile(r"^Cartouche 1: "))
        before = slot.inner_text().strip()
        changed = ("t => [...document.querySelectorAll('button')].some(x => "
                   "x.textContent.startsWith('Cartouche 1: ') && x.textContent.trim() !== t)")
        if before.endswith("—"):
            # A card taken back stays selected: the cartouche alone puts it down again.
            slot.click(timeout=30_000)
            try:
                page.wait_for_function(changed, arg=before, timeout=3_000)
                return f"yes ({time.monotonic() - t0:.2f} s for a card put down)"
            except Exception:  # noqa: BLE001 - no card was selected: select one
                page.locator(".aton-cardbtn:not([disabled])").first.click(timeout=30_000)
        slot.click(timeout=30_000)
        page.wait_for_function(changed, arg=before, timeout=30_000)
    except Exception as exc:  # noqa: BLE001 - the answer is the report
        return f"NO ({str(exc).splitlines()[0][:80]})"
    return f"yes ({time.monotonic() - t0:.2f} s for a card put down or taken back)"


def kernel_pid(page, proc) -> int:
    """The process of this page's kernel."""
    return server_kernels(proc.pid)[page.evaluate(KERNEL_OF_PAGE)][0]


def faults(browser, voila_args: list[str], cap: int, flood: int) -> dict:
    proc, url = start_voila("notebooks/play.ipynb", [
        *voila_args, f"--ClassroomKernelManager.max_kernels={cap}"])
    report: dict = {"cap": cap}
    try:
        wait_for_pool(proc, POOL, seconds=300)
        context = new_context(browser)
        pages = [usable_page(context, f"{url}?seed={k + 1}") for k in range(3)]
        print(f"\nfaults (cap {cap} kernels): 3 pages usable", flush=True)

        # 1. A page's kernel is killed.
        os.kill(kernel_pid(pages[0], proc), signal.SIGKILL)
        lost = pages[0].locator(".aton-kernel-lost")
        try:
            lost.wait_for(timeout=30_000)
            said = lost.inner_text().strip().replace("\n", " ")[:160]
        except Exception:  # noqa: BLE001
            said = "NOTHING within 30 s"
        report["killed"] = {"page_said": said, "others": [answers(p) for p in pages[1:]]}
        print(f"  killed page 1's kernel: it said {said!r}; pages 2-3 answer: "
              f"{report['killed']['others']}", flush=True)

        # 2. A flood of GETs that never open a websocket.
        statuses: list[int] = []
        mem0, kernels0 = server_memory(proc.pid)
        peak = [mem0, kernels0]
        done = threading.Event()

        def get(k: int) -> None:
            status, _html = http_get(f"{url}?seed={100 + k}", timeout=300)
            statuses.append(status)

        def watch() -> None:
            while not done.is_set():
                mem, count = server_memory(proc.pid)
                peak[0], peak[1] = max(peak[0], mem), max(peak[1], count)
                time.sleep(0.5)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        t0 = time.monotonic()
        threads = [threading.Thread(target=get, args=(k,)) for k in range(flood)]
        for thread in threads:
            thread.start()
        time.sleep(3)
        newcomer = context.new_page()
        newcomer.goto(f"{url}?seed=99", timeout=300_000)
        newcomer.wait_for_timeout(3000)
        new_state = state(newcomer)
        for thread in threads:
            thread.join()
        flood_s = time.monotonic() - t0
        others = [answers(p) for p in pages[1:]]
        gone = wait_for_cull(proc, 3 + POOL)  # the two open pages, the pool and page 1's
        done.set()
        watcher.join()
        report["flood"] = {
            "gets": flood, "seconds": round(flood_s, 1),
            "statuses": {str(s): statuses.count(s) for s in sorted(set(statuses))},
            "server_mib": [mem0, peak[0]], "kernels": [kernels0, peak[1]],
            "page_opened_during_flood": list(new_state), "open_pages_answer": others,
            "flood_kernels_culled_after_s": gone}
        print(f"  flood of {flood} GETs in {flood_s:.1f} s: statuses "
              f"{report['flood']['statuses']}; kernels {kernels0} -> peak {peak[1]} (cap {cap}); "
              f"server {mem0} -> peak {peak[0]} MiB; a page opened meanwhile showed "
              f"{new_state}; open pages answer: {others}; the flood's kernels gone "
              f"{gone} s after it", flush=True)
        newcomer.close()

        # 3. A 50 MB file for the "Open a game record" button.
        with tempfile.TemporaryDirectory() as tmp:
            big = Path(tmp) / "class.json"
            big.write_bytes(b" " * 50_000_000)
            page = pages[1]
            mem0 = server_memory(proc.pid)[0]
            button = page.get_by_role("button", name="Open a game record")
            with page.expect_file_chooser() as chooser:
                button.click()
            chooser.value.set_files(str(big))
            notice = page.locator(".aton-watch-notice")
            try:
                notice.wait_for(timeout=30_000)
                said = notice.inner_text().strip().replace("\n", " ")[:200]
            except Exception:  # noqa: BLE001
                said = "NOTHING within 30 s"
            report["upload"] = {"page_said": said, "it_answers": answers(page),
                                "other_answers": answers(pages[2]),
                                "server_mib": [mem0, server_memory(proc.pid)[0]]}
        print(f"  50 MB upload: the page said {said!r}; it answers: "
              f"{report['upload']['it_answers']}; another page: "
              f"{report['upload']['other_answers']}; server {report['upload']['server_mib']} "
              "MiB", flush=True)
        context.close()
    finally:
        stop_voila(proc)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,10,30", help="pages opened together, in turn")
    parser.add_argument("--faults", action="store_true", help="run the fault phase too")
    parser.add_argument("--fault-cap", type=int, default=8, help="max_kernels for the faults")
    parser.add_argument("--flood", type=int, default=30, help="GETs in the flood")
    parser.add_argument("--voila-args", default="", help="extra Voilà arguments")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    voila_args = args.voila_args.split()
    out: dict = {"when": time.strftime("%Y-%m-%d %H:%M"), "voila_args": args.voila_args,
                 "cpus": os.cpu_count(), "cap": CAP}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            if sizes:
                out["class"] = a_class(browser, sizes, voila_args)
            if args.faults:
                out["faults"] = faults(browser, voila_args, args.fault_cap, args.flood)
        finally:
            browser.close()
    results = REPO / "bench" / "results"
    results.mkdir(exist_ok=True)
    path = results / f"bench_server_{time.strftime('%Y-%m-%d_%H%M')}.json"
    path.write_text(json.dumps(out, indent=1))
    print(f"\nwritten to {path.relative_to(REPO)}")
    failed = [e for run in out.get("class", []) for e in run["each"] if e["usable_s"] is None
              and e["outcome"] != "server full"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
