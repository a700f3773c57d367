"""The four cartouches in words: what a card will do on each one (R7-R13), for the app and
the lessons to explain a card before it is played. The rules it words are ``rules.py``'s.
"""

from __future__ import annotations

from .board import temples_text
from .rules import removal

#: What each cartouche decides (R7-R13).
CARTOUCHE_NAMES = {1: "points", 2: "order + removal", 3: "temples", 4: "placement"}


def meaning(cartouche: int, value: int, player: str, *, first_round: bool = False,
            stock: int | None = None) -> str:
    """What a card of ``value`` on ``cartouche`` will do for ``player``, in a learner's words
    (R7, R8, R10-R13). ``first_round`` notes R11; ``stock`` notes a stock smaller than the card."""
    other = "blue" if player == "red" else "red"
    if cartouche == 1:
        return (f"Cartouche 1 with a {value}: if it is higher than {other}'s cartouche-1 card "
                f"you score 2 × the difference; lower, {other} does (R7).")
    if cartouche == 2:
        n = removal(value)
        if n > 0:
            act = f"you remove {n} of {other}'s counters"
        elif n == 0:
            act = "you remove no counter"
        else:
            act = "you must remove 1 of your own counters"
        diff = str(n) if n >= 0 else f"−{-n}"
        text = (f"Cartouche 2 with a {value}: the lower card goes first (R8); "
                f"{value} − 2 = {diff}, so {act} (R10)")
        if first_round and n != 0:
            text += ", but nobody removes anything in round 1 (R11)"
        return text + "."
    if cartouche == 3:
        return (f"Cartouche 3 with a {value}: you may remove and place counters in "
                f"{temples_text(value)} (R12).")
    text = (f"Cartouche 4 with a {value}: you place {value} counter{'s' if value != 1 else ''} "
            f"on empty squares of the temples cartouche 3 allows (R13)")
    if stock is not None and stock < value:
        text += f"; only {stock} left in your stock, so {stock}"
    return text + "."
