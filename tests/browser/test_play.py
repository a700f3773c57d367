"""The app in a real browser: Voilà serves notebooks/play.ipynb, chromium clicks like a learner.

By clicks only: four cards onto the cartouches, Confirm, Next step through the round, the
placement squares on the board. After each click the page must show what the engine says:
the same game is replayed here (same seed, same computer player), and the board's SVG
(counter fills and where they sit), the scores and the explanation text are compared with it.
Screenshots at 1366x768 go to tests/artifacts/ (gitignored).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import aton
from aton.app.board import CELLS, MARKS
from aton.app.session import Session

pytestmark = pytest.mark.browser

SEED = 5
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
FILL = {"rgb(214, 39, 40)": "red", "rgb(31, 79, 214)": "blue"}

# The board figure's marks are SVG groups in the order of aton.app.board.MARKS.
SQUARES, COUNTERS, LEGAL, EVENT = (MARKS.index(m) for m in ("squares", "counters", "legal",
                                                             "event"))
BOARD_JS = """() => {
  const marks = [...document.querySelector('.aton-board svg.svg-figure > g > g').children];
  const xy = g => [...g.querySelectorAll('.object_grp')].map(o => {
    const m = /translate\\(([-\\d.e]+),\\s*([-\\d.e]+)\\)/.exec(o.getAttribute('transform'));
    return [parseFloat(m[1]), parseFloat(m[2])];
  });
  const squares = xy(marks[SQUARES]);
  const cell = p => {
    let best = -1, d = 1e9;
    squares.forEach((q, i) => {
      const e = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2;
      if (e < d) { d = e; best = i; }
    });
    return best;
  };
  return {
    squares: squares.length,
    counters: xy(marks[COUNTERS]).map(cell),
    fills: [...marks[COUNTERS].querySelectorAll('.dot')].map(d => getComputedStyle(d).fill),
    legal: xy(marks[LEGAL]).map(cell),
    event: xy(marks[EVENT]).map(cell),
  };
}""".replace("SQUARES", str(SQUARES)).replace("COUNTERS", str(COUNTERS)).replace(
    "LEGAL", str(LEGAL)).replace("EVENT", str(EVENT))


def close_how_to_play(page: Page) -> None:
    """How to play covers the right of the first screen: read, then close it."""
    how_to = page.locator(".aton-howto")
    expect(how_to).to_be_visible()
    page.get_by_role("button", name="Got it: let's play ▸").click()
    expect(how_to).to_be_hidden()


def board_in_page(page: Page) -> dict:
    """{cell: 'red'/'blue'} for every counter drawn, plus the ringed cells."""
    raw = page.evaluate(BOARD_JS)
    assert raw["squares"] == CELLS
    counters = {c: FILL[f] for c, f in zip(raw["counters"], raw["fills"], strict=True)}
    return {"counters": counters, "legal": sorted(raw["legal"]), "event": sorted(raw["event"])}


def board_of(game: aton.Game) -> dict[int, str]:
    out = {i: ("red", "blue")[m - 1] for i, m in enumerate(game.board) if m}
    out.update({48 + k: owner for k, owner in enumerate(game.kingdom_counters)})
    return out


def wait_for_counters(page: Page, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('.aton-board svg.svg-figure > g > g')"
        f".children[{COUNTERS}].querySelectorAll('.dot').length === n", arg=n, timeout=15_000)


def scores_in_page(page: Page) -> tuple[int, int]:
    text = page.locator(".aton-app").inner_text()
    m = re.search(r"Scores red (\d+) · blue (\d+)", text)
    assert m, text[:500]
    return int(m.group(1)), int(m.group(2))


def square_dot(page: Page, cell: int):
    """The clickable square of the board (the squares mark), by cell index."""
    return page.locator(".aton-board svg.svg-figure > g > g > "
                        f"g:nth-child({SQUARES + 1}) .dot").nth(cell)


def test_play_a_round_by_clicks(page: Page, voila_server: str, page_errors: list[str]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}?seed={SEED}&opponent=greedy")
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)
    close_how_to_play(page)
    cards = page.locator(".aton-cardbtn")
    expect(cards).to_have_count(4, timeout=30_000)

    # The same game, replayed here: the seed deals the same cards, the computer player is
    # seeded the same way, so every step must match what the page shows.
    local = Session(aton.Game.new(SEED), opponent="greedy", learner="red", bot_seed=SEED + 1)
    local.start()
    game = local.game
    hand = game.view("red").hand
    expect(cards).to_have_text([str(v) for v in hand])
    explain = page.locator(".aton-explain-text")
    expect(explain).to_have_text(game.events[-1].text)
    assert board_in_page(page)["counters"] == {}

    # --- four cards onto the cartouches, by clicks (R6): largest on cartouche 3 (temples)
    low = sorted(hand)
    cards_on = (low[0], low[1], low[3], low[2])
    confirm = page.get_by_role("button", name="Confirm: cards face down")
    for c, value in enumerate(cards_on, 1):
        expect(confirm).to_be_disabled()
        page.locator(".aton-cardbtn:not([disabled])", has_text=str(value)).first.click()
        slot = page.get_by_role("button", name=re.compile(rf"^Cartouche {c}: "))
        slot.click()
        expect(slot).to_have_text(f"Cartouche {c}: {value}")
    # Each card's meaning is its cartouche's tooltip (the last one put down is spelled out).
    expect(page.get_by_role("button", name=re.compile(r"^Cartouche 3: "))).to_have_attribute(
        "title", re.compile(re.escape(
            f"Cartouche 3 with a {cards_on[2]}: you may remove and place counters in "
            f"{aton.board.temples_text(cards_on[2])} (R12).")))
    page.screenshot(path=str(ARTIFACTS / "play_1_picker.png"))
    expect(confirm).to_be_enabled()
    confirm.click()
    local.decide(False)
    local.decide(cards_on)
    expect(explain).to_have_text(game.events[-1].text)

    # --- Next step until the learner must place counters; each step as the engine says
    next_step = page.get_by_role("button", name="Next step ▸")
    for _ in range(40):
        if local.human_pending is not None:
            break
        expect(next_step).to_be_enabled()
        next_step.click()
        event = local.step()[-1]
        expect(explain).to_have_text(event.text)
        if event.type == "reveal":
            expect(page.locator(".aton-table")).to_contain_text("red")
            page.screenshot(path=str(ARTIFACTS / "play_2_reveal.png"))
        if event.type == "points":
            assert scores_in_page(page) == tuple(game.scores.values())
        if event.type in ("place", "remove"):
            wait_for_counters(page, len(board_of(game)))
            assert board_in_page(page)["counters"] == board_of(game)
    pending = local.human_pending
    assert pending is not None and pending.kind == "place" and pending.player == "red"
    expect(next_step).to_be_disabled()
    shown = board_in_page(page)
    assert shown["counters"] == board_of(game)
    legal = sorted(aton.board.SQUARE_INDEX[n] for n in game.options())
    assert shown["legal"] == legal
    page.screenshot(path=str(ARTIFACTS / "play_3_decision.png"))

    # --- an illegal square: explained with its rule, nothing changes
    illegal = next(i for i in range(48) if i not in legal)
    square_dot(page, illegal).click(force=True)  # force: a counter on it takes the click
    warning = page.locator(".aton-warn")
    expect(warning).to_contain_text("Not allowed")
    expect(warning).to_contain_text(re.compile(r"R1[23]"))
    assert board_in_page(page)["counters"] == board_of(game)

    # --- placement by clicking squares (R13)
    while local.human_pending is not None and local.human_pending.kind == "place":
        name = game.options()[len(game.options()) // 2]
        cell = aton.board.SQUARE_INDEX[name]
        square_dot(page, cell).click()
        event = local.decide(name)[-1]
        wait_for_counters(page, len(board_of(game)))
        expect(explain).to_have_text(event.text)
        shown = board_in_page(page)
        assert shown["counters"] == board_of(game)
        assert shown["counters"][cell] == "red"
        assert cell in shown["event"]

    # --- on to the end of the round
    for _ in range(40):
        if game.events[-1].type == "end_round" or local.human_pending is not None:
            break
        next_step.click()
        event = local.step()[-1]
        expect(explain).to_have_text(event.text)
    wait_for_counters(page, len(board_of(game)))
    assert board_in_page(page)["counters"] == board_of(game)
    assert scores_in_page(page) == tuple(game.scores.values())
    expect(page.locator(".aton-log")).to_contain_text(game.events[-1].text)
    page.screenshot(path=str(ARTIFACTS / "play_4_round_end.png"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1366, f"sideways scrolling at 1366x768: page is {width}px wide"
    assert page_errors == []


def test_unknown_scenario_in_the_url_is_explained(page: Page, voila_server: str,
                                                  page_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}?scenario=no_such_lesson")
    notice = page.locator(".aton-notice")
    expect(notice).to_contain_text("There is no scenario called no_such_lesson", timeout=90_000)
    expect(notice).to_contain_text("The scenarios are:")
    expect(page.locator(".aton-cardbtn")).to_have_count(4)
    assert page_errors == []


def steps_in_page(page: Page) -> int:
    """How many steps the game log lists (it grows with every step the game takes)."""
    m = re.search(r"Game log \((\d+) steps?", page.locator(".aton-log").inner_text())
    assert m, "no game log on the page"
    return int(m.group(1))


def click_centre(page: Page, cell: int) -> None:
    """Click the middle of a square with the mouse, as a person does: on the counter, if one
    lies there (counters take clicks too, for removals and take-backs)."""
    dot = square_dot(page, cell)
    dot.scroll_into_view_if_needed()  # the page may have scrolled down to a button
    box = dot.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


# The page offers the learner something to do: the end panel, a card to place, an enabled
# "To my next decision", or squares outlined as legal.
ACTIONABLE_JS = """() => {
  const end = document.querySelector('.aton-end');
  if (end && end.offsetParent !== null) return true;
  if (document.querySelector('.aton-cardbtn:not([disabled])')) return true;
  const run = [...document.querySelectorAll('button')]
    .find(b => b.textContent.startsWith('To my next decision'));
  if (run && !run.disabled) return true;
  const marks = document.querySelector('.aton-board svg.svg-figure > g > g').children;
  return marks[LEGAL].querySelectorAll('.object_grp').length > 0;
}""".replace("LEGAL", str(LEGAL))


def test_play_a_whole_game_by_clicks(page: Page, voila_server: str,
                                     page_errors: list[str]) -> None:
    """A learner plays a new game to its end using only what the page shows: the cards it
    offers, the squares it outlines as legal, and its buttons. No engine runs in the test."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}?seed=11&opponent=random")
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)
    close_how_to_play(page)
    run = page.get_by_role("button", name="To my next decision ▸▸")
    confirm = page.get_by_role("button", name="Confirm: cards face down")
    end = page.locator(".aton-end")
    counted = {"cards": 0, "squares": 0, "runs": 0}

    def act(click) -> None:
        """Click, then wait until the game has taken at least one more step."""
        before = steps_in_page(page)
        click()
        page.wait_for_function(
            "n => { const m = /Game log \\((\\d+) step/.exec("
            "document.querySelector('.aton-log').innerText); return m && +m[1] > n; }",
            arg=before, timeout=15_000)

    for _ in range(800):
        # The log, the board and the buttons sync as separate widget messages: let them land.
        page.wait_for_function(ACTIONABLE_JS, timeout=15_000)
        page.wait_for_timeout(100)
        if end.count() and end.first.is_visible():
            break
        cards = page.locator(".aton-cardbtn:not([disabled])")
        if confirm.count() and confirm.is_visible() and cards.count():
            for c in range(1, 5):  # each card of the hand onto the next cartouche (R6)
                free = page.locator(".aton-cardbtn:not([disabled])")
                expect(free).to_have_count(5 - c)
                free.first.click()
                slot = page.get_by_role("button", name=re.compile(rf"^Cartouche {c}: "))
                slot.click()
                expect(slot).to_have_text(re.compile(rf"^Cartouche {c}: \d"))
            expect(confirm).to_be_enabled()
            act(confirm.click)
            counted["cards"] += 1
            continue
        legal = board_in_page(page)["legal"]
        if legal:  # remove, place or take back: the first outlined square (R10, R13, R17)
            act(lambda cell=legal[0]: click_centre(page, cell))
            counted["squares"] += 1
            continue
        expect(run).to_be_enabled()
        act(run.click)
        counted["runs"] += 1
    expect(end).to_contain_text(re.compile(r"wins!|A draw!"))
    expect(end).to_contain_text("Final score")
    page.screenshot(path=str(ARTIFACTS / "play_5_game_over.png"))
    assert counted["cards"] >= 3 and counted["squares"] >= 3, counted
    assert page_errors == []
