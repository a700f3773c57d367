"""Aton (Thorsten Gimmler, Queen Games 2006): a rules engine that explains every step.

The stable API (formats.md): ``new_position``, ``play_round`` and ``RuleError``. The step-by-step
``Game`` is what user interfaces and computer players drive. The package is laid out in layers,
each importing only the ones before it: ``aton.i18n`` (languages), ``aton.engine`` (the rules and
the game), ``aton.players`` (computer players), ``aton.teaching`` (coach, lessons, scenarios,
rulebook), then ``aton.app`` (the widgets) and ``aton.cli`` (the command line).

For notebooks and the first editions' code, a few names are kept here: ``aton.board``,
``aton.rules`` and ``aton.scoring`` (engine modules), ``aton.scenarios`` and ``aton.bots`` (the
same module as ``aton.players``, so ``import aton.bots`` works too).
"""

from __future__ import annotations

import sys

from . import players
from .engine import board, rules, scoring
from .engine.decision import Decision
from .engine.errors import RuleError
from .engine.game import Game
from .engine.moves import play_round
from .engine.records import replay
from .engine.render import show
from .engine.steps import Ask
from .engine.steps import Ask as Pending  # the name of the first edition
from .i18n import language, set_language
from .teaching import scenarios

bots = players
sys.modules[f"{__name__}.bots"] = players  # ``import aton.bots`` / ``from aton.bots import …``

__all__ = ["Ask", "Decision", "Game", "Pending", "RuleError", "board", "bots", "language",
           "new_position", "play_round", "players", "replay", "rules", "scenarios", "scoring",
           "set_language", "show"]
__version__ = "0.1.0"


def new_position(seed: int | None = None) -> dict:
    """The position at the start of a new game, decks shuffled with ``seed`` (R1)."""
    return Game.new(seed).position()
