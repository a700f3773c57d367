"""The teacher's view of the class's answers and progress (issue 18, items 4 and 6): how many
got the question right, the answer and the engine's sentence for it, a bqplot chart of the
guesses (the right one in green), and the table of each student's progress with its CSV."""

from __future__ import annotations

import base64
import html

from bqplot import Axis, Bars, Figure, LinearScale, OrdinalScale
from ipywidgets import HTML, HBox, Layout

from ..i18n import N_, translator
from .classlink import ClassLink
from .classwords import value_words

_ = translator("app")

RIGHT, WRONG = "#2e7032", "#8a8a8a"
#: A guided lesson's verdict as the class store keeps it, in the teacher's words.
VERDICTS = {"done": N_("done"), "not yet": N_("not yet")}


def count_ticks(most: int) -> tuple[int, list[int]]:
    """The chart's axis for ``most`` students giving one guess: its top and its ticks, whole
    students only, at most six ticks, 3 at least (the scale the chart opens with)."""
    step = next(s for s in (1, 2, 5, 10, 20, 50) if max(3, most) <= 5 * s)
    top = max(3, -(-most // step) * step)
    return top, list(range(0, top + 1, step))


class Results:
    """The widgets the teacher's class box shows after a Reveal and under Students."""

    def __init__(self, link: ClassLink) -> None:
        self.link = link
        self.results = HTML(layout=Layout(flex="1 1 220px", min_width="0"))
        self.chart: tuple[Figure, Bars] | None = None
        self.chart_box = HBox()
        # The words and the chart side by side (one under the other in a narrow column): the
        # class box stays short enough to leave the explanation and its steps on the screen.
        self.row = HBox([self.results, self.chart_box],
                        layout=Layout(width="100%", align_items="flex-start"))
        self.row.add_class("aton-row")
        self.progress = HTML(layout=Layout(width="100%"))
        self.progress.add_class("aton-class-progress")

    def results_for(self) -> HTML:
        link = self.link
        marked = [m for m in link.marks if m.right is not None]
        right = sum(1 for m in marked if m.right)
        sentence = html.escape(link.revealed.text) if link.revealed is not None else ""
        truth = link.question.truth or {}
        head = _("<b>{right} of {n}</b> got it right.").format(right=right, n=len(marked))
        answer = _("The answer: {answer}.").format(answer=value_words(truth)) if truth else ""
        self.chart_for(marked, truth)
        self.results.value = "<div class='aton-class-results'>" + " ".join(
            p for p in (head, answer, sentence) if p) + "</div>"
        return self.results

    def chart_for(self, marks: list, truth: dict) -> None:
        """How many gave each guess (the right one in green): a bqplot bar chart."""
        counts: dict[str, list[int]] = {}
        for mark in marks:
            label = value_words(mark.value, short=True)
            counts.setdefault(label, [0, 0])[0 if mark.right else 1] += 1
        labels = sorted(counts, key=lambda k: -sum(counts[k])) or ["—"]
        y = [[counts.get(k, [0, 0])[0] for k in labels], [counts.get(k, [0, 0])[1]
                                                         for k in labels]]
        if self.chart is None:
            sx, sy = OrdinalScale(), LinearScale(min=0)
            bars = Bars(x=labels, y=y, scales={"x": sx, "y": sy}, type="stacked",
                        colors=[RIGHT, WRONG], padding=0.3)
            fig = Figure(marks=[bars], axes=[Axis(scale=sx, tick_style={"font-size": "14px"}),
                                             Axis(scale=sy, side="left", tick_format="d",
                                                  tick_values=[0, 1, 2, 3])],
                         fig_margin={"top": 24, "bottom": 42, "left": 30, "right": 8},
                         layout=Layout(width="250px", height="150px"), animation_duration=0,
                         display_toolbar=False)
            self.chart = (fig, bars)
            self.chart_box.children = [fig]
        fig, bars = self.chart
        top, ticks = count_ticks(max((a + b for a, b in zip(*y)), default=0))
        x_axis, y_axis = fig.axes
        # Up to four guesses read across; more lean, so that their labels do not overlap.
        x_axis.tick_rotate = 0 if len(labels) <= 4 else -30
        with bars.hold_sync():
            bars.x, bars.y = labels, y
            bars.scales["y"].max = top
        y_axis.tick_values = ticks
        fig.title = _("The class's guesses")

    def show_progress(self) -> None:
        # A game between classmates counts in "games" once over; till then the table says
        # who is playing whom.
        playing = self.link.playing_now()
        rows = []
        for p in self.link.progress():
            lessons = ", ".join(
                f"{html.escape(name)} ({html.escape(_(VERDICTS.get(verdict, verdict)))})"
                for name, verdict in p.lessons) or "—"
            # Puzzles (issue 20): solved at the first try of those tried, and the rating.
            puzzled = (_("{solved} of {tried}, rating {rating}").format(
                solved=p.puzzles_solved, tried=p.puzzles_tried, rating=round(p.puzzle_rating))
                if p.puzzle_rating is not None else "—")
            now = (_("against {name}").format(name=html.escape(playing[p.student]))
                   if p.student in playing else "—")
            rows.append(f"<tr><td>{html.escape(p.student)}</td><td>{lessons}</td>"
                        f"<td>{p.right}</td><td>{p.wrong}</td><td>{p.games}</td>"
                        f"<td>{p.wins}</td><td>{now}</td><td>{puzzled}</td></tr>")
        head = "".join(f"<th>{h}</th>" for h in (
            _("student"), _("guided lessons"), _("right"), _("wrong"), _("games"), _("won"),
            _("playing now"), _("puzzles")))
        csv = base64.b64encode(self.link.progress_csv().encode()).decode()
        name = f"aton-class-{self.link.code}.csv"
        self.progress.value = (
            f"<table class='aton-table aton-compact'><tr>{head}</tr>{''.join(rows)}</table>"
            f"<a download='{name}' href='data:text/csv;base64,{csv}'>"
            + _("Download the progress (CSV)") + "</a>")


__all__ = ["Results"]
