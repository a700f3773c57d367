"""The score track reads whole at every score (R18: 40 points wins): no pawn covers a number
or the word "wins" by the 40, and "wins" covers no number, whatever the two scores are and
however wide the track is drawn (from a phone 320 px wide to the wide column at 1920 px).
Under 400 px, a phone's, the bar leaves "wins" out (the 40 stays gold and bold).

The track's HTML is drawn by the app's own ``ScoreTrack`` into a plain page, score pair after
score pair, so that every pair near the end of a game is measured in a few seconds.
"""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Page

from aton.app.scoretrack import ScoreTrack
from aton.app.theme import CSS
from aton.i18n import speaking

pytestmark = pytest.mark.browser

#: Each pair's overlaps in the track drawn in ``#track``.
OVERLAPS = """(tracks) => {
  const box = document.getElementById('track');
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
                         && b.top < a.bottom;
  return tracks.flatMap(([name, html]) => {
    box.innerHTML = html;
    const words = [...box.querySelectorAll('.aton-track-tick, .aton-track-wins')]
      .map(e => [e.textContent, e.getBoundingClientRect()]);
    const pawns = [...box.querySelectorAll('.aton-pawn')]
      .map(e => [e.title, e.getBoundingClientRect()]);
    const found = [];
    for (const [who, p] of pawns)
      for (const [text, w] of words) if (meet(p, w)) found.push(`${name}: ${who} covers ${text}`);
    for (const [a, r] of words) for (const [b, s] of words)
      if (a < b && meet(r, s)) found.push(`${name}: ${a} meets ${b}`);
    return found; }); }"""


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("width", [280, 399, 400, 600, 900])
def test_no_pawn_covers_a_number_or_the_word_wins(page: Page, width: int, lang: str) -> None:
    # The app's own style sheet, and a track as wide as its bar plus the bar's margins.
    page.set_content(f"{CSS}<body style='font-family:sans-serif;margin:0'>"
                     f"<div id='track' style='width:{width + 28}px'></div></body>")
    track = ScoreTrack()
    tracks = []
    with speaking(lang):
        for red, blue in itertools.product(range(28, 71), repeat=2):
            track.show({"red": red, "blue": blue}, round_no=9, over=True,
                       exchange={"red": False, "blue": True}, changed={"red", "blue"})
            tracks.append((f"red {red}, blue {blue}", track.widget.value))
    assert page.evaluate(OVERLAPS, tracks) == []
    # "wins" shows on a bar 400 px wide or more; on a phone's narrower one it is left out.
    shown = page.evaluate("""() => [...document.querySelectorAll('#track .aton-track-wins')]
      .map(e => e.getBoundingClientRect().width > 0)""")
    assert shown == [width >= 400]
    assert page.locator("#track .aton-track-wins").text_content() == (
        "wins" if lang == "en" else "vence")
