"""Computer players. Each sees only its own ``PlayerView`` (never the opponent's hand or any
pile order) and has its own seeded generator, so its choices are reproducible and cannot leak
hidden information.

A player is any object with ``name`` and ``choose(view) -> choice``; ``play_game`` runs a game
between two of them. Stronger players plug in the same way.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Protocol

from .board import (
    ALLOWED_SQUARES,
    BLACK_SQUARES,
    BLUE_SQUARES,
    BONUS_VALUE,
    GREEN_SQUARES,
    SQUARE_INDEX,
    YELLOW_SQUARES,
)
from .game import Game
from .view import PlayerView


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView) -> object:
        """The choice for ``view.pending`` (one of ``view.options()``)."""


class RandomPlayer:
    """Uniform over the legal choices (a shuffled hand is uniform over distinct assignments)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> object:
        kind = view.pending.kind
        if kind == "assign":
            hand = list(view.hand)
            self.rng.shuffle(hand)
            return tuple(hand)
        if kind == "exchange":
            return self.rng.random() < 0.5
        return self.rng.choice(view.options())


# ---------------------------------------------------------------------- the greedy player

def _temple_points(t: int, mine: int, theirs: int, my_blue: int) -> int:
    """What the majority in temple t scores (R16), seen from 'mine'."""
    if mine <= theirs:
        return 0
    if t == 1:
        return mine - theirs
    if t == 2:
        return 5
    if t == 3:
        return mine
    return 3 * my_blue


def evaluate(board: list[int] | tuple[int, ...], me: int) -> float:
    """How good the board is for player ``me`` (1 red, 2 blue): the scoring round it would
    give (R16), mine minus theirs, plus progress towards a whole temple, yellow or green (R18)."""
    them = 3 - me
    score = 0.0
    blue = [0, 0, 0]
    for i in BLUE_SQUARES:
        blue[board[i]] += 1
    for t in (1, 2, 3, 4):
        row = board[(t - 1) * 12:t * 12]
        m, o = row.count(me), row.count(them)
        score += _temple_points(t, m, o, blue[me]) - _temple_points(t, o, m, blue[them])
        # a whole temple wins (R18): reward being near it, fear the opponent being near it
        if o == 0 and m >= 8:
            score += (m - 7) * 3
        if m == 0 and o >= 8:
            score -= (o - 7) * 3
    black = [0, 0, 0]
    for i in BLACK_SQUARES:
        black[board[i]] += 1
    if black[me] > black[them]:
        score += 8
    elif black[them] > black[me]:
        score -= 8
    for i, v in enumerate(BONUS_VALUE):
        if v and board[i]:
            score += v if board[i] == me else -v
    for squares in (YELLOW_SQUARES, GREEN_SQUARES):
        m = sum(1 for i in squares if board[i] == me)
        o = sum(1 for i in squares if board[i] == them)
        if o == 0:
            score += max(0, m - 9) * 2
        if m == 0:
            score -= max(0, o - 9) * 2
    return score


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
        first_round = view.round == 1
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
            allowed = ALLOWED_SQUARES[c3]
            value = 2 * c1 - 5  # R7 against an unknown card, 1-4 equally likely
            if not first_round and c2 != 2:  # R10, R11
                mark = them if c2 > 2 else me
                gains = sorted((gain_remove[i] for i in allowed if board[i] == mark),
                               reverse=c2 > 2)
                value += sum(gains[:abs(c2 - 2)])
            free = sorted((gain_place[i] for i in allowed if i in gain_place), reverse=True)
            take = min(c4, stock)
            value += sum(free[:take]) * 0.8 + min(take, len(free)) * 0.5
            value -= max(0, take - len(free)) * 0.5  # counters lost to the Kingdom
            value += (4 - c2) * 0.3  # going first leaves more squares to choose from (R8, R9)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [cards], value
            elif abs(value - best_value) <= 1e-9:
                best.append(cards)
        return best[0] if len(best) == 1 else self.rng.choice(best)


PLAYERS_BY_NAME = {"random": RandomPlayer, "greedy": GreedyPlayer}


def make_player(name: str, seed: int | None = None) -> Player:
    """A computer player by name ('random' or 'greedy')."""
    try:
        return PLAYERS_BY_NAME[name](seed)
    except KeyError:
        raise ValueError(f"unknown player {name!r}; choose one of "
                         f"{', '.join(PLAYERS_BY_NAME)}") from None


def play_game(game: Game, players: dict[str, Player]) -> Game:
    """Run ``game`` to its end, asking each player for its own decisions."""
    # Each player's view and choose method, looked up once rather than at every decision.
    turns = {name: (players[name].choose, game.view(name)) for name in players}
    advance, decide = game.advance, game.decide
    while True:
        advance()
        pending = game.pending
        if pending is None:
            return game
        choose, view = turns[pending.player]
        decide(choose(view))


__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "evaluate", "make_player", "play_game"]
