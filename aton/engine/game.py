"""The step-by-step game: a round of Aton as an agenda of typed steps and decisions.

At any moment ``game.pending`` says what comes next: ``None`` when an automatic step is due (run
it with ``step()``, or ``advance()`` to run on to the next decision), or an ``Ask`` step waiting
for one player, whose legal choices are ``game.options()`` and which ``game.decide(choice)``
applies. Every step appends one ``Event``: its rule id and facts; the sentence a learner reads
is written only when ``event.text`` is read.

The rules themselves are the pure functions of ``rules.py`` and ``scoring.py``; this module
carries them out in order. A user interface, ``play_round``, the computer players and search all
drive this one class. ``Game(..., story=False)`` (or ``clone(story=False)``) plays by the same
code without writing the learner's story: no events, no record, no undo, for simulations.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import NoReturn

from ..i18n import N_, plural_translator, translator
from . import rules
from .board import (
    PLAYERS,
    SQUARE_BIT,
    SQUARE_INDEX,
    SQUARE_NAMES,
    TEMPLE_MASK,
    TEMPLE_OF,
    mask_indices,
    mask_names,
)
from .cards import new_deck
from .decision import Decision
from .errors import SEED_LIMIT, RuleError, check_seed, player_name, shown
from .events import Event
from .position import position_from_state, state_from_position
from .render import game_html
from .scoring import LINES, TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES, line_facts
from .scoring import totals as scoring_totals
from .state import State
from .steps import (
    DEAL,
    EMPTY_KINGDOM,
    END_ROUND,
    ORDER,
    POINTS,
    REVEAL,
    SCORING_END,
    Ask,
    AskAssign,
    AskExchange,
    AskPlace,
    AskRemove,
    AskTakeBack,
    AutoPlace,
    AutoRemove,
    AutoTakeBack,
    Finish,
    Overflow,
    Placement,
    Removal,
    ScoreLine,
    Step,
    TakeBackPlan,
    Turn,
    WinCheck,
    upcoming,
)
from .view import PlayerView

_ = translator("engine")
_n = plural_translator("engine")

RED, BLUE = 0, 1

#: R12 refusals, by the cartouche-3 card: a square beyond the temples that card allows.
_TEMPLES_ALLOWED = {
    1: N_("{player}: {square} is in temple {its_temple}, but cartouche 3 shows a 1, which "
          "allows only temple 1"),
    2: N_("{player}: {square} is in temple {its_temple}, but cartouche 3 shows a 2, which "
          "allows only temples 1 and 2"),
    3: N_("{player}: {square} is in temple {its_temple}, but cartouche 3 shows a 3, which "
          "allows only temples 1 to 3"),
}
#: R10 refusals, by (what the square holds: None, 0 red, 1 blue; whose counter the removal
#: takes: "own", 0 red, 1 blue). Whole sentences, so each language can make them agree.
_NOT_REMOVABLE = {
    (None, "own"): N_("{player}: {square} is empty; the removal must take one of your own "
                      "counters"),
    (0, "own"): N_("{player}: {square} holds a red counter; the removal must take one of your "
                   "own counters"),
    (1, "own"): N_("{player}: {square} holds a blue counter; the removal must take one of your "
                   "own counters"),
    (None, 0): N_("{player}: {square} is empty; the removal must take a red counter"),
    (None, 1): N_("{player}: {square} is empty; the removal must take a blue counter"),
    (1, 0): N_("{player}: {square} holds a blue counter; the removal must take a red counter"),
    (0, 1): N_("{player}: {square} holds a red counter; the removal must take a blue counter"),
}

#: The game record (``game.record()``; read back by ``record.replay``).
RECORD_FORMAT = "aton-record"
RECORD_VERSION = 1

#: What follows both assignments, as pushed on the agenda (a stack): reveal, points, order.
_AFTER_ASSIGNING = (ORDER, POINTS, REVEAL)

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
                 story: bool = True) -> None:
        if seed is None:  # no seed given: draw one, so that the record still replays the game
            seed = random.SystemRandom().randrange(SEED_LIMIT)
        self._s = state
        self.seed = seed
        self.start = start  # the starting position, or None for a new game dealt from the seed
        self.story = story
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.decisions: list[Decision] = []

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, seed: int | None = None, *, story: bool = True) -> Game:
        """A new game (R1): shuffled decks (red's first, then blue's), empty board, scores 0.
        ``seed`` (0 <= seed < 2**63) shuffles the decks; without one the game draws its own."""
        check_seed(seed, "R1")
        s = State.start(1, [0, 0], [0] * 48, [], [rules.COUNTERS, rules.COUNTERS],
                        [True, True], [[], []], [[], []])
        game = cls(s, seed, None, story=story)
        s.draw = [new_deck(game.rng), new_deck(game.rng)]
        return game

    @classmethod
    def from_position(cls, position: dict, seed: int | None = None, *,
                      story: bool = True) -> Game:
        """Continue from a position dict (formats.md); it is checked first (RuleError if not).
        ``seed`` shuffles any discard pile that becomes a draw pile (R4)."""
        check_seed(seed, "R4")
        state = state_from_position(position)
        return cls(state, seed, position_from_state(state), story=story)

    def clone(self, *, story: bool | None = None, seed: int | None = None) -> Game:
        """An independent copy of the game as it stands, for search. ``story=False`` drops
        the events and the record; ``seed`` gives the copy a generator of its own (otherwise
        it continues the same random sequence)."""
        story = self.story if story is None else story
        twin = Game.__new__(Game)
        twin._s = self._s.clone()
        twin.seed, twin.start, twin.story = self.seed, self.start, story
        if seed is None:
            twin.rng = random.Random()
            twin.rng.setstate(self.rng.getstate())
        else:
            check_seed(seed, "R4")
            twin.rng = random.Random(seed)
        # A clone with a generator of its own is no longer the game its record describes.
        twin.story = story and seed is None
        if twin.story and self.story:
            twin.events, twin.decisions = self.events[:], self.decisions[:]
        else:
            twin.events, twin.decisions = [], []
        return twin

    # ------------------------------------------------------------------ what a caller may read

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
        return None if step is None else upcoming(step)

    @property
    def pending(self) -> Ask | None:
        """The decision the game waits for, or None when an automatic step (or nothing) is next."""
        agenda = self._s.agenda
        if agenda and agenda[-1].ask:
            return agenda[-1]
        return None

    def options(self) -> list:
        """The legal choices of the pending decision (squares by name, cards as tuples)."""
        return self._options(self.pending)

    def _options(self, ask: Ask | None) -> list:
        if ask is None:
            return []
        kind = ask.kind
        if kind == "assign":
            return sorted(set(permutations(self._s.hands[ask.p])))
        if kind == "exchange":
            return [False, True]
        return mask_names(self._legal_squares(ask))

    def _legal_squares(self, ask: Ask) -> int:
        """The squares a place / remove / take_back decision may choose, as a bit mask."""
        owned = self._s.owned
        kind = ask.kind
        if kind == "place":  # an empty square of the allowed temples (R12, R13)
            return ~(owned[RED] | owned[BLUE]) & rules.allowed_squares(ask.temples)
        if kind == "remove":  # a counter of the target there (R10, R12)
            return owned[ask.whose] & rules.allowed_squares(ask.temples)
        return owned[ask.p] & TEMPLE_MASK[ask.temple]  # own counter, temple due (R17)

    # ------------------------------------------------------------------ driving

    def step(self) -> Event | None:
        """Run the next automatic step and return its event (None in a game without story)."""
        agenda = self._s.agenda
        while True:
            if not agenda:
                raise ValueError(_("The game is over: there is no next step."))
            step = agenda[-1]
            if isinstance(step, Ask):
                raise ValueError(  # noqa: TRY004
                    _("Waiting for a decision: {prompt}").format(prompt=step.prompt))
            agenda.pop()
            event = _RUN[step.kind](self, step)
            if event is not None:
                self.events.append(event)
                return event
            if not self.story and not isinstance(step, WinCheck):
                return None

    def advance(self) -> list[Event]:
        """Run automatic steps until a decision is pending or the game is over."""
        events = self.events
        start = len(events)
        agenda = self._s.agenda
        while agenda and not agenda[-1].ask:
            step = agenda.pop()
            event = _RUN[step.kind](self, step)
            if event is not None:
                events.append(event)
        return events[start:]

    def decide(self, choice: object) -> Event | None:
        """Apply the pending decision. An illegal choice raises RuleError; nothing changes."""
        agenda = self._s.agenda
        ask = agenda[-1] if agenda else None
        if ask is None or not ask.ask:
            raise ValueError(_("No decision is pending: run the automatic steps first "
                               "(step())."))
        p, kind = ask.p, ask.kind
        # Each branch checks the choice before it changes anything: a refused one changes
        # nothing.
        if kind == "place":
            i = self._check_square(ask, choice)
            agenda.pop()
            if ask.count > 1:  # more counters to place: the same decision comes again
                agenda.append(AskPlace(p, ask.count - 1, ask.temples))
            event = self._place(p, i)
            made: object = SQUARE_NAMES[i]
        elif kind == "remove":
            i = self._check_square(ask, choice)
            agenda.pop()
            if ask.count > 1:
                agenda.append(AskRemove(p, ask.whose, ask.count - 1, ask.temples))
            event = self._remove(p, ask.whose, i)
            made = SQUARE_NAMES[i]
        elif kind == "take_back":
            i = self._check_square(ask, choice)
            agenda.pop()
            event = self._take_back(p, i, ask.count, ask.first_pass)
            made = SQUARE_NAMES[i]
        elif kind == "assign":
            made = self._check_assignment(p, choice)
            agenda.pop()
            event = self._assign(p, made)
        else:
            if type(choice) is not bool:
                raise RuleError("R5", _("{player}: the exchange choice must be true or false, "
                                        "not {value}").format(player=player_name(PLAYERS[p]),
                                                              value=shown(choice)))
            agenda.pop()
            event = self._exchange(p, choice)
            made = choice
        if self.story:
            self.decisions.append(Decision(kind, PLAYERS[p], made))
            self.events.append(event)
        return event

    def play(self, decision: Decision | str) -> Event | None:
        """Apply a ``Decision`` (or its text) after checking it is the one pending."""
        if isinstance(decision, str):
            decision = Decision.parse(decision)
        elif not isinstance(decision, Decision):
            raise RuleError("R1", _("a decision is a Decision or its text, like 'red assign "
                                    "3142', not {value}").format(value=shown(decision)))
        pending = self.pending
        if pending is None:
            raise ValueError(_("No decision is pending: run the automatic steps first."))
        if (decision.kind, decision.player) != (pending.kind, pending.player):
            raise RuleError(pending.rule, _("{player}: it is not the moment for {kind}; waiting "
                                            "for {prompt}").format(
                player=shown(decision.player), kind=shown(decision.kind), prompt=pending.prompt))
        return self.decide(decision.choice)

    def _check_assignment(self, p: int, choice: object) -> tuple[int, ...]:
        name = player_name(PLAYERS[p])
        if type(choice) not in (list, tuple):
            raise RuleError("R6", _("{player}: cards must be a list of 4 card values, not "
                                    "{value}").format(player=name, value=shown(choice)))
        cards = tuple(choice)  # type: ignore[arg-type]
        if len(cards) != rules.HAND_SIZE or any(type(c) is not int for c in cards):
            raise RuleError("R6", _("{player}: exactly one card goes on each of the 4 "
                                    "cartouches; got {value}").format(player=name,
                                                                      value=shown(choice)))
        hand = self._s.hands[p]
        if sorted(cards) != sorted(hand):
            raise RuleError("R6", _("{player}: the cards {value} are not the hand {hand}; each "
                                    "card of the hand goes on one cartouche").format(
                player=name, value=shown(choice), hand=sorted(hand)))
        return cards

    def _check_square(self, ask: Ask, choice: object) -> int:
        if type(choice) is str and choice in SQUARE_INDEX:  # names first: the usual form
            i = SQUARE_INDEX[choice]
        elif type(choice) is int and 0 <= choice < 48:
            i = choice
        else:
            raise RuleError("R3", _("{player}: {value} is not a square; squares are T1.1 to "
                                    "T4.12").format(player=player_name(ask.player),
                                                    value=shown(choice)))
        if self._legal_squares(ask) >> i & 1:
            return i
        self._refuse_square(ask, i)

    def _refuse_square(self, ask: Ask, i: int) -> NoReturn:
        """Raise the RuleError that says why square i is not a legal choice for ``ask``."""
        p, name = ask.p, player_name(ask.player)
        sq = SQUARE_NAMES[i]
        board = self._s.board
        if isinstance(ask, AskTakeBack):
            if board[i] != p + 1:
                raise RuleError("R17", _("{player}: {square} does not hold one of {player}'s "
                                         "counters").format(player=name, square=sq))
            raise RuleError("R17", _("{player}: the next counter to take back must come from "
                                     "temple {temple}, and {square} is in temple {its_temple} "
                                     "(one from each temple holding yours, then the "
                                     "highest-numbered)").format(
                player=name, temple=ask.temple, square=sq, its_temple=TEMPLE_OF[i]))
        if TEMPLE_OF[i] > ask.temples:
            raise RuleError("R12", _(_TEMPLES_ALLOWED[ask.temples]).format(
                player=name, square=sq, its_temple=TEMPLE_OF[i], card=ask.temples))
        if isinstance(ask, AskRemove):
            holds = board[i] - 1 if board[i] else None
            want = "own" if ask.whose == p else ask.whose
            raise RuleError("R10", _(_NOT_REMOVABLE[holds, want]).format(player=name, square=sq))
        raise RuleError("R13", _("{player}: {square} is already occupied; a counter goes on an "
                                 "empty square").format(player=name, square=sq))

    # ------------------------------------------------------------------ cards (R4, R5)

    def _available(self, p: int) -> int:
        return len(self._s.draw[p]) + len(self._s.discard[p])

    def _take(self, p: int, n: int) -> tuple[list[int], bool]:
        """Take ``n`` cards from the top of p's draw pile, reshuffling discards if it runs out
        (R4). Returns the cards and whether a reshuffle happened."""
        draw = self._s.draw[p]
        if len(draw) >= n:
            taken = draw[:n]
            del draw[:n]
            return taken, False
        taken = draw[:]
        draw.clear()
        discard = self._s.discard[p]
        draw.extend(discard)
        discard.clear()
        self.rng.shuffle(draw)
        need = n - len(taken)
        taken += draw[:need]
        del draw[:need]
        return taken, True

    def _deal(self, step: Step) -> Event | None:
        s = self._s
        for p in (RED, BLUE):
            if self._available(p) < rules.HAND_SIZE:
                s.agenda.append(step)
                raise RuleError("R4", _n("{player} has only {n} card in the draw and discard "
                                         "piles; a round needs 4",
                                         "{player} has only {n} cards in the draw and discard "
                                         "piles; a round needs 4", self._available(p)).format(
                    player=player_name(PLAYERS[p]), n=self._available(p)))
        reshuffled = []
        for p in (RED, BLUE):
            s.hands[p], mixed = self._take(p, rules.HAND_SIZE)
            if mixed:
                reshuffled.append(PLAYERS[p])
        s.cards = [None, None]
        s.first = None
        s.scoring = None
        s.phase = "choose"
        agenda = s.agenda
        agenda += _AFTER_ASSIGNING
        for p in (BLUE, RED):
            agenda.append(_ASK_ASSIGN[p])
            if s.exchange[p]:
                agenda.append(_ASK_EXCHANGE[p])
        if self.story:
            return Event("round", "R4", {"round": s.round, "reshuffled": reshuffled})
        return None

    def _exchange(self, p: int, used: bool) -> Event | None:
        s = self._s
        mixed = False
        if used:
            s.exchange[p] = False
            s.discard[p].extend(s.hands[p])  # R5: onto the discards before the new draw
            s.hands[p], mixed = self._take(p, rules.HAND_SIZE)
        if self.story:
            return Event("exchange", "R5", {"player": PLAYERS[p], "used": used,
                                            "reshuffled": mixed})
        return None

    def _assign(self, p: int, cards: tuple[int, ...]) -> Event | None:
        self._s.cards[p] = cards
        if self.story:
            return Event("assign", "R6", {"player": PLAYERS[p]})
        return None

    # ------------------------------------------------------------------ cartouches 1 and 2

    def _reveal(self, step: Step) -> Event | None:
        s = self._s
        s.phase = "cartouches"
        if self.story:
            return Event("reveal", "R6", {"red": list(s.cards[RED]), "blue": list(s.cards[BLUE])})
        return None

    def _points(self, step: Step) -> Event | None:
        s = self._s
        r, b = s.cards[RED][0], s.cards[BLUE][0]
        scorer, points = rules.cartouche1(r, b)  # R7
        if scorer is not None:
            s.scores[scorer] += points
            if rules.wins_by_points(s.scores[scorer]):  # R18
                self._game_over(PLAYERS[scorer], "points", score=s.scores[scorer])
        if not self.story:
            return None
        data = {"red": r, "blue": b, "player": None, "points": 0}
        if scorer is not None:
            data.update(player=PLAYERS[scorer], points=points, score=s.scores[scorer])
        return Event("points", "R7", data)

    def _order(self, step: Step) -> Event | None:
        s = self._s
        c = s.cards
        first, reason = rules.goes_first(c[RED], c[BLUE])  # R8
        war: list[list[int]] = []
        exhausted = False
        if first is None:
            first, war, exhausted = self._war()
        second = 1 - first
        s.first = first
        # R9: the first player carries out cartouches 2-4 (turn, removal, placement), then the
        # second; the agenda is a stack, so they go on last-first.
        s.agenda += (END_ROUND, _PLACEMENT[second], _REMOVAL[second], _TURN[second],
                     _PLACEMENT[first], _REMOVAL[first], _TURN[first])
        if not self.story:
            return None
        data: dict = {"cartouche2": {"red": c[RED][1], "blue": c[BLUE][1]},
                      "cartouche1": {"red": c[RED][0], "blue": c[BLUE][0]},
                      "reason": reason, "first": PLAYERS[first], "second": PLAYERS[second]}
        if reason == "war":
            data.update(war=war, exhausted=exhausted)
        return Event("order", "R8", data)

    def _war(self) -> tuple[int, list[list[int]], bool]:
        """R8: turn up cards until one is lower; they go under their owners' draw piles.

        Should both piles and discards of a player run out with every pair equal (possible
        only when both decks lie in the same order), red goes first: the rules are silent.
        """
        aside: list[list[int]] = [[], []]
        turns = []
        first = RED
        exhausted = False
        while True:
            if not self._available(RED) or not self._available(BLUE):
                exhausted = True
                break
            r = self._take(RED, 1)[0][0]
            b = self._take(BLUE, 1)[0][0]
            aside[RED].append(r)
            aside[BLUE].append(b)
            turns.append([r, b])
            lower = rules.war_first(r, b)
            if lower is not None:
                first = lower
                break
        for p in (RED, BLUE):
            self._s.draw[p].extend(aside[p])
        return first, turns, exhausted

    # ------------------------------------------------------------------ cartouches 2-4

    def _turn(self, step: Turn) -> Event | None:
        if not self.story:
            return None
        s, p = self._s, step.p
        return Event("turn", "R9", {"player": PLAYERS[p], "cartouche3": s.cards[p][2],
                                    "position": "first" if s.first == p else "second"})

    def _removal(self, step: Removal) -> Event | None:
        s, p = self._s, step.p
        card, allowed = s.cards[p][1], s.cards[p][2]
        n = abs(rules.removal(card))  # R10
        rule = "R10"
        target = eligible = None
        if n and rules.removes_nothing(s.round):  # R11
            rule = "R11"
        elif n:
            target = rules.removal_target(p, card)
            eligible = s.owned[target] & rules.allowed_squares(allowed)  # R12
            if eligible.bit_count() <= n:  # no choice: all of them go (R10)
                for i in reversed(mask_indices(eligible)):
                    s.agenda.append(AutoRemove(p, target, i))
            else:
                s.agenda.append(AskRemove(p, target, n, allowed))
        if not self.story:
            return None
        return Event("removal", rule, {
            "player": PLAYERS[p], "card": card, "cartouche3": allowed,
            "first_round": rules.removes_nothing(s.round), "count": n,
            "target": PLAYERS[target] if target is not None else None,
            "eligible": eligible.bit_count() if eligible is not None else 0})

    def _auto_remove(self, step: AutoRemove) -> Event | None:
        return self._remove(step.p, step.whose, step.square)

    def _remove(self, p: int, whose: int, i: int) -> Event | None:
        s = self._s
        s.board[i] = 0
        s.owned[whose] &= ~SQUARE_BIT[i]
        to_kingdom, _ = rules.to_kingdom(1, len(s.kingdom))  # R15
        if to_kingdom:
            s.kingdom.append(whose)
        else:
            s.stock[whose] += 1
        if not self.story:
            return None
        data = {"player": PLAYERS[p], "owner": PLAYERS[whose], "square": SQUARE_NAMES[i],
                "to": "kingdom" if to_kingdom else "stock"}
        if to_kingdom:
            data["kingdom"] = len(s.kingdom)
        return Event("remove", "R10", data)

    def _placement(self, step: Placement) -> Event | None:
        s, p = self._s, step.p
        card, allowed = s.cards[p][3], s.cards[p][2]
        free_squares = ~(s.owned[RED] | s.owned[BLUE]) & rules.allowed_squares(allowed)
        free = free_squares.bit_count()
        taken, placed = rules.placement(card, s.stock[p], free)  # R13
        agenda = s.agenda
        agenda.append(_WIN_CHECK[p])
        if taken > placed:
            agenda.append(Overflow(p, taken - placed))
        if placed:
            if free <= taken:  # every free square gets one: no choice
                for i in reversed(mask_indices(free_squares)):
                    agenda.append(AutoPlace(p, i))
            else:
                agenda.append(AskPlace(p, placed, allowed))
        if not self.story:
            return None
        return Event("placement", "R13", {
            "player": PLAYERS[p], "card": card, "cartouche3": allowed, "take": taken,
            "free": free, "kingdom_room": rules.KINGDOM_SIZE - len(s.kingdom)})

    def _auto_place(self, step: AutoPlace) -> Event | None:
        return self._place(step.p, step.square)

    def _place(self, p: int, i: int) -> Event | None:
        s = self._s
        s.board[i] = p + 1
        s.owned[p] |= SQUARE_BIT[i]
        s.stock[p] -= 1
        if self.story:
            return Event("place", "R13", {"player": PLAYERS[p], "square": SQUARE_NAMES[i]})
        return None

    def _overflow(self, step: Overflow) -> Event | None:
        s, p, n = self._s, step.p, step.count
        to_kingdom, to_stock = rules.to_kingdom(n, len(s.kingdom))  # R15
        s.kingdom.extend([p] * to_kingdom)
        s.stock[p] -= to_kingdom  # the rest never left the stock (R15)
        if not self.story:
            return None
        return Event("overflow", "R15", {"player": PLAYERS[p], "count": n,
                                         "to_kingdom": to_kingdom, "to_stock": to_stock,
                                         "kingdom": len(s.kingdom)})

    def _win_check(self, step: WinCheck) -> Event | None:
        """R18 after a player's cartouche 4: a whole temple, all yellow, all green."""
        won = rules.win_at_once(self._s.owned[step.p])
        if won is not None:
            reason, temple = won
            facts = {"temple": temple} if reason == "temple" else {}
            self._game_over(PLAYERS[step.p], reason, **facts)
        return None

    def _game_over(self, winner: str, reason: str, **facts) -> None:
        s = self._s
        s.winner, s.end = winner, reason
        s.agenda.clear()
        s.agenda.append(Finish(facts))

    def _finish(self, step: Finish) -> Event | None:
        s = self._s
        if s.cards[RED] is not None:  # the game ended during the round (R14)
            for p in (RED, BLUE):
                s.discard[p].extend(s.cards[p])
            s.cards = [None, None]
            s.hands = [None, None]
            s.round += 1
        s.phase = "over"
        if not self.story:
            return None
        data = {"winner": s.winner, "reason": s.end, **step.facts}
        return Event("end", "R19" if s.end == "scoring" else "R18", data)

    # ------------------------------------------------------------------ end of round, scoring

    def _end_round(self, step: Step) -> Event | None:
        s = self._s
        for p in (RED, BLUE):  # R14
            s.discard[p].extend(s.cards[p])
        s.cards = [None, None]
        s.hands = [None, None]
        full = rules.kingdom_full(len(s.kingdom))
        if full:  # R16; the round number moves on once its scoring round is over
            # The board cannot change during the scoring round: score every line now, once,
            # and let each step reveal its own line.
            s.phase = "scoring"
            lines = [line_facts(s.owned, line) for line in LINES]
            s.scoring = scoring_totals(lines)
            s.agenda.append(SCORING_END)
            for facts in reversed(lines):
                s.agenda.append(ScoreLine(facts["line"], facts))
        else:
            s.phase = "deal"
            s.round += 1
            s.agenda.append(DEAL)
        if self.story:
            return Event("end_round", "R14", {"scoring": full, "kingdom": len(s.kingdom)})
        return None

    def _score(self, step: ScoreLine) -> Event | None:
        s, facts = self._s, step.facts
        pts = facts["points"]
        s.scores[RED] += pts[RED]
        s.scores[BLUE] += pts[BLUE]
        if not self.story:
            return None
        m = facts["majority"]
        data = {"line": step.line, "player": PLAYERS[m] if m is not None else None,
                "points": {"red": pts[RED], "blue": pts[BLUE]},
                "counts": {"red": facts["counts"][RED], "blue": facts["counts"][BLUE]},
                "scores": {"red": s.scores[RED], "blue": s.scores[BLUE]}}
        if step.line == "bonus":
            data["squares"] = {PLAYERS[p]: facts["squares"][p] for p in (RED, BLUE)}
        if "blue_squares" in facts:
            data["blue_squares"] = facts["blue_squares"]
            data["all_temples"] = TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES
        return Event("score", "R16", data)

    def _scoring_end(self, step: Step) -> Event | None:
        s = self._s
        scores = {"red": s.scores[RED], "blue": s.scores[BLUE]}
        event = Event("scoring", "R16", {"breakdown": s.scoring, "scores": scores}) \
            if self.story else None
        if rules.game_over_after_scoring(s.scores):  # R19
            s.round += 1  # the round, its scoring round included, has been played
            self._game_over(rules.final_result(s.scores), "scoring", scores=scores)
            return event
        first, second = rules.take_back_order(s.scores)  # R17
        s.agenda += (EMPTY_KINGDOM, TakeBackPlan(second, False), TakeBackPlan(first, True))
        return event

    def _take_back_plan(self, step: TakeBackPlan) -> Event | None:
        s, p = self._s, step.p
        owned = s.owned[p]
        temples = rules.temples_held(owned)
        on_board = owned.bit_count()
        count = rules.take_back_count(on_board)  # R17
        if count == on_board:  # all of them go: no choice to make
            for i in reversed(mask_indices(owned)):
                s.agenda.append(AutoTakeBack(p, i, 1, ()))
        elif count:
            self._push_take_back(p, count, temples)
        if not self.story:
            return None
        if step.leads:
            tied = s.scores[RED] == s.scores[BLUE]
            reason = "goes first (scores tied: red first)" if tied else "leads"
        else:
            reason = "goes second"
        return Event("take_back_plan", "R17", {"player": PLAYERS[p], "count": count,
                                               "temples": list(temples), "reason": reason})

    def _push_take_back(self, p: int, count: int, first_pass: tuple[int, ...]) -> None:
        """Queue the next take-back (R17), from the temple the rule names."""
        owned = self._s.owned[p]
        temple = rules.take_back_temple(owned, first_pass)
        squares = owned & TEMPLE_MASK[temple]
        if squares.bit_count() == 1:  # one counter there: no choice
            self._s.agenda.append(AutoTakeBack(p, squares.bit_length() - 1, count, first_pass))
        else:
            self._s.agenda.append(AskTakeBack(p, count, temple, first_pass))

    def _auto_take_back(self, step: AutoTakeBack) -> Event | None:
        return self._take_back(step.p, step.square, step.count, step.first_pass)

    def _take_back(self, p: int, i: int, count: int, first_pass: tuple[int, ...]) -> Event | None:
        s = self._s
        s.board[i] = 0
        s.owned[p] &= ~SQUARE_BIT[i]
        s.stock[p] += 1
        if count > 1:
            self._push_take_back(p, count - 1, first_pass[1:])
        if self.story:
            return Event("take_back", "R17", {"player": PLAYERS[p], "square": SQUARE_NAMES[i],
                                              "temple": TEMPLE_OF[i]})
        return None

    def _return(self, step: Step) -> Event | None:
        s = self._s
        counts = [s.kingdom.count(RED), s.kingdom.count(BLUE)]
        s.stock[RED] += counts[RED]
        s.stock[BLUE] += counts[BLUE]
        s.kingdom = []
        s.round += 1
        s.phase = "deal"
        s.agenda.append(DEAL)
        if self.story:
            return Event("return", "R17", {"red": counts[RED], "blue": counts[BLUE]})
        return None

    # ------------------------------------------------------------------ undo

    def undo(self) -> Decision:
        """Take back the last decision: the game, its events and its random state return to
        exactly what they were when that decision was pending. Returns the decision undone.

        The game is dealt again from its seed (or its starting position) and every decision
        but the last is replayed, as ``record.replay`` does (about a millisecond for a whole
        game): the same seed and decisions give the same game. Nothing is kept for it on the
        way."""
        if not self.decisions:
            raise ValueError(_("Nothing to undo: no decision has been made yet."))
        *redo, undone = self.decisions
        again = Game.new(self.seed) if self.start is None else (
            Game.from_position(self.start, self.seed))
        again.advance()
        for d in redo:
            again.decide(d.choice)
            again.advance()
        self._s, self.rng, self.events, self.decisions = (
            again._s, again.rng, again.events, again.decisions)
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
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "seed": self.seed,
                "start": self.start, "decisions": [str(d) for d in self.decisions],
                "steps": len(self.events)}

    def __repr__(self) -> str:
        s = self._s
        state = f"over, winner {s.winner} ({s.end})" if self.over else (
            f"round {s.round}, {self.pending.prompt if self.pending else 'automatic step next'}")
        return f"<aton.Game red {s.scores[RED]} - blue {s.scores[BLUE]}, {state}>"

    def _repr_html_(self) -> str:
        return game_html(self)


_ASK_EXCHANGE = (AskExchange(RED), AskExchange(BLUE))
_ASK_ASSIGN = (AskAssign(RED), AskAssign(BLUE))
_TURN = (Turn(RED), Turn(BLUE))
_REMOVAL = (Removal(RED), Removal(BLUE))
_PLACEMENT = (Placement(RED), Placement(BLUE))
_WIN_CHECK = (WinCheck(RED), WinCheck(BLUE))

#: Automatic step kind -> the method that carries it out.
_RUN = {
    "deal": Game._deal, "reveal": Game._reveal, "points": Game._points,
    "order": Game._order, "turn": Game._turn, "removal": Game._removal,
    "auto_remove": Game._auto_remove, "placement": Game._placement,
    "auto_place": Game._auto_place, "overflow": Game._overflow,
    "win_check": Game._win_check, "end_round": Game._end_round,
    "score": Game._score, "scoring_end": Game._scoring_end,
    "take_back_plan": Game._take_back_plan, "auto_take_back": Game._auto_take_back,
    "return": Game._return, "finish": Game._finish,
}
