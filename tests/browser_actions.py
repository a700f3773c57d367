"""What a learner does in the app's page, shared by the browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import aton
from aton.app.session import Session


def put_cards(page: Page, cards: tuple[int, ...]) -> None:
    """Click a card, then its cartouche, four times; then Confirm (R6)."""
    for c, value in enumerate(cards, 1):
        page.locator(".aton-cardbtn:not([disabled])", has_text=str(value)).first.click()
        slot = page.get_by_role("button", name=re.compile(rf"^Cartouche {c}: "))
        slot.click()
        expect(slot).to_have_text(f"Cartouche {c}: {value}")
    page.get_by_role("button", name="Confirm: cards face down").click()


def play_first_cards(page: Page, scenario: str, seed: int) -> Session:
    """Put red's hand on the cartouches as drawn, in the page opened on ``scenario`` with
    ``seed``, and the same in a local session seeded as the app seeds its own (the learner is
    red, the computer greedy): the session says what the page must show next."""
    local = Session(aton.Game.from_position(aton.scenarios.load(scenario), seed),
                    opponent="greedy", learner="red", bot_seed=seed + 1)
    local.start()
    cards = tuple(local.game.view("red").hand)
    put_cards(page, cards)
    if local.human_pending.kind == "exchange":
        local.decide(False)
    local.decide(cards)
    return local


def play_to_the_end(page: Page, rounds: int = 60) -> None:
    """Click on until the end panel shows: the cards as drawn, the first square listed at a
    board choice, else To my next decision (either language: by the page's classes)."""
    end = page.locator(".aton-end")
    for _ in range(rounds):
        if end.count() and end.first.is_visible():
            return
        if page.locator(".aton-cardbtn").first.is_visible():
            for c in range(4):
                page.locator(".aton-cardbtn").nth(c).click()
                page.locator(".aton-slots button").nth(c).click()
            page.locator(".aton-picker-confirm").click()
        elif page.locator(".aton-chooser").first.is_visible():
            page.locator(".aton-square-list select").select_option(index=0)
            page.locator(".aton-chooser button").first.click()
        else:
            page.locator(".aton-steps button").nth(1).click()
        page.wait_for_timeout(400)
    expect(end.first).to_be_visible()
