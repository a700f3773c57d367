"""What one player may see (hidden information), the only thing computer players are given.

A player sees their own hand and cards, the board, scores, stocks, the Kingdom of the Dead,
the exchange counters, how many cards lie in each pile, and the cards once revealed (R6). Never
the opponent's hand or cards before the reveal, and never the order of any draw pile.

``game.view(None)`` is what anyone watching may see: the same, without a hand or a face-down
card of anyone's. ``view.events`` is the game's story as the viewer may read it: until the
cards are revealed, a player's exchange this round (R5) is told to nobody else but as a choice
made face down (an event of type ``"secret"``). ``view.still()`` keeps the view of this moment
while the game goes on.
"""

from __future__ import annotations

from .board import PLAYERS
from .errors import shown
from .events import Event


class PlayerView:
    """A read-only window on a game for ``player`` (None: for nobody's hand, anyone watching)."""

    __slots__ = ("_game", "_p", "player")

    def __init__(self, game, player: str | None) -> None:
        if player is not None and player not in PLAYERS:
            raise ValueError(f"player must be 'red', 'blue' or None, not {shown(player)}")
        self._game = game
        self.player = player
        self._p = PLAYERS.index(player) if player is not None else None

    @property
    def opponent(self) -> str | None:
        return PLAYERS[1 - self._p] if self._p is not None else None

    def still(self) -> PlayerView:
        """This view as it is now, on a copy of the game: it no longer follows the game (a view
        is a live window). It shows no more than this view does."""
        return PlayerView(self._game.clone(), self.player)

    def after(self, choice: object) -> PlayerView:
        """A still view of this moment as it would be once this player has made ``choice``
        for their pending decision (and the automatic steps up to the next decision have
        run): what the coach looks at when one click makes two decisions (keeping the cards,
        R5, then putting them on the cartouches, R6). RuleError if ``choice`` is illegal."""
        twin = self._game.clone(story=False)
        twin.decide(choice)
        twin.advance()
        return PlayerView(twin, self.player)

    @property
    def events(self) -> list[Event]:
        """The game's events as this player may read them. While the cards are chosen (R5,
        R6), the other player's exchange this round (every player's, for nobody) is an event
        of type "secret" that names only who decided; at the reveal it is told as it was."""
        events = self._game.events
        if self._game.phase != "choose":
            return list(events)
        start = max((i for i, e in enumerate(events) if e.type == "round"), default=0)
        return events[:start] + [
            Event("secret", e.rule, {"player": e.player})
            if e.type == "exchange" and e.player != self.player else e for e in events[start:]]

    def sees(self, decision) -> bool:
        """Whether this player may see ``decision``'s choice: a choice made face down (R5, R6)
        only by the player who made it; every other choice by everyone."""
        return not decision.secret or decision.player == self.player

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
    def exchange_seen(self) -> dict[str, bool]:
        """The exchange counters as this player has seen them: while the cards are chosen, the
        other player's as it was when the round was dealt (an exchange is part of the secret
        choice, R5, R6), until the reveal."""
        seen = dict(self._game.exchange)
        if self._game.phase == "choose":
            events = self._game.events
            start = max((i for i, e in enumerate(events) if e.type == "round"), default=0)
            for e in events[start:]:
                if e.type == "exchange" and e.data["used"] and e.player != self.player:
                    seen[e.player] = True
        return seen

    @property
    def pile_sizes(self) -> dict[str, dict[str, int]]:
        return self._game.pile_sizes

    @property
    def hand(self) -> tuple[int, ...] | None:
        """The player's own 4 cards this round (before they go on the cartouches)."""
        if self._p is None:
            return None
        hand = self._game._s.hands[self._p]  # as Game.hand, by index: a player reads it each round
        return tuple(hand) if hand is not None else None

    @property
    def my_cards(self) -> tuple[int, ...] | None:
        """The player's own cards on cartouches 1-4, once assigned."""
        return self._game.cards[self.player] if self.player is not None else None

    @property
    def revealed(self) -> dict[str, tuple[int, ...]] | None:
        """Both players' cartouche cards, once turned up (R6); None before the reveal."""
        return self._game.revealed

    @property
    def pending(self):
        """The pending decision if it is this player's, else None."""
        # Read from the game's agenda, as ``Game.pending`` does: a computer player asks this at
        # every decision, and one property call less is a tenth of a random game's decision.
        agenda = self._game._s.agenda
        if agenda:
            pending = agenda[-1]
            if pending.ask and pending.p == self._p:
                return pending
        return None

    def options(self) -> list:
        """Legal choices of this player's pending decision (empty if none is pending)."""
        agenda = self._game._s.agenda  # as ``pending``, read here once more without a call
        if agenda:
            pending = agenda[-1]
            if pending.ask and pending.p == self._p:
                return self._game._options(pending)
        return []
