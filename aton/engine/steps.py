"""The steps of a round: one small type per kind of step, with named fields.

A game's agenda (``State.agenda``) is a stack of these: the next step is the last one. An
automatic step is carried out by its handler (``handlers.py``); an ``Ask`` step waits for a player's
decision and is what ``game.pending`` returns. Players are 0 (red) and 1 (blue), squares are
indices 0..47 (``board.py``). Steps are never changed once made, so clones of a game share them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import N_, translator
from .board import ALLOWED_MASK, KINGDOM_SIZE, PLAYERS, TEMPLE_MASK, temples_text
from .errors import player_name
from .scoring import LINE_TITLES

_ = translator("engine")


class Step:
    """One thing the game does next. ``kind`` names it (as in ``Game.upcoming``)."""

    __slots__ = ()
    kind = ""
    ask = False  # True for the decisions (``Ask``): a class attribute, cheaper than isinstance


# ---------------------------------------------------------------------- automatic steps

@dataclass(slots=True)
class Deal(Step):
    """R4: a new round: each player draws 4 cards."""

    kind = "deal"


@dataclass(slots=True)
class Reveal(Step):
    """R6: both players turn their cards up."""

    kind = "reveal"


@dataclass(slots=True)
class Points(Step):
    """R7: cartouche 1, the higher card scores."""

    kind = "points"


@dataclass(slots=True)
class Order(Step):
    """R8: cartouche 2 decides who goes first (with a war on a double tie)."""

    kind = "order"


@dataclass(slots=True)
class Turn(Step):
    """R9: ``p`` now carries out cartouches 2, 3 and 4."""

    p: int
    kind = "turn"


@dataclass(slots=True)
class Removal(Step):
    """R10-R12: what ``p``'s cartouche 2 removes."""

    p: int
    kind = "removal"


@dataclass(slots=True)
class AutoRemove(Step):
    """R10: ``p`` removes ``whose`` counter on ``square``, with no choice left."""

    p: int
    whose: int
    square: int
    kind = "auto_remove"


@dataclass(slots=True)
class Placement(Step):
    """R13: how many counters ``p``'s cartouche 4 places."""

    p: int
    kind = "placement"


@dataclass(slots=True)
class AutoPlace(Step):
    """R13: ``p`` places a counter on ``square``, with no choice left."""

    p: int
    square: int
    kind = "auto_place"


@dataclass(slots=True)
class Overflow(Step):
    """R13, R15: ``count`` of ``p``'s counters found no free square."""

    p: int
    count: int
    kind = "overflow"


@dataclass(slots=True)
class WinCheck(Step):
    """R18: after ``p``'s cartouche 4, a whole temple, all yellow or all green wins. Silent
    unless someone wins."""

    p: int
    kind = "win_check"


@dataclass(slots=True)
class EndRound(Step):
    """R14: the cards go to the discard piles; a full Kingdom brings a scoring round (R16)."""

    kind = "end_round"


@dataclass(slots=True)
class ScoreLine(Step):
    """R16: one line of the scoring round, scored when the round ended (``scoring.line_facts``)."""

    line: str
    facts: dict
    kind = "score"


@dataclass(slots=True)
class ScoringEnd(Step):
    """R16, R19: the scoring round's totals; 40 or more ends the game."""

    kind = "scoring_end"


@dataclass(slots=True)
class TakeBackPlan(Step):
    """R17: how many counters ``p`` takes back, and from which temples."""

    p: int
    leads: bool
    kind = "take_back_plan"


@dataclass(slots=True)
class AutoTakeBack(Step):
    """R17: ``p`` takes back the counter on ``square``, with no choice left; ``count`` counts
    this one and those still to come, ``first_pass`` the temples still owed one each."""

    p: int
    square: int
    count: int
    first_pass: tuple[int, ...]
    kind = "auto_take_back"


@dataclass(slots=True)
class EmptyKingdom(Step):
    """R17: every counter in the Kingdom of the Dead goes back to its owner's stock."""

    kind = "return"


@dataclass(slots=True)
class Finish(Step):
    """R18, R19: the end of the game; ``facts`` say why (temple number, scores)."""

    facts: dict
    kind = "finish"


# ---------------------------------------------------------------------- decisions

