"""The move list (looking back at any step) and links to any moment, driven without a browser.

Looking back rebuilds the game from its record, so every test checks the live game is left
exactly as it was; links and records are encoded, opened in a new app, and compared.
"""

from __future__ import annotations

import base64
import datetime
import html
import json
import re
import zlib

import pytest

import aton
from aton import scenarios
from aton.app import build_app
from aton.app.address import link_query, parse_query
from aton.engine.errors import RuleError
from aton.engine.game import Game
from aton.engine.records import decision_steps, decode_game, encode_game, moment


def play_on(app, decisions: int) -> None:
    """Play as the learner would: the first legal choice, the cards in hand order."""
    for _ in range(500):
        if len(app.game.decisions) >= decisions or app.game.over:
            return
        pending = app.session.human_pending
        if pending is None:
            app.to_my_decision()
        elif pending.kind in ("exchange", "assign"):
            app.confirm_cards(app.game.hand(pending.player))
        else:
            app.click_square(app.game.options()[0])
    raise AssertionError("the game did not move on")


def live(app) -> tuple:
    """Everything the live game is: its record and what it holds."""
    g = app.game
    return (g.record(), g.board, g.scores, g.stock, g.kingdom_counters, g.pending,
            [e.text for e in g.events])


def share_query(app) -> str:
    app.copy_link()
    return html.unescape(re.search(r'data-query="([^"]+)"', app.history.share.value).group(1))


@pytest.fixture
def played():
    app = build_app(seed=11, how_to_play=False)
    play_on(app, 40)
    assert not app.error_message
    return app


def test_move_list_lists_every_step_by_round_and_marks_decisions(played):
    game = played.game
    made = decision_steps(game)
    assert len(made) == len(game.events) and sum(made) == len(game.decisions)
    value = played.history.list.value
    assert value.count("data-step=") == len(game.events)
    rounds = [e for e in game.events if e.type == "round"]
    assert value.count('class="aton-round-head"') == len(rounds) + (game.events[0].type != "round")
    assert len(re.findall(r'class="aton-move[^"]*decision', value)) == len(game.decisions)
    # The live end is the current entry.
    assert re.search(f'class="aton-move current[^"]*" data-step="{len(game.events)}"', value)
    assert value.count(" current") == 1


def test_stepping_back_and_forth_leaves_the_game_unchanged(played):
    app = played
    before = live(app)
    total = len(app.game.events)
    k = total // 2
    app.look_at(k)
    then = moment(app.game.record(), k)
    assert app.board.board == list(then.board)
    assert app.track.scores == then.scores
    assert app.board.kingdom == list(then.kingdom_counters)
    assert app.current_text == then.events[-1].text
    assert f"step {k} of {total}" in app.history.where.value
    assert app.controls.next.disabled and app.controls.run.disabled and app.controls.undo.disabled
    # halfway, the cards lie face up: the table shows them, nothing else of the live game
    # (a moment with the cards face down: test_looking_back_shows_the_cards_only_once_face_up)
    assert then.revealed is not None
    assert list(app.stage.children) == [app.table.widget]
    assert app.table.cards == then.cards
    app.history.earlier.click()
    app.history.earlier.click()
    assert app.history.step == k - 2
    assert app.board.board == list(moment(app.game.record(), k - 2).board)
    app.history.later.click()
    assert app.history.step == k - 1
    assert app.current_text == app.game.events[k - 2].text
    # The live game's buttons explain they wait; a board click changes nothing.
    app.next_step()
    assert "Back to the game" in app.explain.warning
    app.click_square(app.game.options()[0] if app.game.pending else "1a")
    app.undo()
    assert live(app) == before
    # The page's list: a click and Esc come through the bridge.
    app.history.bridge.value = f"{k} 1"
    assert app.history.step == k
    app.history.bridge.value = "live 2"
    assert app.history.step is None
    assert live(app) == before
    assert app.board.board == list(app.game.board)
    assert not app.controls.undo.disabled and app.stage.layout.display == ""
    app.draw()  # the stage the live game shows
    live_stage = list(app.stage.children)
    app.look_at(k)
    app.back_to_game()
    assert list(app.stage.children) == live_stage
    # The share box shows a link to the moment on screen only.
    app.look_at(5)
    app.copy_link()
    assert app.history.share.layout.display == "" and "step=5" in app.history.share.value
    app.look_step(1)
    assert app.history.share.layout.display == "none"
    # Back to the game by its button, and the game plays on.
    app.look_at(3)
    app.history.back.click()
    assert app.history.step is None and app.board.board == list(app.game.board)
    play_on(app, len(app.game.decisions) + 2)
    assert not app.error_message


