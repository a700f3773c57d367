"""The board as a bqplot figure: four temples, their squares, the counters, the Kingdom of the Dead.

One figure is built once; every later change (counters, highlights, the Kingdom, stocks)
assigns new lists to the marks' traits inside ``hold_sync()``, so the browser updates in place.
Cells 0-47 are the temple squares (index = (temple - 1) * 12 + square - 1, as in the engine),
cells 48-55 the eight places of the Kingdom of the Dead (R2, R15), filled in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import ExitStack
from functools import lru_cache

from bqplot import Figure, Label, LinearScale, Scatter

from ..engine.board import (
    BONUS_VALUE,
    COLOUR,
    KINGDOM_SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES_PER_TEMPLE,
    TEMPLE_POSITION,
)
from ..engine.render import BONUS_TEXT, KINGDOM_FILL, NUMBER_DARK, NUMBER_LIGHT
from ..i18n import translator
from .theme import (
    DIMMED,
    EVENT_RING,
    FOCUS_RING,
    HINT_RING,
    LEGAL_RING,
    PLAYER_COLOUR,
    SQUARE_FILL,
    Panel,
    in_language,
    player_name,
)

_ = translator("app")

CELLS = 48 + KINGDOM_SIZE
UNIT = 50  # pixels per square (one data unit)
TITLE = 0.55  # room above each temple for its name
GAP = 0.6  # between temples
RING = 1.02  # the event ring, the largest marker (in units)
# The data range is exactly the drawing; bqplot pads each side by half the largest marker
# (sqrt(default_size) / 2 + 1 px), which is the figure's margin.
X_MIN, X_MAX = 0.0, 10.85
Y_MIN, Y_MAX = 0.0, 7.7
PAD = RING * UNIT / 2 + 1
MARGIN = 2
WIDTH = round((X_MAX - X_MIN) * UNIT + 2 * PAD) + 2 * MARGIN
HEIGHT = round((Y_MAX - Y_MIN) * UNIT + 2 * PAD) + 2 * MARGIN
KINGDOM_X = (9.35, 10.35)  # two columns of four places
KINGDOM_Y0 = 1.55


def cell_xy(cell: int) -> tuple[float, float]:
    """Centre of a cell in data units; y grows downwards (the y scale is reversed)."""
    if cell >= 48:
        k = cell - 48
        return KINGDOM_X[k % 2], KINGDOM_Y0 + k // 2
    t, k = cell // SQUARES_PER_TEMPLE + 1, cell % SQUARES_PER_TEMPLE
    row, col = TEMPLE_POSITION[t]  # R3: 1 top left, 2 top right, 3 bottom left, 4 bottom right
    x0 = col * (4 + GAP)
    y0 = TITLE + row * (3 + GAP + TITLE)
    return x0 + k % 4 + 0.5, y0 + k // 4 + 0.5


XY = [cell_xy(c) for c in range(CELLS)]
CELL_FILL = [SQUARE_FILL[COLOUR[i]] for i in range(48)] + [KINGDOM_FILL] * KINGDOM_SIZE
BONUS = [i for i in range(48) if BONUS_VALUE[i]]

# ---- The board's colours. Every word or number on the board is at least 4.5:1 against what it
# is drawn on (WCAG 2.1 1.4.3); ``tests/test_board_contrast.py`` measures each pair.
BACKGROUND = "#f5efe0"  # the cream around the temples
TITLE_TEXT = "#222222"  # the temples' and the Kingdom's names, "3/8 full", "Stock:": 13.9:1
#: The stocks' words ("red 29") in their player's colour, darker than the counters': the red
#: counter's #d62728 was 4.38:1 on the cream, this red is 4.9:1 (the blue is 5.8:1).
INFO_TEXT = {"red": "#c62828", "blue": PLAYER_COLOUR["blue"]}
#: The bonus squares' "+1"/"+2" (on the bonus square's light fill): 6.7:1.
BONUS_LABEL = BONUS_TEXT
SQUARE_STROKE = "#3a3a3a"
COUNTER_STROKE = "#ffffff"


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def relative_luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour '#rrggbb'."""
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2.1's contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def seen_fill(fill: str, opacity: float = 1.0) -> str:
    """A square's colour as seen: ``fill`` at ``opacity`` over the board's background (the
    squares that cannot be chosen during a decision are drawn at ``DIMMED``)."""
    mixed = (round(opacity * f + (1 - opacity) * g)
             for f, g in zip(_rgb(fill), _rgb(BACKGROUND), strict=True))
    return "#{:02x}{:02x}{:02x}".format(*mixed)


