"""Every control the current step needs is on the screen, at 1024x768, 1366x768 and 1920x1080.

Measured with the page unscrolled (a guided lesson on a projector 768 px high, scrolled down to
its cards: the board stays beside them). A learner placing cards in a free game and in a guided
lesson (the coach's hint open too), a teacher at a projector, in English and in Portuguese,
and a class predicting a scoring round: the four cards, the four
cartouches, Confirm, what to do now (the explanation's last line), Next step, and the quiz's
boxes and Reveal lie inside the window without scrolling; nothing scrolls sideways; no
button's words are cut; no panel runs past its column; no pawn covers a number of the
score track; the scoring round's chart covers none of its table; the Lesson menu shows its
first entry whole, and from 1280 px wide a lesson's whole title.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_actions import OFF_SCREEN as INSIDE
from browser_actions import OFF_SCREEN_NOW as INSIDE_NOW
from browser_actions import OVERHANG, close_how_to, play_to_the_end
from playwright.sync_api import Page, expect

from aton.teaching import tutorial

pytestmark = pytest.mark.browser

SIZES = ((1024, 768), (1366, 768), (1920, 1080))

PICKING = [".aton-cardbtn", ".aton-slots button", ".aton-picker-confirm", ".aton-next",
           ".aton-steps button", ".aton-track"]  # the score track, its 0 included


#: The score track's numbers a pawn covers (both pawns start on the 0): an empty list.
PAWN_ON_NUMBER = """() => {
  const ticks = [...document.querySelectorAll('.aton-track .aton-track-tick')];
  if (!ticks.length) return ['the score track shows no numbers'];
  return [...document.querySelectorAll('.aton-track .aton-pawn')].flatMap(e => {
    const p = e.getBoundingClientRect();
    return ticks.filter(t => { const r = t.getBoundingClientRect();
      return p.left < r.right && r.left < p.right && p.top < r.bottom && r.top < p.bottom; })
      .map(t => `${e.title} covers ${t.textContent}`); }); }"""

#: How much of the red pawn the blue one covers (a fraction of its box) when both scores are
#: equal, as at the start of every game; 0 when they differ.
RED_PAWN_HIDDEN = """() => {
  const [red, blue] = [...document.querySelectorAll('.aton-track .aton-pawn')]
    .map(e => [e.title.split(': ')[1], e.getBoundingClientRect()]);
  if (red[0] !== blue[0]) return 0;
  const [a, b] = [red[1], blue[1]];
  const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  return w * h / (a.width * a.height); }"""


def open_page(page: Page, url: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(url)
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=90_000)
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=30_000)
    close_how_to(page)
    page.wait_for_timeout(400)


def place_four(page: Page) -> None:
    """Four cards on the four cartouches, by clicks (either language)."""
    for c in range(4):
        page.locator(".aton-cardbtn").nth(c).click()
        slot = page.locator(".aton-slots button").nth(c)
        slot.click()
        expect(slot).not_to_have_text(re.compile("—$"))
    page.wait_for_timeout(400)  # the board's scale and the page settle on the next frames


#: The Lesson menu's chosen entry ("Free game against the computer"): how wide its words are
#: in the menu's type, and the room the menu leaves them (its padding and arrow left out).
LESSON_MENU_ROOM = """() => {
  const s = document.querySelector('.aton-lesson-menu select'), st = getComputedStyle(s);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
  return [pen.measureText(s.options[s.selectedIndex].text).width,
          s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)]; }"""


#: Arrows of the round's map not on the row of the step before them: a wrapped map's row
#: began with a lone arrow ("› 1º: 2, 3, 4" in Portuguese at 1024 px).
LONE_ARROWS = """() => [...document.querySelectorAll('.aton-map-arrow')].filter(a => {
  const step = a.previousElementSibling;
  if (!step) { return true; }
  const s = step.getBoundingClientRect(), r = a.getBoundingClientRect();
  const middle = (r.top + r.bottom) / 2;  // the arrow's middle lies within the step's height
  return middle < s.top || middle > s.bottom;
}).map(a => a.previousElementSibling ? a.previousElementSibling.textContent : '(none)')"""


def resize(page: Page, size: tuple[int, int]) -> None:
    """The window at ``size``: the page lays itself out again by its CSS, and the board
    rescales through its ResizeObserver (layout.FIT_SCRIPT), as when a learner resizes it."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_timeout(400)


