"""Hot seat in a real browser: two people at one screen, each hand covered until its owner asks
to see it (R6). A round played by clicks; at each moment the page's text (what a person reads,
the buttons' tooltips and the hidden widgets' text included) is read back and must hold no card
of a covered hand and none of the cards put face down, until the reveal.
"""

from __future__ import annotations

import re
from itertools import permutations

import pytest
from browser_actions import put_cards
from playwright.sync_api import Page, expect

import aton

pytestmark = pytest.mark.browser

SEED = 5
#: Everything the page holds as text: what is shown, and what is not (the hidden widgets'
#: text, the buttons' and the cells' tooltips).
PAGE_TEXT = """mine => {
  const app = document.querySelector('.aton-app').cloneNode(true);
  if (mine) {  // the uncovered hand's own card picker: its owner is at the screen
    const card = app.querySelector('.aton-cardbtn');
    if (card) card.closest('.aton-box').remove();
    // and the board in words, which says that hand to its owner too
    const words = app.querySelector('.aton-words');
    if (words) words.querySelectorAll('li').forEach(li => {
      if (li.textContent.startsWith('Your hand:')) li.remove();
    });
  }
  const titles = [...app.querySelectorAll('[title]')].map(e => e.getAttribute('title'));
  return app.textContent + '\\n' + titles.join('\\n');
}"""


def page_text(page: Page, without_the_hand: bool = False) -> str:
    """The page's text; ``without_the_hand``: but the card picker of the hand shown now."""
    return page.evaluate(PAGE_TEXT, without_the_hand).replace("\xa0", " ")


def secrets_in(text: str, cards: tuple[int, ...]) -> list[str]:
    """Where ``text`` names ``cards`` (a hand, or cards on cartouches 1-4): as the app would
    write them in a sentence, in a list, or one per cartouche."""
    found = []
    for order in set(permutations(cards)):
        for written in (", ".join(map(str, order)), "".join(map(str, order))):
            if re.search(rf"(?<![\d.,]){re.escape(written)}(?![\d.,])", text):
                found.append(written)
    found += re.findall(r"Cartouche \d: [1-4]", text)
    # One per cartouche, as the coach and Undo say cards ("a 3 on cartouche 1").
    found += re.findall(r"\b(?:a|um) [1-4] (?:on cartouche|no cartucho) [1-4]", text)
    return found


def test_a_hot_seat_round_shows_nobody_a_covered_hand(page: Page, voila_server: str,
                                                      page_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}?seed={SEED}&opponent=hotseat")
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)
    page.get_by_role("button", name="Got it: let's play ▸").click()
    game = aton.Game.new(SEED)
    game.advance()
    red, blue = game.hand("red"), None
    show = page.get_by_role("button", name=re.compile(r"^Show (red|blue)'s cards$"))

    # Red's turn, covered: the cover, and no card of red's anywhere on the page.
    expect(show).to_have_text("Show red's cards")
    expect(page.locator(".aton-cover")).to_contain_text("Blue, please look away")
    assert secrets_in(page_text(page), red) == []
    assert page.locator(".aton-cardbtn").count() == 0  # the covered hand is not drawn

    # Red looks and puts the cards down in an order of red's own.
    show.click()
    expect(page.locator(".aton-cardbtn")).to_have_text([str(v) for v in red])
    cards = tuple(sorted(red))
    put_cards(page, cards)

    # Blue's turn, covered: nothing of red's cards, nor of blue's hand.
    expect(show).to_have_text("Show blue's cards")
    expect(page.locator(".aton-cover")).to_contain_text("Red, please look away")
    game.decide(False)
    game.decide(cards)
    game.advance()
    blue = game.hand("blue")
    text = page_text(page)
    assert secrets_in(text, cards) == [] and secrets_in(text, blue) == []
    assert "Red puts one card face down on each of the 4 cartouches" in text

    # Undo (blue's, while blue is at the screen): red's choice comes back, face down.
    page.get_by_role("button", name="Undo my last decision").click()
    expect(page.locator(".aton-explain")).to_contain_text("taken back, face down")
    assert secrets_in(page_text(page), cards) == []
    expect(show).to_have_text("Show red's cards")
    show.click()
    put_cards(page, cards)

    # Blue looks at blue's own hand: red's cards are still face down in it.
    expect(show).to_have_text("Show blue's cards")
    show.click()
    expect(page.locator(".aton-cardbtn")).to_have_text([str(v) for v in blue])
    assert secrets_in(page_text(page, without_the_hand=True), cards) == []
    put_cards(page, tuple(blue))
    table = page.locator(".aton-table")
    expect(table).to_contain_text("face down")

    # The reveal: now both players' cards are on the page (R6).
    page.get_by_role("button", name="Next step ▸").click()
    expect(page.locator(".aton-explain-text")).to_contain_text("turn their cards up")
    text = page_text(page)
    assert ", ".join(map(str, cards)) in text and ", ".join(map(str, blue)) in text
    page.screenshot(path="/tmp/hot_seat_reveal_1366.png")
    assert page_errors == []
