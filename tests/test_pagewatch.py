"""The page's own watch (aton/app/pagewatch.py), without a browser: the sentences the page
needs when the kernel cannot answer are written into it beforehand, in the page's language,
and the link it reloads is the game's, as Copy link makes it, with nothing face down (R6).
The browser side is tests/browser/test_hostile_browser.py."""

from __future__ import annotations

import html
import re

from aton import Game, new_position
from aton.app import build_app
from aton.app.pagewatch import RETURN_CLASS, UPLOAD_CLASS
from aton.engine.records import decode_game
from aton.teaching import scenarios


def facts(app) -> dict[str, str]:
    value = app.history.watch.widget.value
    return {k: html.unescape(v) for k, v in re.findall(r'data-([a-z-]+)="([^"]*)"', value)}


def test_the_sentences_are_in_the_page_in_its_language():
    app = build_app(seed=3, how_to_play=False)
    said = facts(app)
    assert said["limit"] == "1000000" and said["lang"] == "en"
    assert "at most 1 MB" in said["too-big"] and "R1" in said["too-big"]
    assert "{name}" in said["too-big"] and "{size}" in said["too-big"]
    assert "lost its kernel" in said["lost"] and said["reload"] == "Reload the game"
    app.switch_language("pt")
    said = facts(app)
    assert said["lang"] == "pt-BR" and "no máximo 1 MB" in said["too-big"]
    assert "perdeu o seu kernel" in said["lost"] and said["reload"] == "Recarregar o jogo"
    assert UPLOAD_CLASS in app.history.upload._dom_classes
    assert RETURN_CLASS in app.history.watch.link._dom_classes


def test_the_page_says_its_language_and_follows_a_switch():
    """``<html lang>`` names the app's language (WCAG 2.1, 3.1.1: a screen reader reads the
    page in its voice), set again by the script the watch runs at every relabel."""
    app = build_app(seed=3, how_to_play=False)
    onerror = re.search(r'onerror="([^"]*)"', app.history.watch.widget.value).group(1)
    assert html.unescape(onerror).startswith("document.documentElement.lang='en';")
    app.switch_language("pt")
    onerror = re.search(r'onerror="([^"]*)"', app.history.watch.widget.value).group(1)
    assert html.unescape(onerror).startswith("document.documentElement.lang='pt-BR';")


def test_the_link_to_reload_follows_the_game_and_the_moment_shown():
    app = build_app(seed=3, how_to_play=False)
    app.confirm_cards(app.game.hand("red"))
    app.to_my_decision()
    query = app.history.watch.link.value
    record, _name = decode_game(re.search(r"game=([^&]+)", query).group(1), scenarios.load)
    assert record["steps"] <= len(app.game.events) and "lang=en" in query
    app.look_at(1)
    assert "step=1" in app.history.watch.link.value
    app.back_to_game()
    assert "step=" not in app.history.watch.link.value


def test_the_link_to_reload_holds_no_face_down_cards():
    """Hot seat, red's cards put face down: the link stops before them (R5, R6)."""
    app = build_app(seed=3, how_to_play=False, opponent="hotseat")
    app.control.uncover("red")
    app.confirm_cards(app.game.hand("red"))
    record, _name = decode_game(
        re.search(r"game=([^&]+)", app.history.watch.link.value).group(1), scenarios.load)
    assert not any(d.startswith("red assign") for d in record["decisions"])
    assert any(d.startswith("red assign") for d in app.game.record()["decisions"])


def test_no_link_to_reload_for_a_game_from_a_position_its_draw_piles_would_tell(lessons):
    """A position's draw piles hold the hands to come (R6): no link is kept on the page for
    such a game; a scenario's is kept by its name (a file of the package)."""
    app = build_app(seed=3, how_to_play=False)
    app.open_game(Game.from_position(new_position(5), 7))
    app.next_step()
    assert app.game.start is not None and app.history.watch.link.value == ""
    app = build_app(scenario="full_kingdom", seed=9, how_to_play=False)
    assert "game=" in app.history.watch.link.value
    _record, name = decode_game(re.search(r"game=([^&]+)", app.history.watch.link.value)
                                .group(1), scenarios.load)
    assert name == "full_kingdom"


def test_the_link_to_reload_keeps_the_lessons_done():
    """A lost kernel does not lose the guided lessons done: the free game's link carries them
    as the page's address does (``done=``), and a lesson reloads its own address."""
    app = build_app(query="seed=3&done=1,2")
    assert app.history.watch.link.value.endswith("&done=1,2")
    assert "game=" in app.history.watch.link.value
    app.tutor.list_buttons[2].click()  # lesson 3: from its own position, not a seed
    assert app.history.watch.link.value == ""
    assert build_app(seed=3, how_to_play=False).history.watch.link.value.count("done=") == 0
