"""Predict, then reveal: a classroom quiz on the lines of a scoring round (R16).

For each line of the scoring round (temples 1-4, black squares, bonus squares) the class enters
the points it expects red and blue to score; Reveal shows the engine's answer with the sentence
that explains it, marked right or wrong. The answers are the engine's own ``score`` events: no
rule is computed here.

    quiz = ScoringQuiz.from_game(game)      # a game paused before its scoring round
    quiz = ScoringQuiz.from_events(events)  # the events of a round already played
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

import aton
from aton.scoring import LINE_TITLES, LINES

PLAYERS = ("red", "blue")
COLOURS = {"red": "#d62728", "blue": "#1f4fd6"}
RIGHT, WRONG = "#2e7d32", "#c62828"

INTRO = ("<b>Predict, then reveal.</b> For each line of the scoring round, enter the points "
         "you expect red and blue to score, then press <i>Reveal</i>.")


@dataclass(frozen=True)
class Answer:
    """The engine's result for one scoring line: points per player and the explanation."""

    line: str
    points: dict[str, int]
    text: str

    @property
    def title(self) -> str:
        return LINE_TITLES[self.line]


def answers_from_events(events: Iterable) -> list[Answer]:
    """The scoring lines among ``events``: ``Event`` objects (``game.events``) or the dicts of
    ``aton.play_round(...)["events"]``."""
    answers = []
    for event in events:
        if isinstance(event, dict):
            kind, data, text = event.get("type"), event, event.get("text", "")
        else:
            kind, data, text = event.type, event.data, event.text
        if kind == "score":
            answers.append(Answer(data["line"], dict(data["points"]), text))
    return answers


def upcoming_answers(game: aton.Game) -> list[Answer]:
    """The lines of the scoring round ``game`` is about to play, read from a copy of the game
    (``game.clone()``), so ``game`` itself does not move.

    Raises ValueError when no scoring round comes before the next decision or the end."""
    twin = game.clone()
    start = len(twin.events)
    while not twin.over and twin.pending is None:
        if twin.step().type == "scoring":
            break
    answers = answers_from_events(twin.events[start:])
    if [a.line for a in answers] != list(LINES):
        raise ValueError("No scoring round is coming: a scoring round follows only a round "
                         "that leaves the Kingdom of the Dead full (R16). Step the game to "
                         "the end of such a round first.")
    return answers


class ScoringQuiz(widgets.VBox):
    """One row per scoring line: a guess for red and for blue, a Reveal button, and after the
    reveal the engine's points, right/wrong marks and the explanation. ``Reveal all`` reveals
    every line; the summary counts the right guesses."""

    def __init__(self, answers: Iterable[Answer], intro: str = INTRO) -> None:
        self.answers = {a.line: a for a in answers}
        if not self.answers:
            raise ValueError("A scoring quiz needs at least one scoring line.")
        self.guesses: dict[str, dict[str, widgets.BoundedIntText]] = {}
        self.buttons: dict[str, widgets.Button] = {}
        self.results: dict[str, widgets.HTML] = {}
        self.marks: dict[str, dict[str, bool]] = {}
        rows = []
        for line, answer in self.answers.items():
            self.guesses[line] = {
                p: widgets.BoundedIntText(
                    value=0, min=0, max=99, description=p,
                    style={"description_width": "32px"},
                    layout=widgets.Layout(width="110px"))
                for p in PLAYERS
            }
            button = widgets.Button(description="Reveal", tooltip=f"Reveal {answer.title}",
                                    layout=widgets.Layout(width="80px"))
            button.on_click(self._guarded(lambda _b, line=line: self.reveal(line)))
            self.buttons[line] = button
            self.results[line] = widgets.HTML(layout=widgets.Layout(margin="0 0 6px 12px"))
            title = widgets.HTML(f"<b>{escape(answer.title)}</b>",
                                 layout=widgets.Layout(width="120px"))
            rows.append(widgets.HBox([title, *self.guesses[line].values(), button]))
            rows.append(self.results[line])
        self.reveal_all_button = widgets.Button(description="Reveal all",
                                                button_style="info")
        self.reveal_all_button.on_click(self._guarded(lambda _b: self.reveal_all()))
        self.summary = widgets.HTML(self._summary_text())
        super().__init__([widgets.HTML(intro), *rows,
                          widgets.HBox([self.reveal_all_button, self.summary])])

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_game(cls, game: aton.Game, **kwargs) -> ScoringQuiz:
        """A quiz on the scoring round ``game`` is about to play (see ``upcoming_answers``)."""
        return cls(upcoming_answers(game), **kwargs)

    @classmethod
    def from_events(cls, events: Iterable, **kwargs) -> ScoringQuiz:
        """A quiz on the scoring round found in ``events`` (ValueError if there is none)."""
        answers = answers_from_events(events)
        if not answers:
            raise ValueError("These events hold no scoring round (no 'score' events, R16).")
        return cls(answers, **kwargs)

    # ------------------------------------------------------------------ actions

    def guess(self, line: str, red: int, blue: int) -> None:
        """Enter the class's guess for ``line`` (what typing in the two boxes does)."""
        self.guesses[line]["red"].value = red
        self.guesses[line]["blue"].value = blue

    def reveal(self, line: str) -> dict[str, bool]:
        """Show the engine's answer for ``line``; return ``{"red": right?, "blue": right?}``.
        The guesses are locked once revealed."""
        answer = self.answers[line]
        marks = {p: self.guesses[line][p].value == answer.points[p] for p in PLAYERS}
        self.marks[line] = marks
        for box in self.guesses[line].values():
            box.disabled = True
        self.buttons[line].disabled = True
        parts = []
        for p in PLAYERS:
            got = answer.points[p]
            guessed = self.guesses[line][p].value
            mark = (f'<span style="color:{RIGHT}">&#10003; right</span>' if marks[p] else
                    f'<span style="color:{WRONG}">&#10007; you said {guessed}</span>')
            parts.append(f'<span style="color:{COLOURS[p]};font-weight:bold">{p} {got}</span> '
                         f"{mark}")
        self.results[line].value = (f"Engine: {' &middot; '.join(parts)}<br>"
                                    f"<i>{escape(answer.text)}</i>")
        self.summary.value = self._summary_text()
        return marks

    def reveal_all(self) -> None:
        """Reveal every line not revealed yet."""
        for line in self.answers:
            if line not in self.marks:
                self.reveal(line)

    @property
    def right(self) -> int:
        """How many revealed guesses (two per line) were right."""
        return sum(m[p] for m in self.marks.values() for p in PLAYERS)

    def _summary_text(self) -> str:
        if not self.marks:
            return f"0 of {len(self.answers)} lines revealed."
        return (f"{len(self.marks)} of {len(self.answers)} lines revealed: {self.right} of "
                f"{2 * len(self.marks)} guesses right.")

    def _guarded(self, action: Callable) -> Callable:
        """Wrap a click handler so an error shows in the summary instead of vanishing."""

        def handler(button: widgets.Button) -> None:
            try:
                action(button)
            except Exception as error:  # noqa: BLE001 - shown to the user, never swallowed
                self.summary.value = (f'<span style="color:{WRONG}">Error: '
                                      f"{escape(str(error))}</span>")

        return handler


__all__ = ["Answer", "ScoringQuiz", "answers_from_events", "upcoming_answers"]
