"""The move list and links in a real browser: a game opened from a link, stepped back and
forth in the move list (clicks, arrow keys, ◂ ▸), back to the game unchanged, and the copied
link opened in a new page showing the same board, in projector mode as the first page was.
Screenshots go to /tmp/aton-history/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_play import COUNTERS, board_in_page, board_of, scores_in_page

import aton
import aton.engine.records
from aton.app.address import link_query
from aton.engine.records import moment
from aton.players import make_player

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/aton-history")


def played_game(decisions: int = 50) -> aton.Game:
    """A game of seed 5 where two greedy players make ``decisions`` decisions."""
    game = aton.Game.new(5)
    players = {"red": make_player("greedy", 1), "blue": make_player("greedy", 2)}
    while len(game.decisions) < decisions:
        game.advance()
        p = game.pending.player
        game.decide(players[p].choose(game.view(p)))
    game.advance()
    return game


def wait_board(page: Page, game: aton.Game) -> None:
    want = board_of(game)
    page.wait_for_function(
        "n => document.querySelector('.aton-board svg.svg-figure > g > g')"
        f".children[{COUNTERS}].querySelectorAll('.dot').length === n", arg=len(want),
        timeout=15_000)
    assert board_in_page(page)["counters"] == want


def test_step_through_a_linked_game_and_open_a_copied_link(
        page: Page, voila_server: str, page_errors: list[str]) -> None:
    SHOTS.mkdir(exist_ok=True)
    game = played_game()
    total = len(game.events)
    record = game.record()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_server + link_query(game.record(), opponent="greedy"))
    moves = page.locator(".aton-moves .aton-move")
    expect(moves).to_have_count(total, timeout=90_000)
    wait_board(page, game)
    assert scores_in_page(page) == tuple(game.scores.values())
    next_step = page.get_by_role("button", name="Next step ▸")
    expect(next_step).to_be_enabled()

    # A click on a step of the list: the game as it was then, the live game's buttons wait.
    k = total // 2
    page.locator(f'.aton-moves .aton-move[data-step="{k}"]').click()
    where = page.locator(".aton-looking")
    expect(where).to_have_text(f"Looking back at step {k} of {total}: nothing is undone.")
    then = moment(record, k)
    wait_board(page, then)
    assert scores_in_page(page) == tuple(then.scores.values())
    expect(page.locator(".aton-explain-text")).to_have_text(then.events[-1].text)
    expect(next_step).to_be_disabled()
    for width, height in ((1024, 768), (1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"looking_back_{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})

    # The arrow keys in the list (the keyboard stays on the step shown as the list is
    # redrawn), and the ◂ ▸ buttons.
    for key, at in (("ArrowLeft", k - 1), ("ArrowLeft", k - 2), ("ArrowRight", k - 1)):
        page.wait_for_function("s => document.activeElement.matches("
                               "'.aton-move.current[data-step=\"' + s + '\"]')",
                               arg=str(at + (1 if key == "ArrowLeft" else -1)),
                               timeout=10_000)
        page.keyboard.press(key)
        expect(where).to_contain_text(f"step {at} of {total}")
    wait_board(page, moment(record, k - 1))
    # The arrows are named for a screen reader by what they do (aton/app/reader.py).
    page.get_by_role("button", name="One step later (→ in the list)", exact=True).click()
    expect(where).to_contain_text(f"step {k} of {total}")
    page.get_by_role("button", name="One step earlier (← in the list)", exact=True).click()
    expect(where).to_contain_text(f"step {k - 1} of {total}")
    wait_board(page, moment(record, k - 1))

    # The copied link: the page's own address, the game and this moment, and the page as it
    # is: its language and projector mode (switched on after the link was first shown).
    page.get_by_role("button", name="Copy link").click()
    box = page.get_by_role("textbox", name="Link to this moment")
    expect(box).to_have_value(re.compile(r"^http://127\.0\.0\.1:\d+/.*\?game=.*&step=.*&lang=en$"))
    page.get_by_role("button", name="Projector").click()
    expect(page.locator(".aton-app.aton-projector")).to_have_count(1)
    expect(box).to_have_value(re.compile(r"&lang=en&projector=1$"))
    url = box.input_value()
    page.get_by_role("button", name="Copy to clipboard").click()
    expect(page.locator(".aton-copied")).not_to_have_text("")
    page.screenshot(path=str(SHOTS / "share_1366.png"))
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the game record").click()
    saved = SHOTS / "record.json"
    download.value.save_as(saved)
    assert aton.engine.records.loads(saved.read_text()).record() == record

    # Back to the game: the live game, unchanged, playing on.
    page.get_by_role("button", name="Back to the game").click()
    expect(where).to_have_count(0)
    wait_board(page, game)
    assert scores_in_page(page) == tuple(game.scores.values())
    expect(moves).to_have_count(total)
    expect(next_step).to_be_enabled()
    page.screenshot(path=str(SHOTS / "back_to_game_1366.png"))

    # The copied link in a new page: the same game at the same moment.
    other = page.context.new_page()
    other.set_viewport_size({"width": 1366, "height": 768})
    other.goto(url)
    expect(other.locator(".aton-looking")).to_have_text(
        f"Looking back at step {k - 1} of {total}: nothing is undone.", timeout=90_000)
    wait_board(other, moment(record, k - 1))
    assert scores_in_page(other) == tuple(moment(record, k - 1).scores.values())
    expect(other.locator(".aton-app.aton-projector")).to_have_count(1)
    other.screenshot(path=str(SHOTS / "opened_link_1366.png"))
    other.get_by_role("button", name="Back to the game").click()
    wait_board(other, game)

    # A new game, then the downloaded record opened again: the same game, where it stood.
    # (A projector's header hides the game's set-up: projector mode goes off first.)
    other.get_by_role("button", name="Projector").click()
    expect(other.locator(".aton-app.aton-projector")).to_have_count(0)
    other.get_by_role("button", name="New game").click()
    wait_board(other, aton.Game.new(0))  # a new deal: no counter on the board
    with other.expect_file_chooser() as chooser:
        other.get_by_role("button", name="Open a game record").click()
    chooser.value.set_files(str(saved))
    expect(other.locator(".aton-notice")).to_contain_text("Opened the game record record.json")
    wait_board(other, game)
    assert scores_in_page(other) == tuple(game.scores.values())
    other.close()
    assert page_errors == []
