"""Aton (Thorsten Gimmler, Queen Games 2006): a rules engine that explains every step.

The stable API (formats.md): ``new_position``, ``play_round`` and ``RuleError``. The step-by-step
``Game`` is what user interfaces and computer players drive.
"""

from __future__ import annotations

from . import bots, scenarios
from .decision import Decision
from .errors import RuleError, check_seed
from .game import Game, Pending
from .moves import play_round
from .record import replay
from .render import show

__all__ = ["Decision", "Game", "Pending", "RuleError", "bots", "new_position", "play_round",
           "replay", "scenarios", "show"]
__version__ = "0.1.0"


def new_position(seed: int | None = None) -> dict:
    """The position at the start of a new game, decks shuffled with ``seed`` (R1)."""
    check_seed(seed, "R1")
    return Game.new(seed).position()