class Ask(Step):
    """A decision the game waits for (``game.pending``): ``kind``, ``player`` and its limits.

    ``count`` is how many counters are still to remove, place or take back, this one included;
    ``temples`` the cartouche-3 value (temples 1..temples allowed, R12); ``target`` whose
    counters a removal takes (R10); ``temple`` the temple a take-back must come from (R17).

    ``secret``: decided face down, seen by nobody but the player until the cards are revealed
    (the exchange, R5, and the cards on the cartouches, R6). ``board_choice``: answered by
    choosing a square of the board (a removal, a placement, a take-back); such a decision's
    ``legal(owned)`` is the mask of the squares it may choose, from each player's squares
    (R10, R12, R13, R17). Every part of the program that must tell these apart asks them, so
    the rule lives here once.
    """

    __slots__ = ()
    ask = True
    rule = ""
    secret = False
    board_choice = False
    p: int

    @property
    def player(self) -> str:
        return PLAYERS[self.p]

    @property
    def prompt(self) -> str:
        """What the player is asked, in a learner's words."""
        return _PROMPTS[self.kind](self)


@dataclass(slots=True)
class AskExchange(Ask):
    """R5: hand in the exchange counter for 4 new cards?"""

    p: int
    kind = "exchange"
    rule = "R5"
    secret = True
    count = 1


@dataclass(slots=True)
class AskAssign(Ask):
    """R6: put one card of the hand on each cartouche."""

    p: int
    kind = "assign"
    rule = "R6"
    secret = True
    count = 1


@dataclass(slots=True)
class AskRemove(Ask):
    """R10: choose a counter of ``whose`` to remove from temples 1..``temples``."""

    p: int
    whose: int
    count: int
    temples: int
    kind = "remove"
    rule = "R10"
    board_choice = True

    @property
    def target(self) -> str:
        return PLAYERS[self.whose]

    def legal(self, owned: list[int]) -> int:
        """The squares it may choose, as a mask (``owned``: each player's squares): a counter
        of ``whose`` in the temples cartouche 3 allows (R10, R12)."""
        return owned[self.whose] & ALLOWED_MASK[self.temples]


@dataclass(slots=True)
class AskPlace(Ask):
    """R13: choose an empty square of temples 1..``temples`` for a counter."""

    p: int
    count: int
    temples: int
    kind = "place"
    rule = "R13"
    board_choice = True

    def legal(self, owned: list[int]) -> int:
        """An empty square of the temples cartouche 3 allows (R12, R13), as a mask."""
        return ~(owned[0] | owned[1]) & ALLOWED_MASK[self.temples]


@dataclass(slots=True)
class AskTakeBack(Ask):
    """R17: choose one of your counters in ``temple`` to take back."""

    p: int
    count: int
    temple: int
    first_pass: tuple[int, ...]
    kind = "take_back"
    rule = "R17"
    board_choice = True

    def legal(self, owned: list[int]) -> int:
        """One of the player's own counters in the temple due (R17), as a mask."""
        return owned[self.p] & TEMPLE_MASK[self.temple]


# The prompts, whole: (the last counter?) -> message. {temples} is "from temples 1 to 3" in a
# removal and "in temples 1 to 3" in a placement; {count} counts this one and those to come.
_REMOVE_PROMPTS = {
    ("own", True): N_("{player}: choose one of your own counters to remove {temples} (the last "
                      "one, R10)"),
    ("own", False): N_("{player}: choose one of your own counters to remove {temples} ({count} "
                       "still to go, R10)"),
    ("red", True): N_("{player}: choose a red counter to remove {temples} (the last one, R10)"),
    ("red", False): N_("{player}: choose a red counter to remove {temples} ({count} still to go, "
                       "R10)"),
    ("blue", True): N_("{player}: choose a blue counter to remove {temples} (the last one, R10)"),
    ("blue", False): N_("{player}: choose a blue counter to remove {temples} ({count} still to "
                        "go, R10)"),
}
_PLACE_PROMPTS = {
    True: N_("{player}: choose an empty square {temples} for a counter (the last one, R13)"),
    False: N_("{player}: choose an empty square {temples} for a counter ({count} still to go, "
              "R13)"),
}
_TAKE_BACK_PROMPTS = {
    True: N_("{player}: choose one of your counters in temple {temple} to take back (the last "
             "one, R17)"),
    False: N_("{player}: choose one of your counters in temple {temple} to take back ({count} "
              "still to go, R17)"),
}


