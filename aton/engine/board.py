"""The board of Aton as data (R2, R3): four temples of 12 squares and the Kingdom of the Dead.

Squares are named ``T<temple>.<square>`` (``T3.8``); inside the engine a square is an index
0..47, ``(temple - 1) * 12 + (square - 1)``. Everything that depends on the printed board
(colours, bonus values, where the temples sit) is read from the tables here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..i18n import N_, language, translator
from .errors import RuleError, named, shown

_ = translator("engine")

PLAYERS = ("red", "blue")
TEMPLES = (1, 2, 3, 4)
SQUARES_PER_TEMPLE = 12
ROWS, COLUMNS = 3, 4
KINGDOM_SIZE = 8  # R2
COUNTERS = 29  # R1

YELLOW, GREEN, BLACK, BLUE, BONUS = "Y", "G", "K", "B", "+"

# R3, row by row, squares 1-12 of each temple. "+1"/"+2" are bonus squares (no other colour).
LAYOUT: dict[int, tuple[str, ...]] = {
    1: ("Y", "Y", "Y", "Y", "K", "K", "+1", "B", "G", "G", "G", "G"),
    2: ("Y", "Y", "Y", "Y", "K", "K", "+1", "B", "G", "G", "G", "G"),
    3: ("Y", "Y", "Y", "+1", "K", "K", "K", "B", "G", "G", "G", "+1"),
    4: ("Y", "Y", "Y", "+2", "K", "K", "K", "B", "G", "G", "G", "+2"),
}

# Where each temple sits on the printed board: (row, column) of a 2x2 arrangement (R3).
TEMPLE_POSITION = {1: (0, 0), 2: (0, 1), 3: (1, 0), 4: (1, 1)}


class Names(Mapping):
    """A table of names marked ``N_`` in English, read in the current language: ``names[key]``
    translates when it is read, so a table made at import time follows ``set_language``."""

    def __init__(self, english: dict) -> None:
        self.english = english

    def __getitem__(self, key) -> str:
        return _(self.english[key])

    def __iter__(self) -> Iterator:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)


# The rules (R3) call "B" squares blue; learners read "turquoise", so that "blue" always means
# the blue player and never a square.
# Translators: a square's colour, alone (a legend's word).
COLOUR_NAMES = Names({"Y": N_("yellow"), "G": N_("green"), "K": N_("black"),
                      "B": N_("turquoise"), "+": N_("bonus")})

def capitalized(sentence: str) -> str:
    """The sentence with its first letter in capitals ("red keeps…" → "Red keeps…")."""
    return sentence[:1].upper() + sentence[1:]


#: Index -> "T<t>.<s>".
SQUARE_NAMES: tuple[str, ...] = tuple(
    f"T{t}.{s}" for t in TEMPLES for s in range(1, SQUARES_PER_TEMPLE + 1)
)
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}

#: Index -> colour letter (Y, G, K, B, or "+" for a bonus square).
COLOUR: tuple[str, ...] = tuple(
    "+" if kind.startswith("+") else kind for t in TEMPLES for kind in LAYOUT[t]
)
#: Index -> bonus value printed on the square (0 on a square that is not a bonus square).
BONUS_VALUE: tuple[int, ...] = tuple(
    int(kind[1:]) if kind.startswith("+") else 0 for t in TEMPLES for kind in LAYOUT[t]
)
#: Index -> temple number 1..4.
TEMPLE_OF: tuple[int, ...] = tuple(t for t in TEMPLES for _ in range(SQUARES_PER_TEMPLE))

YELLOW_SQUARES = tuple(i for i, c in enumerate(COLOUR) if c == YELLOW)
GREEN_SQUARES = tuple(i for i, c in enumerate(COLOUR) if c == GREEN)
BLACK_SQUARES = tuple(i for i, c in enumerate(COLOUR) if c == BLACK)
BLUE_SQUARES = tuple(i for i, c in enumerate(COLOUR) if c == BLUE)
BONUS_SQUARES = tuple(i for i, v in enumerate(BONUS_VALUE) if v)


def temple_squares(temple: int) -> range:
    """The indices of the 12 squares of ``temple`` (1..4)."""
    start = (temple - 1) * SQUARES_PER_TEMPLE
    return range(start, start + SQUARES_PER_TEMPLE)


#: Squares of temples 1..v, the area a cartouche-3 card of value v allows (R12).
ALLOWED_SQUARES: dict[int, tuple[int, ...]] = {
    v: tuple(range(v * SQUARES_PER_TEMPLE)) for v in TEMPLES
}


# ---------------------------------------------------------------------- squares as bit masks
# The engine also keeps each player's squares as a 48-bit int (bit i = square i), so finding
# the free or owned squares of an area, or a whole temple, is a few int operations instead of a
# scan of the board.

#: Index -> its bit.
SQUARE_BIT: tuple[int, ...] = tuple(1 << i for i in range(4 * SQUARES_PER_TEMPLE))
#: Temple 1..4 -> the mask of its 12 squares.
TEMPLE_MASK: dict[int, int] = {
    t: ((1 << SQUARES_PER_TEMPLE) - 1) << ((t - 1) * SQUARES_PER_TEMPLE) for t in TEMPLES
}
#: Cartouche-3 value v -> the mask of temples 1..v (R12).
ALLOWED_MASK: dict[int, int] = {v: (1 << (v * SQUARES_PER_TEMPLE)) - 1 for v in TEMPLES}
YELLOW_MASK = sum(SQUARE_BIT[i] for i in YELLOW_SQUARES)
GREEN_MASK = sum(SQUARE_BIT[i] for i in GREEN_SQUARES)


def _pattern_names(temple: int) -> tuple[tuple[str, ...], ...]:
    """For each 12-bit pattern of temple's squares (bit j = square j + 1), their names in board
    order. Pattern m lists the names of m without its lowest bit, after that bit's name."""
    first = (temple - 1) * SQUARES_PER_TEMPLE
    table: list[tuple[str, ...]] = [()]
    for m in range(1, 1 << SQUARES_PER_TEMPLE):
        low = (m & -m).bit_length() - 1
        table.append((SQUARE_NAMES[first + low],) + table[m & (m - 1)])
    return tuple(table)


