"""The strategy lab as a Voilà page, in English (``notebooks/strategy_lab.ipynb``) and in
Portuguese (``notebooks/pt/strategy_lab.ipynb``), at 1024x768, 1366x768 and 1920x1080: its
small tournament plays by itself and fills the table and the five charts; every player's name
shows whole on its button; no chart cuts a word of its title, axes or labels; nothing scrolls
sideways; and axe-core finds no violation of WCAG 2.1 A and AA. Screenshots land in
/tmp/lab_<lang>_<width>.png.
"""

from __future__ import annotations

import pytest
from browser_actions import LOST_SIDEWAYS
from playwright.sync_api import Page, expect
from test_accessibility import violations

pytestmark = pytest.mark.browser

NOTEBOOK = {"en": "notebooks/strategy_lab.ipynb", "pt": "notebooks/pt/strategy_lab.ipynb"}
WORDS = {"en": ("Run tournament", "24 games played", "greedy", "Game length"),
         "pt": ("Jogar o torneio", "24 partidas jogadas", "guloso", "Duração da partida")}
#: The decimal sign each language writes, and the one it never does.
SIGNS = {"en": (".", ","), "pt": (",", ".")}

#: Each chart's numbers up its side (the vertical axis: its ticks stand at x = 0).
Y_TICKS = """() => [...document.querySelectorAll('.bqplot')].map(fig => [...fig.querySelectorAll(
  '.tick')].filter(t => /^translate\\(0,/.test(t.getAttribute('transform') || ''))
  .map(t => t.textContent.trim()))"""

#: The words of a chart that its drawing cuts off: each text of each bqplot figure must lie
#: inside the figure's own box (the SVG clips what runs past it).
CHART_WORDS_CUT = """() => [...document.querySelectorAll('.bqplot')].flatMap(fig => {
  const box = fig.getBoundingClientRect();
  return [...fig.querySelectorAll('text')].filter(t => t.textContent.trim()).filter(t => {
    const r = t.getBoundingClientRect();
    return r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5
                       || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5); })
    .map(t => `${t.textContent.trim()}: ${Math.round(t.getBoundingClientRect().left)}-`
              + `${Math.round(t.getBoundingClientRect().right)} in ${Math.round(box.left)}-`
              + `${Math.round(box.right)}`); })"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_lab_plays_its_tournament_and_shows_it_whole(page: Page, voila_factory, lang,
                                                         size) -> None:
    run, played, greedy, length = WORDS[lang]
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(voila_factory(NOTEBOOK[lang]))
    expect(page.get_by_role("button", name=run)).to_be_visible(timeout=120_000)
    # The default tournament (24 games) plays in the background: the table comes when it ends.
    expect(page.get_by_text(played)).to_be_visible(timeout=120_000)
    expect(page.locator(".aton-table td", has_text=greedy).first).to_be_visible()
    expect(page.locator(".bqplot", has_text=length)).to_be_visible()
    page.wait_for_timeout(1000)  # the charts' bars and ticks redrawn
    page.screenshot(path=f"/tmp/lab_{lang}_{size[0]}.png")
    assert page.evaluate(LOST_SIDEWAYS) == []
    assert page.evaluate(CHART_WORDS_CUT) == []
    # The charts' numbers are written as the language writes them (0,5 in Portuguese), every
    # tick its own number: the cartouche 1 chart of this tournament rises in half points.
    sign, foreign = SIGNS[lang]
    ticks = page.evaluate(Y_TICKS)
    assert len(ticks) == 5 and all(len(set(t)) == len(t) >= 2 for t in ticks), ticks
    assert not any(foreign in label for t in ticks for label in t), ticks
    assert any(sign in label for t in ticks for label in t), ticks
    assert violations(page) == []