def _remove_prompt(a: AskRemove) -> str:
    whose = "own" if a.whose == a.p else a.target
    return _(_REMOVE_PROMPTS[whose, a.count == 1]).format(
        player=player_name(a.p), temples=temples_text(a.temples, "from"), count=a.count)


_PROMPTS = {
    "exchange": lambda a: _("{player}: hand in the exchange counter for 4 new cards? (once per "
                            "game, R5)").format(player=player_name(a.p)),
    "assign": lambda a: _("{player}: put one card on each cartouche 1-4 (R6)").format(
        player=player_name(a.p)),
    "remove": _remove_prompt,
    "place": lambda a: _(_PLACE_PROMPTS[a.count == 1]).format(
        player=player_name(a.p), temples=temples_text(a.temples, "in"), count=a.count),
    "take_back": lambda a: _(_TAKE_BACK_PROMPTS[a.count == 1]).format(
        player=player_name(a.p), temple=a.temple, count=a.count),
}

#: What each automatic step will do, by its kind (``upcoming``; a win check that wins is the end).
UPCOMING = {
    "deal": N_("a new round: each player draws 4 cards (R4)"),
    "reveal": N_("both players turn their cards up (R6)"),
    "points": N_("cartouche 1: the higher card scores (R7)"),
    "order": N_("cartouche 2 decides who goes first (R8)"),
    "turn": N_("{player} plays cartouches 2, 3 and 4 (R9)"),
    "removal": N_("{player}'s cartouche 2: removing counters (R10)"),
    "auto_remove": N_("{player} removes a counter, with no choice left (R10)"),
    "placement": N_("{player}'s cartouche 4: placing counters (R13)"),
    "auto_place": N_("{player} places a counter, with no choice left (R13)"),
    "overflow": N_("counters that found no square go to the Kingdom of the Dead (R15)"),
    "end_round": N_("the end of the round (R14)"),
    "score": N_("the scoring round: {line} (R16)"),
    "scoring_end": N_("the scoring round's totals (R16)"),
    "take_back_plan": N_("{player} takes counters back (R17)"),
    "auto_take_back": N_("{player} takes back a counter, with no choice left (R17)"),
    "return": N_("the Kingdom of the Dead empties into the stocks (R17)"),
    "finish": N_("the end of the game (R18, R19)"),
    "win_check": N_("the end of the game (R18, R19)"),
}

#: Where counters that found no square will go (R13, R15), by the room left in the Kingdom.
UPCOMING_OVERFLOW = {
    "kingdom": N_("counters that found no square go to the Kingdom of the Dead (R13, R15)"),
    "stock": N_("counters that found no square stay in {player}'s stock: the Kingdom of the Dead "
                "is full (R13, R15)"),
    "split": N_("counters that found no square fill the Kingdom of the Dead; the rest stay in "
                "{player}'s stock (R13, R15)"),
}


def upcoming(step: Step, name: Callable[[str], str] = player_name,
             kingdom: int | None = None) -> str:
    """What ``step`` (an automatic step: ``Game.coming``) will do, in a learner's words and in
    the current language; ``name`` writes a player's name (the app colours it). ``kingdom``:
    how many counters the Kingdom of the Dead holds, so that counters that find no square are
    said to go where they will (R15: to the stock once it is full)."""
    player = name(PLAYERS[step.p]) if hasattr(step, "p") else ""
    line = LINE_TITLES[step.line] if isinstance(step, ScoreLine) else ""
    if isinstance(step, Overflow) and kingdom is not None:
        room = KINGDOM_SIZE - kingdom
        where = "kingdom" if step.count <= room else "stock" if room <= 0 else "split"
        return _(UPCOMING_OVERFLOW[where]).format(player=player)
    return _(UPCOMING[step.kind]).format(player=player, line=line)


#: Each decision's kind -> its step type (``ASKS["assign"].secret`` is True).
ASKS: dict[str, type[Ask]] = {a.kind: a for a in (AskExchange, AskAssign, AskRemove, AskPlace,
                                                  AskTakeBack)}

#: The steps that take no argument, made once: ``DEAL`` is the same object in every game.
DEAL, REVEAL, POINTS, ORDER = Deal(), Reveal(), Points(), Order()
END_ROUND, SCORING_END, EMPTY_KINGDOM = EndRound(), ScoringEnd(), EmptyKingdom()
