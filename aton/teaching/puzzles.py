"""Puzzles: decisions from real games where one choice is clearly best (``puzzlemaker.py``
makes them), shipped as data, checked again, answered and rated.

A puzzle holds a game record that replays to one player's pending decision and holds nothing
that player could not see (``puzzlemaker.public_record``), the question, the best choice(s),
every choice's worth in expected points (``mcts.ChoiceStats.worth``: points by the end of the
round, the board's worth in a scoring round, the exchange counter, a game won or lost), its
themes, a starting rating, and an explanation in English and Portuguese.

Why the margin is ``MARGIN`` = 3 expected points: a choice searched alone with ``ALONE``
simulations comes out within 0.12 points of itself from one seed to the next in the median
and within 0.86 points in 9 cases of 10 (``bench/bench_puzzles.py`` measures it on the shipped
set), and the coach's own judge counts choices within 1 point as equally good
(``bench/bench_coach.py``). Three points is several times the noise, and a difference a
learner can see in the values said in words.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

from ..engine.board import BONUS_VALUE, COLOUR, PLAYERS, SQUARE_INDEX, TEMPLE_OF
from ..engine.errors import RuleError, player_name
from ..engine.game import Game
from ..engine.records import replay
from ..engine.steps import ASKS
from ..engine.view import PlayerView
from ..i18n import N_, translator
from ..players.mcts import ChoiceStats, search
from .cartouches import hand_text

_ = translator("engine")

#: The games puzzles come from: (red, blue), each pair also with seats swapped.
PAIRS = (("greedy", "easy"), ("easy", "medium"), ("medium", "strong"), ("strong", "strong"),
         ("beginner", "medium"))
#: The scan's simulations (the strongest level's budget, 5 times over).
SCAN = 2000
#: Simulations for each choice searched alone.
ALONE = 1000
#: How much more (expected points) the best choice is worth than every other: see above.
MARGIN = 3.0
#: Two best choices within this many points of each other are both right answers.
TIE = 1.0
#: The seed ``check`` searches with (the generator's first pass; its second used seed 2).
CHECK_SEED = 1

#: The themes, each with its name and what it trains, in a learner's words.
THEMES = {
    "win": (N_("Win now"), N_("a choice that wins the game at once (R18)")),
    "stop": (N_("Stop a win"), N_("a choice that keeps the opponent from winning at once "
                                  "(R18)")),
    "points": (N_("Points"), N_("a choice that scores more this round (R7, R16)")),
    "deny": (N_("Deny points"), N_("a choice that keeps points from the opponent (R7, R16)")),
    "majority": (N_("Majorities"), N_("a choice that wins temples in the next scoring round "
                                      "(R16)")),
    "order": (N_("Go first"), N_("cards that win the order of play (R8)")),
    "exchange": (N_("Exchange"), N_("whether to hand in the exchange counter (R5)")),
}
# (No take-back theme: in the games measured, no take-back after a scoring round, R17, had a
# choice better than the others by the margin; README, "Puzzles".)

DATA = Path(__file__).parent / "data" / "puzzles.json"
FORMAT, VERSION = "aton-puzzles", 1

QUESTIONS = {
    "exchange": N_("You are {player}. Hand in the exchange counter for 4 new cards, or keep "
                   "these cards {hand}? (R5)"),
    "assign": N_("You are {player}, with the cards {hand}. Which card goes on which "
                 "cartouche? (R6)"),
    "remove": N_("You are {player}. Which counter do you remove? (R10)"),
    "place": N_("You are {player}. Where do you place your counter? (R13)"),
    "take_back": N_("You are {player}. Which counter do you take back? (R17)"),
}


@dataclass
class Puzzle:
    """One puzzle (see the module docstring). Choices are written as in a decision's text:
    ``yes``/``no``, ``3142``, ``T2.5``."""

    id: str
    kind: str
    player: str
    record: dict
    best: list[str]
    values: dict[str, float]
    greedy: str
    margin: float
    themes: list[str]
    rating: float
    solved: dict[str, float]
    where: str
    question: dict[str, str]
    explanation: dict[str, str]
    #: The analysis's figures behind the explanation: the best and next best choice, and
    #: what their simulations saw (``mcts.ChoiceStats``).
    facts: dict = field(default_factory=dict)

    def game(self) -> Game:
        """The game at the puzzle's decision (a fresh copy each time)."""
        return replay(self.record)

    def view(self) -> PlayerView:
        """The player's view of the decision: all a puzzle shows (R6)."""
        return self.game().view(self.player)

    @property
    def on_the_board(self) -> bool:
        """Answered by a square (a removal, a placement, a take-back), not by cards."""
        return ASKS[self.kind].board_choice

    def is_best(self, choice: object) -> bool:
        return choice_text(self.kind, choice) in self.best

    def value(self, choice: object) -> float:
        return self.values[choice_text(self.kind, choice)]

    @property
    def best_value(self) -> float:
        return max(self.values[c] for c in self.best)


def choice_text(kind: str, choice: object) -> str:
    """A choice as in a decision's text: ``yes``/``no``, ``3142``, ``T2.5``."""
    if kind == "exchange":
        return "yes" if choice else "no"
    if kind == "assign":
        return "".join(str(v) for v in choice)
    return str(choice)


