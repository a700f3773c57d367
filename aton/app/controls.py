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

from ..i18n import LANGUAGES, N_, language, translator
from ..players import level_name
from .autoplay import PACE_NAMES, PACES
from .session import OPPONENTS
from .theme import player_name

_ = translator("app")

FREE_GAME = N_("Free game against the computer")
MAX_SEED = 2**63 - 1
TIPS = {
    "next": N_("Run one step and explain it"),
    "run": N_("Run the steps up to your next decision; it stops before each line of a scoring "
              "round and before the end of the game"),
    "auto": N_("Play the steps one by one by themselves, at the pace chosen beside"),
    "undo": N_("Take back your last decision (and the computer's choices after it)"),
}


def seed_rule() -> str:
    """What a seed may be, in the current language."""
    return _("a seed is a whole number from 0 to {max}").format(max=f"{MAX_SEED:,}")


def parse_seed(text: str) -> int:
    """A seed typed by a person: a whole number from 0 to 2**63 - 1 (ValueError if not)."""
    cleaned = text.strip().replace(",", "").replace("_", "").replace(" ", "")
    if not cleaned.isdigit() or not cleaned.isascii() or len(cleaned) > 19 or (
            int(cleaned) > MAX_SEED):
        raise ValueError(_("“{text}” cannot be a seed: {rule}.").format(
            text=shown_seed(text), rule=seed_rule()))
    return int(cleaned)


def shown_seed(text: str) -> str:
    """A typed seed as quoted back to the person (a long one is cut short)."""
    return text if len(text) <= 24 else text[:21] + "…"


def opponent_label(level: str) -> str:
    """The opponent menu's words for ``level``: "computer (greedy)", "second person (hot
    seat)"."""
    if level == "hotseat":
        return _("second person (hot seat)")
    return _("computer ({level})").format(level=level_name(level))


class Controls:
    """``steps`` (a row under the explanation) and ``setup`` (a row in the header)."""

    def __init__(self, *, seed: int | str, opponent: str, learner: str,
                 lessons: dict[str, str]) -> None:
        """``lessons``: the guided lessons, name -> title, in order."""
        style = ButtonStyle(font_weight="bold")
        self.next = Button(description=_("Next step ▸"), button_style="primary",
                           tooltip=_(TIPS["next"]), layout=Layout(width="130px", height="38px"),
                           style=style)
        self.run = Button(description=_("To my next decision ▸▸"), tooltip=_(TIPS["run"]),
                          layout=Layout(width="210px", height="38px"), style=style)
        self.auto = ToggleButton(value=False, description=_("Auto-play ▶"),
                                 tooltip=_(TIPS["auto"]),
                                 layout=Layout(width="120px", height="38px"))
        self.pace = Dropdown(options=[(_(PACE_NAMES[name]), name) for name in PACES],
                             value="normal", description=_("pace"),
                             tooltip=_("How fast auto-play goes"),
                             style={"description_width": "initial"},
                             layout=Layout(width="125px"))
        self.undo = Button(description=_("Undo my last decision"), tooltip=_(TIPS["undo"]),
                           layout=Layout(width="190px", height="38px"), style=style)
        self.steps = HBox([self.next, self.run, self.auto, self.pace, self.undo],
                          layout=Layout(flex_flow="row wrap", align_items="center"))
        self.steps.add_class("aton-row")

        small = {"description_width": "initial"}
        self.how_to = Button(description=_("How to play"), button_style="info",
                             tooltip=_("The goal, the cartouches and the words of the game"),
                             layout=Layout(width="110px"), style=style)
        opponents = [(opponent_label(k), k) for k in OPPONENTS]
        # Wide enough for the longest entry in this language (about 7 px a letter, and the
        # label and the arrow), so "computador (aleatório)" is not cut short.
        longest = max(len(label) for label, _k in opponents) + len(_("Opponent:"))
        self.opponent = Dropdown(options=opponents, value=opponent, description=_("Opponent:"),
                                 style=small, layout=Layout(width=f"{max(250, 7 * longest + 30)}px"))
        self.learner = ToggleButtons(options=[(player_name(p), p) for p in ("red", "blue")],
                                     value=learner, style={"button_width": "auto"},
                                     tooltips=[_("You play red (the same deal starts again)"),
                                               _("You play blue (the same deal starts again)")],
                                     layout=Layout(width="auto"))
        you_play = HBox([Label(_("You play:")), self.learner],
                        layout=Layout(align_items="center"))
        self.seed = Text(value=str(seed), description=_("Seed:"), style=small,
                         tooltip=_("The same seed deals the same cards"),
                         layout=Layout(width="150px"))
        self.new = Button(description=_("New game"), tooltip=_("A new random deal"),
                          layout=Layout(width="auto"), style=style)
        self.replay = Button(description=_("Replay this deal"),
                             tooltip=_("Deal the cards of the seed in the box again (type a "
                                       "seed to share a deal with a class)"),
                             layout=Layout(width="auto"), style=style)
        # The guided lessons (aton/teaching/lessons/), and the free game first (value "").
        options = [(_(FREE_GAME), "")] + [(f"{i}. {title}", name)
                                       for i, (name, title) in enumerate(lessons.items(), 1)]
        free = len(_(FREE_GAME)) + len(_("Lesson:"))  # the entry shown first: not cut short
        self.lesson = Dropdown(options=options, value="", description=_("Lesson:"), style=small,
                               layout=Layout(width=f"{max(240, 7 * free + 30)}px",
                                             flex="0 1 auto"))
        self.start_lesson = Button(description=_("Start"),
                                   tooltip=_("Start this guided lesson (or a free game "
                                             "against the computer)"),
                                   layout=Layout(width="auto", flex="0 0 auto"), style=style)
        self.lesson.layout.margin = "0 0 0 18px"
        # The language menu: each language named in its own words (aton.i18n.LANGUAGES).
        self.language = Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                 value=language(),
                                 tooltip=_("Language of the app (the game stays as it is)"),
                                 layout=Layout(width="auto"))
        self.language.add_class("aton-language")
        self.setup = HBox([self.how_to, self.opponent, you_play, self.seed, self.new,
                           self.replay, self.lesson, self.start_lesson, self.language],
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
            button.tooltip = _(tip) if not button.disabled else _("Not now: {why}").format(
                why=why_not)
        self.undo.disabled = not undo
        self.undo.tooltip = _(TIPS["undo"]) if undo else (
            _("Not now: you have not made a decision yet"))
