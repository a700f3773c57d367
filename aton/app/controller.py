"""What the page does: every action a button, a click or a link asks for, on the app state.

No widgets here: ``Controller(state, narrator)`` starts games, scenarios and guided lessons,
steps the game, applies a person's decisions (an illegal one is explained with its rule and
changes nothing), undoes, looks back at an earlier moment, makes links and opens records. Each
action changes the ``AppState`` and says what the explanation tells (``state.told``); the page
then draws the state. The coach's hint and review are kept here too, made from the deciding
person's own view only, so that they can be written again in another language.
"""

from __future__ import annotations

import html
import random
import secrets

from ..engine import records
from ..engine.board import SQUARE_NAMES
from ..engine.errors import RuleError
from ..engine.game import Game
from ..engine.scoring import LINE_TITLES
from ..i18n import translator
from ..teaching import scenarios, tutorial
from ..teaching.tutorial import Lesson
from .address import parse_seed, seed_rule, visible
from .autoplay import AutoPlaying
from .coaching import Coaching, Hinted, Reviewed
from .looking import LookingBack, Share
from .narrator import Narrator
from .predict import Answer, answer_of
from .session import Session
from .state import PUZZLES, AppState, Said, Told
from .theme import refusal_text

_ = translator("app")

LESSON_SEED = 1  # lessons deal nothing; the seed only orders a reshuffle of discards (R4)


