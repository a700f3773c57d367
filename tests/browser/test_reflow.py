"""A phone, or a laptop zoomed in: at 640 and 320 px wide the app is one column, and nothing is lost.

WCAG 1.4.10 (reflow): at 320 CSS px wide (1280 px zoomed to 400%) the page scrolls only up and
down, and nothing is cut off. Measured at 640×800 (1280×800 zoomed to 200%) and 320×640, on a
learner's screens: a free game with four cards placed, a guided lesson, the projector, the
end of a game with its scoring round, and a puzzle of cards and one of squares; and on a
student's phone (360×740), joining a class (the name box first, above the board) and
answering the teacher's question. On a phone the game's set-up folds away under one button,
so that the board starts near the top. Every button, menu and box lies inside the window's width,
no button's words are cut, the page does not scroll sideways, and nothing runs past a box
that would cut it off (a table wider than the window scrolls in its own box, as the
criterion allows a table). axe-core finds no WCAG 2.1 A or AA violation in one column either.
"""

from __future__ import annotations

import pytest
from browser_actions import LOST_SIDEWAYS, OFF_SCREEN, play_first_cards, play_to_the_end
from playwright.sync_api import Page, expect
from test_accessibility import violations
from test_class_devices import FOLLOW_S, NAME, SEED, class_code, drawn, join
from test_fits import LESSON_MENU_ROOM, open_page, place_four
from test_puzzles_browser import open_puzzle

from aton.teaching import puzzles

pytestmark = pytest.mark.browser

SIZES = ((640, 800), (320, 640))

#: The game's board and the right-hand column: one above the other, each inside the window.
ONE_COLUMN = """() => {
  const board = document.querySelector('.aton-left .aton-board').getBoundingClientRect();
  const col = document.querySelector('.aton-col').getBoundingClientRect();
  return {below: col.top >= board.bottom - 0.5, board: board.width,
          inside: board.right <= innerWidth && col.right <= innerWidth}; }"""


def shot(page: Page, name: str, size: tuple[int, int]) -> None:
    page.screenshot(path=f"/tmp/reflow_{name}_{size[0]}.png")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_and_a_lesson_reflow_into_one_column(page: Page, voila_server: str,
                                                    size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{voila_server}?seed=5")
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=90_000)
    page.wait_for_timeout(600)
    # How to play opens over the page: it too fits the window (its Close button included).
    assert page.evaluate(LOST_SIDEWAYS) == []
    open_page(page, f"{voila_server}?seed=5", size)
    place_four(page)
    shot(page, "free", size)
    assert page.evaluate(LOST_SIDEWAYS) == []
    column = page.evaluate(ONE_COLUMN)
    assert column["below"] and column["inside"]
    assert column["board"] >= 260  # the board keeps a size a learner can read
    assert violations(page) == []  # WCAG 2.1 A and AA (axe-core) in one column too
    for query, name in (("?lesson=06_own_removal", "lesson"), ("?projector=1&seed=5", "projector")):
        open_page(page, f"{voila_server}{query}", size)
        shot(page, name, size)
        assert page.evaluate(LOST_SIDEWAYS) == [], name


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_end_of_a_game_and_the_puzzles_reflow(page: Page, voila_server: str, size) -> None:
    open_page(page, f"{voila_server}?scenario=11_end_by_temple&seed=2", size)
    play_to_the_end(page)
    expect(page.locator(".aton-end")).to_be_visible()
    page.wait_for_timeout(400)
    shot(page, "end", size)
    assert page.evaluate(LOST_SIDEWAYS) == []
    assert violations(page) == []  # the scoring round's table, scrolling in its own box
    for kind in ("assign", "place"):
        puzzle = next(p for p in puzzles.shipped() if p.kind == kind)
        open_puzzle(page, f"{voila_server}?puzzle={puzzle.id}", size)
        page.wait_for_timeout(600)
        shot(page, f"puzzle_{kind}", size)
        assert page.evaluate(LOST_SIDEWAYS) == [], kind


