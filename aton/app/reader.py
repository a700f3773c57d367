"""For a person who cannot see the board or use a mouse (WCAG 2.1 AA): the board in words, a
live region, and a name for every control.

- **The board in words** (``board_words``): temple by temple, square by square, the Kingdom of
  the Dead, the scores, the stocks, the exchange counters and the cards, from the view of the
  person at the screen (never a covered hand or a face-down card of the other player, R6).
  It is always in the page for a screen reader; the "The board in words" toggle shows it on
  the screen too (hidden, it is clipped to nothing, not removed, so it stays readable).
- **A live region** (``aria-live="polite"``): each step's sentence and what to do next, read
  out as they appear. The explanation panel shows the same words on the screen.
- **Names**: ipywidgets has no trait for ARIA attributes, so a small script in the page (an
  image that cannot load calls ``onerror``, as in ``layout.py``) sets them from a table the
  panel writes in the page's language: the board drawing is an image (``role="img"``) named
  after this description, icon-only buttons and unlabelled menus get an ``aria-label``, toggle
  buttons say whether they are pressed (``aria-pressed``). A ``MutationObserver`` applies the
  table again when the page changes (a button's words, a panel shown later).

Choosing a square from the keyboard is the list of legal squares (``squares.py``), which this
panel names; the card picker and the step buttons are buttons, reached with Tab.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from html import escape, unescape

from ipywidgets import HTML, Layout, ToggleButton, VBox, Widget

from ..engine.view import PlayerView
from ..i18n import translator
from .board_words import Section, board_words
from .theme import Panel, in_language

_ = translator("app")

#: The class that hides an element from the eye but not from a screen reader.
SR_ONLY = "aton-sr-only"
LIVE_CLASS = "aton-live"
WORDS_CLASS = "aton-words"
CSS = f"""<style>
.aton-app .{SR_ONLY} {{ position: absolute !important; width: 1px !important;
  height: 1px !important; min-height: 0 !important; padding: 0 !important;
  margin: -1px !important; overflow: hidden !important; clip: rect(0 0 0 0) !important;
  clip-path: inset(50%) !important; white-space: nowrap !important; border: 0 !important; }}
.aton-app .{WORDS_CLASS} h3 {{ font-size: 15px; margin: 6px 0 2px; }}
.aton-app .{WORDS_CLASS} ul {{ margin: 0 0 2px; padding-left: 18px; font-size: 14px; }}
</style>"""

# The script: the table is the image's data-names attribute, [[selector, {attribute:
# text}], ...]; "{text}" in a text stands for the element's own words (a card's value).
_NAMES_JS = (
    "const a=this.closest('.aton-app')||document.body;"
    "a._atonNames=JSON.parse(this.dataset.names);"
    "if(!a._atonName){"
    "const apply=()=>{a._atonQueued=false;"
    "for(const [sel,attrs] of a._atonNames){a.querySelectorAll(sel).forEach(el=>{"
    "const own=el.textContent.trim();"
    "for(const [k,v] of Object.entries(attrs)){"
    "if(v.includes('{text}')&&!own){el.removeAttribute(k);continue;}"
    "const t=v.split('{text}').join(own);"
    "if(el.getAttribute(k)!==t)el.setAttribute(k,t);}});}"
    "const pressed=(sel,cls)=>a.querySelectorAll(sel).forEach(b=>{"
    "const p=String(b.classList.contains(cls));"
    "if(b.getAttribute('aria-pressed')!==p)b.setAttribute('aria-pressed',p);});"
    "pressed('button.widget-toggle-button','mod-active');"
    # A card chosen, to be put on a cartouche next, is the one drawn orange (WCAG 4.1.2).
    "pressed('.aton-cardbtn','mod-warning');};"
    "a._atonName=apply;"
    "new MutationObserver(()=>{if(!a._atonQueued){a._atonQueued=true;setTimeout(apply,20);}})"
    ".observe(a,{subtree:true,childList:true,characterData:true,attributes:true,"
    "attributeFilter:['class']});}"
    "a._atonName();"
)


def plain(html_text: str) -> str:
    """What a screen reader reads of a panel's HTML: the words, without tags."""
    text = re.sub(r"</?(?:div|p|li|br|h\d)\b[^>]*>", " ", html_text)  # blocks: a space
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text))).strip()


def sections_html(sections: list[Section]) -> str:
    """The description as headings and lists, so a screen reader can move by heading."""
    parts = []
    for section in sections:
        parts.append(f"<h3>{escape(section.heading)}</h3>")
        if section.lines:
            parts.append("<ul>" + "".join(f"<li>{escape(line)}</li>" for line in section.lines)
                         + "</ul>")
    return "".join(parts)