@lru_cache(maxsize=64)  # a handful of (fill, opacity) pairs, asked for 56 squares each redraw
def number_colour(fill: str, opacity: float = 1.0) -> str:
    """The colour of a square's number: dark or white, whichever stands out more from the
    square as seen (white on the black squares and the Kingdom's places, dark on the others,
    and dark on a faded black square)."""
    seen = seen_fill(fill, opacity)
    return max((NUMBER_DARK, NUMBER_LIGHT), key=lambda text: contrast(text, seen))


#: The numbers' colours with every square at full opacity.
NUMBER_COLOURS = [number_colour(CELL_FILL[c]) for c in range(CELLS)]
#: The text marks and their usual size in pixels (at the board's size of WIDTH x HEIGHT).
LABEL_SIZES = {"bonus_labels": 22, "bonus_corner": 13, "numbers": 13, "titles": 15,
               "kingdom_numbers": 12, "info": 15}
#: A counter's width (its white edge adds 1.25 px around it). Square numbers sit in the top
#: left corner and an occupied bonus square's "+1"/"+2" in the bottom right corner, both
#: outside the counter (they were half under it, and the "+2" on the square's lower edge, under
#: the next square's hint ring), and inside the rings drawn around a square (0.44 of a unit
#: from its centre at the nearest).
COUNTER_SIDE = 0.48
NUMBER_AT = (-0.42, -0.345)  # from a square's centre: the left end and middle of its number
BONUS_CORNER_AT = (0.42, 0.345)  # the right end and middle of an occupied square's bonus
#: The words under the Kingdom ("3/8 full", "Stock:", "red 29") have the board's last two
#: units of width; a character of their bold type is at most this much of its size wide
#: (about 0.51 measured, English and Portuguese), so the longest line sets their largest size.
INFO_ROOM = 2 * UNIT
EM_PER_CHARACTER = 0.55
#: The figure's marks, bottom to top (browser tests find a mark's SVG group by this order).
# The frame of the squares to click is drawn over the last step's ring: a square can be both
# (a removal among the counters just placed), and the learner must still see it may be clicked.
MARKS = ("squares", "bonus_labels", "counters", "bonus_corner", "numbers", "titles",
         "kingdom_numbers", "info", "event", "legal", "hint", "focus", "keep")
#: A lesson's "keep this counter" mark: a green diamond, so it is never taken for the orange
#: ring of the square to click (lesson 9 shows both at once).
KEEP_MARK = "#1e8449"
#: d3's diamond of area A is sqrt(2 A / tan 30°) tall (1.86 sqrt(A)) and 0.58 times as wide: a
#: marker of the rings' area stood two squares tall and took the clicks meant for the square
#: above (lesson 9: a click on T4.4 took back the counter on T4.8). This one is 0.9 of a square
#: tall, inside its own square.
KEEP_SIDE = 0.9 / (2 / (1 / 3) ** 0.5) ** 0.5


def _px(side: float) -> int:
    """bqplot marker size (an area in px²) of a marker ``side`` units wide."""
    return round((side * UNIT) ** 2)


