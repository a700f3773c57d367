"""``AtonApp``: a whole game of Aton against the computer (or a second person), step by step.

The app is the wiring of three parts: ``AppState`` (what the page is about, and who is at the
screen: ``state.py``), ``Controller`` (what each click does, no widgets: ``controller.py``) and
``Page`` (the panels, drawn from the state: ``page.py``); ``Narrator`` writes the page's own
sentences. Every button, board click and link goes through ``guard``: it writes in the app's
language (two apps in one kernel keep their own), starts a new action (the last one's warning
goes), explains an illegal choice with its rule id, shows any other error in the app, never
lost, and draws the page once the action is done.
"""

from __future__ import annotations

import functools
import os
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ipywidgets import VBox

from ..engine.decision import Decision
from ..engine.game import Game
from ..i18n import Spoken, language, normalize, speaking, translator
from .address import link_query, parse_query
from .autoplay import AutoPlayer
from .controller import Controller
from .layout import PROJECTOR_CLASS
from .narrator import Narrator
from .page import Page
from .predict import Answer
from .session import OPPONENTS, Session
from .state import AppState, Said

_ = translator("app")

#: The page's panels, also reached as the app's attributes (``app.picker``, ``app.board``...).
PANELS = ("board", "track", "picker", "table", "scoring", "end", "class_quiz", "explain",
          "game_log", "history", "controls", "rules", "how_to", "chooser", "coach", "tutor",
          "stage", "projector", "right", "footer")


