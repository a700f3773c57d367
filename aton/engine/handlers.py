"""The steps of a round carried out: one function per kind of step, in the order a round meets them.

Each handler takes the game and its step (``handler(game, step)``), changes the game's state as
the rule says, may push further steps on the agenda (a stack: the next step is the last one),
and returns the step's ``Event``, or None in a game without story. ``RUN`` maps an automatic
step's kind to its handler; ``Game.step`` and ``Game.advance`` look it up. The decisions' own
handlers (``exchange``, ``assign``, ``remove``, ``place``, ``take_back``) are what
``Game.decide`` applies once the choice has been checked.

The rules themselves are the pure functions of ``rules.py`` and ``scoring.py``; this module
carries them out. It draws random numbers only from ``game.rng`` (deck reshuffles, R4).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from . import rules
from .board import (
    PLAYERS,
    SQUARE_BIT,
    SQUARE_NAMES,
    SQUARES_PER_TEMPLE,
    TEMPLE_MASK,
    TEMPLE_OF,
    TEMPLES,
    mask_indices,
)
from .cards import shuffle
from .events import Event
from .refusals import check_assignment, check_exchange, check_square, too_few_cards
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
)

RED, BLUE = 0, 1


class Game(Protocol):
    """What a handler uses of the game that drives it (``game.Game``, which this module does
    not import: the game imports its handlers)."""

    _s: State
    story: bool  # False: no events are written (simulations, search)
    rng: random.Random  # the game's one generator: every reshuffle draws from it (R4)


#: What follows both assignments, as pushed on the agenda (a stack): reveal, points, order.
AFTER_ASSIGNING = (ORDER, POINTS, REVEAL)

# The steps that name only a player, made once for each (steps never change, so games share
# them): pushing one costs no allocation.
ASK_EXCHANGE = (AskExchange(RED), AskExchange(BLUE))
ASK_ASSIGN = (AskAssign(RED), AskAssign(BLUE))
TURN = (Turn(RED), Turn(BLUE))
REMOVAL = (Removal(RED), Removal(BLUE))
PLACEMENT = (Placement(RED), Placement(BLUE))
WIN_CHECK = (WinCheck(RED), WinCheck(BLUE))

#: What a deal puts on the agenda (a stack), by who still holds an exchange counter (red's,
#: blue's): each player's exchange (R5) if they hold one and then their cards (R6), red first,
#: then the reveal, cartouche 1 and cartouche 2 (R6-R8).
ROUND_ASKS = {
    (red, blue): (*AFTER_ASSIGNING,
                  ASK_ASSIGN[BLUE], *((ASK_EXCHANGE[BLUE],) if blue else ()),
                  ASK_ASSIGN[RED], *((ASK_EXCHANGE[RED],) if red else ()))
    for red in (True, False) for blue in (True, False)}

# R9: the first player carries out cartouches 2-4 (turn, removal, placement), then the second;
# the agenda is a stack, so they go on last-first. Keys: (who goes first, story): a game
# without story has no use for the turn steps, which only say whose turn it is.
TURNS = {(first, story): (END_ROUND, PLACEMENT[1 - first], REMOVAL[1 - first],
                          *((TURN[1 - first],) if story else ()), PLACEMENT[first],
                          REMOVAL[first], *((TURN[first],) if story else ()))
         for first in (RED, BLUE) for story in (True, False)}

# Likewise every removal, placement and overflow a round can ask for or force, made once at
# import: a game pushes one of these per counter, and a look-up costs a fraction of building a
# step. Keys: (player, whose counters, how many still to go, cartouche-3 value) for a removal (a
# 3 or a 4 removes 1 or 2, a 1 one's own, R10); (player, how many, value) for a placement (at
# most 4, R13); (player, whose, square) and (player, square) for the forced ones; (player, how
# many) for counters that find no square (R15).
_SQUARES = range(len(TEMPLES) * SQUARES_PER_TEMPLE)
ASK_REMOVE = {(p, whose, n, v): AskRemove(p, whose, n, v)
              for p in (RED, BLUE) for whose in (RED, BLUE) for n in (1, 2) for v in TEMPLES}
ASK_PLACE = {(p, n, v): AskPlace(p, n, v) for p in (RED, BLUE) for n in (1, 2, 3, 4)
             for v in TEMPLES}
AUTO_REMOVE = {(p, whose, i): AutoRemove(p, whose, i)
               for p in (RED, BLUE) for whose in (RED, BLUE) for i in _SQUARES}
AUTO_PLACE = {(p, i): AutoPlace(p, i) for p in (RED, BLUE) for i in _SQUARES}
OVERFLOW = {(p, n): Overflow(p, n) for p in (RED, BLUE) for n in (1, 2, 3, 4)}


# ---------------------------------------------------------------------- cards (R4, R5, R6)

def _available(game: Game, p: int) -> int:
    s = game._s
    return len(s.draw[p]) + len(s.discard[p])


def _take(game: Game, p: int, n: int) -> tuple[list[int], bool]:
    """Take ``n`` cards from the top of p's draw pile, reshuffling discards if it runs out
    (R4). Returns the cards and whether a reshuffle happened."""
    draw = game._s.draw[p]
    if len(draw) >= n:
        taken = draw[:n]
        del draw[:n]
        return taken, False
    taken = draw[:]
    draw.clear()
    discard = game._s.discard[p]
    draw.extend(discard)
    discard.clear()
    shuffle(draw, game.rng)
    need = n - len(taken)
    taken += draw[:need]
    del draw[:need]
    return taken, True


def deal(game: Game, step: Step) -> Event | None:
    s = game._s
    for p in (RED, BLUE):
        # R4: a round needs 4 cards each (most rounds, the draw pile alone holds them).
        if len(s.draw[p]) < rules.HAND_SIZE and _available(game, p) < rules.HAND_SIZE:
            s.agenda.append(step)  # refused: the deal stays next, nothing has changed
            raise too_few_cards(p, _available(game, p))
    reshuffled = []
    for p in (RED, BLUE):
        s.hands[p], mixed = _take(game, p, rules.HAND_SIZE)
        if mixed:
            reshuffled.append(PLAYERS[p])
    s.cards = [None, None]
    s.first = None
    s.scoring = None
    s.phase = "choose"
    s.agenda += ROUND_ASKS[s.exchange[RED], s.exchange[BLUE]]
    if game.story:
        return Event("round", "R4", {"round": s.round, "reshuffled": reshuffled})
    return None


def exchange(game: Game, p: int, used: bool) -> Event | None:
    """Player ``p``'s exchange choice (R5), already checked."""
    s = game._s
    mixed = False
    if used:
        s.exchange[p] = False
        s.discard[p].extend(s.hands[p])  # R5: onto the discards before the new draw
        s.hands[p], mixed = _take(game, p, rules.HAND_SIZE)
    if game.story:
        return Event("exchange", "R5", {"player": PLAYERS[p], "used": used,
                                        "reshuffled": mixed})
    return None


