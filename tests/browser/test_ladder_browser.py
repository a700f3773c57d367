"""The next level, in a real page (issue 19, item 2): a learner beats the computer (random)
with the cards as drawn and the first square listed (``BROWSER_SEED``: tests/test_ladder.py
checks in-process that this deal is such a win, in fewer clicks than the page is given), the
end of the game says so, offers the level one up, and marks random as the best level beaten in
the opponent menu; the offer takes the learner into a new game against it. The end of the
game, its offer and the menu lie on the screen at 1024×768, 1366×768 and 1920×1080, in English
and in Portuguese. Screenshots: /tmp/shots19/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_actions import OFF_SCREEN, play_to_the_end, unscrolled
from playwright.sync_api import Page, expect
from test_fits import SIZES, open_page
from test_ladder import BROWSER_SEED

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots19")
WORDS = {
    "en": ("You beat the computer (random).", "Play the computer (beginner) ▸",
           "★ computer (random)", "computer (beginner)"),
    "pt": ("Você venceu o computador (aleatório).",
           "Jogar contra o computador (iniciante) ▸", "★ computador (aleatório)",
           "computador (iniciante)"),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_win_offers_the_next_level_and_the_menu_marks_the_best(page: Page, voila_server: str,
                                                                 size, lang) -> None:
    beat, offer, best, next_level = WORDS[lang]
    open_page(page, f"{voila_server}?seed={BROWSER_SEED}&opponent=random&lang={lang}", size)
    play_to_the_end(page)
    ladder = page.locator(".aton-end .aton-ladder")
    expect(ladder).to_contain_text(beat)
    button = page.locator(".aton-next-level")
    expect(button).to_have_text(offer)
    options = page.locator("select option", has_text="★")
    expect(options).to_have_count(1)
    expect(options).to_have_text(best)
    SHOTS.mkdir(exist_ok=True)
    # Measured and shot unscrolled: the end of the game and the step buttons on one screen (a
    # click may have scrolled Voilà's own scroller: the picture shows what is measured).
    unscrolled(page)
    page.screenshot(path=str(SHOTS / f"end_next_level_{lang}_{size[0]}x{size[1]}.png"))
    assert page.evaluate(OFF_SCREEN, [".aton-end", ".aton-steps button"]) == []
    button.click()
    expect(page.locator(".aton-end")).to_have_count(0, timeout=15_000)
    expect(page.locator(".aton-cardbtn:not([disabled])")).to_have_count(4)
    page.wait_for_function(  # the opponent menu shows the level now played
        """name => [...document.querySelectorAll('.aton-app select')].some(s =>
            s.selectedIndex >= 0 && s.options[s.selectedIndex].text.replace(/\\s+/g, ' ')
            === name)""", arg=next_level, timeout=10_000)