class BoardView(Panel):
    """The board figure with clickable squares. ``on_click(callback)`` gets square names
    ('T1.5') or 'K1'..'K8' for places of the Kingdom of the Dead."""

    def __init__(self) -> None:
        sx = LinearScale(min=X_MIN, max=X_MAX)
        sy = LinearScale(min=Y_MIN, max=Y_MAX, reverse=True)  # reading order: row 1 on top
        scales = {"x": sx, "y": sy}
        xs = [x for x, _ in XY]
        ys = [y for _, y in XY]
        self.squares = Scatter(x=xs, y=ys, scales=scales, marker="square",
                               default_size=_px(0.94), colors=CELL_FILL, stroke=SQUARE_STROKE,
                               stroke_width=1.0, opacities=[1.0] * CELLS)
        # Bonus values: large in the middle of an empty bonus square, small in its corner
        # when a counter covers the middle.
        self.bonus_labels = Label(
            x=[XY[i][0] for i in BONUS], y=[XY[i][1] + 0.15 for i in BONUS],
            text=self._bonus_text(empty=True), scales=scales, colors=[BONUS_LABEL],
            default_size=LABEL_SIZES["bonus_labels"], align="middle", font_weight="bold")
        self.bonus_corner = Label(
            x=[XY[i][0] + BONUS_CORNER_AT[0] for i in BONUS],
            y=[XY[i][1] + BONUS_CORNER_AT[1] for i in BONUS],
            text=self._bonus_text(empty=False), scales=scales, colors=[BONUS_LABEL],
            default_size=LABEL_SIZES["bonus_corner"], align="end", font_weight="bold")
        self.numbers = Label(
            x=[XY[i][0] + NUMBER_AT[0] for i in range(48)],
            y=[XY[i][1] + NUMBER_AT[1] for i in range(48)],
            text=[str(i % SQUARES_PER_TEMPLE + 1) for i in range(48)], scales=scales,
            colors=NUMBER_COLOURS[:48],
            default_size=LABEL_SIZES["numbers"], align="start", font_weight="normal")
        titles_x, titles_y = [], []
        for t in (1, 2, 3, 4):
            x, y = XY[(t - 1) * SQUARES_PER_TEMPLE]
            titles_x.append(x - 0.5)
            titles_y.append(y - 0.68)
        kx = (KINGDOM_X[0] + KINGDOM_X[1]) / 2
        titles_x += [kx - 1.0, kx - 1.0]
        titles_y += [0.25, 0.62]
        self.titles = Label(x=titles_x, y=titles_y, text=self._titles(), scales=scales,
                            colors=[TITLE_TEXT], default_size=LABEL_SIZES["titles"],
                            align="start", font_weight="bold")
        self.kingdom_numbers = Label(
            x=[XY[c][0] + NUMBER_AT[0] for c in range(48, CELLS)],
            y=[XY[c][1] + NUMBER_AT[1] for c in range(48, CELLS)],
            text=[str(k + 1) for k in range(KINGDOM_SIZE)], scales=scales,
            colors=NUMBER_COLOURS[48:], default_size=LABEL_SIZES["kingdom_numbers"],
            align="start", font_weight="normal")
        self.info = Label(x=[kx - 1.0, kx - 1.0, kx - 1.0, kx - 1.0],
                          y=[5.75, 6.3, 6.85, 7.4], text=["", "", "", ""], scales=scales,
                          colors=[TITLE_TEXT, TITLE_TEXT, INFO_TEXT["red"], INFO_TEXT["blue"]],
                          default_size=LABEL_SIZES["info"], align="start", font_weight="bold")
        self.counters = Scatter(x=[], y=[], scales=scales, marker="circle",
                                default_size=_px(COUNTER_SIDE), colors=[], stroke=COUNTER_STROKE,
                                stroke_width=2.5)
        self.legal = Scatter(x=[], y=[], scales=scales, marker="square",
                             default_size=_px(0.94), fill=False, stroke=LEGAL_RING,
                             colors=[LEGAL_RING], stroke_width=3.0)
        self.event = Scatter(x=[], y=[], scales=scales, marker="square",
                             default_size=_px(RING), fill=False, stroke=EVENT_RING,
                             colors=[EVENT_RING], stroke_width=5.0)
        # A lesson's hint (aton/app/tutor.py): a wider ring in its own colour, so it is never
        # mistaken for the last step's.
        self.hint = Scatter(x=[], y=[], scales=scales, marker="square",
                            default_size=_px(RING), fill=False, stroke=HINT_RING,
                            colors=[HINT_RING], stroke_width=7.0, opacities=[0.9])
        # The square picked in the keyboard list (aton.app.squares), before it is chosen.
        self.focus = Scatter(x=[], y=[], scales=scales, marker="square",
                             default_size=_px(0.8), fill=False, stroke=FOCUS_RING,
                             colors=[FOCUS_RING], stroke_width=5.0)
        self.keep = Scatter(x=[], y=[], scales=scales, marker="diamond",
                            default_size=_px(KEEP_SIDE), fill=False, stroke=KEEP_MARK,
                            colors=[KEEP_MARK], stroke_width=4.0)
        self._labels = [getattr(self, name) for name in LABEL_SIZES]
        self._label_factor = 1.0  # the projector's larger words (scale_labels)
        self._info_chars = 1  # the longest line the words under the Kingdom can have
        marks = [getattr(self, name) for name in MARKS]
        self.figure = Figure(
            marks=marks, fig_margin={"top": MARGIN, "bottom": MARGIN, "left": MARGIN,
                                     "right": MARGIN},
            padding_x=0, padding_y=0, background_style={"fill": BACKGROUND},
            min_aspect_ratio=0.1, max_aspect_ratio=10, display_toolbar=False,
            layout={"width": f"{WIDTH}px", "height": f"{HEIGHT}px"})
        self.figure.add_class("aton-board")
        # Which cell each point of a clickable mark stands for.
        self._cells_of = {id(self.squares): list(range(CELLS)), id(self.counters): [],
                          id(self.legal): [], id(self.event): [], id(self.hint): [],
                          id(self.focus): [], id(self.keep): []}
        self._callbacks: list[Callable[[str], None]] = []
        for mark in (self.squares, self.counters, self.legal, self.event, self.hint,
                     self.focus, self.keep):
            mark.on_element_click(self.handle_click)
        self.board: list[int] = [0] * 48
        self.kingdom: list[str] = []
        self.legal_cells: list[int] = []
        self.event_cells: list[int] = []
        self.stock: dict[str, int] | None = None

    @staticmethod
    def _titles() -> list[str]:
        # Translators: the Kingdom of the Dead's name on the board, on two short lines.
        return [*(_("Temple {number}").format(number=t) for t in (1, 2, 3, 4)),
                _("Kingdom of"), _("the Dead")]

    @in_language
    def relabel(self) -> None:
        """The temples' and the Kingdom's names, and the stocks' words, in the page's
        language."""
        self.titles.text = self._titles()
        self.update(self.board, self.kingdom, legal=[self._name(c) for c in self.legal_cells],
                    event=[self._name(c) for c in self.event_cells], stock=self.stock)

    @staticmethod
    def _name(cell: int) -> str:
        return cell_name(cell)

    # ------------------------------------------------------------------ clicks

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(name)`` when a square ('T2.7') or Kingdom place ('K3') is clicked."""
        self._callbacks.append(callback)

    def handle_click(self, mark: Scatter, content: dict) -> None:
        """bqplot's element-click handler: map the clicked point to its cell and report it."""
        index = content.get("data", {}).get("index")
        cells = self._cells_of.get(id(mark), [])
        if index is None or not 0 <= index < len(cells):
            return
        self.click(cell_name(cells[index]))

    def click(self, name: str) -> None:
        """Act as if square ``name`` was clicked (what the browser's click ends in)."""
        for callback in self._callbacks:
            callback(name)

    # ------------------------------------------------------------------ drawing

    @in_language
    def update(self, board: Iterable[int], kingdom: Iterable[str], *,
               legal: Iterable[str] = (), event: Iterable[str] = (),
               stock: dict[str, int] | None = None) -> None:
        """Show ``board`` (48 entries 0/1 red/2 blue), the Kingdom (owners "red"/"blue" in
        arrival order), the squares the learner may click (``legal``), the squares the last step
        involved (``event``, names or 'K1'..'K8') and the stocks. Only changed traits sync."""
        self.board = list(board)
        self.kingdom = list(kingdom)
        self.stock = dict(stock) if stock is not None else None
        self.legal_cells = sorted({cell_index(n) for n in legal})
        self.event_cells = sorted({cell_index(n) for n in event})
        occupied = [(i, m) for i, m in enumerate(self.board) if m]
        occupied += [(48 + k, 1 if owner == "red" else 2) for k, owner in enumerate(self.kingdom)]
        counter_cells = [c for c, _ in occupied]
        counter_colours = [PLAYER_COLOUR["red" if m == 1 else "blue"] for _, m in occupied]
        if self.legal_cells:
            legal_set = set(self.legal_cells)
            opacity = [1.0 if c in legal_set else DIMMED for c in range(CELLS)]
        else:
            opacity = [1.0] * CELLS
        # Translators: how many of the Kingdom of the Dead's places are taken ("3/8 full").
        full = _("{taken}/{size} full")
        info = [full.format(taken=len(self.kingdom), size=KINGDOM_SIZE), _("Stock:"), "", ""]
        if stock is not None:
            info[2] = f"{player_name('red')} {stock['red']}"
            info[3] = f"{player_name('blue')} {stock['blue']}"
        # Their size is set by the longest they can be in this language (a full Kingdom, a
        # stock of two digits), so that it does not change as the stocks do.
        self._info_chars = max(len(full.format(taken=KINGDOM_SIZE, size=KINGDOM_SIZE)),
                               len(_("Stock:")), *(len(player_name(p)) + 3 for p in ("red", "blue")))
        # A faded square's number turns dark, so that it can still be read.
        numbers = [number_colour(CELL_FILL[c], opacity[c]) for c in range(CELLS)]
        with ExitStack() as stack:
            for mark in (self.squares, self.counters, self.legal, self.event, self.info,
                         self.bonus_labels, self.bonus_corner, self.numbers,
                         self.kingdom_numbers):
                stack.enter_context(mark.hold_sync())
            self._points(self.counters, counter_cells, colors=counter_colours or ["#000000"])
            self._points(self.legal, self.legal_cells)
            self._points(self.event, self.event_cells)
            self._points(self.focus, [c for c in self._cells_of[id(self.focus)]
                                      if c in self.legal_cells])
            if list(self.squares.opacities) != opacity:
                self.squares.opacities = opacity
            for mark, colours in ((self.numbers, numbers[:48]),
                                  (self.kingdom_numbers, numbers[48:])):
                if list(mark.colors) != colours:
                    mark.colors = colours
            if list(self.info.text) != info:
                self.info.text = info
            size = self._info_size()
            if self.info.default_size != size:
                self.info.default_size = size
            for mark, empty in ((self.bonus_labels, True), (self.bonus_corner, False)):
                text = self._bonus_text(empty, self.board)
                if list(mark.text) != text:
                    mark.text = text

    def scale_labels(self, factor: float) -> None:
        """Draw the board's words and numbers ``factor`` times their usual size (projector)."""
        self._label_factor = factor
        for mark, size in zip(self._labels, LABEL_SIZES.values(), strict=True):
            mark.default_size = self._scaled(size)
        self.info.default_size = self._info_size()

    def _scaled(self, size: int) -> int:
        """A label's size: ``size`` at the usual scale; larger by the factor, and 20 px at
        least, on a projector (as the page's other words there)."""
        return size if self._label_factor == 1 else max(20, round(size * self._label_factor))

    def _info_size(self) -> int:
        """The size of the words under the Kingdom: as the board's other words unless their
        longest line would then run past the board's edge ("vermelho 29" in Portuguese)."""
        fits = int(INFO_ROOM / (EM_PER_CHARACTER * self._info_chars))
        return min(self._scaled(LABEL_SIZES["info"]), fits)

    def show_hint(self, names: Iterable[str], keep: Iterable[str] = ()) -> None:
        """Ring the squares a hint points at in orange (none: no ring), and mark with a green
        diamond the squares whose counter a lesson's hint says to keep."""
        with self.hint.hold_sync():
            self._points(self.hint, sorted({cell_index(n) for n in names}))
        with self.keep.hold_sync():
            self._points(self.keep, sorted({cell_index(n) for n in keep}))
    def point_at(self, name: str) -> None:
        """Ring square ``name`` as the one about to be chosen (from the keyboard list)."""
        self._points(self.focus, [cell_index(name)])

    @property
    def pointed_at(self) -> list[str]:
        """The square ringed as about to be chosen, if any."""
        return [cell_name(c) for c in self._cells_of[id(self.focus)]]

    def _bonus_text(self, empty: bool, board: list[int] | None = None) -> list[str]:
        """'+1'/'+2' for the bonus squares that are empty (``empty``) or occupied, else ''."""
        board = board or [0] * 48
        return [f"+{BONUS_VALUE[i]}" if (not board[i]) == empty else "" for i in BONUS]

    def _points(self, mark: Scatter, cells: list[int], colors: list[str] | None = None) -> None:
        if self._cells_of[id(mark)] != cells:
            self._cells_of[id(mark)] = list(cells)
            mark.x = [XY[c][0] for c in cells]
            mark.y = [XY[c][1] for c in cells]
        if colors is not None and list(mark.colors) != colors:
            mark.colors = colors

    # ------------------------------------------------------------------ for tests and lessons

    def counter_on(self, name: str) -> str | None:
        """'red', 'blue' or None: whose counter the figure shows on square ``name``."""
        cell = cell_index(name)
        cells = self._cells_of[id(self.counters)]
        if cell not in cells:
            return None
        colour = self.counters.colors[cells.index(cell)]
        return "red" if colour == PLAYER_COLOUR["red"] else "blue"

    @property
    def legal_squares(self) -> list[str]:
        """The squares shown as clickable now."""
        return [cell_name(c) for c in self.legal_cells]

    @property
    def hint_squares(self) -> list[str]:
        """The squares ringed by a lesson's hint."""
        return [cell_name(c) for c in self._cells_of[id(self.hint)]]

    @property
    def keep_squares(self) -> list[str]:
        """The squares a lesson's hint marks as the counters to keep."""
        return [cell_name(c) for c in self._cells_of[id(self.keep)]]

    @property
    def event_squares(self) -> list[str]:
        """The squares (and Kingdom places) ringed as involved in the last step."""
        return [cell_name(c) for c in self.event_cells]


def cell_name(cell: int) -> str:
    """'T1.1'..'T4.12' for squares, 'K1'..'K8' for places of the Kingdom of the Dead."""
    return SQUARE_NAMES[cell] if cell < 48 else f"K{cell - 47}"


def cell_index(name: str) -> int:
    """Inverse of ``cell_name``."""
    if name.startswith("K"):
        return 47 + int(name[1:])
    return SQUARE_INDEX[name]
