"""How to play, the rules one click away, stepping that never hides a big moment, auto-play,
the keyboard square list and the small fixes of issue 8, driven through the app's widgets.

Rule buttons are checked through the hidden bridge the page's click writes to; the real
clicks in a browser are in tests/browser/test_howto_browser.py.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
from pathlib import Path

import pytest
from helpers import assign, in_fresh_thread, new_app, plain

import aton
import aton.app.autoplay
from aton.app import build_app
from aton.app.address import parse_seed
from aton.app.board import CELL_FILL
from aton.app.rules_panel import link_rules, markdown_html, with_rule_links
from aton.app.squares import square_label
from aton.app.theme import SQUARE_FILL, TURQUOISE
from aton.engine.scoring import LINES
from aton.teaching.howto import HOW_TO_PLAY, how_to_play_text
from aton.teaching.rulebook import RULE_ID, RULE_TITLES, rule_ids, rule_section, rule_text

REPO = Path(__file__).resolve().parent.parent
BUTTON = re.compile(r'<button type="button" class="aton-rule-link"[^>]*>(R\d+)</button>')


def bare_rule_ids(value: str) -> list[str]:
    """Rule ids a person would see as plain text, not as a button."""
    without_buttons = BUTTON.sub("", value)
    text_only = re.sub(r"<[^>]+>", " ", without_buttons)
    return RULE_ID.findall(text_only)


# ---------------------------------------------------------------------- the rulebook


def test_the_rulebook_has_every_rule_once_from_the_package_file():
    assert rule_ids() == [f"R{n}" for n in range(1, 20)]
    assert set(RULE_TITLES) == set(rule_ids())
    shipped = REPO / "aton" / "teaching" / "data" / "rules.md"
    docs = REPO / "docs" / "rules.md"
    assert docs.is_symlink() and docs.resolve() == shipped.resolve()  # one copy only
    text = shipped.read_text(encoding="utf-8")
    for rule in rule_ids():
        assert rule_text(rule).splitlines()[0] in text
    assert rule_text("R7").startswith("Cartouche 1 (points): the higher card scores 2")
    assert "| 3 | Y Y Y +1 | K K K B | G G G +1 |" in rule_text("R3")  # the table stays
    assert "- Temple 2: the majority scores 5." in rule_text("R16")  # its list too
    assert rule_section("R16") == "Kingdom of the Dead and the scoring round"
    with pytest.raises(KeyError, match="R1 to R19"):
        rule_text("R20")


def test_markdown_of_a_rule_becomes_html():
    r3 = markdown_html(rule_text("R3"))
    assert r3.count("<tr>") == 5 and "<code>T3.8</code>" in r3
    r16 = markdown_html(rule_text("R16"))
    assert r16.count("<li>") == 6
    assert "whole board (all four temples, so 0–12)" in r16  # an item over two lines


def test_rule_ids_become_buttons_once_and_only_outside_tags():
    text = '<span title="R3 is here">R12 and R7</span>, not R120 or TR1.'
    linked = link_rules(text)
    assert BUTTON.findall(linked) == ["R12", "R7"]
    assert 'title="R3 is here"' in linked
    assert link_rules(linked) == linked
    assert bare_rule_ids(linked) == []
    assert 'onclick="' in with_rule_links("R5") and "aton-rule-bridge" in with_rule_links("R5")


def test_a_cited_rule_keeps_its_brackets_on_its_line():
    # "(R6)." in one unbreakable piece: no line ends in "(" with the rule on the next.
    linked = link_rules("one card on each cartouche (R6). Then R7 (R8, R9).")
    pieces = re.findall(r'<span class="aton-cited">(.*?)</span>', linked)
    assert [re.sub(r"<[^>]*>", "", piece) for piece in pieces] == ["(R6).", "(R8,", "R9)."]
    assert BUTTON.findall(linked) == ["R6", "R7", "R8", "R9"]
    assert link_rules(linked) == linked


# ---------------------------------------------------------------------- How to play


def test_how_to_play_is_on_the_first_screen_and_reopens():
    app = build_app(seed=3)
    assert app.how_to.is_open
    text = plain(app.how_to.text.value)
    for needed in ("40 points", "12 squares of one temple", "14 yellow squares",
                   "14 green squares", "scoring round", "Kingdom of the Dead", "Cartouche 1",
                   "Cartouche 2", "Cartouche 3", "Cartouche 4", "T3.8 means temple 3, square 8",
                   "R18", "R19"):
        assert needed in text, needed
    assert bare_rule_ids(app.how_to.text.value) == []
    app.how_to.close.click()
    assert not app.how_to.is_open
    app.controls.how_to.click()
    assert app.how_to.is_open
    app.how_to.close_top.click()
    assert not app.how_to.is_open


def test_how_to_play_is_short_enough_to_read_in_a_minute():
    words = len(how_to_play_text().split())
    assert 150 < words <= 320, words
    assert [title for title, _ in HOW_TO_PLAY] == [
        "How to win", "Each round: 4 cards on 4 cartouches",
        "The Kingdom of the Dead and scoring rounds", "Square names"]


# ---------------------------------------------------------------------- rules one click away


def test_a_rule_id_clicked_in_the_page_opens_its_text():
    app = new_app(seed=3)
    assert not app.rules.is_open
    app.explain.warn("something old")
    app.rules.bridge.value = "R12 1700000000000"  # what the page's click writes
    assert app.rules.is_open and app.rules.rule == "R12"
    shown = plain(app.rules.text.value)
    assert "Rule R12: cartouche 3: which temples" in shown
    assert "Cartouche 3: a card of value v allows temples 1..v" in shown
    assert "something old" not in plain(app.explain.widget.value)  # a new action
    app.rules.next.click()
    assert app.rules.rule == "R13"
    app.rules.close.click()
    assert not app.rules.is_open
    app.rules.bridge.value = "R12 1700000000999"  # the same rule again: a new value
    assert app.rules.is_open and app.rules.rule == "R12"
    app.rules.bridge.value = "R99 1"
    assert "There is no rule called R99" in plain(app.rules.text.value)


def test_every_rule_id_the_app_shows_is_a_button(lessons):
    app = new_app(scenario="full_kingdom", seed=4)
    panels = lambda: {  # the texts to look at, after each action
        "explanation": app.explain.widget.value, "log": app.game_log.widget.value,
        "picker": app.picker.meaning.value + app.picker.title.value,
        "table": app.table.widget.value, "track": app.track.widget.value,
        "scoring": app.scoring.table.value if app.scoring._widget else "",
        "end": app.end.text.value if app.end._widget else ""}
    app.picker.place((2, 4, 4, 3))
    seen = set()
    for _ in range(300):
        for name, value in panels().items():
            assert bare_rule_ids(value) == [], (name, value)
            seen.update(BUTTON.findall(value))
        if app.game.over or app.game.round > 3:
            break
        pending = app.session.human_pending
        if pending is None:
            app.controls.next.click()
        elif pending.kind in ("exchange", "assign"):
            app.picker.place(tuple(sorted(app.picker.hand)))
            app.picker.confirm.click()
        else:
            app.board.click(app.board.legal_squares[0])
    assert {"R4", "R6", "R7", "R8", "R10", "R13", "R14", "R16", "R17"} <= seen


# ---------------------------------------------------------------------- stepping


def test_to_my_next_decision_stops_before_each_scoring_line(lessons):
    app = new_app(scenario="full_kingdom", seed=4)
    game = app.game
    assign(app, (2, 4, 4, 3))
    for _ in range(20):  # on to the end of the round, choosing the first legal squares
        if game.events[-1].type == "end_round":
            break
        if app.session.human_pending is not None:
            app.board.click(app.board.legal_squares[0])
        else:
            app.controls.run.click()
    assert game.events[-1].type == "end_round" and game.events[-1].data["scoring"]
    assert app.scoring.revealed == []
    assert "the scoring round: Temple 1 (R16)" in plain(app.explain.next)
    for n, line in enumerate(LINES, 1):
        app.controls.run.click()
        assert game.events[-1].type == "score" and game.events[-1].data["line"] == line
        assert app.scoring.revealed == list(LINES[:n])  # one line per click
        assert app.current_text == game.events[-1].text
    app.controls.run.click()
    assert "scoring" in [e.type for e in game.events[-8:]]
    assert game.over or app.session.human_pending is not None


def test_to_my_next_decision_stops_before_the_end_of_the_game():
    app = new_app(scenario="14_scoring_winner", seed=1)
    game = app.game
    assign(app, tuple(app.picker.hand))
    batches = []
    while not game.over:
        before = len(game.events)
        app.controls.run.click()
        batches.append([e.type for e in game.events[before:]])
        if batches[-1][-1] == "scoring":
            assert game.winner is not None and not game.over  # R19: decided, not yet shown
            assert "the end of the game" in plain(app.explain.next)
    # each scoring line, the totals and the end came with a click of their own
    assert [b[-1] for b in batches[-8:]] == ["score"] * 6 + ["scoring", "end"]
    assert batches[-1] == ["end"] and batches[-2] == ["scoring"]
    assert all(b == ["score"] for b in batches[-7:-2])
    assert "the game ended in round 12" in plain(app.track.widget.value)  # not 13


def test_the_preview_says_the_game_ends_when_a_placement_wins():
    """The bug: 'red resolves cartouches 2, 3 and 4' when the next step was the game's end."""
    app = new_app(scenario="11_end_by_temple", seed=1)
    game = app.game
    assign(app, (1, 2, 3, 2))
    for _ in range(60):
        coming = app.game.coming
        if coming is not None and coming.kind in ("finish", "win_check"):
            break
        pending = app.session.human_pending
        if pending is None:
            app.controls.next.click()
        else:
            options = game.options()
            app.board.click(next((o for o in options if o in ("T3.3", "T3.9")), options[0]))
    preview = plain(app.explain.next)
    assert "the end of the game" in preview and "cartouches 2, 3 and 4" not in preview
    assert "resolves" not in preview
    app.controls.next.click()
    assert game.over and game.end == "temple" and game.events[-1].type == "end"


