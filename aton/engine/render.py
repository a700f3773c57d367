"""A position drawn as SVG, so that a position or a game shows itself in a notebook.

In a notebook the drawing is an image (``<img>`` of the SVG as a ``data:`` address), not SVG
written into the page's HTML: a front end that sanitizes a notebook's HTML (JupyterLab before
the notebook is trusted or run, GitHub) drops ``<svg>`` elements and leaves only their words
("Temple 1Temple 2…"), but keeps an image with embedded data.

The four temples sit as on the printed board (R3: 1 top left, 2 top right, 3 bottom left,
4 bottom right); squares are coloured by type, bonus squares show +1/+2, counters are discs,
and the Kingdom of the Dead, stocks, exchange counters and scores stand beside the temples.
"""

from __future__ import annotations

import base64
from html import escape

from ..i18n import N_, translator
from .board import (
    BONUS_VALUE,
    COLOUR,
    KINGDOM_SIZE,
    PLAYERS,
    SQUARE_NAMES,
    TEMPLE_POSITION,
    temple_squares,
)
from .errors import player_name
from .position import state_from_position

_ = translator("engine")

#: Colour letter -> square fill, the one palette of every drawing of the board (this SVG, the
#: app's board widget, the score track's keys), so every front end shows the same colours.
#: The rules' blue squares are turquoise, so a square's colour is never read as the blue
#: player (R3).
TURQUOISE = "#1aa8a0"
FILL = {"Y": "#f2c94c", "G": "#6fbf73", "K": "#555555", "B": TURQUOISE, "+": "#f7f3e8"}
KINGDOM_FILL = "#6b5b4b"  # a place of the Kingdom of the Dead (R15)
#: A square's number: dark on the light squares (yellow, green, turquoise, bonus), white on the
#: black ones, at least 4.5:1 against its square (WCAG 2.1 1.4.3; white on turquoise was
#: 2.94:1). ``tests/test_board_contrast.py`` measures every pair.
NUMBER_DARK = "#1a1a1a"
NUMBER_LIGHT = "#ffffff"
NUMBER_FILL = {"Y": NUMBER_DARK, "G": NUMBER_DARK, "K": NUMBER_LIGHT, "B": NUMBER_DARK,
               "+": NUMBER_DARK}
BONUS_TEXT = "#7a4b00"  # "+1"/"+2" on a bonus square: 6.7:1 (the app's; was #8a5a00 here)
COUNTER = {1: "#d62728", 2: "#1f4fd6"}
CELL = 34
GAP = 18
#: The drawing's size in pixels: two temples across plus the Kingdom's column, two down.
WIDTH = 2 * (4 * CELL + GAP) + GAP + 70
HEIGHT = 2 * (3 * CELL + GAP + 14) + GAP


def square_xy(i: int) -> tuple[float, float]:
    """Top-left corner of square ``i`` in the drawing."""
    t, k = i // 12 + 1, i % 12
    row, col = TEMPLE_POSITION[t]
    x0 = GAP + col * (4 * CELL + GAP)
    y0 = GAP + 14 + row * (3 * CELL + GAP + 14)
    return x0 + (k % 4) * CELL, y0 + (k // 4) * CELL


def board_svg(board: list[int], kingdom: list[int], highlight: tuple[int, ...] = ()) -> str:
    """SVG of the temples and the Kingdom. ``board``: 48 entries (0, 1 red, 2 blue);
    ``kingdom``: owners (0 red, 1 blue) in the order they arrived."""
    label = escape(_("Aton board"))
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" role="img" aria-label="{label}">')]
    for t in (1, 2, 3, 4):
        x, y = square_xy(temple_squares(t)[0])
        title = escape(_("Temple {temple}").format(temple=t))
        out.append(f'<text x="{x}" y="{y - 4}" font-size="12" font-weight="bold">{title}</text>')
    for i in range(48):
        x, y = square_xy(i)
        stroke = ' stroke="#ff00ff" stroke-width="3"' if i in highlight else (
            ' stroke="#333" stroke-width="1"')
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                   f'fill="{FILL[COLOUR[i]]}"{stroke}><title>{SQUARE_NAMES[i]}</title></rect>')
        label_fill = NUMBER_FILL[COLOUR[i]]
        out.append(f'<text x="{x + 2}" y="{y + 9}" font-size="8" fill="{label_fill}">'
                   f'{i % 12 + 1}</text>')
        if BONUS_VALUE[i]:
            out.append(f'<text x="{x + CELL - 3}" y="{y + CELL - 3}" font-size="10" '
                       f'text-anchor="end" fill="{BONUS_TEXT}">+{BONUS_VALUE[i]}</text>')
        if board[i]:
            out.append(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL * 0.3}" '
                       f'fill="{COUNTER[board[i]]}" stroke="#fff" stroke-width="1.5"/>')
    kx = 2 * (4 * CELL + GAP) + GAP
    kingdom_title = escape(_("Kingdom"))
    out.append(f'<text x="{kx}" y="{GAP + 10}" font-size="11" font-weight="bold">'
               f'{kingdom_title}</text>')
    for k in range(KINGDOM_SIZE):
        y = GAP + 16 + k * 22
        out.append(f'<rect x="{kx}" y="{y}" width="20" height="20" fill="{KINGDOM_FILL}" '
                   'stroke="#999"/>')
        if k < len(kingdom):
            out.append(f'<circle cx="{kx + 10}" cy="{y + 10}" r="7" '
                       f'fill="{COUNTER[kingdom[k] + 1]}"/>')
    out.append(f'<text x="{kx + 24}" y="{GAP + 30}" font-size="10">{len(kingdom)}/8</text>')
    out.append("</svg>")
    return "".join(out)


