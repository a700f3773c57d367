"""Both players' cards on cartouches 1-4, face down until the reveal (R6), with the cartouches
the current step reads highlighted (cartouche 1 for points, 2 for order and removal, ...:
``Event.cartouches``). The page gives it only the cards the person at the screen may see."""

from __future__ import annotations

from html import escape

from ipywidgets import HTML, Layout

from ..i18n import translator
from ..teaching.cartouches import CARTOUCHE_NAMES
from .panel import Text, written
from .rules_panel import with_rule_links
from .theme import Panel, in_language, player_span

_ = translator("app")

PLAYERS = ("red", "blue")


class CartoucheTable(Panel):
    """A small table: rows red and blue, columns cartouches 1-4."""

    def __init__(self) -> None:
        self._widget: HTML | None = None  # built when first shown (after the first cards)
        self.cards: dict[str, tuple[int, ...] | None] = {}
        self.highlight: dict[str, set[int]] = {}
        self.shown: dict[tuple[str, int], str] = {}
        self.first: str | None = None
        self._shown: tuple | None = None  # the arguments of the last show, to write it again

    @property
    def widget(self) -> HTML:
        if self._widget is None:
            self._widget = HTML(layout=Layout(width="100%"))
            self._widget.add_class("aton-box")
        return self._widget

    @in_language
    def relabel(self) -> None:
        if self._shown is not None:
            cards, kwargs = self._shown
            self.show(cards, **kwargs)

    @in_language
    def show(self, cards: dict[str, tuple[int, ...] | None], *, facedown: set[str] = frozenset(),
             highlight: dict[str, set[int]] | None = None, title: Text = "",
             first: str | None = None) -> None:
        """``cards``: each player's cards on cartouches 1-4 (None: not yet chosen, or not to
        be shown); players in ``facedown`` have chosen but their cards are not shown yet."""
        self._shown = (cards, {"facedown": facedown, "highlight": highlight, "title": title,
                               "first": first})
        title = written(title)
        self.cards = dict(cards)
        self.first = first
        self.highlight = highlight or {}
        head = "".join(f"<th>{c}<br><small>{CARTOUCHE_NAMES[c]}</small></th>"
                       for c in (1, 2, 3, 4))
        rows = []
        for p in PLAYERS:
            mine = cards.get(p)
            name = player_span(p)
            if first == p:
                name += "<br><small>" + _("goes first") + "</small>"
            cells = []
            for c in (1, 2, 3, 4):
                cls = ' class="aton-hl"' if c in self.highlight.get(p, ()) else ""
                if mine is None:
                    shown, css = "—", "aton-facedown"
                elif p in facedown:
                    shown, css = _("face down"), "aton-facedown"
                else:
                    shown, css = str(mine[c - 1]), "aton-card"
                self.shown[(p, c)] = shown
                text = f'<span class="{css}">{shown}</span>'
                cells.append(f"<td{cls}>{text}</td>")
            rows.append(f"<tr><td>{name}</td>{''.join(cells)}</tr>")
        caption = f"<div><b>{escape(title)}</b></div>" if title else ""
        # Translators: the head of the column of player names in the table of cartouches.
        column = _("cartouche")
        self.widget.value = with_rule_links(
            f'{caption}<table class="aton-table" style="width:100%">'
            f"<tr><th>{column}</th>{head}</tr>{''.join(rows)}</table>")

    def value_shown(self, player: str, cartouche: int) -> str:
        """What the table shows for ``player``'s cartouche: '3', 'face down' or '—'."""
        return self.shown.get((player, cartouche), "—")
