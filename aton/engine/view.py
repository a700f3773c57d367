"""What one player may see (hidden information), the only thing computer players are given.

A player sees their own hand and cards, the board, scores, stocks, the Kingdom of the Dead,
the exchange counters, how many cards lie in each pile, and the cards once revealed (R6). Never
the opponent's hand or cards before the reveal, and never the order of any draw pile.
"""

from __future__ import annotations

from .board import PLAYERS
from .errors import shown


class PlayerView:
    """A read-only window on a game for ``player``."""

    __slots__ = ("_game", "_p", "player")

    def __init__(self, game, player: str) -> None:
        if player not in PLAYERS:
            raise ValueError(f"player must be 'red' or 'blue', not {shown(player)}")
        self._game = game
        self.player = player
        self._p = PLAYERS.index(player)

    @property
    def opponent(self) -> str:
        return PLAYERS[1 - self._p]

    @property
    def round(self) -> int:
        return self._game.round

    @property
    def phase(self) -> str:
        return self._game.phase

    @property
    def scores(self) -> dict[str, int]:
        return self._game.scores

    @property
    def board(self) -> tuple[int, ...]:
        """48 squares (index = ``(temple-1)*12 + square-1``): 0 empty, 1 red, 2 blue."""
        return self._game.board

    def board_owner(self, square: str) -> str | None:
        return self._game.owner(square)

    @property
    def kingdom(self) -> dict[str, int]:
        return self._game.kingdom

    @property
    def stock(self) -> dict[str, int]:
        return self._game.stock

    @property
    def exchange(self) -> dict[str, bool]:
        return self._game.exchange

    @property
    def pile_sizes(self) -> dict[str, dict[str, int]]:
        return self._game.pile_sizes

    @property
    def hand(self) -> tuple[int, ...] | None:
        """The player's own 4 cards this round (before they go on the cartouches)."""
        return self._game.hand(self.player)

    @property
    def my_cards(self) -> tuple[int, ...] | None:
        """The player's own cards on cartouches 1-4, once assigned."""
        return self._game.cards[self.player]

    @property
    def revealed(self) -> dict[str, tuple[int, ...]] | None:
        """Both players' cartouche cards, once turned up (R6); None before the reveal."""
        return self._game.revealed

    @property
    def pending(self):
        """The pending decision if it is this player's, else None."""
        pending = self._game.pending
        return pending if pending is not None and pending.p == self._p else None

    def options(self) -> list:
        """Legal choices of this player's pending decision (empty if none is pending)."""
        pending = self._game.pending
        if pending is not None and pending.p == self._p:
            return self._game._options(pending)
        return []