_T1, _T2, _T3, _T4 = (_pattern_names(t) for t in TEMPLES)
_PATTERN = (1 << SQUARES_PER_TEMPLE) - 1


def mask_names(mask: int) -> list[str]:
    """The names of the squares of ``mask``, in board order: one table look-up per temple,
    whose 12 bits start at bit 0, 12, 24 and 36 (written out, as this builds the options of
    most decisions)."""
    return [*_T1[mask & _PATTERN], *_T2[mask >> 12 & _PATTERN], *_T3[mask >> 24 & _PATTERN],
            *_T4[mask >> 36 & _PATTERN]]


def mask_indices(mask: int) -> list[int]:
    """The indices of the squares of ``mask`` (a mask of the 48 squares, not negative), in
    board order."""
    indices = []
    while mask:
        low = mask & -mask  # the lowest square left
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


#: Byte tables that turn a board's marks (0 empty, 1 red, 2 blue) into one player's binary digits.
_RED_DIGITS = bytes.maketrans(b"\x00\x01\x02", b"010")
_BLUE_DIGITS = bytes.maketrans(b"\x00\x01\x02", b"001")


def board_masks(board: list[int] | tuple[int, ...]) -> list[int]:
    """[red's mask, blue's mask] of a board (0 empty, 1 red, 2 blue)."""
    # The board as bytes, square 47 first, translated to each player's binary digits and read
    # as a number: a few calls in C instead of a loop over 48 squares, as every judgement of a
    # board (the greedy player, each simulation of the search) starts here.
    marks = bytes(board)[::-1]
    return [int(marks.translate(_RED_DIGITS), 2), int(marks.translate(_BLUE_DIGITS), 2)]


