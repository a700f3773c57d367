"""The step-by-step game: a round of Aton as an agenda of typed steps and decisions.

At any moment ``game.pending`` says what comes next: ``None`` when an automatic step is due (run
it with ``step()``, or ``advance()`` to run on to the next decision), or an ``Ask`` step waiting
for one player, whose legal choices are ``game.options()`` and which ``game.decide(choice)``
applies. Every step appends one ``Event``: its rule id and facts; the sentence a learner reads
is written only when ``event.text`` is read.

The rules themselves are the pure functions of ``rules.py`` and ``scoring.py``; ``handlers.py``
carries out each step and each decision, ``refusals.py`` checks a choice before anything
changes, and this class is the surface over them. A user interface, ``play_round``, the computer
players and search all drive this one class. ``Game(..., story=False)`` (or
``clone(story=False)``) plays by the same code without writing the learner's story: no events,
no record, no undo, for simulations.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, permutations

from ..i18n import translator
from . import rules
from .board import PLAYERS, SQUARE_INDEX, mask_names
from .cards import VALUES, new_deck
from .decision import Decision
from .errors import SEED_LIMIT, check_seed
from .events import Event
from .handlers import DECIDE, RUN
from .position import position_from_state, state_from_position
from .refusals import check_moment, decision_of
from .render import game_html
from .state import State
from .steps import DEAL, Ask, Step, WinCheck, upcoming
from .view import PlayerView

_ = translator("engine")

RED, BLUE = 0, 1

#: The game record (``game.record()``; read back by ``record.replay``).
RECORD_FORMAT = "aton-record"
RECORD_VERSION = 1

#: Every hand (as its sorted values) -> its distinct assignments to cartouches 1-4 (R6), in
#: order: 35 hands, made once at import, as a search asks for them at every deal it plays.
ASSIGNMENTS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {
    hand: tuple(sorted(set(permutations(hand))))
    for hand in combinations_with_replacement(VALUES, rules.HAND_SIZE)}

#: The phases of a round (``Game.phase``).
PHASES = ("deal", "choose", "cartouches", "scoring", "over")


class Game:
    """A game of Aton that a user interface, a test or a computer player can step through.

    Build one with ``Game.new(seed)`` or ``Game.from_position(position, seed)``. The game owns
    one ``random.Random`` seeded from ``seed``: deck shuffles and reshuffles of discards (R4)
    draw from it and from nothing else, so the same seed and the same decisions give the same
    game.
    """

    def __init__(self, state: State, seed: int | None = None, start: dict | None = None, *,
                 story: bool = True, first: State | None = None, record: bool = True) -> None:
        if seed is None:  # no seed given: draw one, so that the record still replays the game
            seed = random.SystemRandom().randrange(SEED_LIMIT)
        self._s = state
        self.seed = seed
        # The starting position (``start``), or the state it is written from when first read
        # (``first``): ``play_round`` continues from a position and seldom asks for it again.
        self._start, self._first = start, first
        self.story = story
        # Whether a told game keeps its decisions (``record()``, ``undo()``): ``play_round``
        # tells one round and has no one to undo for.
        self.keeps_record = story and record
        self._rng: random.Random | None = None  # made from _rng_seed when first drawn from
        self._rng_seed = seed
        self.events: list[Event] = []
        self.decisions: list[Decision] = []
        self.decided: list[int] = []  # for each decision, the index of its event

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, seed: int | None = None, *, story: bool = True) -> Game:
        """A new game (R1): shuffled decks (red's first, then blue's), empty board, scores 0.
        ``seed`` (0 <= seed < 2**63) shuffles the decks; without one the game draws its own."""
        check_seed(seed, "R1")
        s = State.start(1, [0, 0], [0] * 48, [], [rules.COUNTERS, rules.COUNTERS],
                        [True, True], [[], []], [[], []])
        game = cls(s, seed, None, story=story)
        rng = game.rng
        s.draw = [new_deck(rng), new_deck(rng)]
        return game

    @classmethod
    def from_position(cls, position: dict, seed: int | None = None, *,
                      story: bool = True, record: bool = True) -> Game:
        """Continue from a position dict (formats.md); it is checked first (RuleError if not).
        ``seed`` shuffles any discard pile that becomes a draw pile (R4). ``record=False``
        tells the story (events) but keeps no decisions and no start: no ``record()``, no
        ``undo()``."""
        check_seed(seed, "R4")
        state = state_from_position(position)
        if not (story and record):
            return cls(state, seed, story=story, record=False)
        return cls(state, seed, story=story, first=state.clone())

    def clone(self, *, story: bool | None = None, seed: int | None = None) -> Game:
        """An independent copy of the game as it stands, for search. ``story=False`` drops
        the events and the record; ``seed`` gives the copy a generator of its own (otherwise
        it continues the same random sequence)."""
        story = self.story if story is None else story
        twin = Game.__new__(Game)
        twin._s = self._s.clone()
        twin.seed, twin._start, twin._first, twin.story = self.seed, self._start, self._first, story
        if seed is not None:
            check_seed(seed, "R4")
            twin._rng, twin._rng_seed = None, seed
        elif self._rng is None:  # nothing drawn yet: the copy starts the same sequence
            twin._rng, twin._rng_seed = None, self._rng_seed
        else:
            # Seeded with 0 and then given the game's state: a generator made without a seed
            # would first read the system's entropy, only to be overwritten (a third of a clone).
            twin._rng = random.Random(0)
            twin._rng.setstate(self._rng.getstate())
            twin._rng_seed = self._rng_seed
        # A clone with a generator of its own is no longer the game its record describes.
        twin.story = story and seed is None
        # A told copy keeps a record, unless it copies a told game that keeps none.
        twin.keeps_record = twin.story and (self.keeps_record or not self.story)
        if twin.story and self.story:
            twin.events, twin.decisions = self.events[:], self.decisions[:]
            twin.decided = self.decided[:]
        else:
            twin.events, twin.decisions, twin.decided = [], [], []
        return twin

    # ------------------------------------------------------------------ what a caller may read

    @property
    def rng(self) -> random.Random:
        """The game's one generator, seeded from ``seed`` (or a clone's own seed): every deck
        shuffle and every reshuffle of discards (R1, R4) draws from it. It is made when first
        drawn from, the very sequence it would have been: most rounds never reshuffle, and
        making one costs as much as a simulation of the search spends on a whole round."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        return rng

    @property
    def start(self) -> dict | None:
        """The starting position (formats.md), or None for a new game dealt from the seed."""
        if self._start is None and self._first is not None:
            self._start = position_from_state(self._first)
        return self._start

    @property
    def over(self) -> bool:
        return not self._s.agenda

    @property
    def winner(self) -> str | None:
        """``"red"``, ``"blue"``, ``"draw"`` once the game is over, else None."""
        return self._s.winner

    @property
    def end(self) -> str | None:
        """Why the game ended: points, temple, yellow, green or scoring (R18, R19)."""
        return self._s.end

    @property
    def round(self) -> int:
        """The round being played (1 = the first round, R11)."""
        return self._s.round

    @property
    def phase(self) -> str:
        """Where the round stands: ``"deal"`` (a round is about to be dealt), ``"choose"``
        (the players choose in secret: exchange, cards, R5, R6), ``"cartouches"`` (the cards
        are face up and the cartouches are carried out, R7-R15), ``"scoring"`` (the scoring
        round and the take-backs, R16, R17) or ``"over"``."""
        return self._s.phase

    @property
    def board(self) -> tuple[int, ...]:
        """The 48 squares (index ``(temple-1)*12 + square-1``): 0 empty, 1 red, 2 blue."""
        return tuple(self._s.board)

    @property
    def masks(self) -> tuple[int, int]:
        """Each player's squares as a bit mask (bit i = square i, ``board.SQUARE_BIT``): red's,
        blue's. The board in the form the rules use (R16, R18), for search code that would
        otherwise rebuild it from ``board`` at every step of a simulation."""
        owned = self._s.owned
        return owned[0], owned[1]

    def owner(self, square: str) -> str | None:
        """Whose counter is on ``square`` (``"T3.8"``), or None."""
        mark = self._s.board[SQUARE_INDEX[square]]
        return PLAYERS[mark - 1] if mark else None

    @property
    def scores(self) -> dict[str, int]:
        return {"red": self._s.scores[RED], "blue": self._s.scores[BLUE]}

    @property
    def stock(self) -> dict[str, int]:
        return {"red": self._s.stock[RED], "blue": self._s.stock[BLUE]}

    @property
    def kingdom(self) -> dict[str, int]:
        """How many counters of each player lie in the Kingdom of the Dead (R15)."""
        k = self._s.kingdom
        return {"red": k.count(RED), "blue": k.count(BLUE)}

    @property
    def kingdom_counters(self) -> tuple[str, ...]:
        """The owners of the counters in the Kingdom of the Dead, in the order they came."""
        return tuple(PLAYERS[p] for p in self._s.kingdom)

    @property
    def exchange(self) -> dict[str, bool]:
        """Whether each player still holds the exchange counter (R5)."""
        return {"red": self._s.exchange[RED], "blue": self._s.exchange[BLUE]}

    @property
    def pile_sizes(self) -> dict[str, dict[str, int]]:
        s = self._s
        return {PLAYERS[p]: {"draw": len(s.draw[p]), "discard": len(s.discard[p])}
                for p in (RED, BLUE)}

    def hand(self, player: str) -> tuple[int, ...] | None:
        """The 4 cards ``player`` drew this round, before they go on the cartouches. Hidden
        from the other player: a player's own ``view`` is what may be shown to them."""
        h = self._s.hands[PLAYERS.index(player)]
        return tuple(h) if h is not None else None

    @property
    def cards(self) -> dict[str, tuple[int, ...] | None]:
        """The cards on each player's cartouches 1-4 this round, face down until the reveal
        (see ``revealed``), or None before they are put there."""
        c = self._s.cards
        return {"red": c[RED], "blue": c[BLUE]}

    @property
    def revealed(self) -> dict[str, tuple[int, ...]] | None:
        """Both players' cartouche cards once turned up (R6); None before the reveal and
        after the round."""
        if self._s.phase != "cartouches":
            return None
        c = self._s.cards
        return {"red": c[RED], "blue": c[BLUE]}

    @property
    def scoring(self) -> dict | None:
        """The breakdown of this round's scoring round (formats.md), or None."""
        return self._s.scoring

    @property
    def at_round_start(self) -> bool:
        """True between rounds (and at the end), where ``position()`` can be written."""
        return self._s.phase in ("deal", "over")

    @property
    def first(self) -> str | None:
        """Who goes first this round (R8), once cartouche 2 has been resolved."""
        return PLAYERS[self._s.first] if self._s.first is not None else None

    @property
    def coming(self) -> Step | None:
        """The automatic step that runs next, looking past a win check that wins nothing (R18):
        ``coming.kind`` is "score" before a line of a scoring round, and so on. None when a
        decision is pending or the game is over."""
        owned = self._s.owned
        for step in reversed(self._s.agenda):
            if step.ask:
                return None
            if not isinstance(step, WinCheck) or rules.win_at_once(owned[step.p]):
                return step
        return None

    @property
    def upcoming(self) -> str | None:
        """What the next automatic step will do, in a learner's words (for a "Next step"
        button); None when a decision is pending or the game is over."""
        step = self.coming
        return None if step is None else upcoming(step, kingdom=sum(self.kingdom.values()))

    @property
    def pending(self) -> Ask | None:
        """The decision the game waits for, or None when an automatic step (or nothing) is next."""
        agenda = self._s.agenda
        if agenda and agenda[-1].ask:
            return agenda[-1]
        return None

    def options(self) -> list:
        """The legal choices of the pending decision (squares by name, cards as tuples)."""
        agenda = self._s.agenda  # as ``pending``, read here without a property's call
        if agenda and agenda[-1].ask:
            return self._options(agenda[-1])
        return []

    def _options(self, ask: Ask) -> list:
        if ask.board_choice:  # a removal, a placement, a take-back: the most frequent
            return mask_names(ask.legal(self._s.owned))
        if ask.kind == "assign":
            return list(ASSIGNMENTS[tuple(sorted(self._s.hands[ask.p]))])
        return [False, True]  # the exchange (R5)

    # ------------------------------------------------------------------ driving

    def step(self) -> Event | None:
        """Run the next automatic step and return its event (None in a game without story)."""
        agenda = self._s.agenda
        while True:
            if not agenda:
                raise ValueError(_("The game is over: there is no next step."))
            step = agenda[-1]
            if step.ask:
                raise ValueError(
                    _("Waiting for a decision: {prompt}").format(prompt=step.prompt))
            agenda.pop()
            event = RUN[step.kind](self, step)
            if event is not None:
                self.events.append(event)
                return event
            if not self.story and not isinstance(step, WinCheck):
                return None

    def advance(self) -> list[Event]:
        """Run automatic steps until a decision is pending or the game is over; return their
        events."""
        start = len(self.events)
        self.next_decision()
        return self.events[start:]

    def next_decision(self, *, this_round: bool = False) -> Ask | None:
        """Run automatic steps until a decision is pending and return it (``pending``), or
        None once the game is over: what a loop of players calls before each decision. With
        ``this_round``, stop too before the next round is dealt (``at_round_start``)."""
        agenda = self._s.agenda
        while agenda:
            step = agenda[-1]
            if step.ask:
                return step
            if this_round and step is DEAL:
                return None
            agenda.pop()
            event = RUN[step.kind](self, step)
            if event is not None:
                self.events.append(event)
        return None

    def decide(self, choice: object) -> Event | None:
        """Apply the pending decision. An illegal choice raises RuleError; nothing changes."""
        agenda = self._s.agenda
        ask = agenda[-1] if agenda else None
        if ask is None or not ask.ask:
            raise ValueError(_("No decision is pending: run the automatic steps first "
                               "(step())."))
        # The applier checks the choice before it changes anything: a refused one changes
        # nothing (handlers.DECIDE, by the decision's kind).
        event, made = DECIDE[ask.kind](self, ask, choice)
        if self.story:
            if self.keeps_record:
                self.decisions.append(Decision(ask.kind, PLAYERS[ask.p], made))
                self.decided.append(len(self.events))
            self.events.append(event)
        return event

    def play(self, decision: Decision | str) -> Event | None:
        """Apply a ``Decision`` (or its text) after checking it is the one pending."""
        decision = decision_of(decision)
        pending = self.pending
        if pending is None:
            raise ValueError(_("No decision is pending: run the automatic steps first."))
        check_moment(decision, pending)
        return self.decide(decision.choice)

    # ------------------------------------------------------------------ undo

    def undo(self) -> Decision:
        """Take back the last decision: the game, its events and its random state return to
        exactly what they were when that decision was pending. Returns the decision undone.

        The game is dealt again from its seed (or its starting position) and every decision
        but the last is replayed, as ``record.replay`` does (about a millisecond for a whole
        game): the same seed and decisions give the same game. Nothing is kept for it on the
        way."""
        self._check_record()
        if not self.decisions:
            raise ValueError(_("Nothing to undo: no decision has been made yet."))
        *redo, undone = self.decisions
        again = Game.new(self.seed) if self.start is None else (
            Game.from_position(self.start, self.seed))
        again.advance()
        for d in redo:
            again.decide(d.choice)
            again.advance()
        self._s, self._rng, self._rng_seed = again._s, again._rng, again._rng_seed
        self.events, self.decisions, self.decided = again.events, again.decisions, again.decided
        return undone

    # ------------------------------------------------------------------ views and files

    def position(self) -> dict:
        """The position (formats.md) at the start of the coming round, or at the end."""
        if not self.at_round_start:
            raise ValueError(_("A position is written between rounds; finish this round "
                               "first."))
        return position_from_state(self._s)

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see (hidden information): see ``aton.engine.view.PlayerView``."""
        return PlayerView(self, player)

    def record(self) -> dict:
        """The game record: seed, starting position and every decision (replays exactly)."""
        self._check_record()
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "seed": self.seed,
                "start": self.start, "decisions": [str(d) for d in self.decisions],
                "steps": len(self.events)}

    def _check_record(self) -> None:
        # A game without its story (a search's copy) keeps no decisions either: a record
        # written from it would hold none of them, and replay to another game.
        if not self.keeps_record:
            raise ValueError(_("This game keeps no record of its decisions (it was made with "
                               "{how}), so it has none to write or undo.").format(
                                   how="record=False" if self.story else "story=False"))

    def __repr__(self) -> str:
        s = self._s
        state = f"over, winner {s.winner} ({s.end})" if self.over else (
            f"round {s.round}, {self.pending.prompt if self.pending else 'automatic step next'}")
        return f"<aton.Game red {s.scores[RED]} - blue {s.scores[BLUE]}, {state}>"

    def _repr_html_(self) -> str:
        return game_html(self)
