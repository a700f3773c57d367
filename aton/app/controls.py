"""The step controls (Next step, To my next decision, Undo) and the game set-up (opponent,
seed, New game, lesson positions). Only widgets here: ``AtonApp`` wires them to the game."""

from __future__ import annotations

from ipywidgets import Button, ButtonStyle, Dropdown, HBox, IntText, Layout

from .session import OPPONENTS

OPPONENT_LABELS = {
    "greedy": "computer (greedy)",
    "random": "computer (random)",
    "hotseat": "second person (hot seat)",
}
NO_LESSONS = "(no lessons yet)"


class Controls:
    """``steps`` (a row under the explanation) and ``setup`` (a row in the header)."""

    def __init__(self, *, seed: int, opponent: str, lessons: dict[str, str]) -> None:
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
        self.new = Button(description="New game", layout=Layout(width="100px"), style=style)
        options = [(name.replace("_", " "), name) for name in lessons]
        self.lesson = Dropdown(options=options or [(NO_LESSONS, "")],
                               description="Lesson:", style=small, disabled=not options,
                               layout=Layout(width="300px"))
        self.start_lesson = Button(description="Start lesson", disabled=not options,
                                   tooltip="Start from this lesson's position",
                                   layout=Layout(width="110px"), style=style)
        self.lesson.layout.margin = "0 0 0 18px"
        self.setup = HBox([self.opponent, self.seed, self.new, self.lesson, self.start_lesson],
                          layout=Layout(align_items="center"))
        self.setup.add_class("aton-row")

    def enable(self, *, step: bool, undo: bool) -> None:
        """Grey out what does nothing now (the handlers still explain, if clicked)."""
        self.next.disabled = not step
        self.run.disabled = not step
        self.undo.disabled = not undo
