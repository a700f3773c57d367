"""Hostile input and a lost kernel in a real browser (issue 17, items 3 and 4): a ``?game=``
bomb opens the app with a notice; a 20 MB file is refused in the page before it is sent (and a
good record still opens through the same button); a page whose kernel is killed says so in the
page's language and reloads at the game's link, the same moment."""

from __future__ import annotations

import base64
import os
import signal
import zlib
from pathlib import Path

import pytest
from browser_actions import close_how_to
from playwright.sync_api import Page, expect
from test_play import steps_in_page

import aton
import aton.engine.records

pytestmark = pytest.mark.browser

BOMB = base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000, 9)).decode().rstrip("=")


def wait_app(page: Page) -> None:
    """The app is up, its hand dealt, and How to play (open on a first visit, over the
    window's right-hand side wherever the page scrolls) closed, as a learner closes it before
    reaching for the footer's buttons under it."""
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=90_000)
    close_how_to(page)
    expect(page.locator(".aton-howto")).to_be_hidden()


@pytest.mark.parametrize("lang, said", [("en", "This link could not be opened"),
                                        ("pt", "Não foi possível abrir este link")])
def test_a_game_bomb_link_opens_the_app_with_a_notice(page: Page, voila_server: str,
                                                      page_errors: list[str], lang, said):
    page.goto(f"{voila_server}?game={BOMB}&lang={lang}")
    wait_app(page)
    notice = page.locator(".aton-notice")
    expect(notice).to_contain_text(said)
    expect(notice).to_contain_text("R1")
    assert page_errors == []


def test_a_20_mb_upload_is_refused_in_the_page_and_a_record_still_opens(
        page: Page, voila_server: str, page_errors: list[str], tmp_path: Path):
    big = tmp_path / "huge.json"
    big.write_bytes(b" " * 20_000_000)
    game = aton.Game.new(4)
    game.advance()
    record = tmp_path / "good.json"
    record.write_text(aton.engine.records.dumps(game))
    page.goto(voila_server)
    wait_app(page)
    button = page.get_by_role("button", name="Open a game record")
    expect(button).to_have_text("Open a game record")  # no "(0)": the widget's file count
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(big))
    refused = page.locator(".aton-watch-notice")
    expect(refused).to_contain_text("huge.json was not opened")
    expect(refused).to_contain_text("the file is 20 MB")
    expect(refused).to_contain_text("at most 1 MB")
    # The kernel never got it: the page still answers, and a good record opens.
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(record))
    expect(page.locator(".aton-notice")).to_contain_text("Opened the game record good.json")
    expect(refused).to_be_hidden()
    expect(button).to_have_text("Open a game record")
    assert page_errors == []


def test_a_20_mb_upload_is_refused_in_portuguese(page: Page, voila_server: str,
                                                 tmp_path: Path):
    big = tmp_path / "enorme.json"
    big.write_bytes(b"{" * 20_500_000)
    page.goto(f"{voila_server}?lang=pt")
    wait_app(page)
    button = page.get_by_role("button", name="Abrir um registro de jogo")
    expect(button).to_have_text("Abrir um registro de jogo")
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(big))
    refused = page.locator(".aton-watch-notice")
    expect(refused).to_contain_text("enorme.json não foi aberto")
    expect(refused).to_contain_text("o arquivo tem 20,5 MB")


def kernel_pid(page: Page) -> int:
    """The process of this page's kernel: its connection file is named after its id."""
    kernel = page.evaluate("window.jupyterapp._widgetManager.kernel.id")
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                args = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(a.endswith(f"kernel-{kernel}.json".encode()) for a in args):
                return int(entry.name)
    raise AssertionError(f"no process for kernel {kernel}")


@pytest.mark.parametrize("lang, said, reload", [
    ("en", "The page lost its kernel", "Reload the game"),
    ("pt", "A página perdeu o seu kernel", "Recarregar o jogo")])
def test_a_killed_kernel_is_said_and_reload_brings_the_game_back(
        page: Page, voila_server: str, lang, said, reload):
    page.goto(f"{voila_server}?seed=8&lang={lang}")
    wait_app(page)
    hand = page.locator(".aton-cardbtn").all_inner_texts()
    steps = steps_in_page(page) if lang == "en" else None
    query = page.locator(".aton-return-link input").input_value()
    assert query.startswith("?game=") and f"lang={lang}" in query
    os.kill(kernel_pid(page), signal.SIGKILL)
    lost = page.locator(".aton-kernel-lost")
    expect(lost).to_contain_text(said, timeout=30_000)
    button = lost.get_by_role("button", name=reload)
    expect(button).to_be_focused()
    button.click()
    page.wait_for_url(f"**{query[:40]}*", timeout=30_000)
    wait_app(page)
    expect(page.locator(".aton-kernel-lost")).to_have_count(0)
    assert page.locator(".aton-cardbtn").all_inner_texts() == hand  # the same deal, seed 8
    if steps is not None:
        assert steps_in_page(page) == steps
