"""Aton (Thorsten Gimmler, Queen Games 2006): a rules engine that explains every step.

The stable API (formats.md): ``new_position``, ``play_round`` and ``RuleError``. The step-by-step
``Game`` is what user interfaces and computer players drive.
"""

from __future__ import annotations

from . import bots, scenarios
from .decision import Decision
from .errors import RuleError
from .game import Game
from .i18n import language, set_language
from .moves import play_round
from .record import replay
from .render import show
from .steps import Ask
from .steps import Ask as Pending  # the name of the first edition

__all__ = ["Ask", "Decision", "Game", "Pending", "RuleError", "bots", "language", "new_position",
           "play_round", "replay", "scenarios", "set_language", "show"]
__version__ = "0.1.0"


def new_position(seed: int | None = None) -> dict:
    """The position at the start of a new game, decks shuffled with ``seed`` (R1)."""
    return Game.new(seed).position()
