"""Guided lessons in the app: the lesson list with progress, the goal, Hint, the verdict, Retry
and Next lesson.

The lessons themselves are data (``aton/teaching/lessons/*.json``, read by
``aton.teaching.tutorial``): this module only shows them. ``Tutor`` draws the lesson the app
state names (``state.lesson``, ``state.done``, ``state.hint``) and the verdict it is given; its
buttons ask a small interface, ``LessonActions``, to start, retry or leave a lesson, so it
never reaches into the page. Progress (which lessons are done) is kept in the page's address
(``?lesson=03_order_tie&done=1,2``), which the Tutor rewrites as the learner goes: a reload or a
bookmark comes back to the lesson, with the lessons done ticked. Nothing of it is kept on the
server, and the address names no card.
"""

from __future__ import annotations

from html import escape
from typing import Protocol

from ipywidgets import HTML, Button, ButtonStyle, HBox, Layout, VBox

from ..engine.game import Game
from ..i18n import translator
from ..teaching.tutorial import Lesson, Verdict, lesson_text, told_text
from .address import done_value, page_title, rewrite_address
from .hints import HintMarks
from .panel import rule_badge
from .rules_panel import with_rule_links
from .state import AppState
from .theme import Panel, in_language, player_span

_ = translator("app")


class LessonActions(Protocol):
    """What the lesson box's buttons ask the page for."""

    def start_lesson(self, name: str) -> None: ...

    def retry(self) -> None: ...

    def next_lesson(self) -> None: ...

    def free_game(self) -> None: ...

    def toggle_hint(self) -> None: ...


