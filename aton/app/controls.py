"""The step controls (Next step, To my next decision, Auto-play and its pace, Undo) and the
game set-up (opponent, your colour, seed, New game, Replay this deal, How to play, and
the Lesson menu: the guided lessons and the free game). Only widgets here: ``AtonApp``
wires them to the game."""

from __future__ import annotations

from ipywidgets import (
    Button,
    ButtonStyle,
    Dropdown,
    HBox,
    Label,
    Layout,
    Text,
    ToggleButton,
    ToggleButtons,
)

from .autoplay import PACES
from .session import OPPONENTS

OPPONENT_LABELS = {
    **{level: f"computer ({level})" for level in OPPONENTS if level != "hotseat"},
    "hotseat": "second person (hot seat)",
}
FREE_GAME = "Free game against the computer"
MAX_SEED = 2**63 - 1
SEED_RULE = f"a seed is a whole number from 0 to {MAX_SEED:,}"
TIPS = {
    "next": "Run one step and explain it",
    "run": "Run the steps up to your next decision; it stops before each line of a scoring "
           "round and before the end of the game",
    "auto": "Play the steps one by one by themselves, at the pace chosen beside",
    "undo": "Take back your last decision (and the computer's choices after it)",
}


def parse_seed(text: str) -> int:
    """A seed typed by a person: a whole number from 0 to 2**63 - 1 (ValueError if not)."""
    cleaned = text.strip().replace(",", "").replace("_", "").replace(" ", "")
    if not cleaned.isdigit() or not cleaned.isascii() or len(cleaned) > 19 or (
            int(cleaned) > MAX_SEED):
        shown = text if len(text) <= 24 else text[:21] + "…"
        raise ValueError(f"“{shown}” cannot be a seed: {SEED_RULE}.")
    return int(cleaned)


class Controls:
    """``steps`` (a row under the explanation) and ``setup`` (a row in the header)."""

    def __init__(self, *, seed: int, opponent: str, learner: str,
                 lessons: dict[str, str]) -> None:
        """``lessons``: the guided lessons, name -> title, in order."""
        style = ButtonStyle(font_weight="bold")
        self.next = Button(description="Next step ▸", button_style="primary",
                           tooltip=TIPS["next"], layout=Layout(width="130px", height="38px"),
                           style=style)
        self.run = Button(description="To my next decision ▸▸", tooltip=TIPS["run"],
                          layout=Layout(width="210px", height="38px"), style=style)
        self.auto = ToggleButton(value=False, description="Auto-play ▶", tooltip=TIPS["auto"],
                                 layout=Layout(width="120px", height="38px"))
        self.pace = Dropdown(options=[(name, name) for name in PACES], value="normal",
                             description="pace", tooltip="How fast auto-play goes",
                             style={"description_width": "initial"},
                             layout=Layout(width="125px"))
        self.undo = Button(description="Undo my last decision", tooltip=TIPS["undo"],
                           layout=Layout(width="190px", height="38px"), style=style)
        self.steps = HBox([self.next, self.run, self.auto, self.pace, self.undo],
                          layout=Layout(flex_flow="row wrap", align_items="center"))
        self.steps.add_class("aton-row")

        small = {"description_width": "initial"}
        self.how_to = Button(description="How to play", button_style="info",
                             tooltip="The goal, the cartouches and the words of the game",
                             layout=Layout(width="110px"), style=style)
        self.opponent = Dropdown(options=[(OPPONENT_LABELS[k], k) for k in OPPONENTS],
                                 value=opponent, description="Opponent:", style=small,
                                 layout=Layout(width="250px"))
        self.learner = ToggleButtons(options=[("red", "red"), ("blue", "blue")],
                                     value=learner, style={"button_width": "56px"},
                                     tooltips=["You play red (the same deal starts again)",
                                               "You play blue (the same deal starts again)"],
                                     layout=Layout(width="auto"))
        you_play = HBox([Label("You play:"), self.learner],
                        layout=Layout(align_items="center"))
        self.seed = Text(value=str(seed), description="Seed:", style=small,
                         tooltip="The same seed deals the same cards",
                         layout=Layout(width="150px"))
        self.new = Button(description="New game", tooltip="A new random deal",
                          layout=Layout(width="100px"), style=style)
        self.replay = Button(description="Replay this deal",
                             tooltip="Deal the cards of the seed in the box again (type a seed "
                                     "to share a deal with a class)",
                             layout=Layout(width="140px"), style=style)
        # The guided lessons (aton/lessons/), and the free game first (value "").
        options = [(FREE_GAME, "")] + [(f"{i}. {title}", name)
                                       for i, (name, title) in enumerate(lessons.items(), 1)]
        self.lesson = Dropdown(options=options, value="", description="Lesson:", style=small,
                               layout=Layout(width="240px", flex="0 1 auto"))
        self.start_lesson = Button(description="Start", tooltip="Start this guided lesson "
                                   "(or a free game against the computer)",
                                   layout=Layout(width="auto", flex="0 0 auto"), style=style)
        self.lesson.layout.margin = "0 0 0 18px"
        self.setup = HBox([self.how_to, self.opponent, you_play, self.seed, self.new,
                           self.replay, self.lesson, self.start_lesson],
                          layout=Layout(align_items="center", flex_flow="row wrap"))
        self.setup.add_class("aton-row")

    def enable(self, *, step: bool, undo: bool, why_not: str = "") -> None:
        """Grey out what does nothing now; the tooltip of a greyed button says why
        (``why_not``), and its handler explains too if it is clicked anyway."""
        self.next.disabled = not step
        self.run.disabled = not step
        self.auto.disabled = not step and not self.auto.value
        for button, tip in ((self.next, TIPS["next"]), (self.run, TIPS["run"]),
                            (self.auto, TIPS["auto"])):
            button.tooltip = tip if not button.disabled else f"Not now: {why_not}"
        self.undo.disabled = not undo
        self.undo.tooltip = TIPS["undo"] if undo else (
            "Not now: you have not made a decision yet")
