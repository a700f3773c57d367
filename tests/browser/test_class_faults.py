"""A class in a real browser when a student's kernel dies (issue 18, fault tests): a teacher's
page and two students' pages on a Voilà server of the test's own (its class store a file in a
temporary folder, set for the server's kernels through ATON_CLASS_STORE). One student's kernel
is killed with SIGKILL; the teacher steps on and the other student's page follows; the killed
page's "Reload" brings it back to the class as the same student, following the teacher.
"""

from __future__ import annotations

import os
import re
import signal

import pytest
from playwright.sync_api import Browser, Page, expect
from test_hostile_browser import kernel_pid
from voila_server import REPO_ROOT, start_voila, stop_voila

pytestmark = pytest.mark.browser

READY = "document.querySelectorAll('.aton-board .dot').length >= 56"
STEPS = ("() => { const l = document.querySelector('.aton-log'); const m = l && "
         "l.textContent.match(/\\((\\d+) steps?/); return m ? +m[1] : -1; }")


@pytest.fixture
def class_server(tmp_path):
    """A Voilà server whose kernels share a class store in ``tmp_path``."""
    env = {**os.environ, "ATON_CLASS_STORE": str(tmp_path / "class.sqlite3"),
           "PYTHONPATH": str(REPO_ROOT)}
    proc, url = start_voila(extra_args=["--VoilaConfiguration.preheat_kernel=False"], env=env)
    yield url
    stop_voila(proc)


def opened(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(url, timeout=180_000)
    page.wait_for_function(f"() => {READY}", timeout=180_000)
    close = page.locator(".aton-howto").get_by_role("button", name="Close ✕")
    if close.count() and close.first.is_visible():
        close.first.click()
    return page


def joined(browser: Browser, url: str, code: str, name: str) -> Page:
    page = opened(browser, f"{url}?join={code}")
    page.locator(".aton-class-name input").fill(name)
    page.locator(".aton-class-join-button").click()
    expect(page.locator(".aton-class-banner")).to_contain_text(f"You: {name}", timeout=60_000)
    page.wait_for_url(re.compile(r"me="), timeout=30_000)  # the page's own class link
    return page


def steps_of(page: Page) -> int:
    return page.evaluate(STEPS)


def test_a_students_killed_kernel_and_the_class_goes_on_then_reload_rejoins(
        browser: Browser, class_server: str) -> None:
    t = opened(browser, f"{class_server}?class=new&seed=3")
    code = t.locator(".aton-class-code").first.get_attribute("aria-label").replace(" ", "")
    ana = joined(browser, class_server, code, "Ana")
    bo = joined(browser, class_server, code, "Bo")
    address = ana.url
    os.kill(kernel_pid(ana), signal.SIGKILL)
    expect(ana.locator(".aton-kernel-lost")).to_be_visible(timeout=30_000)
    # The teacher goes on: the cards as drawn (R6), then a step; Bo's page follows.
    for c in range(4):
        t.locator(".aton-cardbtn").nth(c).click()
        t.locator(".aton-slots button").nth(c).click()
    t.locator(".aton-picker-confirm").click()
    t.wait_for_timeout(1000)
    t.locator(".aton-steps button").first.click()
    t.wait_for_timeout(1000)
    steps = steps_of(t)
    assert steps > 0
    bo.wait_for_function(f"() => ({STEPS})() === {steps}", timeout=30_000)
    expect(t.locator(".aton-class-banner")).to_contain_text("2 in the class: Ana, Bo")
    # Ana's page: its Reload comes back to the class as Ana, at the teacher's step.
    ana.locator(".aton-kernel-lost").get_by_role("button").first.click()
    ana.wait_for_function(f"() => {READY}", timeout=180_000)
    assert "me=" in address and ana.url == address  # the page's own link, with its token
    expect(ana.locator(".aton-class-banner")).to_contain_text("You: Ana", timeout=60_000)
    ana.wait_for_function(f"() => ({STEPS})() === {steps}", timeout=30_000)
    expect(t.locator(".aton-class-banner")).to_contain_text("2 in the class: Ana, Bo")
