"""Who plays which colour, and how the game moves on one visible step at a time.

No widgets here: the app's buttons call these methods and draw what they return. A computer
player decides from its own ``PlayerView`` only (hidden information stays hidden). Its secret
card choices (exchange, assignment, R5/R6) are made as soon as they are asked for, since
nothing about them is shown before the reveal; everything else it decides is one visible step.
"""

from __future__ import annotations

from itertools import count

from ..engine.decision import Decision
from ..engine.events import Event
from ..engine.game import Game
from ..engine.steps import Ask
from ..players import make_player, names

#: Who can play the other colour: each computer level (``bots.names()``, weakest first), then
#: a second person at the same screen (the app's menu words: ``controls.OPPONENT_LABELS``).
OPPONENTS = (*names(), "hotseat")
MAX_STEPS = 5000  # a whole game is a few hundred steps; this only guards against a loop
#: "To my next decision" stops before these steps, so each is seen on its own: every line of
#: a scoring round and its totals (R16), and the end of the game (R18, R19; a win check that
#: wins is the end).
BIG_MOMENTS = ("score", "scoring_end", "finish", "win_check")
_SERIALS = count()  # each session's number in this kernel (the ladder counts games by it)


class Session:
    """A game plus its players: ``learner`` is a person, the other colour is ``opponent``
    (a level of ``bots.names()``, or 'hotseat' for a second person at the same screen), or ``player``
    when given (any object with ``choose(view)``, such as a lesson's scripted opponent)."""

    def __init__(self, game: Game, opponent: str = "greedy", learner: str = "red",
                 bot_seed: int | None = None, player=None, *, watch_only: bool = False,
                 classmate: str | None = None) -> None:
        if learner not in ("red", "blue"):
            raise ValueError(f"learner must be 'red' or 'blue', not {learner!r}")
        self.game = game
        self.serial = next(_SERIALS)
        self.learner = learner
        self.other = "blue" if learner == "red" else "red"
        self.bot_seed = bot_seed
        self.opponent = ""
        self.bot = None
        self.levels: set[str] = set()  # every opponent this game has had (the ladder's check)
        self.set_opponent(opponent)
        #: A lesson's scripted opponent (aton.teaching.tutorial.ScriptedPlayer) plays.
        self.scripted = player is not None
        if player is not None:
            self.bot = player
        self.began_over = game.over  # a finished game opened from a link or a file
        #: A page that follows the class's teacher shows the teacher's game: nobody at it
        #: decides, and nothing steps it but the teacher's page (``aton.app.classlink``).
        self.watch_only = watch_only
        #: The other colour is a classmate on their own device (its name): their decisions
        #: come from the class store, never from a computer player.
        self.classmate = classmate
        self.inbox: list = []  # the classmate's decisions read from the store, not yet made

    # ------------------------------------------------------------------ players

    def set_opponent(self, opponent: str) -> None:
        """Change who plays ``other`` from now on (a computer player or a second person).
        Before ``other``'s first decision the new one plays the whole game (the ladder
        counts it against that level); after it, the game has had both."""
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        self.opponent = opponent
        if not any(d.player == self.other for d in self.game.decisions):
            self.levels.clear()
        self.levels.add(opponent)
        self.bot = None if opponent == "hotseat" else make_player(opponent, self.bot_seed)

    @property
    def hotseat(self) -> bool:
        return self.opponent == "hotseat"

    @property
    def humans(self) -> tuple[str, ...]:
        if self.watch_only:
            return ()
        return ("red", "blue") if self.hotseat else (self.learner,)

    @property
    def waits_for_classmate(self) -> bool:
        """True when the next decision is the classmate's (their page makes it)."""
        pending = self.game.pending
        return (self.classmate is not None and pending is not None and not self.game.over
                and pending.player == self.other)

    def is_human(self, player: str | None) -> bool:
        return player in self.humans

    @property
    def human_pending(self) -> Ask | None:
        """The pending decision if a person must make it, else None."""
        pending = self.game.pending
        return pending if pending is not None and self.is_human(pending.player) else None

    # ------------------------------------------------------------------ moving on

    def start(self) -> list[Event]:
        """Run the first steps of a fresh game: deal, then stop at the first person's decision
        (R4), or before a big moment. A game already over runs nothing."""
        return self.run_to_decision()

    def step(self) -> list[Event]:
        """One visible step: an automatic step, or a computer decision. Returns its events
        (plus the computer's secret card choices that follow at once). Empty when a person
        must decide or the game is over."""
        game = self.game
        if game.over or self.human_pending is not None or self.watch_only or (
                self.waits_for_classmate and not self.inbox):
            return []
        if game.pending is None:
            events = [game.step()]
        else:
            events = [self._computer_decides()]
        return events + self._computer_secret_choices()

    def run_to_decision(self) -> list[Event]:
        """Step until a person must decide, the game is over, or a big moment comes next
        (a scoring line, the scoring totals, the end: ``BIG_MOMENTS``); all events on the way.
        At least one step is taken, so a second click goes on past the big moment."""
        events: list[Event] = []
        for _ in range(MAX_STEPS):
            if events and self.next_is_big_moment():
                return events
            batch = self.step()
            if not batch:
                return events
            events += batch
        raise RuntimeError("the game did not reach a decision; this is a bug in the app")

    def next_is_big_moment(self) -> bool:
        """True when the next step is a scoring line, the scoring totals or the end."""
        coming = self.game.coming
        return coming is not None and coming.kind in BIG_MOMENTS

    def decide(self, choice: object) -> list[Event]:
        """A person's decision (RuleError if illegal: nothing changes). Returns its event and
        any secret computer card choices that follow."""
        if self.human_pending is None:
            raise ValueError("No decision of yours is pending now.")
        return [self.game.decide(choice)] + self._computer_secret_choices()

    def _computer_decides(self) -> Event:
        pending = self.game.pending
        if self.classmate is not None:  # the classmate's own choice, from their page (R6)
            return self.game.play(self.inbox.pop(0))  # its text: checked for player and kind
        return self.game.decide(self.bot.choose(self.game.view(pending.player)))

    def _computer_secret_choices(self) -> list[Event]:
        events = []
        while True:
            pending = self.game.pending
            if (pending is None or self.is_human(pending.player) or not pending.secret
                    or self.watch_only or (self.classmate is not None and not self.inbox)):
                return events
            events.append(self._computer_decides())

    # ------------------------------------------------------------------ undo

    def can_undo(self) -> bool:
        if self.watch_only or self.classmate is not None:
            return False  # the teacher's game, or a move the classmate's page already has
        return any(self.is_human(d.player) for d in self.game.decisions)

    def undo(self) -> Decision | None:
        """Take back the last decision a person made, and every computer decision after it.

        A declined exchange (R5) just before the undone card assignment is taken back with it,
        so the learner gets the exchange choice again (in hot seat any exchange: see below). Returns the decision undone, or None
        if a person has made no decision yet."""
        game = self.game
        human = [i for i, d in enumerate(game.decisions) if self.is_human(d.player)]
        if not human or not self.can_undo():
            return None
        last = human[-1]
        undone = game.decisions[last]
        while len(game.decisions) > last:
            game.undo()
        if undone.kind == "assign" and game.decisions:
            before = game.decisions[-1]
            # The exchange kept and the cards go together (one Confirm made both, R5, R6). In
            # hot seat a handed-in exchange goes too: the next person at the screen must not
            # tell from the page which of the two the player chose.
            if (before.kind, before.player) == ("exchange", undone.player) and (
                    before.choice is False or self.hotseat):
                game.undo()
        return undone