# ---------------------------------------------------------------------- auto-play


def test_auto_play_steps_one_at_a_time_and_stops_at_a_decision(monkeypatch):
    monkeypatch.setitem(aton.app.autoplay.PACES, "fast", 0.01)
    app = new_app(seed=5)
    assign(app, tuple(app.picker.hand))
    app.controls.pace.value = "fast"
    logged: list[int] = []
    app.game_log.widget.observe(lambda ch: logged.append(len(app.game_log.texts)), "value")

    async def play() -> None:
        app.controls.auto.value = True
        assert app.autoplayer.running and app.controls.auto.description == "Pause ⏸"
        while app.autoplayer.running:
            await asyncio.sleep(0.01)

    in_fresh_thread(lambda: asyncio.run(play()))
    assert app.session.human_pending is not None  # stopped at the learner's decision
    assert not app.controls.auto.value and app.controls.auto.description == "Auto-play ▶"
    assert "Auto-play stopped: it is your decision." in plain(app.explain.widget.value)
    assert len(logged) >= 5 and all(b - a >= 1 for a, b in itertools.pairwise(logged))


def test_auto_play_can_be_paused(monkeypatch):
    monkeypatch.setitem(aton.app.autoplay.PACES, "slow", 0.05)
    app = new_app(seed=5)
    assign(app, tuple(app.picker.hand))
    app.controls.pace.value = "slow"
    steps = len(app.game.events)

    async def play_then_pause() -> int:
        app.controls.auto.value = True
        await asyncio.sleep(0.12)  # two steps or so
        app.controls.auto.value = False  # Pause
        paused_at = len(app.game.events)
        await asyncio.sleep(0.2)
        return paused_at

    paused_at = in_fresh_thread(lambda: asyncio.run(play_then_pause()))
    assert steps < paused_at == len(app.game.events)  # nothing runs after the pause
    assert not app.autoplayer.running and "Auto-play paused." in plain(
        app.explain.widget.value)


