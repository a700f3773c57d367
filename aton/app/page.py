"""The page: every panel, laid out, and drawn from the app state. It decides nothing.

``Page.draw()`` shows the state: the board, the score track, what is on the stage under the
explanation (the card picker, the keyboard list of squares, the cartouche table, the scoring
round, the end), the explanation, the log, the move list, the coach and the lesson box. Each
is made from ``state.view()``, the view of the person at the screen, so a covered hand, a
face-down card or another player's exchange before the reveal (R5, R6) never reaches a widget.
``Page.relabel()`` writes every word again in the page's language, in place.
"""

from __future__ import annotations

import html
import traceback

from ipywidgets import HTML, GridBox, HBox, Layout, VBox

from ..engine import records
from ..engine.events import Event
from ..engine.game import Game
from ..engine.view import PlayerView
from ..i18n import translator
from .board import BoardView
from .cartouche_table import CartoucheTable
from .classlink import ClassLink
from .classpanel import ClassPanel
from .classquiz import ClassPredicts
from .coachpanel import CoachPanel
from .controller import Controller
from .controls import Controls
from .endpanel import EndPanel
from .hints import HintMarks
from .history import MoveList
from .howto_panel import HowToPlay
from .layout import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    PROJECTOR_CLASS,
    PROJECTOR_LABELS,
    label_projector,
    projector_toggle,
    style_widget,
)
from .narrator import Narrator
from .panel import ExplanationPanel, GameLog
from .picker import CardPicker
from .puzzlemode import PuzzleMode
from .reader import ReaderPanel, plain, spoken
from .roundmap import RoundMap, round_stage
from .rules_panel import RulePanel
from .scoretrack import ScoreTrack
from .scoring import ScoringPanel
from .squares import SquareChooser
from .state import AppState
from .theme import CSS, Panel
from .tutor import LessonActions, Tutor

_ = translator("app")

PLAYERS = ("red", "blue")


