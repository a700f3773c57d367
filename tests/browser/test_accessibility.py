"""WCAG 2.1 A and AA, checked by axe-core (bundled by axe-playwright-python: nothing is
downloaded at test time) on the first page, a guided lesson, cards being placed, the class
quiz in a scoring round, projector mode and the end of a game, in English and Portuguese; and
a reader's own text spacing (WCAG 1.4.12) cuts no button's words, on a laptop and a phone;
Tab meets the page in its reading order, and its focus is a ring anyone can see."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_actions import OVERHANG, close_how_to, play_to_the_end
from playwright.sync_api import Browser, Page, expect
from test_fits import open_page

from aton.classroom import ClassStore

pytestmark = pytest.mark.browser

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


def violations(page: Page) -> list[str]:
    found = Axe().run(page, options=WCAG).response["violations"]
    return [f"{v['id']}: {n['target']} {n.get('failureSummary', '')[:160]}"
            for v in found for n in v["nodes"]]


def opened(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url)
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)
    page.wait_for_timeout(500)


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("where", ["?seed=3", "?lesson=05_removal_limited", "?projector=1&seed=3",
                                   "?scenario=11_end_by_temple&seed=2"])
def test_no_wcag_violation(page: Page, voila_server: str, where: str, lang: str) -> None:
    opened(page, f"{voila_server}{where}&lang={lang}")
    assert violations(page) == []  # How to play open, as a newcomer first sees the page
    close_how_to(page)
    for c in range(2):  # cards being placed
        page.locator(".aton-cardbtn").nth(c).click()
        page.locator(".aton-slots button").nth(c).click()
    assert violations(page) == []


def test_no_wcag_violation_in_the_class_quiz_and_at_the_end(page: Page, voila_server: str
                                                            ) -> None:
    opened(page, f"{voila_server}?scenario=14_scoring_winner&seed=1")
    close_how_to(page)
    for c in range(4):
        page.locator(".aton-cardbtn").nth(c).click()
        page.locator(".aton-slots button").nth(c).click()
    page.get_by_role("button", name=re.compile("^Confirm")).click()
    page.get_by_role("button", name="To my next decision ▸▸").click()
    page.get_by_role("button", name="Class predicts").click()
    expect(page.locator(".aton-quiz")).to_be_visible()
    assert violations(page) == []
    reveal = page.locator(".aton-quiz").get_by_role("button", name="Reveal")
    reveal.click()
    page.wait_for_timeout(300)
    assert violations(page) == []


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_no_wcag_violation_at_the_end(page: Page, voila_server: str, lang: str) -> None:
    opened(page, f"{voila_server}?scenario=11_end_by_temple&seed=2&lang={lang}")
    close_how_to(page)
    play_to_the_end(page)
    assert violations(page) == []


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_no_wcag_violation_in_a_class_with_a_question_open(page: Page, browser: Browser,
                                                           voila_server: str, lang: str) -> None:
    """The teacher's page and a student's (each its own device), the question open at the
    first scoring line: the class box, its inputs and buttons, its code."""
    opened(page, f"{voila_server}?class=new&scenario=14_scoring_winner&seed=1&lang={lang}")
    code = page.locator(".aton-class-banner .aton-class-code").get_attribute("aria-label")
    device = browser.new_context(viewport={"width": 1366, "height": 768})
    device.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    try:
        student = device.new_page()
        opened(student, f"{voila_server}?join={code.replace(' ', '')}&lang={lang}")
        assert violations(student) == []  # the box open with the code typed in
        student.locator(".aton-class-name input").fill("Ana")
        student.locator(".aton-class-join-button").click()
        expect(student.locator(".aton-class-banner")).to_contain_text("Ana", timeout=30_000)
        ClassStore().join(code.replace(" ", ""), "Bo")  # a classmate, for the Challenge menu
        expect(student.locator(".aton-class-mate select option")).to_have_count(1,
                                                                            timeout=10_000)
        for c in range(4):
            page.locator(".aton-cardbtn").nth(c).click()
            page.locator(".aton-slots button").nth(c).click()
        page.locator(".aton-picker-confirm").click()
        page.locator(".aton-steps button").nth(1).click()  # to the first scoring line (R16)
        page.locator(".aton-class-ask").click()
        expect(student.locator(".aton-class-red input")).to_be_visible(timeout=10_000)
        page.wait_for_timeout(300)
        assert violations(page) == []
        assert violations(student) == []
        page.locator(".aton-class-big").click()
        expect(page.locator(".aton-class-overlay")).to_be_visible()
        assert violations(page) == []
    finally:
        device.close()


#: WCAG 1.4.12 (text spacing): the spacing a reader may set for themselves, applied to the
#: whole page: lines 1.5 apart, paragraphs 2 em apart, letters 0.12 em, words 0.16 em.
TEXT_SPACING = """() => { const s = document.createElement('style');
  s.textContent = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; ' +
    'word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
  document.head.appendChild(s); }"""

#: The buttons whose words, spaced out, no longer fit them (across or down): an empty list.
WORDS_CUT = """() => [...document.querySelectorAll('.aton-app button')]
  .filter(b => b.offsetParent !== null &&
          (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1))
  .map(b => `"${b.textContent.trim()}" ${b.scrollWidth}x${b.scrollHeight} in ` +
            `${b.clientWidth}x${b.clientHeight}`)"""


@pytest.mark.parametrize("size", [(1024, 768), (360, 740)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_spaced_out_text_loses_no_words(page: Page, voila_server: str, size) -> None:
    """A reader's own text spacing (WCAG 1.4.12) cuts no button's words and pushes no panel
    past its column, cards being placed, on a laptop and on a phone."""
    open_page(page, f"{voila_server}?seed=5", size)
    page.evaluate(TEXT_SPACING)
    for c in range(4):
        page.locator(".aton-cardbtn").nth(c).click()
        page.locator(".aton-slots button").nth(c).click()
    page.wait_for_timeout(400)
    assert page.evaluate(WORDS_CUT) == []
    assert page.evaluate(OVERHANG) == []


#: The page's part that holds the focus: the header, the board's column, the right-hand
#: column or the footer (the move list and the game log); "" for none of them.
FOCUSED = """() => {
  const a = document.activeElement;
  return ['.aton-header', '.aton-left', '.aton-col', '.aton-footer']
    .find(s => a && a.closest(s)) || '';
}"""


def test_tab_reads_the_page_in_its_order(page: Page, voila_server: str) -> None:
    """WCAG 2.4.3 and 1.3.2: Tab (and a screen reader) meet the page's parts in the order a
    learner reads them: the header, the board's column, the right-hand column with the
    cards, and only then the move list and the game log below."""
    open_page(page, f"{voila_server}?seed=5", (1366, 768))
    parts = []
    for _ in range(80):
        page.keyboard.press("Tab")
        part = page.evaluate(FOCUSED)
        if part and (not parts or parts[-1] != part):
            parts.append(part)
        if part == ".aton-footer":
            break
    assert parts == [".aton-header", ".aton-left", ".aton-col", ".aton-footer"], parts


#: The focused control's ring: its style, width in px and contrast against white (WCAG 2.4.7,
#: 1.4.11: a ring 2 px or more, at 3:1 or more), and its words.
RING = """() => {
  const a = document.activeElement, cs = getComputedStyle(a);
  if (!a.closest('.aton-app')) return null;  // past the app: the page's own end
  const lum = c => { const [r, g, b] = c.match(/[0-9.]+/g).slice(0, 3).map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  return [(a.textContent || a.value || a.tagName).trim().slice(0, 30), cs.outlineStyle,
          parseFloat(cs.outlineWidth), 1.05 / (lum(cs.outlineColor) + 0.05)];
}"""


def test_the_keyboard_focus_is_a_ring_anyone_can_see(page: Page, voila_server: str) -> None:
    """Every control Tab reaches, ipywidgets' buttons, menus and boxes included, shows a
    solid ring at least 2 px wide at 3:1 or more against white (WCAG 2.4.7, 1.4.11)."""
    open_page(page, f"{voila_server}?seed=5", (1366, 768))
    faint = []
    for _ in range(50):
        page.keyboard.press("Tab")
        ring = page.evaluate(RING)
        if ring is None:
            break
        words, style, width, contrast = ring
        if style != "solid" or width < 2 or contrast < 3:
            faint.append(f"{words}: {style} {width} px, {contrast:.1f}:1")
    assert faint == []
