"""The step controls (Next step, To my next decision, Undo) and the game set-up (opponent,
seed, New game, and the Lesson menu: the guided lessons and the free game). Only widgets here: ``AtonApp`` wires them to the game."""

from __future__ import annotations

from ipywidgets import Button, ButtonStyle, Dropdown, HBox, IntText, Layout

from .session import OPPONENTS

OPPONENT_LABELS = {
    **{level: f"computer ({level})" for level in OPPONENTS if level != "hotseat"},
    "hotseat": "second person (hot seat)",
}
FREE_GAME = "Free game against the computer"


class Controls:
    """``steps`` (a row under the explanation) and ``setup`` (a row in the header)."""

    def __init__(self, *, seed: int, opponent: str, lessons: dict[str, str]) -> None:
        """``lessons``: the guided lessons, name -> title, in order."""
        style = ButtonStyle(font_weight="bold")
        self.next = Button(description="Next step ▸", button_style="primary",
                           tooltip="Run one step and explain it",
                           layout=Layout(width="150px", height="38px"), style=style)
        self.run = Button(description="To my next decision ▸▸",
                          tooltip="Run every step up to your next decision",
                          layout=Layout(width="220px", height="38px"), style=style)
        self.undo = Button(description="Undo my last decision",
                           tooltip="Take back your last decision (the computer's later ones too)",
                           layout=Layout(width="200px", height="38px"), style=style)
        self.steps = HBox([self.next, self.run, self.undo])
        self.steps.add_class("aton-row")

        small = {"description_width": "initial"}
        self.opponent = Dropdown(options=[(OPPONENT_LABELS[k], k) for k in OPPONENTS],
                                 value=opponent, description="Opponent:", style=small,
                                 layout=Layout(width="290px"))
        self.seed = IntText(value=seed, description="Seed:", style=small,
                            tooltip="The same seed deals the same cards",
                            layout=Layout(width="140px"))
        self.new = Button(description="New game", layout=Layout(width="100px", flex="0 0 auto"),
                          style=style)
        # The guided lessons (aton/lessons/), and the free game first (value "").
        options = [(FREE_GAME, "")] + [(f"{i}. {title}", name)
                                       for i, (name, title) in enumerate(lessons.items(), 1)]
        self.lesson = Dropdown(options=options, value="", description="Lesson:", style=small,
                               layout=Layout(width="260px", flex="0 1 auto"))
        self.start_lesson = Button(description="Start", tooltip="Start this guided lesson "
                                   "(or a free game against the computer)",
                                   layout=Layout(width="auto", flex="0 0 auto"), style=style)
        self.lesson.layout.margin = "0 0 0 18px"
        self.setup = HBox([self.opponent, self.seed, self.new, self.lesson, self.start_lesson],
                          layout=Layout(align_items="center"))
        self.setup.add_class("aton-row")

    def enable(self, *, step: bool, undo: bool) -> None:
        """Grey out what does nothing now (the handlers still explain, if clicked)."""
        self.next.disabled = not step
        self.run.disabled = not step
        self.undo.disabled = not undo
