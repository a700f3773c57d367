"""Cards and decks (R1): each player has 36 cards, nine each of the values 1, 2, 3 and 4."""

from __future__ import annotations

import random

VALUES = (1, 2, 3, 4)
COPIES = 9  # R1
DECK_SIZE = COPIES * len(VALUES)


_INT = {int}
_VALUE_SET = set(VALUES)


def are_card_values(cards: list) -> bool:
    """Whether every item is a card value 1-4 (R1), a whole number: True is not 1, though
    Python counts it so. The types and the values are checked as sets, as every round read
    through ``play_round`` checks some sixty cards."""
    return set(map(type, cards)) <= _INT and set(cards) <= _VALUE_SET


#: A deck in order (R1), made once: every new game copies it and shuffles the copy.
ORDERED_DECK = tuple(v for v in VALUES for _ in range(COPIES))


def below(n: int, rng: random.Random) -> int:
    """A whole number 0 <= k < n from ``rng``, the very one ``rng.randrange(n)`` draws (and the
    index ``rng.choice`` takes from a list of ``n``): ``getrandbits`` drawn again while out of
    range, as CPython draws it. One call where the library makes two, as every random choice
    of a simulated game passes here (tests/test_engine_design.py compares them)."""
    bits = n.bit_length()
    k = rng.getrandbits(bits)
    while k >= n:
        k = rng.getrandbits(bits)
    return k


#: For each number of cards, the steps of a shuffle from the last card up: (position i, the
#: i + 1 positions 0..i it may swap with, the bits drawn for one of them).
_SHUFFLE_STEPS = [tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
                  for n in range(4 * DECK_SIZE + 1)]


def shuffle(cards: list, rng: random.Random) -> None:
    """Shuffle ``cards`` in place, to the very order ``rng.shuffle(cards)`` gives: Fisher-Yates
    from the last card, each position drawn with ``getrandbits`` and drawn again while out of
    range, as CPython's ``random.shuffle`` draws it (tests/test_engine_design.py compares them).

    Written out because every deal, every reshuffle of discards (R1, R4) and every sample of the
    search's unseen cards passes here: the library's calls two Python functions per card."""
    getrandbits = rng.getrandbits
    n = len(cards)
    steps = _SHUFFLE_STEPS[n] if n < len(_SHUFFLE_STEPS) else (
        tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1)))
    for i, n, bits in steps:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def new_deck(rng: random.Random) -> list[int]:
    """A shuffled deck of 36 cards, top card first, drawn from the caller's generator."""
    deck = list(ORDERED_DECK)
    shuffle(deck, rng)
    return deck