#: The game's set-up and the Lesson menu: what "New game, lessons ▾" folds away on a phone.
SET_UP = [".aton-game-setup select", ".aton-game-setup input", "button.aton-game-setup",
          ".aton-lesson-menu select", "button.aton-lesson-menu"]


@pytest.mark.parametrize("size", [(360, 740), (320, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_folds_the_set_up_away(page: Page, voila_server: str, size) -> None:
    """On a phone the opponent, the colour, the seed, New game, Replay and the Lesson menu
    fold away under one button, so that the board starts near the top of the screen (it
    started a third of the way down); the button shows them, each inside the window (the
    Lesson menu on a row of its own, its entry whole), and
    on a wider screen they are all shown beside the title, with no such button."""
    open_page(page, f"{voila_server}?seed=5", size)
    fold = page.locator(".aton-setup-toggle")
    expect(fold).to_have_text("New game, lessons ▾")
    expect(page.get_by_role("button", name="New game", exact=True)).to_be_hidden()
    expect(page.locator(".aton-language select")).to_be_visible()  # a language, unfolded
    top = page.evaluate("() => document.querySelector('.aton-board').getBoundingClientRect().top")
    assert top < 150, top  # under the title and two rows of buttons (unfolded: 288 and more)
    fold.click()
    expect(fold).to_have_attribute("aria-pressed", "true")
    expect(fold).to_have_text("New game, lessons ▴")
    page.wait_for_timeout(300)
    shot(page, "set_up_open", size)
    assert page.evaluate(OFF_SCREEN, SET_UP[:3]) == []  # the header is at the top: all shown
    assert page.evaluate(LOST_SIDEWAYS) == []
    words, room = page.evaluate(LESSON_MENU_ROOM)  # the menu has a row: its entry is whole
    assert words <= room, f"the Lesson menu cuts its entry: {words:.0f} px in {room:.0f}"
    page.get_by_role("button", name="New game", exact=True).click()  # it works from there
    expect(page.locator(".aton-explain")).to_contain_text("New game (seed", timeout=30_000)
    fold.click()
    expect(page.locator(".aton-lesson-menu select")).to_be_hidden()
    page.set_viewport_size({"width": 1024, "height": 768})  # wider: no fold, all shown
    expect(fold).to_be_hidden()
    for selector in SET_UP:
        expect(page.locator(selector).first).to_be_visible()


def test_a_student_joins_and_answers_on_a_phone(devices, voila_server: str) -> None:
    teacher = devices(f"{voila_server}?class=new&scenario={NAME}&seed={SEED}&lang=en")
    drawn(teacher)
    phone = devices(f"{voila_server}?join={class_code(teacher)}")
    phone.set_viewport_size({"width": 360, "height": 740})
    drawn(phone)
    phone.wait_for_timeout(400)
    shot(phone, "student_join", (360, 740))
    assert phone.evaluate(LOST_SIDEWAYS) == []
    # The name box and Join come first, above the board: on the screen as the page opens.
    assert phone.evaluate(OFF_SCREEN, [".aton-class-name input", ".aton-class-join-button"]) == []
    join(phone, "Ana")
    # The teacher plays the cards as drawn and steps on to the scoring round's first line.
    play_first_cards(teacher, NAME, SEED)
    teacher.get_by_role("button", name="Next step").first.click()
    teacher.get_by_role("button", name="To my next decision ▸▸").click()
    ask = teacher.locator(".aton-class-ask")
    expect(ask).to_be_enabled(timeout=30_000)
    ask.click()
    answer = phone.locator(".aton-class-red input")
    expect(answer).to_be_visible(timeout=FOLLOW_S * 1000)
    answer.scroll_into_view_if_needed()
    shot(phone, "student_asked", (360, 740))
    assert phone.evaluate(LOST_SIDEWAYS) == []
    answer.fill("2")
    phone.locator(".aton-class-blue input").fill("0")
    phone.locator(".aton-class-send").click()
    expect(phone.locator(".aton-class-q")).to_contain_text("Sent:")
    assert phone.evaluate(LOST_SIDEWAYS) == []
