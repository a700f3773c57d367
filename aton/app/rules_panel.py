"""Every rule id the app shows ("R12") opens that rule's text in a side panel.

``link_rules(html)`` turns each rule id in a piece of HTML into a small button, and
``rule_links_area`` wraps the HTML of a widget in one element that listens for clicks on
them. A click cannot call Python directly (Voilà runs no code sent from the page), so the
listener writes the rule id into a hidden ``Text`` widget, the *bridge*, whose change reaches
the kernel like any widget value; ``RulePanel`` watches it and opens the rule. The buttons
are real <button> elements: Tab reaches them and Enter opens the rule.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from ipywidgets import HTML, Button, HBox, Layout, Text, VBox

from ..i18n import translator
from ..teaching.rulebook import RULE_ID, RULE_TITLES, rule_ids, rule_section, rule_text
from .theme import Panel, in_language

_ = translator("app")

BRIDGE_CLASS = "aton-rule-bridge"
# One listener per HTML widget (not one per button: the log holds hundreds of rule ids).
# A click on a rule button puts "R12 <time>" in the bridge: the time makes a second click on
# the same rule a change too, so it is sent again.
_ONCLICK = ("const b=event.target.closest('.aton-rule-link');if(!b)return;"
            "const a=this.closest('.aton-app')||document;"
            f"const i=a.querySelector('.{BRIDGE_CLASS} input');"
            "if(i){i.value=b.dataset.rule+' '+Date.now();"
            "i.dispatchEvent(new Event('input',{bubbles:true}));}")
_TAG = re.compile(r"(<[^>]*>)")


def rule_button(rule: str) -> str:
    """The HTML of one clickable rule id."""
    title = _("Read rule {rule}: {title}").format(rule=rule, title=RULE_TITLES.get(rule, ""))
    return (f'<button type="button" class="aton-rule-link" data-rule="{rule}" '
            f'title="{html.escape(title)}">{rule}</button>')


def link_rules(text: str) -> str:
    """``text`` (HTML) with every rule id outside tags made a button that opens the rule.

    Ids already inside a rule button are left alone, so linking twice changes nothing."""
    out, inside = [], 0
    for piece in _TAG.split(text):
        if piece.startswith("<"):
            if piece.startswith('<button type="button" class="aton-rule-link"'):
                inside += 1
            elif piece == "</button>" and inside:
                inside -= 1
            out.append(piece)
        elif inside:
            out.append(piece)
        else:
            out.append(_CITED.sub(_linked, piece))
    return "".join(out)


# A rule id with the brackets and stop around it: "(R6)." A button is a line-break chance on
# either side, so without a span that keeps them together a line could end in "(" and the
# next begin with the button.
_CITED = re.compile(rf"(\(?)({RULE_ID.pattern})(\)?[.,;:]?)")


def _linked(m: re.Match) -> str:
    before, rule, after = m.group(1), m.group(2), m.group(4)
    if not before and not after:
        return rule_button(rule)
    return f'<span class="aton-cited">{before}{rule_button(rule)}{after}</span>'


def rule_links_area(linked: str) -> str:
    """Wrap HTML whose rule ids are buttons already (``link_rules``) so their clicks open
    the rules: the outermost element of a widget's HTML."""
    return f'<div class="aton-rules-area" onclick="{_ONCLICK}">{linked}</div>'


def with_rule_links(text: str) -> str:
    """``text`` (HTML) with its rule ids made buttons that open the rules."""
    return rule_links_area(link_rules(text))


def markdown_html(text: str) -> str:
    """The little Markdown of the rulebook as HTML: paragraphs, "- " lists, tables, `code`."""
    def inline(s: str) -> str:
        s = html.escape(s)
        s = re.sub(r"`([^`]+)`", r"<code>\1</code>", s)
        return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", s)

    blocks, para, items, rows = [], [], [], []

    def flush() -> None:
        if para:
            blocks.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()
        if items:
            blocks.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if rows:
            cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows
                     if not set(r) <= set("|-: ")]
            head, *body = cells
            blocks.append('<table class="aton-table aton-compact"><tr>'
                          + "".join(f"<th>{inline(c)}</th>" for c in head) + "</tr>"
                          + "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r)
                                    + "</tr>" for r in body) + "</table>")
            rows.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("|"):
            if para or items:
                flush()
            rows.append(stripped)
        elif line.startswith("- "):
            if para or rows:
                flush()
            items.append(stripped[2:])
        elif items and line.startswith("  "):
            items[-1] += " " + stripped  # an item that goes on over two lines
        else:
            if items or rows:
                flush()
            para.append(stripped)
    flush()
    return "".join(blocks)


