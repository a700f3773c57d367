"""How to play, the rules one click away, stepping through a scoring round, auto-play and the
keyboard, in a real browser against a real Voilà (Debian's chromium).

The scoring-round game is replayed here with the engine (same scenario, seed and computer
player as the page), so every line the page shows can be compared with the engine's.
"""

from __future__ import annotations

import re

import pytest
from browser_actions import play_first_cards, put_cards
from playwright.sync_api import Page, expect
from test_fits import open_page

import aton
from aton.app.board import MARKS
from aton.app.session import Session
from aton.engine.scoring import LINE_TITLES, LINES
from aton.teaching.rulebook import rule_text

pytestmark = pytest.mark.browser

FOCUS = MARKS.index("focus")
COUNTERS = MARKS.index("counters")


def open_app(page: Page, url: str, query: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{url}?{query}")
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)


def close_how_to(page: Page) -> None:
    page.locator(".aton-howto").get_by_role("button", name="Close ✕").click()
    expect(page.locator(".aton-howto")).to_be_hidden()



def log_steps(page: Page) -> int:
    m = re.search(r"Game log \((\d+) steps?", page.locator(".aton-log").inner_text())
    assert m
    return int(m.group(1))


def test_how_to_play_on_first_load_and_the_tab_is_titled_aton(page: Page, voila_server: str,
                                                              page_errors: list[str]) -> None:
    open_app(page, voila_server, "seed=5")
    assert page.title() == "Aton"
    how_to = page.locator(".aton-howto")
    expect(how_to).to_be_visible()
    for text in ("How to win", "reach 40 points", "fill all 12 squares of one temple",
                 "Cartouche 1, points", "Kingdom of the Dead", "T3.8 means temple 3, square 8"):
        expect(how_to).to_contain_text(text)
    box = how_to.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1366  # inside the page
    page.get_by_role("button", name="Got it: let's play ▸").click()
    expect(how_to).to_be_hidden()
    page.get_by_role("button", name="How to play").click()
    expect(how_to).to_be_visible()
    assert page_errors == []


def test_the_keyboard_closes_drawers_with_escape_and_never_drops_the_focus(
        page: Page, voila_server: str, page_errors: list[str]) -> None:
    """WCAG 2.1.1, 2.4.3: Escape closes How to play (open on the first screen) and a rule; a
    drawer opened by a key takes the focus on its Close button and gives it back to the
    control that opened it; Confirm, greyed by what it did, hands the focus on to the first
    step button instead of the page's start."""
    open_app(page, voila_server, "seed=5")
    how_to = page.locator(".aton-howto")
    expect(how_to).to_be_visible()
    page.keyboard.press("Escape")
    expect(how_to).to_be_hidden()
    page.get_by_role("button", name="How to play").focus()
    page.keyboard.press("Enter")
    expect(how_to).to_be_visible()
    page.wait_for_function("() => document.activeElement.classList.contains("
                           "'aton-drawer-close')")
    page.keyboard.press("Escape")
    expect(how_to).to_be_hidden()
    page.wait_for_function("() => document.activeElement.innerText.trim() === 'How to play'")
    drawer = page.locator(".aton-rule-drawer")
    page.locator(".aton-explain-text .aton-rule-link", has_text="R4").focus()
    page.keyboard.press("Enter")
    expect(drawer).to_contain_text("Rule R4: drawing 4 cards")
    page.wait_for_function("() => document.activeElement.closest('.aton-rule-drawer') !== null")
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
    page.wait_for_function("() => document.activeElement.dataset.rule === 'R4'")
    # The cards by keyboard, then Confirm: the focus goes on, to Next step.
    for n in range(1, 5):
        page.locator(".aton-cardbtn:enabled").first.focus()
        page.keyboard.press("Enter")
        page.get_by_role("button", name=re.compile(rf"^Cartouche {n}: ")).focus()
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name=re.compile(rf"^Cartouche {n}: \d"))).to_be_visible()
    page.get_by_role("button", name=re.compile("^Confirm")).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.innerText.trim() === 'Next step ▸'")
    assert page_errors == []


