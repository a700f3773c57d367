"""How good a board is for one player: the judgement the greedy player and the search share.

No search here and no randomness: a pure function of the board, built on the rules (R16's scoring
lines from ``scoring.line_points``, R18's whole areas from ``rules.WHOLE_AREAS``).
"""

from __future__ import annotations

from ..engine import rules
from ..engine.board import board_masks
from ..engine.scoring import LINES, line_points


def evaluate(board: list[int] | tuple[int, ...], me: int) -> float:
    """How good the board is for player ``me`` (1 red, 2 blue): the scoring round it would
    give (R16, from ``scoring.line_points``), mine minus theirs, plus progress towards a whole
    temple, all yellow or all green (R18, from ``rules.WHOLE_AREAS``)."""
    return evaluate_masks(board_masks(board), me)


def evaluate_masks(owned: list[int] | tuple[int, int], me: int) -> float:
    """``evaluate`` of a board given as each player's bit mask (``Game.masks``): what the search
    calls at the end of every simulation, without rebuilding the masks from the board."""
    mine, theirs = me - 1, 2 - me
    score = 0.0
    for line in LINES:
        points = line_points(owned, line)
        score += points[mine] - points[theirs]
    temple, colour = area_progress(owned, mine)
    return score + 3 * temple + 2 * colour


def area_progress(owned: list[int] | tuple[int, int], p: int) -> tuple[int, int]:
    """Progress of player index ``p`` towards a whole temple and towards all yellow or all green
    (R18, ``rules.WHOLE_AREAS``), less the opponent's: counters beyond 7 of a temple's 12 (9 of
    a colour's 14) in an area the other player has no counter in. Returns (temples, colours)."""
    totals = [0, 0]
    for reason, _, area in rules.WHOLE_AREAS:
        near = area.bit_count() - 5  # from 8 of a temple's 12, 10 of a colour's 14
        m, o = (owned[p] & area).bit_count(), (owned[1 - p] & area).bit_count()
        progress = (max(0, m - near) if o == 0 else 0) - (max(0, o - near) if m == 0 else 0)
        totals[reason != "temple"] += progress
    return totals[0], totals[1]


__all__ = ["area_progress", "evaluate", "evaluate_masks"]
