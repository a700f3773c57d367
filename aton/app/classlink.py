"""A page in a class (issue 18): the teacher's page and each student's, joined by the class
store (``aton.classroom``). No widgets here: ``ClassPanel`` (``classpanel.py``) draws what this
holds and calls its methods.

- **The teacher** starts a class (a join code for the room, a key kept in the teacher's page and
  its link only) or takes it back by that link. After every action the page publishes its
  moment: the game's record, the step shown, whose screen it is (``AppState.screen``), what the
  explanation tells. Only the key holder publishes, asks, reveals and reads the answers.
- **A student** joins with the code and a first name (a token in the page's link rejoins after a
  reload). Their page follows the teacher: every moment published is replayed and shown through
  the teacher's screen's view (the class sees what the teacher's screen shows, nothing more: R6),
  read-only; the student may look back through the moves and come back to the teacher. They
  answer the teacher's questions, play a classmate (each on their own device, each seeing their
  own hand only, R6; the game is stored move by move), or play on their own (guided lessons
  finished are recorded with their verdicts).

The page polls the store (``tick``, about twice a second): one read of the class's counter, and
more only when it moved.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable

from ..classroom import ClassStore, DuelInfo, Mark, Question, StoreError
from ..engine import records
from ..engine.errors import RuleError
from ..i18n import translator
from ..teaching import tutorial
from .classduel import Duels
from .classquestions import ASKABLE, Questions, truth_of
from .session import Session
from .state import AppState, Told

_ = translator("app")

FORMAT = 1  # the published moment's own version (its keys may grow, never change meaning)
FAILED = object()  # what ``ClassLink._do`` returns for a refused store call
#: A page that tries code after wrong code waits longer and longer (item 7: a code is not
#: guessed in a lesson's time): after ``FREE_TRIES`` wrong codes, 2, 4, 8 … up to 60 seconds
#: before the next try. A code has 32**6 (about a billion) values.
FREE_TRIES, MAX_WAIT = 5, 60.0
WRONG_CODE = ("no-class", "bad-code", "ended", "wrong-key", "unknown-student")


class ClassLink(Duels, Questions):
    """One page's part in a class (see the module docstring). ``store()`` opens the class
    store (default: ``ClassStore()``, whose place ``ATON_CLASS_STORE`` sets)."""

    FAILED = FAILED

    def __init__(self, state: AppState, control, store: Callable[[], ClassStore] = ClassStore):
        self.state, self.control, self._open_store = state, control, store
        self._store: ClassStore | None = None
        self.role: str | None = None  # "teacher", "student" or None (not in a class)
        self.code = self.key = self.token = self.name = None
        self.mode = "follow"  # a student's page: "follow", "own" or "duel"
        self.problem: StoreError | None = None  # the last store refusal, said by the panel
        self.refusals = 0  # how many store calls were refused (a poll that met one reads again)
        self.seq = -1  # the class's counter as last read
        self.moment_seq = -1  # the teacher's moment last shown (student)
        self.teacher_step: int | None = None  # the step the teacher's page shows (None: live)
        self.teacher_data: dict | None = None
        self.published: tuple | None = None  # what the teacher's page published last
        self.question: Question | None = None
        self.answered = 0  # teacher: how many answered the open question
        self.marks: list[Mark] = []  # teacher: the marks of the question revealed
        self.revealed = None  # teacher: the event that answered the question revealed
        self.asked_in = None  # teacher: the Session its question is of
        self.mine: Mark | None = None  # student: their answer to the question
        self.tally = (0, 0)  # student: right and wrong this round
        self.classmates: list = []
        self.duels: list[DuelInfo] = []
        self.duel: DuelInfo | None = None  # the game against a classmate on this page
        self.roster: list = []  # teacher: the students
        self.lessons_told: set[tuple[str, int]] = set()  # (lesson, session id) recorded
        self.duel_over = False
        self.unsent = False  # a move of this page's game against a classmate not stored yet
        self.moved = True  # the last poll changed the game on the page (not only the box)
        self.entered: set[int] = set()  # the games against classmates this page has shown
        self.wrong_codes = 0  # codes this page tried that open no class
        self.next_try = 0.0  # time.monotonic() before which the page tries no code
        self.wait = 0  # seconds to wait, said by the panel (0: none)

    # ------------------------------------------------------------------ the store

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            self._store = self._open_store()
        return self._store

    def _do(self, fn: Callable, *args):
        """A store call; a refusal is kept in ``problem`` (the panel says it) and ``FAILED``
        is returned. Nothing on the page changes with a refused write."""
        try:
            result = fn(*args)
        except StoreError as err:
            self.problem = err
            self.refusals += 1
            if err.reason in ("read-only", "unavailable") and self._store is not None:
                # a connection SQLite opened read-only stays so: "try again" opens afresh
                self._store.close()
            return FAILED
        return result

    def _get(self, fn: Callable, *args, default=None):
        """A store read: its result, or ``default`` when refused (the problem is said)."""
        result = self._do(fn, *args)
        return default if result is FAILED else result

    @property
    def in_class(self) -> bool:
        return self.role is not None

    @property
    def teacher(self) -> bool:
        return self.role == "teacher"

    def address(self) -> str:
        """This page's class link (a reload comes back to the same place): the teacher's
        with the key, a student's with their token. Never another person's."""
        lang = f"&lang={self.state.language}"
        if self.teacher:
            return f"?class={self.code}&key={self.key}{lang}"
        if self.role == "student":
            return f"?join={self.code}&me={self.token}{lang}"
        return ""

    def _entered(self) -> None:
        self.problem = None
        self.seq = -1
        self.state.class_query = self.address()
        self.refresh(force=True)

    # ------------------------------------------------------------------ start and join

    def check_code(self, code: str) -> bool:
        """Whether ``code`` is an open class (if not, the problem is said)."""
        return self._tried(self.store.check_class, code) is not FAILED

    def _tried(self, fn: Callable, *args):
        """A store call that tries a code or a key: after too many wrong ones the page waits
        before trying again (``FREE_TRIES``)."""
        now = time.monotonic()
        if now < self.next_try:
            self.wait = int(self.next_try - now) + 1
            return FAILED
        self.wait = 0
        self.problem = None
        result = self._do(fn, *args)
        if result is FAILED and self.problem.reason in WRONG_CODE:
            self.wrong_codes += 1
            if self.wrong_codes >= FREE_TRIES:
                self.next_try = now + min(MAX_WAIT, 2.0 ** (self.wrong_codes - FREE_TRIES + 1))
        return result

    def start_class(self) -> bool:
        """A new class, this page its teacher's."""
        started = self._do(self.store.start_class)
        if started is FAILED:
            return False
        self.role, self.code, self.key = "teacher", started.code, started.key
        self._entered()
        return True

    def take_back(self, code: str, key: str) -> bool:
        """The teacher's link: the class again, with its students and answers."""
        code = self._do(ClassStore.clean_code, code)
        if code is FAILED or self._tried(self.store.check_teacher, code, key) is FAILED:
            return False
        self.role, self.code, self.key = "teacher", code, key
        self._resume()
        self._entered()
        return True

    def _resume(self) -> None:
        """The teacher's page opened again by its link: the game the class saw last, at the
        step it was shown (a guided lesson's game with its scripted opponent)."""
        moment = self._get(self.store.moment, self.code)
        data = moment.data if moment is not None else {}
        try:
            game = records.replay(data["record"])
        except (RuleError, KeyError, TypeError):
            return  # nothing shown yet, or not a game this version replays: a new game stays
        self.state.learner = data.get("learner") or self.state.learner
        lesson = self.control.lessons.get(data.get("lesson") or "")
        if lesson is not None:
            number = self.control.order.index(lesson.name) + 1
            session = Session(game, learner=lesson.learner, player=lesson.player(game))
            self.control.start_session(session, lesson=lesson.name, run=False,
                                       heading=lambda: self.control.say.lesson(
                                           number, tutorial.lesson_text(lesson.title)))
        else:
            self.control.open_game(game, scenario=data.get("scenario"))
        if data.get("moment") is not None:
            self.control.look_at(data["moment"])

    def join(self, code: str, name: str) -> bool:
        """A student joins with the class's code and a first name."""
        code = self._do(ClassStore.clean_code, code)
        if code is FAILED:
            return False
        student = self._tried(self.store.join, code, name)
        if student is FAILED:
            return False
        self._student(code, student)
        return True

    def rejoin(self, code: str, token: str) -> bool:
        """A student's link after a reload: the same name, the same marks."""
        code = self._do(ClassStore.clean_code, code)
        student = FAILED if code is FAILED else self._tried(self.store.rejoin, code, token)
        if student is FAILED:
            return False
        # The guided lessons done on this page before the reload (the class's address keeps
        # none of them: Tutor leaves a class's page its own address) are ticked again.
        lessons = self._get(self.store.my_lessons, code, token, default=[])
        self.state.done = self.state.done | {
            lesson for lesson, verdict in lessons
            if verdict == "done" and lesson in self.control.lessons}
        self._student(code, student)
        return True

    def _student(self, code: str, student) -> None:
        self.role, self.code, self.token, self.name = "student", code, student.token, student.name
        self.mode = "follow"
        self._entered()
        playing = [d for d in self.duels if d.status == "playing"]
        if playing:  # a reload goes back to the game against the classmate
            self.enter_duel(playing[-1].id)

    def leave(self) -> None:
        """This page leaves the class (the class goes on); a free game starts."""
        self.role = self.code = self.key = self.token = self.name = None
        self.state.class_query = ""
        self.duel, self.question, self.mine = None, None, None
        self.control.new_game()

    def end_class(self) -> None:
        """The teacher ends the class: students can no longer join or answer."""
        if self._do(self.store.end_class, self.code, self.key) is not FAILED:
            self.leave()

    # ------------------------------------------------------------------ polling

    def tick(self) -> bool:
        """One poll of the store; True when something on the page changed."""
        if not self.in_class:
            return False
        if self.duel_behind():  # a move not stored yet, or the classmate's not played yet
            return self.refresh()
        seq = self._do(self.store.seq, self.code)
        if seq is FAILED:
            return True  # the problem is said
        if seq == self.seq:
            return False
        return self.refresh()

    def refresh(self, force: bool = False) -> bool:
        """Read what changed in the class and show it."""
        seq = self._do(self.store.seq, self.code)
        if seq is FAILED:
            return True  # the problem is said
        refusals = self.refusals
        self.moved = False  # whether the game on this page changed (else only the box did)
        self._read_question()
        if self.teacher:
            self.roster = self._get(self.store.students, self.code, self.key, default=[])
        else:
            self._read_student(force)
        if self.refusals == refusals:  # a read refused: the next poll reads it all again
            self.seq = seq
        return True

    def _read_student(self, force: bool) -> None:
        self.classmates = self._get(self.store.classmates, self.code, self.token, default=[])
        self.duels = self._get(self.store.duels, self.code, self.token, default=[])
        started = [d for d in self.duels if d.status == "playing" and d.id not in self.entered]
        if started and self.mode != "duel":  # accepted, or paired by the teacher: play it
            self.enter_duel(started[-1].id)
            self.moved = True
        elif self.mode == "duel":
            self.moved = self._duel_moves()
        elif self.mode == "follow":
            self.moved = self._follow(force)

    # ------------------------------------------------------------------ the teacher's moment

    def publish(self) -> None:
        """The teacher's page after an action: its moment, if it changed, for every student."""
        if not self.teacher:
            return
        self.retire_question()
        s, told = self.state, self.state.told
        game = s.game
        key = (id(s.session), len(game.events), len(game.decisions), s.screen, s.moment,
               told.start, told.stop, s.lesson)
        if key == self.published:
            return
        data = {"format": FORMAT, "record": game.record(), "screen": s.screen,
                "moment": s.moment, "told": [told.start, told.stop], "lesson": s.lesson,
                "scenario": s.scenario, "learner": s.learner, "round": game.round}
        if self._do(self.store.publish, self.code, self.key, data) is not FAILED:
            self.published = key

    def _follow(self, force: bool) -> bool:
        moment = self._get(self.store.moment, self.code)
        if moment is None or (moment.seq == self.moment_seq and not force):
            return False
        self.show_moment(moment.data)
        self.moment_seq = moment.seq
        return True

    def show_moment(self, data: dict) -> None:
        """Show the teacher's moment on this (student's) page, read-only, through the view of
        the teacher's screen (R6). A student looking back on their own stays where they are."""
        s = self.state
        looking_alone = self.teacher_data is not None and s.moment != self.teacher_step
        record = data["record"]
        current = s.session
        if not (current is not None and current.watch_only
                and current.game.record() == record):
            try:
                game = records.replay(record)
            except RuleError:
                return  # a moment this version cannot replay: the last one stays
            session = Session(game, learner=data.get("learner") or "red", watch_only=True)
            with s.hold_trait_notifications():
                s.session = session
                s.lesson = ""
                s.scenario = data.get("scenario")
        self.teacher_data, self.teacher_step = data, data.get("moment")
        s.watched = data.get("screen")
        start, stop = data.get("told") or (0, 0)
        lesson = self.control.lessons.get(data.get("lesson") or "")
        title = lesson.title if lesson is not None else None
        self.state.told = Told(start, stop, heading=lambda: self.following_words(title))
        if not looking_alone:
            s.moment = self.teacher_step

    @staticmethod
    def following_words(title: str | None) -> str:
        if title:
            return _("<b>You are following the teacher</b>, in the guided lesson “{title}”: "
                     "your page shows what the teacher's page shows.").format(
                title=html.escape(title))
        return _("<b>You are following the teacher</b>: your page shows what the teacher's "
                 "page shows.")

    @property
    def looking_alone(self) -> bool:
        """A following student looks at another step than the teacher's."""
        return (self.role == "student" and self.mode == "follow"
                and self.teacher_data is not None and self.state.moment != self.teacher_step)

    def back_to_teacher(self) -> None:
        """Back to the teacher: following again, at the teacher's step."""
        self.mode = "follow"
        self.duel = None
        self.state.watched = None
        self.moment_seq = -1
        self.teacher_data = None
        self._follow(force=True)
        if self.teacher_data is None:  # the teacher has shown nothing yet
            self.control.tell(0, 0, heading=lambda: self.following_words(None))

    def play_alone(self) -> None:
        """A student plays on their own (a game, a guided lesson); the teacher's questions
        still reach the page."""
        self.mode = "own"
        self.duel = None
        self.state.watched = None
        self.control.new_game()

    # ------------------------------------------------------------------ progress

    def record_progress(self) -> None:
        """A student's guided lesson reached its verdict: it is stored (the latest kept)."""
        if self.role != "student" or self.mode != "own" or not self.state.lesson:
            return
        verdict = self.control.verdict()
        key = (self.state.lesson, id(self.state.session))
        if verdict is None or key in self.lessons_told:
            return
        if self._do(self.store.record_lesson, self.code, self.token, self.state.lesson,
                    "done" if verdict.success else "not yet") is not FAILED:
            self.lessons_told.add(key)

    def after_action(self) -> None:
        """After every action of the page: publish, store moves, record progress."""
        if not self.in_class:
            return
        self.publish()
        self.push_moves()
        self.record_progress()

    def progress(self) -> list:
        return self._get(self.store.progress, self.code, self.key, default=[])

    def progress_csv(self) -> str:
        return self._get(self.store.progress_csv, self.code, self.key, default="")


__all__ = ["ASKABLE", "ClassLink", "truth_of"]
