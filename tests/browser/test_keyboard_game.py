"""A whole game by keyboard only, as a person who uses no mouse plays it (WCAG 2.1.1).

Voilà serves the app; chromium presses only Tab, Shift+Tab, Enter, Space and the arrow keys
(``page.keyboard.press``) from the first screen to the end panel: How to play is closed, each
round's four cards go on cartouches 1-4 in the order drawn (R6) and are confirmed, To my next
decision runs the steps, and each board decision (R10, R13, R17) takes the first square of the
keyboard list. The page is only read (which element has the focus, what it says), never
clicked. Seed 10 against the greedy computer ends in round 5, red occupying a whole temple
(R18): the same game replayed here says so. Along the way every control in view must have an
accessible name, the board drawing is an image with a name, and the live region
(``aria-live="polite"``) says each step's sentence.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import aton
from aton.app.session import Session

pytestmark = pytest.mark.browser

SEED = 10
MAX_ACTIONS = 400  # seed 10 takes about 120 keyboard actions; this only stops a loop

#: Whether the focus is on ``el``; else 1 when ``el`` comes after it (Tab), -1 before it.
WHERE = """el => {
  const a = document.activeElement;
  if (a === el) return 0;
  if (!a || a === document.body) return 1;
  return (a.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) ? 1 : -1;
}"""
#: The controls in view that a screen reader would announce without a name.
UNNAMED = """() => {
  const app = document.querySelector('.aton-app');
  const named = el => (el.getAttribute('aria-label') || el.textContent || '').trim()
    || [...(el.labels || [])].some(l => l.textContent.trim()) || el.getAttribute('title');
  return [...app.querySelectorAll('button, select, input, [role=img]')]
    .filter(el => el.offsetParent !== null && el.type !== 'hidden' && !named(el))
    .map(el => el.outerHTML.slice(0, 120));
}"""
LIVE = ".aton-live .widget-html-content"
#: The focus is on a control of the game, past the header, and on the screen.
IN_VIEW_PAST_HEADER = """() => {
  const a = document.activeElement;
  if (!a || a === document.body || a.closest('.aton-header')) return false;
  const r = a.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight;
}"""


def focus(page: Page, target: Locator, limit: int = 300) -> None:
    """Tab (or Shift+Tab, towards ``target``) until ``target`` has the focus."""
    for _ in range(limit):
        where = target.evaluate(WHERE)
        if where == 0:
            return
        page.keyboard.press("Tab" if where > 0 else "Shift+Tab")
    pytest.fail(f"Tab never reached {target}")


def live_text(page: Page) -> str:
    return page.locator(LIVE).inner_text()


def press(page: Page, key: str, before: str) -> None:
    """Press ``key`` on the focused control and wait for the live region to say something
    new (the kernel has done the action)."""
    page.keyboard.press(key)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                           arg=[LIVE, before], timeout=30_000)


def assert_named(page: Page) -> None:
    assert page.evaluate(UNNAMED) == []


def put_cards_by_keyboard(page: Page, round_no: int, hand: tuple[int, ...]) -> None:
    """The four cards, in the order drawn, on cartouches 1-4 (Enter, then Space, as a person
    might use either), then Confirm (R6). The cards are read once they are ``hand`` (the hand
    of the same game replayed here), so a page still drawing the round is never read."""
    expect(page.locator(".aton-cardbtn:not([disabled])")).to_have_text(
        [str(v) for v in hand], timeout=30_000)
    for c in range(1, 5):
        card = page.locator(".aton-cardbtn:not([disabled])").first
        value = card.inner_text()
        focus(page, card)
        page.keyboard.press("Enter" if c % 2 else "Space")
        expect(card).to_have_class(re.compile("mod-warning"))  # selected
        expect(card).to_have_attribute("aria-pressed", "true")  # and says so (WCAG 4.1.2)
        slot = page.locator("button", has_text=f"Cartouche {c}: —")
        focus(page, slot)
        page.keyboard.press("Space" if c % 2 else "Enter")
        expect(page.locator("button", has_text=f"Cartouche {c}: {value}")).to_be_visible()
    assert_named(page)
    confirm = page.locator("button", has_text="Confirm: cards face down")
    expect(confirm).to_be_enabled()
    focus(page, confirm)
    press(page, "Enter", live_text(page))
    # Confirm is greyed by its own Enter: the focus goes on to the step buttons (or the next
    # cards), in view, and not back to the page's start (WCAG 2.4.3, 2.4.7).
    page.wait_for_function(IN_VIEW_PAST_HEADER, timeout=10_000)


def choose_square_by_keyboard(page: Page, expected: str) -> str:
    """The first square of the keyboard list (arrow key), then its button (Enter). The list
    is read once its first square is ``expected`` (the square the same game replayed here
    takes): a list still being redrawn under load is never read."""
    listbox = page.locator(".aton-square-list select")
    expect(listbox.locator("option").first).to_have_attribute(
        "value", re.compile(rf"^{re.escape(expected)}:"), timeout=30_000)
    first = listbox.locator("option").first.get_attribute("value")
    focus(page, listbox)
    # Chrome remembers where the arrow keys left the list last time, so the first ArrowDown
    # may land further on: the arrow keys go back up to the first square.
    page.keyboard.press("ArrowDown")
    for _ in range(48):
        if listbox.input_value() == first:
            break
        page.keyboard.press("ArrowUp")
    expect(listbox).to_have_value(first)
    assert listbox.get_attribute("aria-label") == "Squares you may choose"
    button = page.locator(".aton-chooser button")
    # The button names the square the kernel has heard of: Enter only once it is this one
    # (the browser may hold the list's new value back while the kernel is busy, and send the
    # button's click before it).
    expect(button).to_have_text(re.compile(rf" {re.escape(expected)}$"), timeout=30_000)
    focus(page, button)
    press(page, "Enter", live_text(page))
    return first.split(":")[0]  # the option is the square's label: "T1.1: temple 1, ..."


def test_a_whole_game_by_keyboard_only(page: Page, voila_server: str,
                                       page_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}?seed={SEED}&opponent=greedy")
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)
    board = page.locator(".aton-board")
    expect(board).to_have_attribute("role", "img", timeout=10_000)
    assert "Kingdom of the Dead" in board.get_attribute("aria-label")
    live = page.locator(LIVE)
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text("Your turn: put one card on each cartouche")
    words = page.locator(".aton-words")
    expect(words).to_contain_text("Temple 1: red 0, blue 0, empty 12")

    # How to play covers the right of the first screen: its button, by keyboard.
    got_it = page.locator("button", has_text="Got it: let's play ▸")
    focus(page, got_it)
    page.keyboard.press("Enter")
    expect(page.locator(".aton-howto")).to_be_hidden()
    assert_named(page)

    # The same game here, played the same way, says how it ends.
    local = Session(aton.Game.new(SEED), opponent="greedy", learner="red", bot_seed=SEED + 1)
    local.start()
    hands: list[tuple[int, ...]] = []  # red's hand each round, as drawn
    chosen: list[str] = []  # the square red takes at each board decision
    while not local.game.over:
        pending = local.human_pending
        if pending is None:
            local.step()
        elif pending.kind == "exchange":
            local.decide(False)
        elif pending.secret:
            hands.append(tuple(local.game.view("red").hand))
            local.decide(hands[-1])
        else:
            chosen.append(local.game.options()[0])
            local.decide(chosen[-1])
    assert (local.game.winner, local.game.end) == ("red", "temple")

    run = page.locator("button", has_text="To my next decision ▸▸")
    end = page.locator(".aton-end")
    rounds = squares = 0
    for _ in range(MAX_ACTIONS):
        if end.is_visible():
            break
        if page.locator(".aton-cardbtn:not([disabled])").count():
            rounds += 1
            put_cards_by_keyboard(page, rounds, hands[rounds - 1])
        elif page.locator(".aton-square-list select").is_visible():
            squares += 1
            name = choose_square_by_keyboard(page, chosen[squares - 1])
            expect(words).to_contain_text(name)
            if squares == 1:
                assert_named(page)
        else:
            expect(run).to_be_enabled()
            focus(page, run)
            press(page, "Enter", live_text(page))
    else:
        pytest.fail("the game did not end")

    expect(end).to_contain_text("Red wins!")
    scores = local.game.scores
    expect(end).to_contain_text("all 12 squares of temple")
    expect(end).to_contain_text(f"Final score: red {scores['red']} · blue {scores['blue']}")
    expect(live).to_contain_text("The game is over.")
    assert rounds == local.game.round - 1 and squares > 0
    # The board in words as the game ended: red's counters on the temple it won.
    temple = next(t for t in aton.board.TEMPLES
                  if all(local.game.board[i] == 1 for i in aton.board.temple_squares(t)))
    expect(words).to_contain_text(f"Temple {temple}: red 12, blue 0, empty 0")
    toggle = page.locator("button", has_text="The board in words")
    focus(page, toggle)
    page.keyboard.press("Space")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(words).to_be_visible()
    assert_named(page)
    assert page_errors == []