def assign(game: Game, p: int, cards: tuple[int, ...]) -> Event | None:
    """Player ``p``'s cards on cartouches 1-4 (R6), already checked."""
    game._s.cards[p] = cards
    if game.story:
        return Event("assign", "R6", {"player": PLAYERS[p]})
    return None


# ---------------------------------------------------------------------- cartouches 1 and 2

def reveal(game: Game, step: Step) -> Event | None:
    s = game._s
    s.phase = "cartouches"
    if game.story:
        return Event("reveal", "R6", {"red": list(s.cards[RED]), "blue": list(s.cards[BLUE])})
    return None


def points(game: Game, step: Step) -> Event | None:
    s = game._s
    r, b = s.cards[RED][0], s.cards[BLUE][0]
    scorer, gained = rules.cartouche1(r, b)  # R7
    if scorer is not None:
        s.scores[scorer] += gained
        if rules.wins_by_points(s.scores[scorer]):  # R18
            _game_over(game, PLAYERS[scorer], "points", score=s.scores[scorer])
    if not game.story:
        return None
    data = {"red": r, "blue": b, "player": None, "points": 0}
    if scorer is not None:
        data.update(player=PLAYERS[scorer], points=gained, score=s.scores[scorer])
    return Event("points", "R7", data)


def order(game: Game, step: Step) -> Event | None:
    s = game._s
    c = s.cards
    first, reason = rules.goes_first(c[RED], c[BLUE])  # R8
    war: list[list[int]] = []
    exhausted = False
    if first is None:
        first, war, exhausted = _war(game)
    second = 1 - first
    s.first = first
    s.agenda += TURNS[first, game.story]  # R9
    if not game.story:
        return None
    data: dict = {"cartouche2": {"red": c[RED][1], "blue": c[BLUE][1]},
                  "cartouche1": {"red": c[RED][0], "blue": c[BLUE][0]},
                  "reason": reason, "first": PLAYERS[first], "second": PLAYERS[second]}
    if reason == "war":
        data.update(war=war, exhausted=exhausted)
    return Event("order", "R8", data)