def square_index(name: str, who: str = "") -> int:
    """Parse ``"T3.8"`` into an index; anything else is refused naming R3."""
    try:
        return SQUARE_INDEX[name]
    except (KeyError, TypeError):
        if who:
            raise RuleError("R3", N_("{player}: {value} is not a square; squares are T1.1 to "
                                     "T4.12 (temple 1-4, square 1-12 row by row)"),
                            player=named(who), value=shown(name)) from None
        raise RuleError("R3", N_("{value} is not a square; squares are T1.1 to T4.12 (temple "
                                 "1-4, square 1-12 row by row)"), value=shown(name)) from None


_SQUARE_KINDS = {
    # Translators: a square's name with its kind, as in "Red places a counter on T1.2 (a yellow
    # square)".
    "Y": N_("{square} (a yellow square)"),
    "G": N_("{square} (a green square)"),
    "K": N_("{square} (a black square)"),
    "B": N_("{square} (a turquoise square)"),
}
_DESCRIPTIONS = {
    "Y": N_("{square} (temple {temple}, yellow)"),
    "G": N_("{square} (temple {temple}, green)"),
    "K": N_("{square} (temple {temple}, black)"),
    "B": N_("{square} (temple {temple}, turquoise)"),
}


def square_with_kind(name: str) -> str:
    """'T1.2 (a yellow square)' / 'T1.7 (a +1 bonus square)', for the events' sentences."""
    # Every removal and placement says one: the 48 are written once per language.
    code = language()
    table = _WITH_KIND.get(code)
    if table is None:
        table = _WITH_KIND[code] = {square: _with_kind(square) for square in SQUARE_NAMES}
    return table[name]


_WITH_KIND: dict[str, dict[str, str]] = {}  # language -> square's name -> square_with_kind


def _with_kind(name: str) -> str:
    i = SQUARE_INDEX[name]
    if COLOUR[i] == BONUS:
        return _("{square} (a +{value} bonus square)").format(square=name, value=BONUS_VALUE[i])
    return _(_SQUARE_KINDS[COLOUR[i]]).format(square=name)


def describe_square(index: int) -> str:
    """A learner's description of a square: ``T1.7 (temple 1, bonus +1)``."""
    name, temple = SQUARE_NAMES[index], TEMPLE_OF[index]
    if COLOUR[index] == BONUS:
        return _("{square} (temple {temple}, bonus +{value})").format(
            square=name, temple=temple, value=BONUS_VALUE[index])
    return _(_DESCRIPTIONS[COLOUR[index]]).format(square=name, temple=temple)


# The temples a cartouche-3 value opens (R12), alone and after "in", "from" and "of": whole
# phrases, as Portuguese joins the preposition to the article ("no templo 1", "dos templos 1 a 3").
_TEMPLES = {
    # Translators: the temples a cartouche 3 opens; the sentences use "in", "from" or "of" ones.
    "": (N_("temple 1"), N_("temples 1 and 2"), N_("temples 1 to {last}")),
    "in": (N_("in temple 1"), N_("in temples 1 and 2"), N_("in temples 1 to {last}")),
    "from": (N_("from temple 1"), N_("from temples 1 and 2"), N_("from temples 1 to {last}")),
    "of": (N_("of temple 1"), N_("of temples 1 and 2"), N_("of temples 1 to {last}")),
}


def temples_text(v: int, preposition: str = "") -> str:
    """'temple 1', 'temples 1 and 2', 'temples 1 to 3'... for a cartouche-3 value (R12);
    with ``preposition`` "in", "from" or "of" in front ("in temples 1 to 3")."""
    one, two, more = _TEMPLES[preposition]
    return _(one if v == 1 else two if v == 2 else more).format(last=v)
