"""Computer players. Each sees only its own ``PlayerView`` (never the opponent's hand or any
pile order) and has its own seeded generator, so its choices are reproducible and cannot leak
hidden information.

A player is any object with ``name`` and ``choose(view) -> choice``; ``play_game`` runs a game
between two of them. The levels (``names()``, weakest first, and ``get(name, seed=...)``) are
what the app, the command line and the strategy lab offer: random, a first-day beginner,
greedy, and the search player of ``mcts.py`` at four levels (``SEARCH_LEVELS``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import permutations
from types import MappingProxyType
from typing import Protocol

from ..engine import rules
from ..engine.board import SQUARE_INDEX, mask_indices
from ..engine.cards import VALUES, below
from ..engine.errors import shown
from ..engine.game import Game
from ..engine.view import PlayerView
from ..i18n import N_, translator
from .evaluation import shipped
from .heuristic import evaluate
from .mcts import ISMCTSPlayer

_ = translator("engine")


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView) -> object:
        """The choice for ``view.pending`` (one of ``view.options()``)."""


class RandomPlayer:
    """Uniform over the legal choices: a square, an assignment of the hand to the cartouches
    (each distinct one alike, R6) or the exchange's yes or no (R5)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> object:
        options = view.options()
        return options[below(len(options), self.rng)]  # rng.choice's pick, in one call


# ---------------------------------------------------------------------- the greedy player

class GreedyPlayer:
    """A one-step-lookahead heuristic: each counter goes where ``evaluate`` gains most, each
    removal takes the opponent's most valuable counter, and cards go on the cartouches where
    points, removals and placements add up best."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # breaks ties, so equal choices do not always go left

    def choose(self, view: PlayerView) -> object:
        pending = view.pending
        me = 1 if view.player == "red" else 2
        board = list(view.board)
        if pending.kind == "exchange":
            return max(view.hand) <= 2 and sum(view.hand) <= 6
        if pending.kind == "assign":
            return self._assign(view, board, me)
        options = view.options()
        if pending.kind == "place":
            return self._best(options, board, me, lambda b, i: me)
        if pending.kind == "remove":
            return self._best(options, board, me, lambda b, i: 0)
        return self._best(options, board, me, lambda b, i: 0)  # take back the least useful

    def _best(self, options: list[str], board: list[int], me: int, new) -> str:
        best, best_value = [], None
        for name in options:
            i = SQUARE_INDEX[name]
            old = board[i]
            board[i] = new(board, i)
            value = evaluate(board, me)
            board[i] = old
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [name], value
            elif abs(value - best_value) <= 1e-9:
                best.append(name)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _assign(self, view: PlayerView, board: list[int], me: int) -> tuple[int, ...]:
        base = evaluate(board, me)
        them = 3 - me
        stock = view.stock[view.player]
        first_round = rules.removes_nothing(view.round)
        # Marginal gains, computed once: a counter on each free square, and removing each
        # counter (the opponent's gains us, our own costs us).
        gain_place = {}
        gain_remove = {}
        for i in range(48):
            old = board[i]
            board[i] = me if not old else 0
            delta = evaluate(board, me) - base
            board[i] = old
            if not old:
                gain_place[i] = delta
            else:
                gain_remove[i] = delta
        best, best_value = [], None
        for cards in sorted(set(permutations(view.hand))):
            c1, c2, c3, c4 = cards
            allowed = mask_indices(rules.allowed_squares(c3))  # R12
            # R7 against an unknown card, 1-4 equally likely
            value = sum(rules.cartouche1(c1, v)[1] * (1 if v < c1 else -1) for v in VALUES) / 4
            n = rules.removal(c2)  # R10, R11
            if not first_round and n:
                mark = them if rules.removal_target(me - 1, c2) != me - 1 else me
                gains = sorted((gain_remove[i] for i in allowed if board[i] == mark),
                               reverse=n > 0)
                value += sum(gains[:abs(n)])
            free = sorted((gain_place[i] for i in allowed if i in gain_place), reverse=True)
            take, _ = rules.placement(c4, stock, len(free))  # R13
            value += sum(free[:take]) * 0.8 + min(take, len(free)) * 0.5
            value -= max(0, take - len(free)) * 0.5  # counters lost to the Kingdom
            value += (4 - c2) * 0.3  # going first leaves more squares to choose from (R8, R9)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [cards], value
            elif abs(value - best_value) <= 1e-9:
                best.append(cards)
        return best[0] if len(best) == 1 else self.rng.choice(best)


class BeginnerPlayer:
    """A first-day opponent: it plays like ``GreedyPlayer`` but makes a beginner's mistakes on
    purpose, each as often as ``MISTAKES`` says: it forgets the exchange counter (R5), puts its
    cards on the cartouches in the order they were drawn (R6), and takes the first square it
    is offered rather than the best (R10-R13, R17). So it beats random play and loses to greedy
    most of the time: a learner's first win comes early."""

    name = "beginner"
    #: How often each mistake is made: cards as drawn, the first square offered.
    MISTAKES: Mapping[str, float] = MappingProxyType({"cards": 0.6, "square": 0.5})

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyPlayer(self.rng.randrange(2**32))

    def choose(self, view: PlayerView) -> object:
        kind = view.pending.kind
        if kind == "exchange":
            return False  # a beginner forgets the exchange counter (R5)
        if kind == "assign":
            if self.rng.random() < self.MISTAKES["cards"]:
                return tuple(view.hand)  # as drawn, without a thought for the cartouches
            return self.greedy.choose(view)
        if self.rng.random() < self.MISTAKES["square"]:
            return view.options()[0]  # the first square offered, not the best
        return self.greedy.choose(view)


