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
Run: ``python3 bench/bench_app.py [--loads 5]``. Results also go to bench/results/ (ignored).
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
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
from voila_server import start_voila, stop_voila

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
    order = (values[0], values[1], values[2], values[3])  # the largest on cartouche 4
    for c, value in enumerate(order, 1):
        page.locator(".aton-cardbtn:not([disabled])", has_text=str(value)).first.click()
        slot = page.get_by_role("button", name=re.compile(rf"^Cartouche {c}: "))
        slot.click()
        expect(slot).to_have_text(f"Cartouche {c}: {value}")
    page.get_by_role("button", name="Confirm: cards face down").click()
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads of each notebook")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not chromium:
        print("chromium not found (apt-get install -y chromium; never playwright install)")
        return 2
    from playwright.sync_api import sync_playwright

    t0 = time.monotonic()
    servers = {"app": start_voila("notebooks/play.ipynb"),
               "minimal": start_voila("bench/minimal.ipynb")}
    urls = {"app": servers["app"][1] + f"?seed={args.seed}&opponent=greedy",
            "minimal": servers["minimal"][1]}
    results: dict[str, dict[str, list[float]]] = {
        "app": {"tti": [], "click": [], "step": []}, "minimal": {"tti": [], "click": []}}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
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
            browser.close()
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
    print(f"({args.loads} loads each, {len(app['click'])} + {len(mini['click'])} clicks, "
          f"{time.monotonic() - t0:.0f} s)")
    out = REPO / "bench" / "results"
    out.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (out / f"bench_app-{stamp}.json").write_text(json.dumps(
        {"loads": args.loads, "results": results,
         "medians": {"tti": tti, "click": click, "step": median(app["step"])}}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
