"""Shared pytest configuration: every test starts (and ends) in English, and the browser
fixtures.

Browser tests drive Debian's /usr/bin/chromium through pytest-playwright (never run
`playwright install`). Without chromium they are skipped locally and fail under CI=true.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy

import aton.classroom
import aton.classroom.schema
import aton.teaching.scenarios
from aton.i18n import set_language

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import LESSONS, full_kingdom_position
from postgres import TempPostgres
from voila_server import REPO_ROOT, in_ci, start_voila, stop_voila

APP_NOTEBOOK = "notebooks/play.ipynb"

# Test servers start like the README's command, from the repository root, so they read its
# voila.json (culling included) but deliberately without the pre-heated pool: every page taken
# from the pool makes Voila heat a new kernel in the background (about 1.2 s of CPU since
# aton/app/preheat.py no longer imports Voila in pooled kernels; more with the app's first
# draw), which would slow the other tests down. tests/browser/test_server.py tests
# the pre-heated configuration itself, on a server of its own.
TEST_SERVER_ARGS = ("--VoilaConfiguration.preheat_kernel=False",)
BROWSER_DIR = Path(__file__).resolve().parent / "browser"

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Voila's lab template links Font Awesome CSS from this CDN; it is blocked in tests.
BLOCKED_URL = "https://cdn.jsdelivr.net/**"
BLOCKED_HOSTS = ("cdn.jsdelivr.net",)
FONT_SUFFIXES = (".woff", ".woff2", ".ttf", ".otf", ".eot")


def skip_or_fail(reason: str) -> None:
    """pytest.skip locally, pytest.fail under CI=true (missing prerequisites must not hide)."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true, so this is an error)", pytrace=False)
    pytest.skip(reason)


# --------------------------------------------------------------------------- hooks


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # A browser test drives a real kernel and a real chromium on a shared 2-core machine, where
    # a frame is now and then measured mid-layout: a browser test that fails runs once more
    # (pytest-rerunfailures, as Playwright's own runner retries). The summary line counts the
    # reruns ("1 rerun"), so a test that needed one is still seen; one that fails twice fails.
    rerun = config.pluginmanager.hasplugin("rerunfailures")
    for item in items:
        if BROWSER_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if rerun:
                item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=1))


_RERUNS: list[pytest.TestReport] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":
        _RERUNS.append(report)


def pytest_terminal_summary(terminalreporter) -> None:
    """What each rerun test failed on the first time: a flake is a clue, not noise."""
    for report in _RERUNS:
        terminalreporter.write_sep("-", f"first run of {report.nodeid} (rerun)")
        lines = report.longreprtext.splitlines()
        terminalreporter.write_line("\n".join(lines[-40:]))


# --------------------------------------------------------------------------- language


