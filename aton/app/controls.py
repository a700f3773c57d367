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
from ..teaching.tutorial import lesson_text
from .autoplay import PACE_NAMES, PACES
from .session import OPPONENTS
from .state import PUZZLES
from .theme import Panel, in_language, player_name, relabel_options

_ = translator("app")

FREE_GAME = N_("Free game against the computer")
#: The Lesson menu's entry for Puzzles mode (issue 20), after the free game (its value is
#: ``state.PUZZLES``).
PUZZLES_ENTRY = N_("Puzzles: find the best choice")
TIPS = {
    "next": N_("Run one step and explain it"),
    "run": N_("Run the steps up to your next decision; it stops before each line of a scoring "
              "round and before the end of the game"),
    "auto": N_("Play the steps one by one by themselves, at the pace chosen beside"),
    "undo": N_("Take back your last decision (and the computer's choices after it)"),
}


def opponent_label(level: str, best: str | None = None) -> str:
    """The opponent menu's words for ``level``: "computer (greedy)", "second person (hot
    seat)"; the ``best`` level beaten in this session is marked."""
    if level == "hotseat":
        return _("second person (hot seat)")
    label = _("computer ({level})").format(level=level_name(level))
    # The menu's tooltip says what ★ is; first, so that a closed menu's arrow never covers it.
    return f"★ {label}" if level == best else label


