"""Predict, then reveal: a class quiz on the lines of a scoring round (R16).

One line at a time (temples 1-4, black squares, bonus squares): the class types the points it
expects red and blue to score, then *Reveal* shows the engine's answer, with the sentence that
explains it, and marks each guess right or wrong. An empty box is no guess and is not graded.
A summary follows the last line. The answers are the engine's own ``score`` events: no rule is
computed here, and nothing of an answer is put on the page before its Reveal.

The same widget serves lesson 3 and the app. Where the answers come from is a function
``reveal(line) -> Answer``:

    quiz = ScoringQuiz.from_game(game)      # lesson 3: read from a copy of a paused game
    quiz = ScoringQuiz.from_events(events)  # the events of a round already played
    quiz = ScoringQuiz(lines, reveal)       # the app: each Reveal steps the real game
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..engine.game import Game
from ..engine.scoring import LINE_TITLES, LINES
from ..i18n import N_, Spoken, plural_translator, spoken, translator
from .closing import close_parts, close_tree
from .theme import Panel, in_language, player_name

_ = translator("app")
_n = plural_translator("app")

PLAYERS = ("red", "blue")
COLOURS = {"red": "#d62728", "blue": "#1f4fd6"}
RIGHT, WRONG, GREY = "#2e7d32", "#c62828", "#666"

INTRO = N_("<b>Predict, then reveal.</b> For each line of the scoring round, type the points "
           "you expect red and blue to score, then press <i>Reveal</i>. Leave a box empty if "
           "you have no guess: it is not marked.")
BAD_GUESS = N_("Type the points as a whole number (0, 1, 2 ...), or leave the box empty for no "
               "guess.")


def line_title(line: str) -> str:
    """The title of scoring line ``line`` ("Temple 1") in the current language."""
    return LINE_TITLES[line]


@dataclass(frozen=True)
class Answer:
    """The engine's result for one scoring line: points per player and the explanation
    (written in the language in force when the answer was had; ``said`` writes it again in
    the language in force now)."""

    line: str
    points: dict[str, int]
    text: str

    @property
    def said(self) -> str:
        return self.text.write() if isinstance(self.text, Spoken) else self.text

    @property
    def title(self) -> str:
        return line_title(self.line)


def answer_of(event) -> Answer:
    """The ``Answer`` of one ``score`` event (an ``Event`` or its dict)."""
    if isinstance(event, dict):
        data, text = event, event.get("text", "")
    else:
        data, text = event.data, spoken(lambda: event.text)
    return Answer(data["line"], dict(data["points"]), text)


def answers_from_events(events: Iterable) -> list[Answer]:
    """The scoring lines among ``events``: ``Event`` objects (``game.events``) or the dicts of
    ``aton.play_round(...)["events"]``."""
    return [answer_of(e) for e in events
            if (e.get("type") if isinstance(e, dict) else e.type) == "score"]


def upcoming_answers(game: Game) -> list[Answer]:
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
        raise ValueError(_("No scoring round is coming: a scoring round follows only a round "
                           "that leaves the Kingdom of the Dead full (R16). Step the game to "
                           "the end of such a round first."))
    return answers


def read_guess(text: str) -> int | None:
    """A guess box's text: None when empty (no guess), else a whole number of points.
    ValueError (with ``BAD_GUESS``) for anything else."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 3:
        raise ValueError(_(BAD_GUESS))
    return int(text)


