"""A server that holds a class: voila.json culls the kernels of closed pages, never an open one,
and pre-heats kernels so a page opens on a kernel that has already run the notebook.

The classroom server here is started exactly as the README says (`voila notebooks/play.ipynb`
from a directory holding a voila.json), but from a scratch directory whose voila.json is the
repository's with a short cull time, so the test takes seconds instead of a minute. Kernels are
counted as the server's ipykernel child processes (`ps --ppid`), named by their kernel id.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from voila_server import REPO_ROOT, read_log, server_kernels, start_voila, stop_voila

pytestmark = pytest.mark.browser

CONFIG = json.loads((REPO_ROOT / "voila.json").read_text())
KERNELS = CONFIG["MappingKernelManager"]
VOILA = CONFIG["VoilaConfiguration"]

# The test server: the repository's voila.json with a short cull time and a pool of one.
IDLE_TIMEOUT = 6
INTERVAL = 2
POOL = 1
# How long a closed page's kernel may live: the idle timeout, one cull interval, and slack for
# a busy shared 2-core machine (the cull loop and the kernel's shutdown take a moment there).
CULL_DEADLINE = IDLE_TIMEOUT + INTERVAL + 30
# A page may wait for a pool kernel that is still heating (it imports the app and Voila).
LOAD_TIMEOUT = 120_000


def test_voila_json_frees_a_closed_page_within_60_s_and_never_an_open_one() -> None:
    """The shipped configuration: a kernel left without a page is culled after at most the idle
    timeout plus one cull interval (under 60 s); a connected or busy kernel never is."""
    assert KERNELS["cull_idle_timeout"] + KERNELS["cull_interval"] <= 60
    assert KERNELS["cull_idle_timeout"] > 0 and KERNELS["cull_interval"] > 0
    assert KERNELS["cull_connected"] is False
    assert KERNELS.get("cull_busy", False) is False
    assert VOILA["preheat_kernel"] is True and VOILA["default_pool_size"] >= 1
    # Voila refuses to start when pre-heating is combined with either of these.
    assert not VOILA.get("progressive_rendering") and "prelaunch_hook" not in VOILA


@pytest.fixture(scope="module")
def classroom(tmp_path_factory) -> Iterator[tuple[subprocess.Popen, str]]:
    """A Voila started as `voila notebooks/play.ipynb` in a directory whose voila.json is the
    repository's, with the short cull time above."""
    where = tmp_path_factory.mktemp("classroom")
    config = json.loads(json.dumps(CONFIG))
    config["MappingKernelManager"].update(cull_idle_timeout=IDLE_TIMEOUT, cull_interval=INTERVAL)
    config["VoilaConfiguration"]["default_pool_size"] = POOL
    (where / "voila.json").write_text(json.dumps(config, indent=1))
    (where / "notebooks").symlink_to(REPO_ROOT / "notebooks", target_is_directory=True)
    proc, url = start_voila("notebooks/play.ipynb", cwd=where)
    try:
        wait_for(lambda: f"Kernel pool of play.ipynb is filled with {POOL}" in read_log(proc), 60)
        log = read_log(proc)
        assert (f"Culling kernels with idle durations > {IDLE_TIMEOUT} seconds "
                f"at {INTERVAL} second intervals") in log, log
        yield proc, url
    finally:
        stop_voila(proc)


def kernels(proc: subprocess.Popen) -> set[str]:
    """The ids of the server's running kernels (its ipykernel child processes)."""
    return set(server_kernels(proc.pid))


def wait_for(condition, seconds: float) -> float:
    """Poll `condition` until true; returns the seconds it took, or fails after `seconds`."""
    t0 = time.monotonic()
    while not condition():
        if time.monotonic() - t0 > seconds:
            pytest.fail(f"still not true after {seconds} s", pytrace=False)
        time.sleep(0.5)
    return time.monotonic() - t0


def page_kernel(proc: subprocess.Popen, opened: int) -> str:
    """The kernel Voila gave to the `opened`-th page (1-based): it says so in its log."""
    used = re.findall(r"Using pre-heated kernel: (\S+) for play.ipynb", read_log(proc))
    assert len(used) >= opened, f"page {opened} did not get a pre-heated kernel:\n{read_log(proc)}"
    return used[opened - 1]


