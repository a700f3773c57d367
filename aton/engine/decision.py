"""Decisions: what a player chooses, as a small value with a text form that round-trips.

``red exchange yes`` · ``red assign 3142`` · ``blue remove T1.2`` · ``red place T2.2`` ·
``red take_back T3.1``. ``Decision.parse(str(d)) == d``, as ``chess.Move.from_uci`` does for a
move; game records (``record.py``) are lists of these texts.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_
from .board import PLAYERS, SQUARE_INDEX
from .errors import RuleError, named, shown
from .steps import ASKS

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

    @property
    def secret(self) -> bool:
        """Made face down (the exchange, R5, and the cards, R6): nobody but the player sees
        the choice before the cards are revealed (``Ask.secret``)."""
        return ASKS[self.kind].secret

    def __str__(self) -> str:
        c = self.choice
        if self.kind == "exchange":
            c = "yes" if c else "no"
        elif self.kind == "assign":
            c = "".join(str(v) for v in c)
        return f"{self.player} {self.kind} {c}"

    @classmethod
    def parse(cls, text: str) -> Decision:
        """The decision a text like ``red assign 3142`` names; RuleError for anything else.

        Only the exact form ``str`` writes is accepted: one space between the three words.
        A text that is no decision at all breaks R1 (two players, red and blue, and what
        they decide); a bad choice breaks its kind's rule (R5 exchange, R6 assign, R3 squares).
        """
        if not isinstance(text, str):
            raise RuleError("R1", N_("a decision is a text like 'red assign 3142', got {value}"),
                            value=shown(text))
        words = text.split(" ")
        if len(words) != 3:
            raise RuleError("R1", N_("a decision is three words, player, kind and choice (like "
                                     "'red assign 3142'), got {value}"), value=shown(text))
        player, kind, value = words
        if player not in PLAYERS:
            raise RuleError("R1", N_("the players are red and blue, so {value} is not a "
                                     "decision"), value=shown(text))
        who = named(player)
        if kind not in DECISION_RULES:
            raise RuleError("R1", N_("{player}: a decision is one of {kinds}, got {value}"),
                            player=who, kinds=", ".join(DECISION_RULES), value=shown(kind))
        choice: object
        if kind == "exchange":
            if value not in ("yes", "no"):
                raise RuleError("R5", N_("{player}: the exchange choice is yes or no, got "
                                         "{value}"), player=who, value=shown(value))
            choice = value == "yes"
        elif kind == "assign":
            if len(value) != 4 or not all(v in "1234" for v in value):
                raise RuleError("R6", N_("{player}: an assignment is the 4 card values (1-4) "
                                         "on cartouches 1-4, like 3142, got {value}"),
                                player=who, value=shown(value))
            choice = tuple(int(v) for v in value)
        else:
            if value not in SQUARE_INDEX:
                raise RuleError("R3", N_("{player}: {value} is not a square; squares are T1.1 "
                                         "to T4.12"), player=who, value=shown(value))
            choice = value
        return cls(kind, player, choice)