class ScoringQuiz(Panel, widgets.VBox):
    """The scoring round's lines one at a time: a guess box for red and for blue, *Reveal*,
    then the engine's points with a mark for each guess made; a summary after the last line.

    ``lines``: the lines still to come, in order. ``reveal(line)`` returns that line's
    ``Answer``; it is called once per line, at its Reveal (in the app it steps the game).
    ``notes``: an optional worked explanation per line, shown with its answer. ``intro`` is
    shown through the catalog, so an ``N_``-marked text comes in the current language."""

    def __init__(self, lines: Sequence[str], reveal: Callable[[str], Answer], *,
                 intro: str = INTRO, notes: Mapping[str, str] | None = None) -> None:
        self.lines = list(lines)
        if not self.lines:
            raise ValueError(_("A scoring quiz needs at least one scoring line."))
        unknown = [line for line in self.lines if line not in LINE_TITLES]
        if unknown:
            raise ValueError(_("Not a line of the scoring round (R16): {lines}.").format(
                lines=", ".join(unknown)))
        self._reveal = reveal
        self.notes = dict(notes or {})
        self.answers: dict[str, Answer] = {}  # only the lines revealed so far
        self.marks: dict[str, dict[str, bool | None]] = {}  # None: no guess, not graded
        self.guesses: dict[str, dict[str, int | None]] = {}  # what the class typed, by line
        self._message: Callable[[], str] | None = None  # the last warning, to write it again
        self.intro = intro
        # Each box as wide as its name and its input (the app's style sheet sizes the input,
        # ``theme.CSS``): a fixed width squeezed the input under a long name ("vermelho").
        self.boxes = {p: widgets.Text(value="", style={"description_width": "initial"},
                                      layout=widgets.Layout(width="auto"))
                      for p in PLAYERS}
        for p, box in self.boxes.items():
            box.add_class(f"aton-guess-{p}")
        self.button = widgets.Button(button_style="info", layout=widgets.Layout(width="90px"))
        self.button.add_class("aton-reveal")
        self.button.on_click(lambda _b: self.reveal())
        self.title = widgets.HTML(layout=widgets.Layout(width="190px"))
        self.ask = widgets.HBox([self.title, *self.boxes.values(), self.button],
                                layout=widgets.Layout(align_items="center",
                                                      flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.results = widgets.VBox()
        self.summary = widgets.HTML()
        self.summary.add_class("aton-quiz-summary")
        self.intro_text = widgets.HTML()
        # The boxes and Reveal stay right under the introduction and the newest line comes
        # first below them, so that at every line the controls are where they were and what
        # was just revealed is read beside them (at a projector's size the quiz grows past the
        # screen's foot within three lines otherwise).
        super().__init__([self.intro_text, self.ask, self.message, self.summary,
                          self.results])
        self.add_class("aton-quiz")
        self.relabel()

    @in_language
    def relabel(self) -> None:
        """Every word of the quiz again (the revealed lines with their marks too)."""
        self.intro_text.value = _(self.intro)
        for p, box in self.boxes.items():
            box.placeholder = _("no guess")
            box.description = player_name(p)
        self.button.description = _("Reveal")
        self.message.value = self._message() if self._message is not None else ""
        self._results()
        self._show()

    def close(self) -> None:
        """Close the quiz and every widget it made, their layouts and styles included (a
        quiz that is over leaves nothing: ``closing.close_tree``)."""
        if hasattr(self, "intro_text"):  # (not when the quiz was refused while being made)
            for widget in (self.intro_text, self.results, self.ask, self.message,
                           self.summary):
                close_tree(widget)
            close_parts(self)
        super().close()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_answers(cls, answers: Iterable[Answer], **kwargs) -> ScoringQuiz:
        """A quiz whose answers are known already (kept out of the page until revealed)."""
        known = {a.line: a for a in answers}
        return cls(list(known), known.__getitem__, **kwargs)

    @classmethod
    def from_game(cls, game: Game, **kwargs) -> ScoringQuiz:
        """A quiz on the scoring round ``game`` is about to play (see ``upcoming_answers``)."""
        return cls.from_answers(upcoming_answers(game), **kwargs)

    @classmethod
    def from_events(cls, events: Iterable, **kwargs) -> ScoringQuiz:
        """A quiz on the scoring round found in ``events`` (ValueError if there is none)."""
        answers = answers_from_events(events)
        if not answers:
            raise ValueError(_("These events hold no scoring round (no 'score' events, R16)."))
        return cls.from_answers(answers, **kwargs)

    # ------------------------------------------------------------------ state

    @property
    def current(self) -> str | None:
        """The line to guess and reveal next (None when all are revealed)."""
        return next((line for line in self.lines if line not in self.answers), None)

    @property
    def done(self) -> bool:
        return self.current is None

    @property
    def made(self) -> int:
        """How many guesses were made (boxes not left empty) on the lines revealed."""
        return sum(m is not None for marks in self.marks.values() for m in marks.values())

    @property
    def right(self) -> int:
        """How many of the guesses made were right."""
        return sum(m is True for marks in self.marks.values() for m in marks.values())

    # ------------------------------------------------------------------ actions

    def guess(self, red: int | str | None, blue: int | str | None) -> None:
        """Type the class's guess for the current line (None or "" leaves a box empty)."""
        self.boxes["red"].value = "" if red is None else str(red)
        self.boxes["blue"].value = "" if blue is None else str(blue)

    def _say(self, text: Callable[[], str] | None) -> None:
        self._message = text
        self.message.value = text() if text is not None else ""

    @in_language
    def reveal(self, line: str | None = None) -> dict[str, bool | None] | None:
        """Reveal the current line (``line``, if given, must be it): show the engine's answer
        and mark each guess made. Returns ``{"red": right?, "blue": right?}`` (None for no
        guess), or None when nothing was revealed: a box holds something that is not a
        number, or the answer could not be had; the message says why and nothing changes."""
        current = self.current
        if current is None:
            self._say(lambda: self._warn(_("Every line is revealed already.")))
            return None
        if line is not None and line != current:
            other = line_title(line) if line in LINE_TITLES else escape(line)
            self._say(lambda: self._warn(
                _("The next line to reveal is {line}, not {other}: the lines come in order "
                  "(R16).").format(line=line_title(current), other=other)))
            return None
        try:
            guesses = {p: read_guess(self.boxes[p].value) for p in PLAYERS}
        except ValueError:
            self._say(lambda: self._warn(_(BAD_GUESS)))
            return None
        try:
            answer = self._reveal(current)
        except Exception as err:  # noqa: BLE001 - shown to the class, never swallowed
            error = err
            self._say(lambda: self._warn(_("This line could not be revealed: {error}").format(
                error=escape(str(error)))))
            return None
        self._say(None)
        self.answers[current] = answer
        marks = {p: None if guesses[p] is None else guesses[p] == answer.points[p]
                 for p in PLAYERS}
        self.marks[current] = marks
        self.guesses[current] = guesses
        self.results.children = [widgets.HTML(), *self.results.children]  # newest first
        self._results()
        self.guess(None, None)
        self._show()
        return marks

    # ------------------------------------------------------------------ drawing

    def _results(self) -> None:
        """The revealed lines, newest first: the newest with its explanation, the earlier ones
        shrunk to their marks (their sentences stay in the log), so the quiz keeps fitting
        beside the board."""
        lines = list(self.answers)[::-1]
        for k, (widget, line) in enumerate(zip(self.results.children, lines, strict=True)):
            widget.value = self._result_html(self.answers[line], self.guesses[line],
                                             self.marks[line], full=k == 0)

    def _show(self) -> None:
        current = self.current
        if current is None:
            self.ask.layout.display = "none"
        else:
            n = self.lines.index(current) + 1
            # Translators: after the line's title, e.g. "Temple 2 (line 2 of 6)".
            which = _("(line {n} of {total})").format(n=n, total=len(self.lines))
            self.title.value = (f"<b>{escape(line_title(current))}</b> "
                                f"<span style='color:{GREY}'>{which}</span>")
            # Translators: the Reveal button's tooltip; {line} is a line's title ("Temple 1").
            self.button.tooltip = _("Reveal {line}").format(line=line_title(current))
        self.summary.value = self._summary_text()

    def _result_html(self, answer: Answer, guesses: dict, marks: dict, full: bool = True) -> str:
        parts = []
        for p in PLAYERS:
            if marks[p] is None:
                colour, mark = GREY, _("no guess")
            elif marks[p]:
                # Translators: a guess that was right (after a tick).
                colour, mark = RIGHT, "&#10003; " + _("right")
            else:
                colour, mark = WRONG, "&#10007; " + _("you said {guess}").format(guess=guesses[p])
            name = player_name(p)
            parts.append(f'<span style="color:{COLOURS[p]};font-weight:bold">{name} '
                         f'{answer.points[p]}</span> <span style="color:{colour}">{mark}</span>')
        head = (f"<div class='aton-quiz-line' style='margin:2px 0 4px 0'>"
                f"<b>{escape(answer.title)}</b>: {' &middot; '.join(parts)}")
        if not full:
            return head + "</div>"
        note = self.notes.get(answer.line, "")
        note = f"<br>{escape(note)}" if note else ""
        return f"{head}<br><i>{escape(answer.said)}</i>{note}</div>"

    def _summary_text(self) -> str:
        revealed, total = len(self.answers), len(self.lines)
        # English says "guesses" even for one ("1 of 1 guesses right"); other languages may not.
        graded = (_n("{right} of {made} guesses right", "{right} of {made} guesses right",
                     self.made).format(right=self.right, made=self.made) if self.made else
                  _("no guesses made"))
        empty = 2 * revealed - self.made
        skipped = (" " + _n("({n} empty box, not marked)", "({n} empty boxes, not marked)",
                            empty).format(n=empty) if empty else "")
        if revealed < total:
            # Translators: {graded} is e.g. "2 of 3 guesses right"; {skipped} is empty or
            # " (1 empty box, not marked)".
            return _("{revealed} of {total} lines revealed: {graded}{skipped}.").format(
                revealed=revealed, total=total, graded=graded, skipped=skipped)
        if self.made:
            text = _("<b>All {total} lines revealed.</b> The class got {graded}{skipped}.").format(
                total=total, graded=graded, skipped=skipped)
        else:
            text = _("<b>All {total} lines revealed.</b> No guesses were made, so nothing was "
                     "marked.").format(total=total)
        # What the round comes to: the sum a class checks its lines against (R16).
        points = {p: sum(a.points[p] for a in self.answers.values()) for p in PLAYERS}
        return text + " " + _("In all this scoring round: {red} {red_points}, {blue} "
                              "{blue_points} (R16).").format(
            red=player_name("red"), red_points=points["red"], blue=player_name("blue"),
            blue_points=points["blue"])

    @staticmethod
    def _warn(text: str) -> str:
        return f'<span style="color:{WRONG}">{text}</span>'


__all__ = ["Answer", "ScoringQuiz", "answer_of", "answers_from_events", "read_guess",
           "upcoming_answers"]
