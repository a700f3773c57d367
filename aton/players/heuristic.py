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
    for reason, _, area in rules.WHOLE_AREAS:
        # Reward being near a whole area the opponent has no counter in; fear the reverse.
        weight = 3 if reason == "temple" else 2
        near = area.bit_count() - 5  # from 8 of a temple's 12, 10 of a colour's 14
        m, o = (owned[mine] & area).bit_count(), (owned[theirs] & area).bit_count()
        if o == 0:
            score += max(0, m - near) * weight
        if m == 0:
            score -= max(0, o - near) * weight
    return score


__all__ = ["evaluate", "evaluate_masks"]