class ReaderPanel(Panel):
    """The board in words (``words``, shown with ``toggle``), the live region (``live``) and
    the script naming the page's controls (``names``). ``show(view, explain)`` after each
    draw; ``name(...)`` registers a control's accessible name."""

    def __init__(self) -> None:
        self.names = HTML(layout=Layout(width="0", height="0", overflow="hidden"))
        self.toggle = ToggleButton(value=False, layout=Layout(width="auto"))
        self.toggle.add_class("aton-words-toggle")
        self.words = HTML(layout=Layout(width="100%"))
        self.words.add_class(WORDS_CLASS)
        self.words.add_class(SR_ONLY)
        self.live = HTML()
        self.live.add_class(LIVE_CLASS)
        self.live.add_class(SR_ONLY)
        self.widget = VBox([self.names, self.toggle, self.words, self.live],
                           layout=Layout(width="100%"))
        self.widget.add_class("aton-reader")
        self.toggle.observe(self._toggled, "value")
        # Live regions are there, empty, before anything is said in them: a region that
        # arrives already holding its words is often not read (WCAG 4.1.3). Besides the
        # step's sentence: what a card put down will do, a puzzle's verdict and a lesson's goal.
        live = {"aria-live": lambda: "polite", "aria-atomic": lambda: "true",
                "role": lambda: "status"}
        self._names: list[tuple[str, dict[str, Callable[[], str]]]] = [
            (f".{LIVE_CLASS} .widget-html-content", live),
            (".aton-meaning .widget-html-content", live),
            (".aton-puzzle-verdict .widget-html-content", live),
            (".aton-goal .widget-html-content", live),
        ]
        self._view: PlayerView | None = None
        self._said: Callable[[], str] = lambda: ""
        self._own = True  # the view is the person at the screen's own
        self.text = ""  # what the live region says now (plain words)

    # ------------------------------------------------------------------ names

    def name(self, widgets: Widget | Iterable[Widget], label: Callable[[], str], *,
             inner: str = "", role: str | None = None) -> None:
        """Give ``widgets`` (or the element ``inner`` selects inside each: "select" for a
        menu) the accessible name ``label()`` in the page's language; "{text}" in it stands
        for the element's own words. ``role``: an ARIA role as well ("img", "group")."""
        widgets = [widgets] if isinstance(widgets, Widget) else list(widgets)
        cls = f"aton-named-{len(self._names)}"
        for widget in widgets:
            widget.add_class(cls)
        attrs: dict[str, Callable[[], str]] = {"aria-label": label}
        if role:
            attrs["role"] = lambda: role
        self._names.append((f".{cls} {inner}".strip(), attrs))

    def name_page(self, page) -> None:
        """Name the page's controls that have no words of their own (or only a sign)."""
        self.name(page.board.figure, lambda: _(
            "The board of Aton, drawn: temples 1 to 4 and the Kingdom of the Dead. The same "
            "in words is under “The board in words”."), role="img")
        history = page.history
        self.name(history.earlier, lambda: history.earlier.tooltip or "")
        self.name(history.later, lambda: history.later.tooltip or "")
        self.name(page.controls.language, lambda: _("Language"), inner="select")
        self.name(page.controls.learner, lambda: page.controls.you_play.value, role="group")
        self.name(page.chooser.list, lambda: _("Squares you may choose"), inner="select")
        self.name(page.picker.cards, lambda: _("Card {text}"))
        # The drawers lie over part of the page: a screen reader says so, and names them.
        self.name(page.how_to.widget, lambda: _("How to play Aton"), role="dialog")
        self.name(page.rules.widget, lambda: _("A rule of the game"), role="dialog")

    # ------------------------------------------------------------------ words

    @in_language
    def relabel(self) -> None:
        self.toggle.description = _("The board in words")
        self.toggle.tooltip = _("Show the whole board in words on the screen (a screen reader "
                                "reads it whether it is shown or not)")
        table = [[selector, {k: text() for k, text in attrs.items()}]
                 for selector, attrs in self._names]
        self.names.value = CSS + (
            f'<img src="data:," alt="" style="display:none" class="aton-names" '
            f'data-names="{escape(json.dumps(table, ensure_ascii=False))}" '
            f'onerror="{escape(_NAMES_JS)}">')
        self._render()

    @in_language
    def show(self, view: PlayerView, said: Callable[[], str], own: bool = True) -> None:
        """Describe the position of ``view`` (the person at the screen's; ``own`` False: the
        screen a student follows, whose cards are named as the teacher's colour) and say
        ``said()`` (the step's sentence and what comes next, as HTML) in the live region."""
        self._view, self._said, self._own = view, said, own
        self._render()

    def _render(self) -> None:
        if self._view is not None:
            self.words.value = sections_html(board_words(self._view, self._own))
        text = plain(self._said())
        if text != self.text:  # the same words again are not read out twice
            self.text = text
            self.live.value = escape(text)

    def _toggled(self, change: dict) -> None:
        if change["new"]:
            self.words.remove_class(SR_ONLY)
        else:
            self.words.add_class(SR_ONLY)

    @property
    def description(self) -> str:
        """The board in words, as plain text (for tests)."""
        return plain(self.words.value)


def spoken(explain, keys: Callable[[], str] = lambda: "") -> Callable[[], str]:
    """What the live region reads of the explanation panel: the heading, the sentence of
    every step since the person's last action, the notice, the warning and what comes next.
    The panel shows the last three steps and leaves the rest to the log, a glance away; a
    screen reader has no glance, so the cards turned up, and each of the computer's moves
    that To my next decision runs past, are read as well (WCAG 4.1.3). ``keys()``: how to
    do by keyboard what the next sentence says to click ("" when nothing is to be clicked),
    so that the instructions read out do not rest on sight alone (WCAG 1.3.3)."""

    def said() -> str:
        parts = [explain.heading]
        parts += [event.text for event in explain.events]  # each cites its rule
        parts += [explain.notice, explain.warning, explain.next, keys()]
        return " ".join(p for p in parts if p)

    return said


__all__ = ["SR_ONLY", "ReaderPanel", "plain", "sections_html", "spoken"]