def _war(game: Game) -> tuple[int, list[list[int]], bool]:
    """R8: turn up cards until one is lower; they go under their owners' draw piles.

    Should both piles and discards of a player run out with every pair equal (possible
    only when both decks lie in the same order), red goes first: the rules are silent.
    """
    aside: list[list[int]] = [[], []]
    turns = []
    first = RED
    exhausted = False
    while True:
        if not _available(game, RED) or not _available(game, BLUE):
            exhausted = True
            break
        r = _take(game, RED, 1)[0][0]
        b = _take(game, BLUE, 1)[0][0]
        aside[RED].append(r)
        aside[BLUE].append(b)
        turns.append([r, b])
        lower = rules.war_first(r, b)
        if lower is not None:
            first = lower
            break
    for p in (RED, BLUE):
        game._s.draw[p].extend(aside[p])
    return first, turns, exhausted


# ---------------------------------------------------------------------- cartouches 2-4

def turn(game: Game, step: Turn) -> Event | None:
    if not game.story:
        return None
    s, p = game._s, step.p
    return Event("turn", "R9", {"player": PLAYERS[p], "cartouche3": s.cards[p][2],
                                "position": "first" if s.first == p else "second"})


def removal(game: Game, step: Removal) -> Event | None:
    s, p = game._s, step.p
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
                s.agenda.append(AUTO_REMOVE[p, target, i])
        else:
            s.agenda.append(ASK_REMOVE[p, target, n, allowed])
    if not game.story:
        return None
    return Event("removal", rule, {
        "player": PLAYERS[p], "card": card, "cartouche3": allowed,
        "first_round": rules.removes_nothing(s.round), "count": n,
        "target": PLAYERS[target] if target is not None else None,
        "eligible": eligible.bit_count() if eligible is not None else 0})


def auto_remove(game: Game, step: AutoRemove) -> Event | None:
    return remove(game, step.p, step.whose, step.square)


def remove(game: Game, p: int, whose: int, i: int) -> Event | None:
    """``p`` removes ``whose`` counter on square ``i`` (R10), chosen or forced."""
    s = game._s
    s.board[i] = 0
    s.owned[whose] &= ~SQUARE_BIT[i]
    to_kingdom, _ = rules.to_kingdom(1, len(s.kingdom))  # R15
    if to_kingdom:
        s.kingdom.append(whose)
    else:
        s.stock[whose] += 1
    if not game.story:
        return None
    data = {"player": PLAYERS[p], "owner": PLAYERS[whose], "square": SQUARE_NAMES[i],
            "to": "kingdom" if to_kingdom else "stock"}
    if to_kingdom:
        data["kingdom"] = len(s.kingdom)
    return Event("remove", "R10", data)


def placement(game: Game, step: Placement) -> Event | None:
    s, p = game._s, step.p
    card, allowed = s.cards[p][3], s.cards[p][2]
    free_squares = ~(s.owned[RED] | s.owned[BLUE]) & rules.allowed_squares(allowed)
    free = free_squares.bit_count()
    taken, placed = rules.placement(card, s.stock[p], free)  # R13
    agenda = s.agenda
    if s.owned[p].bit_count() + placed >= SQUARES_PER_TEMPLE:
        # R18 can only be met with 12 squares or more (a temple; a colour is 14): fewer need
        # no check, and a game without the check is the same game.
        agenda.append(WIN_CHECK[p])
    if taken > placed:
        agenda.append(OVERFLOW[p, taken - placed])
    if placed:
        if free <= taken:  # every free square gets one: no choice
            for i in reversed(mask_indices(free_squares)):
                agenda.append(AUTO_PLACE[p, i])
        else:
            agenda.append(ASK_PLACE[p, placed, allowed])
    if not game.story:
        return None
    return Event("placement", "R13", {
        "player": PLAYERS[p], "card": card, "cartouche3": allowed, "take": taken,
        "free": free, "kingdom_room": rules.KINGDOM_SIZE - len(s.kingdom)})


def auto_place(game: Game, step: AutoPlace) -> Event | None:
    return place(game, step.p, step.square)


