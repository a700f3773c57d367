"""``AtonApp``: a whole game of Aton against the computer (or a second person), step by step.

The app owns a ``Session`` (the game and who plays what) and the panels: the board, the score
track, the card picker or the cartouche table, the scoring round, the end banner, the
explanation and the log, with How to play and the rule panel at the right edge of the page.
Every button and board click goes through ``_guard``: old warnings are cleared, an illegal
choice is explained with its rule id, and any other error is shown in the app, never lost.
"""

from __future__ import annotations

import functools
import html
import os
import random
import secrets
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs

from ipywidgets import HTML, AppLayout, HBox, Layout, VBox, Widget

from ..engine import records
from ..engine.board import (
    BLACK_SQUARES,
    GREEN_SQUARES,
    SQUARE_NAMES,
    YELLOW_SQUARES,
    temple_squares,
    temples_text,
)
from ..engine.decision import Decision
from ..engine.errors import RuleError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.scoring import LINE_TITLES, temple4_blue_squares
from ..i18n import (
    DEFAULT,
    LANGUAGES,
    N_,
    best_match,
    language,
    normalize,
    plural_translator,
    set_language,
    translator,
)
from ..teaching import scenarios, tutorial
from .autoplay import AutoPlayer
from .board import BoardView
from .cartouche_table import CartoucheTable, cartouche_highlight
from .classquiz import ClassPredicts
from .coachpanel import CoachPanel
from .controls import Controls, level_name, parse_seed, seed_rule
from .endpanel import EndPanel
from .history import LOOKING, MoveList, decode_game, lesson_start, link_query, moment
from .howto_panel import HowToPlay
from .layout import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    PROJECTOR_CLASS,
    PROJECTOR_LABELS,
    projector_toggle,
    style_widget,
)
from .panel import ExplanationPanel, GameLog
from .picker import CardPicker
from .predict import Answer, answer_of, answers_from_events
from .rules_panel import RulePanel
from .scoretrack import ScoreTrack
from .scoring import ScoringPanel
from .session import OPPONENTS, SECRET, Session
from .squares import SquareChooser
from .theme import CSS, capitalized, player_name, player_span
from .tutor import Tutor

_ = translator("app")
_n = plural_translator("app")

#: What the next automatic step will show, by the type of the event it makes (the app's
#: "Next step ▸ ..." line). Worked out from the step itself, so it never promises a step
#: that will not come (the end of the game comes as the end).
PREVIEW = {
    "round": N_("a new round: each player draws 4 cards (R4)"),
    "reveal": N_("both players turn their cards face up (R6)"),
    "points": N_("cartouche 1: the higher card scores points (R7)"),
    "order": N_("cartouche 2: who goes first (R8)"),
    "turn": N_("{player} plays cartouches 2, 3 and 4 (R9)"),
    "removal": N_("{player}'s cartouche 2: removing counters (R10)"),
    "remove": N_("{player} removes a counter (R10)"),
    "placement": N_("{player}'s cartouche 4: placing counters (R13)"),
    "place": N_("{player} places a counter (R13)"),
    "overflow": N_("counters that found no empty square go to the Kingdom of the Dead (R15)"),
    "end_round": N_("the end of the round (R14)"),
    "score": N_("the scoring round: {line} (R16)"),
    "scoring": N_("the scoring round's totals (R16)"),
    "take_back_plan": N_("{player} takes counters back (R17)"),
    "take_back": N_("{player} takes a counter back (R17)"),
    "return": N_("the counters in the Kingdom of the Dead go back to their owners (R17)"),
    "end": N_("<b>the end of the game</b>: who wins, and why ({rule})"),
}
#: A computer decision the learner is about to see, by its kind.
COMPUTER_CHOICE = {
    "place": N_("where {player} places a counter"),
    "remove": N_("which counter {player} removes"),
    "take_back": N_("which counter {player} takes back"),
    "exchange": N_("{player}'s cards go face down"),
    "assign": N_("{player}'s cards go face down"),
}
BOARD_DECISIONS = ("place", "remove", "take_back")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _occupied(board: list[int], squares) -> list[str]:
    return [SQUARE_NAMES[i] for i in squares if board[i]]


def event_cells(event: Event, board: list[int]) -> list[str]:
    """The squares (and Kingdom places 'K1'..'K8') to ring for ``event``."""
    d, kind = event.data, event.type
    if kind in ("place", "take_back"):
        return [d["square"]]
    if kind == "remove":
        cells = [d["square"]]
        if d.get("to") == "kingdom":
            cells.append(f"K{d['kingdom']}")
        return cells
    if kind == "overflow" and d["to_kingdom"]:
        return [f"K{k}" for k in range(d["kingdom"] - d["to_kingdom"] + 1, d["kingdom"] + 1)]
    if kind == "return":
        return [f"K{k}" for k in range(1, d["red"] + d["blue"] + 1)]
    if kind == "score":
        line = d["line"]
        if line == "bonus":
            return [sq for p in ("red", "blue") for sq in d["squares"][p]]
        if line == "black":
            return _occupied(board, BLACK_SQUARES)
        cells = _occupied(board, temple_squares(int(line[-1])))
        if line == "temple4" and d.get("player"):
            mark = 1 if d["player"] == "red" else 2
            cells += [SQUARE_NAMES[i] for i in temple4_blue_squares() if board[i] == mark]
        return cells
    if kind == "end":
        reason = d.get("reason")
        if reason == "temple":
            return [SQUARE_NAMES[i] for i in temple_squares(d["temple"])]
        if reason in ("yellow", "green"):
            squares = YELLOW_SQUARES if reason == "yellow" else GREEN_SQUARES
            return [SQUARE_NAMES[i] for i in squares]
    return []


