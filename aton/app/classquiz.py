"""The "Class predicts" switch: a scoring round in the app as a predict-then-reveal activity.

When the next step is a line of a scoring round (R16), the switch appears above the scoring
table. Switched on, the class types red's and blue's points for the line, and *Reveal* steps
the game one step: the engine scores that line, the board rings its squares and the
explanation gives its sentence, as *Next step* would. The quiz is ``predict.ScoringQuiz``, the
one lesson 3 uses. The answer is asked of the game only at Reveal, so nothing of it is on the
page before.
"""

from __future__ import annotations

from collections.abc import Callable

from ipywidgets import HTML, HBox, Layout, ToggleButton, VBox

from ..engine.scoring import LINES
from ..i18n import N_, translator
from .predict import Answer, ScoringQuiz
from .theme import Panel, in_language

_ = translator("app")

INTRO = N_("<b>Class predicts.</b> Before each line, type the points you expect red and blue to "
           "score, then press <i>Reveal</i>: the game scores that line. Leave a box empty for no "
           "guess: it is not marked.")


class ClassPredicts(Panel):
    """The switch and, while it is on during a scoring round, the quiz.

    ``reveal(line)`` steps the game through scoring line ``line`` and returns its ``Answer``.
    The app calls ``update(next_line, scoring_shown)`` after every step."""

    def __init__(self, reveal: Callable[[str], Answer]) -> None:
        self._reveal = reveal
        self._revealing = False  # the game moves inside a Reveal: the quiz is not over
        self.switch = ToggleButton(value=False, icon="users")
        self.switch.add_class("aton-class-predicts")
        self.switch.observe(self._toggled, "value")
        self.hint = HTML(layout=Layout(margin="0 0 0 8px"))
        self.quiz: ScoringQuiz | None = None
        self.next_line: str | None = None
        self.widget = VBox([HBox([self.switch, self.hint],
                                 layout=Layout(align_items="center"))],
                           layout=Layout(width="100%"))
        self.widget.add_class("aton-box")
        self.relabel()

    @in_language
    def relabel(self) -> None:
        self.switch.description = _("Class predicts")
        self.switch.tooltip = _("Turn the scoring round into a guessing game: guess each "
                                "line's points, then Reveal it")
        self.hint.value = _("Guess each line of the scoring round before it is shown.")
        if self.quiz is not None:
            self.quiz.relabel()

    @property
    def visible(self) -> bool:
        """Shown while a scoring line comes next, and with the quiz's summary until the
        round ends."""
        return self.next_line is not None or (
            self.quiz is not None and (self.quiz.done or self._revealing))

    @property
    def waiting(self) -> bool:
        """True when the class is to guess the next step: it comes only by Reveal."""
        return (self.switch.value and self.quiz is not None
                and self.next_line is not None and self.quiz.current == self.next_line)

    @in_language
    def update(self, next_line: str | None, scoring_shown: bool) -> None:
        """Follow the game: ``next_line`` is the scoring line the next step scores (None if
        it scores none); ``scoring_shown``: the scoring round's table is on screen."""
        self.next_line = next_line
        if self.quiz is not None and not self._revealing and (
                (next_line is None and not (self.quiz.done and scoring_shown))
                or (next_line is not None and self.quiz.current != next_line)):
            self._drop()  # a new round, Undo, a new game: that quiz is over
        self._redraw()

    @in_language
    def _toggled(self, change: dict) -> None:
        if not change["new"]:
            self._drop()  # switched off: the game steps as usual; on again, a new quiz
        self._redraw()

    def _drop(self) -> None:
        """The quiz is over: it goes, and so do its widgets."""
        if self.quiz is not None:
            quiz, self.quiz = self.quiz, None
            self.widget.children = [self.widget.children[0]]
            quiz.close()

    def _reveal_line(self, line: str) -> Answer:
        self._revealing = True
        try:
            return self._reveal(line)
        finally:
            self._revealing = False

    def _redraw(self) -> None:
        if self.switch.value and self.quiz is None and self.next_line is not None:
            lines = list(LINES[LINES.index(self.next_line):])
            self.quiz = ScoringQuiz(lines, self._reveal_line, intro=INTRO)
            self.quiz.speaks = self.speaks
            self.quiz.relabel()
        self.hint.layout.display = "none" if self.switch.value else ""
        self.switch.button_style = "success" if self.switch.value else ""  # plainly on
        body = [self.quiz] if self.switch.value and self.quiz is not None else []
        self.widget.children = [self.widget.children[0], *body]


__all__ = ["ClassPredicts"]
