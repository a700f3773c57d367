"""The explanation panel (what just happened, by which rule, and what to do next) and the log.

Both are single HTML widgets: the panel is rewritten at each step, the log lists every
event's sentence, newest first, so the latest is always in view without scrolling.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ipywidgets import HTML, Layout

from ..engine.events import Event
from ..i18n import plural_translator, translator
from ..teaching.rulebook import RULE_TITLES
from .rules_panel import link_rules, rule_links_area, with_rule_links
from .theme import Panel, in_language

_ = translator("app")
_n = plural_translator("app")

LOG_LIMIT = 200  # newest entries shown in the log
SHOWN = 3  # the explanation's sentences: the last steps'; the rest are in the log


def rule_badge(rule: str | None) -> str:
    """'R7' as a dark badge followed by its short title."""
    if not rule:
        return ""
    return (f'<span class="aton-rule">{escape(rule)}</span>'
            f'<span class="aton-rule-title">{escape(RULE_TITLES.get(rule, ""))}</span>')


Text = str | Callable[[], str] | None  # a text, or a function writing it in the page's language


def written(text: Text) -> str:
    """``text`` written now (a function is called, in the language in force)."""
    if text is None:
        return ""
    return text() if callable(text) else text


class ExplanationPanel(Panel):
    """What the last step did and why (its text and rule), what comes next, and warnings.

    Each text may be a function of no argument: it is written when the panel is drawn, so a
    language switch (``relabel``) writes it again. ``heading``, ``next``, ``warning`` and
    ``notice`` are the texts as last drawn."""

    def __init__(self) -> None:
        self.widget = HTML(layout=Layout(width="100%"))
        self.widget.add_class("aton-box")
        self.events: list[Event] = []
        self._texts: dict[str, Text] = {"heading": "", "next": "", "warning": "", "notice": ""}
        self.heading = self.next = self.warning = self.notice = ""

    @in_language
    def show(self, events: list[Event], *, heading: Text = "", next_text: Text = "",
             warning: Text = "", notice: Text = "") -> None:
        """Explain ``events`` (the last one in large type, earlier ones of the same step
        above it), then ``next_text`` (what the learner can do now)."""
        self.events = list(events)
        self._texts = {"heading": heading, "next": next_text, "warning": warning,
                       "notice": notice}
        self._render()

    @in_language
    def warn(self, text: Text) -> None:
        """Show a warning (an illegal click, a button that does nothing now); keep the rest."""
        self._texts["warning"] = text
        self._render()

    @in_language
    def relabel(self) -> None:
        self._render()

    @property
    def shown(self) -> list[Event]:
        """The steps whose sentences the panel shows: at most 3, the rest are in the log."""
        return self.events[-SHOWN:]

    @property
    def more(self) -> str:
        """How many earlier steps are in the log, in words ("" when none)."""
        more = len(self.events) - SHOWN
        return (_n("{n} earlier step is in the log below.",
                   "{n} earlier steps are in the log below.", more).format(n=more)
                if more > 0 else "")

    def _render(self) -> None:
        for key, text in self._texts.items():
            setattr(self, key, written(text))
        parts = []
        if self.heading:
            parts.append(f'<div class="aton-heading"><b>{self.heading}</b></div>')
        last = self.shown
        for i, event in enumerate(last):
            text = escape(event.text)
            if i == len(last) - 1:
                parts.append(f'<div>{rule_badge(event.rule)}</div>'
                             f'<div class="aton-explain-text">{text}</div>')
            else:
                parts.append(f'<div class="aton-earlier" style="color:#666;font-size:14px">'
                             f"{text}</div>")
        if self.more:
            parts.insert(1 if self.heading else 0,
                         '<div class="aton-more" style="color:#666;font-size:13px">… '
                         + self.more + "</div>")
        if self.notice:
            parts.append(f'<div class="aton-notice">{self.notice}</div>')
        if self.warning:
            parts.append(f'<div class="aton-warn">{self.warning}</div>')
        if self.next:
            parts.append(f'<div class="aton-next">{self.next}</div>')
        # One block: the box keeps its end (what to do now) in sight when it must scroll.
        self.widget.value = with_rule_links('<div class="aton-explain-body">'
                                            + "".join(parts) + "</div>")

    @property
    def text(self) -> str:
        """The sentence of the last event explained (for tests)."""
        return self.events[-1].text if self.events else ""


class GameLog(Panel):
    """Every event's sentence with its rule id, newest first, round by round: the events as
    the person at the screen may read them (``PlayerView.events``)."""

    def __init__(self) -> None:
        self.widget = HTML(layout=Layout(width="100%"))
        self.events: list[Event] = []
        self.entries: list[str] = []
        # The steps the log speaks of, as the move list counts them (kept exchange counters
        # and cards put face down included), and for each entry the number of its step.
        self.steps = 0
        self.numbers: list[int] = []

    @in_language
    def show(self, events: list[Event]) -> None:
        """Show the log of ``events`` (those worth logging)."""
        self.steps = len(events)
        self.numbers = [k for k, e in enumerate(events) if self.worth_logging(e)]
        events = [events[k] for k in self.numbers]
        # An entry is written once: only the events that changed since the last call are.
        same = 0
        for old, new in zip(self.events, events):
            if old is not new:
                break
            same += 1
        self.entries = self.entries[:same] + [self._entry(e) for e in events[same:]]
        self.events = events
        self._render()

    @in_language
    def relabel(self) -> None:
        self.entries = [self._entry(e) for e in self.events]
        self._render()

    @staticmethod
    def worth_logging(event: Event) -> bool:
        """Every event but a kept exchange counter, which says nothing new every round (R5),
        and another player's exchange not yet revealed: kept or handed in, it is logged (or
        not) once the cards are face up, so the log cannot tell the two apart before (R6)."""
        return not (event.type == "secret"
                    or (event.type == "exchange" and not event.data.get("used")))

    @staticmethod
    def _entry(event: Event) -> str:
        cls = ' class="aton-round"' if event.type == "round" else ""
        rule = f"<b>{escape(event.rule)}</b> · " if event.rule else ""
        return link_rules(f"<div{cls}>{rule}{escape(event.text)}</div>")

    def _render(self) -> None:
        shown = self.entries[-LOG_LIMIT:][::-1]
        # The steps before the oldest entry shown, every step counted (as in the head).
        more = self.numbers[-len(shown)] if len(self.entries) > len(shown) else 0
        tail = ('<div style="color:#888">… '
                + _n("{n} earlier step", "{n} earlier steps", more).format(n=more)
                + "</div>") if more > 0 else ""
        # Every step of the game, as the move list counts them: the two counts agree.
        n = self.steps
        head = _n("<b>Game log</b> ({n} step, newest first)",
                  "<b>Game log</b> ({n} steps, newest first)", n).format(n=n)
        self.widget.value = rule_links_area(f'<div class="aton-log"><h2 class="aton-head">'
                                            f"{head}</h2>" + "".join(shown) + tail + "</div>")

    @property
    def texts(self) -> list[str]:
        """The log's entries, oldest first, as plain HTML strings."""
        return list(self.entries)
