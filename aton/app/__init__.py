"""The teaching app: a whole game of Aton in a Voilà page, one explained step at a time.

``build_app(seed=None, scenario=None, opponent="greedy")`` returns an ``AtonApp`` widget;
``app_from_query(os.environ.get("QUERY_STRING", ""))`` builds it from a Voilà URL such as
``play.ipynb?scenario=NAME`` (``?lang=pt`` in Portuguese; without it, the browser's language
from ``HTTP_ACCEPT_LANGUAGE``). Only this package imports ipywidgets and bqplot.
"""

from __future__ import annotations

from .app import AtonApp, app_from_query, build_app, parse_query

__all__ = ["AtonApp", "app_from_query", "build_app", "parse_query"]
