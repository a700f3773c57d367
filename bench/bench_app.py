"""How quickly the app starts and answers clicks, against a minimal Voilà notebook.

Two real Voilà servers (notebooks/play.ipynb and bench/minimal.ipynb: one button, one bqplot
scatter) are driven in the same run by headless Debian chromium, alternating loads:

- time to interactive: navigation start -> the board's squares are drawn and the first thing
  to click is there (app: the 4 card buttons; minimal: its button), read in the page with
  ``performance.now()``, so it includes Voilà running the notebook and the widgets rendering;
- click latency: a click dispatched in the page -> the board redrawn (app: a placement click
  until the new counter is drawn; minimal: a button click until the square's fill changes).
  The app's "Next step" latency (until the explanation changes) is reported too.

Goal: app <= 1.3x the minimal's time to interactive, <= 2x its click latency (medians).

Then a class (``--class-sizes 1,10,30``): one app server started as the README says, so with
the repository's voila.json (pre-heated kernels, culling), and N pages opened together, for
each N in turn, each from the same starting point (only the pre-heated pool running):

- time to interactive of every page (median and slowest), from its own navigation start;
  with ``--clients http`` the pages are HTTP + websocket clients instead of chromium pages
  (until the page's notebook has run and it is connected to its kernel): the server's share
  alone, as in a classroom where each student's computer draws their own page;
- memory per session: each page's kernel's resident memory (RSS, and PSS, which counts shared
  library pages once), and the CPU time its kernel used until the page was ready;
- the server's memory (Voila plus all its kernels): at the start, at the peak, and after the
  pages are closed, sampled until the cull time (idle timeout + one interval) has passed plus
  a margin; the pages' kernels must all be gone by then (culled), leaving the pool alone.
  Pages that never become interactive, and kernels culled while their page was still
  loading, are counted.

Both servers run with the shipped voila.json (pre-heated pools, culling), as a classroom would.
Run: ``python3 bench/bench_app.py [--loads 5] [--class-sizes 1,10,30]``; ``--loads 0`` skips
the comparison, ``--class-sizes ''`` the class. Results also go to bench/results/ (ignored).
Uses /usr/bin/chromium (or $CHROMIUM); never ``playwright install``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
from browser_actions import put_cards
from voila_server import (
    VOILA_ERROR_MARKERS,
    http_get,
    read_log,
    server_kernels,
    start_voila,
    stop_voila,
)

from aton.app.board import MARKS as MARK_NAMES

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run"]
READY = {
    "app": "document.querySelectorAll('.aton-board .dot').length >= 56 && "
           "document.querySelectorAll('.aton-cardbtn').length === 4",
    "minimal": "document.querySelectorAll('.bqplot .dot').length >= 48 && "
               "[...document.querySelectorAll('button')].some("
               "b => b.textContent.includes('Colour next square'))",
}
# Polls from the first script on the page; records when the condition first holds.
INIT = """
window.__ready = null;
(function poll() {
  try { if (READY) { window.__ready = performance.now(); return; } } catch (e) {}
  setTimeout(poll, 5);
})();
"""
# The board figure's marks are SVG groups in the order of aton/app/board.py's MARKS.
SQUARES, COUNTERS, LEGAL = (MARK_NAMES.index(m) for m in ("squares", "counters", "legal"))
MARKS = "[...document.querySelector('.aton-board svg.svg-figure > g > g').children]"
CLICK_SQUARE = """async (k) => {
  const marks = MARKS;
  const xy = g => [...g.querySelectorAll('.object_grp')].map(o => {
    const m = /translate\\(([-\\d.e]+),\\s*([-\\d.e]+)\\)/.exec(o.getAttribute('transform'));
    return [parseFloat(m[1]), parseFloat(m[2])];
  });
  const squares = xy(marks[SQUARES]);
  const legal = xy(marks[LEGAL]).map(p => squares.findIndex(
    q => Math.abs(q[0] - p[0]) < 1 && Math.abs(q[1] - p[1]) < 1));
  if (!legal.length) return null;
  const before = marks[COUNTERS].querySelectorAll('.dot').length;
  const target = marks[SQUARES].querySelectorAll('.dot')[legal[k % legal.length]];
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  return await new Promise(resolve => {
    (function check() {
      if (marks[COUNTERS].querySelectorAll('.dot').length > before) {
        resolve(performance.now() - t0);
      }
      else setTimeout(check, 1);
    })();
  });
}""".replace("MARKS", MARKS).replace("SQUARES", str(SQUARES)).replace(
    "COUNTERS", str(COUNTERS)).replace("LEGAL", str(LEGAL))
CLICK_BUTTON = """async ([label, watch]) => {
  const button = [...document.querySelectorAll('button')].find(
    b => b.textContent.includes(label));
  const read = () => {
    if (watch === 'explain') {
      const e = document.querySelector('.aton-explain-text');
      return e ? e.textContent : '';
    }
    return getComputedStyle(document.querySelectorAll('.bqplot .dot')[watch]).fill;
  };
  const before = read();
  const t0 = performance.now();
  button.click();
  return await new Promise(resolve => {
    (function check() {
      if (read() !== before) resolve(performance.now() - t0);
      else setTimeout(check, 1);
    })();
  });
}"""


def load(browser, url: str, kind: str):
    """A fresh context (cold cache) and page; returns (page, context, seconds to ready)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(INIT.replace("READY", READY[kind]))
    page.goto(url)
    page.wait_for_function("window.__ready !== null", timeout=120_000, polling=20)
    ready = page.evaluate("window.__ready") / 1000
    if errors:
        raise RuntimeError(f"page errors in {kind}: {errors}")
    return page, context, ready


