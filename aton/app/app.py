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

import os
from collections.abc import Callable, Iterable

from ipywidgets import VBox

from ..engine.decision import Decision
from ..i18n import Spoken, language, normalize, speaking, translator
from .address import link_query, parse_query
from .autoplay import AutoPlayer
from .controller import Controller
from .guard import Guard
from .layout import PROJECTOR_CLASS
from .narrator import Narrator
from .page import Page
from .panel import written
from .predict import Answer
from .session import OPPONENTS
from .state import AppState, Said

_ = translator("app")

#: The page's panels, also reached as the app's attributes (``app.picker``, ``app.board``...).
PANELS = ("board", "track", "picker", "table", "scoring", "end", "class_quiz", "explain",
          "game_log", "history", "controls", "rules", "how_to", "chooser", "coach", "tutor",
          "stage", "projector", "right", "footer", "reader")


def _action(name: str, doc: str) -> Callable:
    """An app method that does the controller's action ``name`` as a click would."""

    def act(self: AtonApp, *args, **kwargs):
        return self.guard(getattr(self.control, name))(*args, **kwargs)

    act.__name__, act.__doc__ = name, doc
    return act


def language_news(code: str, heading: Said) -> Said:
    """The heading after a switch to ``code``: the news of the language, and under it what the
    page had just said (a decision taken back, a new game), written again in the new language.
    A second switch does not repeat the first one's news."""
    before = getattr(heading, "before", heading)

    def news() -> str:
        said = (_("The app now speaks Portuguese: the game goes on where it was.")
                if code == "pt" else
                _("The app now speaks English: the game goes on where it was."))
        earlier = written(before)
        return f"{said}<br>{earlier}" if earlier else said

    news.before = before  # type: ignore[attr-defined]
    return news


