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
        picker.on_change(self.apply_picker)  # each click may move the ring to the next card

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
        self.apply_picker()
        squares = [sq for _cartouches, marks, _keep in self.marks.values() for sq in marks]
        keep = [sq for _cartouches, _marks, kept in self.marks.values() for sq in kept]
        self.board.show_hint(squares, keep)

    def apply_picker(self) -> None:
        """Ring, for each hint, the next card to put and its cartouche: the first cartouche
        (in order) that does not hold the card the hint gives it. Rung all at once, four
        cards and four cartouches say nothing of which goes where; one pair at a time, each
        two clicks the learner makes move the ring on to the next pair, until the hand lies
        as the hint says and nothing is rung."""
        picker = self.picker
        wanted: set[int] = set()  # indices into picker.cards
        slots: set[int] = set()
        hand = picker.hand if self.picker_shown and not picker.hidden else ()
        for cartouches, _squares, _keep in self.marks.values():
            step = next_card(hand, picker.slot_of, cartouches)
            if step is not None:
                slots.add(step[0])
                if step[1] is not None:
                    wanted.add(step[1])
        for k, button in enumerate(picker.slots):
            _mark(button, k in slots)
        for k, button in enumerate(picker.cards):
            _mark(button, k in wanted)

    def cards(self) -> list[int]:
        """The picker's cards marked now, by value."""
        hand = self.picker.hand or ()
        return [hand[i] for i, b in enumerate(self.picker.cards)
                if HINT_CLASS in b._dom_classes and i < len(hand)]

    def cartouches(self) -> list[int]:
        return [c + 1 for c, b in enumerate(self.picker.slots) if HINT_CLASS in b._dom_classes]


def next_card(hand: tuple[int, ...], slot_of: list[int | None],
              cartouches: dict[int, int]) -> tuple[int, int | None] | None:
    """The next step of a hint that puts card values on cartouches (1-4): (cartouche index,
    index in ``hand`` of a card of its value), or None once each holds its card. ``slot_of``
    is the picker's cartouche -> index in hand. The card offered is one in the hand if there
    is one, else one lying on a cartouche that the hint does not give it to."""
    if not hand:
        return None
    # The cards that already lie where the hint says stay where they are.
    settled = {slot_of[c - 1] for c, v in cartouches.items()
               if slot_of[c - 1] is not None and hand[slot_of[c - 1]] == v}
    for cartouche, value in sorted(cartouches.items()):
        lying = slot_of[cartouche - 1]
        if lying is not None and hand[lying] == value:
            continue
        free = [k for k, v in enumerate(hand) if v == value and k not in settled]
        free.sort(key=lambda k: k in slot_of)  # a card in the hand before one on a cartouche
        return cartouche - 1, free[0] if free else None
    return None


def _mark(button, on: bool) -> None:
    if on and HINT_CLASS not in button._dom_classes:
        button.add_class(HINT_CLASS)
    elif not on and HINT_CLASS in button._dom_classes:
        button.remove_class(HINT_CLASS)


__all__ = ["HintMarks", "next_card"]
