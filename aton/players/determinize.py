"""A whole game built from what one player may see: the unseen cards drawn at random.

A search player (``aton.players.mcts``) is given only a ``PlayerView``. To look ahead it needs a full
game to play on, so ``sample_game`` makes one that agrees with the view everywhere (board,
scores, stocks, Kingdom of the Dead, exchange counters, pile sizes, the player's own hand and
cards, the cards once revealed, the decision pending) and draws every card the player cannot see
from the seeded generator it is given.

What a player is taken to know about the cards (R1, R4, R5, R6, R14): each deck holds nine of
each value 1-4; the player's own hand and cartouche cards; both players' cartouche cards once
revealed (R6); and how many cards lie in each pile (the view's ``pile_sizes``). Everything else,
the opponent's hand and face-down cards, the order and make-up of both draw piles and of both
discard piles, is sampled. A player with a perfect memory could know more (a discard pile holds
cards once revealed, except the 4 handed in at an exchange, R5, which only their owner saw);
the view does not keep that history, so the sample assumes less than a player may know, never
more.

This module and ``game.py`` are the only ones that touch a game's internal state (``_s``): it
copies the game behind the view (agenda, board, counters: all public) and then overwrites every
hidden card, so nothing hidden survives into the sample.
"""

from __future__ import annotations

import random

from ..engine.board import PLAYERS
from ..engine.cards import ORDERED_DECK, shuffle
from ..engine.errors import SEED_LIMIT
from ..engine.game import Game
from ..engine.view import PlayerView


def known_cards(view: PlayerView, player: str) -> tuple[int, ...]:
    """The cards of ``player``'s deck that the viewer can see this round: their own hand (or
    cards), or the opponent's cartouche cards once revealed (R6)."""
    if player == view.player:
        own = view.hand if view.hand is not None else view.my_cards
        return tuple(own) if own is not None else ()
    revealed = view.revealed
    return tuple(revealed[player]) if revealed is not None else ()


def unseen_cards(view: PlayerView, player: str) -> list[int]:
    """The cards of ``player``'s deck the viewer cannot see, sorted: the whole deck (R1) minus
    ``known_cards``. They lie in that player's draw and discard piles and, for the opponent
    before the reveal, in their hand."""
    cards = list(ORDERED_DECK)  # sorted (R1); taking out one card of a value keeps it sorted
    for card in known_cards(view, player):
        cards.remove(card)
    return cards


def sample_game(view: PlayerView, rng: random.Random) -> Game:
    """A game without story that agrees with ``view`` and deals every unseen card at random
    from ``rng`` (the game's own generator is seeded from ``rng`` too). Two games that differ
    only in what the viewer cannot see give the same sample for the same ``rng`` state."""
    game = view._game.clone(story=False, seed=rng.randrange(SEED_LIMIT))
    s = game._s
    for p, name in enumerate(PLAYERS):
        cards = unseen_cards(view, name)
        shuffle(cards, rng)
        in_round = s.hands[p] is not None or s.cards[p] is not None
        if name != view.player and in_round and view.revealed is None:
            hand = cards[:4]  # the opponent's hand, unseen (R4, R5)
            del cards[:4]
            s.hands[p] = tuple(hand) if s.hands[p] is not None else None
            if s.cards[p] is not None:  # already on the cartouches, face down (R6)
                placed = list(hand)
                shuffle(placed, rng)
                s.cards[p] = tuple(placed)
        n_draw = len(s.draw[p])
        s.draw[p] = cards[:n_draw]
        s.discard[p] = cards[n_draw:]
    return game


__all__ = ["known_cards", "sample_game", "unseen_cards"]