def test_a_rule_id_clicked_opens_that_rules_text(page: Page, voila_server: str,
                                                 page_errors: list[str]) -> None:
    open_app(page, voila_server, "seed=5")
    drawer = page.locator(".aton-rule-drawer")
    expect(drawer).to_be_hidden()
    # a rule id inside How to play
    page.locator(".aton-howto .aton-rule-link", has_text="R12").first.click()
    expect(drawer).to_be_visible()
    expect(drawer).to_contain_text("Rule R12: cartouche 3: which temples")
    expect(drawer).to_contain_text(rule_text("R12").split("\n")[0])
    drawer.get_by_role("button", name="Close ✕").click()
    expect(drawer).to_be_hidden()
    close_how_to(page)
    # one in the explanation panel, then the same one again, then one in the log
    page.locator(".aton-explain-text .aton-rule-link", has_text="R4").click()
    expect(drawer).to_contain_text("Rule R4: drawing 4 cards")
    expect(drawer).to_contain_text("A player's discards are shuffled into a new draw pile")
    drawer.get_by_role("button", name="Close ✕").click()
    page.locator(".aton-explain-text .aton-rule-link", has_text="R4").click()
    expect(drawer).to_be_visible()
    # a rule cited inside a rule's text opens that one
    drawer.locator(".aton-rule-link", has_text="R8").click()
    expect(drawer).to_contain_text("Rule R8: cartouche 2: who goes first")
    drawer.get_by_role("button", name="Close ✕").click()
    # a rule id in the prompt, and one in the card picker's lines
    page.locator(".aton-next .aton-rule-link", has_text="R6").click()
    expect(drawer).to_contain_text("Rule R6: cards on the cartouches")
    drawer.get_by_role("button", name="Close ✕").click()
    page.locator(".aton-cardbtn").first.click()
    page.get_by_role("button", name=re.compile(r"^Cartouche 3: ")).click()
    page.locator(".aton-meaning .aton-rule-link", has_text="R12").click()
    expect(drawer).to_contain_text("Rule R12: cartouche 3: which temples")
    # from the keyboard: Tab reaches a rule button, Enter opens it
    page.locator(".aton-log .aton-rule-link").first.focus()
    page.keyboard.press("Enter")
    expect(drawer).to_contain_text("Rule R4: drawing 4 cards")
    assert page_errors == []


def test_to_my_next_decision_shows_every_scoring_line_one_at_a_time(
        page: Page, voila_server: str, page_errors: list[str]) -> None:
    name, seed = "14_scoring_winner", 1
    open_app(page, voila_server, f"scenario={name}&seed={seed}")
    close_how_to(page)
    local = play_first_cards(page, name, seed)
    game = local.game

    run = page.get_by_role("button", name="To my next decision ▸▸")
    explain = page.locator(".aton-explain-text")
    todo = page.locator(".aton-table tr.aton-todo")
    run.click()  # the round is played out, and it stops before the first scoring line
    local.run_to_decision()
    assert game.events[-1].type == "end_round" and game.events[-1].data["scoring"]
    expect(explain).to_have_text(game.events[-1].text)
    expect(page.locator(".aton-next")).to_contain_text(
        f"the scoring round: {LINE_TITLES['temple1']}")
    expect(todo).to_have_count(len(LINES))
    page.screenshot(path="/tmp/howto_scoring_start.png")
    for n, line in enumerate(LINES, 1):
        run.click()
        local.run_to_decision()
        event = game.events[-1]
        assert event.type == "score" and event.data["line"] == line
        expect(explain).to_have_text(event.text)  # this line, and only this one
        expect(todo).to_have_count(len(LINES) - n)
        expect(page.locator(".aton-table tr.aton-hl")).to_contain_text(LINE_TITLES[line])
        if n == 3:
            page.screenshot(path="/tmp/howto_scoring_mid.png")
    run.click()  # the totals; the end is still to come (R19)
    local.run_to_decision()
    assert game.events[-1].type == "scoring" and not game.over
    expect(explain).to_have_text(game.events[-1].text)
    expect(page.locator(".aton-next")).to_contain_text("the end of the game")
    expect(page.locator(".aton-end")).to_have_count(0)
    run.click()
    local.run_to_decision()
    assert game.over
    expect(page.locator(".aton-end")).to_contain_text(re.compile(r"wins!|A draw!"))
    expect(page.locator(".aton-app")).to_contain_text("the game ended in round 12")
    assert page_errors == []


def test_a_square_chosen_by_keyboard(page: Page, voila_server: str,
                                     page_errors: list[str]) -> None:
    open_app(page, voila_server, "seed=5")
    close_how_to(page)
    local = Session(aton.Game.new(5), opponent="greedy", learner="red", bot_seed=6)
    local.start()
    game = local.game
    cards = tuple(game.view("red").hand)
    put_cards(page, cards)
    local.decide(False)
    local.decide(cards)
    # Next step from the keyboard: focus it and press Enter
    next_step = page.get_by_role("button", name="Next step ▸")
    expect(next_step).to_be_enabled()
    before = log_steps(page)
    next_step.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => +/Game log \\((\\d+)/.exec(document.querySelector('.aton-log').innerText)[1] > n",
        arg=before, timeout=15_000)
    local.step()
    expect(page.locator(".aton-explain-text")).to_have_text(game.events[-1].text)
    page.get_by_role("button", name="To my next decision ▸▸").click()
    local.run_to_decision()
    pending = local.human_pending
    assert pending is not None and pending.kind == "place"
    legal = game.options()

    # Tab from "Undo" on to the list of squares
    listbox = page.locator(".aton-square-list select")
    expect(listbox).to_be_visible()
    options = listbox.locator("option")
    expect(options).to_have_count(len(legal))
    first = options.first.text_content().replace("\xa0", " ").strip()  # ipywidgets: nbsp
    assert re.fullmatch(rf"{re.escape(legal[0])}: temple \d, square \d+ \(row \d\), "
                        r"[a-z +\d]+, empty", first), first
    page.get_by_role("button", name="Undo my last decision").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.aton-square-list') !== null"):
            break
    else:
        pytest.fail("Tab never reached the list of squares")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        "i => document.querySelector('.aton-board svg.svg-figure > g > g')"
        ".children[i].querySelectorAll('.dot').length === 1", arg=FOCUS, timeout=10_000)
    chosen = listbox.evaluate("s => s.value").split(":")[0]  # the option shows its label
    assert chosen in legal
    page.screenshot(path="/tmp/howto_keyboard_1366.png")
    page.keyboard.press("Tab")
    expect(page.locator(".aton-chooser button")).to_have_text(f"Place a counter on {chosen}")
    assert page.evaluate("document.activeElement.textContent") == (
        f"Place a counter on {chosen}")
    page.keyboard.press("Enter")
    event = local.decide(chosen)[-1]
    expect(page.locator(".aton-explain-text")).to_have_text(event.text)
    counters = len([m for m in local.game.view("red").board if m])
    page.wait_for_function(
        "([i, n]) => document.querySelector('.aton-board svg.svg-figure > g > g')"
        ".children[i].querySelectorAll('.dot').length === n", arg=[COUNTERS, counters],
        timeout=10_000)
    assert page_errors == []


