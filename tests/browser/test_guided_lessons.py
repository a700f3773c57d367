"""Guided lessons in a real browser: Voilà serves notebooks/play.ipynb?lesson=NAME, chromium
clicks like a learner.

One lesson is played by clicks to its "Well done" verdict (with the Hint shown first), and a
reload then comes back to the next lesson with what is done; one is played wrongly to its "Try
again" verdict, then Retry starts it afresh and the right play wins.
Screenshots go to /tmp/aton_tutor_screenshots (outside the repository).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_actions import put_cards
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/aton_tutor_screenshots")
LESSON = "02_cartouche1_points"  # blue puts a 4 on cartouche 1; red's hand is 4, 1, 3, 2


def open_lesson(page: Page, url: str, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{url}?lesson={name}")
    expect(page.locator(".aton-tutor")).to_be_visible(timeout=90_000)
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=30_000)



def step_until_verdict(page: Page) -> None:
    """Click Next step until the lesson's verdict shows."""
    verdict = page.locator(".aton-verdict")
    next_step = page.get_by_role("button", name="Next step ▸")
    for _ in range(12):
        if verdict.count():
            return
        expect(next_step).to_be_enabled()
        next_step.click()
        page.wait_for_timeout(150)
    expect(verdict).to_be_visible()


def test_lesson_played_by_clicks_to_well_done(page: Page, voila_server: str,
                                              page_errors: list[str]) -> None:
    open_lesson(page, voila_server, LESSON)
    tutor = page.locator(".aton-tutor")
    expect(tutor).to_contain_text("Lesson 2 of 15: Cartouche 1: points")
    expect(tutor).to_contain_text("Goal: Blue has put a 4 on cartouche 1")
    # The hint names the card and rings it, and the cartouche it goes on.
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator(".aton-hint-text")).to_contain_text("put your 4 on cartouche 1")
    expect(page.locator(".aton-cardbtn.aton-hint")).to_have_text("4")
    expect(page.locator(".aton-hint:not(.aton-cardbtn)")).to_have_text("Cartouche 1: —")
    page.screenshot(path=str(SHOTS / "browser_hint.png"))
    put_cards(page, (4, 1, 2, 3))
    step_until_verdict(page)
    success = page.locator(".aton-verdict.aton-success")
    expect(success).to_contain_text("Well done: 4 against 4 is a tie")
    expect(success).to_contain_text("R7")
    expect(page.locator(".aton-chip-done")).to_have_text(["2"])
    expect(tutor).to_contain_text("Done: 1 of 15")
    page.screenshot(path=str(SHOTS / "browser_success.png"))
    # The page's address keeps the lesson and what is done (no card of anyone's, R6).
    expect(page).to_have_url(re.compile(r"\?lesson=02_cartouche1_points&lang=en&done=2$"))
    # Next lesson opens lesson 3.
    page.get_by_role("button", name="Next lesson ▸").click()
    expect(tutor).to_contain_text("Lesson 3 of 15", timeout=15_000)
    expect(page.locator(".aton-verdict")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"\?lesson=03_order_tie&lang=en&done=2$"))
    expect(page).to_have_title("Aton — Lesson 3 of 15: Cartouche 2: who goes first, and the tie-break")
    assert page_errors == []
    # A reload comes back to lesson 3, with lesson 2 ticked.
    page.reload()
    expect(tutor).to_contain_text("Lesson 3 of 15", timeout=90_000)
    expect(tutor).to_contain_text("Done: 1 of 15")
    expect(page.locator(".aton-chip-done")).to_have_text(["2"])
    page.screenshot(path=str(SHOTS / "browser_reloaded.png"))
    # The old page's own kernel shutdown is refused by Voila 0.5.13 (403, "'_xsrf' argument
    # missing", voila-dashboards/voila#1458); the server culls that kernel instead.
    assert [e for e in page_errors if "/api/shutdown/" not in e] == []


def test_lesson_played_wrongly_says_try_again_and_retry_works(
        page: Page, voila_server: str, page_errors: list[str]) -> None:
    open_lesson(page, voila_server, LESSON)
    put_cards(page, (1, 2, 3, 4))  # a 1 against blue's 4: blue scores 6
    step_until_verdict(page)
    again = page.locator(".aton-verdict.aton-tryagain")
    expect(again).to_contain_text("Try again: Blue's 4 was higher than your card")
    expect(again).to_contain_text("(R7)")
    page.screenshot(path=str(SHOTS / "browser_try_again.png"))
    page.get_by_role("button", name="Retry").click()
    expect(page.locator(".aton-verdict")).to_have_count(0, timeout=15_000)
    expect(page.locator(".aton-cardbtn")).to_have_count(4)
    expect(page.locator(".aton-app")).to_contain_text("Scores red 0 · blue 4")
    put_cards(page, (4, 3, 2, 1))
    step_until_verdict(page)
    expect(page.locator(".aton-verdict.aton-success")).to_contain_text("Well done")
    assert page_errors == []


def test_next_lesson_by_keyboard_hands_the_focus_to_the_new_lesson(
        page: Page, voila_server: str, page_errors: list[str]) -> None:
    """Enter on Next lesson opens the next lesson and moves the focus to its cards: the
    button stays on screen, and a second Enter must not skip the lesson just opened
    (WCAG 2.4.3)."""
    open_lesson(page, voila_server, LESSON)
    tutor = page.locator(".aton-tutor")
    page.get_by_role("button", name="Next lesson ▸").focus()
    page.keyboard.press("Enter")
    expect(tutor).to_contain_text("Lesson 3 of 15", timeout=15_000)
    expect(page.locator(".aton-cardbtn").first).to_be_focused(timeout=5_000)
    page.keyboard.press("Enter")  # selects the first card; the lesson stays
    page.wait_for_timeout(500)
    expect(tutor).to_contain_text("Lesson 3 of 15")
    assert page_errors == []
