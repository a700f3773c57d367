"""Looking back and links: the controller's part that shows an earlier moment (rebuilt from
the game's record: nothing is undone), opens a game from a link or a file, and makes the link
and the record to share, without what is still face down (R5, R6).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import records
from ..engine.errors import RuleError
from ..engine.game import Game
from ..i18n import plural_translator, translator
from ..teaching import scenarios, tutorial
from ..teaching.tutorial import Lesson
from .address import done_value, link_query
from .narrator import Narrator
from .session import Session
from .state import AppState, Said

_ = translator("app")
_n = plural_translator("app")


@dataclass(frozen=True)
class Share:
    """What Copy link shows: the link's query, the record to download and its file name, and
    whether something still secret (R6) was left out of them."""

    query: str
    record: str
    filename: str
    left_out: int | None  # the round whose face-down cards were left out (R6), or None


class LookingBack:
    """The looking-back and link actions of the ``Controller`` (a part of it: it uses its
    ``state``, ``say``, ``lessons``, ``tell``, ``warn``, ``notify`` and ``start_session``)."""

    state: AppState
    say: Narrator
    lessons: dict[str, Lesson]
    share: Share | None

    def _looking_back(self) -> bool:
        """True (and a warning) while an earlier moment is shown: the live game waits."""
        if self.state.moment is None:
            return False
        self.warn(self.say.looking)
        return True

    def look_at(self, step: int | None) -> None:
        """Show the game as it was after ``step`` events (rebuilt from the record: nothing is
        undone). None, or the last step, is the live game."""
        total = len(self.state.game.events)
        if step is None or step >= total:
            if self.state.moment is not None:
                self.back_to_game()
            return
        self.share = None
        self.state.moment = max(0, step)

    def look_step(self, delta: int) -> None:
        here = self.state.moment
        here = len(self.state.game.events) if here is None else here
        self.look_at(here + delta)

    def back_to_game(self) -> None:
        self.state.moment = None
        self.share = None
        end = len(self.state.game.events)
        self.tell(end, end, heading=lambda: _("Back to the game, where you were."))

    # ------------------------------------------------------------------ links and records

    def open_game(self, game: Game, *, scenario: str | None = None,
                  opponent: str | None = None, at: int | None = None,
                  notice: Said = None) -> None:
        """Show a game rebuilt from a record (a link, a file) where it stood, ready to play
        on, and at step ``at`` if given (an earlier moment, to step through)."""
        opponent = opponent or self.state.opponent
        session = Session(game, opponent=opponent, learner=self.state.learner,
                          bot_seed=game.seed + 1)
        self.state.seed_text = str(game.seed)
        titles = {g.scenario: g.title for g in self.lessons.values() if g.scenario}
        title = titles.get(scenario)
        steps = len(game.events)
        self.start_session(session, scenario=scenario, notice=notice, run=False,
                           heading=lambda: self.say.opened(
                               game, scenario, tutorial.lesson_text(title) if title else None))
        if at is not None and at < steps:
            self.look_at(at)
        elif at is not None and at > steps:
            self.notify(lambda: _n("The link asks for step {step}, but this game has {n} "
                                   "step: here it is as it stands.",
                                   "The link asks for step {step}, but this game has {n} "
                                   "steps: here it is as it stands.", steps).format(
                step=at, n=steps))

    def make_share(self, query_of: Callable[[dict, int | None], str]) -> Share | None:
        """Copy link: the link to the game at the moment shown and its record, without what
        is still secret (R6). ``query_of(record, step)`` writes the link's query.

        A game against a classmate gets its link once it is over (None before, and a
        warning): a link holds the game's seed, and the seed deals every card, so with it
        either player could deal the game again in another tab and see the other's hand
        and every card still to come (R6). The classmates never see that seed otherwise."""
        game = self.state.game
        if self.state.session.classmate is not None and not game.over:
            self.share = None
            self.warn(lambda: _("<b>Copy link works once this game is over.</b> A link to a "
                                "game against a classmate holds how both decks were shuffled, "
                                "so before the end it would show your classmate's cards "
                                "(R6)."))
            return None
        record = records.public_record(game)
        left_out = game.round if record["steps"] != len(game.events) else None
        step = self.state.moment
        if step is not None and step > record["steps"]:
            step = record["steps"]
        shown = step if step is not None else record["steps"]
        text = json.dumps(record, indent=1)
        self.share = Share(query_of(record, step), text,
                           f"aton-game-{game.seed}-step{shown}.json", left_out)
        return self.share

    def return_query(self) -> str:
        """The link to the moment shown, as Copy link makes it (nothing face down in it, R6):
        the page reloads it if its kernel is lost (``pagewatch``). It is on the page all the
        time, so it is given only when it tells nothing hidden: for a game dealt from its
        seed (shown in the seed box) or from a named scenario (a file of the package). A game
        from any other position would carry the draw piles, and so the hands (R6): then ""
        (the page reloads its own address). The guided lessons done go with it."""
        s = self.state
        record = records.public_record(s.game)
        if record["start"] is not None and not (
                s.scenario and scenarios.start(s.scenario) == record["start"]):
            return ""
        step = s.moment if s.moment is not None and s.moment <= record["steps"] else None
        query = link_query(record, step=step, scenario=s.scenario, opponent=s.opponent,
                           learner=s.learner, lang=s.language)
        # The lessons done go with it, as the page's own address keeps them (``Tutor``).
        return query + (f"&done={done_value(s.done)}" if s.done else "")

    def open_record(self, content: bytes, name: str) -> None:
        """Open a game record chosen with the file button; a bad file is explained and the
        game goes on as it was."""
        try:
            game = records.loads(content)
        except RuleError as err:
            self.warn(_not_opened(name, err))
            return
        scenario = next((n for n in scenarios.catalogue() if game.start is not None
                         and scenarios.start(n) == game.start), None)
        self.open_game(game, scenario=scenario, notice=lambda: _(
            "Opened the game record {name}.").format(name=html.escape(name)))



def _not_opened(name: str, err: RuleError) -> Said:
    return lambda: _("<b>{name} could not be opened</b> — {reason}. The game goes on as it "
                     "was.").format(name=html.escape(name), reason=html.escape(str(err)))



__all__ = ["LookingBack", "Share"]
