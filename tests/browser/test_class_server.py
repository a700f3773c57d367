"""A server that holds a class (issue 17): ten pages opened at once on the shipped voila.json
all become usable, each saying it is getting ready while it waits; past the cap on kernels a
page gets the "server full" page in its language, and the pages already open go on.

These start Voilà servers of their own, as the README does (``voila notebooks/play.ipynb``
from the repository root, so with its voila.json: the pool at its default, the classroom
kernel manager).
"""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from voila_server import read_log, server_kernels, start_voila, stop_voila

pytestmark = pytest.mark.browser

# The app's ready condition, as the benchmarks read it: the board drawn, four cards there.
USABLE = ("document.querySelectorAll('.aton-board .dot').length >= 56 && "
          "document.querySelectorAll('.aton-cardbtn').length === 4")
GETTING_READY = """() => {
  const spinner = document.getElementById('loading');
  const said = spinner && spinner.offsetParent !== null ? spinner.innerText : '';
  const note = [...document.querySelectorAll('.aton-getting-ready p')].some(
      p => !p.hidden && p.offsetParent !== null);
  return note || /getting ready/.test(said);
}"""
CLASS = 10
CLASS_TIMEOUT = 480  # seconds: ten pages drawn by chromium on the same 2 shared cores


def blocked(context) -> None:
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())


@pytest.mark.slow
def test_ten_pages_opened_at_once_all_become_usable(browser: Browser) -> None:
    """The measured failure: of ten pages opened together, only the pool's two were drawn and
    eight stayed blank (Voilà's executor gave up on their output after 4 s, "Timeout waiting
    for IOPub output"). Now every page becomes usable, and none is a blank screen for long:
    each shows Voilà's spinner or the notebook's getting-ready note until the app is drawn."""
    proc, url = start_voila()
    # A context per page, as each student has a browser: one context opens at most 6
    # connections to the server, and the pages' long requests would queue behind each other.
    contexts = [browser.new_context(viewport={"width": 1366, "height": 768})
                for _ in range(CLASS)]
    for context in contexts:
        blocked(context)
    try:
        pages: list[Page] = [context.new_page() for context in contexts]
        for k, page in enumerate(pages):  # all at once: goto would wait for each answer
            page.evaluate("url => { setTimeout(() => { location.href = url; }, 0); }",
                          f"{url}?seed={k + 1}")
        said_ready = [False] * CLASS
        usable = [False] * CLASS
        deadline = time.monotonic() + CLASS_TIMEOUT
        while not all(usable) and time.monotonic() < deadline:
            for k, page in enumerate(pages):
                if not usable[k] and page.url != "about:blank":
                    try:
                        usable[k] = page.evaluate(f"() => {USABLE}")
                        said_ready[k] = said_ready[k] or page.evaluate(GETTING_READY)
                    except PlaywrightError:  # the page navigating: look again next time
                        continue
            time.sleep(1)
        log = read_log(proc)
        assert usable == [True] * CLASS, f"not usable: {usable}\n{log[-3000:]}"
        assert "Timeout waiting for IOPub output" not in log
        # The pool's pages may be drawn before a sample sees them waiting; the others waited.
        assert sum(said_ready) >= CLASS - 2, said_ready
        kernels = server_kernels(proc.pid)
        assert len(kernels) >= CLASS  # every page kept its own kernel
    finally:
        for context in contexts:
            context.close()
        stop_voila(proc)


def get(url: str, language: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=120) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_a_page_past_the_cap_gets_the_server_full_page_and_open_pages_go_on(
        browser: Browser) -> None:
    """With ``max_kernels=2`` the pool's two kernels fill the cap: two pages get them, the
    third is refused with HTTP 503 and a page in its language (Accept-Language, or ?lang=,
    which wins), and the page already open still plays."""
    proc, url = start_voila(extra_args=["--ClassroomKernelManager.max_kernels=2"])
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="pt-BR")
    blocked(context)
    try:
        playing = context.new_page()
        playing.goto(f"{url}?seed=3&lang=en", timeout=120_000)
        playing.wait_for_function(f"() => {USABLE}", timeout=120_000)
        status, _html = get(f"{url}?seed=4", "en")
        assert status == 200  # the pool's second kernel
        status, html = get(f"{url}?seed=5", "pt-BR,pt;q=0.9")
        assert status == 503
        assert "O servidor está cheio" in html and "Tente de novo daqui a um minuto" in html
        assert '<html lang="pt">' in html
        status, html = get(f"{url}?seed=6&lang=en", "pt-BR")
        assert status == 503 and "The server is full" in html and "Try again in a minute" in html
        refused = context.new_page()  # a browser set to Portuguese
        refused.goto(f"{url}?seed=7", timeout=60_000)
        expect(refused.locator(".aton-server-full h1")).to_have_text("O servidor está cheio")
        assert len(server_kernels(proc.pid)) == 2
        assert "Refused a page: the server is full" in read_log(proc)
        # The open page goes on: a card put on a cartouche is shown there (a kernel round trip).
        playing.locator(".aton-cardbtn:not([disabled])").first.click()
        playing.get_by_role("button", name="Cartouche 1: —").click()
        expect(playing.get_by_role("button", name=re.compile(r"^Cartouche 1: \d"))) \
            .to_be_visible(timeout=30_000)
    finally:
        context.close()
        stop_voila(proc)
