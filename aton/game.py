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
from typing import NamedTuple, NoReturn

from .board import (
    ALLOWED_MASK,
    COUNTERS,
    GREEN_MASK,
    KINGDOM_SIZE,
    PLAYERS,
    SQUARE_BIT,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES_PER_TEMPLE,
    TEMPLE_MASK,
    TEMPLE_OF,
    TEMPLES,
    YELLOW_MASK,
    mask_indices,
    mask_names,
    temples_text,
)
from .cards import new_deck
from .cartouches import removal
from .decision import DECISION_RULES, Decision
from .errors import RuleError
from .events import Event, make_event
from .scoring import (
    LINE_TITLES,
    LINES,
    TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES,
    score_line,
    totals,
)
from .state import State

RED, BLUE = 0, 1
OTHER = (1, 0)
WIN_POINTS = 40  # R18, R19
CHECKPOINT_EVERY = 32  # decisions between undo snapshots

#: What each automatic step will do (``Game.upcoming``).
UPCOMING = {
    "deal": "a new round: each player draws 4 cards (R4)",
    "reveal": "both players turn their cards up (R6)",
    "points": "cartouche 1: the higher card scores (R7)",
    "order": "cartouche 2 decides who goes first (R8)",
    "turn": "{player} resolves cartouches 2, 3 and 4 (R9)",
    "removal": "{player}'s cartouche 2: removing counters (R10)",
    "auto_remove": "{player} removes a counter, with no choice left (R10)",
    "placement": "{player}'s cartouche 4: placing counters (R13)",
    "auto_place": "{player} places a counter, with no choice left (R13)",
    "overflow": "counters that found no square go to the Kingdom of the Dead (R15)",
    "end_round": "the end of the round (R14)",
    "score": "the scoring round: {line} (R16)",
    "scoring_end": "the scoring round's totals (R16)",
    "take_back_plan": "{player} takes counters back (R17)",
    "auto_take_back": "{player} takes back a counter, with no choice left (R17)",
    "return": "the Kingdom of the Dead empties into the stocks (R17)",
    "finish": "the end of the game (R18, R19)",
}

#: What follows both assignments, as pushed on the agenda (a stack): reveal, points, order.
_AFTER_ASSIGNING = (("order",), ("points",), ("reveal",))

#: The decisions whose choice is a square.
_SQUARE_DECISIONS = frozenset({"place", "remove", "take_back"})
_INT_ONLY = frozenset({int})

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


#: Agenda op of a decision -> its Pending. Ops repeat from game to game (a few hundred in all),
#: so each Pending is built once instead of once per decision.
_PENDING_OF_OP: dict[tuple, Pending] = {}


