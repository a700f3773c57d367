"""What a decision may choose, and why a choice is refused: the checks ``Game.decide`` and
``Game.play`` make before anything changes, and the sentences that say which rule a refused
choice breaks.

Every check either returns the choice in the engine's form (a square's index, the cards as a
tuple) or raises ``RuleError``; none of them changes the game.
"""

from __future__ import annotations

from typing import NoReturn

from ..i18n import N_, Later, N_n
from . import rules
from .board import PLAYERS, SQUARE_INDEX, SQUARE_NAMES, TEMPLE_OF
from .decision import Decision
from .errors import RuleError, named, shown
from .state import State
from .steps import Ask, AskPlace, AskRemove, AskTakeBack

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


def too_few_cards(p: int, n: int) -> RuleError:
    """R4: the refusal of a deal when player ``p`` has only ``n`` cards left in all."""
    return RuleError("R4", N_n("{player} has only {n} card in the draw and discard piles; a "
                               "round needs 4",
                               "{player} has only {n} cards in the draw and discard piles; a "
                               "round needs 4"), player=named(PLAYERS[p]), n=n)


def check_exchange(p: int, choice: object) -> bool:
    """R5: an exchange choice is True or False (nothing else counts as one)."""
    if type(choice) is not bool:
        raise RuleError("R5", N_("{player}: the exchange choice must be true or false, not "
                                 "{value}"), player=named(PLAYERS[p]), value=shown(choice))
    return choice


_FOUR_INTS = (int,) * rules.HAND_SIZE


def check_assignment(s: State, p: int, choice: object) -> tuple[int, ...]:
    """R6: one card of ``p``'s hand on each of the 4 cartouches; the cards as a tuple."""
    if type(choice) not in (list, tuple):
        raise RuleError("R6", N_("{player}: cards must be a list of 4 card values, not "
                                 "{value}"), player=named(p), value=shown(choice))
    cards = tuple(choice)  # type: ignore[arg-type]
    # Four whole numbers (not True, not 2.0): the types compared at once, as every assignment
    # of every game passes here.
    if tuple(map(type, cards)) != _FOUR_INTS:
        raise RuleError("R6", N_("{player}: exactly one card goes on each of the 4 "
                                 "cartouches; got {value}"), player=named(p), value=shown(choice))
    hand = s.hands[p]
    if sorted(cards) != sorted(hand):
        raise RuleError("R6", N_("{player}: the cards {value} are not the hand {hand}; each "
                                 "card of the hand goes on one cartouche"),
                        player=named(p), value=shown(choice), hand=sorted(hand))
    return cards


def check_square(s: State, ask: AskPlace | AskRemove | AskTakeBack, choice: object) -> int:
    """The index of the square ``choice`` names (a name like "T3.8" or an index 0-47), if
    ``ask`` may choose it; otherwise the RuleError that says which rule it breaks."""
    i = SQUARE_INDEX.get(choice) if type(choice) is str else (  # names: the usual form
        choice if type(choice) is int and 0 <= choice < 48 else None)
    if i is None:
        raise RuleError("R3", N_("{player}: {value} is not a square; squares are T1.1 to "
                                 "T4.12"), player=named(ask.p), value=shown(choice))
    if ask.legal(s.owned) >> i & 1:
        return i
    _refuse_square(s, ask, i)


def _refuse_square(s: State, ask: AskPlace | AskRemove | AskTakeBack, i: int) -> NoReturn:
    """Raise the RuleError that says why square i is not a legal choice for ``ask``."""
    p, name = ask.p, named(ask.p)
    sq = SQUARE_NAMES[i]
    board = s.board
    if isinstance(ask, AskTakeBack):  # R17: one's own counter, from the temple due
        if board[i] != p + 1:
            raise RuleError("R17", N_("{player}: {square} does not hold one of {player}'s "
                                      "counters"), player=name, square=sq)
        raise RuleError("R17", N_("{player}: the next counter to take back must come from "
                                  "temple {temple}, and {square} is in temple {its_temple} "
                                  "(one from each temple holding yours, then the "
                                  "highest-numbered)"),
                        player=name, temple=ask.temple, square=sq, its_temple=TEMPLE_OF[i])
    if TEMPLE_OF[i] > ask.temples:  # R12: only the temples cartouche 3 allows
        raise RuleError("R12", _TEMPLES_ALLOWED[ask.temples], player=name, square=sq,
                        its_temple=TEMPLE_OF[i], card=ask.temples)
    if isinstance(ask, AskRemove):  # R10: a counter of the player the removal targets
        holds = board[i] - 1 if board[i] else None
        want = "own" if ask.whose == p else ask.whose
        raise RuleError("R10", _NOT_REMOVABLE[holds, want], player=name, square=sq)
    raise RuleError("R13", N_("{player}: {square} is already occupied; a counter goes on an "
                              "empty square"), player=name, square=sq)


def decision_of(decision: object) -> Decision:
    """A ``Decision``, or its text parsed; R1 for anything else."""
    if isinstance(decision, str):
        return Decision.parse(decision)
    if not isinstance(decision, Decision):
        raise RuleError("R1", N_("a decision is a Decision or its text, like 'red assign "
                                 "3142', not {value}"), value=shown(decision))
    return decision


def check_moment(decision: Decision, pending: Ask) -> None:
    """Refuse ``decision`` unless it is of the kind and player ``pending`` waits for."""
    if (decision.kind, decision.player) != (pending.kind, pending.player):
        raise RuleError(pending.rule, N_("{player}: it is not the moment for {kind}; waiting "
                                         "for {prompt}"),
                        player=shown(decision.player), kind=shown(decision.kind),
                        prompt=Later(_prompt, pending))


def _prompt(ask: Ask) -> str:  # a module function, so that a refusal can be pickled
    return ask.prompt