def test_auto_play_without_a_running_kernel_loop_says_so():
    app = new_app(seed=5)
    assign(app, tuple(app.picker.hand))
    in_fresh_thread(lambda: setattr(app.controls.auto, "value", True))  # no event loop runs
    assert not app.controls.auto.value and not app.autoplayer.running
    assert "use Next step instead" in plain(app.explain.widget.value)
    app.controls.next.click()
    assert "Auto-play needs" not in plain(app.explain.widget.value)  # cleared by the action


def test_auto_play_while_a_decision_waits_explains_it():
    app = new_app(seed=5)
    app.controls.auto.value = True
    assert not app.controls.auto.value
    assert "Nothing runs until this decision is made" in plain(app.explain.widget.value)


# ---------------------------------------------------------------------- new deal, seeds, colour


def test_new_game_deals_a_new_random_deal_and_replay_keeps_it():
    app = new_app(deal_seed=2024)
    draws = random.Random(2024)
    first = draws.randrange(1_000_000)
    assert app.game.seed == first and app.controls.seed.value == str(first)
    assert "2024" in app.controls.new.tooltip  # the app's generator is shown
    app.controls.new.click()
    second = draws.randrange(1_000_000)
    assert app.game.seed == second != first and app.controls.seed.value == str(second)
    hand = app.picker.hand
    assign(app, hand)
    app.controls.replay.click()
    assert app.game.seed == second and app.picker.hand == hand and app.game.decisions == []