def board_image(board: list[int], kingdom: list[int]) -> str:
    """``board_svg`` as an HTML image with the SVG embedded (base64 ``data:`` address), which
    sanitized notebook HTML keeps; its alternative text names the drawing."""
    svg = board_svg(board, kingdom)
    data = base64.b64encode(svg.encode()).decode()
    return (f'<img src="data:image/svg+xml;base64,{data}" width="{WIDTH}" height="{HEIGHT}" '
            f'alt="{escape(_("Aton board"))}">')


#: A square's colour as one letter in the text board ("B" squares are turquoise, so "t").
TEXT_COLOUR = {"Y": "y", "G": "g", "K": "k", "B": "t", "+": "+"}
TEXT_COUNTER = {0: ".", 1: "R", 2: "B"}


def board_text(board: list[int] | tuple[int, ...]) -> str:
    """The four temples as text for a terminal, placed as on the printed board (R3): each
    square shows its number (1-12, row by row), its colour letter and the counter on it."""
    lines = []
    for top in (1, 3):  # temples 1 and 2 side by side, then 3 and 4
        left = _("Temple {temple}").format(temple=top)
        lines.append(f"{left:<30}" + _("Temple {temple}").format(temple=top + 1))
        for row in range(3):
            halves = []
            for t in (top, top + 1):
                cells = []
                for k in range(row * 4, row * 4 + 4):
                    i = temple_squares(t)[k]
                    cells.append(f"{k + 1:>2}{TEXT_COLOUR[COLOUR[i]]} {TEXT_COUNTER[board[i]]}")
                halves.append("  ".join(cells))
            lines.append("    ".join(halves))
        lines.append("")
    # Translators: the letters are the text board's own (R, B, ., y, g, k, t, +); keep them.
    lines.append(_("R red counter, B blue counter, . empty; squares: y yellow, g green, k black, "
                   "t turquoise, + bonus"))
    return "\n".join(lines)


def _html(board, kingdom: list[int], scores: dict, stock: dict, exchange: dict, piles: dict,
          status: str) -> str:
    rows = []
    for p, name in enumerate(PLAYERS):
        # Translators: the exchange counter, still held or already used (R5).
        ex = _("held") if exchange[name] else _("used")
        rows.append(f'<tr><td style="color:{COUNTER[p + 1]};font-weight:bold">'
                    f"{escape(player_name(name))}</td>"
                    f"<td>{scores[name]}</td><td>{stock[name]}</td><td>{kingdom.count(p)}</td>"
                    f"<td>{ex}</td><td>{piles[name]['draw']}/{piles[name]['discard']}</td></tr>")
    # Translators: the headings of the table beside the board (the Kingdom of the Dead, the
    # exchange counter, the draw and discard piles' sizes).
    heads = (_("score"), _("stock"), _("kingdom"), _("exchange"), _("draw/discard"))
    table = ('<table style="border-collapse:collapse;font-size:13px"><tr><th></th>'
             + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>" + "".join(rows)
             + "</table>")
    return (f'<div style="display:flex;gap:16px;align-items:flex-start">'
            f"{board_image(board, kingdom)}<div><b>{escape(status)}</b>{table}</div></div>")


# How a game ended (the position's ``end``), in the status line beside the board.
_ENDS = {"points": N_("points"), "temple": N_("temple"), "yellow": N_("yellow"),
         "green": N_("green"), "scoring": N_("scoring")}


def _status(round_no: int, scoring: bool, winner: str | None, end: str | None) -> str:
    status = (_("Round {round} · scoring round") if scoring else _("Round {round}")).format(
        round=round_no)
    if winner:
        # Translators: after the round, e.g. "Round 12 · game over: red (temple)"; {end} is how
        # the game ended: points, temple, yellow, green or scoring.
        status += _(" · game over: {winner} ({end})").format(
            winner=_("draw") if winner == "draw" else player_name(winner),
            end=_(_ENDS[end]) if end in _ENDS else end)
    return status


def game_html(game) -> str:
    """HTML for a game: the board plus scores, stocks, exchange counters and the round."""
    kingdom = [PLAYERS.index(p) for p in game.kingdom_counters]
    return _html(game.board, kingdom, game.scores, game.stock, game.exchange, game.pile_sizes,
                 _status(game.round, game.phase == "scoring", game.winner, game.end))


class PositionDrawing:
    """Wraps a position dict so that a notebook draws it (``show(position)``)."""

    def __init__(self, position: dict) -> None:
        state_from_position(position)  # refuse a malformed position, naming the rule
        self.position = position

    def _repr_html_(self) -> str:
        pos = self.position
        board = [".rb".index(ch) for t in (1, 2, 3, 4) for ch in pos["board"][f"T{t}"]]
        kingdom = [0] * pos["kingdom"]["red"] + [1] * pos["kingdom"]["blue"]
        piles = {n: {"draw": len(pos["draw"][n]), "discard": len(pos["discard"][n])}
                 for n in PLAYERS}
        status = _status(pos["round"], False, pos.get("winner"), pos.get("end"))
        return _html(board, kingdom, pos["scores"], pos["stock"], pos["exchange"], piles, status)

    def __repr__(self) -> str:
        pos = self.position
        return (f"<aton position: round {pos['round']}, red {pos['scores']['red']} - "
                f"blue {pos['scores']['blue']}>")


def show(position: dict) -> PositionDrawing:
    """Draw a position in a notebook: ``aton.show(position)``."""
    return PositionDrawing(position)