class AtonApp(VBox):
    """The teaching app. ``AtonApp(seed=7, scenario=None, opponent='greedy', learner='red',
    lesson=None)``; ``lesson`` names a guided lesson (``aton/teaching/lessons/``) to open.

    ``deal_seed`` seeds the app's own generator, which draws the seed of every "New game"
    (default: drawn once from the operating system, and shown in the New game button's
    tooltip). ``notices`` are shown above the first game (e.g. a bad seed in the page
    address). ``how_to_play``: open How to play on the first screen. ``record``: a game record
    to open (from a link), shown at step ``moment`` (default: where it stands).
    ``projector``: large type for a class. ``lang``: the app's language (default: the one in
    force); it is the app's own, so two apps in one kernel may speak two languages. ``done``:
    the guided lessons already done (from the page address, which keeps them)."""

    def __init__(self, seed: int | None = None, scenario: str | None = None,
                 opponent: str = "greedy", learner: str = "red", lesson: str | None = None, *,
                 deal_seed: int | None = None, notices: list[str] | None = None,
                 how_to_play: bool = True, record: dict | None = None,
                 moment: int | None = None, projector: bool = False, lang: str | None = None,
                 done: Iterable[str] = (), **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-app")
        self.state = AppState(language=normalize(lang) if lang else language(),
                              opponent=opponent if opponent in OPPONENTS else "greedy",
                              learner=learner, projector=projector, done=set(done))
        self.narrator = Narrator(self.state)
        self.control = Controller(self.state, self.narrator, deal_seed)
        self.guard = Guard(lambda: self.state.language, self.control.new_action, self._draw,
                           lambda exc: self.page.show_error(exc))
        with speaking(self.state.language):
            self.page = Page(self, self.state, self.narrator, self.control, actions=self,
                             reveal=self.reveal_scoring_line)
            for name in PANELS:
                setattr(self, name, getattr(self.page, name))
            self.autoplayer = self.control.autoplayer = AutoPlayer(
                self.guard(self.control.auto_step, new_action=False),
                self.guard(self.control.auto_stopped, new_action=False))
            self._wire()
            with self.quietly():
                self.page.relabel()
            self.page.set_projector(projector)
            if not how_to_play or lesson in self.control.lessons or record is not None or done:
                # A guided lesson opened by link has its own introduction, a game opened by
                # link is there to be looked at, and a learner with lessons done has read it.
                self.how_to.hide()
        if seed is None:
            seed = self.control.new_seed()
        self.state.seed_text = str(seed)
        said = [n.write if isinstance(n, Spoken) else (lambda n=n: n) for n in notices or []]
        self.guard(self.control.begin)(seed, scenario, self.state.opponent, said, lesson,
                                       record, moment)

    def _wire(self) -> None:
        state, control, c, h, g = self.state, self.control, self.controls, self.history, self.guard
        for link in (("seed_text", c.seed), ("pace", c.pace), ("auto", c.auto),
                     ("projector", self.projector), ("predicts", self.class_quiz.switch),
                     ("language", c.language), ("review", self.coach.review)):
            _link(state, link[0], link[1], "value")
        c.next.on_click(g(lambda _b: control.next_step()))
        c.run.on_click(g(lambda _b: control.run_to_decision()))
        c.auto.observe(g(lambda ch: control.auto_play(ch["new"])), "value")
        c.undo.on_click(g(lambda _b: self.undo()))
        c.new.on_click(g(lambda _b: control.new_game()))
        c.replay.on_click(g(lambda _b: control.replay_deal(state.seed_text)))
        c.how_to.on_click(g(lambda _b: self.how_to.show()))
        c.start_lesson.on_click(g(lambda _b: self._lesson_menu()))
        c.opponent.observe(g(lambda ch: control.set_opponent(ch["new"])), "value")
        c.learner.observe(g(lambda ch: control.set_learner(ch["new"])), "value")
        state.observe(lambda ch: setattr(self.autoplayer, "pace", ch["new"]), "pace")
        # A link already shown is written again: it keeps projector mode as it now is.
        state.observe(g(lambda ch: (self.page.set_projector(ch["new"]),
                                    self.control.share and self.copy_link())), "projector")
        # A switch is no new action: a warning on the page stays, written again.
        state.observe(g(lambda ch: self._relabel(ch["new"]), new_action=False), "language")
        state.observe(g(lambda ch: control.review_on(ch["new"])), "review")
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
        h.on_pick(g(self.look_at))
        h.earlier.on_click(g(lambda _b: self.look_step(-1)))
        h.later.on_click(g(lambda _b: self.look_step(1)))
        h.back.on_click(g(lambda _b: self.back_to_game()))
        h.copy.on_click(g(lambda _b: self.copy_link()))
        # Emptying the file button after a file is read must not clear what was said of it.
        h.upload.observe(lambda ch: ch["new"] and g(self.open_upload)(ch["new"]), "value")

    # ------------------------------------------------------------------ drawing

    def draw(self) -> None:
        """Draw the page from the state (after every action)."""
        self.guard.draw()

    def _draw(self) -> None:
        self.page.class_link.after_action()  # in a class: publish, store moves, progress
        self.page.draw()
        self.controls.auto.description = (_("Pause ⏸") if self.autoplayer.running
                                          else _("Auto-play ▶"))

    def quietly(self):
        """The page sets its own widgets: their observers are not a person's action."""
        return self.guard.quietly()

    @property
    def _guard(self) -> Guard:  # the name of the first editions
        return self.guard

    def _clear_messages(self) -> None:
        """A click in the card picker or on a rule: the last action's warning goes."""
        if self.state.told.warning or self.state.told.notice or self.explain.warning:
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
        playing, sharing = self.autoplayer.running, self.control.share is not None
        self.autoplayer.pause()
        self.control.relabel()  # the coach's hint and review, made again in this language
        told = self.state.told
        self.control.tell(told.start, told.stop, heading=language_news(code, told.heading),
            notice=(lambda: _("Auto-play was paused for the change of language: click "
                              "<b>Auto-play ▶</b> to go on.")) if playing else told.notice,
            warning=told.warning)
        with self.quietly():
            self.page.relabel()
        if sharing:
            self.copy_link()  # the link now asks for the new language

    # ------------------------------------------------------------------ actions

    next_step = _action("next_step", "Next step: one step, explained.")
    to_my_decision = _action("run_to_decision", "To my next decision: the steps up to a "
                             "person's decision, stopping before each big moment.")
    click_square = _action("choose_square", "A click on square ``name`` of the board.")
    confirm_cards = _action("confirm_cards", "Confirm: the cards on cartouches 1-4 (R6).")
    coach_hint = _action("coach_hint", "Coach hint, for the person deciding.")
    new_game = _action("new_game", "New game: a new random deal.")
    start_game = _action("start_game", "A new game dealt from ``seed`` (or a scenario).")
    set_opponent = _action("set_opponent", "Who plays the other colour from now on.")
    set_learner = _action("set_learner", "You play ``colour``: the same deal again.")
    look_step = _action("look_step", "◂ / ▸: one step earlier or later than shown.")
    back_to_game = _action("back_to_game", "Back to the game, where it stands.")
    open_game = _action("open_game", "Show a game rebuilt from a record where it stood.")
    start_lesson = _action("start_lesson", "Guided lesson ``name``, from its start.")
    retry = _action("retry", "Retry: the lesson again.")
    next_lesson = _action("next_lesson", "Next lesson (after the last: a free game).")

    def free_game(self) -> None:
        self.guard(self.control.free_game)(self.state.seed_text)

    def toggle_hint(self) -> None:
        self.guard(self.control.toggle_lesson_hint)()

    def _lesson_menu(self) -> None:
        """Start of the Lesson menu: the chosen guided lesson, or a free game."""
        name = self.controls.lesson.value
        if name:
            self.control.start_lesson(name)
        else:
            self.control.free_game(self.state.seed_text)

    def undo(self) -> None:
        """Undo my last decision (auto-play stops first)."""
        self.guard(lambda: (self.autoplayer.pause(), self.control.undo()))()

    def look_at(self, step: int | None) -> None:
        """The game as it was after ``step`` events (auto-play stops first)."""
        self.guard(lambda: (self.autoplayer.pause(), self.control.look_at(step)))()

    def copy_link(self) -> None:
        """Copy link: the link to this game at the moment shown, and its record to download
        (without what is still face down, R6)."""
        s = self.state
        self.guard(self.control.make_share, new_action=False)(
            lambda record, step: link_query(record, step=step, scenario=s.scenario,
                                            opponent=s.opponent, learner=s.learner,
                                            lang=s.language, projector=s.projector))

    def open_upload(self, files) -> None:
        """Open a game record chosen with the file button (a bad one is explained)."""
        def read() -> None:
            upload = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
            try:
                self.control.open_record(bytes(upload["content"]),
                                         str(upload.get("name", _("the file"))))
            finally:
                with self.quietly():
                    self.history.upload.value = ()  # the same file can be chosen again
        if files:
            self.guard(read)()

    def reveal_scoring_line(self, line: str) -> Answer:
        """Reveal of "Class predicts": one step, which must score ``line`` (R16). A line that
        is not next is refused with a ValueError, which the quiz says in its own words."""
        with speaking(self.state.language):
            self.control.new_action()
            try:
                return self.control.reveal_scoring_line(line)
            finally:
                self.draw()

    # ------------------------------------------------------------------ reading the state

    session = property(lambda self: self.state.session)
    game = property(lambda self: self.state.session.game)
    learner = property(lambda self: self.state.learner)
    scenario = property(lambda self: self.state.scenario)
    language = property(lambda self: self.state.language, doc="The app's own language.")
    errors = property(lambda self: self.page.errors)
    current_text = property(lambda self: self.explain.text,
                            doc="The sentence the explanation shows for the last step.")

    @property
    def error_message(self) -> str:
        """The error area's text ('' when no error is shown)."""
        errors = self.page.errors
        return "" if errors is None or errors.layout.display == "none" else errors.value

    def set_projector(self, on: bool) -> None:
        self.state.projector = on

    @property
    def projecting(self) -> bool:
        """True in projector mode."""
        return PROJECTOR_CLASS in self._dom_classes

    def show_error(self, exc: BaseException) -> None:
        self.page.show_error(exc)

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
    classroom = kwargs.pop("classroom", None)
    puzzle = kwargs.pop("puzzle", None)
    puzzler = kwargs.pop("puzzler", None)
    if classroom or puzzle:  # a page opened for a class or a puzzle: no How to play first
        kwargs["how_to_play"] = False
    app = AtonApp(**kwargs)
    if classroom:  # ?class=new, ?class=CODE&key=…, ?join=CODE(&me=…)
        # The page is opened for its class box (a student's Join, the teacher's code): How to
        # play, opened by itself, would cover it; its button in the header still opens it.
        app.how_to.hide()
        app.guard(app.page.classroom.open_address)(classroom)
    if puzzle:  # ?puzzle=ID (or ?puzzles=1) and ?puzzler=TOKEN: Puzzles mode (issue 20)
        app.guard(app.page.puzzles.open)(puzzle["id"], puzzle["token"])
    elif puzzler:  # ?puzzler=TOKEN alone: the learner's puzzles, when Puzzles mode opens
        app.guard(app.page.puzzles.remember)(puzzler)
    return app


def app_from_query(query: str, accept_language: str | None = None) -> AtonApp:
    """The app for a Voilà URL's query string (``os.environ['QUERY_STRING']``), in the
    language of ``?lang=``, else of the browser (``accept_language``, by default the
    ``HTTP_ACCEPT_LANGUAGE`` Voilà passes to the kernel: voila.json's ``http_header_envs``),
    else English."""
    if accept_language is None:
        accept_language = os.environ.get("HTTP_ACCEPT_LANGUAGE")
    return build_app(query=query, accept_language=accept_language)


__all__ = ["AtonApp", "Said", "app_from_query", "build_app", "parse_query"]