def app_clicks(page) -> tuple[list[float], list[float]]:
    """Assign cards, run to the placement decision, then time each placement click."""
    from playwright.sync_api import expect

    page.get_by_role("button", name="Got it: let's play ▸").click()  # How to play covers cards
    cards = page.locator(".aton-cardbtn")
    values = sorted(int(cards.nth(i).inner_text()) for i in range(4))
    put_cards(page, tuple(values))  # the largest on cartouche 4
    expect(page.get_by_role("button", name="Next step ▸")).to_be_enabled()
    steps = [page.evaluate(CLICK_BUTTON, ["Next step", "explain"]) / 1000 for _ in range(3)]
    page.get_by_role("button", name=re.compile("To my next decision")).click()
    page.wait_for_function(f"{MARKS}[{LEGAL}].querySelectorAll('.dot').length > 0",
                           timeout=30_000)
    clicks = []
    for k in range(values[3]):
        ms = page.evaluate(CLICK_SQUARE, k)
        if ms is None:
            break
        clicks.append(ms / 1000)
        page.wait_for_timeout(50)
    return clicks, steps


def minimal_clicks(page, n: int = 4) -> list[float]:
    return [page.evaluate(CLICK_BUTTON, ["Colour next square", k]) / 1000 for k in range(n)]


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


# ----------------------------------------------------------------------------- a class

CONFIG = json.loads((REPO / "voila.json").read_text())
CULL_TIME = (CONFIG["MappingKernelManager"]["cull_idle_timeout"]
             + CONFIG["MappingKernelManager"]["cull_interval"])
POOL = CONFIG["VoilaConfiguration"]["default_pool_size"]
TICK = os.sysconf("SC_CLK_TCK")
READY_TIMEOUT = 300  # seconds for all the pages opened together to become interactive
KERNEL_OF_PAGE = """() => {
  const config = document.getElementById('jupyter-config-data');
  return config ? JSON.parse(config.textContent).kernelId : null;
}"""


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / TICK


def _proc_kib(path: str, field: str) -> int:
    """A ``field:`` line's KiB from a /proc file; 0 if the process is gone."""
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def pss_kib(pid: int) -> int:
    """Proportional set size: resident memory with shared pages divided among their users."""
    return _proc_kib(f"/proc/{pid}/smaps_rollup", "Pss:")


def rss_kib(pid: int) -> int:
    return _proc_kib(f"/proc/{pid}/status", "VmRSS:")


def server_memory(pid: int) -> tuple[int, int]:
    """(MiB held by Voila and all its kernels, number of kernels)."""
    kernels = server_kernels(pid)
    return (rss_kib(pid) + sum(rss for _pid, rss in kernels.values())) // 1024, len(kernels)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def wait_for_pool(proc, pool: int, seconds: float = 120) -> None:
    """Until only the pool's kernels run and they have run the notebook up to the request
    (their CPU time has stopped growing)."""
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        kernels = server_kernels(proc.pid)
        used = round(sum(cpu_seconds(pid) for pid, _rss in kernels.values()), 1)
        if len(kernels) == pool and used == last:
            return
        last = used if len(kernels) == pool else None
        time.sleep(1)
    raise RuntimeError(f"the server did not settle to its pool of {pool}:\n{read_log(proc)}")


