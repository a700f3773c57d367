"""Hint marks: the ring a hint puts on the card picker's cards and cartouches and on the board.

Two hints mark the page: a guided lesson's (``Tutor``) and the coach's (``CoachPanel``). Each
says what to mark through ``HintMarks.show(source, ...)``; this object alone puts the class
``HINT_CLASS`` on the picker's buttons and the hint ring on the board, so neither hint reaches
into the other's marks or into the picker and the board.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import BoardView
from .picker import CardPicker
from .theme import HINT_CLASS


class HintMarks:
    """The marks of every hint shown now, by source ("lesson", "coach")."""

    def __init__(self, picker: CardPicker, board: BoardView) -> None:
        self.picker = picker
        self.board = board
        self.marks: dict[str, tuple[dict[int, int], tuple[str, ...], tuple[str, ...]]] = {}
        self.picker_shown = False  # the page says whether the picker is on screen

    def show(self, source: str, cartouches: dict[int, int] | None = None,
             squares: Iterable[str] = (), keep: Iterable[str] = ()) -> None:
        """``source``'s hint marks cartouche -> card value (the card of that value in the
        hand, and the cartouche), ``squares`` of the board to click (an orange ring) and the
        squares whose counter to ``keep`` (a green diamond)."""
        self.marks[source] = (dict(cartouches or {}), tuple(squares), tuple(keep))
        self.apply()

    def clear(self, source: str) -> None:
        if self.marks.pop(source, None) is not None:
            self.apply()

    def apply(self) -> None:
        """Put the marks on the picker (as it shows its hand now) and the board."""
        picker = self.picker
        wanted: set[int] = set()  # indices into picker.cards
        slots: set[int] = set()
        hand = picker.hand if self.picker_shown and not picker.hidden else ()
        for cartouches, _squares, _keep in self.marks.values():
            used: set[int] = set()
            for cartouche, value in sorted(cartouches.items()):
                if not hand:
                    break
                slots.add(cartouche - 1)
                i = next((k for k, v in enumerate(hand) if v == value and k not in used), None)
                if i is not None:
                    used.add(i)
                    wanted.add(i)
        for k, button in enumerate(picker.slots):
            _mark(button, k in slots)
        for k, button in enumerate(picker.cards):
            _mark(button, k in wanted)
        squares = [sq for _cartouches, marks, _keep in self.marks.values() for sq in marks]
        keep = [sq for _cartouches, _marks, kept in self.marks.values() for sq in kept]
        self.board.show_hint(squares, keep)

    def cards(self) -> list[int]:
        """The picker's cards marked now, by value."""
        hand = self.picker.hand or ()
        return [hand[i] for i, b in enumerate(self.picker.cards)
                if HINT_CLASS in b._dom_classes and i < len(hand)]

    def cartouches(self) -> list[int]:
        return [c + 1 for c, b in enumerate(self.picker.slots) if HINT_CLASS in b._dom_classes]


def _mark(button, on: bool) -> None:
    if on and HINT_CLASS not in button._dom_classes:
        button.add_class(HINT_CLASS)
    elif not on and HINT_CLASS in button._dom_classes:
        button.remove_class(HINT_CLASS)


__all__ = ["HintMarks"]
