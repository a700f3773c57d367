"""What a learner does in the app's page, shared by the browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import aton
from aton.app.session import Session

#: What of ``selectors`` lies off the screen as it is now scrolled (any part), whether the
#: page scrolls sideways and which buttons' words are cut: an empty list when all is well.
OFF_SCREEN_NOW = """(selectors) => {
  const out = [];
  for (const s of selectors) {
    const all = [...document.querySelectorAll(s)].filter(e => e.offsetParent !== null);
    if (!all.length) { out.push(`${s}: not shown`); continue; }
    for (const e of all) { const r = e.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
        out.push(`${s} "${e.textContent.trim().slice(0, 30)}": ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`); }
  }
  if (document.documentElement.scrollWidth > innerWidth + 1)
    out.push(`sideways scroll: ${document.documentElement.scrollWidth} > ${innerWidth}`);
  for (const b of document.querySelectorAll('.aton-app button'))
    if (b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
      out.push(`cut: "${b.textContent.trim()}" ${b.scrollWidth} > ${b.clientWidth}`);
  return out;
}"""

#: What in the app runs past the box that holds it (by half a pixel or more), where that box
#: would cut it off (a panel's border, a button's edge): an empty list when all is well. What
#: is kept for screen readers only (the page's first line under 1000 px high, words in boxes
#: 1 px wide) is hidden on purpose. ``page.evaluate(OVERHANG, {"scrolls": True})`` counts a box
#: that scrolls sideways as holding what it scrolls (a table in its own box on a phone), and
#: ``"drawers": True`` leaves out the drawers over the page (measured as the page's controls).
OVERHANG = """(holds) => {
  holds = holds || {};  // (evaluated without an argument, Playwright passes null)
  const out = [], cut = [];
  const skip = holds.drawers ? '.aton-page-intro, .aton-drawer' : '.aton-page-intro';
  for (const e of document.querySelectorAll('.aton-app *')) {
    // Hidden, or fixed (no box around a fixed one cuts it), or left out.
    if (e.offsetParent === null || e.closest(skip)) continue;
    const r = e.getBoundingClientRect();
    if (r.width <= 1 || cut.some(c => c.contains(e))) continue;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const x = getComputedStyle(a).overflowX;
      if (x === 'visible') continue;
      if (holds.scrolls && (x === 'auto' || x === 'scroll')) break;
      const q = a.getBoundingClientRect();  // (a box 1 px wide holds words for screen readers)
      if (q.width > 1 && (r.right > q.right + 0.5 || r.left < q.left - 0.5)) {
        cut.push(e);
        out.push(`"${(e.textContent || e.tagName).trim().slice(0, 30)}" ${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(q.left)}-${Math.round(q.right)}`);
      }
      break;
    }
  }
  return out;
}"""

#: What is lost sideways on a narrow screen (WCAG 1.4.10): a button, menu or box past the
#: window's left or right edge, words cut in a button, a page that scrolls sideways, and
#: anything that runs past a box that would cut it off (``OVERHANG``, a box that scrolls
#: sideways holding what it scrolls). An empty list when nothing is lost.
LOST_SIDEWAYS = """() => {
  const out = [], shown = e => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const name = e => `"${(e.textContent || e.value || e.tagName).trim().slice(0, 30)}"`;
  for (const e of document.querySelectorAll('.aton-app :is(button, select, input)')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.right > innerWidth + 0.5))
      out.push(`off screen: ${name(e)} ${Math.round(r.left)}-${Math.round(r.right)}`);
    if (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1)
      out.push(`cut: ${name(e)} ${e.scrollWidth} > ${e.clientWidth}`);
  }
  if (document.documentElement.scrollWidth > innerWidth + 1)
    out.push(`sideways scroll: ${document.documentElement.scrollWidth} > ${innerWidth}`);
  const past = (""" + OVERHANG + """)({scrolls: true, drawers: true});
  return out.concat(past.map(p => `runs past its box: ${p}`));
}"""

#: As ``OFF_SCREEN_NOW``, on the unscrolled screen. A click scrolls what it clicks into view,
#: the window or Voilà's own scroller (an ancestor of the app): measure with both back at the
#: top, as the page first shows.
OFF_SCREEN = ("""(selectors) => {
  window.scrollTo(0, 0);
  for (let e = document.querySelector('.aton-app'); e; e = e.parentElement) e.scrollTop = 0;
  return (""" + OFF_SCREEN_NOW + """)(selectors);
}""")


def close_how_to(page: Page) -> None:
    """How to play opens by itself on a free game's first page, not in a lesson: close it if
    it is open ("Got it: let's play ▸", its last button)."""
    close = page.locator(".aton-howto button.widget-button").last
    if close.is_visible():
        close.click()


def unscrolled(page: Page) -> None:
    """Scroll Voilà's own scroller (the app's ancestors) back to the top: a click scrolls
    what it clicks into view there. ``OFF_SCREEN`` does this itself; a screenshot taken
    before it calls this first, so that the picture shows what is measured."""
    page.evaluate("""() => { for (let e = document.querySelector('.aton-app'); e;
                              e = e.parentElement) if (e.scrollTop) e.scrollTop = 0; }""")


def put_cards(page: Page, cards: tuple[int, ...]) -> None:
    """Click a card, then its cartouche, four times; then Confirm (R6). By the page's classes,
    so in either language."""
    for c, value in enumerate(cards, 1):
        page.locator(".aton-cardbtn:not([disabled])", has_text=str(value)).first.click()
        slot = page.locator(".aton-slots button").nth(c - 1)
        slot.click()
        expect(slot).to_have_text(re.compile(rf"^\w+ {c}: {value}$"))
    page.locator(".aton-picker-confirm").click()


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
