"""The app's state: what the page is about, in one model without widgets.

``AppState`` holds the language, the opponent, the learner's colour, projector mode, the guided
lesson and its progress, the moment looked back at, auto-play's pace, the coach's review switch,
the class quiz switch, whose hand is uncovered in hot seat, the session (the game and who plays
what) and what the explanation says (``Told``). Panels draw from it; a language switch changes
``language`` and every panel relabels itself in place (nothing is rebuilt).

**Who may see what is decided here, once**: ``screen`` is the person at the screen, and
``view()`` is the only window panels and sentences are given on the game:

- against the computer, the learner (a class at the projector sees what the learner sees);
- in hot seat, while a player chooses their cards face down (R5, R6), that player once their
  hand is uncovered, and nobody while it is covered; at a board choice, the player choosing;
  between turns, nobody.

``view()`` is ``game.view(screen)``: that person's hand and face-down cards, and nobody else's
before the reveal (R6). ``game.view(None)`` (nobody) shows only what the whole table sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from traitlets import Bool, HasTraits, Instance, Int, Set, Unicode

from ..engine.game import Game
from ..engine.view import PlayerView
from ..i18n import DEFAULT
from .ladder import Ladder
from .session import Session

#: The Lesson menu's value that opens Puzzles mode (issue 20) instead of a lesson.
PUZZLES = "puzzles"

#: A sentence of the page, written when it is shown (so it follows the language): a function
#: of no argument returning HTML, or None.
Said = Callable[[], str] | None


@dataclass(frozen=True)
class Told:
    """What the explanation panel says: the events of the step just shown
    (``game.events[start:stop]``, read through the screen's view), a heading above them, a
    notice and a warning under them. The texts are ``Said`` functions, so that a language
    switch writes them again."""

    start: int = 0
    stop: int = 0
    heading: Said = None
    notice: Said = None
    warning: Said = None

    def without_messages(self) -> Told:
        """The same, without the notice and the warning of the last action (a new action)."""
        return replace(self, notice=None, warning=None)


class AppState(HasTraits):
    """What the page is about (see the module docstring). Set by the controller, read by the
    panels, which the page draws from it after every action."""

    language = Unicode(DEFAULT)
    opponent = Unicode("greedy")
    learner = Unicode("red")
    projector = Bool(False)
    lesson = Unicode("")  # the guided lesson being played, "" for none
    done = Set(Unicode())  # the guided lessons done (kept in the page address: Tutor)
    hint = Bool(False)  # the lesson's hint is shown
    moment = Int(None, allow_none=True)  # the step looked back at; None: the live game
    pace = Unicode("normal")
    auto = Bool(False)  # auto-play is on
    review = Bool(False)  # the coach reviews each choice
    predicts = Bool(False)  # the class predicts each line of a scoring round
    uncovered = Unicode(None, allow_none=True)  # hot seat: whose hand is uncovered
    scenario = Unicode(None, allow_none=True)  # the scenario the game started from
    seed_text = Unicode("")  # the seed box: the game's seed, or a seed typed to deal next
    session = Instance(Session, allow_none=True)
    told = Instance(Told, ())
    #: Following the class's teacher: the teacher's screen ("red", "blue" or None), whose
    #: view this page shows (``screen``).
    watched = Unicode(None, allow_none=True)
    asking = Bool(False)  # the class's teacher has a question open: Reveal steps the game
    puzzles = Bool(False)  # Puzzles mode shows instead of the game (issue 20)
    class_query = Unicode("")  # this page's class link (?join=…&me=…), "" outside a class
    ladder = Instance(Ladder, ())  # the games against each computer level in this session

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def hotseat(self) -> bool:
        return self.session.hotseat

    @property
    def screen(self) -> str | None:
        """The person at the screen: "red", "blue" or None (nobody's hand may be shown)."""
        session = self.session
        if session.watch_only:
            return self.watched
        if not session.hotseat:
            return session.learner
        pending = session.game.pending
        if pending is None:
            return None
        if pending.secret:
            return pending.player if self.uncovered == pending.player else None
        return pending.player  # a board choice: nothing is face down any more (R6)

    def view(self) -> PlayerView:
        """What the person at the screen may see of the live game."""
        return self.session.game.view(self.screen)

    @property
    def deciding(self) -> PlayerView | None:
        """The view of the person whose decision is pending, if it is theirs to make now and
        they are at the screen (a covered hand decides nothing yet), else None."""
        pending = self.session.human_pending
        if pending is None or self.session.game.over or self.screen != pending.player:
            return None
        return self.view()


__all__ = ["AppState", "Said", "Told"]
