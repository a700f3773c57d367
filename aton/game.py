"""The step-by-step game: a round of Aton as a queue of automatic steps and decisions.

At any moment ``game.pending`` says what comes next: ``None`` when an automatic step is due (run
it with ``step()``, or ``advance()`` to run on to the next decision), or a ``Pending`` decision
for one player, whose legal choices are ``game.options()`` and which ``game.decide(choice)``
applies. Every step appends one ``Event`` (rule id, facts, a sentence for the learner).

A user interface, ``play_round`` (the formats' one-round API) and the computer players all drive
this one class; no rule is implemented anywhere else.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import NamedTuple

from .board import (
    ALLOWED_SQUARES,
    GREEN_SQUARES,
    KINGDOM_SIZE,
    PLAYERS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES_PER_TEMPLE,
    TEMPLE_OF,
    YELLOW_SQUARES,
    temple_squares,
    temples_text,
)
from .cards import new_deck
from .errors import RuleError
from .events import Event
from .scoring import LINES, TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES, breakdown, score_line

RED, BLUE = 0, 1
OTHER = (1, 0)
WIN_POINTS = 40  # R18, R19

#: The decisions a player can be asked for, and the rule each one follows.
DECISION_RULES = {
    "exchange": "R5",
    "assign": "R6",
    "remove": "R10",
    "place": "R13",
    "take_back": "R17",
}


class Pending(NamedTuple):
    """A decision the game waits for: which ``kind``, by which ``player``, and its limits."""

    kind: str
    player: str
    count: int = 1  # counters still to remove / place / take back, this one included
    temples: int = 0  # cartouche-3 value: temples 1..temples allowed (R12)
    target: str | None = None  # whose counters a removal takes (R10)
    temple: int = 0  # the temple a take-back must come from (R17)

    @property
    def rule(self) -> str:
        return DECISION_RULES[self.kind]

    @property
    def prompt(self) -> str:
        """What the player is asked, in a learner's words."""
        p = self.player
        if self.kind == "exchange":
            return f"{p}: hand in the exchange counter for 4 new cards? (once per game, R5)"
        if self.kind == "assign":
            return f"{p}: put one card on each cartouche 1-4 (R6)"
        if self.kind == "remove":
            whose = "one of your own counters" if self.target == p else f"a {self.target} counter"
            return (f"{p}: choose {whose} to remove from {temples_text(self.temples)} "
                    f"({self.count} to go, R10)")
        if self.kind == "place":
            return (f"{p}: choose an empty square in {temples_text(self.temples)} for a counter "
                    f"({self.count} to go, R13)")
        return (f"{p}: choose one of your counters in temple {self.temple} to take back "
                f"({self.count} to go, R17)")


class Decision(NamedTuple):
    """A decision with a readable form that round-trips: ``Decision.parse(str(d)) == d``.

    ``red exchange yes`` · ``red assign 3142`` · ``blue remove T1.2`` · ``red place T2.2`` ·
    ``red take_back T3.1``
    """

    kind: str
    player: str
    choice: object

    def __str__(self) -> str:
        c = self.choice
        if self.kind == "exchange":
            c = "yes" if c else "no"
        elif self.kind == "assign":
            c = "".join(str(v) for v in c)
        return f"{self.player} {self.kind} {c}"

    @classmethod
    def parse(cls, text: str) -> Decision:
        try:
            player, kind, value = text.split()
        except ValueError:
            raise ValueError(f"not a decision: {text!r}") from None
        if player not in PLAYERS or kind not in DECISION_RULES:
            raise ValueError(f"not a decision: {text!r}")
        if kind == "exchange":
            choice: object = value == "yes"
        elif kind == "assign":
            choice = tuple(int(v) for v in value)
        else:
            choice = value
        return cls(kind, player, choice)