def place(game: Game, p: int, i: int) -> Event | None:
    """``p`` places a counter on square ``i`` (R13), chosen or forced."""
    s = game._s
    s.board[i] = p + 1
    s.owned[p] |= SQUARE_BIT[i]
    s.stock[p] -= 1
    if game.story:
        return Event("place", "R13", {"player": PLAYERS[p], "square": SQUARE_NAMES[i]})
    return None


def overflow(game: Game, step: Overflow) -> Event | None:
    s, p, n = game._s, step.p, step.count
    to_kingdom, to_stock = rules.to_kingdom(n, len(s.kingdom))  # R15
    s.kingdom.extend([p] * to_kingdom)
    s.stock[p] -= to_kingdom  # the rest never left the stock (R15)
    if not game.story:
        return None
    return Event("overflow", "R15", {"player": PLAYERS[p], "count": n,
                                     "to_kingdom": to_kingdom, "to_stock": to_stock,
                                     "kingdom": len(s.kingdom)})


def win_check(game: Game, step: WinCheck) -> Event | None:
    """R18 after a player's cartouche 4: a whole temple, all yellow, all green."""
    won = rules.win_at_once(game._s.owned[step.p])
    if won is not None:
        reason, temple = won
        facts = {"temple": temple} if reason == "temple" else {}
        _game_over(game, PLAYERS[step.p], reason, **facts)
    return None


def _game_over(game: Game, winner: str, reason: str, **facts) -> None:
    s = game._s
    s.winner, s.end = winner, reason
    s.agenda.clear()
    s.agenda.append(Finish(facts))


def finish(game: Game, step: Finish) -> Event | None:
    s = game._s
    if s.cards[RED] is not None:  # the game ended during the round (R14)
        for p in (RED, BLUE):
            s.discard[p].extend(s.cards[p])
        s.cards = [None, None]
        s.hands = [None, None]
        s.round += 1
    s.phase = "over"
    if not game.story:
        return None
    data = {"winner": s.winner, "reason": s.end, **step.facts}
    return Event("end", "R19" if s.end == "scoring" else "R18", data)


# ---------------------------------------------------------------------- end of round, scoring

def end_round(game: Game, step: Step) -> Event | None:
    s = game._s
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
    if game.story:
        return Event("end_round", "R14", {"scoring": full, "kingdom": len(s.kingdom)})
    return None


def score(game: Game, step: ScoreLine) -> Event | None:
    s, facts = game._s, step.facts
    pts = facts["points"]
    s.scores[RED] += pts[RED]
    s.scores[BLUE] += pts[BLUE]
    if not game.story:
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


def scoring_end(game: Game, step: Step) -> Event | None:
    s = game._s
    scores = {"red": s.scores[RED], "blue": s.scores[BLUE]}
    event = Event("scoring", "R16", {"breakdown": s.scoring, "scores": scores}) \
        if game.story else None
    if rules.game_over_after_scoring(s.scores):  # R19
        s.round += 1  # the round, its scoring round included, has been played
        _game_over(game, rules.final_result(s.scores), "scoring", scores=scores)
        return event
    first, second = rules.take_back_order(s.scores)  # R17
    s.agenda += (EMPTY_KINGDOM, TakeBackPlan(second, False), TakeBackPlan(first, True))
    return event


def take_back_plan(game: Game, step: TakeBackPlan) -> Event | None:
    s, p = game._s, step.p
    owned = s.owned[p]
    temples = rules.temples_held(owned)
    on_board = owned.bit_count()
    count = rules.take_back_count(on_board)  # R17
    if count == on_board:  # all of them go: no choice to make
        for i in reversed(mask_indices(owned)):
            s.agenda.append(AutoTakeBack(p, i, 1, ()))
    elif count:
        _push_take_back(game, p, count, temples)
    if not game.story:
        return None
    if step.leads:
        tied = s.scores[RED] == s.scores[BLUE]
        reason = "goes first (scores tied: red first)" if tied else "leads"
    else:
        reason = "goes second"
    return Event("take_back_plan", "R17", {"player": PLAYERS[p], "count": count,
                                           "temples": list(temples), "reason": reason})


def _push_take_back(game: Game, p: int, count: int, first_pass: tuple[int, ...]) -> None:
    """Queue the next take-back (R17), from the temple the rule names."""
    s = game._s
    owned = s.owned[p]
    temple = rules.take_back_temple(owned, first_pass)
    squares = owned & TEMPLE_MASK[temple]
    if squares.bit_count() == 1:  # one counter there: no choice
        s.agenda.append(AutoTakeBack(p, squares.bit_length() - 1, count, first_pass))
    else:
        s.agenda.append(AskTakeBack(p, count, temple, first_pass))