class Controller(Coaching, LookingBack, AutoPlaying):
    """The page's actions on ``state`` (see the module docstring). ``deal_seed`` seeds the
    generator of "New game"'s seeds (drawn from the operating system when None)."""

    def __init__(self, state: AppState, narrator: Narrator, deal_seed: int | None = None) -> None:
        self.state = state
        self.say = narrator
        self.deal_seed = secrets.randbits(63) if deal_seed is None else deal_seed
        self.deals = random.Random(self.deal_seed)  # the seeds of "New game"
        # The seeds of games between classmates: from a generator whose seed nobody sees (the
        # one above is named in New game's tooltip, so a challenger could work out the seed,
        # and with it the classmate's cards, R6). The game itself is stored with its seed.
        self.secret_deals = random.Random(secrets.randbits(63))
        self.lessons: dict[str, Lesson] = {g.name: g for g in tutorial.load_all()}
        self.order = list(self.lessons)
        self.hinted: Hinted | None = None
        self.reviewed: Reviewed | None = None
        self.share: Share | None = None
        self.picker_fresh = True  # the card picker starts afresh at its next hand

    # ------------------------------------------------------------------ telling

    def tell(self, start: int, stop: int | None = None, *, heading: Said = None,
             notice: Said = None, warning: Said = None) -> None:
        """The explanation shows ``game.events[start:stop]`` (stop: the end) and the texts."""
        stop = len(self.state.game.events) if stop is None else stop
        self.share = None  # its link was to a moment that is no longer shown
        self.state.told = Told(start, stop, heading, notice, warning)

    def warn(self, warning: Said) -> None:
        """A warning under what is shown (an illegal click, a button that does nothing now)."""
        told = self.state.told
        self.state.told = Told(told.start, told.stop, told.heading, told.notice, warning)

    def notify(self, notice: Said) -> None:
        told = self.state.told
        self.state.told = Told(told.start, told.stop, told.heading, notice, told.warning)

    def new_action(self) -> None:
        """A click starts a new action: the last one's warning and notice go."""
        self.state.told = self.state.told.without_messages()

    # ------------------------------------------------------------------ starting

    def begin(self, seed: int, scenario: str | None, opponent: str, notices: list[Said],
              lesson: str | None = None, record: dict | None = None,
              moment: int | None = None) -> None:
        """The first game of the page: a record from a link, a guided lesson, a scenario or a
        new deal; what cannot be opened is explained in a notice and a new game starts."""
        notices = list(notices)
        if record is not None:
            try:
                game = records.replay(record)
            except RuleError as err:
                notices.append(_said_link(err))
                scenario = None
            else:
                self.open_game(game, scenario=scenario, opponent=opponent, at=moment,
                               notice=_joined(notices))
                return
        if lesson in self.lessons:
            self.start_lesson(lesson)
            return
        if lesson:
            notices.append(_no_lesson(lesson, self.order))
        if scenario and scenario not in scenarios.catalogue():
            notices.append(_no_scenario(scenario, list(scenarios.catalogue())))
            scenario = None
        self.start_game(seed, scenario=scenario, opponent=opponent, notice=_joined(notices))

    def new_seed(self) -> int:
        """The seed of the next "New game", from the page's own generator."""
        return self.deals.randrange(1_000_000)

    def secret_seed(self) -> int:
        """The seed of a game between classmates, which neither may know (R6)."""
        return self.secret_deals.randrange(1_000_000)

    def start_game(self, seed: int | None, *, scenario: str | None = None,
                   opponent: str | None = None, notice: Said = None) -> None:
        """A new game dealt from ``seed``, or scenario ``scenario``'s position (KeyError if
        unknown), against ``opponent`` (default: the one chosen)."""
        state = self.state
        opponent = opponent or state.opponent
        if scenario:
            game = Game.from_position(scenarios.load(scenario), seed)
            heading: Said = lambda: self.say.scenario(scenario)
        else:
            game = Game.new(seed)
            heading = lambda: self.say.new_game(seed)
        session = Session(game, opponent=opponent, learner=state.learner,
                          bot_seed=None if seed is None else seed + 1)
        if seed is not None:
            state.seed_text = str(seed)
        self.start_session(session, heading=heading, notice=notice, scenario=scenario)

    def start_session(self, session: Session, *, heading: Said, notice: Said = None,
                      scenario: str | None = None, lesson: str = "", run: bool = True) -> None:
        """Show ``session``'s game from its start (``run``: play the first steps up to a
        person's decision; not for a game opened from a link, shown where it stood)."""
        state = self.state
        with state.hold_trait_notifications():
            state.session = session
            state.opponent = session.opponent
            state.scenario = scenario
            state.lesson = lesson
            state.hint = False
            state.moment = None
            state.uncovered = None
        self.hinted = self.reviewed = self.share = None
        self.picker_fresh = True
        events = session.game.events
        start = len(events)
        if run:
            session.start()
        self.tell(start if len(events) > start else max(0, start - 1), heading=heading,
                  notice=notice)
        self.judge()

    def new_game(self) -> None:
        """New game: a new random deal against the chosen opponent."""
        self.start_game(self.new_seed())

    def play_level(self, level: str) -> None:
        """The level the end of a game offers: a new deal against it (issue 19, item 2)."""
        self.start_game(self.new_seed(), opponent=level)

    def typed_seed(self, text: str) -> int | None:
        """The seed typed in the box, or None (and a warning) if it cannot be a seed."""
        try:
            return parse_seed(text)
        except ValueError:
            self.warn(lambda: _("{reason} The game goes on as it was.").format(
                reason=html.escape(_bad_seed(text))))
            return None

    def replay_deal(self, text: str) -> None:
        """Replay this deal: the deal of the seed in the box (and the scenario), anew."""
        seed = self.typed_seed(text)
        if seed is not None:
            self.start_game(seed, scenario=self.state.scenario)

    def free_game(self, text: str) -> None:
        """A free game against the computer, dealt from the seed in the box."""
        seed = self.typed_seed(text)
        if seed is not None:
            self.start_game(seed)

    def set_learner(self, colour: str) -> None:
        """You play ``colour``: the same deal starts again."""
        state = self.state
        if colour == state.learner:
            return
        state.learner = colour
        self.start_game(state.game.seed, scenario=state.scenario,
                        notice=lambda: self.say.colour_changed(colour))

    def set_opponent(self, opponent: str) -> None:
        """The other colour is played by ``opponent`` from now on."""
        session = self.state.session
        if opponent == session.opponent:
            return
        session.set_opponent(opponent)
        self.state.opponent = opponent
        self.state.uncovered = None
        self.picker_fresh = True
        start = len(session.game.events)
        pending = session.game.pending
        if pending is not None and not session.is_human(pending.player) and pending.secret:
            session.step()  # the computer makes its secret card choices at once
        other = session.other
        self.tell(start, notice=lambda: self.say.opponent_changed(other, opponent))

    # ------------------------------------------------------------------ guided lessons

    def start_lesson(self, name: str) -> None:
        """Guided lesson ``name`` (KeyError if unknown): its position, its scripted opponent,
        the learner's colour, the goal. The menu's Puzzles entry shows Puzzles mode."""
        if name == PUZZLES:
            self.state.puzzles = True
            return
        lesson = self.lessons[name]
        game = lesson.start(LESSON_SEED)
        session = Session(game, opponent="greedy", learner=lesson.learner,
                          player=lesson.player(game))
        number = self.order.index(name) + 1
        self.start_session(session, lesson=name, heading=lambda: self.say.lesson(
            number, tutorial.lesson_text(lesson.title)))

    def retry(self) -> None:
        if self.state.lesson:
            self.start_lesson(self.state.lesson)

    def next_lesson(self) -> None:
        """The lesson after this one (after the last, the first not done; then a free game)."""
        if not self.state.lesson:
            self.start_lesson(self.order[0])
            return
        i = self.order.index(self.state.lesson)
        later = self.order[i + 1:] + [n for n in self.order[:i] if n not in self.state.done]
        if later:
            self.start_lesson(later[0])
        else:
            self.new_game()

    @property
    def lesson(self) -> Lesson | None:
        return self.lessons.get(self.state.lesson)

    def verdict(self) -> tutorial.Verdict | None:
        """The guided lesson's verdict on the live game (None before its moment)."""
        lesson = self.lesson
        return tutorial.judge(lesson, self.state.game) if lesson is not None else None

    def judge(self) -> None:
        """A lesson whose goal is met is done (the page's address keeps it); a game against a
        computer level that has just ended is counted on the ladder."""
        verdict = self.verdict()
        if verdict is not None and verdict.success:
            self.state.done.add(self.state.lesson)
        self.state.ladder.record(self.state.session)

    # ------------------------------------------------------------------ stepping

    @property
    def waiting_for_class(self) -> bool:
        """The class predicts the next line of a scoring round: only Reveal steps it."""
        coming = self.state.game.coming
        return self.state.predicts and coming is not None and coming.kind == "score"

    def can_step(self) -> bool:
        """Whether a step can run now; if not, the warning says why."""
        why = self.say.not_stepping()
        if why is not None:
            self.warn(lambda: self.say.not_stepping() or why)
            return False
        return True

    def next_step(self) -> None:
        """Next step: one step, explained."""
        if self.can_step():
            self._steps(self.state.session.step)

    def run_to_decision(self) -> None:
        """To my next decision: every step up to a person's decision, stopping before each
        line of a scoring round and before the end of the game."""
        if self.can_step():
            self._steps(self.state.session.run_to_decision)

    def auto_step(self) -> bool:
        """One step of auto-play; False when auto-play must stop."""
        if self.say.not_stepping() is not None:
            return False
        self._steps(self.state.session.step, keep_notice=True)
        return self.say.not_stepping() is None

    def reveal_scoring_line(self, line: str) -> Answer:
        """Reveal (Class predicts): one step, which must score ``line`` (R16)."""
        coming = self.state.game.coming
        if coming is None or coming.kind != "score" or coming.line != line:
            raise ValueError(_("the next step does not score {line}, so nothing was "
                               "revealed").format(line=LINE_TITLES[line]))
        start = len(self.state.game.events)
        self._steps(self.state.session.step)
        return answer_of(self.state.game.events[start])

    def _steps(self, run, keep_notice: bool = False) -> None:
        game = self.state.game
        start = len(game.events)
        run()
        self.state.uncovered = None
        notice = self.state.told.notice if keep_notice else None
        self.tell(start, notice=notice)
        self.judge()

    # ------------------------------------------------------------------ decisions

    def choose_square(self, name: str) -> None:
        """A click on the board: a legal square is the person's choice; anything else is
        explained with the rule it breaks, and nothing changes."""
        state = self.state
        if name.startswith("K"):
            return self.warn(lambda: _("That is a place of the Kingdom of the Dead: counters "
                                       "arrive there when removed or when they find no empty "
                                       "square; nobody chooses it (R15)."))
        if name not in SQUARE_NAMES:
            return self.warn(lambda: _("{square} is not a square of the board (R3).").format(
                square=html.escape(name)))
        if self._looking_back():
            return None
        pending = state.session.human_pending
        if pending is None or not pending.board_choice:
            return self.warn(lambda: _("{square}: nothing to choose on the board now; "
                                       "{why}").format(square=html.escape(name),
                                                       why=self._why_no_square()))
        review = self._review([name])  # on the view before the choice is applied
        start = len(state.game.events)
        try:
            state.session.decide(name)
        except RuleError as err:
            return self.warn(_not_allowed(err, square=True))
        self._decided(start, review)
        return None

    def _why_no_square(self) -> str:
        session = self.state.session
        if session.game.over:
            return _("the game is over.")
        if session.human_pending is not None:
            return _("first put your cards on the cartouches (R6).")
        return _("the next step is automatic: click <b>Next step</b>.")

    def confirm_cards(self, cards: tuple[int, ...]) -> None:
        """Confirm: keep the exchange counter if it was not handed in, and put the cards on
        the cartouches (R5, R6)."""
        state = self.state
        if self._looking_back():
            return
        pending = state.session.human_pending
        if pending is None or not pending.secret or state.screen != pending.player:
            self.warn(lambda: _("There are no cards to put on the cartouches now."))
            return
        keep = pending.kind == "exchange"
        review = self._review([False, tuple(cards)] if keep else [tuple(cards)])
        start = len(state.game.events)
        try:  # checked on a copy first, so that a refusal changes nothing at all
            view = state.game.view(pending.player)
            (view.after(False) if keep else view).after(tuple(cards))
        except RuleError as err:
            self.warn(_not_allowed(err))
            return
        if keep:
            state.session.decide(False)
        state.session.decide(tuple(cards))
        self._decided(start, review)

    def hand_in_exchange(self) -> None:
        """Hand in the exchange counter: discard the 4 cards and draw 4 new ones (R5)."""
        state = self.state
        if self._looking_back():
            return
        pending = state.session.human_pending
        if pending is None or pending.kind != "exchange" or state.screen != pending.player:
            self.warn(lambda: _("The exchange counter can be handed in once per game, before "
                                "the cards go on the cartouches (R5)."))
            return
        review = self._review([True])
        start = len(state.game.events)
        state.session.decide(True)
        self._decided(start, review, keep_screen=True)

    def _decided(self, start: int, review: Reviewed | None, keep_screen: bool = False) -> None:
        """After a person's decision: what it made is told, the coach's review kept."""
        if not keep_screen:
            self.state.uncovered = None
        self.hinted = None
        if review is not None:
            self.reviewed = review
        self.tell(start)
        self.judge()

    def uncover(self, player: str) -> None:
        """Hot seat: ``player`` looks at their own hand (the other one looks away)."""
        pending = self.state.session.human_pending
        if pending is not None and pending.secret and pending.player == player:
            self.state.uncovered = player

    # ------------------------------------------------------------------ undo

    def undo(self) -> None:
        """Undo: take back the last decision a person made, and the computer's after it."""
        if self._looking_back():
            return
        undone = self.state.session.undo()
        if undone is None:
            self.warn(lambda: _("Nothing to undo: you have not made a decision yet."))
            return
        self.state.uncovered = None
        self.hinted = self.reviewed = None
        self.picker_fresh = not undone.secret  # cards put on cartouches stay where they were
        events = len(self.state.game.events)
        self.tell(max(0, events - 1), heading=lambda: _("Taken back: {what}").format(
            what=self.say.undo_words(undone)))
        self.judge()