def choice_of(kind: str, text: str) -> object:
    """The choice a text names (``choice_text`` read back)."""
    if kind == "exchange":
        return text == "yes"
    if kind == "assign":
        return tuple(int(v) for v in text)
    return text


def question_text(view: PlayerView) -> str:
    """The puzzle's question for ``view``'s pending decision, in the page's language."""
    hand = hand_text(view.hand) if view.hand else ""
    return _(QUESTIONS[view.pending.kind]).format(player=player_name(view.player), hand=hand)


def weigh(view: PlayerView, choice: object, simulations: int = ALONE,
          seed: int = CHECK_SEED) -> ChoiceStats:
    """What ``choice`` is worth, searched alone with the whole budget (``search(only=)``)."""
    return next(iter(search(view, simulations, seed=seed, only=[choice]).stats.values()))


def theme_name(theme: str) -> str:
    return _(THEMES[theme][0])


# ---------------------------------------------------------------------- the shipped set

def load(path: Path | str | None = None) -> list[Puzzle]:
    """The puzzles of a file (the shipped set by default); RuleError (R1) if it is not one."""
    path = Path(path) if path is not None else DATA
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleError("R1", N_("not an Aton puzzle file: 'format' must be {format}"),
                        format=repr(FORMAT))
    return [Puzzle(**p) for p in data["puzzles"]]


@cache
def shipped() -> tuple[Puzzle, ...]:
    """The shipped set, read once."""
    return tuple(load())


def by_id(ident: str) -> Puzzle | None:
    return next((p for p in shipped() if p.id == ident), None)


def dumps(puzzles: list[Puzzle], about: dict | None = None) -> str:
    """The puzzle file's text (one puzzle a line, so that a diff shows which changed)."""
    lines = [json.dumps(asdict(p), ensure_ascii=False, sort_keys=True) for p in puzzles]
    head = json.dumps({"format": FORMAT, "version": VERSION, "about": about or {}})[:-1]
    return head + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"


# ---------------------------------------------------------------------- checking

@dataclass
class Checked:
    """A puzzle searched again: the best choice's worth, the best other's, the margin now."""

    puzzle: Puzzle
    best: float
    other: str
    other_value: float

    @property
    def margin(self) -> float:
        return self.best - self.other_value

    @property
    def holds(self) -> bool:
        return self.margin >= MARGIN - 1e-9


def check(puzzle: Puzzle, simulations: int = ALONE, seed: int = CHECK_SEED,
          others: int = 3) -> Checked:
    """Search the puzzle's best choice(s) and its ``others`` best other choices alone again:
    the best must still be worth ``MARGIN`` more than each (``Checked.holds``)."""
    view = puzzle.view()
    kind = puzzle.kind
    heads = _heads(puzzle, view)  # one choice of each group of equivalent ones, as made
    best = min(weigh(view, choice_of(kind, c), simulations, seed).worth
               for c in heads if c in puzzle.best)
    rest = sorted((c for c in heads if c not in puzzle.best), key=lambda c: -puzzle.values[c])
    worth = {c: weigh(view, choice_of(kind, c), simulations, seed).worth
             for c in rest[:others]}
    other = max(worth, key=worth.get)
    return Checked(puzzle, best, other, worth[other])


def group_of(kind: str, choice: object) -> object:
    """Choices the rules make equivalent share a group: two squares of one temple with the
    same colour and bonus score alike (R16) and count alike for a whole temple, all yellow or
    all green (R18). Cards and the exchange are each their own group."""
    if ASKS[kind].board_choice:
        i = SQUARE_INDEX[choice]
        return (TEMPLE_OF[i], COLOUR[i], BONUS_VALUE[i])
    return choice


def _heads(puzzle: Puzzle, view: PlayerView) -> list[str]:
    """One choice of each group of equivalent choices: the first legal one, as the analysis
    that made the puzzle searched it (the file keeps the values sorted, not in that order)."""
    seen: dict = {}
    for choice in view.options():
        seen.setdefault(group_of(puzzle.kind, choice), choice_text(puzzle.kind, choice))
    return list(seen.values())


def pick(puzzles: list[Puzzle] | tuple[Puzzle, ...], rating: float, *,
         themes: set[str] | None = None, done: set[str] | frozenset = frozenset(),
         moved: dict[str, float] | None = None) -> Puzzle | None:
    """The puzzle to serve next: not yet tried, of the chosen themes (any when none), the one
    whose rating (as learners ``moved`` it, else its starting one) is nearest the learner's
    (ties: the first in the set)."""
    moved = moved or {}
    fits = [p for p in puzzles if p.id not in done and (not themes or themes & set(p.themes))]
    if not fits:
        return None
    return min(fits, key=lambda p: abs(moved.get(p.id, p.rating) - rating))


__all__ = ["ALONE", "CHECK_SEED", "MARGIN", "PAIRS", "PLAYERS", "SCAN", "THEMES", "TIE",
           "Checked", "Puzzle", "by_id", "check", "choice_of", "choice_text", "dumps", "group_of",
           "load",
           "pick", "question_text", "shipped", "theme_name", "weigh"]
