"""How to play, on the first screen and one click away after that (the text is
``aton.teaching.howto.HOW_TO_PLAY``, in the current language); its rule ids open the rules like
everywhere else."""

from __future__ import annotations

import html

from ipywidgets import HTML, Button, HBox, Layout, VBox

from ..i18n import translator
from ..teaching.howto import HOW_TO_PLAY
from .rules_panel import with_rule_links
from .theme import Panel, in_language

_ = translator("app")


def how_to_play_html() -> str:
    """The sections of How to play as HTML, lists as lists, rule ids as buttons."""
    head = html.escape(_("How to play Aton"))
    parts = [f'<h2 class="aton-rule-head">{head}</h2>']
    for title, lines in HOW_TO_PLAY:
        parts.append(f"<h4>{html.escape(title)}</h4>")
        items: list[str] = []
        for line in lines:
            if line.startswith("• "):
                items.append(f"<li>{html.escape(line[2:])}</li>")
                continue
            if items:
                parts.append("<ul>" + "".join(items) + "</ul>")
                items = []
            parts.append(f"<p>{html.escape(line)}</p>")
        if items:
            parts.append("<ul>" + "".join(items) + "</ul>")
    return with_rule_links("".join(parts))


class HowToPlay(Panel):
    """A panel at the right edge of the page; ``show()`` opens it, its button closes it."""

    def __init__(self) -> None:
        self.text = HTML(layout=Layout(width="100%"))
        self.close = Button(button_style="success",
                            layout=Layout(width="auto", min_width="200px", height="36px"))
        self.close_top = Button(layout=Layout(width="auto", min_width="90px"))
        self.close_top.add_class("aton-drawer-close")  # Escape presses it (layout.py)
        top = HBox([self.close_top])
        top.add_class("aton-drawer-top")
        self.widget = VBox([top, self.text, self.close])
        self.widget.add_class("aton-drawer")
        self.widget.add_class("aton-howto")
        self.close.on_click(lambda _b: self.hide())
        self.close_top.on_click(lambda _b: self.hide())
        self.relabel()

    @in_language
    def relabel(self) -> None:
        self.text.value = how_to_play_html()
        self.close.description = _("Got it: let's play ▸")
        self.close.tooltip = _("Close How to play (the button at the top opens it again)")
        self.close_top.description = _("Close ✕")
        self.close_top.tooltip = _("Close How to play")

    def show(self) -> None:
        self.widget.layout.display = "flex"

    def hide(self) -> None:
        self.widget.layout.display = "none"

    @property
    def is_open(self) -> bool:
        return self.widget.layout.display != "none"
