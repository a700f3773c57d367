"""The teaching app: a whole game of Aton in a Voilà page, one explained step at a time.

``build_app(seed=None, scenario=None, opponent="greedy")`` returns an ``AtonApp`` widget;
``app_from_query(os.environ.get("QUERY_STRING", ""))`` builds it from a Voilà URL such as
``play.ipynb?scenario=NAME`` (``?lang=pt`` in Portuguese; without it, the browser's language
from ``HTTP_ACCEPT_LANGUAGE``). Only this package imports ipywidgets and bqplot.

The names are imported on first use, so ``aton.app.predict`` (used by the lessons) does not pull
in the whole app and bqplot.
"""

from __future__ import annotations

__all__ = ["AtonApp", "app_from_query", "build_app", "parse_query"]


def __getattr__(name: str):
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