class AtonApp(VBox):
    """The teaching app. ``AtonApp(seed=7, scenario=None, opponent='greedy', learner='red',
    lesson=None)``; ``lesson`` names a guided lesson (``aton/teaching/lessons/``) to open.

    ``deal_seed`` seeds the app's own generator, which draws the seed of every "New game"
    (default: drawn once from the operating system, and shown in the New game button's
    tooltip). ``notices`` are shown above the first game (e.g. a bad seed in the page
    address). ``how_to_play``: open How to play on the first screen. ``record``: a game record
    to open (from a link), shown at step ``moment`` (default: where it stands).
    ``projector``: large type for a class. ``lang``: the app's language (default: the one in
    force); it is the app's own, so two apps in one kernel may speak two languages."""

    def __init__(self, seed: int | None = None, scenario: str | None = None,
                 opponent: str = "greedy", learner: str = "red", lesson: str | None = None, *,
                 deal_seed: int | None = None, notices: list[str] | None = None,
                 how_to_play: bool = True, record: dict | None = None,
                 moment: int | None = None, projector: bool = False, lang: str | None = None,
                 **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-app")
        self.state = AppState(language=normalize(lang) if lang else language(),
                              opponent=opponent if opponent in OPPONENTS else "greedy",
                              learner=learner, projector=projector)
        self.narrator = Narrator(self.state)
        self.control = Controller(self.state, self.narrator, deal_seed)
        self._depth = 0  # guarded calls in progress (only the outermost draws)
        self._quiet = False  # while the page draws or relabels, its widgets' echoes are ignored
        with speaking(self.state.language):
            self.page = Page(self, self.state, self.narrator, self.control, actions=self,
                             reveal=self.reveal_scoring_line)
            for name in PANELS:
                setattr(self, name, getattr(self.page, name))
            self.autoplayer = AutoPlayer(self.guard(self._auto_step, new_action=False),
                                         self.guard(self._auto_stopped, new_action=False))
            self._wire()
            with self.quietly():
                self.page.relabel()
            self.page.set_projector(projector)
            if not how_to_play or lesson in self.control.lessons or record is not None:
                # A guided lesson opened by link has its own introduction; a game opened by
                # link is there to be looked at.
                self.how_to.hide()
        if seed is None:
            seed = self.control.new_seed()
        self.state.seed_text = str(seed)
        said = [n.write if isinstance(n, Spoken) else (lambda n=n: n) for n in notices or []]
        self.guard(self.control.begin)(seed, scenario, self.state.opponent, said, lesson,
                                       record, moment)

    def _wire(self) -> None:
        state, control, c, page = self.state, self.control, self.controls, self.page
        g = self.guard
        c.next.on_click(g(lambda _b: self.next_step()))
        c.run.on_click(g(lambda _b: self.to_my_decision()))
        c.auto.observe(g(lambda ch: self.auto_play(ch["new"])), "value")
        c.undo.on_click(g(lambda _b: self.undo()))
        c.new.on_click(g(lambda _b: self.new_game()))
        c.replay.on_click(g(lambda _b: control.replay_deal(state.seed_text)))
        c.how_to.on_click(g(lambda _b: self.how_to.show()))
        c.start_lesson.on_click(g(lambda _b: self._lesson_menu()))
        c.opponent.observe(g(lambda ch: self.set_opponent(ch["new"])), "value")
        c.learner.observe(g(lambda ch: self.set_learner(ch["new"])), "value")
        _link(state, "seed_text", c.seed, "value")
        _link(state, "pace", c.pace, "value")
        _link(state, "projector", self.projector, "value")
        _link(state, "predicts", self.class_quiz.switch, "value")
        _link(state, "language", c.language, "value")
        state.observe(lambda ch: setattr(self.autoplayer, "pace", ch["new"]), "pace")
        state.observe(g(lambda ch: page.set_projector(ch["new"])), "projector")
        state.observe(g(lambda ch: self._relabel(ch["new"])), "language")
        state.observe(g(lambda ch: None), "predicts")  # Next step waits for Reveal, or not
        self.board.on_click(g(self.click_square))
        self.chooser.on_choose(g(self.click_square))
        self.chooser.on_browse(g(self.board.point_at, new_action=False, draw=False))
        self.picker.on_confirm(g(self.confirm_cards))
        self.picker.on_exchange(g(control.hand_in_exchange))
        self.picker.on_uncover(g(control.uncover))
        for button in (*self.picker.cards, *self.picker.slots, self.picker.clear):
            button.on_click(lambda _b: self._clear_messages())  # a new action
        self.rules.on_open(lambda _rule: self._clear_messages())
        self.coach.on_hint(g(self.coach_hint))
        self.coach.on_review(g(control.review_on))
        h = self.history
        h.on_pick(g(self.look_at))
        h.earlier.on_click(g(lambda _b: self.look_step(-1)))
        h.later.on_click(g(lambda _b: self.look_step(1)))
        h.back.on_click(g(lambda _b: self.back_to_game()))
        h.copy.on_click(g(lambda _b: self.copy_link()))
        # Emptying the file button after a file is read must not clear what was said of it.
        h.upload.observe(lambda ch: ch["new"] and g(self.open_upload)(ch["new"]), "value")

    # ------------------------------------------------------------------ the guard

    def guard(self, fn: Callable, *, new_action: bool = True, draw: bool = True) -> Callable:
        """Wrap a callback: it runs in the app's language; warnings of earlier actions are
        cleared first (this is a new action); any exception is shown in the app's error area,
        never lost; and the page is drawn once the outermost action is done."""

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if self._quiet:
                return None  # a widget echoing the page's own drawing, not a person
            self._depth += 1
            try:
                with speaking(self.state.language):
                    try:
                        if new_action and self._depth == 1:
                            self.control.new_action()
                        return fn(*args, **kwargs)
                    except Exception as exc:  # noqa: BLE001 - shown to the user, not swallowed
                        self.show_error(exc)
                        return None
                    finally:
                        if draw and self._depth == 1:
                            self.draw()
            finally:
                self._depth -= 1

        return wrapper

    _guard = guard  # the name of the first editions

    @contextmanager
    def quietly(self) -> Iterator[None]:
        """The page sets its own widgets: their observers are not a person's action."""
        before, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = before

    def draw(self) -> None:
        """Draw the page from the state (after every action)."""
        with speaking(self.state.language), self.quietly():
            try:
                self.page.draw()
                self.controls.auto.description = (_("Pause ⏸") if self.autoplayer.running
                                                  else _("Auto-play ▶"))
            except Exception as exc:  # noqa: BLE001 - shown to the user, not swallowed
                self.show_error(exc)

    def show_error(self, exc: BaseException) -> None:
        """Show an unexpected error (with its traceback folded) in the error area."""
        trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        with speaking(self.state.language):
            self.page.show_error(exc, trace)

    @property
    def errors(self):
        return self.page.errors

    @property
    def error_message(self) -> str:
        """The error area's text ('' when no error is shown)."""
        errors = self.page.errors
        return "" if errors is None or errors.layout.display == "none" else errors.value

    def _clear_messages(self) -> None:
        """A click in the card picker or on a rule: the last action's warning goes."""
        told = self.state.told
        if told.warning or told.notice or self.explain.warning or self.explain.notice:
            with speaking(self.state.language):
                self.control.new_action()
                told = self.state.told
                self.explain.show(self.explain.events, heading=told.heading,
                                  next_text=self.narrator.next_text)

    # ------------------------------------------------------------------ language

    def switch_language(self, code: str) -> None:
        """The page in ``code``'s language ("en", "pt"), the game exactly where it is."""
        self.state.language = normalize(code)

    def _relabel(self, code: str) -> None:
        """The language menu: every word of the page again, in place; nothing is rebuilt and
        nothing is lost. Auto-play pauses, so the class can find its place in the new words,
        and the explanation says so (Auto-play ▶ goes on from there)."""
        playing = self.autoplayer.running
        sharing = self.control.share is not None
        self.autoplayer.pause()
        self.control.relabel()  # the coach's hint and review, made again in this language
        told = self.state.told
        self.control.tell(told.start, told.stop, heading=lambda: (
            _("The app now speaks Portuguese: the game goes on where it was.") if code == "pt"
            else _("The app now speaks English: the game goes on where it was.")),
            notice=(lambda: _("Auto-play was paused for the change of language: click "
                              "<b>Auto-play ▶</b> to go on.")) if playing else None)
        with self.quietly():
            self.page.relabel()
        if sharing:
            self.copy_link()  # the link now asks for the new language

    # ------------------------------------------------------------------ the lesson box

    def start_lesson(self, name: str) -> None:
        self.guard(self.control.start_lesson)(name)

    def retry(self) -> None:
        self.guard(self.control.retry)()

    def next_lesson(self) -> None:
        self.guard(self.control.next_lesson)()

    def free_game(self) -> None:
        self.guard(self.control.free_game)(self.state.seed_text)

    def toggle_hint(self) -> None:
        self.guard(lambda: setattr(self.state, "hint", not self.state.hint))()

    def _lesson_menu(self) -> None:
        """Start of the Lesson menu: the chosen guided lesson, or a free game."""
        name = self.controls.lesson.value
        if name:
            self.control.start_lesson(name)
        else:
            self.control.free_game(self.state.seed_text)

    # ------------------------------------------------------------------ actions

    def next_step(self) -> None:
        self.guard(self.control.next_step)()

    def to_my_decision(self) -> None:
        self.guard(self.control.run_to_decision)()

    def click_square(self, name: str) -> None:
        self.guard(self.control.choose_square)(name)

    def confirm_cards(self, cards: tuple[int, ...]) -> None:
        self.guard(self.control.confirm_cards)(cards)

    def coach_hint(self) -> None:
        self.guard(self.control.coach_hint)()

    def undo(self) -> None:
        def undo() -> None:
            self.autoplayer.pause()
            self.control.undo()
        self.guard(undo)()

    def new_game(self) -> None:
        self.guard(self.control.new_game)()

    def start_game(self, seed: int | None, **kwargs) -> None:
        self.guard(self.control.start_game)(seed, **kwargs)

    def set_opponent(self, opponent: str) -> None:
        self.guard(self.control.set_opponent)(opponent)

    def set_learner(self, colour: str) -> None:
        self.guard(self.control.set_learner)(colour)

    def look_at(self, step: int | None) -> None:
        def look() -> None:
            self.autoplayer.pause()
            self.control.look_at(step)
        self.guard(look)()

    def look_step(self, delta: int) -> None:
        self.guard(self.control.look_step)(delta)

    def back_to_game(self) -> None:
        self.guard(self.control.back_to_game)()

    def open_game(self, game: Game, **kwargs) -> None:
        self.guard(self.control.open_game)(game, **kwargs)

    def copy_link(self) -> None:
        """Copy link: the link to this game at the moment shown, and its record to download
        (without what is still face down, R6)."""
        state = self.state
        self.guard(self.control.make_share, new_action=False)(
            lambda record, step: link_query(record, step=step, scenario=state.scenario,
                                            opponent=state.opponent, learner=state.learner,
                                            lang=state.language))

    def open_upload(self, files) -> None:
        """Open a game record chosen with the file button; a bad file is explained and the
        game goes on as it was."""
        self.guard(self._open_upload)(files)

    def _open_upload(self, files) -> None:
        if not files:
            return
        upload = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        try:
            self.control.open_record(bytes(upload["content"]),
                                     str(upload.get("name", _("the file"))))
        finally:
            with self.quietly():
                self.history.upload.value = ()  # the same file can be chosen again

    def reveal_scoring_line(self, line: str) -> Answer:
        """Reveal of "Class predicts": one step, which must score ``line`` (R16). A line that
        is not next is refused with a ValueError, which the quiz says in its own words."""
        with speaking(self.state.language):
            self.control.new_action()
            try:
                return self.control.reveal_scoring_line(line)
            finally:
                self.draw()

    # ------------------------------------------------------------------ auto-play

    def auto_play(self, on: bool) -> None:
        """Auto-play toggle: steps by themselves at the chosen pace, until paused, a person
        must decide or the game is over."""
        if not on:
            self.autoplayer.pause()
            return
        if self.autoplayer.running:
            return
        if not self.control.can_step():
            with self.quietly():
                self.controls.auto.value = False
            return
        if not self.autoplayer.start():
            with self.quietly():
                self.controls.auto.value = False
            self.control.warn(lambda: _("Auto-play needs the page's kernel to run by itself; "
                                        "use <b>Next step</b> instead."))
            return
        delay = self.autoplayer.delay
        self.control.notify(lambda: _("Auto-play: one step every {seconds} seconds. Click "
                                      "<b>Pause ⏸</b> to stop.").format(seconds=f"{delay:g}"))

    def _auto_step(self) -> bool:
        return self.control.auto_step()

    def _auto_stopped(self, reason: str) -> None:
        if self.controls.auto.value:
            with self.quietly():
                self.controls.auto.value = False
        game, control = self.state.game, self.control
        if reason == "done":
            if game.over:
                control.notify(lambda: _("Auto-play stopped: the game is over."))
            elif control.waiting_for_class:
                control.notify(lambda: _("Auto-play stopped: the class predicts the next "
                                         "scoring line."))
            else:
                control.notify(lambda: _("Auto-play stopped: it is your decision."))
        else:
            control.notify(lambda: _("Auto-play paused."))

    # ------------------------------------------------------------------ reading the state

    @property
    def session(self) -> Session:
        return self.state.session

    @property
    def game(self) -> Game:
        return self.state.session.game

    @property
    def learner(self) -> str:
        return self.state.learner

    @property
    def scenario(self) -> str | None:
        return self.state.scenario

    @property
    def language(self) -> str:
        return self.state.language

    def set_projector(self, on: bool) -> None:
        self.state.projector = on

    @property
    def projecting(self) -> bool:
        """True in projector mode."""
        return PROJECTOR_CLASS in self._dom_classes

    @property
    def current_text(self) -> str:
        """The sentence the explanation panel shows for the last step."""
        return self.explain.text

    def undo_words(self, undone: Decision) -> str:
        """What Undo took back, in plain words (``Narrator.undo_words``)."""
        return self.narrator.undo_words(undone)


def _link(source, name: str, widget, trait: str) -> None:
    """Keep a state trait and a widget's value the same, both ways, starting from the
    state's."""
    setattr(widget, trait, getattr(source, name))
    source.observe(lambda ch: setattr(widget, trait, ch["new"])
                   if getattr(widget, trait) != ch["new"] else None, name)
    widget.observe(lambda ch: setattr(source, name, ch["new"])
                   if getattr(source, name) != ch["new"] else None, trait)


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


__all__ = ["AtonApp", "Said", "app_from_query", "build_app", "parse_query"]