def test_auto_play_runs_by_itself_and_pauses(page: Page, voila_server: str,
                                             page_errors: list[str]) -> None:
    open_app(page, voila_server, "seed=11&opponent=random")
    close_how_to(page)
    hand = [page.locator(".aton-cardbtn").nth(i).inner_text() for i in range(4)]
    put_cards(page, tuple(int(v) for v in hand))
    pace = page.locator(".aton-app select").filter(has=page.locator("option", has_text="fast"))
    pace.select_option("fast")
    start = log_steps(page)
    page.get_by_role("button", name="Auto-play ▶").click()
    pause = page.get_by_role("button", name="Pause ⏸")
    expect(pause).to_be_visible()
    page.wait_for_function(  # steps arrive one by one, with no click
        "n => +/Game log \\((\\d+)/.exec(document.querySelector('.aton-log').innerText)[1] >= n",
        arg=start + 2, timeout=20_000)
    # Seed 11: a dozen steps (0.6 s each, fast) come before red's next decision, so auto-play
    # is still running here: pause it, and nothing more happens.
    expect(pause).to_be_visible()
    pause.click()
    expect(page.get_by_role("button", name="Auto-play ▶")).to_be_visible()
    page.wait_for_timeout(300)
    paused = log_steps(page)
    page.wait_for_timeout(2_000)
    assert log_steps(page) == paused
    expect(page.locator(".aton-notice")).to_contain_text("Auto-play paused")
    assert page_errors == []


#: The open rule drawer's top and bottom, and the window's height.
DRAWER_BOX = """() => { const r = document.querySelector('.aton-rule-drawer').getBoundingClientRect();
  return [r.top, r.bottom, innerHeight]; }"""


@pytest.mark.parametrize("size", [(1366, 768), (360, 740)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_rule_opened_far_down_the_page_opens_on_the_screen(page: Page, voila_server: str,
                                                             size) -> None:
    """A rule id in the game log, below the board and the cards: the page scrolls down to
    it, and its rule opens on the screen, whole, with its Close button (on a laptop and on
    a phone, where the page is one long column)."""
    open_page(page, f"{voila_server}?seed=5", size)
    link = page.locator(".aton-log .aton-rule-link").first
    link.scroll_into_view_if_needed()
    link.click()
    drawer = page.locator(".aton-rule-drawer")
    expect(drawer).to_contain_text("Rule R4: drawing 4 cards")
    top, bottom, height = page.evaluate(DRAWER_BOX)
    assert top >= -0.5 and bottom <= height + 0.5, (top, bottom, height)
    close = drawer.get_by_role("button", name="Close ✕")
    assert close.bounding_box()["y"] >= 0
    close.click()
    expect(drawer).to_be_hidden()


def test_the_keyboard_meets_how_to_play_first_and_the_page_has_its_landmarks(
        page: Page, voila_server: str, page_errors: list[str]) -> None:
    """How to play lies over part of the first screen: it has the focus once the page is
    ready, and is a dialog named for a screen reader; Enter closes it and the focus goes on
    to the cards, not to the controls it covered. The app is the page's main landmark, with
    one h1 (WCAG 1.3.1, 2.4.3)."""
    open_app(page, voila_server, "seed=5")
    how_to = page.locator(".aton-howto")
    expect(how_to).to_have_attribute("role", "dialog", timeout=10_000)
    expect(how_to).to_have_attribute("aria-label", "How to play Aton")
    expect(how_to.get_by_role("button", name="Close ✕")).to_be_focused(timeout=10_000)
    page.keyboard.press("Enter")
    expect(how_to).to_be_hidden()
    expect(page.locator(".aton-cardbtn").first).to_be_focused(timeout=5_000)
    expect(page.get_by_role("main")).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text("Aton")
    expect(page.get_by_role("heading", name=re.compile(r"^Game log"))).to_have_count(1)
    assert page_errors == []