class RulePanel(Panel):
    """A panel at the right edge of the page with one rule's text, opened by a rule id."""

    def __init__(self) -> None:
        self.bridge = Text(value="", layout=Layout(display="none"))
        self.bridge.add_class(BRIDGE_CLASS)
        self.text = HTML(layout=Layout(width="100%"))
        self.close = Button(layout=Layout(width="auto"))
        self.close.add_class("aton-drawer-close")  # Escape presses it (layout.py)
        self.previous = Button(layout=Layout(width="auto"))
        self.next = Button(layout=Layout(width="auto"))
        self.widget = VBox([HBox([self.previous, self.next, self.close]), self.text],
                           layout=Layout(display="none"))
        self.widget.add_class("aton-drawer")
        self.widget.add_class("aton-rule-drawer")
        self.rule: str | None = None
        self._opened: list[Callable[[str], None]] = []
        self.bridge.observe(self._from_page, "value")
        self.close.on_click(lambda _b: self.hide())
        self.previous.on_click(lambda _b: self._move(-1))
        self.next.on_click(lambda _b: self._move(1))
        self._asked: str | None = None  # the rule last asked for, shown again on relabel
        self.relabel()

    @in_language
    def relabel(self) -> None:
        self.close.description = _("Close ✕")
        self.close.tooltip = _("Close the rule")
        self.previous.description = _("◂ previous rule")
        self.next.description = _("next rule ▸")
        if self._asked is not None:
            self._write(self._asked)

    def on_open(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(rule_id)`` whenever a rule is opened (the app clears warnings)."""
        self._opened.append(callback)

    def _from_page(self, change: dict) -> None:
        rule = change["new"].split(" ", 1)[0]
        if rule:
            self.show(rule)

    @in_language
    def show(self, rule: str) -> None:
        """Open rule ``rule`` ('R12'); an id the rulebook does not have is said so."""
        self._write(rule)
        self.widget.layout.display = "flex"
        for callback in self._opened:
            callback(rule)

    def _write(self, rule: str) -> None:
        self._asked = rule
        try:
            body = link_rules(markdown_html(rule_text(rule)))  # rules that cite rules
            section = rule_section(rule)
        except KeyError:
            self.rule = None
            self.text.value = ('<div class="aton-warn">'
                               + _("There is no rule called {rule}: the rules are R1 to "
                                   "{last}.").format(rule=html.escape(rule),
                                                     last=f"R{len(rule_ids())}")
                               + "</div>")
        else:
            self.rule = rule
            title = RULE_TITLES.get(rule, "")
            note = ""
            if rule in ("R3", "R16"):
                note = ('<p class="aton-notice">'
                        + _("The rules call the turquoise squares <b>blue squares</b> (B).")
                        + "</p>")
            head = _("Rule {rule}: {title}").format(rule=rule, title=html.escape(title))
            self.text.value = rule_links_area(
                f'<h2 class="aton-rule-head">{head}</h2>'
                f'<div class="aton-rule-section">{html.escape(section)}</div>{body}{note}')
        ids = rule_ids()
        k = ids.index(self.rule) if self.rule in ids else -1
        self.previous.disabled = k <= 0
        self.next.disabled = k < 0 or k == len(ids) - 1

    def _move(self, step: int) -> None:
        ids = rule_ids()
        if self.rule in ids:
            self.show(ids[max(0, min(len(ids) - 1, ids.index(self.rule) + step))])

    def hide(self) -> None:
        self.widget.layout.display = "none"

    @property
    def is_open(self) -> bool:
        return self.widget.layout.display != "none"