class Tutor(Panel):
    """The guided-lesson box shown above the explanation while a lesson is played."""

    def __init__(self, state: AppState, lessons: dict[str, Lesson], actions: LessonActions,
                 hints: HintMarks) -> None:
        self.state = state
        self.lessons = dict(lessons)
        self.order = list(self.lessons)
        self.actions = actions
        self.hints = hints
        self.verdict: Verdict | None = None

        style = ButtonStyle(font_weight="bold")
        self.head = HTML()
        self.head.add_class("aton-lesson-head")
        self.goal = HTML()
        self.goal.add_class("aton-goal")
        self.hint_text = HTML()
        self.verdict_box = HTML()
        fit = {"width": "auto", "flex": "0 0 auto"}  # never cut a label short
        self.hint = Button(layout=Layout(**fit), style=style)
        self.retry = Button(layout=Layout(**fit), style=style)
        self.next_lesson = Button(layout=Layout(**fit), style=style)
        self.next_lesson.add_class("aton-next-lesson")
        self.show_list = Button(layout=Layout(**fit), style=style)
        buttons = HBox([self.hint, self.retry, self.next_lesson, self.show_list],
                       layout=Layout(flex_flow="row wrap"))
        buttons.add_class("aton-row")
        self.list_buttons = [Button(layout=Layout(width="100%"), style=style)
                             for _ in self.order]
        self.free = Button(layout=Layout(width="100%"), style=style)
        self.list = VBox([*self.list_buttons, self.free], layout=Layout(display="none"))
        self.list.add_class("aton-lesson-list")
        # Rewrites the page's address (``rewrite_address``); shows nothing.
        self.address = HTML(layout=Layout(display="none"))
        # What the address says (lesson, lessons done, language), as read when the page opened.
        self.written: tuple[str, frozenset[str], str] | None = (
            "", frozenset(state.done), state.language)
        self.widget = VBox([self.head, self.goal, buttons, self.hint_text, self.verdict_box,
                            self.list, self.address],
                           layout=Layout(width="100%", display="none"))
        self.widget.add_class("aton-box")
        self.widget.add_class("aton-tutor")

        self.hint.on_click(lambda _b: self.toggle_hint())
        self.retry.on_click(lambda _b: actions.retry())
        self.next_lesson.on_click(lambda _b: actions.next_lesson())
        self.show_list.on_click(lambda _b: self.toggle_list())
        self.free.on_click(lambda _b: actions.free_game())
        for name, button in zip(self.order, self.list_buttons, strict=True):
            button.on_click(lambda _b, name=name: self.start(name))
        self.relabel()

    # ------------------------------------------------------------------ the state's lesson

    @property
    def lesson(self) -> Lesson | None:
        return self.lessons.get(self.state.lesson)

    @property
    def done(self) -> set[str]:
        """The lessons done in this session (the app state's)."""
        return self.state.done

    @property
    def hint_on(self) -> bool:
        return self.state.hint

    def title(self, name: str) -> str:
        """'3. Cartouche 2: who goes first', with a tick once done."""
        number = self.order.index(name) + 1
        tick = "✓ " if name in self.done else ""
        return f"{tick}{number}. {lesson_text(self.lessons[name].title)}"

    def lesson_of(self, lesson: Lesson) -> str:
        """'Lesson 3 of 15: Cartouche 2: who goes first, and the tie-break' (plain text)."""
        return _("Lesson {number} of {total}: {title}").format(
            number=self.order.index(lesson.name) + 1, total=len(self.order),
            title=lesson_text(lesson.title))

    def start(self, name: str) -> None:
        """Start lesson ``name`` (the page starts it)."""
        self.list.layout.display = "none"
        self.actions.start_lesson(name)

    def toggle_hint(self) -> None:
        self.actions.toggle_hint()

    def toggle_list(self) -> None:
        self.list.layout.display = "" if self.list.layout.display == "none" else "none"

    # ------------------------------------------------------------------ drawing

    @in_language
    def relabel(self) -> None:
        self.hint.description = _("Hint")
        self.hint.tooltip = _("Show what matters in this lesson")
        self.retry.description = _("Retry")
        self.retry.tooltip = _("Start this lesson again")
        self.next_lesson.description = _("Next lesson ▸")
        self.show_list.description = _("All lessons")
        self.show_list.tooltip = _("The list of lessons, and the free game")
        self.free.description = _("Free game against the computer")
        self.update(self.verdict)

    @in_language
    def update(self, verdict: Verdict | None) -> None:
        """Draw the lesson of the state: the goal, the hint (if asked for) and ``verdict``
        (None before the lesson's moment)."""
        self.verdict = verdict
        self._label_list()
        self._write_address()
        lesson = self.lesson
        if lesson is None:
            self.widget.layout.display = "none"
            self.hints.clear("lesson")
            return
        self.widget.layout.display = ""
        chips = "".join(
            f'<span class="aton-chip{" aton-chip-done" if n in self.done else ""}'
            f'{" aton-chip-now" if n == lesson.name else ""}" title="{escape(self.title(n))}">'
            f"{i + 1}</span>" for i, n in enumerate(self.order))
        lesson_of = escape(self.lesson_of(lesson))
        you_play = _("you play {player}").format(player=player_span(lesson.learner))
        done = _("Done: {done} of {total}").format(done=len(self.done), total=len(self.order))
        self.head.value = (f"<div><b>{lesson_of}</b> · {you_play}</div>"
                           f'<div class="aton-progress">{done} {chips}</div>')
        # Translators: the label before the lesson's goal (one sentence).
        goal = _("Goal:")
        # The opponent's cards the lesson tells as its premise, said to be told (R6).
        intro = " ".join(t for t in (lesson_text(lesson.intro), told_text(lesson)) if t)
        self.goal.value = (f"<div><b>{goal}</b> {escape(lesson_text(lesson.goal))}</div>"
                           f'<div class="aton-intro">{escape(intro)}</div>')
        self._show_hint(lesson)
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
            # Each reason carries its own rule ids ("... (R8)"): made buttons where they stand,
            # they are not repeated in a row of badges under the sentence.
            self.verdict_box.value = with_rule_links(
                f'<div class="aton-verdict aton-tryagain">{escape(v.text)}'
                f"<div>{then}</div></div>")

    def _show_hint(self, lesson: Lesson) -> None:
        # On a short screen the hint takes the place of the lesson's introduction while it is
        # open (layout.LAYOUT_CSS), so that the cards it marks stay on the screen.
        (self.widget.add_class if self.hint_on else self.widget.remove_class)("aton-hint-open")
        if not self.hint_on:
            self.hint.button_style = ""
            self.hint_text.value = ""
            self.hints.clear("lesson")
            return
        hint = lesson.hint
        self.hint.button_style = "info"
        label = _("Hint:")
        self.hint_text.value = (f'<div class="aton-hint-text"><b>{label}</b> '
                                f"{escape(lesson_text(hint.text))}</div>")
        self.hints.show("lesson", hint.cartouches, *self._squares_still_hinted(hint))

    def _squares_still_hinted(self, hint) -> tuple[list[str], list[str]]:
        """The hint's squares to ring and to mark kept, as far as they still say something: a
        ringed square whose counter has come or gone since the lesson began has been played
        (a removal done, a counter placed), and after the verdict the board is not the
        lesson's any more. Rung on, they read as "click here" for the next decision."""
        if self.verdict is not None:
            return [], []
        start = self.state.game.start
        if start is None:  # a lesson always starts from its position; nothing to compare
            return list(hint.squares), list(hint.keep)
        then = Game.from_position(start, story=False)  # the board as the lesson began
        game = self.state.game
        squares = [sq for sq in hint.squares if game.owner(sq) == then.owner(sq)]
        return squares, list(hint.keep)

    def _write_address(self) -> None:
        """Keep the lesson being played, the lessons done and the page's language in the
        page's address, once any of them differs from what it says. A class's page and
        Puzzles mode keep their own address; once Puzzles close, this one is written again
        (without ``puzzle=``)."""
        state = self.state
        if state.puzzles or state.class_query:
            self.written = None
            return
        now = (state.lesson, frozenset(state.done), state.language)
        if now == self.written:
            return
        self.written = now
        # A lesson opens from its own position: a game, a scenario or a puzzle named in the
        # address would only stand in its way on a reload. A free game's link stays.
        drop = ("game", "step", "scenario") if state.lesson else ()
        lesson = self.lessons.get(state.lesson)
        self.address.value = rewrite_address(
            {"lesson": state.lesson, "done": done_value(state.done), "lang": state.language},
            drop=(*drop, "puzzle", "puzzles"),
            title=page_title(lesson and self.lesson_of(lesson)))

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
        """What the hints highlight now: picker slots (cartouche numbers), picker card values
        and board squares."""
        return {"cartouches": self.hints.cartouches(), "cards": self.hints.cards(),
                "squares": self.hints.board.hint_squares,
                "keep": self.hints.board.keep_squares}


__all__ = ["LessonActions", "Tutor"]
