"""The scoring round (R16): who scores what when the Kingdom of the Dead is full.

The breakdown is a pure function of the board, so lessons can compute and explain each line
from any position without playing a round.
"""

from __future__ import annotations

from .board import (
    BLACK_SQUARES,
    BLUE_SQUARES,
    BONUS_SQUARES,
    BONUS_VALUE,
    PLAYERS,
    SQUARE_NAMES,
    temple_squares,
)

#: R16, temple 4: the majority in temple 4 scores 3 for each blue square it occupies on the
#: *whole board* (0-12 points). Set to False for the other reading: only temple 4's own blue
#: square counts (0 or 3 points).
TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES = True

LINES = ("temple1", "temple2", "temple3", "temple4", "black", "bonus")

LINE_TITLES = {
    "temple1": "Temple 1",
    "temple2": "Temple 2",
    "temple3": "Temple 3",
    "temple4": "Temple 4",
    "black": "Black squares",
    "bonus": "Bonus squares",
}


def _count(board: list[int], squares, mark: int) -> int:
    return sum(1 for i in squares if board[i] == mark)


def score_line(board: list[int], line: str) -> dict:
    """One line of the scoring round: points per player and the counts that decide them.

    ``board`` holds 48 entries: 0 empty, 1 red, 2 blue. Returns ``{"line", "points":
    [red, blue], "counts": [red, blue], "majority": 0/1/None, ...}``; the bonus line also
    names the bonus squares each player holds (``"squares": [[red names], [blue names]]``).
    """
    if line == "bonus":
        pts = [0, 0]
        held = [[], []]
        for i in BONUS_SQUARES:
            if board[i]:
                pts[board[i] - 1] += BONUS_VALUE[i]
                held[board[i] - 1].append(SQUARE_NAMES[i])
        return {"line": line, "points": pts, "counts": [len(h) for h in held], "majority": None,
                "squares": held}
    if line == "black":
        counts = [_count(board, BLACK_SQUARES, 1), _count(board, BLACK_SQUARES, 2)]
        majority = _majority(counts)
        pts = [0, 0]
        if majority is not None:
            pts[majority] = 8
        return {"line": line, "points": pts, "counts": counts, "majority": majority}
    temple = int(line[-1])
    squares = temple_squares(temple)
    counts = [_count(board, squares, 1), _count(board, squares, 2)]
    majority = _majority(counts)
    pts = [0, 0]
    extra: dict = {}
    if majority is not None:
        if temple == 1:
            pts[majority] = counts[majority] - counts[1 - majority]
        elif temple == 2:
            pts[majority] = 5
        elif temple == 3:
            pts[majority] = counts[majority]
        else:
            blue = BLUE_SQUARES if TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES else (
                tuple(i for i in BLUE_SQUARES if i in squares))
            held = _count(board, blue, majority + 1)
            extra["blue_squares"] = held
            pts[majority] = 3 * held
    return {"line": line, "points": pts, "counts": counts, "majority": majority, **extra}


def _majority(counts: list[int]) -> int | None:
    """R16: strictly more counters; a tie has no majority."""
    if counts[0] > counts[1]:
        return 0
    if counts[1] > counts[0]:
        return 1
    return None


def breakdown(board: list[int]) -> dict:
    """The whole scoring round as in the formats: ``{"red": {temple1..bonus, total}, "blue": …}``."""
    return totals([score_line(board, line) for line in LINES])


def totals(lines: list[dict]) -> dict:
    """The breakdown (formats.md) from the six ``score_line`` results, in ``LINES`` order."""
    out: dict[str, dict[str, int]] = {name: {} for name in PLAYERS}
    for facts in lines:
        for p, name in enumerate(PLAYERS):
            out[name][facts["line"]] = facts["points"][p]
    for name in PLAYERS:
        out[name]["total"] = sum(out[name][line] for line in LINES)
    return out