@dataclass(frozen=True)
class SearchLevel:
    """How one search level searches: at most ``simulations`` per decision (it stops sooner
    once more could not change its choice, ``mcts.search``), ``horizon`` rounds ahead, and
    whether it judges the horizon's position with the evaluation fitted by self-play
    (``evaluation.shipped()``, ``tools/fit_evaluation.py``) or the hand-made one, and whether
    that evaluation weighs the exchange counter (R5) by its worth measured apart
    (``Evaluation.with_measured_exchange``) rather than by the fitted weight."""

    simulations: int
    horizon: int = 1
    fitted: bool = False
    measured_exchange: bool = False  # the exchange counter weighed by its measured worth


#: The search levels, weakest first. Chosen by measurement (bench/bench_bots.py, README; 400
#: games a pair): easy beats greedy 65.1%, medium easy 69.5%, strong medium 72.0%, expert
#: strong 80.5% and greedy 99.0%. The fitted evaluation was worth about 61-63% of the games
#: against the hand-made one at the same budget (40 and 400 simulations), a second round of
#: look-ahead with it about 63% more; more simulations alone did little (400 against 120: 53%;
#: expert's 2,500 against 1,000 beat greedy in 95% of 80 games, as 1,000 did in 93.1% of 400).
#: What lifted expert was the exchange counter weighed by its measured worth: with the fitted
#: weight it spent the counter in round 1 and lacked it for a bad hand before a scoring round
#: (against greedy 93.1% before, 99.0% after; against strong 63.9% before, 80.5% after).
#: "expert" decides in about 110 ms (median; 95th percentile 160 ms) on an idle 2-core machine.
SEARCH_LEVELS: Mapping[str, SearchLevel] = MappingProxyType({
    "easy": SearchLevel(40),
    "medium": SearchLevel(120),
    "strong": SearchLevel(400, fitted=True),
    "expert": SearchLevel(1000, horizon=2, fitted=True, measured_exchange=True),
})
#: Each search level's simulations per decision (what the coach and the lab read).
SEARCH_BUDGETS = {name: level.simulations for name, level in SEARCH_LEVELS.items()}

_LEVEL_TEXTS = {
    "random": N_("plays any legal move at random"),
    "beginner": N_("plays like a first-day player: sensible moves, and a beginner's mistakes"),
    "greedy": N_("takes the move that looks best right now, without looking ahead"),
    # Translators: {n} is a number of simulated rounds (40, 120, 400 or 1000).
    "easy": N_("searches ahead a little (up to {n} simulated rounds a move)"),
    "medium": N_("searches ahead (up to {n} simulated rounds a move)"),
    "strong": N_("searches ahead hard (up to {n} simulated rounds a move), judging positions "
                 "as thousands of games taught it"),
    "expert": N_("searches two rounds ahead (up to {n} simulations a move), judging positions "
                 "as thousands of games taught it"),
}


#: Each level's name in a learner's words (the code names above stay the same in every language).
_LEVEL_NAMES = {"random": N_("random"), "beginner": N_("beginner"), "greedy": N_("greedy"), "easy": N_("easy"),
                "medium": N_("medium"), "strong": N_("strong"),
                "expert": N_("expert")}


def level_name(level: str) -> str:
    """A computer player's level in the current language ("greedy" → "guloso")."""
    return _(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level


class _Levels(Mapping[str, str]):
    """Each level's sentence, in the language current when it is read."""

    def __getitem__(self, name: str) -> str:
        return _(_LEVEL_TEXTS[name]).format(n=SEARCH_BUDGETS.get(name, 0))

    def __iter__(self) -> Iterator[str]:
        return iter(_LEVEL_TEXTS)

    def __len__(self) -> int:
        return len(_LEVEL_TEXTS)


#: A learner-facing sentence per level, weakest first (the order of ``names()``); read
#: ``LEVELS[name]`` when it is shown, so it comes in the current language.
LEVELS: Mapping[str, str] = _Levels()


def names() -> list[str]:
    """The computer players' levels, weakest first."""
    return list(LEVELS)


def get(name: str, seed: int | None = None) -> Player:
    """A fresh computer player of level ``name`` (see ``names()``), seeded with ``seed``."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "beginner":
        return BeginnerPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name in SEARCH_LEVELS:
        level = SEARCH_LEVELS[name]
        return ISMCTSPlayer(level.simulations, horizon=level.horizon, seed=seed, name=name,
                            evaluation=shipped(level.measured_exchange) if level.fitted else None)
    raise ValueError(_("unknown player {name}; choose one of {levels}").format(
        name=shown(name), levels=", ".join(LEVELS)))


def make_player(name: str, seed: int | None = None) -> Player:
    """A computer player by name (one of ``names()``); kept for the app and older callers."""
    return get(name, seed)


def play_game(game: Game, players: dict[str, Player]) -> Game:
    """Run ``game`` to its end, asking each player for its own decisions."""
    # Each player's choose method and view, by player index, looked up once.
    turns = [(players[name].choose, game.view(name)) for name in ("red", "blue")]
    next_decision, decide = game.next_decision, game.decide
    while (ask := next_decision()) is not None:
        choose, view = turns[ask.p]
        decide(choose(view))
    return game


__all__ = ["LEVELS", "SEARCH_BUDGETS", "SEARCH_LEVELS", "BeginnerPlayer", "GreedyPlayer", "ISMCTSPlayer", "Player", "RandomPlayer",
           "evaluate", "get", "level_name", "make_player", "names", "play_game"]
