""""Class predicts" in a real browser against a real Voilà (Debian's chromium): a scoring round
predicted and revealed line by line, a blank guess not marked, and nothing of a line's answer
in the page (its DOM text) before its Reveal.

The game is replayed here with the engine (same scenario, seed and computer player as the
page), so every line the page shows can be compared with the engine's.
"""

from __future__ import annotations

import pytest
from browser_actions import play_first_cards
from playwright.sync_api import Page, expect

from aton.engine.scoring import LINE_TITLES, LINES

pytestmark = pytest.mark.browser

NAME, SEED = "14_scoring_winner", 1



def dom_text(page: Page) -> str:
    """All the text in the page, hidden parts included."""
    return page.evaluate("document.body.textContent")


def test_a_scoring_round_predicted_and_revealed_line_by_line(page: Page, voila_server: str,
                                                            page_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}?scenario={NAME}&seed={SEED}")
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)
    page.locator(".aton-howto").get_by_role("button", name="Close ✕").click()
    local = play_first_cards(page, NAME, SEED)
    game = local.game
    switch = page.get_by_role("button", name="Class predicts")
    expect(switch).to_have_count(0)  # no scoring round coming yet
    page.get_by_role("button", name="To my next decision ▸▸").click()
    local.run_to_decision()  # it stops before the first scoring line (R16)
    twin = game.clone()
    lines = [twin.step() for _ in LINES]
    assert [e.data["line"] for e in lines] == list(LINES)
    explain = page.locator(".aton-explain-text")
    expect(explain).to_have_text(game.events[-1].text)

    switch.click()
    quiz = page.locator(".aton-quiz")
    expect(quiz).to_contain_text(f"{LINE_TITLES['temple1']} (line 1 of 6)")
    for event in lines:
        assert event.text not in dom_text(page)  # nothing of any answer before Reveal
    page.screenshot(path="/tmp/quiz_1366_start.png")

    red = quiz.locator(".aton-guess-red input")
    blue = quiz.locator(".aton-guess-blue input")
    reveal = quiz.get_by_role("button", name="Reveal")
    results = quiz.locator(".aton-quiz-line")
    for n, event in enumerate(lines, 1):
        points = event.data["points"]
        if n == 2:
            blue.fill(str(points["blue"]))  # red left blank: no guess, not marked
        else:
            red.fill(str(points["red"]))
            blue.fill(str(points["blue"] + 1))  # wrong
        reveal.click()
        expect(results).to_have_count(n)
        expect(explain).to_have_text(event.text)  # the game stepped this line, and only it
        newest = results.nth(0)  # the newest line comes first
        expect(newest).to_contain_text(LINE_TITLES[event.data["line"]])
        expect(newest).to_contain_text(f"red {points['red']}")
        if n == 2:
            expect(newest).to_contain_text("no guess")
            expect(newest).not_to_contain_text("you said")
            expect(newest).to_contain_text("✓ right")  # blue's guess
        else:
            expect(newest).to_contain_text(f"you said {points['blue'] + 1}")
        expect(page.locator(".aton-table tr.aton-hl")).to_contain_text(
            LINE_TITLES[event.data["line"]])
        text = dom_text(page)
        for later in lines[n:]:
            assert later.text not in text
        if n == 3:
            page.screenshot(path="/tmp/quiz_1366_mid.png")
    # 5 red guesses right (one red box blank), 1 blue guess right of 6
    red, blue = (sum(e.data["points"][p] for e in lines) for p in ("red", "blue"))
    expect(quiz.locator(".aton-quiz-summary")).to_have_text(
        "All 6 lines revealed. The class got 6 of 11 guesses right (1 empty box, not marked). "
        f"In all this scoring round: red {red}, blue {blue} (R16).")
    expect(reveal).to_be_hidden()
    for _ in LINES:
        local.step()
    assert [e.to_dict() for e in game.events[-6:]] == [e.to_dict() for e in lines]
    for size in ((1366, 768), (1024, 768), (1920, 1080)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=f"/tmp/quiz_{size[0]}_end.png", full_page=True)
    page.get_by_role("button", name="Next step").first.click()  # the totals, as usual
    local.step()
    assert game.events[-1].type == "scoring"
    expect(explain).to_have_text(game.events[-1].text)
    assert page_errors == []


def test_lesson_3_in_voila_hides_the_worked_answers_until_asked(page: Page, voila_factory,
                                                                page_errors: list[str]) -> None:
    url = voila_factory("notebooks/en/03_scoring_round.ipynb")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url)
    quiz = page.locator(".aton-quiz")
    expect(quiz).to_contain_text(f"{LINE_TITLES['temple1']} (line 1 of 6)", timeout=90_000)
    worked = page.get_by_text("Each line, computed and explained")
    expect(worked).to_be_hidden()  # section 4 sits below the quiz, hidden
    for answer in ("4 − 2 = 2 (R16)", "Red leads 38 to 33"):  # section 4's, section 5's
        found = page.get_by_text(answer)
        assert found.count() >= 1
        for k in range(found.count()):
            expect(found.nth(k)).to_be_hidden()
    quiz.locator(".aton-guess-blue input").fill("0")  # red left blank: not marked
    quiz.get_by_role("button", name="Reveal").click()
    line = quiz.locator(".aton-quiz-line")
    expect(line).to_contain_text("red 2")
    expect(line).to_contain_text("no guess")
    expect(line).to_contain_text("blue 0 ✓ right")
    page.screenshot(path="/tmp/quiz_lesson3.png")
    page.get_by_text("Show the worked answers").click()
    expect(worked).to_be_visible()
    assert page_errors == []