def auto_take_back(game: Game, step: AutoTakeBack) -> Event | None:
    return take_back(game, step.p, step.square, step.count, step.first_pass)


def take_back(game: Game, p: int, i: int, count: int,
              first_pass: tuple[int, ...]) -> Event | None:
    """``p`` takes back the counter on square ``i`` (R17), chosen or forced; ``count`` counts
    it and those still to come, ``first_pass`` the temples still owed one each."""
    s = game._s
    s.board[i] = 0
    s.owned[p] &= ~SQUARE_BIT[i]
    s.stock[p] += 1
    if count > 1:
        _push_take_back(game, p, count - 1, first_pass[1:])
    if game.story:
        return Event("take_back", "R17", {"player": PLAYERS[p], "square": SQUARE_NAMES[i],
                                          "temple": TEMPLE_OF[i]})
    return None


def empty_kingdom(game: Game, step: Step) -> Event | None:
    """R17: the Kingdom of the Dead goes back to the stocks; the next round is dealt."""
    s = game._s
    counts = [s.kingdom.count(RED), s.kingdom.count(BLUE)]
    s.stock[RED] += counts[RED]
    s.stock[BLUE] += counts[BLUE]
    s.kingdom = []
    s.round += 1
    s.phase = "deal"
    s.agenda.append(DEAL)
    if game.story:
        return Event("return", "R17", {"red": counts[RED], "blue": counts[BLUE]})
    return None


# ---------------------------------------------------------------------- decisions

# Each applier checks the choice before it changes anything (a refused choice raises
# RuleError and leaves the game as it was), then takes the decision off the agenda and carries
# it out. It returns the event and the choice as the record keeps it (a square by name).

def decide_exchange(game: Game, ask: AskExchange, choice: object) -> tuple[Event | None, bool]:
    used = check_exchange(ask.p, choice)  # R5
    game._s.agenda.pop()
    return exchange(game, ask.p, used), used


def decide_assign(game: Game, ask: AskAssign,
                  choice: object) -> tuple[Event | None, tuple[int, ...]]:
    cards = check_assignment(game._s, ask.p, choice)  # R6
    game._s.agenda.pop()
    return assign(game, ask.p, cards), cards


def decide_remove(game: Game, ask: AskRemove, choice: object) -> tuple[Event | None, str]:
    s = game._s
    i = check_square(s, ask, choice)  # R3, R10, R12
    s.agenda.pop()
    if ask.count > 1:  # more counters to remove: the same decision comes again
        s.agenda.append(ASK_REMOVE[ask.p, ask.whose, ask.count - 1, ask.temples])
    return remove(game, ask.p, ask.whose, i), SQUARE_NAMES[i]


def decide_place(game: Game, ask: AskPlace, choice: object) -> tuple[Event | None, str]:
    s = game._s
    i = check_square(s, ask, choice)  # R3, R12, R13
    s.agenda.pop()
    if ask.count > 1:  # more counters to place: the same decision comes again
        s.agenda.append(ASK_PLACE[ask.p, ask.count - 1, ask.temples])
    return place(game, ask.p, i), SQUARE_NAMES[i]


def decide_take_back(game: Game, ask: AskTakeBack, choice: object) -> tuple[Event | None, str]:
    s = game._s
    i = check_square(s, ask, choice)  # R3, R17
    s.agenda.pop()
    return take_back(game, ask.p, i, ask.count, ask.first_pass), SQUARE_NAMES[i]


#: The pending decision's kind -> the applier that checks and carries out a choice for it.
DECIDE: dict[str, Callable[[Game, Any, object], tuple[Event | None, object]]] = {
    "exchange": decide_exchange, "assign": decide_assign, "remove": decide_remove,
    "place": decide_place, "take_back": decide_take_back,
}

#: Automatic step kind -> the handler that carries it out.
RUN = {
    "deal": deal, "reveal": reveal, "points": points, "order": order, "turn": turn,
    "removal": removal, "auto_remove": auto_remove, "placement": placement,
    "auto_place": auto_place, "overflow": overflow, "win_check": win_check,
    "end_round": end_round, "score": score, "scoring_end": scoring_end,
    "take_back_plan": take_back_plan, "auto_take_back": auto_take_back,
    "return": empty_kingdom, "finish": finish,
}
