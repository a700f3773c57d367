"""The scoring round (R16): who scores what when the Kingdom of the Dead is full.

The breakdown is a pure function of the board, so lessons can compute and explain each line
from any position without playing a round.
"""

from __future__ import annotations

from ..i18n import N_
from .board import (
    BLACK_SQUARES,
    BLUE_SQUARES,
    BONUS_SQUARES,
    BONUS_VALUE,
    PLAYERS,
    SQUARE_NAMES,
    TEMPLE_MASK,
    TEMPLE_OF,
    Names,
    board_masks,
)

#: R16, temple 4: the majority in temple 4 scores 3 for each blue square it occupies on the
#: *whole board* (0-12 points). Set to False for the other reading: only temple 4's own blue
#: square counts (0 or 3 points).
TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES = True

LINES = ("temple1", "temple2", "temple3", "temple4", "black", "bonus")

#: Each line's title, read in the current language.
LINE_TITLES = Names({
    "temple1": N_("Temple 1"),
    "temple2": N_("Temple 2"),
    "temple3": N_("Temple 3"),
    "temple4": N_("Temple 4"),
    "black": N_("Black squares"),
    "bonus": N_("Bonus squares"),
})


def temple4_blue_squares() -> tuple[int, ...]:
    """The blue squares the temple-4 line counts (R16), read from the switch above at each
    call, so that the score, the app's highlighting and the computer players change together."""
    if TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES:
        return BLUE_SQUARES
    return tuple(i for i in BLUE_SQUARES if TEMPLE_OF[i] == 4)


def _mask(squares) -> int:
    return sum(1 << i for i in squares)


_BLACK = _mask(BLACK_SQUARES)
#: The blue squares the temple-4 line counts, as a mask, under each reading of R16 (the switch
#: above picks one at each call; both are made once, as every judgement of a board asks).
_TEMPLE4_BLUE = {True: _mask(BLUE_SQUARES),
                 False: _mask(i for i in BLUE_SQUARES if TEMPLE_OF[i] == 4)}
_BONUS = tuple((1 << i, i) for i in BONUS_SQUARES)


def majority(counts: list[int] | tuple[int, int]) -> int | None:
    """R16: the player with strictly more counters; a tie has no majority."""
    if counts[0] > counts[1]:
        return 0
    if counts[1] > counts[0]:
        return 1
    return None


def line_points(owned: list[int] | tuple[int, int], line: str) -> tuple[int, int]:
    """The points (red's, blue's) one line of the scoring round gives (R16), from each player's
    squares as a bit mask: ``line_facts``' points alone, for code that judges many boards (the
    computer players) and reads nothing else."""
    red, blue = owned
    if line == "bonus":
        return _bonus(red), _bonus(blue)
    area = _BLACK if line == "black" else TEMPLE_MASK[int(line[-1])]
    r, b = (red & area).bit_count(), (blue & area).bit_count()
    if r == b:  # a tie scores nothing
        return 0, 0
    m = 0 if r > b else 1  # the majority: strictly more counters
    if line == "black":
        points = 8
    elif line == "temple1":  # the difference
        points = abs(r - b)
    elif line == "temple2":
        points = 5
    elif line == "temple3":  # its own counters there
        points = max(r, b)
    else:  # temple 4: 3 for each blue square the majority occupies
        points = 3 * ((red, blue)[m] & _TEMPLE4_BLUE[TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES]
                      ).bit_count()
    return (points, 0) if m == 0 else (0, points)


def _bonus(owned: int) -> int:
    return sum(BONUS_VALUE[i] for bit, i in _BONUS if owned & bit)


def line_facts(owned: list[int] | tuple[int, int], line: str) -> dict:
    """One line of the scoring round (R16) from each player's squares as a bit mask: points per
    player and the counts that decide them (see ``score_line``)."""
    if line == "bonus":
        pts = [0, 0]
        held: list[list[str]] = [[], []]
        for bit, i in _BONUS:
            for p in (0, 1):
                if owned[p] & bit:
                    pts[p] += BONUS_VALUE[i]
                    held[p].append(SQUARE_NAMES[i])
        return {"line": line, "points": pts, "counts": [len(h) for h in held],
                "majority": None, "squares": held}
    area = _BLACK if line == "black" else TEMPLE_MASK[int(line[-1])]
    counts = [(owned[0] & area).bit_count(), (owned[1] & area).bit_count()]
    m = majority(counts)
    pts = [0, 0]
    facts = {"line": line, "points": pts, "counts": counts, "majority": m}
    if m is None:
        return facts
    if line == "black":
        pts[m] = 8
    elif line == "temple1":  # the difference
        pts[m] = counts[m] - counts[1 - m]
    elif line == "temple2":
        pts[m] = 5
    elif line == "temple3":  # its own counters there
        pts[m] = counts[m]
    else:  # temple 4: 3 for each blue square the majority occupies
        held = (owned[m] & _TEMPLE4_BLUE[TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES]).bit_count()
        facts["blue_squares"] = held
        pts[m] = 3 * held
    return facts


def score_line(board: list[int] | tuple[int, ...], line: str) -> dict:
    """One line of the scoring round: points per player and the counts that decide them.

    ``board`` holds 48 entries: 0 empty, 1 red, 2 blue. Returns ``{"line", "points":
    [red, blue], "counts": [red, blue], "majority": 0/1/None, ...}``; the temple-4 line adds
    ``"blue_squares"`` (how many the majority occupies) and the bonus line names the bonus
    squares each player holds (``"squares": [[red names], [blue names]]``).
    """
    return line_facts(board_masks(board), line)


def breakdown(board: list[int] | tuple[int, ...]) -> dict:
    """The whole scoring round as in the formats: ``{"red": {temple1..bonus, total}, "blue": …}``."""
    owned = board_masks(board)
    return totals([line_facts(owned, line) for line in LINES])


def totals(lines: list[dict]) -> dict:
    """The breakdown (formats.md) from the six ``score_line`` results, in ``LINES`` order."""
    out: dict[str, dict[str, int]] = {}
    for p, name in enumerate(PLAYERS):
        points = {facts["line"]: facts["points"][p] for facts in lines}
        points["total"] = sum(points.values())
        out[name] = points
    return out