class State:
    """Everything that changes during a game. Lists indexed by player: 0 red, 1 blue."""

    __slots__ = (
        "agenda",
        "board",
        "cards",
        "discard",
        "draw",
        "end",
        "exchange",
        "first",
        "hands",
        "kingdom",
        "round",
        "scores",
        "scoring",
        "stock",
        "winner",
    )

    def copy(self) -> State:
        c = State.__new__(State)
        c.round = self.round
        c.scores = self.scores[:]
        c.board = self.board[:]
        c.kingdom = self.kingdom[:]
        c.stock = self.stock[:]
        c.exchange = self.exchange[:]
        c.draw = [self.draw[0][:], self.draw[1][:]]
        c.discard = [self.discard[0][:], self.discard[1][:]]
        c.hands = self.hands[:]
        c.cards = self.cards[:]
        c.first = self.first
        c.winner = self.winner
        c.end = self.end
        c.scoring = self.scoring
        c.agenda = self.agenda[:]
        return c


def _other_name(p: int) -> str:
    return PLAYERS[OTHER[p]]


class Game:
    """A game of Aton that a user interface, a test or a computer player can step through.

    Build one with ``Game.new(seed)`` or ``Game.from_position(position, seed)``. The game owns
    one ``random.Random`` seeded from ``seed``: deck shuffles and reshuffles of discards (R4)
    draw from it and from nothing else, so the same seed and the same decisions give the same
    game.
    """

    def __init__(self, state: State, seed: int | None, start: dict | None) -> None:
        self.s = state
        self.seed = seed
        self.start = start  # the starting position, or None for a new game dealt from the seed
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.decisions: list[Decision] = []
        # One snapshot per round start; undo goes back to it and replays that round (cheap, and
        # the hot path pays for one copy per round, not one per decision).
        self._checkpoints: list[tuple[int, int, State, object]] = []
        self._handlers = {
            "deal": self._deal, "reveal": self._reveal, "points": self._points,
            "order": self._order, "turn": self._turn, "removal": self._removal,
            "auto_remove": self._auto_remove, "placement": self._placement,
            "auto_place": self._auto_place, "overflow": self._overflow,
            "win_check": self._win_check, "end_round": self._end_round,
            "score": self._score, "scoring_end": self._scoring_end,
            "take_back_plan": self._take_back_plan, "auto_take_back": self._auto_take_back,
            "return": self._return, "finish": self._finish,
        }

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, seed: int | None = None) -> Game:
        """A new game (R1): shuffled decks (red's first, then blue's), empty board, scores 0."""
        s = State()
        s.round = 1
        s.scores = [0, 0]
        s.board = [0] * 48
        s.kingdom = []
        s.stock = [29, 29]
        s.exchange = [True, True]
        s.discard = [[], []]
        s.hands = [None, None]
        s.cards = [None, None]
        s.first = None
        s.winner = s.end = None
        s.scoring = None
        s.agenda = [("deal",)]
        game = cls(s, seed, None)
        s.draw = [new_deck(game.rng), new_deck(game.rng)]
        return game

    @classmethod
    def from_position(cls, position: dict, seed: int | None = None) -> Game:
        """Continue from a position dict (formats.md); it is checked first (RuleError if not)."""
        from .position import state_from_position

        state = state_from_position(position)
        from .position import position_from_state

        return cls(state, seed, position_from_state(state))

    # ------------------------------------------------------------------ what is next

    @property
    def over(self) -> bool:
        return not self.s.agenda

    @property
    def winner(self) -> str | None:
        return self.s.winner

    @property
    def end(self) -> str | None:
        """Why the game ended: points, temple, yellow, green or scoring (R18, R19)."""
        return self.s.end

    @property
    def round(self) -> int:
        return self.s.round

    @property
    def at_round_start(self) -> bool:
        """True between rounds (and at the end), where ``position()`` can be written."""
        return not self.s.agenda or self.s.agenda[-1][0] == "deal"

    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for, or None when an automatic step (or nothing) is next."""
        agenda = self.s.agenda
        if not agenda:
            return None
        op = agenda[-1]
        if op is self._pending_op:  # asked again for the same step: same answer
            return self._pending
        kind = op[0]
        if kind not in DECISION_RULES:
            return None
        name = PLAYERS[op[1]]
        if kind == "remove":
            pending = Pending(kind, name, op[3], op[4], PLAYERS[op[2]])
        elif kind == "place":
            pending = Pending(kind, name, op[2], op[3])
        elif kind == "take_back":
            pending = Pending(kind, name, op[2], temple=op[4])
        else:
            pending = Pending(kind, name)
        self._pending_op, self._pending = op, pending
        return pending

    def options(self) -> list:
        """The legal choices of the pending decision (squares by name, cards as tuples)."""
        s = self.s
        if not s.agenda or s.agenda[-1][0] not in DECISION_RULES:
            return []
        op = s.agenda[-1]
        kind, p = op[0], op[1]
        if kind == "exchange":
            return [False, True]
        if kind == "assign":
            return sorted(set(permutations(s.hands[p])))
        board = s.board
        if kind == "place":
            return [SQUARE_NAMES[i] for i in ALLOWED_SQUARES[op[3]] if not board[i]]
        return [SQUARE_NAMES[i] for i in self._legal_squares(op)]

    _pending_op: tuple | None = None
    _pending: Pending | None = None

    def _legal_squares(self, op: tuple) -> list[int]:
        board = self.s.board
        kind = op[0]
        if kind == "remove":
            mark = op[2] + 1
            return [i for i in ALLOWED_SQUARES[op[4]] if board[i] == mark]
        if kind == "place":
            return [i for i in ALLOWED_SQUARES[op[3]] if not board[i]]
        mark = op[1] + 1
        return [i for i in temple_squares(op[4]) if board[i] == mark]

    # ------------------------------------------------------------------ driving

    def step(self) -> Event:
        """Run the next automatic step and return its event."""
        agenda = self.s.agenda
        while True:
            if not agenda:
                raise ValueError("The game is over: there is no next step.")
            op = agenda[-1]
            if op[0] in DECISION_RULES:
                raise ValueError(f"Waiting for a decision: {self.pending.prompt}")
            if op[0] == "deal":
                self._checkpoint()
            agenda.pop()
            event = self._handlers[op[0]](*op[1:])
            if event is not None:
                self.events.append(event)
                return event

    def advance(self) -> list[Event]:
        """Run automatic steps until a decision is pending or the game is over."""
        events = self.events
        start = len(events)
        agenda = self.s.agenda
        handlers = self._handlers
        while agenda:
            kind = agenda[-1][0]
            if kind in DECISION_RULES:
                break
            if kind == "deal":
                self._checkpoint()
            op = agenda.pop()
            event = handlers[kind](*op[1:])
            if event is not None:
                events.append(event)
        return events[start:]

    def decide(self, choice: object) -> Event:
        """Apply the pending decision. An illegal choice raises RuleError; nothing changes."""
        s = self.s
        if not s.agenda or s.agenda[-1][0] not in DECISION_RULES:
            raise ValueError("No decision is pending: run the automatic steps first (step()).")
        op = s.agenda[-1]
        kind, p = op[0], op[1]
        name = PLAYERS[p]
        if kind == "exchange":
            if not isinstance(choice, bool):
                raise RuleError("R5", f"{name}: the exchange choice must be true or false, "
                                f"not {choice!r}")
            s.agenda.pop()
            event = self._exchange(p, choice)
            record = choice
        elif kind == "assign":
            cards = self._check_assignment(p, choice)
            s.agenda.pop()
            event = self._assign(p, cards)
            record = cards
        else:
            i = self._check_square(op, choice)
            s.agenda.pop()
            if kind == "remove":
                if op[3] > 1:
                    s.agenda.append(("remove", p, op[2], op[3] - 1, op[4]))
                event = self._remove(p, op[2], i)
            elif kind == "place":
                if op[2] > 1:
                    s.agenda.append(("place", p, op[2] - 1, op[3]))
                event = self._place(p, i)
            else:
                event = self._take_back(p, i, op[2], op[3])
            record = SQUARE_NAMES[i]
        self.decisions.append(Decision(kind, name, record))
        self.events.append(event)
        return event

    def play(self, decision: Decision | str) -> Event:
        """Apply a ``Decision`` (or its text) after checking it is the one pending."""
        if isinstance(decision, str):
            decision = Decision.parse(decision)
        pending = self.pending
        if pending is None:
            raise ValueError("No decision is pending: run the automatic steps first.")
        if (decision.kind, decision.player) != (pending.kind, pending.player):
            raise RuleError(pending.rule, f"{decision.player}: it is not the moment for "
                            f"'{decision.kind}'; waiting for {pending.prompt}")
        return self.decide(decision.choice)

    def _check_assignment(self, p: int, choice: object) -> tuple[int, ...]:
        name = PLAYERS[p]
        try:
            cards = tuple(choice)  # type: ignore[arg-type]
        except TypeError:
            raise RuleError("R6", f"{name}: cards must be a list of 4 card values, "
                            f"not {choice!r}") from None
        if len(cards) != 4 or not all(isinstance(c, int) and not isinstance(c, bool)
                                      for c in cards):
            raise RuleError("R6", f"{name}: exactly one card goes on each of the 4 cartouches; "
                            f"got {list(cards)}")
        hand = self.s.hands[p]
        if sorted(cards) != sorted(hand):
            raise RuleError("R6", f"{name}: the cards {list(cards)} are not the hand "
                            f"{sorted(hand)}; each card of the hand goes on one cartouche")
        return cards

    def _check_square(self, op: tuple, choice: object) -> int:
        kind, p = op[0], op[1]
        name = PLAYERS[p]
        if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < 48:
            i = choice
        elif isinstance(choice, str) and choice in SQUARE_INDEX:
            i = SQUARE_INDEX[choice]
        else:
            raise RuleError("R3", f"{name}: {choice!r} is not a square; squares are T1.1 to "
                            "T4.12")
        sq = SQUARE_NAMES[i]
        board = self.s.board
        if kind == "take_back":
            if board[i] != p + 1:
                raise RuleError("R17", f"{name}: {sq} does not hold one of {name}'s counters")
            if TEMPLE_OF[i] != op[4]:
                raise RuleError("R17", f"{name}: the next counter to take back must come from "
                                f"temple {op[4]}, and {sq} is in temple {TEMPLE_OF[i]} (one from "
                                "each temple holding yours, then the highest-numbered)")
            return i
        allowed = op[4] if kind == "remove" else op[3]
        if TEMPLE_OF[i] > allowed:
            raise RuleError("R12", f"{name}: {sq} is in temple {TEMPLE_OF[i]}, but cartouche 3 "
                            f"shows a {allowed}, which allows only {temples_text(allowed)}")
        if kind == "remove":
            target = op[2]
            if board[i] != target + 1:
                what = "empty" if not board[i] else f"a {PLAYERS[board[i] - 1]} counter"
                whose = "one of your own" if target == p else f"a {PLAYERS[target]}"
                raise RuleError("R10", f"{name}: {sq} holds {what}; the removal must take "
                                f"{whose} counter")
        elif board[i]:
            raise RuleError("R13", f"{name}: {sq} is already occupied; a counter goes on an "
                            "empty square")
        return i

    # ------------------------------------------------------------------ cards (R4, R5)

    def _available(self, p: int) -> int:
        return len(self.s.draw[p]) + len(self.s.discard[p])

    def _take(self, p: int, n: int) -> tuple[list[int], bool]:
        """Take ``n`` cards from the top of p's draw pile, reshuffling discards if it runs out
        (R4). Returns the cards and whether a reshuffle happened."""
        draw = self.s.draw[p]
        if len(draw) >= n:
            taken = draw[:n]
            del draw[:n]
            return taken, False
        taken = draw[:]
        draw.clear()
        discard = self.s.discard[p]
        draw.extend(discard)
        discard.clear()
        self.rng.shuffle(draw)
        self._rng_state = None
        need = n - len(taken)
        taken += draw[:need]
        del draw[:need]
        return taken, True

    def _deal(self) -> Event:
        s = self.s
        for p in (RED, BLUE):
            if self._available(p) < 4:
                s.agenda.append(("deal",))
                self._checkpoints.pop()  # the round did not start: nothing to come back to
                raise RuleError("R4", f"{PLAYERS[p]} has only {self._available(p)} cards in the "
                                "draw and discard piles; a round needs 4")
        reshuffled = []
        for p in (RED, BLUE):
            s.hands[p], mixed = self._take(p, 4)
            if mixed:
                reshuffled.append(PLAYERS[p])
        s.cards = [None, None]
        s.first = None
        s.scoring = None
        agenda = s.agenda
        agenda.append(("order",))
        agenda.append(("points",))
        agenda.append(("reveal",))
        for p in (BLUE, RED):
            agenda.append(("assign", p))
            if s.exchange[p]:
                agenda.append(("exchange", p))
        return Event("round", "R4", {"round": s.round, "reshuffled": reshuffled})

    def _exchange(self, p: int, used: bool) -> Event:
        s = self.s
        mixed = False
        if used:
            s.exchange[p] = False
            s.discard[p].extend(s.hands[p])  # R5: onto the discards before the new draw
            s.hands[p], mixed = self._take(p, 4)
        return Event("exchange", "R5", {"player": PLAYERS[p], "used": used, "reshuffled": mixed})

    def _assign(self, p: int, cards: tuple[int, ...]) -> Event:
        self.s.cards[p] = cards
        return Event("assign", "R6", {"player": PLAYERS[p]})

    # ------------------------------------------------------------------ cartouches 1 and 2

    def _reveal(self) -> Event:
        c = self.s.cards
        return Event("reveal", "R6", {"red": list(c[RED]), "blue": list(c[BLUE])})

    def _points(self) -> Event:
        s = self.s
        r, b = s.cards[RED][0], s.cards[BLUE][0]
        data = {"red": r, "blue": b, "player": None, "points": 0}
        if r != b:  # R7
            w = RED if r > b else BLUE
            pts = 2 * abs(r - b)
            s.scores[w] += pts
            data.update(player=PLAYERS[w], points=pts, score=s.scores[w])
            if s.scores[w] >= WIN_POINTS:  # R18
                self._game_over(PLAYERS[w], "points", score=s.scores[w])
        return Event("points", "R7", data)

    def _order(self) -> Event:
        s = self.s
        c = s.cards
        data: dict = {"cartouche2": {"red": c[RED][1], "blue": c[BLUE][1]},
                      "cartouche1": {"red": c[RED][0], "blue": c[BLUE][0]}}
        if c[RED][1] != c[BLUE][1]:  # R8: the lower card goes first
            first = RED if c[RED][1] < c[BLUE][1] else BLUE
            data["reason"] = "cartouche2"
        elif c[RED][0] != c[BLUE][0]:  # R8: tie -> lower cartouche-1 card
            first = RED if c[RED][0] < c[BLUE][0] else BLUE
            data["reason"] = "cartouche1"
        else:
            first, war, exhausted = self._war()
            data.update(reason="war", war=war, exhausted=exhausted)
        second = OTHER[first]
        s.first = first
        data.update(first=PLAYERS[first], second=PLAYERS[second])
        agenda = s.agenda
        agenda.append(("end_round",))
        for p in (second, first):
            agenda.append(("placement", p))
            agenda.append(("removal", p))
            agenda.append(("turn", p))
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
            if r != b:
                first = RED if r < b else BLUE
                break
        for p in (RED, BLUE):
            self.s.draw[p].extend(aside[p])
        return first, turns, exhausted

    # ------------------------------------------------------------------ cartouches 2-4

    def _turn(self, p: int) -> Event:
        s = self.s
        return Event("turn", "R9", {"player": PLAYERS[p], "cartouche3": s.cards[p][2],
                                    "position": "first" if s.first == p else "second"})

    def _removal(self, p: int) -> Event:
        s = self.s
        card, allowed = s.cards[p][1], s.cards[p][2]
        n = card - 2  # R10
        data = {"player": PLAYERS[p], "card": card, "cartouche3": allowed,
                "first_round": s.round == 1, "count": abs(n), "target": None, "eligible": 0}
        if n == 0:
            return Event("removal", "R10", data)
        if s.round == 1:  # R11
            return Event("removal", "R11", data)
        target = OTHER[p] if n > 0 else p
        mark = target + 1
        board = s.board
        eligible = [i for i in ALLOWED_SQUARES[allowed] if board[i] == mark]
        data["target"] = PLAYERS[target]
        data["eligible"] = len(eligible)
        count = abs(n)
        if len(eligible) <= count:  # no choice: all of them go (R10)
            for i in reversed(eligible):
                s.agenda.append(("auto_remove", p, target, i))
        else:
            s.agenda.append(("remove", p, target, count, allowed))
        return Event("removal", "R10", data)

    def _auto_remove(self, p: int, target: int, i: int) -> Event:
        return self._remove(p, target, i)

    def _remove(self, p: int, target: int, i: int) -> Event:
        s = self.s
        s.board[i] = 0
        data = {"player": PLAYERS[p], "owner": PLAYERS[target], "square": SQUARE_NAMES[i]}
        self._to_kingdom(target, data)
        return Event("remove", "R10", data)

    def _to_kingdom(self, owner: int, data: dict) -> None:
        """R15: into the Kingdom of the Dead while it has room, else back to the owner's stock."""
        s = self.s
        if len(s.kingdom) < KINGDOM_SIZE:
            s.kingdom.append(owner)
            data["to"] = "kingdom"
            data["kingdom"] = len(s.kingdom)
        else:
            s.stock[owner] += 1
            data["to"] = "stock"

    def _placement(self, p: int) -> Event:
        s = self.s
        card, allowed = s.cards[p][3], s.cards[p][2]
        take = min(card, s.stock[p])  # R13: fewer if the stock has fewer
        board = s.board
        free = [i for i in ALLOWED_SQUARES[allowed] if not board[i]]
        placed = min(take, len(free))
        agenda = s.agenda
        agenda.append(("win_check", p))
        if take > placed:
            agenda.append(("overflow", p, take - placed))
        if placed:
            if len(free) <= take:  # every free square gets one: no choice
                for i in reversed(free):
                    agenda.append(("auto_place", p, i))
            else:
                agenda.append(("place", p, placed, allowed))
        return Event("placement", "R13", {"player": PLAYERS[p], "card": card,
                                          "cartouche3": allowed, "take": take,
                                          "free": len(free),
                                          "kingdom_room": KINGDOM_SIZE - len(s.kingdom)})

    def _auto_place(self, p: int, i: int) -> Event:
        return self._place(p, i)

    def _place(self, p: int, i: int) -> Event:
        s = self.s
        s.board[i] = p + 1
        s.stock[p] -= 1
        return Event("place", "R13", {"player": PLAYERS[p], "square": SQUARE_NAMES[i]})

    def _overflow(self, p: int, n: int) -> Event:
        s = self.s
        room = KINGDOM_SIZE - len(s.kingdom)
        to_kingdom = min(n, room)
        s.kingdom.extend([p] * to_kingdom)
        s.stock[p] -= to_kingdom  # the rest never left the stock (R15)
        return Event("overflow", "R15", {"player": PLAYERS[p], "count": n,
                                         "to_kingdom": to_kingdom, "to_stock": n - to_kingdom,
                                         "kingdom": len(s.kingdom)})

    def _win_check(self, p: int) -> Event | None:
        """R18 after a player's cartouche 4: a whole temple, all yellow, all green."""
        board = self.s.board
        mark = p + 1
        for t in (1, 2, 3, 4):
            a = (t - 1) * SQUARES_PER_TEMPLE
            if board[a:a + SQUARES_PER_TEMPLE].count(mark) == SQUARES_PER_TEMPLE:
                return self._game_over(PLAYERS[p], "temple", temple=t)
        if all(board[i] == mark for i in YELLOW_SQUARES):
            return self._game_over(PLAYERS[p], "yellow")
        if all(board[i] == mark for i in GREEN_SQUARES):
            return self._game_over(PLAYERS[p], "green")
        return None

    def _game_over(self, winner: str, reason: str, **facts) -> None:
        s = self.s
        s.winner, s.end = winner, reason
        s.agenda.clear()
        s.agenda.append(("finish", facts))

    def _finish(self, facts: dict) -> Event:
        s = self.s
        if s.cards[RED] is not None:  # the game ended during the round (R14)
            for p in (RED, BLUE):
                s.discard[p].extend(s.cards[p])
            s.cards = [None, None]
            s.hands = [None, None]
            s.round += 1
        data = {"winner": s.winner, "reason": s.end, **facts}
        rule = "R19" if s.end == "scoring" else "R18"
        return Event("end", rule, data)

    # ------------------------------------------------------------------ end of round, scoring

    def _end_round(self) -> Event:
        s = self.s
        for p in (RED, BLUE):  # R14
            s.discard[p].extend(s.cards[p])
        s.cards = [None, None]
        s.hands = [None, None]
        s.round += 1
        full = len(s.kingdom) >= KINGDOM_SIZE
        if full:  # R16
            s.agenda.append(("scoring_end",))
            for line in reversed(LINES):
                s.agenda.append(("score", line))
        else:
            s.agenda.append(("deal",))
        return Event("end_round", "R14", {"scoring": full, "kingdom": len(s.kingdom)})

    def _score(self, line: str) -> Event:
        s = self.s
        if line == LINES[0]:
            s.scoring = breakdown(s.board)
        facts = score_line(s.board, line)
        pts = facts["points"]
        s.scores[RED] += pts[RED]
        s.scores[BLUE] += pts[BLUE]
        m = facts["majority"]
        if line == "bonus":
            scorer = None
        else:
            scorer = PLAYERS[m] if m is not None else None
        data = {"line": line, "player": scorer,
                "points": {"red": pts[RED], "blue": pts[BLUE]},
                "counts": {"red": facts["counts"][RED], "blue": facts["counts"][BLUE]},
                "scores": {"red": s.scores[RED], "blue": s.scores[BLUE]}}
        if line == "bonus":
            data["squares"] = {PLAYERS[p]: facts["squares"][p] for p in (RED, BLUE)}
        if "blue_squares" in facts:
            data["blue_squares"] = facts["blue_squares"]
            data["all_temples"] = TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES
        return Event("score", "R16", data)

    def _scoring_end(self) -> Event:
        s = self.s
        scores = {"red": s.scores[RED], "blue": s.scores[BLUE]}
        event = Event("scoring", "R16", {"breakdown": s.scoring, "scores": scores})
        if max(s.scores) >= WIN_POINTS:  # R19
            if s.scores[RED] == s.scores[BLUE]:
                winner = "draw"
            else:
                winner = PLAYERS[RED if s.scores[RED] > s.scores[BLUE] else BLUE]
            self._game_over(winner, "scoring", scores=scores)
            return event
        leader = BLUE if s.scores[BLUE] > s.scores[RED] else RED  # R17: red first on a tie
        s.agenda.append(("return",))
        s.agenda.append(("take_back_plan", OTHER[leader], False))
        s.agenda.append(("take_back_plan", leader, True))
        return event

    def _take_back_plan(self, p: int, leads: bool) -> Event:
        s = self.s
        mark = p + 1
        own = [i for i in range(48) if s.board[i] == mark]
        temples = sorted({TEMPLE_OF[i] for i in own})
        count = min(4, len(own))
        if leads:
            tied = s.scores[RED] == s.scores[BLUE]
            reason = "goes first (scores tied: red first)" if tied else "leads"
        else:
            reason = "goes second"
        if count:
            self._push_take_back(p, count, tuple(temples))
        return Event("take_back_plan", "R17", {"player": PLAYERS[p], "count": count,
                                               "temples": temples, "reason": reason})

    def _push_take_back(self, p: int, count: int, first_pass: tuple[int, ...]) -> None:
        """Queue the next take-back (R17): one from each temple of ``first_pass`` (lowest
        first), then from the highest-numbered temple still holding p's counters."""
        board = self.s.board
        mark = p + 1
        if first_pass:
            temple = first_pass[0]
        else:
            temple = max(TEMPLE_OF[i] for i in range(48) if board[i] == mark)
        squares = [i for i in temple_squares(temple) if board[i] == mark]
        if len(squares) == 1:
            self.s.agenda.append(("auto_take_back", p, squares[0], count, first_pass))
        else:
            self.s.agenda.append(("take_back", p, count, first_pass, temple))

    def _auto_take_back(self, p: int, i: int, count: int, first_pass: tuple) -> Event:
        return self._take_back(p, i, count, first_pass)

    def _take_back(self, p: int, i: int, count: int, first_pass: tuple) -> Event:
        s = self.s
        temple = TEMPLE_OF[i]
        s.board[i] = 0
        s.stock[p] += 1
        if count > 1:
            self._push_take_back(p, count - 1, first_pass[1:] if first_pass else ())
        return Event("take_back", "R17", {"player": PLAYERS[p], "square": SQUARE_NAMES[i],
                                          "temple": temple})

    def _return(self) -> Event:
        s = self.s
        counts = [s.kingdom.count(RED), s.kingdom.count(BLUE)]
        s.stock[RED] += counts[RED]
        s.stock[BLUE] += counts[BLUE]
        s.kingdom = []
        s.agenda.append(("deal",))
        return Event("return", "R17", {"red": counts[RED], "blue": counts[BLUE]})

    # ------------------------------------------------------------------ undo

    _rng_state = None

    def _checkpoint(self) -> None:
        if self._rng_state is None:
            self._rng_state = self.rng.getstate()
        self._checkpoints.append(
            (len(self.decisions), len(self.events), self.s.copy(), self._rng_state))

    def undo(self) -> Decision:
        """Take back the last decision: the game, its events and its random state return to
        exactly what they were when that decision was pending. Returns the decision undone."""
        if not self.decisions:
            raise ValueError("Nothing to undo: no decision has been made yet.")
        last = self.decisions[-1]
        target = len(self.decisions) - 1
        while self._checkpoints[-1][0] > target:
            self._checkpoints.pop()
        n_decisions, n_events, state, rng_state = self._checkpoints.pop()
        self.s = state.copy()
        self.rng.setstate(rng_state)
        self._rng_state = rng_state
        redo = self.decisions[n_decisions:target]
        del self.decisions[n_decisions:]
        del self.events[n_events:]
        self.advance()
        for d in redo:
            self.decide(d.choice)
            self.advance()
        return last

    # ------------------------------------------------------------------ views and files

    def position(self) -> dict:
        """The position (formats.md) at the start of the coming round, or at the end."""
        if not self.at_round_start:
            raise ValueError("A position is written between rounds; finish this round first.")
        from .position import position_from_state

        return position_from_state(self.s)

    def view(self, player: str):
        """What ``player`` may see (hidden information): see ``aton.view.PlayerView``."""
        from .view import PlayerView

        return PlayerView(self, player)

    def record(self) -> dict:
        """The game record: seed, starting position and every decision (replays exactly)."""
        from .record import make_record

        return make_record(self)

    def __repr__(self) -> str:
        s = self.s
        state = f"over, winner {s.winner} ({s.end})" if self.over else (
            f"round {s.round}, {self.pending.prompt if self.pending else 'automatic step next'}")
        return f"<aton.Game red {s.scores[RED]} - blue {s.scores[BLUE]}, {state}>"

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self.s)
