"""Colours, sizes and the one style sheet of the app, so every panel looks the same.

Square and counter colours come from ``aton.engine.render`` (the SVG drawing of a position), so a
position looks the same in a notebook and in the app.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from typing import TypeVar

from ..engine import errors
from ..engine.render import COUNTER, FILL
from ..i18n import speaking, translator

_ = translator("app")

#: Player name -> counter colour.
PLAYER_COLOUR = {"red": COUNTER[1], "blue": COUNTER[2]}
#: Colour letter -> square fill (Y, G, K, B, "+" bonus): the engine's drawing's, so a board
#: has the same colours in the app and in a notebook. The rules' blue squares are turquoise
#: (``TURQUOISE``), so a square's colour can never be read as the blue player. The bqplot
#: marks are given these colours themselves (``aton.app.board``), never by the style sheet,
#: so every front end draws them alike.
SQUARE_FILL = dict(FILL)
TURQUOISE = FILL["B"]
EVENT_RING = "#e6007e"  # squares the last step involved
LEGAL_RING = "#111111"  # squares the learner may click now
HINT_RING = "#d35400"  # squares a lesson's hint points at
FOCUS_RING = "#ff8c00"  # the square picked in the keyboard list
DIMMED = 0.3  # opacity of squares that cannot be chosen during a decision

#: The style sheet, injected once by ``AtonApp`` through an HTML widget.
CSS = """
<style>
.aton-app { font-size: 15px; line-height: 1.35; color: #222; }
.aton-app .widget-button, .aton-app .widget-label, .aton-app .widget-dropdown select,
.aton-app .widget-text input { font-size: 15px; }
.aton-app .widget-html-content { font-size: 15px; line-height: 1.35; }
.aton-row, .aton-col { gap: 6px; }
/* On a narrow screen buttons go onto a second line instead of being cut short. */
.aton-app .aton-row { flex-wrap: wrap; }
.aton-app .aton-row > .widget-button { flex-shrink: 0; }
.aton-board text { pointer-events: none; user-select: none; }
/* The score track's "wins" after the 40 needs the room up to the 50 (scoretrack.py). */
@container (max-width: 399px) { .aton-track-wins { display: none; } }
.aton-board .dot { cursor: pointer; }
.aton-title { font-size: 22px; font-weight: bold; margin: 0 12px 0 0; line-height: 1.2; }
/* Headings for a screen reader's list of them (WCAG 1.3.1, 2.4.6), in the look they had. */
.aton-app h2.aton-head { font-size: inherit; font-weight: normal; margin: 0; line-height: inherit;
                         color: #666; }
.aton-app h2.aton-rule-head { margin: 0; line-height: 1.3; }
.aton-box { border: 1px solid #d8d0c0; border-radius: 6px; padding: 6px 10px;
            background: #fffdf8; }
.aton-explain-text { font-size: 17px; line-height: 1.4; }
.aton-rule { display: inline-block; background: #333; color: #fff; border-radius: 4px;
             padding: 0 6px; margin-right: 6px; font-weight: bold; font-size: 14px; }
.aton-rule-title { color: #555; font-size: 14px; }
.aton-next { margin-top: 4px; font-size: 16px; color: #0b5394; }
.aton-next b { color: #0b3d6b; }
.aton-warn { margin-top: 4px; padding: 4px 8px; background: #fff1e0; border-left: 4px solid
             #e07000; font-size: 16px; }
.aton-notice { margin-top: 4px; padding: 4px 8px; background: #eef5ff; border-left: 4px solid
               #2a6fd6; font-size: 15px; }
.aton-error { padding: 6px 10px; background: #ffe8e8; border: 2px solid #c00; color: #600;
              font-size: 15px; }
.aton-log { height: 110px; overflow-y: auto; font-size: 14px; line-height: 1.3; }
.aton-log div { padding: 1px 0; border-bottom: 1px dotted #e4dccb; }
.aton-log .aton-round { font-weight: bold; background: #f3ecdd; }
.aton-table { border-collapse: collapse; font-size: 15px; }
.aton-table td, .aton-table th { border: 1px solid #d8d0c0; padding: 2px 8px;
                                 text-align: center; }
.aton-compact td, .aton-compact th { padding: 1px 6px; font-size: 14px; }
.aton-table th { background: #f8f4ea; font-weight: bold; }  /* red words on it: 4.6:1 */
.aton-table td.aton-hl { background: #ffd6ec; outline: 3px solid #e6007e; }
.aton-table tr.aton-hl td { background: #ffd6ec; }
.aton-table tr.aton-todo td { color: #6b6b6b; font-style: italic; }  /* 5.2:1, still set apart */
.aton-card { font-size: 20px; font-weight: bold; }
.aton-facedown { color: #999; }
.aton-end { padding: 10px 14px; border: 3px solid #b8860b; background: #fff6d5;
            border-radius: 8px; font-size: 18px; }
.aton-end .aton-winner { font-size: 26px; font-weight: bold; }
.aton-meaning { font-size: 14px; line-height: 1.35; }
.aton-meaning b { font-size: 15px; }
.aton-cover { padding: 10px; background: #efe7d6; border-radius: 6px; font-size: 16px; }
.aton-app .aton-cardbtn { font-size: 22px; font-weight: bold; height: 44px; }
.aton-tutor { background: #f4f9ff; border-color: #8fb3e0; }
/* WCAG 2.1 AA: white words on a coloured button read at 4.5:1 or more (the front end's
   own teal, green and orange do not), and a button that does nothing now looks it. */
.aton-app button.mod-info, .aton-app button.mod-info.mod-active { background-color: #00727d; }
.aton-app button.mod-success { background-color: #2e7032; }
.aton-app button.mod-warning { background-color: #a65200; }
.aton-app button.mod-primary { background-color: #1565c0; }
.aton-app button.widget-button:disabled, .aton-app button.widget-toggle-button:disabled,
.aton-app button.widget-button[disabled] { background-color: #ececec; color: #595959;
  opacity: 1; box-shadow: none; outline: 1px dashed #9a9a9a; outline-offset: -3px;
  cursor: not-allowed; }
.aton-goal { font-size: 16px; }
.aton-intro { font-size: 14px; color: #444; margin: 2px 0 4px; }
.aton-progress { font-size: 13px; color: #555; }
.aton-chip { display: inline-block; min-width: 16px; padding: 0 3px; margin: 1px;
             border: 1px solid #aaa; border-radius: 8px; text-align: center; font-size: 11px; }
.aton-chip-done { background: #2e8b3e; color: #fff; border-color: #2e8b3e; }
.aton-chip-now { outline: 2px solid #0b5394; }
.aton-hint-text { margin-top: 4px; padding: 4px 8px; background: #fff4d6;
                  border-left: 4px solid #d35400; font-size: 15px; }
.aton-verdict { margin-top: 4px; padding: 6px 10px; border-radius: 6px; font-size: 16px; }
.aton-success { background: #e3f5e5; border: 2px solid #2e8b3e; }
.aton-tryagain { background: #fff1e0; border: 2px solid #e07000; }
.aton-app .aton-hint { outline: 4px solid #d35400; outline-offset: -2px; }
.aton-lesson-list .widget-button { text-align: left; }
.aton-app .aton-header { flex-wrap: wrap; }
.aton-rule-link { display: inline; font: inherit; font-weight: bold; font-size: 0.9em;
                  padding: 0 3px; margin: 0 1px; color: #0b3d6b; background: #e6eef8;
                  border: 1px solid #8aa9cf; border-radius: 4px; cursor: pointer;
                  line-height: 1.2; }
.aton-rule-link:hover { background: #cfe0f5; }
.aton-cited { white-space: nowrap; }  /* "(R6)." stays on one line */
/* The keyboard's focus: a ring 3 px wide, at 3:1 or more against every background of the
   app (WCAG 2.4.7, 1.4.11); it outranks the 1 px ring ipywidgets gives its own controls. */
.aton-rule-link:focus-visible, .aton-app :is(button, select, input, [tabindex]):focus-visible {
  outline: 3px solid #c25400 !important; outline-offset: 1px !important; }
.aton-rule .aton-rule-link { color: #fff; background: transparent; border: none;
                             font-size: 14px; padding: 0; }
.aton-drawer { position: fixed; top: 0; right: 0; bottom: 0; width: min(460px, 94vw);
               z-index: 1000; background: #fffdf8; border-left: 4px solid #b8860b;
               box-shadow: -6px 0 16px rgba(0, 0, 0, 0.25); padding: 10px 16px;
               overflow-y: auto; gap: 6px; }
.aton-drawer > * { flex-shrink: 0; }
.aton-drawer-top { justify-content: flex-end; }
.aton-rule-drawer { z-index: 1001; width: min(420px, 90vw); border-left-color: #0b3d6b; }
.aton-drawer h4 { margin: 10px 0 2px; font-size: 16px; color: #5a3d00; }
.aton-drawer p { margin: 3px 0; }
.aton-drawer ul { margin: 2px 0 2px 0; padding-left: 20px; }
.aton-rule-head { font-size: 19px; font-weight: bold; }
.aton-rule-section { color: #666; font-size: 13px; margin-bottom: 4px; }
.aton-chooser .widget-select select { font-size: 14px; }
.aton-warn-inline { color: #b00; }
/* The class box (aton/app/classpanel.py). */
.aton-class { background: #f6f3ff; border-color: #8c7ad6; }
.aton-class-code { font-family: monospace; font-size: 34px; font-weight: bold;
                   letter-spacing: 4px; color: #2b1a6b; vertical-align: middle; }
/* The code for the back of the room: on one line (6 characters and a thin space fit in
   16vw each), as tall as the screen allows, and Close in the corner, clear of it. */
.aton-class-code-big { font-family: monospace; font-size: min(16vw, 40vh); font-weight: bold;
                       letter-spacing: 1vw; color: #2b1a6b; line-height: 1.1;
                       white-space: nowrap; }
.aton-class-overlay { position: fixed; inset: 0; z-index: 1002; background: #fffdf8;
                      align-items: center; justify-content: center; padding: 4vh 2vw; }
.aton-class-overlay .aton-class-big-close { position: absolute; top: 2vh; right: 2vw; }
.aton-class .aton-class-red input, .aton-class .aton-class-blue input { width: 4em; }
.aton-class-bigcode { text-align: center; font-size: 28px; }
.aton-class-bigcode .aton-class-count { font-size: 24px; margin-top: 2vh; color: #333; }
.aton-class-join, .aton-class-who { font-size: 14px; color: #333; }
.aton-join-address { font-family: monospace; font-weight: bold; word-break: break-all; }
.aton-class-q { font-size: 16px; }
.aton-class-results { font-size: 16px; }
/* On a projector the class reads the question, the count and the result from the back of
   the room (20 px, as the rest of the column); the sentence for the teacher alone goes. */
.aton-projector .aton-class :is(.aton-class-q, .aton-class-results, .aton-class-who,
  .aton-class-join) { font-size: 20px; }
.aton-projector .aton-class .aton-class-private { display: none; }
/* A guess box of the class quiz (aton/app/predict.py): room for "no guess" / "sem palpite". */
.aton-quiz .widget-text input { flex: 0 0 7em; width: 7em; }
.aton-right { color: #1b5e20; } .aton-wrong { color: #b71c1c; }
/* Puzzles (aton/app/puzzlemode.py). */
.aton-puzzle-title { margin: 0 8px 0 0; font-size: 20px; }
.aton-puzzle-about { color: #4a4a4a; font-size: 13px; margin: 2px 0 0 0; }
.aton-projector .aton-puzzle-about { font-size: 20px; }
.aton-puzzle-right { background: #e8f5e9; border-left: 4px solid #2e7d32; }
.aton-puzzle-wrong { background: #fdecea; border-left: 4px solid #c62828; }
/* A student's page in follow mode: nothing on it moves the game. */
.aton-following .aton-steps, .aton-following .aton-game-setup,
.aton-following .aton-lesson-menu,
.aton-following .aton-coach { display: none !important; }
/* A game against a classmate: its set-up (opponent, colour, seed, lessons) is the game's. */
.aton-in-duel .aton-game-setup, .aton-in-duel .aton-lesson-menu { display: none !important; }
/* Nor the one-screen quiz (its Reveal steps the game): the teacher's questions come to the
   student's own box. */
.aton-following .aton-box:has(.aton-class-predicts) { display: none !important; }
</style>
"""


def plain_text(text: str) -> str:
    """``text`` without its HTML tags and entities: for a tooltip or an accessible name."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def player_name(player: str, capital: bool = False) -> str:
    """'red' or 'blue' in the current language, as the engine says it (``capital``: 'Red', at
    a sentence's start)."""
    name = errors.player_name(player)
    return name[:1].upper() + name[1:] if capital else name


def capitalized(text: str) -> str:
    """``text`` with its first letter (outside HTML tags) in capitals: a sentence that starts
    with a player's name in one language may not in another ("Red's turn", "Vez do
    vermelho"), so the finished sentence is capitalised, never the name."""
    inside = False
    for i, char in enumerate(text):
        if char == "<":
            inside = True
        elif char == ">":
            inside = False
        elif not inside and char.isalpha():
            return text[:i] + char.upper() + text[i + 1:]
    return text


def refusal_text(err: errors.RuleError) -> str:
    """A refused choice as the person who made it reads it: the rule id and the refusal's
    sentence, without the player's name it opens with ("R12: T4.1 is in temple 4, …", not
    "R12: red: T4.1 …"): the choice was theirs, and the prompt names whose turn it is."""
    detail = err.detail
    player = err.facts.get("player")
    if player is not None:
        detail = detail.removeprefix(f"{player}: ")
    return f"{err.rule}: {detail}"


def player_span(player: str, text: str | None = None) -> str:
    """``text`` (default: the player's name) in the player's colour, bold."""
    return (f'<b style="color:{PLAYER_COLOUR.get(player, "#222")}">'
            f'{text if text is not None else player_name(player)}</b>')


#: ``ring``: the class a hint (the lesson's or the coach's) puts on picker cards and slots.
HINT_CLASS = "aton-hint"

F = TypeVar("F", bound=Callable)


class Panel:
    """A part of the page that writes words. ``speaks()`` gives the language it writes in (the
    page's, set by the app; by default the language in force), and its methods marked
    ``@in_language`` write in it whoever calls them: a click, the app, a test. ``relabel()`` writes
    every word of the panel again, in place, when the page's language changes: no widget is
    made anew."""

    @staticmethod
    def speaks() -> str | None:
        return None

    def relabel(self) -> None:
        """Write the panel's words again in the language ``speaks()`` gives."""


def in_language(method: F) -> F:
    """Run a ``Panel`` method in the panel's language (``aton.i18n.speaking``)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with speaking(self.speaks()):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def relabel_options(widget, options: list[tuple[str, object]]) -> None:
    """New labels for a selection widget's options, the value kept (setting ``options`` alone
    would select the first one). Its observers see the change and the change back: the app
    ignores both while it relabels."""
    value = widget.value
    if list(widget.options) != list(options):
        widget.options = options
    if widget.value != value:
        widget.value = value