# The tests below open each page once and measure it at every size in turn: the layout is
# CSS alone, so a page resized is laid out as one opened at that size, and a page load is
# the costly part (a kernel each: 15 lessons at 3 sizes in 2 languages took 11 minutes).


@pytest.mark.parametrize("where", ["free", "lesson", "projector"])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_cards_the_cartouches_and_confirm_are_on_screen(page: Page, voila_server: str,
                                                             where, lang) -> None:
    query = {"free": "?seed=5", "lesson": "?lesson=06_own_removal",
             "projector": "?projector=1&seed=5"}[where]
    open_page(page, f"{voila_server}{query}&lang={lang}", SIZES[0])
    place_four(page)
    found = {}
    for size in SIZES:
        resize(page, size)
        page.screenshot(path=f"/tmp/fits_{where}_{lang}_{size[0]}.png")
        off = page.evaluate(INSIDE, PICKING)
        off += page.evaluate(OVERHANG)  # no panel runs past its column, its border cut
        off += page.evaluate(PAWN_ON_NUMBER)
        off += page.evaluate(LONE_ARROWS)  # a wrapped map's rows begin with a step
        if where != "lesson":  # a new game, 0 to 0: blue's pawn hides at most a corner of red's
            hidden = page.evaluate(RED_PAWN_HIDDEN)
            if hidden >= 0.25:
                off.append(f"blue's pawn hides {hidden:.0%} of red's")
        if where == "free":
            words, room = page.evaluate(LESSON_MENU_ROOM)
            if words > room:
                off.append(f"the Lesson menu cuts its entry: {words:.0f} px in {room:.0f}")
        if off:
            found[size] = off
    assert found == {}


def each_lesson(page: Page, voila_server: str, query: str) -> Iterator[tuple[str, bool]]:
    """Open each guided lesson in turn (``query``: the rest of the address); yield its name
    and whether it opens at the cards."""
    for name in tutorial.names():
        page.goto(f"{voila_server}?lesson={name}&{query}")
        expect(page.locator(".aton-tutor .aton-goal")).to_be_visible(timeout=90_000)
        expect(page.locator(".aton-steps button").first).to_be_visible()
        page.wait_for_timeout(600)
        yield name, page.locator(".aton-cardbtn").count() > 0


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_lesson_opens_with_its_cards_and_confirm_on_screen(page: Page, voila_server: str,
                                                                 lang) -> None:
    """At every size, a laptop's 768 px the tightest: the lesson's box, its explanation and a
    Watch out line (R18) above, and the cards and Confirm still on the screen (a Watch out line and a longer goal
    pushed Confirm off it in lessons 8, 11, 12, 13 and 14), with the lesson's hint open too
    (it marks the cards to play: it pushed them off in thirteen lessons), or the Coach hint
    instead (it pushed them off in every lesson, by up to 180 px). From 1280 px wide the
    Lesson menu shows the lesson's whole title (it cut most of them short)."""
    off, cut = {}, {}
    for name, cards in each_lesson(page, voila_server, f"lang={lang}"):
        must = [".aton-steps button", ".aton-goal"]
        if cards:
            must += [".aton-cardbtn", ".aton-picker-confirm"]
        for hint in (False, True, "coach"):
            if hint is True:
                page.locator(".aton-tutor button").first.click()  # Hint
                expect(page.locator(".aton-tutor .aton-hint-text")).to_be_visible()
                must.append(".aton-tutor .aton-hint-text")
            elif hint == "coach":  # the coach's hint takes the lesson's hint's place
                page.locator(".aton-coach-hint").click()
                expect(page.locator(".aton-hint-box .aton-hint-text")).to_be_visible(
                    timeout=30_000)
                must[-1] = ".aton-hint-box .aton-hint-text b"
            for size in SIZES:
                resize(page, size)
                if hint is False and size[0] >= 1280:
                    words, room = page.evaluate(LESSON_MENU_ROOM)
                    if words > room:
                        cut[name, size] = f"{words:.0f} px in {room:.0f}"
                found = page.evaluate(INSIDE, must)
                if found:
                    off[name, hint, size] = found
                    page.screenshot(path=f"/tmp/fits_lesson_{name}_{lang}_{size[0]}_{hint}.png")
    assert off == {}
    assert cut == {}, "the Lesson menu cuts the lesson's title"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_lesson_on_a_projector_keeps_the_board_beside_the_cards(page: Page, voila_server: str,
                                                                 lang) -> None:
    """On a projector only 768 px high (1024 and 1366 wide), a lesson's box, explanation and
    Watch out line in the projector's large type are taller than the screen: the teacher
    scrolls down to the cards, and the board's column stays where it was, so the class sees
    the board, the cards and Confirm together (before, the board scrolled away)."""
    off = {}
    for name, cards in each_lesson(page, voila_server, f"projector=1&lang={lang}"):
        must = [".aton-board", ".aton-map"]
        if cards:
            must += [".aton-col .aton-picker", ".aton-cardbtn", ".aton-picker-confirm"]
        else:  # a lesson that opens at a square to choose: the step buttons and the goal
            must += [".aton-steps button", ".aton-goal"]
        for size in SIZES[:2]:
            resize(page, size)
            if cards:  # as far as the teacher scrolls: the cards' box just up from the foot
                page.locator(".aton-col .aton-picker").evaluate(
                    "e => e.scrollIntoView({block: 'end'})")
                page.wait_for_timeout(300)
            found = page.evaluate(INSIDE_NOW, must)
            found += page.evaluate("""() => {  // the board's column stops above the game log
              const l = document.querySelector('.aton-left').getBoundingClientRect();
              const f = document.querySelector('.aton-footer').getBoundingClientRect();
              return l.bottom <= f.top + 1 ? [] : [`the board's column covers the log by ${
                Math.round(l.bottom - f.top)} px`]; }""")
            if found:
                off[name, size] = found
                page.screenshot(
                    path=f"/tmp/fits_projector_lesson_{name}_{lang}_{size[0]}.png")
    page.screenshot(path=f"/tmp/fits_projector_lesson_last_{lang}.png")
    assert off == {}


