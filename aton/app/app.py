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
import random
import secrets
import traceback
from collections.abc import Callable
from urllib.parse import parse_qs

from ipywidgets import HTML, AppLayout, HBox, Layout, VBox

from .. import record as records
from .. import scenarios, tutorial
from ..board import (
    BLACK_SQUARES,
    GREEN_SQUARES,
    SQUARE_NAMES,
    YELLOW_SQUARES,
    temple_squares,
    temples_text,
)
from ..decision import Decision
from ..errors import RuleError
from ..events import Event
from ..game import Game
from ..scoring import LINE_TITLES, temple4_blue_squares
from .autoplay import AutoPlayer
from .board import BoardView
from .cartouche_table import CartoucheTable, cartouche_highlight
from .classquiz import ClassPredicts
from .coachpanel import CoachPanel
from .controls import Controls, parse_seed
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
from .predict import Answer, answer_of
from .rules_panel import RulePanel
from .scoretrack import ScoreTrack
from .scoring import ScoringPanel
from .session import OPPONENTS, SECRET, Session
from .squares import SquareChooser
from .theme import CSS, player_span
from .tutor import Tutor

#: What the next automatic step will show, by the type of the event it makes (the app's
#: "Next step ▸ ..." line). Worked out from the step itself, so it never promises a step
#: that will not come (the end of the game comes as the end).
PREVIEW = {
    "round": "a new round: each player draws 4 cards (R4)",
    "reveal": "both players turn their cards face up (R6)",
    "points": "cartouche 1: the higher card scores points (R7)",
    "order": "cartouche 2: who goes first (R8)",
    "turn": "{player} plays cartouches 2, 3 and 4 (R9)",
    "removal": "{player}'s cartouche 2: removing counters (R10)",
    "remove": "{player} removes a counter (R10)",
    "placement": "{player}'s cartouche 4: placing counters (R13)",
    "place": "{player} places a counter (R13)",
    "overflow": "counters that found no empty square go to the Kingdom of the Dead (R15)",
    "end_round": "the end of the round (R14)",
    "score": "the scoring round: {line} (R16)",
    "scoring": "the scoring round's totals (R16)",
    "take_back_plan": "{player} takes counters back (R17)",
    "take_back": "{player} takes a counter back (R17)",
    "return": "the counters in the Kingdom of the Dead go back to their owners (R17)",
    "end": "<b>the end of the game</b>: who wins, and why ({rule})",
}
#: A computer decision the learner is about to see, by its kind.
COMPUTER_CHOICE = {
    "place": "where {player} places a counter",
    "remove": "which counter {player} removes",
    "take_back": "which counter {player} takes back",
    "exchange": "{player}'s cards go face down",
    "assign": "{player}'s cards go face down",
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


def parse_query(query: str) -> dict:
    """``'scenario=NAME&seed=3&opponent=random'`` (or ``lesson=NAME``, a guided lesson;
    ``projector=1``, large type for a class) -> build_app keyword arguments.

    Unknown keys are ignored. A value that cannot be used (a seed that is not a whole number
    from 0 to 2**63 - 1, an unknown opponent or colour) is not dropped in silence: it is left
    out and explained in ``out["notices"]``, which the app shows."""
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    out: dict = {}
    notices: list[str] = []
    if params.get("scenario"):
        out["scenario"] = params["scenario"]
    if params.get("lesson"):
        out["lesson"] = params["lesson"]
    if "seed" in params:
        try:
            out["seed"] = parse_seed(params["seed"])
        except ValueError as err:
            notices.append(f"The page address asks for seed={html.escape(params['seed'][:24])}, "
                           f"but {html.escape(str(err).split(': ', 1)[1])} A new random deal "
                           "was dealt instead.")
    if "opponent" in params:
        if params["opponent"] in OPPONENTS:
            out["opponent"] = params["opponent"]
        else:
            notices.append(f"The page address asks for opponent={html.escape(params['opponent'][:24])}"
                           f", which is not one of {', '.join(OPPONENTS)}; the computer "
                           "(greedy) plays instead.")
    if "learner" in params:
        if params["learner"] in ("red", "blue"):
            out["learner"] = params["learner"]
        else:
            notices.append(f"The page address asks for learner={html.escape(params['learner'][:24])}"
                           ", but you can play red or blue; you play red.")
    if params.get("game"):
        try:
            out["record"], linked = decode_game(params["game"])
        except RuleError as err:
            notices.append(f"This link could not be opened: {html.escape(str(err))}. "
                           "Here is a new game instead.")
        else:
            out["scenario"] = linked
    if "step" in params:
        if params["step"].isdigit() and len(params["step"]) < 7:
            out["moment"] = int(params["step"])
        else:
            notices.append(f"The page address asks for step={html.escape(params['step'][:24])}"
                           ", which is not a step number; the game is shown as it stands.")
    if "projector" in params:
        value = params["projector"].strip().lower()
        if value in ("1", "yes", "true", "on", ""):
            out["projector"] = True
        elif value in ("0", "no", "false", "off"):
            out["projector"] = False
        else:
            notices.append(f"The page address asks for projector={html.escape(value[:24])}: "
                           "use projector=1 for large type, projector=0 for the usual page.")
    if notices:
        out["notices"] = notices
    return out


class AtonApp(VBox):
    """The teaching app. ``AtonApp(seed=7, scenario=None, opponent='greedy', learner='red',
    lesson=None)``; ``lesson`` names a guided lesson (``aton/lessons/``) to open.

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
                 moment: int | None = None, projector: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-app")
        self.deal_seed = secrets.randbits(63) if deal_seed is None else deal_seed
        self.deals = random.Random(self.deal_seed)  # the seeds of "New game"
        if seed is None:
            seed = self.new_seed()
        self.learner = learner
        self.lessons = scenarios.catalogue()
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
        self.controls = Controls(seed=seed, opponent=opponent, learner=learner,
                                 lessons={g.name: g.title for g in guided})
        self.controls.new.tooltip = (f"A new random deal (new seeds come from a generator "
                                     f"started with {self.deal_seed} when the page opened)")
        self.rules = RulePanel()
        self.how_to = HowToPlay()
        self.chooser = SquareChooser()
        self.coach = CoachPanel(self.board, self.picker)
        self.autoplayer = AutoPlayer(self._guard(self._auto_step), self._auto_stopped)
        self.errors: HTML | None = None  # built at the first error
        self.stage = VBox(layout=Layout(width="100%"))

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
        self.history.list.layout = Layout(flex="1 1 50%", min_width="0")
        self.game_log.widget.layout = Layout(flex="1 1 50%", min_width="0")
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
        self.children = [style_widget(), self.layout_grid, self.how_to.widget,
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

        self.session: Session
        self._picker_key: tuple | None = None
        self.set_projector(projector)
        if not how_to_play or lesson in self.tutor.lessons or record is not None:
            # A guided lesson opened by link has its own introduction; a game opened by
            # link is there to be looked at.
            self.how_to.hide()
        self._guard(self._begin)(seed, scenario, opponent, notices or [], lesson, record,
                                 moment)

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
        self.errors.value = (
            '<div class="aton-error"><b>Something went wrong in the app</b> (a bug, not your '
            f"move): {html.escape(type(exc).__name__)}: {html.escape(str(exc))}"
            f"<details><summary>details</summary><pre style='font-size:12px'>"
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
                notices.append(f"This link could not be opened: {html.escape(str(err))}. "
                               "Here is a new game instead.")
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
            notices.append(f"There is no guided lesson called <b>{html.escape(lesson)}</b>. "
                           f"The lessons are: {html.escape(titles)}. Here is a new game "
                           "instead.")
        if scenario and scenario not in self.lessons:
            known = ", ".join(self.lessons) or "none yet"
            notices.append(f"There is no lesson called <b>{html.escape(scenario)}</b>. Known "
                           f"lessons: {html.escape(known)}. Here is a new game instead.")
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
            heading = f"Lesson {html.escape(scenario.replace('_', ' '))}"
            if self.lessons.get(scenario):
                heading += (f": <span style='font-weight:normal'>"
                            f"{html.escape(self.lessons[scenario])}</span>")
        else:
            game = Game.new(seed)
            players = (f"you play {player_span(self.learner)}" if opponent != "hotseat" else
                       f"{player_span('red')} and {player_span('blue')} share this screen")
            heading = f"New game (seed {seed}): {players}"
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
            self.explain.warn(f"{html.escape(str(err))} The game goes on as it was.")
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
                        notice=f"You now play {player_span(colour)}: the same deal starts "
                               "again from the beginning.")

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
        who = "a second person at this screen" if session.hotseat else (
            f"the computer ({opponent})")
        self._refresh(batch, notice=f"{player_span(session.other)} is now played by {who}.")

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
            self.explain.warn("Auto-play needs the page's kernel to run by itself; use "
                              "<b>Next step</b> instead.")
            return
        c.auto.description = "Pause ⏸"
        self.explain.notice = (f"Auto-play: one step every {self.autoplayer.delay:g} seconds. "
                               "Click <b>Pause ⏸</b> to stop.")
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
        c.auto.description = "Auto-play ▶"
        if c.auto.value:
            c.auto.value = False  # its observer finds the player paused already
        if reason == "done":
            self.explain.notice = "Auto-play stopped: " + (
                "the game is over." if self.game.over else
                "the class predicts the next scoring line." if self.class_quiz.waiting else
                "it is your decision.")
        else:
            self.explain.notice = "Auto-play paused."
        self.explain.render()
        self._enable_controls()

    def _explain_why_not_stepping(self) -> bool:
        if self._looking_back():
            return True
        if self.game.over:
            self.explain.warn("The game is over: start a new game or a lesson above.")
            return True
        pending = self.session.human_pending
        if pending is not None:
            self.explain.warn(f"Nothing runs until this decision is made: "
                              f"{self._decision_text(pending)}")
            return True
        if self.class_quiz.waiting:
            self.explain.warn("The class is predicting this line of the scoring round: type "
                              "the guesses and press <b>Reveal</b> under the scoring table, or "
                              "switch off <b>Class predicts</b> (R16).")
            return True
        return False

    def reveal_scoring_line(self, line: str) -> Answer:
        """Reveal of "Class predicts": one step, which must score ``line`` (R16), shown as
        Next step shows it (the sentence, the squares ringed, the log)."""
        self.explain.clear_messages()  # a new action
        coming = self.session.peek()
        if coming is None or coming.type != "score" or coming.data["line"] != line:
            raise ValueError(f"the next step does not score {LINE_TITLES[line]}, so nothing "
                             "was revealed")
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
            self.explain.warn("That is a place of the Kingdom of the Dead: counters arrive "
                              "there when removed or when they find no empty square; nobody "
                              "chooses it (R15).")
            return
        if name not in SQUARE_NAMES:
            self.explain.warn(f"{html.escape(name)} is not a square of the board (R3).")
            return
        if self._looking_back():
            return
        pending = self.session.human_pending
        if pending is None or pending.kind in SECRET:
            if self.game.over:
                why = "the game is over."
            elif pending is not None:
                why = "first put your cards on the cartouches (R6)."
            else:
                why = "the next step is automatic: click <b>Next step</b>."
            self.explain.warn(f"{html.escape(name)}: nothing to choose on the board now; {why}")
            return
        # The review is worked out on the view before the choice is applied (an illegal
        # square is not reviewed: the engine says below which rule forbids it).
        view = self.game.view(pending.player)
        reviews = self.coach.judge(view, [name])
        try:
            batch = self.session.decide(name)
        except RuleError as err:
            self.explain.warn(f"<b>Not allowed</b> — {html.escape(str(err))}. "
                              "Choose one of the bright squares.")
            return
        self._after(batch)
        self.coach.show_review(reviews)

    def confirm_cards(self, cards: tuple[int, ...]) -> None:
        """Picker confirm: keep the exchange counter if it was not handed in, assign (R5, R6)."""
        pending = self.session.human_pending
        if self._looking_back():
            return
        if pending is None or pending.kind not in SECRET:
            self.explain.warn("There are no cards to put on the cartouches now.")
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
            self._refresh(batch, warning=f"<b>Not allowed</b> — {html.escape(str(err))}")
            return
        self._after(batch)
        self.coach.show_review(reviews)

    def hand_in_exchange(self) -> None:
        """Picker exchange button: discard the 4 cards and draw 4 new ones (R5)."""
        pending = self.session.human_pending
        if self._looking_back():
            return
        if pending is None or pending.kind != "exchange":
            self.explain.warn("The exchange counter can be handed in once per game, before "
                              "the cards go on the cartouches (R5).")
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
            self.explain.warn("The coach gives a hint when it is your decision: click "
                              "<b>Next step</b> until you have a choice to make.")
            return
        self.coach.show_hint(self.game.view(pending.player))

    def undo(self) -> None:
        """Undo button: take back the last decision a person made, and the computer's after it."""
        if self._looking_back():
            return
        undone = self.session.undo()
        if undone is None:
            self.explain.warn("Nothing to undo: you have not made a decision yet.")
            return
        self.autoplayer.pause()
        self._picker_key = None if undone.kind not in SECRET else self._picker_key
        last = self.game.events[-1:] if self.game.events else []
        self._rebuild(last, heading=f"Taken back: {self.undo_words(undone)}")

    def undo_words(self, undone: Decision) -> str:
        """What Undo took back, in plain words ("your cards 3, 1, 3, 2 are back in your
        hand")."""
        mine = not self.session.hotseat
        your = "your" if mine else f"{undone.player}'s"
        you = "you" if mine else undone.player
        c = undone.choice
        return _cap(self._undo_words(undone.kind, c, your, you))

    @staticmethod
    def _undo_words(kind: str, c: object, your: str, you: str) -> str:
        if kind == "assign":
            cards = ", ".join(str(v) for v in c)
            return (f"{your} cards {cards} are back in {your} hand. Put them on the "
                    "cartouches again.")
        if kind == "exchange":
            if c:
                return (f"{your} exchange counter is back, with the 4 cards first drawn. "
                        "Choose again.")
            return f"{you} may choose again whether to hand in the exchange counter."
        if kind == "place":
            return (f"the counter {you} placed on {c} is back in {your} stock. Choose a square "
                    "again.")
        if kind == "remove":
            return f"the counter {you} removed from {c} is back on {c}. Choose again."
        return (f"{your} counter is back on {c}, in the temple. Choose again which counter to "
                "take back.")

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
                            title=f"Round {then.round}: the cards on the cartouches then")
            self.stage.children = [self.table.widget]
            self.stage.layout.display = ""
        else:
            self.stage.layout.display = "none"
        self.history.look_at(step)
        where = f"step {step} of {total}" + (f", round {then.round}" if step else "")
        self.explain.show([event] if event else [],
                          heading=f"Looking back: the game after {where}",
                          next_text="◂ ▸ (or the arrow keys in the move list) step through "
                                    "the game; <b>Back to the game</b> goes on where you "
                                    "were. Nothing has been undone.")
        why = LOOKING.replace("<b>", "").replace("</b>", "")
        self.controls.enable(step=False, undo=False, why_not=why)
        self.controls.undo.tooltip = f"Not now: {why}"
        self.coach.update(None, view)  # no hint while looking back; the threats then

    def look_step(self, delta: int) -> None:
        """◂ / ▸: one step earlier or later than the moment shown (the live end if none)."""
        here = self.history.step
        here = len(self.game.events) if here is None else here
        self.look_at(here + delta)

    def back_to_game(self) -> None:
        """Back to the game: the live game as it stands, its controls working again."""
        self.history.step = None
        self._refresh([], heading="Back to the game, where you were.")

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
        where = f"lesson {scenario.replace('_', ' ')}" if scenario else f"seed {game.seed}"
        self.start_session(session, scenario=scenario, notice=notice, run=False,
                           heading=f"Game opened ({html.escape(where)}, "
                                   f"{len(game.events)} steps): play on from here")
        if at is not None and at < len(game.events):
            self.look_at(at)
        elif at is not None and at > len(game.events):
            self.explain.notice = (f"The link asks for step {at}, but this game has "
                                   f"{len(game.events)} steps: here it is as it stands.")
            self.explain.render()

    def copy_link(self) -> None:
        """Copy link: the link to this game at the moment shown, and its record to download."""
        game = self.game
        query = link_query(game, step=self.history.step, scenario=self.scenario,
                           opponent=self.session.opponent, learner=self.learner)
        name = f"aton-game-{game.seed}-step{self.history.step or len(game.events)}.json"
        self.history.show_share(query, records.dumps(game), name)

    def open_upload(self, files) -> None:
        """Open a game record chosen with the file button; a bad file is explained and the
        game goes on as it was."""
        if not files:
            return
        upload = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        name = html.escape(str(upload.get("name", "the file")))
        try:
            game = records.loads(bytes(upload["content"]))
        except RuleError as err:
            self.explain.warn(f"<b>{name} could not be opened</b> — {html.escape(str(err))}. "
                              "The game goes on as it was.")
            return
        finally:
            self.history.upload.value = ()  # the same file can be chosen again
        scenario = next((n for n in self.lessons if game.start is not None
                         and lesson_start(n) == game.start), None)
        self.open_game(game, scenario=scenario, notice=f"Opened the game record {name}.")

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
            why = "the game is over. Start a new game above."
        elif pending is not None and pending.kind in SECRET:
            why = "first put your cards on the cartouches and click Confirm (R6)."
        elif pending is not None:
            why = "first make your choice on the board (or in the list under it)."
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
            if self.scoring.lines:
                children.append(self.scoring.widget)
            else:
                self._show_table(batch)
                children.append(self.table.widget)
        elif pending is not None and pending.kind in SECRET:
            self._load_picker(pending)
            children.append(self.picker.widget)
        elif pending is not None and pending.kind in BOARD_DECISIONS:
            view = game.view("red")
            legal = game.options()
            self.chooser.load(pending.kind, legal,
                              {n: view.board_owner(n) for n in legal})
            children.append(self.chooser.widget)
            if self.scoring.lines:
                children.append(self.scoring.widget)
            else:
                self._show_table(batch)
                children.append(self.table.widget)
        elif self.scoring.lines or any(e.type == "end_round" and e.data["scoring"]
                                       for e in batch):
            children.append(self.scoring.widget)
        else:
            self._show_table(batch)
            children.append(self.table.widget)
        coming = None if pending is not None else session.peek()
        self.class_quiz.update(coming.data["line"] if coming and coming.type == "score" else None,
                               scoring_shown=bool(self.scoring.lines))
        if self.class_quiz.visible:
            children.insert(1 if game.over else 0, self.class_quiz.widget)
        self.stage.children = children

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
                                title=f"Round {game.round}: no cards on the cartouches yet")
                return
            self.table.show({p: tuple(reveal.data[p]) for p in ("red", "blue")},
                            title="Last round's cards (now on the discard piles, R14)")
            return
        if revealed is None:
            facedown = {"red", "blue"} if session.hotseat else {session.other}
            title = f"Round {game.round}: cards face down until both have chosen (R6)"
        else:
            facedown = set()
            title = f"Round {game.round}: the cards on the cartouches"
        last = batch[-1] if batch else None
        self.table.show(cards, facedown=facedown, highlight=cartouche_highlight(last),
                        title=title, first=first)

    def _decision_text(self, pending) -> str:
        who = "Your" if not self.session.hotseat else f"{pending.player.capitalize()}'s"
        span = player_span(pending.player, who)
        n = pending.count
        # How many are left, this one included; the last one is called the last one.
        left = f" <b>{n} left</b>, this one included" if n > 1 else " <b>the last one</b>"
        if pending.kind in SECRET:
            return (f"{span} turn: put one card on each cartouche below, then "
                    "<b>Confirm</b> (R6).")
        if pending.kind == "place":
            return (f"{span} choice: click an empty bright square in "
                    f"{temples_text(pending.temples)} to place a counter:{left} (R12, R13).")
        if pending.kind == "remove":
            whose = ("one of your own counters" if pending.target == pending.player
                     else f"one of {pending.target}'s counters")
            return (f"{span} choice: click {whose} in {temples_text(pending.temples)} to "
                    f"remove it:{left} (R10, R12).")
        return (f"{span} choice: click one of your counters in temple {pending.temple} to "
                f"take it back to your stock:{left} (R17).")

    def _next_text(self) -> str:
        game, session = self.game, self.session
        if game.over:
            return "The game is over."
        pending = session.human_pending
        if pending is not None:
            return self._decision_text(pending)
        if game.pending is not None:
            p = game.pending
            seen = COMPUTER_CHOICE[p.kind].format(player=player_span(p.player))
            return f"Next: click <b>Next step</b> to see {seen}."
        coming = session.peek()
        if coming is None:
            return "Next: click <b>Next step</b>."
        text = PREVIEW.get(coming.type, "the next step")
        player = player_span(coming.player) if coming.player else ""
        line = LINE_TITLES.get(coming.data.get("line", ""), "") if coming.type == "score" else ""
        return "<b>Next step</b> ▸ " + text.format(player=player, line=line,
                                                  rule=coming.rule or "") + "."

    # ------------------------------------------------------------------ for tests and lessons

    @property
    def current_text(self) -> str:
        """The sentence the explanation panel shows for the last step."""
        return self.explain.text


def build_app(seed: int | None = None, scenario: str | None = None, opponent: str = "greedy",
              learner: str = "red", query: str | None = None,
              lesson: str | None = None, **options) -> AtonApp:
    """Build the app. ``query`` (a URL query string such as ``'scenario=NAME&seed=3'`` or
    ``'lesson=NAME'``) overrides the other arguments where it names them; ``options`` go to
    ``AtonApp`` (``deal_seed``, ``how_to_play``)."""
    kwargs = {"seed": seed, "scenario": scenario, "opponent": opponent, "learner": learner,
              "lesson": lesson, **options}
    if query:
        kwargs.update(parse_query(query))
    return AtonApp(**kwargs)


def app_from_query(query: str) -> AtonApp:
    """The app for a Voilà URL's query string (``os.environ['QUERY_STRING']``)."""
    return build_app(query=query)


__all__ = ["AtonApp", "app_from_query", "build_app", "event_cells", "parse_query"]
