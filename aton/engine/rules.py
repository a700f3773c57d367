"""The rules of Aton as small pure functions over plain values: one place per rule.

Every part of the project that needs a rule calls it here: the step handlers (``handlers.py``), the
position checks (``position.py``), the computer players (``aton/players``), the app and the lessons.
The scoring lines (R16) live beside them in ``scoring.py``. Squares are indices 0..47 and a
player's squares a bit mask (``board.py``); players are 0 (red) and 1 (blue).
"""

from __future__ import annotations

from .board import (
    ALLOWED_MASK,
    COUNTERS,
    GREEN_MASK,
    KINGDOM_SIZE,
    SQUARES_PER_TEMPLE,
    TEMPLE_MASK,
    TEMPLE_OF,
    TEMPLES,
    YELLOW_MASK,
)
from .cards import DECK_SIZE

# COUNTERS (R1), DECK_SIZE (R1) and KINGDOM_SIZE (R2) are defined with the components they
# count (board.py, cards.py) and offered here with the other numbers of the rules.
__all__ = [
    "COUNTERS", "DECK_SIZE", "HAND_SIZE", "KINGDOM_SIZE", "TAKE_BACK", "WHOLE_AREAS",
    "WIN_POINTS", "allowed_squares", "cartouche1", "final_result", "game_over_after_scoring",
    "goes_first", "kingdom_full", "placement", "removal", "removal_target", "removes_nothing",
    "take_back_count", "take_back_order", "take_back_temple", "temples_held", "to_kingdom",
    "war_first", "win_at_once", "wins_at_once", "wins_by_points",
]

WIN_POINTS = 40  # R18, R19
TAKE_BACK = 4  # R17: counters each player takes back after a scoring round
HAND_SIZE = 4  # R4: cards drawn each round, one per cartouche (R6)



# ---------------------------------------------------------------------- cartouches 1 and 2

def cartouche1(red: int, blue: int) -> tuple[int | None, int]:
    """R7: who scores on cartouche 1 and how much: the higher card scores 2 × the difference;
    equal cards score nothing (``(None, 0)``)."""
    if red == blue:
        return None, 0
    return (0 if red > blue else 1), 2 * abs(red - blue)


def goes_first(red: tuple[int, ...], blue: tuple[int, ...]) -> tuple[int | None, str]:
    """R8: who goes first, from both players' cards on cartouches 1-4, and why: the lower
    cartouche-2 card (``"cartouche2"``); on a tie the lower cartouche-1 card (``"cartouche1"``);
    still tied, ``(None, "war")``: turn up cards (``war_first``)."""
    if red[1] != blue[1]:
        return (0 if red[1] < blue[1] else 1), "cartouche2"
    if red[0] != blue[0]:
        return (0 if red[0] < blue[0] else 1), "cartouche1"
    return None, "war"


def war_first(red: int, blue: int) -> int | None:
    """R8, war: the player whose turned-up card is lower goes first; equal cards turn again."""
    if red == blue:
        return None
    return 0 if red < blue else 1


def removal(card: int) -> int:
    """R10: cartouche 2's card minus 2. Positive: that many of the opponent's counters are
    removed; 0: none; -1: one of the player's own."""
    return card - 2


def removal_target(player: int, card: int) -> int:
    """R10: whose counters a cartouche-2 card removes: the opponent's for a 3 or 4, the
    player's own for a 1."""
    return 1 - player if card > 2 else player


def removes_nothing(round_no: int) -> bool:
    """R11: no counter is removed in round 1 of the game."""
    return round_no == 1


# ---------------------------------------------------------------------- cartouches 3 and 4

def allowed_squares(card: int) -> int:
    """R12: the squares a cartouche-3 card of value v opens (temples 1..v), as a bit mask, for
    both the removal (R10) and the placement (R13) of the same player."""
    return ALLOWED_MASK[card]


def placement(card: int, stock: int, free: int) -> tuple[int, int]:
    """R13: ``(taken, placed)``: a cartouche-4 card of value v takes v counters from stock
    (fewer if the stock has fewer); those that find no free square (``taken - placed``) go to
    the Kingdom of the Dead (R15)."""
    taken = min(card, stock)
    return taken, min(taken, free)


def to_kingdom(count: int, in_kingdom: int) -> tuple[int, int]:
    """R15: of ``count`` counters sent to the Kingdom of the Dead, how many find a place there
    and how many go back to their owner's stock because it is full."""
    room = max(0, KINGDOM_SIZE - in_kingdom)
    placed = min(count, room)
    return placed, count - placed


def kingdom_full(in_kingdom: int) -> bool:
    """R16: a full Kingdom of the Dead at the end of a round brings a scoring round."""
    return in_kingdom >= KINGDOM_SIZE


# ---------------------------------------------------------------------- after a scoring round

def take_back_order(scores: list[int] | tuple[int, int]) -> tuple[int, int]:
    """R17: who takes back first: the leader on the scores after the scoring round, red when
    the scores are tied."""
    return (1, 0) if scores[1] > scores[0] else (0, 1)


def take_back_count(on_board: int) -> int:
    """R17: how many of their own counters a player takes back: 4, or all of them if fewer."""
    return min(TAKE_BACK, on_board)


def take_back_temple(owned: int, first_pass: tuple[int, ...]) -> int:
    """R17: the temple the next counter must come from: one from each temple that held the
    player's counters when the take-back began (``first_pass``, lowest first), then the
    highest-numbered temple that still holds theirs."""
    if first_pass:
        return first_pass[0]
    return TEMPLE_OF[owned.bit_length() - 1]


def temples_held(owned: int) -> tuple[int, ...]:
    """The temples that hold at least one of the squares of ``owned``, lowest first."""
    return tuple(t for t in TEMPLES if owned & TEMPLE_MASK[t])


# ---------------------------------------------------------------------- the end of the game

def wins_by_points(score: int) -> bool:
    """R18: reaching 40 points wins at once (R19 after a scoring round)."""
    return score >= WIN_POINTS


#: R18's areas that win at once when one player occupies all of them, in its order of
#: precedence: each temple, then all yellow, then all green squares.
WHOLE_AREAS: tuple[tuple[str, int, int], ...] = (
    *(("temple", t, TEMPLE_MASK[t]) for t in TEMPLES),
    ("yellow", 0, YELLOW_MASK),
    ("green", 0, GREEN_MASK),
)


def wins_at_once(owned: int) -> list[tuple[str, int]]:
    """R18: every way the squares of ``owned`` win at once, as ``("temple", t)``,
    ``("yellow", 0)`` or ``("green", 0)``, in the order of precedence."""
    if owned.bit_count() < SQUARES_PER_TEMPLE:  # too few for a temple (12) or a colour (14)
        return []
    return [(reason, t) for reason, t, mask in WHOLE_AREAS if owned & mask == mask]


def win_at_once(owned: int) -> tuple[str, int] | None:
    """R18: the way ``owned`` wins at once that the rules name (the first of ``wins_at_once``),
    or None."""
    if owned.bit_count() < SQUARES_PER_TEMPLE:
        return None
    for reason, t, mask in WHOLE_AREAS:
        if owned & mask == mask:
            return reason, t
    return None


def game_over_after_scoring(scores: list[int] | tuple[int, int]) -> bool:
    """R19: a scoring round that takes a player to 40 or more ends the game once it is done."""
    return wins_by_points(max(scores))


def final_result(scores: list[int] | tuple[int, int]) -> str:
    """R19: after such a scoring round the higher score wins; equal scores are a draw."""
    if scores[0] == scores[1]:
        return "draw"
    return "red" if scores[0] > scores[1] else "blue"