class Controls(Panel):
    """``steps`` (a row under the explanation) and ``setup`` (a row in the header)."""

    def __init__(self, *, seed: int | str, opponent: str, learner: str,
                 lessons: dict[str, str], deal_seed: int | None = None) -> None:
        """``lessons``: the guided lessons, name -> title (as the lesson file has it), in
        order; ``deal_seed``: the seed of the generator of New game's seeds (its tooltip)."""
        self.lessons = dict(lessons)
        self.deal_seed = deal_seed
        self.best: str | None = None  # the strongest level beaten in this session (marked)
        style = ButtonStyle(font_weight="bold")
        # As wide as their words (in either language): one row beside the board at 1366 px.
        step = {"width": "auto", "height": "32px"}
        self.next = Button(button_style="primary", layout=Layout(**step), style=style)
        self.run = Button(layout=Layout(**step), style=style)
        self.auto = ToggleButton(value=False, layout=Layout(**step))
        self.pace = Dropdown(options=list(PACES), value="normal",
                             style={"description_width": "initial"},
                             layout=Layout(width="auto"))
        self.undo = Button(layout=Layout(**step), style=style)
        self.steps = HBox([self.next, self.run, self.auto, self.pace, self.undo],
                          layout=Layout(flex_flow="row wrap", align_items="center"))
        self.steps.add_class("aton-row")

        small = {"description_width": "initial"}
        self.how_to = Button(button_style="info", layout=Layout(width="110px"), style=style)
        self.opponent = Dropdown(options=list(OPPONENTS), value=opponent, style=small)
        self.learner = ToggleButtons(options=["red", "blue"], value=learner,
                                     style={"button_width": "auto"},
                                     layout=Layout(width="auto"))
        self.you_play = Label()
        you_play = HBox([self.you_play, self.learner], layout=Layout(align_items="center"))
        self.seed = Text(value=str(seed), style=small, layout=Layout(width="150px"))
        self.new = Button(layout=Layout(width="auto"), style=style)
        self.replay = Button(layout=Layout(width="auto"), style=style)
        # The guided lessons (aton/teaching/lessons/), and the free game first (value "").
        self.lesson = Dropdown(options=["", *self.lessons], value="", style=small,
                               layout=Layout(flex="0 1 auto", margin="0 0 0 18px"))
        self.lesson.observe(lambda _change: self._size_lesson_menu(), "value")
        self.start_lesson = Button(layout=Layout(width="auto", flex="0 0 auto"), style=style)
        # The language menu: each language named in its own words (aton.i18n.LANGUAGES).
        self.language = Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                 value=language(), layout=Layout(width="auto"))
        self.language.add_class("aton-language")
        # On a phone the game's set-up and the Lesson menu fold away under this button, so
        # that the board comes near the top of the screen (aton/app/layout.py); it is not
        # shown on a wider screen, where they all fit beside the title.
        self.fold = ToggleButton(value=False, layout=Layout(width="auto"))
        self.fold.add_class("aton-setup-toggle")
        self.fold.observe(lambda _change: self._label_fold(), "value")
        self.setup = HBox([self.how_to, self.fold, self.opponent, you_play, self.seed, self.new,
                           self.replay, self.lesson, self.start_lesson, self.language],
                          layout=Layout(align_items="center", flex_flow="row wrap"))
        self.setup.add_class("aton-row")
        # A game's set-up: a projector's header shows only How to play, the lessons and the
        # language (aton/app/layout.py), so the class sees the board and the words.
        for widget in (self.opponent, you_play, self.seed, self.new, self.replay):
            widget.add_class("aton-game-setup")
        self._enabled = (True, True, "")
        self.relabel()

    @in_language
    def mark_best(self, level: str | None) -> None:
        """Mark ``level`` in the opponent menu as the strongest beaten in this session."""
        if level != self.best:
            self.best = level
            self._label_opponents()

    def _label_opponents(self) -> None:
        opponents = [(opponent_label(k, self.best), k) for k in OPPONENTS]
        relabel_options(self.opponent, opponents)
        self.opponent.description = _("Opponent:")
        # Wide enough for the longest entry in this language (about 7 px a letter, and the
        # label and the arrow), so "★ computador (aleatório)" is not cut short.
        longest = max(len(label) for label, _k in opponents) + len(_("Opponent:"))
        self.opponent.layout.width = f"{max(250, 7 * longest + 30)}px"
        levels = [k for k in OPPONENTS if k != "hotseat"]
        tip = _("The computer's levels go from the weakest, {weakest}, to the strongest, "
                "{strongest}.").format(weakest=level_name(levels[0]),
                                       strongest=level_name(levels[-1]))
        if self.best:
            tip += " " + _("★ marks the strongest level you have beaten in this session")
        self.opponent.tooltip = tip

    def _size_lesson_menu(self) -> None:
        """As wide as the chosen entry, whole (a lesson's title is often longer than the free
        game's): 8 px a letter of its 15 px type, the label and the arrow. Under 1280 px wide
        the header starts it narrower and lets it grow into what room its row has left, up to
        this width (aton/app/layout.py)."""
        chosen = {value: label for label, value in self.lesson.options}[self.lesson.value]
        width = f"{max(240, 8 * (len(chosen) + len(_('Lesson:'))) + 30)}px"
        self.lesson.layout.width = self.lesson.layout.max_width = width

    @in_language
    def relabel(self) -> None:
        """Every label, tooltip and menu entry in the page's language (values kept)."""
        self.next.description = _("Next step ▸")
        self.run.description = _("To my next decision ▸▸")
        self.auto.description = _("Pause ⏸") if self.auto.value else _("Auto-play ▶")
        relabel_options(self.pace, [(_(PACE_NAMES[name]), name) for name in PACES])
        self.pace.description = _("pace")
        self.pace.tooltip = _("How fast auto-play goes")
        self.undo.description = _("Undo my last decision")
        self.how_to.description = _("How to play")
        self.how_to.tooltip = _("The goal, the cartouches and the words of the game")
        self._label_opponents()
        relabel_options(self.learner, [(player_name(p), p) for p in ("red", "blue")])
        self.learner.tooltips = [_("You play red (the same deal starts again)"),
                                 _("You play blue (the same deal starts again)")]
        self.you_play.value = _("You play:")
        self.seed.description = _("Seed:")
        self.seed.tooltip = _("The same seed deals the same cards")
        self.new.description = _("New game")
        self.new.tooltip = (_("A new random deal (new seeds come from a generator started "
                              "with {seed} when the page opened)").format(seed=self.deal_seed)
                            if self.deal_seed is not None else _("A new random deal"))
        self.replay.description = _("Replay this deal")
        self.replay.tooltip = _("Deal the cards of the seed in the box again (type a seed to "
                                "share a deal with a class)")
        relabel_options(self.lesson, [(_(FREE_GAME), ""), (_(PUZZLES_ENTRY), PUZZLES)] + [
            (f"{i}. {lesson_text(title)}", name)
            for i, (name, title) in enumerate(self.lessons.items(), 1)])
        self.lesson.description = _("Lesson:")
        self._size_lesson_menu()
        self.start_lesson.description = _("Start")
        self.start_lesson.tooltip = _("Start this guided lesson (or a free game against the "
                                      "computer, or puzzles)")
        self.language.tooltip = _("Language of the app (the game stays as it is)")
        self._label_fold()
        self.enable(*self._enabled)

    @in_language
    def _label_fold(self) -> None:
        shown = self.fold.value
        self.fold.description = _("New game, lessons ▴") if shown else _("New game, lessons ▾")
        self.fold.tooltip = (_("Fold away the opponent, your colour, the seed and the lessons")
                             if shown else _("Show the opponent, your colour, the seed, New game "
                                             "and the lessons"))

    @in_language
    def enable(self, step: bool, undo: bool, why_not: str = "") -> None:
        """Grey out what does nothing now; the tooltip of a greyed button says why
        (``why_not``), and its handler explains too if it is clicked anyway."""
        self._enabled = (step, undo, why_not)
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