def _pending_of(op: tuple) -> Pending:
    kind, name = op[0], PLAYERS[op[1]]
    if kind == "remove":
        pending = Pending(kind, name, op[3], op[4], PLAYERS[op[2]])
    elif kind == "place":
        pending = Pending(kind, name, op[2], op[3])
    elif kind == "take_back":
        pending = Pending(kind, name, op[2], temple=op[4])
    else:
        pending = Pending(kind, name)
    _PENDING_OF_OP[op] = pending
    return pending


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
        # Undo's one snapshot: (events so far, state, random state) when the first decision was
        # pending. Undo restores it and replays the decisions but the last, so the hot path
        # pays for one copy per game instead of one per round.
        # Snapshots (decisions made, events, state, random state) every CHECKPOINT_EVERY
        # decisions: undo restores the latest one before the decision to take back and replays
        # the few decisions after it. Rare snapshots keep the hot path cheap; the spacing bounds
        # an undo to replaying fewer than CHECKPOINT_EVERY decisions.
        self._checkpoints: list[tuple[int, int, State, object]] = []

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, seed: int | None = None) -> Game:
        """A new game (R1): shuffled decks (red's first, then blue's), empty board, scores 0."""
        s = State.start(1, [0, 0], [0] * 48, [], [COUNTERS, COUNTERS], [True, True],
                        [[], []], [[], []])
        s.agenda.append(("deal",))
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
    def first(self) -> str | None:
        """Who goes first this round (R8), once cartouche 2 has been resolved."""
        return PLAYERS[self.s.first] if self.s.first is not None else None

    @property
    def upcoming(self) -> str | None:
        """What the next automatic step will do, in a learner's words (for a "Next step"
        button); None when a decision is pending or the game is over."""
        for op in reversed(self.s.agenda):
            kind = op[0]
            if kind in DECISION_RULES:
                return None
            if kind == "win_check":  # silent unless someone wins: look past it
                continue
            who = PLAYERS[op[1]] if len(op) > 1 and isinstance(op[1], int) else ""
            line = LINE_TITLES.get(op[1], "") if kind == "score" else ""
            return UPCOMING[kind].format(player=who, line=line)
        return None

    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for, or None when an automatic step (or nothing) is next."""
        agenda = self.s.agenda
        if not agenda:
            return None
        op = agenda[-1]
        if op is self._asked_op:  # asked again for the same step (a driver, then the view)
            return self._asked
        if op[0] not in DECISION_RULES:
            return None
        pending = _PENDING_OF_OP.get(op) or _pending_of(op)
        self._asked_op, self._asked = op, pending
        return pending

    _asked_op: tuple | None = None
    _asked: Pending | None = None

    def options(self) -> list:
        """The legal choices of the pending decision (squares by name, cards as tuples)."""
        s = self.s
        if not s.agenda:
            return []
        op = s.agenda[-1]
        kind = op[0]
        if kind in _SQUARE_DECISIONS:
            return mask_names(self._legal_squares(op))
        if kind == "assign":
            return sorted(set(permutations(s.hands[op[1]])))
        if kind == "exchange":
            return [False, True]
        return []

    def _legal_squares(self, op: tuple) -> int:
        """The squares a place / remove / take_back decision may choose, as a bit mask."""
        owned = self.s.owned
        kind = op[0]
        if kind == "place":  # an empty square of temples 1..cartouche 3 (R12, R13)
            return ~(owned[RED] | owned[BLUE]) & ALLOWED_MASK[op[3]]
        if kind == "remove":  # a counter of the target there (R10, R12)
            return owned[op[2]] & ALLOWED_MASK[op[4]]
        return owned[op[1]] & TEMPLE_MASK[op[4]]  # take_back: own counter, temple due (R17)

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
            agenda.pop()
            event = _STEPS[op[0]](self, op)
            if event is not None:
                self.events.append(event)
                return event

    def advance(self) -> list[Event]:
        """Run automatic steps until a decision is pending or the game is over."""
        events = self.events
        start = len(events)
        agenda = self.s.agenda
        while agenda:
            kind = agenda[-1][0]
            if kind in DECISION_RULES:
                break
            op = agenda.pop()
            event = _STEPS[kind](self, op)
            if event is not None:
                events.append(event)
        return events[start:]

    def decide(self, choice: object) -> Event:
        """Apply the pending decision. An illegal choice raises RuleError; nothing changes."""
        agenda = self.s.agenda
        if not agenda or agenda[-1][0] not in DECISION_RULES:
            raise ValueError("No decision is pending: run the automatic steps first (step()).")
        made = len(self.decisions)
        if made % CHECKPOINT_EVERY == 0 and (
                not self._checkpoints or self._checkpoints[-1][0] != made):
            self._checkpoints.append((made, len(self.events), self.s.clone(), self.rng.getstate()))
        op = agenda[-1]
        kind, p = op[0], op[1]
        # Each branch checks the choice before it changes anything: a refused one changes
        # nothing.
        if kind == "place":
            i = self._check_square(op, choice)
            agenda.pop()
            if op[2] > 1:  # more counters to place: the same decision comes again
                agenda.append(("place", p, op[2] - 1, op[3]))
            event = self._place(p, i)
            record = SQUARE_NAMES[i]
        elif kind == "remove":
            i = self._check_square(op, choice)
            agenda.pop()
            if op[3] > 1:
                agenda.append(("remove", p, op[2], op[3] - 1, op[4]))
            event = self._remove(p, op[2], i)
            record = SQUARE_NAMES[i]
        elif kind == "take_back":
            i = self._check_square(op, choice)
            agenda.pop()
            event = self._take_back(p, i, op[2], op[3])
            record = SQUARE_NAMES[i]
        elif kind == "assign":
            record = self._check_assignment(p, choice)
            agenda.pop()
            event = self._assign(p, record)
        else:
            if not isinstance(choice, bool):
                raise RuleError("R5", f"{PLAYERS[p]}: the exchange choice must be true or false, "
                                f"not {choice!r}")
            agenda.pop()
            event = self._exchange(p, choice)
            record = choice
        self.decisions.append(Decision(kind, PLAYERS[p], record))
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
        # Exact ints, the usual case, pass at once; other ints (not bools) pass the long test.
        if len(cards) != 4 or ({*map(type, cards)} != _INT_ONLY and not all(
                isinstance(c, int) and not isinstance(c, bool) for c in cards)):
            raise RuleError("R6", f"{name}: exactly one card goes on each of the 4 cartouches; "
                            f"got {list(cards)}")
        hand = self.s.hands[p]
        if sorted(cards) != sorted(hand):
            raise RuleError("R6", f"{name}: the cards {list(cards)} are not the hand "
                            f"{sorted(hand)}; each card of the hand goes on one cartouche")
        return cards

    def _check_square(self, op: tuple, choice: object) -> int:
        if isinstance(choice, str) and choice in SQUARE_INDEX:  # names first: the usual form
            i = SQUARE_INDEX[choice]
        elif isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < 48:
            i = choice
        else:
            raise RuleError("R3", f"{PLAYERS[op[1]]}: {choice!r} is not a square; squares are "
                            "T1.1 to T4.12")
        if self._legal_squares(op) >> i & 1:
            return i
        self._refuse_square(op, i)

    def _refuse_square(self, op: tuple, i: int) -> NoReturn:
        """Raise the RuleError that says why square i is not a legal choice for op."""
        kind, p = op[0], op[1]
        name = PLAYERS[p]
        sq = SQUARE_NAMES[i]
        board = self.s.board
        if kind == "take_back":
            if board[i] != p + 1:
                raise RuleError("R17", f"{name}: {sq} does not hold one of {name}'s counters")
            if TEMPLE_OF[i] != op[4]:
                raise RuleError("R17", f"{name}: the next counter to take back must come from "
                                f"temple {op[4]}, and {sq} is in temple {TEMPLE_OF[i]} (one from "
                                "each temple holding yours, then the highest-numbered)")
            raise AssertionError(f"{sq} is legal for {op}")
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
        raise AssertionError(f"{sq} is legal for {op}")  # _legal_squares and the checks agree

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
        need = n - len(taken)
        taken += draw[:need]
        del draw[:need]
        return taken, True

    def _deal(self, op: tuple) -> Event:
        s = self.s
        for p in (RED, BLUE):
            if len(s.draw[p]) + len(s.discard[p]) < 4:
                s.agenda.append(("deal",))
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
        agenda += _AFTER_ASSIGNING
        for p in (BLUE, RED):
            agenda.append(("assign", p))
            if s.exchange[p]:
                agenda.append(("exchange", p))
        return make_event(("round", "R4", {"round": s.round, "reshuffled": reshuffled}))

    def _exchange(self, p: int, used: bool) -> Event:
        s = self.s
        mixed = False
        if used:
            s.exchange[p] = False
            s.discard[p].extend(s.hands[p])  # R5: onto the discards before the new draw
            s.hands[p], mixed = self._take(p, 4)
        return make_event(("exchange", "R5", {"player": PLAYERS[p], "used": used,
                                              "reshuffled": mixed}))

    def _assign(self, p: int, cards: tuple[int, ...]) -> Event:
        self.s.cards[p] = cards
        return make_event(("assign", "R6", {"player": PLAYERS[p]}))

    # ------------------------------------------------------------------ cartouches 1 and 2

    def _reveal(self, op: tuple) -> Event:
        c = self.s.cards
        return make_event(("reveal", "R6", {"red": list(c[RED]), "blue": list(c[BLUE])}))

    def _points(self, op: tuple) -> Event:
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
        return make_event(("points", "R7", data))

    def _order(self, op: tuple) -> Event:
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
        data["first"] = PLAYERS[first]
        data["second"] = PLAYERS[second]
        # R9: the first player resolves cartouches 2-4 (turn, removal, placement), then the
        # second; the agenda is a stack, so they go on last-first.
        s.agenda += (("end_round",),
                     ("placement", second), ("removal", second), ("turn", second),
                     ("placement", first), ("removal", first), ("turn", first))
        return make_event(("order", "R8", data))

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

    def _turn(self, op: tuple) -> Event:
        _, p = op  # ("turn", p)
        s = self.s
        return make_event(("turn", "R9", {"player": PLAYERS[p], "cartouche3": s.cards[p][2],
                                          "position": "first" if s.first == p else "second"}))

    def _removal(self, op: tuple) -> Event:
        _, p = op  # ("removal", p)
        s = self.s
        card, allowed = s.cards[p][1], s.cards[p][2]
        n = removal(card)  # R10
        data = {"player": PLAYERS[p], "card": card, "cartouche3": allowed,
                "first_round": s.round == 1, "count": abs(n), "target": None, "eligible": 0}
        if n == 0:
            return make_event(("removal", "R10", data))
        if s.round == 1:  # R11
            return make_event(("removal", "R11", data))
        target = OTHER[p] if n > 0 else p
        eligible = s.owned[target] & ALLOWED_MASK[allowed]
        n_eligible = eligible.bit_count()
        data["target"] = PLAYERS[target]
        data["eligible"] = n_eligible
        count = abs(n)
        if n_eligible <= count:  # no choice: all of them go (R10)
            for i in reversed(mask_indices(eligible)):
                s.agenda.append(("auto_remove", p, target, i))
        else:
            s.agenda.append(("remove", p, target, count, allowed))
        return make_event(("removal", "R10", data))

    def _auto_remove(self, op: tuple) -> Event:
        _, p, target, i = op  # ("auto_remove", p, target, i)
        return self._remove(p, target, i)

    def _remove(self, p: int, target: int, i: int) -> Event:
        s = self.s
        s.board[i] = 0
        s.owned[target] &= ~SQUARE_BIT[i]
        data = {"player": PLAYERS[p], "owner": PLAYERS[target], "square": SQUARE_NAMES[i]}
        self._to_kingdom(target, data)
        return make_event(("remove", "R10", data))

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

    def _placement(self, op: tuple) -> Event:
        _, p = op  # ("placement", p)
        s = self.s
        card, allowed = s.cards[p][3], s.cards[p][2]
        take = min(card, s.stock[p])  # R13: fewer if the stock has fewer
        free_squares = ~(s.owned[RED] | s.owned[BLUE]) & ALLOWED_MASK[allowed]
        free = free_squares.bit_count()
        placed = min(take, free)
        agenda = s.agenda
        agenda.append(("win_check", p))
        if take > placed:
            agenda.append(("overflow", p, take - placed))
        if placed:
            if free <= take:  # every free square gets one: no choice
                for i in reversed(mask_indices(free_squares)):
                    agenda.append(("auto_place", p, i))
            else:
                agenda.append(("place", p, placed, allowed))
        return make_event(("placement", "R13", {"player": PLAYERS[p], "card": card,
                                                "cartouche3": allowed, "take": take,
                                                "free": free,
                                                "kingdom_room": KINGDOM_SIZE - len(s.kingdom)}))

    def _auto_place(self, op: tuple) -> Event:
        _, p, i = op  # ("auto_place", p, i)
        return self._place(p, i)

    def _place(self, p: int, i: int) -> Event:
        s = self.s
        s.board[i] = p + 1
        s.owned[p] |= SQUARE_BIT[i]
        s.stock[p] -= 1
        return make_event(("place", "R13", {"player": PLAYERS[p], "square": SQUARE_NAMES[i]}))

    def _overflow(self, op: tuple) -> Event:
        _, p, n = op  # ("overflow", p, n)
        s = self.s
        room = KINGDOM_SIZE - len(s.kingdom)
        to_kingdom = min(n, room)
        s.kingdom.extend([p] * to_kingdom)
        s.stock[p] -= to_kingdom  # the rest never left the stock (R15)
        return make_event(("overflow", "R15", {"player": PLAYERS[p], "count": n,
                                               "to_kingdom": to_kingdom,
                                               "to_stock": n - to_kingdom,
                                               "kingdom": len(s.kingdom)}))

    def _win_check(self, op: tuple) -> Event | None:
        """R18 after a player's cartouche 4: a whole temple, all yellow, all green."""
        _, p = op  # ("win_check", p)
        owned = self.s.owned[p]
        if owned.bit_count() < SQUARES_PER_TEMPLE:  # too few for a temple (12) or a colour (14)
            return None
        for t in TEMPLES:
            if owned & TEMPLE_MASK[t] == TEMPLE_MASK[t]:
                return self._game_over(PLAYERS[p], "temple", temple=t)
        if owned & YELLOW_MASK == YELLOW_MASK:
            return self._game_over(PLAYERS[p], "yellow")
        if owned & GREEN_MASK == GREEN_MASK:
            return self._game_over(PLAYERS[p], "green")
        return None

    def _game_over(self, winner: str, reason: str, **facts) -> None:
        s = self.s
        s.winner, s.end = winner, reason
        s.agenda.clear()
        s.agenda.append(("finish", facts))

    def _finish(self, op: tuple) -> Event:
        _, facts = op  # ("finish", facts)
        s = self.s
        if s.cards[RED] is not None:  # the game ended during the round (R14)
            for p in (RED, BLUE):
                s.discard[p].extend(s.cards[p])
            s.cards = [None, None]
            s.hands = [None, None]
            s.round += 1
        data = {"winner": s.winner, "reason": s.end, **facts}
        rule = "R19" if s.end == "scoring" else "R18"
        return make_event(("end", rule, data))

    # ------------------------------------------------------------------ end of round, scoring

    def _end_round(self, op: tuple) -> Event:
        s = self.s
        for p in (RED, BLUE):  # R14
            s.discard[p].extend(s.cards[p])
        s.cards = [None, None]
        s.hands = [None, None]
        full = len(s.kingdom) >= KINGDOM_SIZE
        if full:  # R16; the round number moves on once its scoring round is over
            # The board cannot change during the scoring round: score every line now, once,
            # and let each step reveal its own line.
            lines = [score_line(s.board, line) for line in LINES]
            s.scoring = totals(lines)
            s.agenda.append(("scoring_end",))
            for facts in reversed(lines):
                s.agenda.append(("score", facts["line"], facts))
        else:
            s.round += 1
            s.agenda.append(("deal",))
        return make_event(("end_round", "R14", {"scoring": full, "kingdom": len(s.kingdom)}))

    def _score(self, op: tuple) -> Event:
        _, line, facts = op  # ("score", line, its score_line facts)
        s = self.s
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
        return make_event(("score", "R16", data))

    def _scoring_end(self, op: tuple) -> Event:
        s = self.s
        scores = {"red": s.scores[RED], "blue": s.scores[BLUE]}
        event = make_event(("scoring", "R16", {"breakdown": s.scoring, "scores": scores}))
        if max(s.scores) >= WIN_POINTS:  # R19
            if s.scores[RED] == s.scores[BLUE]:
                winner = "draw"
            else:
                winner = PLAYERS[RED if s.scores[RED] > s.scores[BLUE] else BLUE]
            s.round += 1  # the round, its scoring round included, has been played
            self._game_over(winner, "scoring", scores=scores)
            return event
        leader = BLUE if s.scores[BLUE] > s.scores[RED] else RED  # R17: red first on a tie
        s.agenda.append(("return",))
        s.agenda.append(("take_back_plan", OTHER[leader], False))
        s.agenda.append(("take_back_plan", leader, True))
        return event

    def _take_back_plan(self, op: tuple) -> Event:
        _, p, leads = op  # ("take_back_plan", p, leads)
        s = self.s
        owned = s.owned[p]
        temples = [t for t in TEMPLES if owned & TEMPLE_MASK[t]]
        count = min(4, owned.bit_count())
        if leads:
            tied = s.scores[RED] == s.scores[BLUE]
            reason = "goes first (scores tied: red first)" if tied else "leads"
        else:
            reason = "goes second"
        if count:
            self._push_take_back(p, count, tuple(temples))
        return make_event(("take_back_plan", "R17", {"player": PLAYERS[p], "count": count,
                                                     "temples": temples, "reason": reason}))

    def _push_take_back(self, p: int, count: int, first_pass: tuple[int, ...]) -> None:
        """Queue the next take-back (R17): one from each temple of ``first_pass`` (lowest
        first), then from the highest-numbered temple still holding p's counters."""
        owned = self.s.owned[p]
        if first_pass:
            temple = first_pass[0]
        else:  # the temple of p's highest-numbered square
            temple = TEMPLE_OF[owned.bit_length() - 1]
        squares = owned & TEMPLE_MASK[temple]
        if squares.bit_count() == 1:
            self.s.agenda.append(("auto_take_back", p, squares.bit_length() - 1, count,
                                  first_pass))
        else:
            self.s.agenda.append(("take_back", p, count, first_pass, temple))

    def _auto_take_back(self, op: tuple) -> Event:
        _, p, i, count, first_pass = op  # ("auto_take_back", p, i, count, first_pass)
        return self._take_back(p, i, count, first_pass)

    def _take_back(self, p: int, i: int, count: int, first_pass: tuple) -> Event:
        s = self.s
        temple = TEMPLE_OF[i]
        s.board[i] = 0
        s.owned[p] &= ~SQUARE_BIT[i]
        s.stock[p] += 1
        if count > 1:
            self._push_take_back(p, count - 1, first_pass[1:] if first_pass else ())
        return make_event(("take_back", "R17", {"player": PLAYERS[p],
                                                "square": SQUARE_NAMES[i], "temple": temple}))

    def _return(self, op: tuple) -> Event:
        s = self.s
        counts = [s.kingdom.count(RED), s.kingdom.count(BLUE)]
        s.stock[RED] += counts[RED]
        s.stock[BLUE] += counts[BLUE]
        s.kingdom = []
        s.round += 1
        s.agenda.append(("deal",))
        return make_event(("return", "R17", {"red": counts[RED], "blue": counts[BLUE]}))

    # ------------------------------------------------------------------ undo

    def undo(self) -> Decision:
        """Take back the last decision: the game, its events and its random state return to
        exactly what they were when that decision was pending. Returns the decision undone.

        The game goes back to the latest snapshot (taken by ``decide`` every CHECKPOINT_EVERY
        decisions) and replays the decisions after it but the last: the same state, decisions
        and random state give the same game, at the cost of fewer than CHECKPOINT_EVERY
        decisions."""
        if not self.decisions:
            raise ValueError("Nothing to undo: no decision has been made yet.")
        last = self.decisions[-1]
        target = len(self.decisions) - 1
        while self._checkpoints[-1][0] > target:
            self._checkpoints.pop()
        made, n_events, state, rng_state = self._checkpoints[-1]
        redo = self.decisions[made:target]
        self.s = state.clone()
        self.rng.setstate(rng_state)
        del self.decisions[made:]
        del self.events[n_events:]
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


#: Automatic step -> what runs it, as ``_STEPS[op[0]](game, op)``: each takes its whole agenda
#: op (a plain call: unpacking ``*op[1:]`` into the arguments costs as much as a short step).
#: One table for every game (functions, not bound methods), so making a game does not build it.
_STEPS = {
    "deal": Game._deal, "reveal": Game._reveal, "points": Game._points,
    "order": Game._order, "turn": Game._turn, "removal": Game._removal,
    "auto_remove": Game._auto_remove, "placement": Game._placement,
    "auto_place": Game._auto_place, "overflow": Game._overflow,
    "win_check": Game._win_check, "end_round": Game._end_round,
    "score": Game._score, "scoring_end": Game._scoring_end,
    "take_back_plan": Game._take_back_plan, "auto_take_back": Game._auto_take_back,
    "return": Game._return, "finish": Game._finish,
}