@pytest.mark.parametrize("where", ["free", "projector"])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_coach_hint_leaves_the_cards_and_confirm_on_screen(page: Page, voila_server: str,
                                                               where, lang) -> None:
    query = {"free": "?seed=7", "projector": "?projector=1&seed=7"}[where]
    open_page(page, f"{voila_server}{query}&lang={lang}", SIZES[0])
    page.locator(".aton-coach button").first.click()  # Coach hint: its advice and reasons
    expect(page.locator(".aton-hint-text")).to_be_visible(timeout=30_000)
    off = {}
    for size in SIZES:
        resize(page, size)
        page.screenshot(path=f"/tmp/fits_hint_{where}_{lang}_{size[0]}.png")
        found = page.evaluate(INSIDE, PICKING + [".aton-hint-text b"])
        if found:
            off[size] = found
    assert off == {}


#: The coach's hint box: whether it scrolls, and what paints the shade along its bottom.
HINT_BOX = """() => {
  const box = document.querySelector('.aton-hint-box'), st = getComputedStyle(box);
  const text = getComputedStyle(box.querySelector('.aton-hint-text'));
  return {scrolls: box.scrollHeight > box.clientHeight + 1,
          attachment: st.backgroundAttachment, image: st.backgroundImage,
          text: text.backgroundColor};
}"""


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_at_1920_by_1080_the_coach_hint_shows_whole(page: Page, voila_server: str,
                                                    lang: str) -> None:
    """A tall window has the room: the coach's reasons for the first hand of seed 7 show
    whole, with no scrolling inside the hint box (the cards and Confirm stay on the screen:
    test_the_coach_hint_leaves_the_cards_and_confirm_on_screen)."""
    open_page(page, f"{voila_server}?seed=7&lang={lang}", (1920, 1080))
    page.locator(".aton-coach button").first.click()
    expect(page.locator(".aton-hint-text")).to_be_visible(timeout=30_000)
    page.wait_for_timeout(400)
    assert not page.evaluate(HINT_BOX)["scrolls"]
    assert page.evaluate(INSIDE, PICKING + [".aton-hint-text li:last-child"]) == []


