"""What a learner does in the app's page, shared by the browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def put_cards(page: Page, cards: tuple[int, ...]) -> None:
    """Click a card, then its cartouche, four times; then Confirm (R6)."""
    for c, value in enumerate(cards, 1):
        page.locator(".aton-cardbtn:not([disabled])", has_text=str(value)).first.click()
        slot = page.get_by_role("button", name=re.compile(rf"^Cartouche {c}: "))
        slot.click()
        expect(slot).to_have_text(f"Cartouche {c}: {value}")
    page.get_by_role("button", name="Confirm: cards face down").click()