def _not_allowed(err: RuleError, square: bool = False) -> Said:
    """The warning of a refused choice: the rule it breaks (the refusal's own sentence, in the
    language in force when shown)."""
    if square:
        return lambda: _("<b>Not allowed</b> — {reason}. Choose one of the squares with a "
                         "black frame.").format(reason=html.escape(refusal_text(err)))
    return lambda: _("<b>Not allowed</b> — {reason}").format(
        reason=html.escape(refusal_text(err)))


def _said_link(err: RuleError) -> Said:
    return lambda: _("This link could not be opened: {reason}. Here is a new game "
                     "instead.").format(reason=html.escape(str(err)))


def _no_lesson(name: str, names: list[str]) -> Said:
    return lambda: _("There is no guided lesson called <b>{name}</b>. The lessons are: "
                     "{names}. Here is a new game instead.").format(
        name=html.escape(visible(name, 40)), names=html.escape(", ".join(names)))


def _no_scenario(name: str, known: list[str]) -> Said:
    """``?scenario=NAME`` names no scenario (a free game from a position, not a lesson)."""
    return lambda: _("There is no scenario called <b>{name}</b>. The scenarios are: {names}. "
                     "Here is a new game instead.").format(
        name=html.escape(visible(name, 40)), names=html.escape(", ".join(known) or _("none yet")))


def _bad_seed(text: str) -> str:
    try:
        parse_seed(text)
    except ValueError as err:
        return str(err)
    return seed_rule()


def _joined(notices: list[Said]) -> Said:
    if not notices:
        return None
    return lambda: "<br>".join(n() for n in notices)


__all__ = ["Controller"]
