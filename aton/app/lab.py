"""The strategy lab page: pick computer players and a number of games, run a tournament with a
progress bar, and read five bqplot charts of what happened. The tournament and its statistics
are ``aton.players.lab`` (no widgets); this module only draws them.

``StrategyLab(levels=..., games=..., seed=...)`` is the whole page; ``lab.run()`` is what the Run
button does; ``lab.start()`` does it in the background, so that the page shows at once and its
progress bar fills while the games are played (``lab.wait()`` returns the tournament when it is
done); ``lab.show(tournament)`` draws a tournament played elsewhere (on a cluster, say).
"""

from __future__ import annotations

import math
import os
import threading
from concurrent.futures import Executor

from bqplot import Axis, Bars, Figure, LinearScale, OrdinalScale
from ipywidgets import (
    HTML,
    BoundedIntText,
    Button,
    GridBox,
    HBox,
    IntProgress,
    Layout,
    Output,
    ToggleButton,
    VBox,
)

from .. import players as bots
from ..engine.cards import VALUES
from ..i18n import N_, decimal, plural_translator, translator
from ..players import lab, level_name
from .theme import CSS

_ = translator("app")
_n = plural_translator("app")

WINNER, LOSER = "#b8860b", "#9a9a9a"
# Translators: the ways a game ends (R18, R19), short, under the bars of a chart.
ENDING_WORDS = {"points": N_("40 pts"), "temple": N_("temple"), "yellow": N_("yellow"),
                "green": N_("green"), "scoring": N_("scoring")}


def _chart(title: str, x_label: str, y_label: str, x: list[str], *, y_max: float = 1.0,
           colors: list[str] | None = None, grouped: bool = False, tick: str = ".0f"):
    sx, sy = OrdinalScale(), LinearScale(min=0, max=y_max, allow_padding=False)
    # Empty bars of the right shape (a grouped chart needs its two rows from the start).
    zeros = [[0] * len(x), [0] * len(x)] if grouped else [0] * len(x)
    bars = Bars(x=x, y=zeros, scales={"x": sx, "y": sy}, colors=colors or [WINNER],
                type="grouped" if grouped else "stacked", padding=0.25,
                labels=[_("winner"), _("loser")] if grouped else [])
    fig = Figure(marks=[bars], title=title,
                 axes=[Axis(scale=sx, label=x_label),
                       Axis(scale=sy, side="left", label=y_label,
                            tick_format=tick, num_ticks=5)],
                 fig_margin={"top": 40, "bottom": 45, "left": 55, "right": 10},
                 layout=Layout(width="100%", height="240px"), animation_duration=0)
    return fig, bars


def _fit(fig, values, step=1.0) -> None:
    """The y axis from 0 to a whole number of steps, a tick at each (at most 6), its numbers
    written as the language writes them (0,5 in Portuguese)."""
    top = max([step, *values])
    while top / step > 5:
        step *= 2
    n = math.ceil(top / step)
    ticks = [round(k * step, 2) for k in range(n + 1)]
    # bqplot formats ticks with d3-format, which knows only the decimal point: the labels
    # come from here instead, keyed as the browser writes the tick's number (1, 0.5). They
    # go first: the browser redraws the axis for a new scale or new ticks on its next frame,
    # with the labels it has by then (sent after, they would lose to that redraw).
    digits = 0 if all(float(v).is_integer() for v in ticks) else 1
    fig.axes[1].tick_labels = {f"{v:g}": decimal(v, digits) for v in ticks}
    fig.marks[0].scales["y"].max = n * step
    fig.axes[1].tick_values = ticks