def widget_tree(*roots: object) -> set[Widget]:
    """Every widget reachable from ``roots``: through a widget's synced traits (children,
    layout, style, a figure's marks, scales and axes...) and through the attributes of the
    app's own panel objects (a panel keeps widgets that are not on the page at the moment,
    such as the card picker while the cartouche table is shown)."""
    found: set[Widget] = set()
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, Widget):
            found.add(item)
            todo.extend(getattr(item, key, None) for key in item.keys)
            todo.extend(vars(item).values())  # a panel that is a widget keeps its parts
        elif isinstance(item, (list, tuple, set, frozenset)):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif type(item).__module__.startswith("aton.app") and hasattr(item, "__dict__"):
            todo.extend(vars(item).values())
    return found


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Write the sentences made inside the block in language ``code`` (None: the current one)."""
    before = language()
    if code:
        set_language(code)
    try:
        yield
    finally:
        set_language(before)


def parse_query(query: str, accept_language: str | None = None) -> dict:
    """``'scenario=NAME&seed=3&opponent=random'`` (or ``lesson=NAME``, a guided lesson;
    ``projector=1``, large type for a class; ``lang=pt``, the app in Portuguese) -> build_app
    keyword arguments.

    Without ``lang=``, ``accept_language`` (the browser's ``Accept-Language`` header, if known)
    chooses the language (``aton.i18n.best_match``). Unknown keys are ignored. A value that
    cannot be used (a seed that is not a whole number from 0 to 2**63 - 1, an unknown
    opponent, colour or language) is not dropped in silence: it is left out and explained in
    ``out["notices"]`` (in the page's language), which the app shows."""
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    out: dict = {}
    notices: list[str] = []
    if "lang" in params:
        try:
            out["lang"] = normalize(params["lang"])
        except ValueError:
            out["lang"] = DEFAULT
    elif accept_language:
        out["lang"] = best_match(accept_language)
    with speaking(out.get("lang")):
        if "lang" in params and out["lang"] != normalize_or_none(params["lang"]):
            notices.append(_("The page address asks for lang={value}, but the app speaks "
                             "{languages}; it is shown in English.").format(
                value=html.escape(params["lang"][:24]),
                languages=", ".join(f"{name} (lang={code})"
                                    for code, name in LANGUAGES.items())))
        _read_game_params(params, out, notices)
    if notices:
        out["notices"] = notices
    return out


def normalize_or_none(code: str) -> str | None:
    """The language ``code`` names, or None if it names none of ours."""
    try:
        return normalize(code)
    except ValueError:
        return None


def address_choice(level: str) -> str:
    """One value of the page address's ``opponent=``, as the app names it ("guloso
    (<code>greedy</code>)" in Portuguese; in English the name is the value: "<code>greedy</code>")."""
    value = f"<code>{level}</code>"
    # Hot seat's address value is not a word: it is always named.
    name = _("second person") if level == "hotseat" else level_name(level)
    if name == level:
        return value
    # Translators: {name} is how the app names a level or the hot seat ("guloso", "segunda
    # pessoa"), {value} what to type after opponent= in the page address ("greedy").
    return _("{name} ({value})").format(name=name, value=value)


def _read_game_params(params: dict[str, str], out: dict, notices: list[str]) -> None:
    """The game's keys of a page address (all but ``lang``) into ``out``; what cannot be used
    is explained in ``notices``."""
    if params.get("scenario"):
        out["scenario"] = params["scenario"]
    if params.get("lesson"):
        out["lesson"] = params["lesson"]
    if "seed" in params:
        try:
            out["seed"] = parse_seed(params["seed"])
        except ValueError:
            notices.append(_("The page address asks for seed={value}, but {rule}. A new "
                             "random deal was dealt instead.").format(
                value=html.escape(params["seed"][:24]), rule=seed_rule()))
    if "opponent" in params:
        if params["opponent"] in OPPONENTS:
            out["opponent"] = params["opponent"]
        else:
            notices.append(_("The page address asks for opponent={value}, which is not one of "
                             "{choices}; the computer (greedy) plays instead.").format(
                value=html.escape(params["opponent"][:24]), choices=", ".join(
                    address_choice(level) for level in OPPONENTS)))
    if "learner" in params:
        if params["learner"] in ("red", "blue"):
            out["learner"] = params["learner"]
        else:
            notices.append(_("The page address asks for learner={value}, but you can play red "
                             "or blue; you play red.").format(
                value=html.escape(params["learner"][:24])))
    if params.get("game"):
        try:
            out["record"], linked = decode_game(params["game"])
        except RuleError as err:
            notices.append(_("This link could not be opened: {reason}. Here is a new game "
                             "instead.").format(reason=html.escape(str(err))))
        else:
            out["scenario"] = linked
    if "step" in params:
        if params["step"].isdigit() and len(params["step"]) < 7:
            out["moment"] = int(params["step"])
        else:
            notices.append(_("The page address asks for step={value}, which is not a step "
                             "number; the game is shown as it stands.").format(
                value=html.escape(params["step"][:24])))
    if "projector" in params:
        value = params["projector"].strip().lower()
        if value in ("1", "yes", "true", "on", ""):
            out["projector"] = True
        elif value in ("0", "no", "false", "off"):
            out["projector"] = False
        else:
            notices.append(_("The page address asks for projector={value}: use projector=1 "
                             "for large type, projector=0 for the usual page.").format(
                value=html.escape(value[:24])))


class AtonApp(VBox):
    """The teaching app. ``AtonApp(seed=7, scenario=None, opponent='greedy', learner='red',
    lesson=None)``; ``lesson`` names a guided lesson (``aton/teaching/lessons/``) to open.

    ``deal_seed`` seeds the app's own generator, which draws the seed of every "New game"
    (default: drawn once from the operating system when the app starts, and shown in the New
    game button's tooltip). ``notices`` are shown above the first game (e.g. a bad seed in the
    page address). ``how_to_play``: open How to play on the first screen. ``record``: a
    game record to open (from a link), shown at step ``moment`` (default: where it stands).
    ``projector``: large type for a class, without the game log (the header's Projector
    toggle)."""

    def __init__(self, seed: int | None = None, scenario: str | None = None,
                 opponent: str = "greedy", learner: str = "red", lesson: str | None = None, *,
                 deal_seed: int | None = None, notices: list[str] | None = None,
                 how_to_play: bool = True, record: dict | None = None,
                 moment: int | None = None, projector: bool = False, lang: str | None = None,
                 **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-app")
        if lang:
            set_language(lang)
        self.deal_seed = secrets.randbits(63) if deal_seed is None else deal_seed
        self.deals = random.Random(self.deal_seed)  # the seeds of "New game"
        if seed is None:
            seed = self.new_seed()
        self.learner = learner
        self.lessons = scenarios.catalogue()
        self.scenario: str | None = None
        self.session: Session
        self._picker_key: tuple | None = None
        self._build(seed=str(seed), opponent=opponent, projector=projector)
        self.set_projector(projector)
        if not how_to_play or lesson in self.tutor.lessons or record is not None:
            # A guided lesson opened by link has its own introduction; a game opened by
            # link is there to be looked at.
            self.how_to.hide()
        self._guard(self._begin)(seed, scenario, opponent, notices or [], lesson, record,
                                 moment)

    def _build(self, *, seed: str, opponent: str, projector: bool) -> None:
        """Build every widget of the page in the current language, and wire them (at the
        start, and again when the language changes: ``switch_language``)."""
        self.board = BoardView()
        self.track = ScoreTrack()
        self.picker = CardPicker()
        self.table = CartoucheTable()
        self.scoring = ScoringPanel()
        self.end = EndPanel()
        self.class_quiz = ClassPredicts(self.reveal_scoring_line)
        self.explain = ExplanationPanel()
        self.game_log = GameLog()
        self.history = MoveList()
        guided = tutorial.load_all()
        self.controls = Controls(seed=seed, opponent=opponent, learner=self.learner,
                                 lessons={g.name: tutorial.lesson_text(g.title)
                                          for g in guided})
        self.controls.new.tooltip = _("A new random deal (new seeds come from a generator "
                                      "started with {seed} when the page opened)").format(
            seed=self.deal_seed)
        self.rules = RulePanel()
        self.how_to = HowToPlay()
        self.chooser = SquareChooser()
        self.coach = CoachPanel(self.board, self.picker)
        self.autoplayer = AutoPlayer(self._guard(self._auto_step), self._auto_stopped)
        self.errors: HTML | None = None  # built at the first error
        self.stage = VBox(layout=Layout(width="100%"))

        # What the page is, in its first line (the notebook has no sentence of its own, so
        # that the whole page follows the language).
        intro = HTML(_("Play a whole game of <b>Aton</b> against the computer, one explained "
                       "step at a time: every step says what happened and which rule (R1–R19) "
                       "made it happen."), layout=Layout(width="100%"))
        intro.add_class("aton-page-intro")
        title = HTML(f"{CSS}<span class='aton-title'>Aton</span>")
        self.projector = projector_toggle(projector)
        # The set-up row shares the title's line and wraps under it when it must.
        setup = self.controls.setup
        setup.children = (*setup.children, self.projector)
        setup.layout.flex = "1 1 0"
        setup.layout.min_width = "0"
        header = HBox([title, setup], layout=Layout(align_items="center"))
        header.add_class("aton-header")
        # The board's size follows the window (aton/app/layout.py).
        self.board.figure.layout.width = BOARD_WIDTH
        self.board.figure.layout.height = BOARD_HEIGHT
        left = VBox([self.board.figure, self.track.widget],
                    layout=Layout(width=f"calc({BOARD_WIDTH} + 6px)"))
        left.add_class("aton-left")
        self.tutor = Tutor(self, guided)
        # The step controls come first: whatever the explanation or a lesson's box below
        # says, Next step stays where the last click found it.
        self.controls.steps.add_class("aton-steps")
        self.explain.widget.add_class("aton-explain")
        self.right = VBox([self.controls.steps, self.tutor.widget, self.explain.widget,
                           self.coach.widget, self.stage],
                          layout=Layout(min_width="0"))
        self.right.add_class("aton-col")
        # The move list (to step back through the game) beside the log (to read it).
        for half in (self.history.list, self.game_log.widget):
            half.layout.width = None  # (a new Layout would leave the old one in the kernel)
            half.layout.flex, half.layout.min_width = "1 1 50%", "0"
        self.footer = VBox([self.history.bar, self.history.share,
                            HBox([self.history.list, self.game_log.widget],
                                 layout=Layout(width="100%", grid_gap="12px")),
                            self.history.bridge])
        self.footer.add_class("aton-box")
        self.layout_grid = AppLayout(header=header, left_sidebar=left, center=self.right,
                                     footer=self.footer, pane_widths=["1px", 1, 0],
                                     pane_heights=["48px", 1, "150px"], grid_gap="6px")
        # The header wraps onto a second line on a narrow screen: let its rows grow; the
        # board's column is as wide as the board, the right-hand column takes the rest.
        self.layout_grid.layout.grid_template_rows = "auto auto auto"
        self.layout_grid.layout.grid_template_columns = "auto minmax(0, 1fr)"
        self.children = [style_widget(), intro, self.layout_grid, self.how_to.widget,
                         self.rules.widget, self.rules.bridge]

        c = self.controls
        c.next.on_click(self._guard(lambda _b: self.next_step()))
        c.run.on_click(self._guard(lambda _b: self.to_my_decision()))
        c.auto.observe(self._guard(lambda ch: self.auto_play(ch["new"])), "value")
        c.pace.observe(self._guard(lambda ch: self.set_pace(ch["new"])), "value")
        c.undo.on_click(self._guard(lambda _b: self.undo()))
        c.new.on_click(self._guard(lambda _b: self.new_game()))
        c.replay.on_click(self._guard(lambda _b: self.replay_deal()))
        c.how_to.on_click(self._guard(lambda _b: self.how_to.show()))
        c.language.observe(self._guard(lambda ch: self.switch_language(ch["new"])), "value")
        self.projector.observe(self._guard(lambda ch: self.set_projector(ch["new"])), "value")
        c.start_lesson.on_click(self._guard(lambda _b: self.start_lesson()))
        c.opponent.observe(self._guard(lambda ch: self.set_opponent(ch["new"])), "value")
        c.learner.observe(self._guard(lambda ch: self.set_learner(ch["new"])), "value")
        self.board.on_click(self._guard(self.click_square))
        self.chooser.on_choose(self._guard(self.click_square))
        self.chooser.on_browse(self._guard(self.board.point_at))
        self.picker.on_confirm(self._guard(self.confirm_cards))
        self.picker.on_exchange(self._guard(self.hand_in_exchange))
        self.coach.on_hint(self._guard(self.coach_hint))
        for button in (*self.picker.cards, *self.picker.slots, self.picker.clear):
            button.on_click(lambda _b: self.explain.clear_messages())  # a new action
        self.rules.on_open(lambda _rule: self.explain.clear_messages())
        h = self.history
        h.on_pick(self._guard(self.look_at))
        h.earlier.on_click(self._guard(lambda _b: self.look_step(-1)))
        h.later.on_click(self._guard(lambda _b: self.look_step(1)))
        h.back.on_click(self._guard(lambda _b: self.back_to_game()))
        h.copy.on_click(self._guard(lambda _b: self.copy_link()))
        # Emptying the file button after a file is read must not clear what was said of it.
        h.upload.observe(lambda ch: ch["new"] and self._guard(self.open_upload)(ch["new"]),
                         "value")

    # ------------------------------------------------------------------ language

    def switch_language(self, code: str) -> None:
        """The language menu: the whole page again in ``code``'s language ("en", "pt"), with
        the game exactly where it is. The page's widgets are built anew around the same
        session (the game, its undo history, the opponent and your colour), and the rest is
        carried over: the lesson and its progress, projector mode, the seed box, auto-play's
        pace, the coach's review switch and its review of your last choice (made again in
        the new language), the class quiz with its marks and the guesses typed, cards already
        put on cartouches, the moment looked back at, an open share box (its link now asks
        for the new language), an open rule or How to play.

        Auto-play pauses: the new page starts still, so the class can find its place in the
        new words, and the explanation says so (Auto-play ▶ goes on from there)."""
        code = normalize(code)
        if code == language():
            return
        playing = self.autoplayer.running
        self.autoplayer.pause()
        old_controls, old_tutor, old_picker = self.controls, self.tutor, self.picker
        old_coach = self.coach
        looking = self.history.step
        rule = self.rules.rule if self.rules.is_open else None
        how_to_open = self.how_to.is_open
        review, hinted = self.coach.review.value, self.coach.advice is not None
        old_quiz = self.class_quiz
        projecting = self.projecting
        sharing = self.history.share.layout.display != "none"
        old_widgets = widget_tree(self)
        set_language(code)
        self._build(seed=old_controls.seed.value, opponent=self.session.opponent,
                    projector=projecting)
        self.set_projector(projecting)
        c = self.controls
        c.pace.value = old_controls.pace.value
        self.autoplayer.pace = c.pace.value
        c.lesson.value = old_controls.lesson.value
        c.opponent.disabled = old_controls.opponent.disabled
        c.learner.disabled = old_controls.learner.disabled
        tutor = self.tutor
        if old_tutor.lesson is not None:
            tutor.lesson = tutor.lessons[old_tutor.lesson.name]
        tutor.done = set(old_tutor.done)
        tutor.hint_on = old_tutor.hint_on
        tutor.list.layout.display = old_tutor.list.layout.display
        self.coach.review.value = review
        self.class_quiz.take_over(old_quiz, {a.line: a for a in answers_from_events(
            self.game.events)})  # the last score event of each line: this round's
        if not how_to_open:
            self.how_to.hide()
        self._picker_key = None
        self._rebuild(self.game.events[-1:],
                      heading=(_("The app now speaks Portuguese: the game goes on where it "
                                 "was.") if code == "pt" else
                               _("The app now speaks English: the game goes on where it "
                                 "was.")),
                      notice=_("Auto-play was paused for the change of language: click "
                               "<b>Auto-play ▶</b> to go on.") if playing else "")
        if self.picker.widget in self.stage.children:
            self.picker.take_over(old_picker)
        self.coach.take_over(old_coach)
        if hinted and self.session.human_pending is not None:
            self.coach_hint()
        if rule:
            self.rules.show(rule)
        if looking is not None:
            self.look_at(looking)
        if sharing:
            self.copy_link()
        # The old page is closed, or every switch would leave its ~300 widget models in the
        # kernel (and in the browser). What the new page still uses is kept.
        for widget in old_widgets - widget_tree(self) - {self}:
            widget.close()

    # ------------------------------------------------------------------ projector

    def set_projector(self, on: bool) -> None:
        """Projector mode: type of at least 20 px, larger words on the board, the game log
        hidden (the board and the explanation stay side by side; the move list stays, to step
        through the game with a class)."""
        if self.projector.value != on:
            self.projector.value = on  # its observer comes back here
            return
        if on:
            self.add_class(PROJECTOR_CLASS)
        else:
            self.remove_class(PROJECTOR_CLASS)
        self.game_log.widget.layout.display = "none" if on else ""
        self.board.scale_labels(PROJECTOR_LABELS if on else 1.0)

    @property
    def projecting(self) -> bool:
        """True in projector mode."""
        return PROJECTOR_CLASS in self._dom_classes

    # ------------------------------------------------------------------ errors

    def _guard(self, fn: Callable) -> Callable:
        """Wrap a callback: warnings of earlier actions are cleared first (this is a new
        action), and any exception is shown in the app's error area, never lost."""

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                self.explain.clear_messages()
                return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the user, not swallowed
                self.show_error(exc)
                return None

        return wrapper

    def show_error(self, exc: BaseException) -> None:
        """Show an unexpected error (with its traceback folded) in the error area."""
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        if self.errors is None:  # at the top of the right-hand column, where the eye is
            self.errors = HTML(layout=Layout(width="100%"))
            # Under the step controls, so they never move.
            steps, *rest = self.right.children
            self.right.children = [steps, self.errors, *rest]
        head = _("<b>Something went wrong in the app</b> (a bug, not your move):")
        details = _("details")
        self.errors.value = (
            f'<div class="aton-error">{head} '
            f"{html.escape(type(exc).__name__)}: {html.escape(str(exc))}"
            f"<details><summary>{details}</summary><pre style='font-size:12px'>"
            f"{html.escape(tb)}</pre></details></div>")
        self.errors.layout.display = ""

    def clear_error(self) -> None:
        if self.errors is not None:
            self.errors.value = ""
            self.errors.layout.display = "none"

    @property
    def error_message(self) -> str:
        """The error area's text ('' when no error is shown)."""
        if self.errors is None or self.errors.layout.display == "none":
            return ""
        return self.errors.value

    # ------------------------------------------------------------------ starting games

    def _begin(self, seed: int, scenario: str | None, opponent: str,
               notices: list[str], lesson: str | None = None, record: dict | None = None,
               moment: int | None = None) -> None:
        notices = list(notices)
        if record is not None:
            try:
                game = records.replay(record)
            except RuleError as err:
                notices.append(_("This link could not be opened: {reason}. Here is a new game "
                                 "instead.").format(reason=html.escape(str(err))))
                scenario = None
            else:
                self.open_game(game, scenario=scenario, opponent=opponent, at=moment,
                               notice="<br>".join(notices))
                return
        if lesson in self.tutor.lessons:
            self.tutor.start(lesson)
            return
        if lesson:
            titles = ", ".join(self.tutor.order)
            notices.append(_("There is no guided lesson called <b>{name}</b>. The lessons are: "
                             "{names}. Here is a new game instead.").format(
                name=html.escape(lesson), names=html.escape(titles)))
        if scenario and scenario not in self.lessons:
            known = ", ".join(self.lessons) or _("none yet")
            notices.append(_("There is no lesson called <b>{name}</b>. Known lessons: {names}. "
                             "Here is a new game instead.").format(
                name=html.escape(scenario), names=html.escape(known)))
            scenario = None
        self.start_game(seed, scenario=scenario, opponent=opponent,
                        notice="<br>".join(notices))

    def new_seed(self) -> int:
        """The seed of the next "New game", from the app's own generator."""
        return self.deals.randrange(1_000_000)

    def start_game(self, seed: int | None, *, scenario: str | None = None,
                   opponent: str | None = None, notice: str = "") -> None:
        """A new game dealt from ``seed``, or lesson ``scenario``'s position (KeyError if
        unknown), played against ``opponent`` (default: the selector's value)."""
        opponent = opponent or self.controls.opponent.value
        self.autoplayer.pause()
        if scenario:
            game = Game.from_position(scenarios.load(scenario), seed)
            heading = _("Scenario {name}").format(name=html.escape(scenario.replace("_", " ")))
            description = scenarios.describe(scenario)  # in the current language
            if description:
                heading += (f": <span style='font-weight:normal'>"
                            f"{html.escape(description)}</span>")
        else:
            game = Game.new(seed)
            if opponent != "hotseat":
                heading = _("New game (seed {seed}): you play {player}").format(
                    seed=seed, player=player_span(self.learner))
            else:
                heading = _("New game (seed {seed}): {red} and {blue} share this screen").format(
                    seed=seed, red=player_span("red"), blue=player_span("blue"))
        session = Session(game, opponent=opponent, learner=self.learner,
                          bot_seed=None if seed is None else seed + 1)
        if seed is not None and self.controls.seed.value != str(seed):
            self.controls.seed.value = str(seed)
        if self.controls.opponent.value != opponent:
            self.controls.opponent.value = opponent  # observer: same opponent, no change
        self.tutor.stop()
        self.start_session(session, heading=heading, notice=notice, scenario=scenario)

    def start_session(self, session: Session, *, heading: str, notice: str = "",
                      scenario: str | None = None, lesson: str = "", run: bool = True) -> None:
        """Show ``session``'s game from its start: a new game, a scenario, or a guided lesson
        (``lesson``: its name, whose scripted opponent ``session`` already holds). ``run``:
        play the first steps up to a person's decision (not for a game opened from a link,
        which is shown exactly where it stood)."""
        self.session = session
        self.scenario = scenario
        self.controls.lesson.value = lesson  # "" is the free game
        # A lesson's opponent follows its script and its colours are the lesson's: the
        # selectors would replace them.
        self.controls.opponent.disabled = bool(lesson)
        self.controls.learner.disabled = bool(lesson)
        self._picker_key = None
        self.clear_error()
        self.autoplayer.pause()
        self.history.hide_share()
        batch = self.session.start() if run else self.game.events[-1:]
        self._rebuild(batch, heading=heading, notice=notice)

    def new_game(self) -> None:
        """New game button: a new random deal (its seed from the app's generator, shown in
        the seed box) against the chosen opponent."""
        self.start_game(self.new_seed())

    def typed_seed(self) -> int | None:
        """The seed in the seed box, or None (and a warning) if it cannot be a seed."""
        try:
            return parse_seed(self.controls.seed.value)
        except ValueError as err:
            self.explain.warn(_("{reason} The game goes on as it was.").format(
                reason=html.escape(str(err))))
            return None

    def replay_deal(self) -> None:
        """Replay this deal button: the deal of the seed in the box, from its start."""
        seed = self.typed_seed()
        if seed is not None:
            self.start_game(seed, scenario=self.scenario)

    def start_lesson(self) -> None:
        """Start button of the Lesson menu: the chosen guided lesson, or a free game."""
        name = self.controls.lesson.value
        if name:
            self.tutor.start(name)
        else:
            self.free_game()

    def free_game(self) -> None:
        """A free game against the computer, dealt from the seed in the box."""
        seed = self.typed_seed()
        if seed is not None:
            self.start_game(seed)

    def set_learner(self, colour: str) -> None:
        """Your colour: the same deal starts again with you playing ``colour``."""
        if colour == self.learner:
            return
        self.learner = colour
        seed = self.game.seed
        self.start_game(seed, scenario=self.scenario,
                        notice=_("You now play {player}: the same deal starts again from the "
                                 "beginning.").format(player=player_span(colour)))

    def set_opponent(self, opponent: str) -> None:
        """Opponent selector: the other colour is played this way from now on."""
        session = self.session
        if opponent == session.opponent:
            return
        session.set_opponent(opponent)
        self._picker_key = None
        batch = []
        pending = session.game.pending
        if pending is not None and not session.is_human(pending.player) and (
                pending.kind in SECRET):
            batch = session.step()  # the computer makes its secret card choices at once
            self.game_log.add(batch)
        if session.hotseat:
            notice = _("{player} is now played by a second person at this screen.")
        else:
            notice = _("{player} is now played by the computer ({level}).")
        self._refresh(batch, notice=notice.format(player=player_span(session.other),
                                                  level=level_name(opponent)))

    # ------------------------------------------------------------------ stepping

    @property
    def game(self) -> Game:
        return self.session.game

    def next_step(self) -> None:
        """Next step button: one step, explained, its squares and cards highlighted."""
        if self._explain_why_not_stepping():
            return
        batch = self.session.step()
        self._after(batch)

    def to_my_decision(self) -> None:
        """To my next decision button: every step up to a person's decision, stopping before
        each line of a scoring round and before the end of the game (they are shown one
        click at a time)."""
        if self._explain_why_not_stepping():
            return
        batch = self.session.run_to_decision()
        self._after(batch)

    def auto_play(self, on: bool) -> None:
        """Auto-play toggle: steps by themselves at the chosen pace, until paused, a person
        must decide or the game is over."""
        c = self.controls
        if not on:
            self.autoplayer.pause()
            return
        if self.autoplayer.running:
            return
        if self.game.over or self.session.human_pending is not None or self.class_quiz.waiting:
            c.auto.value = False
            self._explain_why_not_stepping()
            return
        if not self.autoplayer.start():
            c.auto.value = False
            self.explain.warn(_("Auto-play needs the page's kernel to run by itself; use "
                                "<b>Next step</b> instead."))
            return
        c.auto.description = _("Pause ⏸")
        self.explain.notice = _("Auto-play: one step every {seconds} seconds. Click "
                                "<b>Pause ⏸</b> to stop.").format(
            seconds=f"{self.autoplayer.delay:g}")
        self.explain.render()

    def set_pace(self, pace: str) -> None:
        self.autoplayer.pace = pace

    def _auto_step(self) -> bool:
        """One auto-play step; False when auto-play must stop (also before a line the class
        predicts: only Reveal steps it)."""
        if self.game.over or self.session.human_pending is not None or self.class_quiz.waiting:
            return False
        self._after(self.session.step())
        return (not self.game.over and self.session.human_pending is None
                and not self.class_quiz.waiting)

    def _auto_stopped(self, reason: str) -> None:
        c = self.controls
        c.auto.description = _("Auto-play ▶")
        if c.auto.value:
            c.auto.value = False  # its observer finds the player paused already
        if reason == "done":
            self.explain.notice = (
                _("Auto-play stopped: the game is over.") if self.game.over else
                _("Auto-play stopped: the class predicts the next scoring line.")
                if self.class_quiz.waiting else _("Auto-play stopped: it is your decision."))
        else:
            self.explain.notice = _("Auto-play paused.")
        self.explain.render()
        self._enable_controls()

    def _explain_why_not_stepping(self) -> bool:
        if self._looking_back():
            return True
        if self.game.over:
            self.explain.warn(_("The game is over: start a new game or a lesson above."))
            return True
        pending = self.session.human_pending
        if pending is not None:
            self.explain.warn(_("Nothing runs until this decision is made: {decision}").format(
                decision=self._decision_text(pending)))
            return True
        if self.class_quiz.waiting:
            self.explain.warn(_("The class is predicting this line of the scoring round: type "
                                "the guesses and press <b>Reveal</b> under the scoring table, "
                                "or switch off <b>Class predicts</b> (R16)."))
            return True
        return False

    def reveal_scoring_line(self, line: str) -> Answer:
        """Reveal of "Class predicts": one step, which must score ``line`` (R16), shown as
        Next step shows it (the sentence, the squares ringed, the log)."""
        self.explain.clear_messages()  # a new action
        coming = self.session.peek()
        if coming is None or coming.type != "score" or coming.data["line"] != line:
            raise ValueError(_("the next step does not score {line}, so nothing was "
                               "revealed").format(line=LINE_TITLES[line]))
        batch = self.session.step()
        self._after(batch)
        return answer_of(batch[0])

    def _after(self, batch: list[Event], **texts) -> None:
        self._refresh(batch, **texts)
        self.game_log.add(batch)  # after the board: the log is the largest message

    # ------------------------------------------------------------------ decisions

    def click_square(self, name: str) -> None:
        """A click on the board: a legal square is the learner's choice; anything else is
        explained (with the rule it breaks) and changes nothing."""
        if name.startswith("K"):
            self.explain.warn(_("That is a place of the Kingdom of the Dead: counters arrive "
                                "there when removed or when they find no empty square; nobody "
                                "chooses it (R15)."))
            return
        if name not in SQUARE_NAMES:
            self.explain.warn(_("{square} is not a square of the board (R3).").format(
                square=html.escape(name)))
            return
        if self._looking_back():
            return
        pending = self.session.human_pending
        if pending is None or pending.kind in SECRET:
            if self.game.over:
                why = _("the game is over.")
            elif pending is not None:
                why = _("first put your cards on the cartouches (R6).")
            else:
                why = _("the next step is automatic: click <b>Next step</b>.")
            self.explain.warn(_("{square}: nothing to choose on the board now; {why}").format(
                square=html.escape(name), why=why))
            return
        # The review is worked out on the view before the choice is applied (an illegal
        # square is not reviewed: the engine says below which rule forbids it).
        view = self.game.view(pending.player)
        reviews = self.coach.judge(view, [name])
        try:
            batch = self.session.decide(name)
        except RuleError as err:
            self.explain.warn(_("<b>Not allowed</b> — {reason}. Choose one of the bright "
                                "squares.").format(reason=html.escape(str(err))))
            return
        self._after(batch)
        self.coach.show_review(reviews)

    def confirm_cards(self, cards: tuple[int, ...]) -> None:
        """Picker confirm: keep the exchange counter if it was not handed in, assign (R5, R6)."""
        pending = self.session.human_pending
        if self._looking_back():
            return
        if pending is None or pending.kind not in SECRET:
            self.explain.warn(_("There are no cards to put on the cartouches now."))
            return
        view = self.game.view(pending.player)
        choices = [False, tuple(cards)] if pending.kind == "exchange" else [tuple(cards)]
        reviews = self.coach.judge(view, choices)  # before the choice is applied
        batch = []
        if pending.kind == "exchange":
            batch += self.session.decide(False)
        try:
            batch += self.session.decide(tuple(cards))
        except RuleError as err:
            self.game_log.add(batch)
            self._refresh(batch, warning=_("<b>Not allowed</b> — {reason}").format(
                reason=html.escape(str(err))))
            return
        self._after(batch)
        self.coach.show_review(reviews)

    def hand_in_exchange(self) -> None:
        """Picker exchange button: discard the 4 cards and draw 4 new ones (R5)."""
        pending = self.session.human_pending
        if self._looking_back():
            return
        if pending is None or pending.kind != "exchange":
            self.explain.warn(_("The exchange counter can be handed in once per game, before "
                                "the cards go on the cartouches (R5)."))
            return
        reviews = self.coach.judge(self.game.view(pending.player), [True])
        self._after(self.session.decide(True))
        self.coach.show_review(reviews)

    def coach_hint(self) -> None:
        """Coach hint button: what the strong computer player would do in the deciding
        person's place, reasoned from their own view only (never a hidden card)."""
        if self._looking_back():
            return
        pending = self.session.human_pending
        if pending is None or self.game.over:
            self.explain.warn(_("The coach gives a hint when it is your decision: click "
                                "<b>Next step</b> until you have a choice to make."))
            return
        self.coach.show_hint(self.game.view(pending.player))

    def undo(self) -> None:
        """Undo button: take back the last decision a person made, and the computer's after it."""
        if self._looking_back():
            return
        undone = self.session.undo()
        if undone is None:
            self.explain.warn(_("Nothing to undo: you have not made a decision yet."))
            return
        self.autoplayer.pause()
        self._picker_key = None if undone.kind not in SECRET else self._picker_key
        last = self.game.events[-1:] if self.game.events else []
        self._rebuild(last, heading=_("Taken back: {what}").format(
            what=self.undo_words(undone)))

    def undo_words(self, undone: Decision) -> str:
        """What Undo took back, in plain words ("your cards 3, 1, 3, 2 are back in your
        hand")."""
        return _cap(self._undo_words(undone.kind, undone.choice, not self.session.hotseat,
                                     player_name(undone.player)))

    @staticmethod
    def _undo_words(kind: str, c: object, mine: bool, player: str) -> str:
        """``mine``: the learner's own decision ("your cards"); else the hot seat player's
        ("red's cards")."""
        if kind == "assign":
            cards = ", ".join(str(v) for v in c)
            text = (_("your cards {cards} are back in your hand. Put them on the cartouches "
                      "again.") if mine else
                    _("{player}'s cards {cards} are back in {player}'s hand. Put them on the "
                      "cartouches again."))
            return text.format(cards=cards, player=player)
        if kind == "exchange":
            if c:
                text = (_("your exchange counter is back, with the 4 cards first drawn. Choose "
                          "again.") if mine else
                        _("{player}'s exchange counter is back, with the 4 cards first drawn. "
                          "Choose again."))
            else:
                text = (_("you may choose again whether to hand in the exchange counter.")
                        if mine else
                        _("{player} may choose again whether to hand in the exchange counter."))
            return text.format(player=player)
        if kind == "place":
            text = (_("the counter you placed on {square} is back in your stock. Choose a "
                      "square again.") if mine else
                    _("the counter {player} placed on {square} is back in {player}'s stock. "
                      "Choose a square again."))
        elif kind == "remove":
            text = (_("the counter you removed from {square} is back on {square}. Choose again.")
                    if mine else
                    _("the counter {player} removed from {square} is back on {square}. Choose "
                      "again."))
        else:
            text = (_("your counter is back on {square}, in the temple. Choose again which "
                      "counter to take back.") if mine else
                    _("{player}'s counter is back on {square}, in the temple. Choose again "
                      "which counter to take back."))
        return text.format(player=player, square=c)

    # ------------------------------------------------------------------ looking back

    def _looking_back(self) -> bool:
        """True (and a warning) while an earlier moment is shown: the live game waits."""
        if self.history.step is None:
            return False
        self.explain.warn(f"Not now: {LOOKING}")
        return True

    def look_at(self, step: int | None) -> None:
        """Show the game as it was after ``step`` events (read-only, rebuilt from the game's
        record: nothing is undone). ``None``, or the last step, is the live game."""
        total = len(self.game.events)
        if step is None or step >= total:
            if self.history.step is not None:
                self.back_to_game()
            return
        step = max(0, step)
        self.autoplayer.pause()
        then = moment(self.game.record(), step)
        event = then.events[-1] if then.events else None
        view = then.view("red")
        self.board.update(then.board, then.kingdom_counters, legal=[],
                          event=event_cells(event, then.board) if event else [],
                          stock=view.stock)
        self.track.show(view.scores, round_no=then.round - 1 if then.over else then.round,
                        exchange=view.exchange, changed=set(), over=then.over)
        # The live game's cards and choices wait; the cards on the cartouches then are shown
        # once they were face up (R6), never a hand or a face-down card.
        if then.revealed is not None:
            self.table.show(then.cards, highlight=cartouche_highlight(event), first=then.first,
                            title=_("Round {round}: the cards on the cartouches then").format(
                                round=then.round))
            self.stage.children = [self.table.widget]
            self.stage.layout.display = ""
        else:
            self.stage.layout.display = "none"
        self.history.look_at(step)
        heading = (_("Looking back: the game after step {step} of {total}, round {round}")
                   if step else _("Looking back: the game after step {step} of {total}"))
        self.explain.show([event] if event else [],
                          heading=heading.format(step=step, total=total, round=then.round),
                          next_text=_("◂ ▸ (or the arrow keys in the move list) step through "
                                      "the game; <b>Back to the game</b> goes on where you "
                                      "were. Nothing has been undone."))
        why = _(LOOKING).replace("<b>", "").replace("</b>", "")
        self.controls.enable(step=False, undo=False, why_not=why)
        self.controls.undo.tooltip = _("Not now: {why}").format(why=why)
        self.coach.update(None, view)  # no hint while looking back; the threats then

    def look_step(self, delta: int) -> None:
        """◂ / ▸: one step earlier or later than the moment shown (the live end if none)."""
        here = self.history.step
        here = len(self.game.events) if here is None else here
        self.look_at(here + delta)

    def back_to_game(self) -> None:
        """Back to the game: the live game as it stands, its controls working again."""
        self.history.step = None
        self._refresh([], heading=_("Back to the game, where you were."))

    def open_game(self, game: Game, *, scenario: str | None = None,
                  opponent: str | None = None, at: int | None = None,
                  notice: str = "") -> None:
        """Show a game rebuilt from a record (a link, a file) where it stood, ready to play
        on, and at step ``at`` if given (an earlier moment, to step through)."""
        opponent = opponent or self.controls.opponent.value
        session = Session(game, opponent=opponent, learner=self.learner,
                          bot_seed=game.seed + 1)
        if self.controls.seed.value != str(game.seed):
            self.controls.seed.value = str(game.seed)
        if self.controls.opponent.value != opponent:
            self.controls.opponent.value = opponent
        self.tutor.stop()
        steps = len(game.events)
        titles = {g.scenario: g.title for g in self.tutor.lessons.values() if g.scenario}
        if scenario in titles:  # a guided lesson's position: say the lesson's title
            heading = _n("Game opened (lesson “{name}”, {n} step): play on from here",
                         "Game opened (lesson “{name}”, {n} steps): play on from here", steps)
            scenario_name = tutorial.lesson_text(titles[scenario])
        elif scenario:
            heading = _n("Game opened (scenario {name}, {n} step): play on from here",
                         "Game opened (scenario {name}, {n} steps): play on from here", steps)
            scenario_name = scenario.replace("_", " ")
        else:
            heading = _n("Game opened (seed {seed}, {n} step): play on from here",
                         "Game opened (seed {seed}, {n} steps): play on from here", steps)
        heading = heading.format(name=html.escape(scenario_name if scenario else ""),
                                 seed=game.seed, n=steps)
        self.start_session(session, scenario=scenario, notice=notice, run=False,
                           heading=heading)
        if at is not None and at < steps:
            self.look_at(at)
        elif at is not None and at > steps:
            self.explain.notice = _n("The link asks for step {step}, but this game has {n} "
                                     "step: here it is as it stands.",
                                     "The link asks for step {step}, but this game has {n} "
                                     "steps: here it is as it stands.", steps).format(
                step=at, n=steps)
            self.explain.render()

    def copy_link(self) -> None:
        """Copy link: the link to this game at the moment shown, and its record to download."""
        game = self.game
        query = link_query(game, step=self.history.step, scenario=self.scenario,
                           opponent=self.session.opponent, learner=self.learner,
                           lang=language())
        name = f"aton-game-{game.seed}-step{self.history.step or len(game.events)}.json"
        self.history.show_share(query, records.dumps(game), name)

    def open_upload(self, files) -> None:
        """Open a game record chosen with the file button; a bad file is explained and the
        game goes on as it was."""
        if not files:
            return
        upload = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        name = html.escape(str(upload.get("name", _("the file"))))
        try:
            game = records.loads(bytes(upload["content"]))
        except RuleError as err:
            self.explain.warn(_("<b>{name} could not be opened</b> — {reason}. The game goes "
                                "on as it was.").format(name=name, reason=html.escape(str(err))))
            return
        finally:
            self.history.upload.value = ()  # the same file can be chosen again
        scenario = next((n for n in self.lessons if game.start is not None
                         and lesson_start(n) == game.start), None)
        self.open_game(game, scenario=scenario,
                       notice=_("Opened the game record {name}.").format(name=name))

    # ------------------------------------------------------------------ drawing

    def _rebuild(self, batch: list[Event], **texts) -> None:
        """Redraw everything from the game's events (new game, lesson, undo)."""
        events = self.game.events
        self.game_log.reset(events)
        self.history.reset(self.game)
        self.scoring.reset()
        self.coach.reset()
        start = max((i for i, e in enumerate(events) if e.type == "round"), default=0)
        for e in events[start:]:
            self.scoring.add(e)
        self._refresh(batch, **texts)

    def _refresh(self, batch: list[Event], *, heading: str = "", notice: str = "",
                 warning: str = "") -> None:
        game = self.game
        board = game.board
        if self.autoplayer.running and notice == "" and self.explain.notice:
            notice = self.explain.notice
        for e in batch:
            if e.type == "round":
                self.scoring.reset()
            else:
                self.scoring.add(e)
        pending = self.session.human_pending
        legal = game.options() if pending is not None and pending.kind not in SECRET else []
        cells = [c for e in batch for c in event_cells(e, board)]
        view = game.view("red")
        self.board.update(board, game.kingdom_counters, legal=legal, event=cells,
                          stock=view.stock)
        changed = {e.player for e in batch if e.type == "points" and e.player}
        changed |= {p for e in batch if e.type == "score" for p in ("red", "blue")
                    if e.data["points"][p]}
        # The round goes up by one as the game ends (formats.md): show the round it ended in.
        self.track.show(view.scores, round_no=game.round - 1 if game.over else game.round,
                        exchange=view.exchange, changed=changed, over=game.over)
        self._show_stage(batch)
        self.explain.show(batch, heading=heading, next_text=self._next_text(),
                          warning=warning, notice=notice)
        self.stage.layout.display = ""
        # Before the lesson's hint (in _enable_controls): the coach clears only its own marks.
        decider = None if game.over or pending is None else game.view(pending.player)
        self.coach.update(decider, view)
        self.history.sync(game)  # the live game is shown: the move list's last step
        self._enable_controls()

    def _enable_controls(self) -> None:
        game = self.game
        pending = self.session.human_pending
        if game.over:
            why = _("the game is over. Start a new game above.")
        elif pending is not None and pending.kind in SECRET:
            why = _("first put your cards on the cartouches and click Confirm (R6).")
        elif pending is not None:
            why = _("first make your choice on the board (or in the list under it).")
        else:
            why = ""
        self.controls.enable(step=not game.over and pending is None,
                             undo=self.session.can_undo(), why_not=why)
        self.tutor.update()  # a guided lesson's verdict and hint follow every step

    def _show_stage(self, batch: list[Event]) -> None:
        game, session = self.game, self.session
        pending = session.human_pending
        children: list = []
        if game.over:
            end = next((e for e in reversed(game.events) if e.type == "end"), None)
            self.end.show(game.winner, game.end, game.view("red").scores, end)
            children.append(self.end.widget)
            children.append(self._scoring_or_table(batch))
        elif pending is not None and pending.kind in SECRET:
            self._load_picker(pending)
            children.append(self.picker.widget)
        elif pending is not None and pending.kind in BOARD_DECISIONS:
            view = game.view("red")
            legal = game.options()
            self.chooser.load(pending.kind, legal,
                              {n: view.board_owner(n) for n in legal})
            children.append(self.chooser.widget)
            children.append(self._scoring_or_table(batch))
        elif any(e.type == "end_round" and e.data["scoring"] for e in batch):
            children.append(self.scoring.widget)
        else:
            children.append(self._scoring_or_table(batch))
        coming = None if pending is not None else session.peek()
        self.class_quiz.update(coming.data["line"] if coming and coming.type == "score" else None,
                               scoring_shown=bool(self.scoring.lines))
        if self.class_quiz.visible:
            children.insert(1 if game.over else 0, self.class_quiz.widget)
        self.stage.children = children

    def _scoring_or_table(self, batch: list[Event]):
        """Below the board: the scoring round's lines while there are any, else the
        cartouche table."""
        if self.scoring.lines:
            return self.scoring.widget
        self._show_table(batch)
        return self.table.widget

    def _load_picker(self, pending) -> None:
        game, session = self.game, self.session
        player = pending.player
        view = game.view(player)
        key = (game.round, player)
        hand = view.hand
        if key != self._picker_key:
            self.picker.load(player, hand, can_exchange=pending.kind == "exchange",
                             round_no=game.round, stock=view.stock[player],
                             hidden=session.hotseat)
            self._picker_key = key
        elif hand != self.picker.hand or self.picker.can_exchange != (pending.kind == "exchange"):
            self.picker.load(player, hand, can_exchange=pending.kind == "exchange",
                             round_no=game.round, stock=view.stock[player],
                             hidden=self.picker.hidden, keep=True)

    def _show_table(self, batch: list[Event]) -> None:
        game, session = self.game, self.session
        cards = game.cards
        revealed = game.view("red").revealed
        first = game.first
        if cards["red"] is None and cards["blue"] is None:
            reveal = next((e for e in reversed(game.events) if e.type == "reveal"), None)
            if reveal is None:
                self.table.show({"red": None, "blue": None},
                                title=_("Round {round}: no cards on the cartouches yet")
                                .format(round=game.round))
                return
            self.table.show({p: tuple(reveal.data[p]) for p in ("red", "blue")},
                            title=_("Last round's cards (now on the discard piles, R14)"))
            return
        if revealed is None:
            facedown = {"red", "blue"} if session.hotseat else {session.other}
            title = _("Round {round}: cards face down until both have chosen (R6)")
        else:
            facedown = set()
            title = _("Round {round}: the cards on the cartouches")
        title = title.format(round=game.round)
        last = batch[-1] if batch else None
        self.table.show(cards, facedown=facedown, highlight=cartouche_highlight(last),
                        title=title, first=first)

    def _decision_text(self, pending) -> str:
        player = pending.player
        hotseat = self.session.hotseat
        # The person who decides, in their colour: "Your turn" (the learner), "Red's turn"
        # (hot seat, where the screen is shared).
        if pending.kind in SECRET:
            label = (_("{player}'s turn") if hotseat else _("Your turn"))
        else:
            label = (_("{player}'s choice") if hotseat else _("Your choice"))
        who = player_span(player, capitalized(label.format(player=player_name(player))))
        n = pending.count
        # How many are left, this one included; the last one is called the last one.
        left = (_("<b>{n} left</b>, this one included").format(n=n) if n > 1
                else _("<b>the last one</b>"))
        if pending.kind in SECRET:
            return _("{who}: put one card on each cartouche below, then <b>Confirm</b> "
                     "(R6).").format(who=who)
        if pending.kind == "place":
            text = _("{who}: click an empty bright square in {temples} to place a counter: "
                     "{left} (R12, R13).")
        elif pending.kind == "remove" and pending.target == player:
            text = _("{who}: click one of your own counters in {temples} to remove it: "
                     "{left} (R10, R12).")
        elif pending.kind == "remove":
            text = _("{who}: click one of {target}'s counters in {temples} to remove it: "
                     "{left} (R10, R12).")
        else:
            text = _("{who}: click one of your counters in temple {temple} to take it back to "
                     "your stock: {left} (R17).")
        temples = temples_text(pending.temples) if pending.kind in ("place", "remove") else ""
        target = player_name(pending.target) if pending.kind == "remove" else ""
        return text.format(who=who, temples=temples, left=left, target=target,
                           temple=getattr(pending, "temple", ""))

    def _next_text(self) -> str:
        game, session = self.game, self.session
        if game.over:
            return _("The game is over.")
        pending = session.human_pending
        if pending is not None:
            return self._decision_text(pending)
        if game.pending is not None:
            p = game.pending
            seen = _(COMPUTER_CHOICE[p.kind]).format(player=player_span(p.player))
            return _("Next: click <b>Next step</b> to see {what}.").format(what=seen)
        coming = session.peek()
        if coming is None:
            return _("Next: click <b>Next step</b>.")
        text = _(PREVIEW[coming.type]) if coming.type in PREVIEW else _("the next step")
        player = player_span(coming.player) if coming.player else ""
        line = LINE_TITLES.get(coming.data.get("line", ""), "") if coming.type == "score" else ""
        return _("<b>Next step</b> ▸ {preview}.").format(
            preview=text.format(player=player, line=line, rule=coming.rule or ""))

    # ------------------------------------------------------------------ for tests and lessons

    @property
    def current_text(self) -> str:
        """The sentence the explanation panel shows for the last step."""
        return self.explain.text


def build_app(seed: int | None = None, scenario: str | None = None, opponent: str = "greedy",
              learner: str = "red", query: str | None = None,
              lesson: str | None = None, accept_language: str | None = None,
              **options) -> AtonApp:
    """Build the app. ``query`` (a URL query string such as ``'scenario=NAME&seed=3'``,
    ``'lesson=NAME'`` or ``'lang=pt'``) overrides the other arguments where it names them;
    ``accept_language`` (the browser's Accept-Language header) chooses the language when the
    query does not; ``options`` go to ``AtonApp`` (``deal_seed``, ``how_to_play``, ``lang``)."""
    kwargs = {"seed": seed, "scenario": scenario, "opponent": opponent, "learner": learner,
              "lesson": lesson, **options}
    if query or accept_language:
        kwargs.update(parse_query(query or "", accept_language=accept_language))
    return AtonApp(**kwargs)


def app_from_query(query: str, accept_language: str | None = None) -> AtonApp:
    """The app for a Voilà URL's query string (``os.environ['QUERY_STRING']``), in the
    language of ``?lang=``, else of the browser (``accept_language``, by default the
    ``HTTP_ACCEPT_LANGUAGE`` Voilà passes to the kernel: voila.json's ``http_header_envs``),
    else English."""
    if accept_language is None:
        accept_language = os.environ.get("HTTP_ACCEPT_LANGUAGE")
    return build_app(query=query, accept_language=accept_language)


__all__ = ["AtonApp", "app_from_query", "build_app", "event_cells", "parse_query"]