def http_pages(url: str, n: int) -> tuple[list, list, list, object]:
    """n pages opened together the way a page uses the server, without a browser: each thread
    GETs the page (the server runs the notebook) and connects to its kernel as the page's
    widgets do. Returns (seconds until connected, kernel ids, errors, close)."""
    from websockets.sync.client import connect

    sockets, ready, ids, errors = [None] * n, [None] * n, [None] * n, []

    def one(k: int) -> None:
        t0 = time.monotonic()
        try:
            status, html = http_get(url + f"&seed={k + 1}", timeout=READY_TIMEOUT)
            found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
            if status != 200 or not found or any(m in html for m in VOILA_ERROR_MARKERS):
                errors.append(f"page {k}: HTTP {status}, no kernel or a cell failed")
                return
            ids[k] = found.group(1)
            ws = url.split("?")[0].replace("http://", "ws://")
            sockets[k] = connect(f"{ws}api/kernels/{ids[k]}/channels?session_id=bench{k}",
                                 open_timeout=READY_TIMEOUT, max_size=None)
            ready[k] = time.monotonic() - t0
        except Exception as exc:  # noqa: BLE001 - a failed page is counted, not fatal
            errors.append(f"page {k}: {exc}")

    threads = [threading.Thread(target=one, args=(k,)) for k in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    def close() -> None:
        for sock in sockets:
            if sock is not None:
                sock.close()

    return [r for r in ready if r is not None], [i for i in ids if i], errors, close


def browser_pages(browser, url: str, n: int) -> tuple[list, list, list, object]:
    """n browser pages opened together; returns (seconds to interactive, kernel ids, errors,
    close). Pages that are not interactive within READY_TIMEOUT are left out of the times."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    context.add_init_script(INIT.replace("READY", READY["app"]))
    pages = []
    errors: list[str] = []
    for k in range(n):  # every navigation starts before any page is ready
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url + f"&seed={k + 1}", wait_until="commit", timeout=READY_TIMEOUT * 1000)
        pages.append(page)
    deadline = time.monotonic() + READY_TIMEOUT
    waiting = list(pages)
    while waiting and time.monotonic() < deadline:
        waiting = [page for page in waiting if page.evaluate("window.__ready") is None]
        time.sleep(0.5)
    tti = [page.evaluate("window.__ready") / 1000 for page in pages if page not in waiting]
    ids = [page.evaluate(KERNEL_OF_PAGE) for page in pages]
    return tti, ids, errors, context.close


def open_class(browser, url: str, n: int, proc, pool: int) -> dict:
    """Open n pages together, wait until each is interactive, close them, wait for the cull.
    `browser` None: HTTP and websocket clients instead of browser pages (see http_pages)."""
    wait_for_pool(proc, pool)
    start_mem, start_kernels = server_memory(proc.pid)
    load_before = load_average()
    server_cpu = cpu_seconds(proc.pid)
    t0 = time.monotonic()
    peak = [start_mem]
    watching = threading.Event()

    def watch() -> None:
        while not watching.is_set():
            peak[0] = max(peak[0], server_memory(proc.pid)[0])
            time.sleep(0.5)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        if browser is None:
            tti, ids, errors, close = http_pages(url, n)
        else:
            tti, ids, errors, close = browser_pages(browser, url, n)
    finally:
        watching.set()
        watcher.join()
    tti.sort()
    all_ready = time.monotonic() - t0
    # A page still loading when its kernel has been idle, unconnected, for the whole idle
    # timeout loses that kernel to the cull: Voila's log names it.
    log = read_log(proc)
    lost = sum(1 for kid in ids if f"Culling 'idle' kernel 'python3' ({kid})" in log)
    kernels = server_kernels(proc.pid)
    mine = [kernels[kid] for kid in ids if kid in kernels]
    rss = sorted(r / 1024 for _pid, r in mine)
    pss = sorted(pss_kib(pid) / 1024 for pid, _r in mine)
    cpu = sorted(cpu_seconds(pid) for pid, _r in mine)
    peak = max(peak[0], server_memory(proc.pid)[0])
    server_cpu = cpu_seconds(proc.pid) - server_cpu
    load_open = load_average()
    close()
    closed = time.monotonic()
    timeline = []  # (seconds since the pages closed, MiB, kernels, the pages' kernels left)
    while time.monotonic() - closed < CULL_TIME + 15:
        mem, count = server_memory(proc.pid)
        left = len(set(ids) & set(server_kernels(proc.pid)))
        timeline.append((round(time.monotonic() - closed, 1), mem, count, left))
        time.sleep(2)
    back = next((t for t, _m, _count, left in timeline if left == 0), None)
    return {"pages": n, "ready": len(tti), "culled_while_loading": lost,
            "tti": tti, "all_ready": all_ready, "kernel_rss_mib": rss,
            "kernel_pss_mib": pss, "kernel_cpu_s": cpu, "voila_cpu_s": server_cpu,
            "start_mib": start_mem,
            "start_kernels": start_kernels, "peak_mib": peak, "after_mib": timeline[-1][1],
            "after_kernels": timeline[-1][2], "pages_kernels_gone_after_s": back,
            "timeline": timeline, "load_before": load_before, "load_open": load_open,
            "page_errors": errors[:5]}


def report_class(runs: list[dict], voila_args: str) -> None:
    print(f"\nA class on one server (voila.json: pool of {POOL} pre-heated kernels, a closed "
          f"page's kernel culled within {CULL_TIME} s) {voila_args or ''}")
    print(f"{'pages':>5s} {'TTI median':>10s} {'slowest':>8s} {'kernel RSS':>10s} "
          f"{'PSS':>5s} {'kernel CPU':>10s} {'server MiB: start':>17s} {'peak':>5s} "
          f"{'after cull':>10s} {'kernels':>7s} {'load 1/5/15 min':>16s}")
    for r in runs:
        print(f"{r['pages']:5d} {median(r['tti']):9.1f}s {max(r['tti'], default=float('nan')):7.1f}s "
              f"{median(r['kernel_rss_mib']):7.0f}MiB {median(r['kernel_pss_mib']):5.0f} "
              f"{median(r['kernel_cpu_s']):9.1f}s {r['start_mib']:17d} {r['peak_mib']:5d} "
              f"{r['after_mib']:10d} {r['start_kernels']:>2d}->{r['after_kernels']:<4d} "
              f"{r['load_open']:>16s}")
    for r in runs:
        if r["page_errors"]:
            print(f"{r['pages']} pages: page errors, e.g. {r['page_errors'][0]}")
        if r["ready"] < r["pages"]:
            print(f"{r['pages']} pages: ONLY {r['ready']} became interactive within "
                  f"{READY_TIMEOUT} s; {r['culled_while_loading']} lost their kernel to the cull "
                  "while loading")
    for r in runs:
        print(f"{r['pages']} pages: Voila itself used {r['voila_cpu_s']:.1f} s of CPU "
              f"({r['voila_cpu_s'] / r['pages']:.2f} s a page); all ready after "
              f"{r['all_ready']:.1f} s")
    for r in runs:
        back = r["pages_kernels_gone_after_s"]
        print(f"{r['pages']} pages closed: their kernels all gone after "
              + (f"{back:.0f} s" if back is not None else "MORE than the sampled time")
              + f" (cull time {CULL_TIME} s); server {r['start_mib']} MiB at the start, "
              f"{r['peak_mib']} at the peak, {r['after_mib']} after")


def compare(browser, args) -> dict:
    """The app against the minimal notebook, page after page: time to interactive, clicks."""
    servers = {"app": start_voila("notebooks/play.ipynb"),
               "minimal": start_voila("bench/minimal.ipynb")}
    urls = {"app": servers["app"][1] + f"?seed={args.seed}&opponent=greedy",
            "minimal": servers["minimal"][1]}
    results: dict[str, dict[str, list[float]]] = {
        "app": {"tti": [], "click": [], "step": []}, "minimal": {"tti": [], "click": []}}
    try:
        for kind in ("app", "minimal"):  # warm-up: first kernel, first imports
            page, context, _ = load(browser, urls[kind], kind)
            context.close()
        for i in range(args.loads):
            for kind in ("app", "minimal") if i % 2 == 0 else ("minimal", "app"):
                page, context, ready = load(browser, urls[kind], kind)
                results[kind]["tti"].append(ready)
                if kind == "app":
                    clicks, steps = app_clicks(page)
                    results[kind]["step"] += steps
                else:
                    clicks = minimal_clicks(page)
                results[kind]["click"] += clicks
                context.close()
                print(f"load {i + 1} {kind:8s} ready {ready:5.2f} s, clicks "
                      + " ".join(f"{c * 1000:.0f}" for c in clicks) + " ms", flush=True)
    finally:
        for proc, _url in servers.values():
            stop_voila(proc)

    app, mini = results["app"], results["minimal"]
    tti = (median(app["tti"]), median(mini["tti"]))
    click = (median(app["click"]), median(mini["click"]))
    print()
    print(f"{'median':28s} {'app':>9s} {'minimal':>9s} {'ratio':>7s} {'goal':>6s}")
    print(f"{'time to interactive (s)':28s} {tti[0]:9.2f} {tti[1]:9.2f} "
          f"{tti[0] / tti[1]:7.2f} {'<=1.3':>6s}")
    print(f"{'click -> board updated (ms)':28s} {click[0] * 1000:9.0f} {click[1] * 1000:9.0f} "
          f"{click[0] / click[1]:7.2f} {'<=2':>6s}")
    print(f"{'app Next step -> text (ms)':28s} {median(app['step']) * 1000:9.0f}")
    print(f"({args.loads} loads each, {len(app['click'])} + {len(mini['click'])} clicks)")
    return {"loads": args.loads, "results": results,
            "medians": {"tti": tti, "click": click, "step": median(app["step"])}}


def a_class(browser, sizes: list[int], args) -> list[dict]:
    """One app server, as the README starts it; for each size, that many pages together."""
    proc, url = start_voila("notebooks/play.ipynb", args.voila_args.split())
    sized = re.search(r"--VoilaConfiguration.default_pool_size=(\d+)", args.voila_args)
    pool = (0 if "--VoilaConfiguration.preheat_kernel=False" in args.voila_args
            else int(sized.group(1)) if sized else POOL)
    runs = []
    try:
        for n in sizes:
            print(f"\n{n} page(s) together (load average before: {load_average()}) ...",
                  flush=True)
            clients = browser if args.clients == "browser" else None
            run = open_class(clients, url + "?opponent=greedy", n, proc, pool)
            runs.append(run)
            print(f"  {run['ready']} of {n} ready: median {median(run['tti']):.1f} s, slowest "
                  f"{max(run['tti'], default=float('nan')):.1f} s;"
                  f" server {run['start_mib']} -> peak {run['peak_mib']} -> "
                  f"{run['after_mib']} MiB, kernels {run['start_kernels']} -> "
                  f"{run['after_kernels']}", flush=True)
    finally:
        stop_voila(proc)
    report_class(runs, f"{args.clients} clients {args.voila_args}")
    return runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads of each notebook")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--class-sizes", default="1,10,30",
                        help="pages opened together on one server, comma-separated ('' skips)")
    parser.add_argument("--clients", choices=("browser", "http"), default="browser",
                        help="the class's pages: chromium pages (on this machine's cores), or "
                             "HTTP + websocket clients that use the server as a page does, "
                             "as when each student's computer draws their own page")
    parser.add_argument("--voila-args", default="",
                        help="extra Voila options for the class's server, e.g. "
                             "'--VoilaConfiguration.preheat_kernel=False' to compare")
    args = parser.parse_args()
    sizes = [int(n) for n in args.class_sizes.split(",") if n.strip()]
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not chromium:
        print("chromium not found (apt-get install -y chromium; never playwright install)")
        return 2
    from playwright.sync_api import sync_playwright

    t0 = time.monotonic()
    print(f"{os.cpu_count()} cores; load average at the start: {load_average()}")
    saved: dict = {"load_at_start": load_average(), "cores": os.cpu_count()}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            if args.loads:
                saved["compare"] = compare(browser, args)
            if sizes:
                saved["class"] = a_class(browser, sizes, args)
        finally:
            browser.close()
    print(f"({time.monotonic() - t0:.0f} s in all; load average at the end: {load_average()})")
    out = REPO / "bench" / "results"
    out.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (out / f"bench_app-{stamp}.json").write_text(json.dumps(saved, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