def test_a_hint_that_scrolls_shows_a_shade_along_its_bottom(page: Page, voila_server: str) -> None:
    """At 1366×768 the coach's reasons run past the hint box: a shade along its bottom says so
    (a cover attached to the text hides it at the end), and the text paints no background of
    its own over it."""
    open_page(page, f"{voila_server}?seed=11", (1366, 768))
    page.locator(".aton-coach button").first.click()
    expect(page.locator(".aton-hint-text")).to_be_visible(timeout=30_000)
    page.wait_for_timeout(400)
    box = page.evaluate(HINT_BOX)
    assert box["scrolls"]
    assert box["attachment"].startswith("local, scroll") and box["image"].count("linear-gradient") == 2
    assert box["text"] == "rgba(0, 0, 0, 0)"
    page.screenshot(path="/tmp/fits_hint_shade_1366.png")


#: The buttons the quiz test presses, by language (the catalog's words).
QUIZ_BUTTONS = {"en": ("Confirm", "To my next decision ▸▸", "Class predicts", "Reveal"),
                "pt": ("Confirmar", "Até a minha decisão ▸▸", "Palpites da turma", "Revelar")}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("projector", ["", "&projector=1"], ids=["page", "projector"])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_class_quiz_and_the_scoring_round_are_on_screen(page: Page, voila_server: str,
                                                            size, projector, lang) -> None:
    confirm, run, predicts, reveal_word = QUIZ_BUTTONS[lang]
    open_page(page, f"{voila_server}?scenario=14_scoring_winner&seed=1{projector}&lang={lang}",
              size)
    place_four(page)
    page.get_by_role("button", name=re.compile(f"^{confirm}")).click()
    page.get_by_role("button", name=run).click()
    page.get_by_role("button", name=predicts).click()
    quiz = page.locator(".aton-quiz")
    expect(quiz).to_be_visible()
    assert page.evaluate(INSIDE, [".aton-quiz input", ".aton-quiz button", ".aton-next",
                                  ".aton-steps button", ".aton-track"]) == []
    reveal = quiz.get_by_role("button", name=reveal_word)
    for n in range(1, 6):  # after each line but the last, the next one's boxes and Reveal
        reveal.click()
        expect(quiz.locator(".aton-quiz-line")).to_have_count(n)
        page.wait_for_timeout(300)
        off = page.evaluate(INSIDE, [".aton-quiz input", ".aton-quiz button"])
        if n in (3, 5):  # three lines scored: the chart is drawn beside the table
            page.screenshot(path=f"/tmp/fits_quiz{projector[1:10]}_{lang}_{size[0]}_{n}.png")
        assert off == [], n
    overlap = page.evaluate("""() => {
      const t = document.querySelector('.aton-col .aton-table');
      const f = [...document.querySelectorAll('.aton-col .bqplot')].filter(e => e.offsetParent);
      if (!t || !f.length) return 'no table or chart';
      const a = t.getBoundingClientRect(), b = f[0].getBoundingClientRect();
      return (a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1
              || b.bottom <= a.top + 1) ? '' : 'the chart covers the table'; }""")
    assert overlap == ""
    # Red has 44 here, just past 40: its pawn leaves the track's "wins" readable.
    assert page.evaluate("""() => {
      const w = document.querySelector('.aton-track .aton-track-wins').getBoundingClientRect();
      return [...document.querySelectorAll('.aton-track .aton-pawn')].filter(e => {
        const p = e.getBoundingClientRect();
        return p.left < w.right && w.left < p.right && p.top < w.bottom && w.top < p.bottom;
      }).map(e => e.title); }""") == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("projector", ["", "&projector=1"], ids=["page", "projector"])
def test_the_end_of_the_game_is_on_screen(page: Page, voila_server: str, size,
                                          projector) -> None:
    open_page(page, f"{voila_server}?scenario=11_end_by_temple&seed=2{projector}", size)
    play_to_the_end(page)
    page.wait_for_timeout(400)
    page.screenshot(path=f"/tmp/fits_end{projector[1:10]}_{size[0]}.png")
    assert page.evaluate(INSIDE, [".aton-end", ".aton-steps button", ".aton-track"]) == []
    assert page.evaluate(OVERHANG) == []  # the explanation's and the end's borders are whole
