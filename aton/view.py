"""What one player may see (hidden information), the only thing computer players are given.

A player sees their own hand and cards, the board, scores, stocks, the Kingdom of the Dead,
the exchange counters, how many cards lie in each pile, and the cards once revealed (R6). Never
the opponent's hand or cards before the reveal, and never the order of any draw pile.
"""

from __future__ import annotations

from .board import PLAYERS, SQUARE_NAMES


class PlayerView:
    """A read-only window on a game for ``player``."""

    __slots__ = ("_game", "_p", "player")

    def __init__(self, game, player: str) -> None:
        if player not in PLAYERS:
            raise ValueError(f"player must be 'red' or 'blue', not {player!r}")
        self._game = game
        self.player = player
        self._p = PLAYERS.index(player)

    @property
    def opponent(self) -> str:
        return PLAYERS[1 - self._p]

    @property
    def round(self) -> int:
        return self._game.s.round

    @property
    def scores(self) -> dict[str, int]:
        s = self._game.s.scores
        return {"red": s[0], "blue": s[1]}

    @property
    def board(self) -> tuple[int, ...]:
        """48 squares (index = ``(temple-1)*12 + square-1``): 0 empty, 1 red, 2 blue."""
        return tuple(self._game.s.board)

    def board_owner(self, square: str) -> str | None:
        mark = self._game.s.board[SQUARE_NAMES.index(square)]
        return PLAYERS[mark - 1] if mark else None

    @property
    def kingdom(self) -> dict[str, int]:
        k = self._game.s.kingdom
        return {"red": k.count(0), "blue": k.count(1)}

    @property
    def stock(self) -> dict[str, int]:
        s = self._game.s.stock
        return {"red": s[0], "blue": s[1]}

    @property
    def exchange(self) -> dict[str, bool]:
        e = self._game.s.exchange
        return {"red": e[0], "blue": e[1]}

    @property
    def pile_sizes(self) -> dict[str, dict[str, int]]:
        s = self._game.s
        return {PLAYERS[p]: {"draw": len(s.draw[p]), "discard": len(s.discard[p])}
                for p in (0, 1)}

    @property
    def hand(self) -> tuple[int, ...] | None:
        """The player's own 4 cards this round (before they go on the cartouches)."""
        h = self._game.s.hands[self._p]
        return tuple(h) if h is not None else None

    @property
    def my_cards(self) -> tuple[int, ...] | None:
        """The player's own cards on cartouches 1-4, once assigned."""
        c = self._game.s.cards[self._p]
        return tuple(c) if c is not None else None

    @property
    def revealed(self) -> dict[str, tuple[int, ...]] | None:
        """Both players' cartouche cards, once turned up (R6); None before the reveal."""
        s = self._game.s
        if s.cards[0] is None or s.cards[1] is None:
            return None
        if any(op[0] in ("reveal", "assign", "exchange") for op in s.agenda):
            return None
        return {"red": tuple(s.cards[0]), "blue": tuple(s.cards[1])}

    @property
    def pending(self):
        """The pending decision if it is this player's, else None."""
        pending = self._game.pending
        return pending if pending is not None and pending.player == self.player else None

    def options(self) -> list:
        """Legal choices of this player's pending decision (empty if none is pending)."""
        agenda = self._game.s.agenda
        if agenda and len(agenda[-1]) > 1 and agenda[-1][1] == self._p:
            return self._game.options()
        return []