@pytest.mark.parametrize("typed", ["abc", "-1", "1.5", "123456789012345678901",
                                   str(2**63), "", "٣"])
def test_a_seed_that_is_not_a_whole_number_up_to_2_63_is_refused(typed):
    app = new_app(seed=5)
    assign(app, tuple(app.picker.hand))
    events = list(app.game.events)
    app.controls.seed.value = typed
    app.controls.replay.click()
    assert "cannot be a seed: a seed is a whole number from 0 to" in plain(
        app.explain.widget.value)
    assert app.game.events == events and app.game.seed == 5  # nothing lost


def test_the_largest_seed_is_accepted():
    assert parse_seed(str(2**63 - 1)) == 2**63 - 1
    assert parse_seed(" 1,000 ") == 1000
    app = new_app(seed=5)
    app.controls.seed.value = str(2**63 - 1)
    app.controls.replay.click()
    assert app.game.seed == 2**63 - 1 and f"seed {2**63 - 1}" in plain(
        app.explain.widget.value)


@pytest.mark.parametrize("query", ["seed=abc", "seed=123456789012345678901"])
def test_a_bad_seed_in_the_page_address_is_explained(query):
    app = build_app(query=query, how_to_play=False, deal_seed=7)
    shown = plain(app.explain.widget.value)
    assert "The page address asks for seed=" in shown and "whole number" in shown
    assert "A new random deal was dealt instead" in shown
    assert app.controls.seed.value == str(app.game.seed)  # heading and box agree
    assert f"seed {app.game.seed}" in shown


def test_the_learner_chooses_a_colour_in_the_page():
    app = new_app(seed=4)
    assert app.controls.learner.value == "red" and app.picker.player == "red"
    app.controls.learner.value = "blue"
    assert app.session.learner == "blue" and app.picker.player == "blue"
    assert app.game.seed == 4 and app.picker.hand == app.game.view("blue").hand
    assert "You now play blue: the same deal starts again" in plain(app.explain.widget.value)


def test_warnings_clear_on_the_next_action():
    app = new_app(seed=5)
    app.controls.next.click()  # a decision waits: warned
    assert "Nothing runs until" in plain(app.explain.widget.value)
    app.picker.cards[0].click()  # the next action: the warning goes
    assert "Nothing runs until" not in plain(app.explain.widget.value)
    app.board.click("T1.1")
    assert "nothing to choose on the board now" in plain(app.explain.widget.value)
    app.controls.how_to.click()
    assert "nothing to choose" not in plain(app.explain.widget.value)


def test_greyed_buttons_say_why_in_their_tooltip():
    app = new_app(seed=5)
    c = app.controls
    assert c.next.disabled and c.next.tooltip.startswith("Not now: first put your cards")
    assert c.undo.disabled and "not made a decision" in c.undo.tooltip
    assert app.picker.confirm.disabled and "cartouches 1, 2, 3, 4 are still empty" in (
        app.picker.confirm.tooltip)
    assign(app, tuple(app.picker.hand))
    assert not c.next.disabled and c.next.tooltip == "Run one step and explain it"
    app.controls.run.click()
    assert c.next.disabled and "make your choice on the board" in c.next.tooltip


