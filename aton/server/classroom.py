"""A cap on the kernels and memory that one Voilà server gives to pages, for a class.

Every page of the app gets a kernel of its own (about 110–160 MB). Voilà 0.5 has no cap: a
loop of ``curl http://server:8866/`` starts kernels until the machine runs out of memory, long
before the culler (``cull_idle_timeout``) frees the first ones. ``voila.json`` makes this
class Voilà's kernel manager (``VoilaConfiguration.multi_kernel_manager_class``), so the
README's ``voila notebooks/play.ipynb`` runs with it:

- a page asked for while the server runs ``max_kernels`` kernels (the pool's included), or
  while the machine has less than ``min_available_mb`` of memory available, is not started:
  the visitor gets a page of its own, in their language (``?lang=`` first, else the
  browser's ``Accept-Language``), saying the server is full and to try again in a minute
  (HTTP 503). The pages already open go on untouched;
- the pool's refills (``preheat_kernel``) wait for room instead of failing; a request is
  handed only a pool kernel that has started (``ready_pool_size``), never a place still
  starting, so a page past the pool's two starts its own kernel at once and shows that it is
  getting ready, instead of a blank page while it waits for a refill;
- a kernel whose page has never connected is culled after ``connect_timeout`` idle seconds
  (a class's pages drawn at once may take minutes to connect), one whose page has connected
  and gone after ``MappingKernelManager.cull_idle_timeout``; a request that never opens a
  websocket holds its kernel that long at most, and counts against the cap meanwhile: a flood
  of GETs fills the cap, not the memory.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import parse_qs

import jinja2
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer

from ..i18n import N_, best_match, catalog, normalize

MEMINFO = Path("/proc/meminfo")

TITLE = N_("The server is full")
TEXT = N_("Every game this server can hold is being played. The games already open go on. "
          "Try again in a minute: reload this page.")

#: The page a visitor past the cap gets (Voilà renders ``<status>.html`` for an HTTP error).
FULL_PAGE = """<!DOCTYPE html>
<html lang="{{ exception.lang }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{ exception.title }}</title>
<style>body{font-family:sans-serif;max-width:36em;margin:4em auto;padding:0 1em;
line-height:1.5;color:#222}h1{font-size:1.6em}</style></head>
<body><main class="aton-server-full"><h1>{{ exception.title }}</h1>
<p>{{ exception.text }}</p></main></body>
</html>
"""


def page_language(env: Mapping[str, str]) -> str:
    """The language of the page a kernel's request asked for: ``?lang=`` first, else the
    browser's ``Accept-Language`` (Voilà hands both to the kernel's environment)."""
    for code in parse_qs(env.get("QUERY_STRING", "")).get("lang", []):
        try:
            return normalize(code)
        except ValueError:
            continue
    return best_match(env.get("HTTP_ACCEPT_LANGUAGE"))


class ServerFull(HTTPError):
    """HTTP 503 with the "server full" page's sentences in the visitor's language."""

    def __init__(self, lang: str, why: str) -> None:
        self.lang = normalize(lang)
        words = catalog("app", self.lang)
        self.title = words.gettext(TITLE)
        self.text = words.gettext(TEXT)
        super().__init__(503, "server full: %s", why, reason="Server full")


def available_mb(meminfo: Path = MEMINFO) -> float | None:
    """The memory the machine can still give (``MemAvailable``, MiB); None where unknown."""
    try:
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def ready_pool_size(get_pool_size):
    """Wrap Voilà's ``get_pool_size`` to count only the pool's places whose kernel has started.

    Voilà counts a refill that is still starting as a place, and hands the oldest place to the
    next request: while a class arrives, every request past the first two then waits, with
    nothing sent to its browser (a blank page), for a pool kernel to start and run the
    notebook, Voilà included. With this count such a request gets a kernel of its own at once
    instead, and its page shows Voilà's spinner and the notebook's "getting ready" note while
    its kernel starts. While the server is full, too, no request waits for a refill that is
    itself waiting for room."""

    def pool_size(self, notebook_name: str) -> int:
        pool = getattr(self, "_pools", {}).get(notebook_name, [])
        ready = sum(1 for _ in itertools.takewhile(lambda task: task.done(), pool))
        return min(get_pool_size(self, notebook_name), ready)

    pool_size.__doc__ = get_pool_size.__doc__
    return pool_size


class ConnectionCounts(dict):
    """Connections per kernel (jupyter_server's ``_kernel_connections``) that also notes, in
    ``seen``, every kernel whose count has been above 0."""

    def __init__(self, seen: set[str]) -> None:
        super().__init__()
        self.seen = seen

    def __setitem__(self, kernel_id: str, count: int) -> None:
        if count > 0:
            self.seen.add(kernel_id)
        super().__setitem__(kernel_id, count)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with a cap on kernels and memory (the module says how)."""

    max_kernels = Integer(
        40, config=True,
        help="Kernels at most (pages and the pre-heated pool); past it a page says the server "
             "is full. 40 fits a class of 30 on 2 cores and 24 GiB (docs/classroom.md).")
    min_available_mb = Integer(
        1024, config=True,
        help="No new kernel while the machine has less memory available than this (MiB).")
    pool_wait = Float(
        1.0, config=True, help="Seconds between two looks for room when a pool refill waits.")
    connect_timeout = Integer(
        180, config=True,
        help="A kernel whose page has never connected is culled after this many seconds idle "
             "(not cull_idle_timeout): 30 pages drawn at once on 2 cores took more than 50 s "
             "from their notebook's end to their websocket. Once its page has connected, "
             "cull_idle_timeout applies.")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._starting = 0
        # The kernels whose page has connected at least once: Voilà's websocket handler counts
        # a page's connections in this dict (+1 on open), so every count above 0 is noted.
        self._connected: set[str] = set()
        self._kernel_connections = ConnectionCounts(self._connected)

    def __init_subclass__(cls, **kwargs) -> None:
        # Voilà builds its pre-heating manager as a subclass of this one
        # (voila_kernel_manager_factory), so its get_pool_size shadows any defined here:
        # wrapping it as the subclass is made is the only way in.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("get_pool_size")
        if own is not None:
            cls.get_pool_size = ready_pool_size(own)

    def full(self) -> str | None:
        """Why no kernel may start now ("40 kernels", "812 MiB available"), or None."""
        count = len(self) + self._starting
        if count >= self.max_kernels:
            return f"{count} kernels (max_kernels={self.max_kernels})"
        free = available_mb()
        if free is not None and free < self.min_available_mb:
            return f"{free:.0f} MiB available (min_available_mb={self.min_available_mb})"
        return None

    async def start_kernel(self, **kwargs) -> str:
        """Start a kernel if there is room; a page past the cap raises ``ServerFull``, a pool
        refill (``VOILA_PREHEAT=True``) waits for room."""
        env = kwargs.get("env") or {}
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is None or kernel_id not in self:
            why = self.full()
            if why is not None and env.get("VOILA_PREHEAT") == "True":
                while self.full() is not None:
                    await asyncio.sleep(self.pool_wait)
            elif why is not None:
                self.log.warning("Refused a page: the server is full (%s)", why)
                self.add_full_page()
                raise ServerFull(page_language(env), why)
        self._starting += 1
        try:
            return await super().start_kernel(**kwargs)
        finally:
            self._starting -= 1

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """The culler's check, with ``connect_timeout`` for a kernel no page has connected to
        yet."""
        kernel = self._kernels.get(kernel_id)
        last = getattr(kernel, "last_activity", None)
        if kernel_id not in self._connected and last is not None and \
                (utcnow() - last).total_seconds() < self.connect_timeout:
            return
        await super().cull_kernel_if_idle(kernel_id)
        if kernel_id not in self._kernels:
            self._connected.discard(kernel_id)

    def add_full_page(self) -> None:
        """Give Voilà's page templates a ``503.html`` (the "server full" page) if they lack it."""
        app = getattr(self.parent, "app", None)
        env = getattr(app, "settings", {}).get("voila_jinja2_env")
        if isinstance(env, jinja2.Environment) and not getattr(env, "aton_full_page", False):
            env.loader = jinja2.ChoiceLoader(
                [jinja2.DictLoader({"503.html": FULL_PAGE}), env.loader])
            env.aton_full_page = True