@pytest.fixture(autouse=True)
def english_afterwards():
    """The language is a setting of the whole process (``aton.i18n.set_language``): every
    test starts in English and leaves the process in English, whatever it switched to."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def portuguese():
    """The test runs in Portuguese (``english_afterwards`` switches back after it)."""
    set_language("pt")


# --------------------------------------------------------------------------- scenarios


@pytest.fixture
def lessons(monkeypatch):
    """Replace the shipped scenarios with one built here (the real ones may change):
    ``full_kingdom`` (helpers.full_kingdom_position), described as in ``helpers.LESSONS``."""
    scenarios = aton.teaching.scenarios
    monkeypatch.setattr(scenarios, "names", lambda: list(LESSONS))
    monkeypatch.setattr(scenarios, "catalogue", lambda: dict(LESSONS))
    monkeypatch.setattr(scenarios, "describe", lambda name: LESSONS.get(name, ""))

    def load(name: str) -> dict:
        if name not in LESSONS:
            raise KeyError(f"There is no scenario called {name!r}.")
        return full_kingdom_position()

    monkeypatch.setattr(scenarios, "load", load)
    return LESSONS


# --------------------------------------------------------------------------- voila


@pytest.fixture(scope="session", autouse=True)
def class_store_file(tmp_path_factory) -> Iterator[Path]:
    """A temporary class store for the whole test run: ``ATON_CLASS_STORE`` is set in this
    process's environment to a SQLite file in a temporary folder, so every Voila server a test
    starts (here or in a test module, through voila_server.start_voila) hands it to its kernels,
    and no test's class lands in, or reads, the real store in ~/.local/share/aton."""
    store = tmp_path_factory.mktemp("class-store") / "classes.sqlite3"
    before = os.environ.get("ATON_CLASS_STORE")
    os.environ["ATON_CLASS_STORE"] = str(store)
    yield store
    if before is None:
        os.environ.pop("ATON_CLASS_STORE", None)
    else:
        os.environ["ATON_CLASS_STORE"] = before


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL server of the test run's own, in a temporary folder (tests/postgres.py),
    for the class store's tests; without Debian's postgresql package it skips locally and
    fails under CI=true."""
    server = TempPostgres()
    try:
        url = server.start()
    except RuntimeError as error:
        server.stop()
        skip_or_fail(str(error))
    yield url
    server.stop()


class Clock:
    """A clock the class store's tests move by hand (a class ends after a day unused)."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def devices(browser):
    """For the browser tests of a class: ``open(url, locale)`` -> a page in a browser
    context of its own (one device each); every context is closed afterwards."""
    contexts = []

    def open_page(url: str, locale: str = "en-US"):
        context = browser.new_context(viewport={"width": 1366, "height": 768}, locale=locale)
        context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
        contexts.append(context)
        page = context.new_page()
        # Navigate without waiting: Voilà answers only once the page's kernel has run the
        # notebook, so pages opened one after another would each wait for the one before.
        page.evaluate("url => { setTimeout(() => { location.href = url; }, 0); }", url)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """An empty class store's URL: a SQLite file in tmp_path, or the session's PostgreSQL
    server (its tables dropped after the test, so each test starts empty)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classes.sqlite3'}"
        return
    url = request.getfixturevalue("postgres_url")
    yield url
    engine = sqlalchemy.create_engine(url)
    aton.classroom.schema.metadata.drop_all(engine)
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text("DROP TABLE IF EXISTS aton_meta"))
    engine.dispose()


@pytest.fixture
def store(store_url, clock):
    """A ClassStore on each database, on the test's clock."""
    opened = aton.classroom.ClassStore(store_url, clock=clock)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def voila_factory(class_store_file):
    """Return `serve(notebook_path, extra_args=()) -> base_url`; servers live for the session.

    Servers are cached per (notebook, args) and stopped (SIGTERM, then kill) at session end.
    They run with TEST_SERVER_ARGS first (no pre-heated kernels); `extra_args` may override.
    Their kernels use the run's temporary class store (``class_store_file``).
    """
    servers: dict[tuple, tuple] = {}

    def serve(notebook_path: str | os.PathLike = APP_NOTEBOOK, extra_args=()) -> str:
        key = (str(notebook_path), tuple(extra_args))
        if key not in servers:
            nb = Path(notebook_path)
            if not (nb if nb.is_absolute() else REPO_ROOT / nb).exists():
                skip_or_fail(f"{notebook_path} does not exist yet")
            servers[key] = start_voila(notebook_path, (*TEST_SERVER_ARGS, *extra_args),
                                       cwd=REPO_ROOT)
        return servers[key][1]

    yield serve
    for proc, _url in servers.values():
        stop_voila(proc)


@pytest.fixture(scope="session")
def voila_server(voila_factory) -> str:
    """Base URL ("http://127.0.0.1:<port>/") of Voila serving notebooks/play.ipynb."""
    return voila_factory(APP_NOTEBOOK)


# --------------------------------------------------------------------------- playwright


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not path or not os.path.exists(path):
        skip_or_fail(
            "chromium not found (set $CHROMIUM or `apt-get install -y chromium`; "
            "never `playwright install`)"
        )
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium_path):
    """Override pytest-playwright: launch Debian's chromium instead of a downloaded one."""
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture
def context(context):
    """pytest-playwright's context, with the Font Awesome CDN blocked (offline, and slow)."""
    context.route(BLOCKED_URL, lambda route: route.abort())
    return context


def _ignorable_console_error(text: str, url: str) -> bool:
    if any(host in url or host in text for host in BLOCKED_HOSTS):
        return True
    low_url = url.lower().split("?", 1)[0]
    return "Failed to load resource" in text and low_url.endswith(FONT_SUFFIXES)


@pytest.fixture
def page_errors(page) -> list[str]:
    """List of uncaught page errors and console.error messages (CDN/font failures ignored).

    Request it before `page.goto(...)`, then `assert page_errors == []`.
    Console *warnings* are not collected: Voila 0.5's bundled JupyterLab 4.2 logs harmless
    "Unsatisfied version" warnings with ipywidgets 8.1.
    """
    errors: list[str] = []

    def on_pageerror(exc) -> None:
        errors.append(f"pageerror: {exc}")

    def on_console(msg) -> None:
        if msg.type != "error":
            return
        url = (msg.location or {}).get("url", "") or ""
        if _ignorable_console_error(msg.text, url):
            return
        errors.append(f"console.error: {msg.text} [{url}]")

    page.on("pageerror", on_pageerror)
    page.on("console", on_console)
    return errors
