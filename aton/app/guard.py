"""The guard every callback of the page goes through.

A click, a key, a link or a timer of the page runs through ``Guard(fn)``: in the page's own
language (two apps in one kernel keep theirs: ``aton.i18n.speaking``); as a new action, so the
last one's warning goes; with any exception shown in the page's error area, never lost; and
with the page drawn once, when the outermost action is done. While the page draws itself, the
observers its own widgets trigger are not a person's action and are ignored (``quietly``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..i18n import speaking


class Guard:
    """``guard(fn)`` wraps ``fn`` (see the module docstring). ``language()`` gives the page's
    language, ``new_action()`` clears the last action's messages, ``draw()`` draws the page
    and ``show_error(exc)`` shows an error."""

    def __init__(self, language: Callable[[], str], new_action: Callable[[], None],
                 draw: Callable[[], None], show_error: Callable[[BaseException], None]) -> None:
        self.language, self.new_action = language, new_action
        self._draw, self.show_error = draw, show_error
        self.depth = 0  # guarded calls in progress (only the outermost draws)
        self.quiet = False

    def __call__(self, fn: Callable, *, new_action: bool = True, draw: bool = True) -> Callable:
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if self.quiet:
                return None  # a widget echoing the page's own drawing, not a person
            self.depth += 1
            try:
                with speaking(self.language()):
                    try:
                        if new_action and self.depth == 1:
                            self.new_action()
                        return fn(*args, **kwargs)
                    except Exception as exc:  # noqa: BLE001 - shown to the user, not swallowed
                        self.show_error(exc)
                        return None
                    finally:
                        if draw and self.depth == 1:
                            self.draw()
            finally:
                self.depth -= 1

        return wrapper

    @contextmanager
    def quietly(self) -> Iterator[None]:
        """The page sets its own widgets: their observers are not a person's action."""
        before, self.quiet = self.quiet, True
        try:
            yield
        finally:
            self.quiet = before

    def draw(self) -> None:
        """Draw the page, quietly, in its language; an error in drawing is shown too."""
        with speaking(self.language()), self.quietly():
            try:
                self._draw()
            except Exception as exc:  # noqa: BLE001 - shown to the user, not swallowed
                self.show_error(exc)


__all__ = ["Guard"]