def test_looking_at_the_last_step_is_the_live_game(played):
    played.look_at(len(played.game.events))
    assert played.history.step is None
    played.look_step(-1)
    assert played.history.step == len(played.game.events) - 1
    played.look_step(+1)
    assert played.history.step is None
    # the live game's controls again: Next step waits only for a decision of the learner's
    assert played.controls.next.disabled == (played.session.human_pending is not None)


@pytest.mark.parametrize("looking", [None, 25])
def test_a_link_opens_the_same_game_at_the_same_moment(played, looking):
    app = played
    if looking:
        app.look_at(looking)
    query = share_query(app)
    assert query.startswith("?game=") and len(query) < 2000
    assert ("&step=25" in query) == bool(looking)
    other = build_app(query=query, how_to_play=False)
    assert not other.error_message
    assert other.game.record() == app.game.record()
    assert [e.text for e in other.game.events] == [e.text for e in app.game.events]
    assert other.history.step == looking
    assert other.board.board == app.board.board
    assert other.track.scores == app.track.scores
    assert other.board.kingdom == app.board.kingdom
    # Ready to play on from the live end.
    other.back_to_game()
    play_on(other, len(other.game.decisions) + 3)
    assert not other.error_message and len(other.game.decisions) > len(app.game.decisions)


def test_a_finished_game_opened_says_it_is_over_not_play_on():
    """A link to a game's end: the heading says the game is over and how to read it back."""
    import random

    game, rng = Game.new(4), random.Random(0)
    while not game.over:
        if game.pending is not None:
            game.decide(rng.choice(list(game.options())))
        else:
            game.step()
    app = build_app(seed=1, how_to_play=False)
    app.open_game(game)
    said = html.unescape(re.sub("<[^>]+>", "", app.explain.widget.value))
    assert "Game opened at its end (seed 4): look back through it in the move list" in said
    assert "play on from here" not in said


def test_a_lesson_game_links_by_the_lessons_name():
    name = next(iter(scenarios.catalogue()))
    app = build_app(seed=3, scenario=name, how_to_play=False)
    play_on(app, 6)
    code = re.search(r"game=([^&]+)", link_query(app.game.record(), scenario=name)).group(1)
    assert code == encode_game(app.game.record(), name)
    payload = json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "==")))
    assert payload["scenario"] == name and "start" not in payload
    record, linked = decode_game(code, scenarios.load)
    assert linked == name and aton.replay(record).record() == app.game.record()
    other = build_app(query=share_query(app), how_to_play=False)
    assert other.game.record() == app.game.record() and other.scenario == name
    # A game from another position keeps the position itself.
    position = Game.new(5).position()
    game = Game.from_position(position, 5)
    game.advance()
    code = re.search(r"game=([^&]+)", link_query(game.record(), scenario=name)).group(1)
    record, linked = decode_game(code, scenarios.load)
    assert linked is None and record["start"] == position


def bad(payload) -> str:
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize("value, words", [
    ("%%%", "damaged"),
    ("eNqNk9GugjAMhl", "damaged"),
    (bad(b"not json"), "damaged"),
    (bad([1, 2]), "does not hold a game"),
    (bad({"seed": 7, "decisions": ["red place 9z"], "steps": 3}), "record decision 1"),
    (bad({"seed": 7, "decisions": [], "steps": 999}), "'steps' is 999"),
    (bad({"seed": -1, "decisions": []}), "R1"),
    (bad({"seed": 7, "scenario": "no_such_lesson"}), "scenario that does not exist"),
    pytest.param("A" * 30_000, "too long", id="too-long"),
    pytest.param(bad(b" " * 5_000_000), "unpacks to more", id="zip-bomb"),
])
def test_a_malformed_link_is_explained_and_a_new_game_dealt(value, words):
    app = build_app(query=f"game={value}&seed=9", how_to_play=False)
    assert not app.error_message
    shown = html.unescape(app.explain.widget.value)
    assert "This link could not be opened" in shown and words in shown
    assert re.search(r"R\d+", shown)
    assert app.game.seed == 9 and app.history.step is None


def test_a_step_that_is_not_a_number_is_explained(played):
    query = share_query(played) + "&step=soon"
    other = build_app(query=query, how_to_play=False)
    assert "step=soon" in other.explain.widget.value and other.history.step is None
    assert other.game.record() == played.game.record()


def test_a_step_beyond_the_game_is_explained(played):
    other = build_app(query=share_query(played) + "&step=9999", how_to_play=False)
    assert "asks for step 9999" in other.explain.widget.value and other.history.step is None
    assert other.game.record() == played.game.record()


