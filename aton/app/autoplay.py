"""Auto-play: the game steps on by itself, one explained step at a time, at the learner's pace.

The steps are run by an asyncio task in the kernel's own event loop: between two steps the
task sleeps, so the kernel keeps answering clicks (Pause, the board, the rules) while it
plays. In Voilà that loop is running; in a plain test ``tick()`` is called directly.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..i18n import N_, number, translator

_ = translator("app")

#: Pace -> seconds between two steps.
PACES = {"slow": 3.0, "normal": 1.5, "fast": 0.6}
#: The paces' names in the menu (translated where shown).
PACE_NAMES = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast")}


class AutoPlayer:
    """Calls ``step()`` every ``PACES[pace]`` seconds until ``step()`` returns False (a
    person must decide, the game is over) or ``pause()`` is called. ``on_stop(reason)`` is
    told why it stopped: 'paused', 'done' or 'error'."""

    def __init__(self, step: Callable[[], bool], on_stop: Callable[[str], None]) -> None:
        self._step = step
        self._on_stop = on_stop
        self.pace = "normal"
        self.task: asyncio.Task | None = None
        self.running = False

    @property
    def delay(self) -> float:
        return PACES[self.pace]

    def start(self) -> bool:
        """Start playing; False (and nothing starts) when no event loop runs the kernel."""
        if self.running:
            return True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return False
            if not loop.is_running():
                return False
        self.running = True
        self.task = loop.create_task(self._run())
        return True

    def pause(self) -> None:
        """Stop after the step being shown; the next Auto-play goes on from there."""
        if not self.running:
            return
        self.running = False
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        self._on_stop("paused")

    def tick(self) -> bool:
        """One step; False when auto-play has to stop (and it is stopped)."""
        try:
            more = self._step()
        except Exception:
            self.running = False
            self._on_stop("error")
            raise
        if not more:
            self.running = False
            self.task = None
            self._on_stop("done")
        return more

    async def _run(self) -> None:
        try:
            while self.running:
                await asyncio.sleep(self.delay)
                if not self.running or not self.tick():
                    return
        except asyncio.CancelledError:
            return  # paused
        except Exception:  # noqa: BLE001 - tick() has told the app (on_stop 'error')
            return


class AutoPlaying:
    """Auto-play's part of the ``Controller`` (it uses its ``state``, ``can_step``,
    ``waiting_for_class``, ``warn`` and ``notify``): the toggle on and off, and why it
    stopped. ``autoplayer`` is given by the app (its steps run through the app's guard)."""

    autoplayer: AutoPlayer

    def auto_play(self, on: bool) -> None:
        """Auto-play toggle: steps by themselves at the chosen pace, until paused, a person
        must decide or the game is over."""
        if not on:
            self.autoplayer.pause()
            return
        if self.autoplayer.running:
            return
        if not self.can_step():
            self.state.auto = False
            return
        if not self.autoplayer.start():
            self.state.auto = False
            self.warn(lambda: _("Auto-play needs the page's kernel to run by itself; use "
                                "<b>Next step</b> instead."))
            return
        delay = self.autoplayer.delay
        self.notify(lambda: _("Auto-play: one step every {seconds} seconds. Click <b>Pause "
                              "⏸</b> to stop.").format(seconds=number(delay)))

    def auto_stopped(self, reason: str) -> None:
        """Auto-play stopped (``reason``: 'done', 'paused' or 'error'): the toggle goes off and
        the explanation says why."""
        self.state.auto = False
        if reason != "done":
            self.notify(lambda: _("Auto-play paused."))
        elif self.state.game.over:
            self.notify(lambda: _("Auto-play stopped: the game is over."))
        elif self.waiting_for_class:
            self.notify(lambda: _("Auto-play stopped: the class predicts the next scoring "
                                  "line."))
        else:
            self.notify(lambda: _("Auto-play stopped: it is your decision."))
