"""Computer players that see only their own view (``aton.engine.view.PlayerView``).

The public face of the levels: ``names()`` (weakest first), ``get(name, seed=...)``,
``play_game(game, players)``. ``aton.bots`` is another name for this package (the same module),
as the first editions called it. The modules: ``levels`` (random, a first-day beginner, greedy and the search levels),
``mcts`` (the information-set Monte Carlo tree search), ``determinize`` (games that agree with a
view), ``heuristic`` (what a board is worth), ``evaluation`` (a position's chance of winning,
fitted by self-play) and ``lab`` (tournaments and their statistics).
"""

from __future__ import annotations

from .levels import (
    LEVELS,
    SEARCH_BUDGETS,
    SEARCH_LEVELS,
    BeginnerPlayer,
    GreedyPlayer,
    ISMCTSPlayer,
    Player,
    RandomPlayer,
    evaluate,
    get,
    level_name,
    make_player,
    names,
    play_game,
)

__all__ = ["LEVELS", "SEARCH_BUDGETS", "SEARCH_LEVELS", "BeginnerPlayer", "GreedyPlayer", "ISMCTSPlayer", "Player", "RandomPlayer",
           "evaluate", "get", "level_name", "make_player", "names", "play_game"]