def culled(proc: subprocess.Popen, kernel: str) -> bool:
    """True when the server's log says it culled this kernel for inactivity."""
    return any("Culling" in line and kernel in line
               for line in read_log(proc).splitlines())


def open_app(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(url, timeout=LOAD_TIMEOUT)
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=LOAD_TIMEOUT)
    return page


def place_first_card(page: Page) -> None:
    """A click that needs the kernel: a card onto cartouche 1, which then shows it."""
    card = page.locator(".aton-cardbtn:not([disabled])").first
    value = card.inner_text()
    card.click()
    slot = page.get_by_role("button", name=re.compile(r"^Cartouche 1: "))
    slot.click()
    expect(slot).to_have_text(f"Cartouche 1: {value}")


def test_a_link_opens_its_scenario_on_a_pre_heated_kernel(classroom, browser: Browser) -> None:
    """The pre-heated kernel ran the notebook before the request; it still reads the link's
    query string (scenario and seed) once the page is asked for."""
    proc, url = classroom
    page = open_app(browser, url + "?scenario=09_every_line_scores&seed=5")
    opened = len(re.findall(r"Using pre-heated kernel", read_log(proc)))
    assert page_kernel(proc, opened) in kernels(proc)
    expect(page.locator(".aton-app")).to_contain_text(
        "Round 10: the Kingdom holds 7 of 8", timeout=10_000)
    expect(page.locator(".aton-app input").first).to_have_value("5")
    page.context.close()


def test_closed_and_reloaded_pages_free_their_kernels(classroom, browser: Browser) -> None:
    """Reloading a page leaves its old kernel without a page, closing it leaves the new one:
    both are culled within the idle timeout plus one interval, while the pool stays full."""
    proc, url = classroom
    before = len(re.findall(r"Using pre-heated kernel", read_log(proc)))
    page = open_app(browser, url)
    first = page_kernel(proc, before + 1)
    place_first_card(page)
    page.reload(timeout=LOAD_TIMEOUT)
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=LOAD_TIMEOUT)
    second = page_kernel(proc, before + 2)
    # The reloaded page has a kernel of its own; the old one may be culled already.
    assert first != second and second in kernels(proc)
    page.context.close()
    took = wait_for(lambda: not {first, second} & kernels(proc), CULL_DEADLINE)
    print(f"closed page's kernels gone {took:.1f} s after the tab closed")
    # Culled by the server: the tab's own shutdown request is refused by Voila 0.5.13 (403,
    # "'_xsrf' argument missing", voila-dashboards/voila#1458), so culling is what frees them.
    assert all(culled(proc, kernel) for kernel in (first, second)), read_log(proc)
    # The pool's waiting kernel is never culled: the next page still opens on a heated one.
    wait_for(lambda: len(kernels(proc)) == POOL, 90)


def test_an_open_idle_page_keeps_its_kernel(classroom, browser: Browser) -> None:
    """A student thinking longer than the idle timeout keeps their game: a connected kernel is
    not culled, and the page still answers a click afterwards."""
    proc, url = classroom
    before = len(re.findall(r"Using pre-heated kernel", read_log(proc)))
    page = open_app(browser, url + "?seed=7")
    mine = page_kernel(proc, before + 1)
    idle = IDLE_TIMEOUT + 3 * INTERVAL + 2
    page.wait_for_timeout(idle * 1000)
    assert mine in kernels(proc), f"an open page's kernel was culled after {idle} s idle"
    assert not culled(proc, mine)
    place_first_card(page)
    page.context.close()


def test_the_browser_language_reaches_a_pre_heated_kernel(classroom, browser: Browser) -> None:
    """A pre-heated kernel ran the notebook before the request; once the page is asked for,
    Voila hands it the browser's Accept-Language (voila.json's http_header_envs) with the
    query string, and a browser set to Portuguese gets the page in Portuguese."""
    assert "Accept-Language" in VOILA["http_header_envs"]
    proc, url = classroom
    before = len(re.findall(r"Using pre-heated kernel", read_log(proc)))
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="pt-BR")
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(url + "?seed=5", timeout=LOAD_TIMEOUT)
    expect(page.get_by_role("button", name="Próximo passo ▸")).to_be_visible(
        timeout=LOAD_TIMEOUT)
    assert page_kernel(proc, before + 1) in kernels(proc)  # a pre-heated kernel served it
    expect(page.locator(".aton-app input").first).to_have_value("5")
    context.close()