class StrategyLab:
    """The lab page: controls (players, games per pair, seed, Run), a progress bar, a
    summary, and the charts. ``executor`` (any ``concurrent.futures.Executor``) runs the
    games; without one, a process pool of two workers does."""

    def __init__(self, levels: list[str] | None = None, games: int = 20, seed: int = 0,
                 executor: Executor | None = None) -> None:
        self.executor = executor
        self.tournament: lab.Tournament | None = None
        self._thread: threading.Thread | None = None
        small = {"description_width": "initial"}
        chosen = levels or ["random", "greedy", "easy"]
        # One toggle per level, weakest first: a click picks or drops a player.
        self.toggles = {name: ToggleButton(value=name in chosen, description=level_name(name),
                                           tooltip=bots.LEVELS[name],
                                           layout=Layout(width="auto", min_width="86px"))
                        for name in bots.names()}
        for toggle in self.toggles.values():
            toggle.observe(self._mark, "value")
            self._mark({"owner": toggle})
        self.players = HBox([HTML(_("Players:")), *self.toggles.values()],
                            layout=Layout(align_items="center"))
        self.games = BoundedIntText(value=games, min=1, max=2000,
                                    description=_("Games per pair:"), style=small,
                                    layout=Layout(width="auto", min_width="190px"))
        self.seed = BoundedIntText(value=seed, min=0, max=2**31 - 1, description=_("Seed:"),
                                   style=small, layout=Layout(width="150px"))
        self.button = Button(description=_("Run tournament"), button_style="primary",
                             layout=Layout(width="auto", min_width="170px", height="36px"))
        self.progress = IntProgress(value=0, min=0, max=1, description=_("Games:"),
                                    style=small, layout=Layout(width="330px"))
        self.status = HTML()
        self.summary = HTML()
        self.errors = Output()
        self.button.on_click(lambda _: self.start())  # the kernel stays free while games run
        # Stop: no more games start, and what has been played is drawn (a long tournament,
        # or strong players, can take minutes).
        self.stop_button = Button(description=_("Stop"), disabled=True,
                                  tooltip=_("Stop the tournament and show the games played so "
                                            "far"),
                                  layout=Layout(width="auto", min_width="80px", height="36px"))
        self._stop = threading.Event()
        self.stop_button.on_click(lambda _: self.stop())

        cards = [str(v) for v in VALUES]
        self.win_fig, self.win_bars = _chart(_("Win rate by level"), _("level"),
                                             _("games won (%)"),
                                             [level_name(k) for k in self.players_chosen],
                                             y_max=100)
        self.end_fig, self.end_bars = _chart(_("How games end"), _("ending (R18, R19)"),
                                             _("games"), [_(w) for w in ENDING_WORDS.values()],
                                             tick="d")
        self.c1_fig, self.c1_bars = _chart(_("Cartouche 1: points by card"),
                                           _("card on cartouche 1 (R7)"), _("points per round"),
                                           cards)
        self.c2_fig, self.c2_bars = _chart(_("Cartouche 2 cards"),
                                           _("gold: winner, grey: loser (R8, R10)"),
                                           _("share of rounds (%)"), cards,
                                           colors=[WINNER, LOSER], grouped=True)
        self.len_fig, self.len_bars = _chart(_("Game length"), _("rounds"), _("games"), ["0"],
                                             tick="d")
        # Empty charts get clean axes too (one step of each), not repeated tick labels.
        self.win_fig.axes[1].tick_values = [0, 25, 50, 75, 100]
        for fig, step in ((self.end_fig, 2), (self.c1_fig, 0.5), (self.c2_fig, 10),
                          (self.len_fig, 2)):
            _fit(fig, [], step)
        charts = GridBox([self.win_fig, self.end_fig, self.c1_fig, self.c2_fig, self.len_fig],
                         layout=Layout(grid_template_columns="repeat(auto-fit, minmax(300px, "
                                       "1fr))", width="100%", overflow="visible"))
        # (ipywidgets' boxes scroll what overflows them, and a bqplot figure is a few pixels
        # taller than its cell: a scrolling region with nothing to focus, out of a keyboard's
        # reach, WCAG 2.1.1; the page scrolls instead.)
        controls = VBox([self.players,
                         HBox([self.games, self.seed, self.button, self.stop_button]),
                         HBox([self.progress, self.status], layout=Layout(align_items="center"))])
        for row in (controls, *controls.children):
            row.add_class("aton-row")
        self.widget = VBox([HTML(CSS), controls, self.errors, self.summary, charts],
                           layout=Layout(width="100%"))
        self.widget.add_class("aton-app")

    def start(self) -> None:
        """Play the tournament the controls describe in a background thread: the page shows
        (and its controls answer) at once, and the progress bar fills as games finish."""
        if self._thread is not None and self._thread.is_alive():
            return
        levels = self._begin()
        if levels is None:
            return
        self._thread = threading.Thread(target=self._play, args=(levels,), name="strategy-lab",
                                        daemon=True)
        self._thread.start()

    def wait(self) -> lab.Tournament | None:
        """The tournament started by ``start()`` once it is over (None if none was played)."""
        if self._thread is not None:
            self._thread.join()
        return self.tournament

    def run(self) -> lab.Tournament | None:
        """Play the tournament the controls describe, with the progress bar, then draw it."""
        levels = self._begin()
        return None if levels is None else self._play(levels)

    def _begin(self) -> list[str] | None:
        """The levels to play, the button disabled and "Playing…" shown; None (and a warning)
        when fewer than two players are picked."""
        levels = self.players_chosen
        if len(levels) < 2:
            warning = _("Pick at least two players: click their names.")
            self.status.value = f"<div class='aton-warn'>{warning}</div>"
            return None
        self.button.disabled = True
        self._stop.clear()
        self.stop_button.disabled = False
        self.status.value = _("Playing…")
        return levels

    def _play(self, levels: list[str]) -> lab.Tournament | None:
        t = None
        try:
            with self.errors:  # in a kernel, shows a failure here instead of raising it
                t = lab.run_tournament(levels, self.games.value, self.seed.value,
                                       executor=self.executor, progress=self._progress,
                                       stop=self._stop)
        finally:
            self.button.disabled = False
            self.stop_button.disabled = True
        if t is None:
            self.status.value = _("The tournament failed: the reason is shown below.")
            return None
        n, seconds = len(t.results), decimal(t.seconds)
        if t.complete:
            self.status.value = _n("{games} game played in {seconds} s.",
                                   "{games} games played in {seconds} s.", n).format(
                games=n, seconds=seconds)
        elif n == 0:
            self.status.value = _("Stopped before the first game ended: nothing to show.")
            return t
        else:
            total = math.comb(len(t.levels), 2) * t.games_per_pair
            self.status.value = _n("Stopped: {games} game of {total} played in {seconds} s, "
                                   "shown below.",
                                   "Stopped: {games} games of {total} played in {seconds} s, "
                                   "shown below.", n).format(games=n, total=total,
                                                             seconds=seconds)
        self.show(t)
        return t

    def stop(self) -> None:
        """Stop the tournament under way (the Stop button): no more games start, and the
        games played so far are drawn."""
        self._stop.set()
        self.stop_button.disabled = True
        self.status.value = _("Stopping…")

    @staticmethod
    def _mark(change) -> None:
        """A picked player's button is coloured, a dropped one is plain."""
        toggle = change["owner"]
        toggle.button_style = "info" if toggle.value else ""

    @property
    def players_chosen(self) -> list[str]:
        """The levels picked, weakest first."""
        return [name for name, toggle in self.toggles.items() if toggle.value]

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(total, 1)
        self.progress.value = done
        self.progress.description = f"{done}/{total}"

    def show(self, t: lab.Tournament) -> None:
        """Draw a tournament's results in the summary and the five charts."""
        self.tournament = t
        results = t.results
        rates = lab.win_rates(results, t.levels)
        ratings = lab.elo(results, t.levels)
        def row(level: str) -> str:
            r = rates[level]
            # A player whose games a Stop cut off before the first has no rate to show.
            numbers = ([f"{100 * r['rate']:.0f}%",
                        f"{100 * r['low']:.0f}–{100 * r['high']:.0f}%",
                        f"{ratings[level]:.0f}"] if r["games"] else ["—"] * 3)
            return (f"<tr><td>{level_name(level)}</td><td>{r['games']}</td>"
                    + "".join(f"<td>{n}</td>" for n in numbers) + "</tr>")

        rows = "".join(row(level) for level in t.levels)
        heads = "".join(f"<th>{h}</th>" for h in (_("player"), _("games"), _("won"),
                                                    _("95% interval"), _("rating")))
        self.summary.value = (f"<table class='aton-table aton-compact'><tr>{heads}</tr>{rows}"
                              "</table>")
        self.win_fig.axes[1].tick_values = [0, 25, 50, 75, 100]
        with self.win_bars.hold_sync():
            self.win_bars.x = [level_name(level) for level in t.levels]
            self.win_bars.y = [round(100 * rates[level]["rate"], 1) for level in t.levels]
        ends = lab.endings(results)
        with self.end_bars.hold_sync():
            self.end_bars.x = [_(ENDING_WORDS[k]) for k in ends]
            self.end_bars.y = list(ends.values())
            _fit(self.end_fig, self.end_bars.y.tolist(), 2)
        c1 = lab.cartouche1_points(results)
        with self.c1_bars.hold_sync():
            self.c1_bars.x = [str(v) for v in VALUES]
            self.c1_bars.y = [round(c1[v]["mean"], 2) for v in VALUES]
            _fit(self.c1_fig, self.c1_bars.y.tolist(), 0.5)
        c2 = lab.cartouche2_choices(results)
        with self.c2_bars.hold_sync():
            self.c2_bars.x = [str(v) for v in VALUES]
            self.c2_bars.y = [[round(100 * c2[side][v], 1) for v in VALUES]
                              for side in ("winner", "loser")]
            _fit(self.c2_fig, [y for row in self.c2_bars.y.tolist() for y in row], 10)
        length = lab.lengths(results)
        # Every number of rounds from the shortest game to the longest, none left out: the
        # bars stand on an axis of categories, where a missing 13 would put 12 beside 15.
        rounds = range(min(length), max(length) + 1) if length else []
        with self.len_bars.hold_sync():
            self.len_bars.x = [str(k) for k in rounds]
            self.len_bars.y = [length.get(k, 0) for k in rounds]
            _fit(self.len_fig, self.len_bars.y.tolist(), 2)

    @property
    def chart_data(self) -> dict[str, tuple]:
        """What each chart shows now, as (x, y): for tests and for reading in a notebook."""
        def xy(bars):
            return [str(x) for x in bars.x], bars.y.tolist()
        return {"win_rate": xy(self.win_bars), "endings": xy(self.end_bars),
                "cartouche1": xy(self.c1_bars), "cartouche2": xy(self.c2_bars),
                "length": xy(self.len_bars)}


def serving_a_page() -> bool:
    """Whether this kernel runs a Voilà page, which shows nothing until every cell has run:
    such a page must not wait for a tournament (Voilà sets these variables in its kernels)."""
    return "VOILA_KERNEL_ID" in os.environ or os.environ.get("VOILA_PREHEAT") == "True"


__all__ = ["StrategyLab", "serving_a_page"]