class Page:
    """The widgets of one app page, over one ``AppState``. ``root`` gets the page's children
    and its projector class; ``actions`` is what the lesson box's buttons ask for;
    ``reveal(line)`` steps the game through a scoring line for the class quiz."""

    def __init__(self, root: VBox, state: AppState, narrator: Narrator,
                 controller: Controller, actions: LessonActions, reveal) -> None:
        self.root, self.state, self.say, self.control = root, state, narrator, controller
        self.board = BoardView()
        self.track = ScoreTrack()
        self.map = RoundMap()
        self.picker = CardPicker()
        self.table = CartoucheTable()
        self.scoring = ScoringPanel()
        self.end = EndPanel()
        self.end.on_level(root.guard(controller.play_level))  # the level offered (issue 19)
        self.class_quiz = ClassPredicts(reveal)
        # A class on every desk (issue 18): the page's part in a class, and its box.
        self.class_link = ClassLink(state, controller)
        self.classroom = ClassPanel(self.class_link, root.guard, root.draw)
        self.puzzles = PuzzleMode(state, self.class_link, root.guard, self.show_game)
        self.explain = ExplanationPanel()
        self.game_log = GameLog()
        self.history = MoveList()
        lessons = controller.lessons
        self.controls = Controls(seed=state.seed_text, opponent=state.opponent, learner=state.learner,
                                 lessons={n: g.title for n, g in lessons.items()},
                                 deal_seed=controller.deal_seed)
        self.rules = RulePanel()
        self.how_to = HowToPlay()
        self.chooser = SquareChooser()
        self.reader = ReaderPanel()  # the board in words, the live region, controls' names
        self.reader.name_page(self)
        self.puzzles.name_controls(self.reader)
        self.hints = HintMarks(self.picker, self.board)
        self.coach = CoachPanel(state, self.hints)
        self.tutor = Tutor(state, lessons, actions, self.hints)
        self.errors: HTML | None = None  # built at the first error
        self._error: BaseException | None = None
        self.stage = VBox(layout=Layout(width="100%"))
        self._picker_key: tuple | None = None
        self._session = None  # the session drawn last
        self._decided: tuple[tuple, list[bool]] = ((), [])
        self._layout()
        for panel in self.panels:
            panel.speaks = lambda: state.language

    @property
    def panels(self) -> list[Panel]:
        return [self.board, self.map, self.track, self.picker, self.table, self.scoring, self.end,
                self.class_quiz, self.explain, self.game_log, self.history, self.controls,
                self.rules, self.how_to, self.chooser, self.coach, self.tutor,
                self.classroom, self.puzzles,
                self.reader]  # the reader last: it reads the others' new words

    def _layout(self) -> None:
        # What the page is, in its first line (the notebook has no sentence of its own, so
        # that the whole page follows the language).
        self.intro = HTML(layout=Layout(width="100%"))
        self.intro.add_class("aton-page-intro")
        title = HTML(f"{CSS}<h1 class='aton-title'>Aton</h1>")
        self.projector = projector_toggle(self.state.projector)
        # The set-up row shares the title's line and wraps under it when it must.
        setup = self.controls.setup
        setup.children = (*setup.children, self.classroom.button, self.projector)
        setup.layout.flex = "1 1 0"
        setup.layout.min_width = "0"
        header = HBox([title, setup], layout=Layout(align_items="center"))
        header.add_class("aton-header")
        # The board's size follows the window (aton/app/layout.py).
        self.board.figure.layout.width = BOARD_WIDTH
        self.board.figure.layout.height = BOARD_HEIGHT
        left = VBox([self.board.figure, self.map.widget, self.track.widget,
                     self.reader.widget],
                    layout=Layout(width=f"calc({BOARD_WIDTH} + 6px)"))
        left.add_class("aton-left")
        # The column sticks beside a taller right-hand column (layout.LAYOUT_CSS) inside this
        # area, as tall as the grid's row: it never slides over the game log below.
        left_area = VBox([left])
        left_area.add_class("aton-left-area")
        # The step controls come first: whatever the explanation or a lesson's box below
        # says, Next step stays where the last click found it.
        self.controls.steps.add_class("aton-steps")
        for widget in (self.controls.lesson, self.controls.start_lesson):
            widget.add_class("aton-lesson-menu")  # hidden while a student follows the teacher
        # Undo sits with the coach's buttons (what you did, what you could do): the step
        # controls keep one row beside the board, from 1024 px wide up.
        steps = self.controls.steps
        steps.children = [w for w in steps.children if w is not self.controls.undo]
        self.coach.row.children = (*self.coach.row.children, self.controls.undo)
        self.explain.widget.add_class("aton-explain")
        self.right = VBox([self.controls.steps, self.classroom.widget, self.tutor.widget,
                           self.explain.widget, self.coach.widget, self.stage],
                          layout=Layout(min_width="0"))
        self.right.add_class("aton-col")
        # The move list (to step back through the game) beside the log (to read it).
        for half in (self.history.list, self.game_log.widget):
            half.layout.width = None
            half.layout.flex, half.layout.min_width = "1 1 50%", "0"
        halves = HBox([self.history.list, self.game_log.widget],
                      layout=Layout(width="100%", grid_gap="12px"))
        halves.add_class("aton-footer-row")  # one above the other on a narrow screen
        self.footer = VBox([self.history.bar, self.history.share, halves,
                            self.history.bridge])
        self.footer.add_class("aton-box")
        self.footer.add_class("aton-footer")
        # The page's parts in reading order (what Tab and a screen reader follow): the
        # header, the board's column, the right-hand column, then the move list and the log.
        # The header wraps onto a second line on a narrow screen: its row grows; the board's
        # column is as wide as the board, the right-hand column takes the rest.
        for part, area in ((header, "header"), (left_area, "board"),
                           (self.right, "column"), (self.footer, "footer")):
            part.layout.grid_area = area
        grid = GridBox([header, left_area, self.right, self.footer], layout=Layout(
            grid_template_areas='"header header" "board column" "footer footer"',
            grid_template_columns="auto minmax(0, 1fr)", grid_template_rows="auto auto auto",
            grid_gap="6px"))
        grid.add_class("aton-grid")
        self.grid = grid
        self.root.children = [style_widget(), self.intro, grid, self.puzzles.widget,
                              self.how_to.widget,
                              self.rules.widget, self.rules.bridge, self.classroom.ticker,
                              self.classroom.script]

    def show_game(self, on: bool) -> None:
        """The game's screen, shown or hidden (while Puzzles show, issue 20)."""
        self.grid.layout.display = self.intro.layout.display = "" if on else "none"
        if not on:
            self.how_to.hide()

    # ------------------------------------------------------------------ words

    def relabel(self) -> None:
        """Every word of the page again, in its language (no widget is made anew)."""
        self.intro.value = _("Play a whole game of <b>Aton</b> against the computer, one "
                             "explained step at a time: every step says what happened and "
                             "which rule (R1–R19) made it happen.")
        label_projector(self.projector)
        for panel in self.panels:
            panel.relabel()
        if self._error is not None:
            self.show_error(self._error)

    # ------------------------------------------------------------------ projector

    def set_projector(self, on: bool) -> None:
        """Projector mode: type of at least 20 px, larger words on the board, the game log
        hidden (the board and the explanation stay side by side)."""
        if on:
            self.root.add_class(PROJECTOR_CLASS)
        else:
            self.root.remove_class(PROJECTOR_CLASS)
        self.game_log.widget.layout.display = "none" if on else ""
        self.board.scale_labels(PROJECTOR_LABELS if on else 1.0)
        self.puzzles.board.scale_labels(PROJECTOR_LABELS if on else 1.0)

    # ------------------------------------------------------------------ errors

    def show_error(self, exc: BaseException) -> None:
        """Show an unexpected error (with its traceback folded) in the error area."""
        if exc is not self._error:
            self._trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self._error = exc
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
            f"{html.escape(self._trace)}</pre></details></div>")
        self.errors.layout.display = ""

    def clear_error(self) -> None:
        self._error = None
        if self.errors is not None:
            self.errors.value = ""
            self.errors.layout.display = "none"

    # ------------------------------------------------------------------ drawing

    def draw(self) -> None:
        """Show the state: the live game, or the moment looked back at."""
        state = self.state
        game = state.game
        if state.session is not self._session:  # a new game, lesson or link: the error goes
            self._session = state.session
            self.clear_error()
        view = state.view()  # the one window on the game every panel is given
        events = view.events
        if state.moment is None:
            self._draw_live(game, view, events)
        else:
            self._draw_moment(game, view, events, state.moment)
        self.game_log.show(events)
        self.history.show(events, self._decisions(game), state.moment)
        # If the kernel is lost the page reloads this: in a class, its class link.
        self.history.watch.remember(state.class_query or self.control.return_query())
        share = self.control.share
        if share is not None:
            self.history.show_share(share.query, share.record, share.filename, share.left_out)
        c = self.controls
        c.lesson.value = state.lesson  # "" is the free game
        # A lesson's opponent follows its script, its colours and its deal are the lesson's:
        # the selectors, the seed and Replay this deal would replace them (Retry starts the
        # lesson again; New game leaves it).
        c.mark_best(state.ladder.best())  # the strongest level beaten in this session
        c.opponent.value, c.learner.value = state.opponent, state.learner
        c.opponent.disabled = c.learner.disabled = bool(state.lesson)
        c.seed.disabled = c.replay.disabled = bool(state.lesson)
        # In a lesson its box above says the lesson's name: the explanation need not.
        (self.root.add_class if state.lesson and state.moment is None
         else self.root.remove_class)("aton-in-lesson")
        self.tutor.update(self.control.verdict())
        # Following the teacher, nothing on this page moves the game: its controls go.
        (self.root.add_class if state.session.watch_only
         else self.root.remove_class)("aton-following")
        # Against a classmate the opponent, the colours and the deal are the game's own.
        (self.root.add_class if state.session.classmate is not None
         else self.root.remove_class)("aton-in-duel")
        self.classroom.show()
        self.hints.picker_shown = self.picker.widget in self.stage.children
        self.hints.apply()

    def _decisions(self, game: Game) -> list[bool]:
        """For each event: whether a player decided it (worked out again only after a change)."""
        key = (id(game), len(game.events), len(game.decisions))
        if self._decided[0] != key:
            self._decided = (key, records.decision_steps(game))
        return self._decided[1]

    def _draw_live(self, game: Game, view: PlayerView, events: list[Event]) -> None:
        session, told = self.state.session, self.state.told
        start = told.start
        if game.phase == "choose":
            # While the cards are chosen the explanation tells the round so far, whoever
            # chose what in which click: how a choice made face down was clicked is no clue.
            start = min(start, max((i for i, e in enumerate(events) if e.type == "round"),
                                   default=0))
        batch = events[start:told.stop]
        pending = session.human_pending
        legal = game.options() if pending is not None and pending.board_choice else []
        board = game.board
        public = game.view(None)
        self.board.update(board, game.kingdom_counters, legal=legal,
                          event=[cell for e in batch for cell in e.cells(board)],
                          stock=public.stock)
        changed = {e.player for e in batch if e.type == "points" and e.player}
        changed |= {p for e in batch if e.type == "score" for p in PLAYERS
                    if e.data["points"][p]}
        # The round goes up by one as the game ends (formats.md): show the round it ended in.
        self.track.show(public.scores, round_no=game.round - 1 if game.over else game.round,
                        exchange=view.exchange_seen, changed=changed, over=game.over)
        self.map.show(round_stage(game), game.first)
        start = max((i for i, e in enumerate(events) if e.type == "round"), default=0)
        self.scoring.show(events[start:])
        self._stage(game, view, batch, events)
        self.explain.show(batch, heading=told.heading, next_text=self.say.next_text,
                          warning=told.warning, notice=told.notice)
        self.stage.layout.display = ""
        self.coach.show(self.control.hinted, self.control.reviewed, public)
        why_not = self.say.why_not_now()  # the game over, a decision to make, a classmate's
        self.controls.enable(not why_not, session.can_undo(), why_not)
        board_choice = pending is not None and pending.board_choice
        keys = (lambda: plain(self.chooser.title.value)) if board_choice else (lambda: "")
        self.reader.show(view, spoken(self.explain, keys), own=not session.watch_only)

    def _stage(self, game: Game, view: PlayerView, batch: list[Event],
               events: list[Event]) -> None:
        pending = self.state.session.human_pending
        children: list = []
        if game.over:
            end = next((e for e in reversed(events) if e.type == "end"), None)
            self.end.show(game.winner, game.end, game.view(None).scores, end,
                          self.state.ladder.counted(self.state.session))
            children += [self.end.widget, self._scoring_or_table(game, view, batch, events)]
        elif pending is not None and pending.secret:
            self._load_picker(game, view, pending)
            children.append(self.picker.widget)
        elif pending is not None and pending.board_choice:
            legal = game.options()
            self.chooser.load(pending.kind, legal, {n: view.board_owner(n) for n in legal})
            children += [self.chooser.widget, self._scoring_or_table(game, view, batch, events)]
        elif any(e.type == "end_round" and e.data["scoring"] for e in batch):
            children.append(self.scoring.widget)
        else:
            children.append(self._scoring_or_table(game, view, batch, events))
        coming = None if pending is not None else game.coming
        self.class_quiz.update(coming.line if coming is not None and coming.kind == "score"
                               else None, scoring_shown=bool(self.scoring.lines))
        if self.class_quiz.visible:
            children.insert(1 if game.over else 0, self.class_quiz.widget)
        self.stage.children = children

    def _scoring_or_table(self, game: Game, view: PlayerView, batch: list[Event],
                          events: list[Event]):
        """Below the board: the scoring round's lines while there are any, else the
        cartouche table."""
        if self.scoring.lines:
            return self.scoring.widget
        self._table(game, view, batch, events)
        return self.table.widget

    def _load_picker(self, game: Game, view: PlayerView, pending) -> None:
        player = pending.player
        # A covered hand (hot seat, its owner not at the screen) is not given to the picker.
        hand = view.hand if self.state.screen == player else None
        key = (game.round, player)
        kwargs = {"can_exchange": pending.kind == "exchange", "round_no": game.round,
                  "stock": game.view(None).stock[player]}
        if key != self._picker_key or self.control.picker_fresh:
            self.picker.load(player, hand, **kwargs)
            self._picker_key = key
            self.control.picker_fresh = False
        elif ((hand is None) != self.picker.hidden
              or (hand is not None and tuple(hand) != self.picker.hand)
              or self.picker.can_exchange != kwargs["can_exchange"]):
            self.picker.load(player, hand, keep=True, **kwargs)

    def _table(self, game: Game, view: PlayerView, batch: list[Event],
               events: list[Event]) -> None:
        """The cards on the cartouches as the person at the screen may see them."""
        cards = game.cards
        round_no = game.round
        if cards["red"] is None and cards["blue"] is None:
            reveal = next((e for e in reversed(events) if e.type == "reveal"), None)
            if reveal is None:
                self.table.show({"red": None, "blue": None}, title=lambda: _(
                    "Round {round}: no cards on the cartouches yet").format(round=round_no))
                return
            self.table.show({p: tuple(reveal.data[p]) for p in PLAYERS},
                            title=lambda: _("Last round's cards (now on the discard piles, "
                                            "R14)"))
            return
        revealed = view.revealed
        if revealed is None:
            mine = self.state.screen
            # Face down (R6): only the person at the screen's own cards are given the table.
            shown = {p: (cards[p] if p == mine else ()) if cards[p] is not None else None
                     for p in PLAYERS}
            facedown = {p for p in PLAYERS if cards[p] is not None and p != mine}
            title = lambda: _("Round {round}: cards face down until both have chosen "
                              "(R6)").format(round=round_no)
        else:
            shown, facedown = dict(revealed), set()
            title = lambda: _("Round {round}: the cards on the cartouches").format(
                round=round_no)
        last = batch[-1] if batch else None
        self.table.show(shown, facedown=facedown, title=title, first=game.first,
                        highlight=last.cartouches if last is not None else {})

    def _draw_moment(self, game: Game, view: PlayerView, events: list[Event],
                     step: int) -> None:
        """The game as it was after ``step`` events, rebuilt from its record: nothing is
        undone, and the live game's cards and choices wait."""
        then = records.moment(game.record(), step)
        event = events[step - 1] if step else None  # told as the screen may read it now
        public = then.view(None)
        self.board.update(then.board, then.kingdom_counters, legal=[],
                          event=event.cells(then.board) if event else [], stock=public.stock)
        self.track.show(public.scores, round_no=then.round - 1 if then.over else then.round,
                        exchange=then.view(self.state.screen).exchange_seen, changed=set(),
                        over=then.over)
        self.map.show(round_stage(then), then.first)
        # The cards on the cartouches then are shown once they were face up (R6), never a
        # hand or a face-down card.
        if then.revealed is not None:
            round_no = then.round
            self.table.show(then.revealed, first=then.first,
                            highlight=event.cartouches if event else {},
                            title=lambda: _("Round {round}: the cards on the cartouches "
                                            "then").format(round=round_no))
            self.stage.children = [self.table.widget]
            self.stage.layout.display = ""
        else:
            self.stage.layout.display = "none"
        total, round_no = len(events), then.round
        told = self.state.told
        self.explain.show([event] if event else [],
                          heading=lambda: self.say.looking_back(step, total, round_no),
                          next_text=self.say.looking_next, warning=told.warning,
                          notice=told.notice)
        self.controls.enable(False, False, self.say.why_not_now())
        self.controls.undo.tooltip = _("Not now: {why}").format(why=self.say.why_not_now())
        self.coach.show(None, None, public)  # no hint while looking back; the threats then
        self.reader.show(then.view(None), spoken(self.explain))  # the moment shown, in words


__all__ = ["Page"]
