"""Named positions for lessons and the app: ``aton.scenarios.names()``, ``load(name)``.

Each scenario is an ``aton-position`` JSON file in this folder with one extra key,
``"description"``: one line saying what the position teaches, in English in the file and in the
current language from ``describe`` (the engine catalog translates it). Positions are checked when
loaded (a broken file is a RuleError naming the rule, never a half-loaded game).
"""

from __future__ import annotations

import json
from importlib import resources

from ...engine.game import Game
from ...engine.position import state_from_position
from ...i18n import translator

_ = translator("engine")


def _files() -> dict[str, object]:
    folder = resources.files(__package__)
    return {f.name[:-5]: f for f in folder.iterdir() if f.name.endswith(".json")}


def names() -> list[str]:
    """The scenario names, in lesson order (file names sort by their numeric prefix)."""
    return sorted(_files())


def load(name: str) -> dict:
    """The position of scenario ``name`` (a fresh dict each time). Unknown names raise
    ``KeyError`` with the list of known ones."""
    files = _files()
    if name not in files:
        # A programmer's mistake (the app offers only known names), so English only: the
        # engine catalog extracts aton/*.py and the scenario files, not this module.
        raise KeyError(f"There is no scenario called {name!r}. Known scenarios: "
                       f"{', '.join(sorted(files))}")
    position = json.loads(files[name].read_text(encoding="utf-8"))
    state_from_position(position)  # refuse a broken file here, naming the rule
    return position


def start(name: str) -> dict:
    """Scenario ``name``'s position as a game keeps it (``Game.start``: checked and complete),
    to tell whether a game started from it."""
    return Game.from_position(load(name), 0).start


def describe(name: str) -> str:
    """The one-line description of scenario ``name``, in the current language."""
    description = load(name).get("description", "")
    return _(description) if description else ""


def catalogue() -> dict[str, str]:
    """Every scenario with its one-line description, in the current language."""
    return {name: describe(name) for name in names()}
