"""Cards and decks (R1): each player has 36 cards, nine each of the values 1, 2, 3 and 4."""

from __future__ import annotations

import random

VALUES = (1, 2, 3, 4)
COPIES = 9  # R1
DECK_SIZE = COPIES * len(VALUES)


#: A deck in order (R1), made once: every new game copies it and shuffles the copy.
ORDERED_DECK = tuple(v for v in VALUES for _ in range(COPIES))


def new_deck(rng: random.Random) -> list[int]:
    """A shuffled deck of 36 cards, top card first, drawn from the caller's generator."""
    deck = list(ORDERED_DECK)
    rng.shuffle(deck)
    return deck


def card_counts(cards: list[int]) -> dict[int, int]:
    """How many cards of each value 1-4."""
    return {v: cards.count(v) for v in VALUES}
