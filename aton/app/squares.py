"""Choosing a square from the keyboard: the legal squares in a list with full labels.

The board is an SVG drawing that Tab cannot reach, so during a board decision (remove,
place, take back) this list offers the same squares: Tab to it, arrow keys to move (the
square is ringed on the board as the choice moves), Tab to the button and Enter. The button
goes through the same path as a click on the board. Each label names the square, its colour
and what is on it, for a screen reader too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ipywidgets import HTML, Button, HBox, Layout, Select, VBox

from ..engine.board import BONUS_VALUE, COLOUR, SQUARE_INDEX, SQUARES_PER_TEMPLE
from ..i18n import N_, translator
from .theme import Panel, in_language

_ = translator("app")

ACTIONS = {"place": N_("Place a counter here"), "remove": N_("Remove this counter"),
           "take_back": N_("Take this counter back")}
#: The button once a square is picked: it names the square, so that what Enter will do is
#: read before it is done (and a page that has not yet heard of the pick still names the old
#: one: the browser sends a button's click at once, but may hold a list's new value back
#: while the kernel is busy).
ACTIONS_ON = {"place": N_("Place a counter on {square}"),
              "remove": N_("Remove the counter on {square}"),
              "take_back": N_("Take back the counter on {square}")}
#: What is on a square, in the list's labels.
ON_SQUARE = {None: N_("empty"), "red": N_("a red counter"), "blue": N_("a blue counter")}
#: A square's label in the list, one whole message per colour (in Portuguese the colour
#: agrees with "casa"). The rules' blue squares are called turquoise here, so a colour can
#: never be read as a player.
LABELS = {
    "Y": N_("{name}: temple {temple}, square {square} (row {row}), yellow, {on}"),
    "G": N_("{name}: temple {temple}, square {square} (row {row}), green, {on}"),
    "K": N_("{name}: temple {temple}, square {square} (row {row}), black, {on}"),
    "B": N_("{name}: temple {temple}, square {square} (row {row}), turquoise, {on}"),
    "+": N_("{name}: temple {temple}, square {square} (row {row}), bonus +{value}, {on}"),
}


def square_label(name: str, owner: str | None) -> str:
    """'T3.8: temple 3, square 8 (row 2), turquoise, a red counter' (or 'empty')."""
    i = SQUARE_INDEX[name]
    temple, k = divmod(i, SQUARES_PER_TEMPLE)
    return _(LABELS[COLOUR[i]]).format(
        name=name, temple=temple + 1, square=k + 1, row=k // 4 + 1, value=BONUS_VALUE[i],
        on=_(ON_SQUARE.get(owner, ON_SQUARE[None])))


class SquareChooser(Panel):
    """The list of legal squares and its button; ``on_choose(cb)`` gets the square's name,
    ``on_browse(cb)`` the square the list points at (to ring it on the board)."""

    def __init__(self) -> None:
        self.title = HTML()
        self.list = Select(options=[], rows=5,
                           layout=Layout(width="auto", flex="1 1 330px",
                                         # the row's width, less the list's own margins
                                         max_width="calc(100% - 4px)"))
        self.list.add_class("aton-square-list")
        self.choose = Button(button_style="primary", layout=Layout(width="auto", height="36px"))
        row = HBox([self.list, self.choose], layout=Layout(align_items="flex-start"))
        row.add_class("aton-row")  # the button goes under the list on a narrow screen
        self.widget = VBox([self.title, row])
        self.widget.add_class("aton-box")
        self.widget.add_class("aton-chooser")
        self._choose: list[Callable[[str], None]] = []
        self._browse: list[Callable[[str], None]] = []
        self.choose.on_click(lambda _b: self._chosen())
        self.list.observe(self._moved, "value")
        self._loaded: tuple = ("place", [], {})

    @in_language
    def relabel(self) -> None:
        self.load(*self._loaded)

    def on_choose(self, callback: Callable[[str], None]) -> None:
        self._choose.append(callback)

    def on_browse(self, callback: Callable[[str], None]) -> None:
        self._browse.append(callback)

    @in_language
    def load(self, kind: str, squares: Iterable[str], owners: dict[str, str | None]) -> None:
        """Offer ``squares`` for a ``kind`` decision ('place', 'remove', 'take_back')."""
        squares = list(squares)
        self._loaded = (kind, squares, dict(owners))
        options = [(square_label(n, owners.get(n)), n) for n in squares]
        if list(self.list.options) != options:
            picked = self.list.value
            self.list.options = options
            # The same squares in new words (the page's language changed): keep the pick.
            self.list.value = picked if picked in squares else None
        self._name_button()
        self.choose.tooltip = _("Choose the square picked in the list (the same as clicking "
                                "it on the board)")
        self.title.value = _("<b>Or use the keyboard:</b> Tab to the list, pick a square with "
                             "the arrow keys, then Tab and Enter.")

    def _name_button(self) -> None:
        kind, picked = self._loaded[0], self.list.value
        if picked:
            self.choose.description = (_(ACTIONS_ON[kind]) if kind in ACTIONS_ON else _(
                "Choose {square}")).format(square=picked)
        else:
            self.choose.description = _(ACTIONS[kind]) if kind in ACTIONS else _(
                "Choose this square")

    @in_language
    def _moved(self, change: dict) -> None:
        self._name_button()
        if change["new"]:
            for callback in self._browse:
                callback(change["new"])

    @in_language
    def _chosen(self) -> None:
        name = self.list.value
        if not name:
            self.title.value = ('<span class="aton-warn-inline" role="alert">'
                                + _("First pick a square in the list (arrow keys), then this "
                                    "button.") + "</span>")
            return
        for callback in self._choose:
            callback(name)
