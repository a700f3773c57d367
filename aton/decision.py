"""Decisions: what a player chooses, as a small value with a text form that round-trips.

``red exchange yes`` · ``red assign 3142`` · ``blue remove T1.2`` · ``red place T2.2`` ·
``red take_back T3.1``. ``Decision.parse(str(d)) == d``, as ``chess.Move.from_uci`` does for a
move; game records (``record.py``) are lists of these texts.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import PLAYERS

#: The decisions a player can be asked for, and the rule each one follows.
DECISION_RULES = {
    "exchange": "R5",
    "assign": "R6",
    "remove": "R10",
    "place": "R13",
    "take_back": "R17",
}


class Decision(NamedTuple):
    """One player's choice at one decision: ``kind``, ``player`` and the ``choice`` made."""

    kind: str
    player: str
    choice: object

    def __str__(self) -> str:
        c = self.choice
        if self.kind == "exchange":
            c = "yes" if c else "no"
        elif self.kind == "assign":
            c = "".join(str(v) for v in c)
        return f"{self.player} {self.kind} {c}"

    @classmethod
    def parse(cls, text: str) -> Decision:
        try:
            player, kind, value = text.split()
        except ValueError:
            raise ValueError(f"not a decision: {text!r}") from None
        if player not in PLAYERS or kind not in DECISION_RULES:
            raise ValueError(f"not a decision: {text!r}")
        if kind == "exchange":
            choice: object = value == "yes"
        elif kind == "assign":
            choice = tuple(int(v) for v in value)
        else:
            choice = value
        return cls(kind, player, choice)