def test_the_record_downloads_and_opens_again(played):
    app = played
    app.copy_link()
    data = re.search(r'href="data:application/json;base64,([^"]+)"', app.history.share.value)
    text = base64.b64decode(data.group(1))
    assert aton.engine.records.loads(text).record() == app.game.record()
    other = build_app(seed=1, how_to_play=False)
    other.open_upload([{"name": "game.json", "content": memoryview(text)}])
    assert other.game.record() == app.game.record()
    assert "Opened the game record game.json" in other.explain.widget.value
    assert other.board.board == list(app.game.board)


@pytest.mark.parametrize("content, rule", [
    (b"{not json", "R1"),
    # red's exchange comes first, not blue's cards (R5)
    (b'{"format": "aton-record", "version": 1, "seed": 7, "decisions": ["blue assign 1234"]}',
     "R5"),
    (b'{"format": "chess", "version": 1}', "R1"),
])
def test_a_malformed_record_is_refused_and_the_game_kept(played, content, rule):
    before = live(played)
    played.history.upload.value = ({"name": "bad.json", "content": memoryview(content),
                                    "size": len(content), "type": "application/json",
                                    "last_modified": datetime.datetime(2026, 1, 1)},)
    warning = html.unescape(played.explain.warning)
    assert "bad.json could not be opened" in warning and rule in warning
    assert not played.error_message
    assert live(played) == before


def test_moment_refuses_a_step_the_record_does_not_reach(played):
    record = played.game.record()
    with pytest.raises(RuleError) as err:
        moment({**record, "decisions": record["decisions"][:2]}, len(played.game.events))
    assert err.value.rule == "R1"


def test_looking_back_shows_the_cards_only_once_face_up(played):
    app = played
    reveal = next(i for i, e in enumerate(app.game.events) if e.type == "reveal") + 1
    app.look_at(reveal)
    then = moment(app.game.record(), reveal)
    assert list(app.stage.children) == [app.table.widget]
    assert app.table.cards == then.cards and then.cards["red"] is not None
    app.look_at(reveal - 1)  # both cards face down: nothing of them is shown (R6)
    assert app.stage.layout.display == "none"
    assert app.history.step == reveal - 1
    app.history.later.click()  # face up again
    assert app.stage.layout.display == "" and list(app.stage.children) == [app.table.widget]



@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_link_names_the_guided_lesson_or_the_scenario_it_was_played_from(language):
    """A game from lesson 11's scenario opens as that lesson, by its title in the page's
    language; a scenario no guided lesson uses opens by its name."""
    aton.set_language(language)
    for name, expected in [("11_end_by_temple", {"en": "Winning: a whole temple",
                                                 "pt": "Vencer: um templo inteiro"}),
                           ("08_kingdom_one_from_full",
                            {"en": "scenario 08 kingdom one from full",
                             "pt": "cenário 08 kingdom one from full"})]:
        app = build_app(seed=3, scenario=name, how_to_play=False)
        play_on(app, 4)
        other = build_app(query=share_query(app), how_to_play=False)
        heading = html.unescape(other.explain.widget.value)
        assert expected[language] in heading, heading
        assert (name.replace("_", " ") in heading) == name.startswith("08"), heading


@pytest.mark.parametrize("lang, projector", [("en", False), ("en", True), ("pt", False),
                                             ("pt", True)])
def test_a_link_keeps_the_page_as_it_is(lang, projector):
    """Copy link carries the page's language and projector mode: parsed back with
    ``parse_query`` and opened, the link gives the same language and projector mode."""
    app = build_app(seed=11, how_to_play=False, lang=lang, projector=projector)
    play_on(app, 8)
    query = share_query(app)
    parsed = parse_query(query, accept_language="pt-BR" if lang == "en" else "en-US")
    assert parsed["lang"] == lang  # named in the link: the browser's language does not choose
    assert parsed.get("projector", False) is projector
    assert ("projector=1" in query) is projector
    other = build_app(query=query, how_to_play=False)
    assert (other.language, other.projecting) == (lang, projector)
    assert other.game.record() == app.game.record() and not other.error_message


def test_the_link_shown_follows_the_projector_toggle():
    """A link already on the page is written again when projector mode changes, so what is
    copied is always the page as it is now."""
    app = build_app(seed=11, how_to_play=False)
    play_on(app, 8)
    assert "projector" not in share_query(app)
    app.projector.value = True  # the header's toggle
    shown = html.unescape(re.search(r'data-query="([^"]+)"', app.history.share.value).group(1))
    assert parse_query(shown)["projector"] is True
    app.set_projector(False)
    shown = html.unescape(re.search(r'data-query="([^"]+)"', app.history.share.value).group(1))
    assert "projector" not in parse_query(shown) and not app.projecting
