"""The command line: ``aton new``, ``aton round`` and ``aton play`` (``commands.py``), and the
terminal game against a level (``console.py``)."""

from __future__ import annotations

from .commands import main

__all__ = ["main"]
