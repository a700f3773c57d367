"""The scoring round (R16), line by line: a table of what each player counts and scores on each
line, and a bar chart of the points, both filled in as the 'score' events are stepped.

The panel is built when first shown, its bar chart with the first line scored, so the app
starts without them.
"""

from __future__ import annotations

from bqplot import Axis, Bars, Figure, LinearScale, OrdinalScale
from ipywidgets import HTML, HBox, Layout, VBox

from ..engine.events import Event
from ..engine.scoring import LINE_TITLES, LINES
from ..i18n import N_, translator
from .rules_panel import with_rule_links
from .theme import PLAYER_COLOUR, Panel, in_language, player_span

_ = translator("app")

#: The bar chart's labels, one per line of the scoring round.
SHORT_TITLES = {"temple1": "T1", "temple2": "T2", "temple3": "T3", "temple4": "T4",
                # Translators: the black squares' line of a scoring round, in a bar chart.
                "black": N_("Black"),
                # Translators: the bonus squares' line of a scoring round, in a bar chart.
                "bonus": N_("Bonus")}


def point_ticks(most: int) -> tuple[int, list[int]]:
    """The points axis for a line's ``most`` points: its top and its ticks, whole points
    only (a line scores whole points, R16), at most five of them, 8 at least (the scale the
    chart opens with)."""
    step = 2 if most <= 8 else 5 if most <= 20 else 10
    top = max(8, -(-most // step) * step)
    return top, list(range(0, top + 1, step))


class ScoringPanel(Panel):
    """Shows the scoring round in the events it is given (``show``: this round's)."""

    def __init__(self) -> None:
        self._widget: VBox | None = None  # built when first shown: the app starts without it
        self.chart = None  # (Figure, Bars), built with the first line scored
        self.reset()

    @property
    def widget(self) -> VBox:
        """The panel (the table, and the chart once a line is scored)."""
        if self._widget is None:
            # As wide as its table: the chart beside it (or under it) never covers a column.
            self.table = HTML(layout=Layout(width="max-content", min_width="0"))
            self.box = HBox([self.table], layout=Layout(align_items="flex-start"))
            self.box.add_class("aton-row")
            self._widget = VBox([self.box], layout=Layout(width="100%"))
            self._widget.add_class("aton-box")
            self._render()
        return self._widget

    def reset(self) -> None:
        """Empty table, bars at zero."""
        self.lines: dict[str, dict] = {}
        self.current: str | None = None
        self.total: dict | None = None
        self._render()

    @in_language
    def show(self, events: list[Event]) -> None:
        """The lines scored among ``events`` (the 'score' events) and the totals (the
        'scoring' event), the last line scored highlighted."""
        lines, current, total = {}, None, None
        for event in events:
            if event.type == "score":
                lines[event.data["line"]] = event.data
                current = event.data["line"]
            elif event.type == "scoring":
                total, current = event.data, None
        if (lines, current, total) != (self.lines, self.current, self.total):
            self.lines, self.current, self.total = lines, current, total
            self._render()

    @in_language
    def relabel(self) -> None:
        self._render()
        if self.chart is not None:
            self.chart[1].x = [_(SHORT_TITLES[line]) for line in LINES]

    @property
    def revealed(self) -> list[str]:
        """The lines scored so far, in order."""
        return [line for line in LINES if line in self.lines]

    def _render(self) -> None:
        if self._widget is None:
            return
        rows = []
        for line in LINES:
            d = self.lines.get(line)
            cls = ' class="aton-hl"' if line == self.current else (
                "" if d else ' class="aton-todo"')
            if d:
                cells = "".join(f"<td>{d['counts'][p]}</td><td><b>{d['points'][p]}</b></td>"
                                for p in ("red", "blue"))
            else:
                cells = "<td>·</td><td>·</td><td>·</td><td>·</td>"
            rows.append(f"<tr{cls}><td style='text-align:left;white-space:nowrap'>"
                        f"{LINE_TITLES[line]}</td>"
                        f"{cells}</tr>")
        if self.total:
            t = self.total["breakdown"]
            s = self.total["scores"]
            total, now = _("Total"), _("Score now")
            rows.append(f"<tr><td style='text-align:left'><b>{total}</b></td>"
                        f"<td></td><td><b>{t['red']['total']}</b></td>"
                        f"<td></td><td><b>{t['blue']['total']}</b></td></tr>"
                        f"<tr><td style='text-align:left'>{now}</td>"
                        f"<td></td><td><b>{s['red']}</b></td><td></td><td><b>{s['blue']}</b>"
                        "</td></tr>")
        # Translators: column heads of the scoring table: "line", then for each player
        # "count" (how many squares) and "points".
        line, count, points = _("line"), _("count"), _("points")
        head = (f"<tr><th rowspan=2>{line}</th>"
                f"<th colspan=2>{player_span('red')}</th><th colspan=2>{player_span('blue')}</th>"
                f"</tr><tr><th>{count}</th><th>{points}</th><th>{count}</th><th>{points}</th>"
                "</tr>")
        self.table.value = with_rule_links(
            "<div>" + _("<b>Scoring round</b> (R16), line by line") + "</div>"
            f'<table class="aton-table aton-compact">{head}{"".join(rows)}</table>')
        if self.lines or self.chart is not None:
            self._update_chart()

    def _update_chart(self) -> None:
        if self.chart is None:
            sx, sy = OrdinalScale(), LinearScale(min=0)
            bars = Bars(x=[_(SHORT_TITLES[line]) for line in LINES],
                        y=[[0] * len(LINES), [0] * len(LINES)], scales={"x": sx, "y": sy},
                        type="grouped", colors=[PLAYER_COLOUR["red"], PLAYER_COLOUR["blue"]],
                        padding=0.25)
            # The line names slant so that they never run into each other.
            fig = Figure(marks=[bars], axes=[Axis(scale=sx, tick_style={"font-size": "12px"},
                                                  tick_rotate=-30),
                                             Axis(scale=sy, side="left", tick_format="d")],
                         # Room on the right for the last slanted name ("Bonus", "Bônus",
                         # which ran past a margin of 30 px), and above for the top tick's
                         # number, half of which stands above the plot.
                         fig_margin={"top": 16, "bottom": 55, "left": 35, "right": 48},
                         layout=Layout(width="320px", height="220px", flex="0 0 auto"),
                         title="", animation_duration=0, display_toolbar=False)
            self.chart = (fig, bars)
            self.box.children = [self.table, fig]
        fig, bars = self.chart
        y = [[self.lines[line]["points"][p] if line in self.lines else 0 for line in LINES]
             for p in ("red", "blue")]
        top, ticks = point_ticks(max(y[0] + y[1]))
        with bars.hold_sync():
            bars.y = y
            bars.scales["y"].max = top
        shown = fig.axes[1].tick_values  # None until first set
        if shown is None or list(shown) != ticks:
            fig.axes[1].tick_values = ticks

    @property
    def bar_values(self) -> list[list[int]] | None:
        """The bars' heights [[red per line], [blue per line]], None before the first line."""
        if self.chart is None:
            return None
        return [[int(v) for v in row] for row in self.chart[1].y]

