"""Guided lessons in the app: the lesson list with progress, the goal, Hint, the verdict, Retry
and Next lesson.

The lessons themselves are data (``aton/teaching/lessons/*.json``, read by ``aton.teaching.tutorial``): this module
only shows them. ``Tutor.start(name)`` starts a lesson in the app with its scripted opponent;
after every redraw the app calls ``Tutor.update()``, which asks ``aton.teaching.tutorial.judge`` for the
verdict. Progress (which lessons are done) lasts for this session of the page.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ipywidgets import HTML, Button, ButtonStyle, HBox, Layout, VBox

from ..i18n import translator
from ..teaching import tutorial
from ..teaching.tutorial import Lesson, Verdict, lesson_text
from .panel import rule_badge
from .session import Session
from .theme import player_span

if TYPE_CHECKING:
    from .app import AtonApp

_ = translator("app")

LESSON_SEED = 1  # lessons deal nothing; the seed only orders a reshuffle of discards (R4)
HINT_CLASS = "aton-hint"


class Tutor:
    """The guided-lesson box shown above the explanation while a lesson is played."""

    def __init__(self, app: AtonApp, lessons: list[Lesson] | None = None) -> None:
        self.app = app
        self.lessons = {lesson.name: lesson for lesson in
                        (lessons if lessons is not None else tutorial.load_all())}
        self.order = list(self.lessons)
        self.lesson: Lesson | None = None
        self.done: set[str] = set()
        self.verdict: Verdict | None = None
        self.hint_on = False

        style = ButtonStyle(font_weight="bold")
        self.head = HTML()
        self.goal = HTML()
        self.goal.add_class("aton-goal")
        self.hint_text = HTML()
        self.verdict_box = HTML()
        fit = {"width": "auto", "flex": "0 0 auto"}  # never cut a label short
        self.hint = Button(description=_("Hint"), tooltip=_("Show what matters in this lesson"),
                           layout=Layout(**fit), style=style)
        self.retry = Button(description=_("Retry"), tooltip=_("Start this lesson again"),
                            layout=Layout(**fit), style=style)
        self.next_lesson = Button(description=_("Next lesson ▸"), layout=Layout(**fit),
                                  style=style)
        self.show_list = Button(description=_("All lessons"), layout=Layout(**fit),
                                tooltip=_("The list of lessons, and the free game"), style=style)
        buttons = HBox([self.hint, self.retry, self.next_lesson, self.show_list],
                       layout=Layout(flex_flow="row wrap"))
        buttons.add_class("aton-row")
        self.list_buttons = [Button(layout=Layout(width="100%"), style=style)
                             for _ in self.order]
        self.free = Button(description=_("Free game against the computer"),
                           layout=Layout(width="100%"), style=style)
        self.list = VBox([*self.list_buttons, self.free], layout=Layout(display="none"))
        self.list.add_class("aton-lesson-list")
        self.widget = VBox([self.head, self.goal, buttons, self.hint_text, self.verdict_box,
                            self.list], layout=Layout(width="100%", display="none"))
        self.widget.add_class("aton-box")
        self.widget.add_class("aton-tutor")

        guard = app._guard
        self.hint.on_click(guard(lambda _b: self.toggle_hint()))
        self.retry.on_click(guard(lambda _b: self.restart()))
        self.next_lesson.on_click(guard(lambda _b: self.go_next()))
        self.show_list.on_click(guard(lambda _b: self.toggle_list()))
        self.free.on_click(guard(lambda _b: app.free_game()))
        for name, button in zip(self.order, self.list_buttons, strict=True):
            button.on_click(guard(lambda _b, name=name: self.start(name)))
        self._label_list()

    # ------------------------------------------------------------------ lessons

    def title(self, name: str) -> str:
        """'3. Cartouche 2: who goes first', with a tick once done."""
        number = self.order.index(name) + 1
        tick = "✓ " if name in self.done else ""
        return f"{tick}{number}. {lesson_text(self.lessons[name].title)}"

    def start(self, name: str) -> None:
        """Start lesson ``name`` (KeyError if unknown): its position, its scripted opponent,
        the learner's colour, the goal."""
        lesson = self.lessons[name]
        game = lesson.start(LESSON_SEED)
        session = Session(game, opponent="greedy", learner=lesson.learner,
                          player=lesson.player(game))
        self.lesson = lesson
        self.verdict = None
        self.hint_on = False
        self.list.layout.display = "none"
        number = self.order.index(name) + 1
        heading = _("Lesson {number}: {title}").format(number=number,
                                                        title=escape(lesson_text(lesson.title)))
        self.app.start_session(session, heading=heading, lesson=name)

    def stop(self) -> None:
        """Leave the guided lessons (a free game or a scenario starts)."""
        self.lesson = None
        self.verdict = None
        self.hint_on = False
        self._clear_hint()
        self.widget.layout.display = "none"

    def restart(self) -> None:
        """Retry: the same lesson from its start."""
        if self.lesson is not None:
            self.start(self.lesson.name)

    def go_next(self) -> None:
        """Next lesson: the one after this in the list (after the last one, the first one not
        done yet, else the free game)."""
        if self.lesson is None:
            self.start(self.order[0])
            return
        i = self.order.index(self.lesson.name)
        later = self.order[i + 1:] + [n for n in self.order[:i] if n not in self.done]
        if later:
            self.start(later[0])
        else:
            self.app.new_game()

    def toggle_hint(self) -> None:
        self.hint_on = not self.hint_on
        self.update()

    def toggle_list(self) -> None:
        self.list.layout.display = "" if self.list.layout.display == "none" else "none"

    # ------------------------------------------------------------------ drawing

    def update(self) -> None:
        """Redraw after every step: the goal, the hint (if asked for) and the verdict."""
        lesson = self.lesson
        if lesson is None:
            self.widget.layout.display = "none"
            return
        self.widget.layout.display = ""
        self.verdict = tutorial.judge(lesson, self.app.game)
        if self.verdict is not None and self.verdict.success:
            self.done.add(lesson.name)
        self._label_list()
        number = self.order.index(lesson.name) + 1
        chips = "".join(
            f'<span class="aton-chip{" aton-chip-done" if n in self.done else ""}'
            f'{" aton-chip-now" if n == lesson.name else ""}" title="{escape(self.title(n))}">'
            f"{i + 1}</span>" for i, n in enumerate(self.order))
        lesson_of = _("Lesson {number} of {total}: {title}").format(
            number=number, total=len(self.order), title=escape(lesson_text(lesson.title)))
        you_play = _("you play {player}").format(
            player=player_span(lesson.learner))
        done = _("Done: {done} of {total}").format(done=len(self.done), total=len(self.order))
        self.head.value = (f"<div><b>{lesson_of}</b> · {you_play}</div>"
                           f'<div class="aton-progress">{done} {chips}</div>')
        # Translators: the label before the lesson's goal (one sentence).
        goal = _("Goal:")
        self.goal.value = (f"<div><b>{goal}</b> {escape(lesson_text(lesson.goal))}</div>"
                           f'<div class="aton-intro">{escape(lesson_text(lesson.intro))}</div>')
        self._show_hint()
        self._show_verdict()

    def _show_verdict(self) -> None:
        v = self.verdict
        self.retry.button_style = ""
        self.next_lesson.button_style = ""
        if v is None:
            self.verdict_box.value = ""
            return
        badges = " ".join(rule_badge(r).split("</span>")[0] + "</span>" for r in v.rules)
        if v.success:
            self.next_lesson.button_style = "success"
            then = _("Click <b>Next lesson</b> to go on.")
            self.verdict_box.value = (f'<div class="aton-verdict aton-success">{escape(v.text)}'
                                      f"<div>{badges}</div><div>{then}</div></div>")
        else:
            self.retry.button_style = "warning"
            then = _("Click <b>Retry</b> to play the lesson again, or <b>Hint</b> for help.")
            self.verdict_box.value = (f'<div class="aton-verdict aton-tryagain">{escape(v.text)}'
                                      f"<div>{badges}</div><div>{then}</div></div>")

    def _show_hint(self) -> None:
        self._clear_hint()
        if not self.hint_on or self.lesson is None:
            self.hint.button_style = ""
            self.hint_text.value = ""
            return
        hint = self.lesson.hint
        self.hint.button_style = "info"
        label = _("Hint:")
        self.hint_text.value = (f'<div class="aton-hint-text"><b>{label}</b> '
                                f"{escape(lesson_text(hint.text))}</div>")
        picker = self.app.picker
        if self.app.picker.widget in self.app.stage.children and picker.hand:
            used: set[int] = set()
            for cartouche, value in sorted(hint.cartouches.items()):
                picker.slots[cartouche - 1].add_class(HINT_CLASS)
                i = next((k for k, v in enumerate(picker.hand) if v == value and k not in used),
                         None)
                if i is not None:
                    used.add(i)
                    picker.cards[i].add_class(HINT_CLASS)
        self.app.board.show_hint(hint.squares)

    def _clear_hint(self) -> None:
        picker = self.app.picker
        for button in (*picker.slots, *picker.cards):
            if HINT_CLASS in button._dom_classes:
                button.remove_class(HINT_CLASS)
        self.app.board.show_hint(())

    def _label_list(self) -> None:
        for name, button in zip(self.order, self.list_buttons, strict=True):
            button.description = self.title(name)
            button.button_style = "success" if name in self.done else ""

    # ------------------------------------------------------------------ for tests

    @property
    def verdict_text(self) -> str:
        """The verdict's sentence ('' before the judging point)."""
        return self.verdict.text if self.verdict is not None else ""

    @property
    def hinted(self) -> dict[str, list]:
        """What the hint highlights now: picker slots (cartouche numbers), picker card values
        and board squares."""
        picker = self.app.picker
        return {"cartouches": [c + 1 for c, b in enumerate(picker.slots)
                               if HINT_CLASS in b._dom_classes],
                "cards": [picker.hand[i] for i, b in enumerate(picker.cards)
                          if HINT_CLASS in b._dom_classes],
                "squares": self.app.board.hint_squares}


__all__ = ["Tutor"]
