"""The game's state: everything that changes during a game, and nothing else.

Lists are indexed by player (0 red, 1 blue). ``owned`` repeats ``board`` as one bit mask per
player (bit i = square i, see ``board.SQUARE_BIT``) so that legal squares and whole temples are a
few integer operations; the step handlers (``handlers.py``) change both together. ``clone``
copies what a search needs in a few microseconds.
"""

from __future__ import annotations

from .board import board_masks
from .steps import DEAL


class State:
    """The round, scores, board, Kingdom of the Dead, stocks, cards and the agenda of steps."""

    __slots__ = (
        "agenda",    # steps still to run, a stack: the next one is last (see steps.py)
        "board",     # 48 squares: 0 empty, 1 red, 2 blue
        "cards",     # per player: the 4 cards on cartouches 1-4 this round, or None
        "discard",   # per player: discard pile
        "draw",      # per player: draw pile, top card first
        "end",       # why the game ended (points, temple, yellow, green, scoring) or None
        "exchange",  # per player: still holds the exchange counter (R5)
        "first",     # who goes first this round (R8), or None before cartouche 2
        "hands",     # per player: the 4 cards drawn this round, or None
        "kingdom",   # owners of the counters in the Kingdom of the Dead, in arrival order
        "owned",     # per player: bit mask of the squares they occupy
        "phase",     # deal, choose, cartouches, scoring or over (Game.phase)
        "round",     # the round being played (1 = first, R11)
        "scores",    # per player
        "scoring",   # the breakdown of this round's scoring round, or None
        "stock",     # per player: counters in stock
        "winner",    # "red", "blue", "draw" or None
    )

    @classmethod
    def start(cls, round: int, scores: list[int], board: list[int], kingdom: list[int],
              stock: list[int], exchange: list[bool], draw: list[list[int]],
              discard: list[list[int]], winner: str | None = None,
              end: str | None = None) -> State:
        """The state at the start of a round, its deal next (or of a finished game)."""
        s = cls()
        s.round = round
        s.scores = scores
        s.board = board
        s.owned = board_masks(board)
        s.kingdom = kingdom
        s.stock = stock
        s.exchange = exchange
        s.draw = draw
        s.discard = discard
        s.hands = [None, None]
        s.cards = [None, None]
        s.first = None
        s.scoring = None
        s.winner, s.end = winner, end
        s.phase = "over" if winner is not None else "deal"
        s.agenda = [] if winner is not None else [DEAL]
        return s

    def clone(self) -> State:
        """An independent copy (cards and steps are immutable values and are shared)."""
        c = State.__new__(State)
        c.round = self.round
        c.scores = self.scores[:]
        c.board = self.board[:]
        c.owned = self.owned[:]
        c.kingdom = self.kingdom[:]
        c.stock = self.stock[:]
        c.exchange = self.exchange[:]
        c.draw = [self.draw[0][:], self.draw[1][:]]
        c.discard = [self.discard[0][:], self.discard[1][:]]
        c.hands = self.hands[:]
        c.cards = self.cards[:]
        c.first = self.first
        c.winner = self.winner
        c.end = self.end
        c.scoring = self.scoring
        c.phase = self.phase
        c.agenda = self.agenda[:]
        return c
