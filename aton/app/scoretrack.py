"""The score track: both scores as pawns on a track to 40 (a win, R18, R19) and beyond, with
the round and the exchange counters on the line above it, and the board's colour key."""

from __future__ import annotations

from ipywidgets import HTML, Layout

from ..engine.rules import WIN_POINTS as WIN
from ..i18n import translator
from .rules_panel import with_rule_links
from .theme import PLAYER_COLOUR, SQUARE_FILL, Panel, in_language, player_name, player_span

_ = translator("app")


def legend() -> str:
    """The board's colour key and how to read a square's name, in the current language."""
    def box(colour: str) -> str:
        return (f"<span style='display:inline-block;width:12px;height:12px;background:"
                f"{SQUARE_FILL[colour]};border:1px solid #555;vertical-align:middle'></span>")

    note = ("<span style='color:#666'>" + _("(the rules' blue squares)")
            + "</span>")
    # Translators: the board's colour key; each {…} is a small square of that colour.
    colours = _("{yellow} yellow {green} green {black} black {turquoise} turquoise {note} "
                "{bonus} bonus +1/+2").format(yellow=box("Y"), green=box("G"), black=box("K"),
                                              turquoise=box("B"), note=note, bonus=box("+"))
    return with_rule_links(
        "<div class='aton-legend' style='font-size:13px;line-height:1.3;color:#333;"
        "margin-bottom:2px'>" + colours
        + " · <span style='color:#e6007e;font-weight:bold'>□</span> " + _("last step")
        + " · <b>□</b> " + _("yours to click") + "<br>"
        + _("<b>T3.8</b> = temple 3, square 8: the squares of a temple are counted row by "
            "row, 1–4, 5–8, 9–12 (R3).") + "</div>")


class ScoreTrack(Panel):
    """One HTML widget redrawn when a score, a stock or an exchange counter changes."""

    def __init__(self) -> None:
        self.widget = HTML(layout=Layout(width="100%"))
        self.widget.add_class("aton-track")
        self.scores = {"red": 0, "blue": 0}
        self._shown: tuple | None = None

    @in_language
    def relabel(self) -> None:
        if self._shown is not None:
            scores, kwargs = self._shown
            self.show(scores, **kwargs)

    @in_language
    def show(self, scores: dict[str, int], *, round_no: int,
             exchange: dict[str, bool], changed: set[str] = frozenset(),
             over: bool = False) -> None:
        """Draw the track. ``changed``: players whose score just moved (their pawn glows).
        ``over``: the game ended in round ``round_no``."""
        self._shown = (scores, {"round_no": round_no, "exchange": exchange, "changed": changed,
                                "over": over})
        self.scores = dict(scores)
        end = max(50, max(scores.values()) + 2)
        ticks = []
        for v in range(0, end + 1, 5):
            left = 100 * v / end
            strong = "font-weight:bold;color:#8a6100" if v == WIN else "color:#666"
            ticks.append(f'<div style="position:absolute;left:{left:.2f}%;top:12px;height:10px;'
                         f'border-left:1px solid #999"></div>')
            if v != WIN + 5:  # where "wins" is written
                ticks.append(f'<div class="aton-track-tick" style="position:absolute;'
                             f'left:{left:.2f}%;top:25px;transform:translateX(-50%);'
                             f'font-size:12px;{strong}">{v}</div>')
        win_left = 100 * WIN / end
        # "wins" follows the 40 on the row of numbers, which no pawn reaches (they ride on the
        # bar): on the pawns' row, any word by the line is covered when a score is near 40.
        ticks.append(f'<div style="position:absolute;left:{win_left:.2f}%;top:0;height:24px;'
                     'border-left:3px solid #8a6100"></div>'
                     f'<div class="aton-track-wins" style="position:absolute;'
                     f'left:{win_left:.2f}%;top:25px;margin-left:10px;font-size:12px;'
                     'font-weight:bold;color:#8a6100;white-space:nowrap">'
                     # Translators: on the score track, after the 40: "40 wins" (R18).
                     + _("wins") + '</div>')
        pawns = []
        # Red's pawn rides above the track's bar, blue's below it, both clear of the numbers
        # under the bar (a pawn on 25 leaves "25" whole). On equal scores they also step 5 px
        # apart sideways, so that blue's pawn hides only a corner of red's.
        apart = 5 if scores["red"] == scores["blue"] else 0
        for p, top, side in (("red", 0, -apart), ("blue", 8, apart)):
            left = 100 * min(scores[p], end) / end
            glow = "box-shadow:0 0 0 4px #e6007e;" if p in changed else ""
            pawns.append(f'<div class="aton-pawn" title="{player_name(p)}: {scores[p]}" '
                         'style="position:absolute;'
                         f'left:{left:.2f}%;top:{top}px;width:12px;height:12px;'
                         f'margin-left:{side - 8}px;border-radius:8px;border:2px solid #fff;'
                         f'{glow}background:{PLAYER_COLOUR[p]}"></div>')
        # The bar is a size container: under 400 px (a phone) "wins" is left out (theme.CSS),
        # where it would run into the 50; the 40 stays gold and bold.
        track = (f'<div class="aton-track-bar" style="position:relative;height:40px;'
                 f'margin:2px 14px 0 14px;container-type:inline-size">'
                 f'<div style="position:absolute;left:0;right:0;top:10px;height:4px;'
                 f'background:#d8d0c0"></div>{"".join(ticks)}{"".join(pawns)}</div>')
        # Translators: the exchange counter is still held / already used.
        ex = {p: _("held") if exchange[p] else _("used") for p in ("red", "blue")}
        when = (_("the game ended in round {round}") if over else _("round {round}")).format(
            round=round_no)
        counters = _("exchange counter: red {red}, blue {blue}").format(red=ex["red"],
                                                                         blue=ex["blue"])
        scores_word = _("Scores")
        line = (f'<div style="font-size:16px"><b>{scores_word}</b> {player_span("red")} '
                f'<b style="font-size:20px">{scores["red"]}</b> · {player_span("blue")} '
                f'<b style="font-size:20px">{scores["blue"]}</b>'
                f'<span style="color:#555;font-size:13px"> — {when} · {counters}</span></div>')
        self.widget.value = legend() + line + track
