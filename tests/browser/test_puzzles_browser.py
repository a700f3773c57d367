"""Puzzles in a real page (issue 20): a puzzle opened by its link is answered wrong by a click
on the board, the next one right by the same clicks as in a game; the rating goes down, then
up, and a reload of the page (whose address the page wrote) finds it where it was. The
puzzle, its board, the card picker and the verdict lie on the screen at 1024×768, 1366×768
and 1920×1080, in English and in Portuguese. Screenshots: /tmp/shots20/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_actions import OFF_SCREEN
from playwright.sync_api import Page, expect
from test_accessibility import violations
from test_fits import SIZES
from test_play import SQUARES

from aton.app.board import cell_index
from aton.teaching import puzzles
from aton.teaching.puzzles import choice_of

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots20")
WORDS = {"en": ("✘ Not the best choice", "✔ Right", "Next puzzle ▸", "Your rating:"),
         "pt": ("✘ Não é a melhor escolha", "✔ Certo", "Próximo desafio ▸", "O seu rating:")}

#: The puzzle board's first square's width over the step from its centre to the next one's:
#: 0.94 when the board is drawn to its figure's scale (a square is 0.94 of the step), larger
#: when a small figure draws its squares at the full size, smaller when a large one does.
SQUARE_TO_STEP = """() => {
  const dots = document.querySelector('.aton-puzzles .aton-board svg.svg-figure > g > g')
    .children[SQUARES].querySelectorAll('.dot');
  const [a, b] = [dots[0].getBoundingClientRect(), dots[1].getBoundingClientRect()];
  return a.width / (b.left - a.left); }""".replace("SQUARES", str(SQUARES))

#: The list of squares' options wider than the list shows them ("…square 11 (row 3), gre"):
#: the longest option's text, measured in the list's font, against the list's inner width.
LIST_CUT = """() => {
  const s = document.querySelector('.aton-puzzles .aton-square-list select');
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(s).font;
  const room = s.clientWidth - 8;  // the option's own padding
  return [...s.options].filter(o => ctx.measureText(o.text).width > room).map(o => o.text); }"""


def open_puzzle(page: Page, url: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(url)
    expect(page.locator(".aton-puzzles .aton-puzzle-ask")).to_be_visible(timeout=90_000)
    expect(page.locator(".aton-puzzles .aton-board .dot").first).to_be_visible(timeout=30_000)


def shown_puzzle(page: Page) -> puzzles.Puzzle:
    """The puzzle on the page, by the id its question names."""
    text = page.locator(".aton-puzzles .aton-puzzle-about").inner_text()
    ident = re.search(r"(?:Puzzle|Desafio) ([0-9a-f]{8})", text).group(1)
    return puzzles.by_id(ident)


def rating(page: Page) -> int:
    text = page.locator(".aton-puzzle-score").inner_text()
    return int(re.search(r"(\d+) \(±", text).group(1))


def click_square(page: Page, name: str) -> None:
    page.locator(".aton-puzzles .aton-board svg.svg-figure > g > g > "
                 f"g:nth-child({SQUARES + 1}) .dot").nth(cell_index(name)).click()


def answer(page: Page, puzzle: puzzles.Puzzle, choice: object) -> None:
    """The learner's clicks: a square on the board, the cards on the cartouches, or the
    exchange counter (R5)."""
    if puzzle.on_the_board:
        click_square(page, choice)
    elif puzzle.kind == "exchange" and choice:
        page.locator(".aton-puzzles .aton-picker-exchange").click()
    else:
        cards = tuple(puzzle.view().hand) if puzzle.kind == "exchange" else choice
        with_scope = page.locator(".aton-puzzles")
        for c, value in enumerate(cards):
            with_scope.locator(".aton-cardbtn:not([disabled])", has_text=str(value)).first.click()
            slot = with_scope.locator(".aton-slots button").nth(c)
            slot.click()
            expect(slot).to_have_text(re.compile(rf"^\w+ {c + 1}: {value}$"))
        with_scope.locator(".aton-picker-confirm").click()


def test_wrong_then_right_by_clicks_and_the_rating_survives_a_reload(page: Page,
                                                                     voila_server: str):
    first = next(p for p in puzzles.shipped() if p.kind == "place")
    open_puzzle(page, f"{voila_server}?puzzle={first.id}&lang=en", (1366, 768))
    assert shown_puzzle(page).id == first.id
    before = rating(page)
    wrong = next(o for o in first.view().options() if not first.is_best(o))
    click_square(page, wrong)
    verdict = page.locator(".aton-puzzle-verdict")
    expect(verdict).to_contain_text("✘ Not the best choice", timeout=15_000)
    expect(verdict).to_contain_text(first.explanation["en"][:60])
    low = rating(page)
    assert low < before
    page.locator(".aton-puzzle-next").click()
    expect(page.locator(".aton-puzzle-about")).not_to_contain_text(first.id, timeout=15_000)
    second = shown_puzzle(page)
    answer(page, second, choice_of(second.kind, second.best[0]))
    expect(verdict).to_contain_text("✔ Right", timeout=15_000)
    high = rating(page)
    assert high > low
    page.wait_for_function("() => location.search.includes('puzzler=')", timeout=10_000)
    page.reload()
    expect(page.locator(".aton-puzzles .aton-puzzle-ask")).to_be_visible(timeout=90_000)
    expect(page.locator(".aton-puzzle-score")).to_contain_text("solved 1 of 2")
    assert rating(page) == high
    assert shown_puzzle(page).id == second.id


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_puzzle_and_its_verdict_fit_the_screen(page: Page, voila_server: str, size, lang):
    wrong_head, _right, next_label, score = WORDS[lang]
    puzzle = next(p for p in puzzles.shipped() if p.kind == "assign")
    open_puzzle(page, f"{voila_server}?puzzle={puzzle.id}&lang={lang}", size)
    expect(page.locator(".aton-puzzle-next")).to_have_text(next_label)
    expect(page.locator(".aton-puzzle-score")).to_contain_text(score)
    expect(page.locator(".aton-puzzle-ask")).to_contain_text(puzzle.question[lang])
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"puzzle_{lang}_{size[0]}x{size[1]}.png"))
    # The board is drawn to its figure's size: squares neither overlap nor float apart.
    assert 0.9 < page.evaluate(SQUARE_TO_STEP) < 0.98
    assert page.evaluate(OFF_SCREEN, [".aton-puzzle-ask", ".aton-puzzles .aton-board",
                                      ".aton-puzzles .aton-picker-confirm",
                                      ".aton-puzzle-next", ".aton-puzzle-themes"]) == []
    wrong = next(o for o in puzzle.view().options() if not puzzle.is_best(o))
    answer(page, puzzle, wrong)
    head = page.locator(".aton-puzzle-verdict b").first
    expect(head).to_contain_text(wrong_head, timeout=15_000)
    page.screenshot(path=str(SHOTS / f"verdict_{lang}_{size[0]}x{size[1]}.png"))
    assert page.evaluate(OFF_SCREEN, [".aton-puzzle-verdict b", ".aton-puzzle-next"]) == []


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_puzzle_and_its_verdict_have_no_wcag_violation(page: Page, voila_server: str, lang):
    """WCAG 2.1 A and AA (axe-core) on a board puzzle, before and after the answer, and the
    keyboard's way to answer: the list of squares and its button."""
    puzzle = next(p for p in puzzles.shipped() if p.on_the_board)
    open_puzzle(page, f"{voila_server}?puzzle={puzzle.id}&lang={lang}", (1366, 768))
    page.wait_for_timeout(500)
    assert violations(page) == []
    assert page.evaluate(LIST_CUT) == []  # each square's words whole in the keyboard's list
    chooser = page.locator(".aton-puzzles .aton-chooser")
    legal = [str(o) for o in puzzle.view().options()]  # the list's order
    chooser.locator("select").select_option(index=legal.index(puzzle.best[0]))
    # Enter once the button names the square: the kernel has the pick (see squares.ACTIONS_ON)
    expect(chooser.locator("button").first).to_have_text(
        re.compile(rf" {re.escape(puzzle.best[0])}$"))
    chooser.locator("button").first.press("Enter")
    expect(page.locator(".aton-puzzle-verdict b").first).to_contain_text(WORDS[lang][1],
                                                                        timeout=15_000)
    assert violations(page) == []


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_puzzle_on_the_projector_is_large_and_on_the_screen(page: Page, voila_server: str,
                                                             size):
    """Projector mode: the puzzle's words are 20 px at least, and it still fits."""
    puzzle = next(p for p in puzzles.shipped() if p.on_the_board)
    open_puzzle(page, f"{voila_server}?puzzle={puzzle.id}&lang=en&projector=1", size)
    page.wait_for_timeout(500)
    small = page.evaluate("""() => [...document.querySelectorAll(
        '.aton-puzzles .aton-puzzle-ask *, .aton-puzzles .aton-puzzle-score, .aton-puzzles button')]
        .filter(e => e.offsetParent !== null && e.childNodes.length && [...e.childNodes].some(
            n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => [e.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(e).fontSize)])
        .filter(([, px]) => px < 20)""")
    assert small == []
    assert page.evaluate(LIST_CUT) == []
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"projector_{size[0]}x{size[1]}.png"))
    assert page.evaluate(OFF_SCREEN, [".aton-puzzle-ask", ".aton-puzzle-next",
                                      ".aton-puzzles .aton-chooser button"]) == []