def test_undo_says_what_was_taken_back_in_plain_words():
    app = new_app(seed=5)
    hand = tuple(app.picker.hand)
    assign(app, hand)
    app.controls.undo.click()
    # The cards stay where they were put (the picker keeps them), and the words say so.
    assert app.picker.assignment == hand
    placed = ", ".join(f"a {v} on cartouche {c}" for c, v in enumerate(hand[:3], 1))
    assert ("Taken back: Your cards are taken back before the reveal: they stay on the "
            f"cartouches where you put them ({placed} and a {hand[3]} on cartouche 4)."
            ) in plain(app.explain.widget.value)
    assert "back in your hand" not in plain(app.explain.widget.value)
    assert "assign" not in plain(app.explain.widget.value)


def test_a_kept_exchange_counter_is_not_logged_every_round():
    app = new_app(seed=5)
    assign(app, tuple(app.picker.hand))
    assert any(e.type == "exchange" for e in app.game.events)
    assert "keeps the 4 cards drawn" not in plain(app.game_log.widget.value)


def test_the_notebook_titles_the_tab_aton():
    nb = json.loads((REPO / "notebooks" / "play.ipynb").read_text())
    assert nb["metadata"]["title"] == "Aton"


# ---------------------------------------------------------------------- keyboard, words


def test_a_square_chosen_from_the_keyboard_list():
    app = new_app(seed=5)
    assign(app, tuple(app.picker.hand))
    app.controls.run.click()
    pending = app.session.human_pending
    assert pending.kind == "place"
    chooser = app.chooser
    assert chooser.widget in app.stage.children
    legal = app.game.options()
    assert [value for _, value in chooser.list.options] == legal
    label = {v: k for k, v in chooser.list.options}[legal[0]]
    assert label.startswith(f"{legal[0]}: temple ") and label.endswith("empty")
    assert chooser.choose.description == "Place a counter here"
    chooser.choose.click()  # nothing picked yet: said so, nothing changes
    assert "First pick a square" in chooser.title.value
    chooser.list.value = legal[-1]  # the arrow keys move the choice...
    assert app.board.pointed_at == [legal[-1]]  # ...and the board rings it
    assert chooser.choose.description == f"Place a counter on {legal[-1]}"  # and the button
    chooser.choose.click()
    assert app.board.counter_on(legal[-1]) == "red"
    assert app.game.events[-1].type == "place" and app.game.events[-1].data["square"] == (
        legal[-1])


def test_square_labels_name_the_colour_and_what_is_on_it():
    assert square_label("T3.8", "red") == ("T3.8: temple 3, square 8 (row 2), turquoise, "
                                           "a red counter")
    assert square_label("T4.12", None) == "T4.12: temple 4, square 12 (row 3), bonus +2, empty"
    assert square_label("T1.1", "blue").endswith("yellow, a blue counter")


def test_the_rules_blue_squares_are_turquoise_in_the_app():
    app = new_app(seed=5)
    assert SQUARE_FILL["B"] == TURQUOISE
    assert CELL_FILL[aton.board.SQUARE_INDEX["T1.8"]] == TURQUOISE
    legend = plain(app.track.widget.value)
    assert "turquoise (the rules' blue squares)" in legend
    assert "T3.8 = temple 3, square 8" in legend


def test_prompts_count_down_to_the_last_counter():
    app = new_app(seed=5)
    assign(app, tuple(app.picker.hand))
    app.controls.run.click()
    seen = []
    while app.session.human_pending is not None and app.session.human_pending.kind == "place":
        seen.append(plain(app.explain.next))
        app.board.click(app.board.legal_squares[0])
    assert len(seen) >= 2
    assert "left, this one included" in seen[0] and "the last one" in seen[-1]
    assert not any("to go" in s for s in seen)


def test_the_apps_own_texts_do_not_say_resolves(lessons):
    app = new_app(scenario="full_kingdom", seed=4)
    assign(app, (2, 4, 4, 3))
    previews = 0
    while not app.game.over and app.game.round == 3:
        assert "resolve" not in plain(app.explain.next)
        previews += 1
        if app.session.human_pending is None:
            app.controls.next.click()
        else:
            app.board.click(app.board.legal_squares[0])
    # the whole of round 3 was read, its scoring round (R16) included
    assert previews > 20 and "score" in [e.type for e in app.game.events]
