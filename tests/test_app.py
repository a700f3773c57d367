"""The teaching app, driven like a learner would, without a browser.

Buttons are clicked with ``Button.click()``, board squares through the board's click handler,
and what each panel shows is checked against the engine. The long test plays a whole game
against the computer from a lesson position whose Kingdom of the Dead is full, so the first
round ends in a scoring round (R15, R16) and take-backs (R17).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
from helpers import LESSONS, deck, plain, put_by_clicks

import aton
from aton.app import AtonApp, app_from_query, build_app, parse_query
from aton.app.board import CELLS, cell_index
from aton.app.session import Session
from aton.engine.events import Event
from aton.engine.game import Game
from aton.engine.scoring import LINES

REPO = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------- helpers


def explained(app: AtonApp) -> str:
    return plain(app.explain.widget.value)


def stage(app: AtonApp) -> list:
    return list(app.stage.children)


def counters_shown(app: AtonApp) -> dict[str, int]:
    colours = list(app.board.counters.colors)[: len(app.board.counters.x)]
    red = aton.app.theme.PLAYER_COLOUR["red"]
    return {"red": colours.count(red), "blue": len(colours) - colours.count(red)}


def expected_counters(game: aton.Game) -> dict[str, int]:
    board, kingdom = game.board, game.kingdom
    return {"red": board.count(1) + kingdom["red"], "blue": board.count(2) + kingdom["blue"]}


def assert_board_matches(app: AtonApp) -> None:
    """Every square shows the engine's counter; the Kingdom too."""
    game = app.game
    for i, mark in enumerate(game.board):
        name = aton.board.SQUARE_NAMES[i]
        assert app.board.counter_on(name) == (None, "red", "blue")[mark], name
    kingdom = game.kingdom_counters
    for k in range(8):
        assert app.board.counter_on(f"K{k + 1}") == (kingdom[k] if k < len(kingdom) else None)
    assert counters_shown(app) == expected_counters(app.game)


def scores_shown(app: AtonApp) -> tuple[int, int]:
    m = re.search(r"Scores red (\d+) · blue (\d+)", plain(app.track.widget.value))
    return int(m.group(1)), int(m.group(2))


# ---------------------------------------------------------------------- first screen, picker


def test_first_screen_deals_and_asks_for_cards():
    app = build_app(seed=11)
    game = aton.Game.new(11)
    game.advance()
    assert app.controls.seed.value == "11"
    assert app.picker.hand == game.view("red").hand  # R4: the top 4 cards of red's pile
    assert stage(app) == [app.picker.widget]
    assert "Round 1 begins" in app.current_text and "R4" in explained(app)
    assert "put one card on each cartouche" in explained(app)
    assert app.controls.next.disabled and app.controls.run.disabled  # a decision is pending
    assert app.controls.undo.disabled
    assert len(app.board.squares.x) == CELLS == 56
    assert counters_shown(app) == {"red": 0, "blue": 0}
    assert app.game_log.texts and "Round 1 begins" in app.game_log.widget.value
    assert app.error_message == ""


def test_picker_explains_each_card_where_it_lies():
    app = build_app(seed=11)
    picker = app.picker
    picker.cards[0].click()
    picker.slots[2].click()  # cartouche 3
    value = picker.hand[0]
    area = aton.board.temples_text(value)
    assert f"Cartouche 3 with a {value}:" in plain(picker.meaning.value)
    assert f"remove and place counters in {area} (R12)" in plain(picker.meaning.value)
    assert picker.cards[0].disabled and picker.slots[2].description == f"Cartouche 3: {value}"
    # clicking a filled cartouche with no card selected takes the card back
    picker.slots[2].click()
    assert picker.slot_of[2] is None and picker.selected == 0
    assert "Cartouche 3" not in plain(picker.meaning.value)  # its button says "—"
    assert picker.slots[2].description == "Cartouche 3: —"


def test_picker_stays_consistent_whatever_is_clicked():
    import random

    app = build_app(seed=11)
    picker, rng = app.picker, random.Random(0)
    buttons = picker.cards + picker.slots + [picker.clear]
    for _ in range(300):
        rng.choice(buttons).click()
        placed = [i for i in picker.slot_of if i is not None]
        assert len(placed) == len(set(placed)) and all(0 <= i < 4 for i in placed)
        assert picker.confirm.disabled == (picker.assignment is None)
        if picker.assignment is not None:
            assert sorted(picker.assignment) == sorted(picker.hand)
    assert app.game.decisions == []  # nothing reaches the game before Confirm


def test_picker_meaning_texts():
    from aton.teaching.cartouches import meaning

    assert "temples 1 and 2 (R12)" in meaning(3, 2, "red")
    # R10 said as what the card does, never as arithmetic ("4 − 2 = 2").
    assert "a 4 makes you remove 2 of blue's counters" in meaning(2, 4, "red")
    assert "a 1 makes you remove one of your own counters" in meaning(2, 1, "blue")
    assert "a 2 removes no counter (R10)" in meaning(2, 2, "blue")
    assert "−" not in meaning(2, 1, "blue") + meaning(2, 2, "red")
    assert "nobody removes anything in round 1 (R11)" in meaning(2, 3, "red", first_round=True)
    assert "2 × the difference" in meaning(1, 4, "red")
    assert "only 2 left in your stock" in meaning(4, 3, "red", stock=2)


def test_incomplete_assignment_cannot_be_confirmed():
    app = build_app(seed=11)
    picker = app.picker
    picker.cards[0].click()
    picker.slots[0].click()
    assert picker.confirm.disabled
    events = len(app.game.events)
    picker.confirm.click()  # clicked anyway: refused, with the rule
    assert "R6" in plain(picker.status.value) and "cartouches 2, 3, 4 are still empty" in (
        plain(picker.status.value))
    assert len(app.game.events) == events and app.session.human_pending.kind == "exchange"
    picker.clear.click()
    assert picker.slot_of == [None] * 4


def test_exchange_counter_once_per_game(lessons):
    app = build_app(scenario="full_kingdom")
    assert app.picker.hand == (4, 3, 2, 4) and not app.picker.exchange.disabled
    app.picker.exchange.click()  # R5: 4 new cards from the top of the draw pile
    assert app.picker.hand == tuple(deck([4, 3, 2, 4])[4:8])
    assert app.picker.exchange.disabled and "already used" in app.picker.exchange.description
    assert "hands in the exchange counter" in app.current_text
    assert "red used" in app.track.widget.value
    app.picker.exchange.click()  # again: explained, nothing happens
    assert "once per game" in plain(app.picker.status.value)


# ---------------------------------------------------------------------- a whole game


def test_a_shipped_scenario_is_named_by_its_number_in_the_pages_language():
    """The file name of a scenario is English: a Portuguese page names scenario 9 by its
    number and says the rest in its description, in Portuguese."""
    for lang, heading in (("en", "Scenario 9:"), ("pt", "Cenário 9:")):
        app = build_app(scenario="09_every_line_scores", seed=1, lang=lang)
        assert heading in explained(app)
        assert "every line scores" not in explained(app)


def test_whole_game_against_the_computer_with_a_scoring_round(lessons):
    app = build_app(scenario="full_kingdom", seed=4, opponent="greedy")
    game = app.game
    assert game.round == 3 and sum(game.kingdom.values()) == 8
    assert "Scenario full kingdom" in explained(app)
    assert_board_matches(app)

    # --- picker: red puts 2, 4, 4, 3 on cartouches 1-4 and confirms (R6)
    put_by_clicks(app, (2, 4, 4, 3))
    # The card put down last is spelled out under the cartouches; each card's meaning is
    # its cartouche's tooltip.
    assert "Cartouche 4 with a 3:" in plain(app.picker.meaning.value)
    assert "Cartouche 2 with a 4:" in app.picker.slots[1].tooltip
    assert "a 4 makes you remove 2 of blue's counters" in app.picker.slots[1].tooltip
    app.picker.confirm.click()
    assert game.cards["red"] == (2, 4, 4, 3)
    assert game.view("red").revealed is None
    assert stage(app) == [app.table.widget]
    assert app.table.value_shown("red", 2) == "4"  # my own cards, face up for me
    assert app.table.value_shown("blue", 2) == "face down"  # R6: hidden until the reveal
    assert not app.controls.next.disabled

    # --- reveal (R6)
    app.controls.next.click()
    reveal = game.events[-1]
    assert reveal.type == "reveal" and app.current_text == reveal.text
    blue_cards = game.cards["blue"]
    assert [app.table.value_shown("blue", c) for c in (1, 2, 3, 4)] == [str(v) for v in
                                                                        blue_cards]
    assert app.table.highlight == {"red": {1, 2, 3, 4}, "blue": {1, 2, 3, 4}}

    # --- points (R7)
    app.controls.next.click()
    points = game.events[-1]
    assert points.type == "points" and "R7" in explained(app)
    assert scores_shown(app) == tuple(game.scores.values())
    assert app.table.highlight == {"red": {1}, "blue": {1}}

    # --- order (R8)
    app.controls.next.click()
    order = game.events[-1]
    assert order.type == "order" and app.current_text == order.text
    assert app.table.first == order.data["first"] and "goes first" in app.table.widget.value

    # --- step on to red's removal decision, checking each step's text and squares
    while app.session.human_pending is None:
        before = len(game.events)
        app.controls.next.click()
        new = game.events[before:]
        assert new and app.current_text == new[-1].text
        for e in new:
            if e.type in ("place", "remove"):
                assert e.data["square"] in app.board.event_squares
        assert_board_matches(app)
    pending = app.session.human_pending
    assert (pending.kind, pending.player, pending.count) == ("remove", "red", 2)
    assert sorted(app.board.legal_squares) == sorted(game.options())
    assert "click one of blue's counters" in explained(app)
    assert app.controls.next.disabled

    # --- an illegal click is explained with its rule, and changes nothing (R10)
    own = next(aton.board.SQUARE_NAMES[i] for i, m in enumerate(game.board) if m == 1)
    assert app.board.counter_on(own) == "red"
    events = len(game.events)
    app.board.click(own)
    assert "Not allowed" in explained(app) and "R10" in explained(app)
    # Said to the person who clicked: the refusal does not open with their own name.
    assert f"R10: {own} holds a red counter; the removal must take a blue counter" in (
        explained(app)) and "red: " not in explained(app)
    assert len(game.events) == events and app.board.counter_on(own) == "red"
    app.controls.next.click()  # Next step while a decision is pending: explained
    assert "Nothing runs until this decision is made" in explained(app)
    assert len(game.events) == events

    # --- removal clicks (R10): the Kingdom is full, so the counters go back to stock (R15)
    for _ in range(2):
        square = app.board.legal_squares[0]
        stock = game.stock["blue"]
        app.board.click(square)
        assert game.events[-1].type == "remove" and app.current_text == game.events[-1].text
        assert app.board.counter_on(square) is None and square in app.board.event_squares
        assert game.stock["blue"] == stock + 1
        assert_board_matches(app)

    # --- placement clicks (R13)
    app.controls.next.click()
    assert game.events[-1].type == "placement"
    pending = app.session.human_pending
    assert pending.kind == "place" and pending.count == 3
    occupied = next(aton.board.SQUARE_NAMES[i] for i, m in enumerate(game.board) if m)
    app.board.click(occupied)
    assert "R13" in explained(app) and "already occupied" in explained(app)
    app.board.click("K3")
    assert "Kingdom of the Dead" in explained(app) and "R15" in explained(app)
    for left in (3, 2, 1):
        assert app.session.human_pending.count == left
        assert (f"{left} left, this one included" if left > 1 else "the last one") in (
            explained(app))
        assert "to go" not in explained(app)
        square = app.board.legal_squares[0]
        app.board.click(square)
        assert app.board.counter_on(square) == "red"
        assert app.current_text.startswith(f"Red places a counter on {square} ")
    assert_board_matches(app)

    # --- the rest of the round, then the scoring round line by line (R16)
    while game.events[-1].type != "end_round":
        assert app.session.human_pending is None
        app.controls.next.click()
    # the "Class predicts" switch (off) sits above the scoring table while a line comes next
    assert game.events[-1].data["scoring"] and stage(app) == [app.class_quiz.widget,
                                                             app.scoring.widget]
    assert app.scoring.revealed == []
    for n, line in enumerate(LINES, 1):
        app.controls.next.click()
        event = game.events[-1]
        assert event.type == "score" and event.data["line"] == line
        assert app.scoring.revealed == list(LINES[:n])
        assert app.scoring.current == line
        assert app.scoring.bar_values[0][n - 1] == event.data["points"]["red"]
        assert app.scoring.bar_values[1][n - 1] == event.data["points"]["blue"]
        assert app.scoring.bar_values[0][n:] == [0] * (len(LINES) - n)
        # The points axis reads whole points, every bar under its top (R16).
        axis = app.scoring.chart[0].axes[1]
        assert all(float(v).is_integer() for v in axis.tick_values)
        assert axis.tick_values[-1] == axis.scale.max >= max(map(max, app.scoring.bar_values))
        assert scores_shown(app) == (event.data["scores"]["red"], event.data["scores"]["blue"])
        assert app.current_text == event.text
        assert set(app.board.event_squares) == set(event.cells(game.board))
    app.controls.next.click()
    assert game.events[-1].type == "scoring" and "Total" in app.scoring.table.value

    # --- take-backs (R17): red chooses squares by clicking
    took_back = 0
    while not game.over and game.events[-1].type != "round":
        pending = app.session.human_pending
        if pending is None:
            app.controls.next.click()
            continue
        assert pending.kind == "take_back" and pending.player == "red"
        assert all(aton.board.TEMPLE_OF[aton.board.SQUARE_INDEX[n]] == pending.temple
                   for n in app.board.legal_squares)
        wrong = next((aton.board.SQUARE_NAMES[i] for i, m in enumerate(game.board)
                      if m == 1 and aton.board.TEMPLE_OF[i] != pending.temple), None)
        if wrong:
            app.board.click(wrong)
            assert "R17" in explained(app) and "Not allowed" in explained(app)
        square = app.board.legal_squares[0]
        app.board.click(square)
        assert game.events[-1].type == "take_back" and app.board.counter_on(square) is None
        took_back += 1
    assert took_back >= 1
    assert_board_matches(app)

    # --- play on to the end: "To my next decision", then simple choices
    for _ in range(400):
        if game.over:
            break
        pending = app.session.human_pending
        if pending is None:
            app.controls.run.click()
        elif pending.kind in ("exchange", "assign"):
            put_by_clicks(app, tuple(sorted(app.picker.hand, reverse=True)))
            app.picker.confirm.click()
        else:
            app.board.click(app.board.legal_squares[0])
        assert app.error_message == ""
    assert game.over

    # --- the end panel: winner and reason
    end = game.events[-1]
    assert end.type == "end"
    assert app.stage.children[0] is app.end.widget
    assert app.end.winner == game.winner and app.end.reason == game.end
    assert (game.winner.capitalize() if game.winner != "draw" else "A draw") in (
        app.end.text.value)
    assert "Final score" in app.end.text.value
    assert app.controls.next.disabled and app.controls.run.disabled
    assert scores_shown(app) == tuple(game.scores.values())
    assert_board_matches(app)
    app.board.click("T1.1")
    assert "the game is over" in explained(app)


def test_to_my_next_decision_runs_every_step_in_between():
    app = build_app(seed=3)
    put_by_clicks(app, tuple(app.picker.hand))
    app.picker.confirm.click()
    events = len(app.game.events)
    app.controls.run.click()
    pending = app.session.human_pending
    assert pending is not None and pending.player == "red"  # it stopped at my decision
    logged = [e for e in app.game.events if app.game_log.worth_logging(e)]
    assert len(app.game_log.texts) == len(logged) > 3
    assert len(app.game.events) > events + 3
    assert "earlier steps are in the log" in explained(app)



def test_the_game_log_and_the_move_list_count_the_same_steps():
    """The log leaves out a kept exchange counter and cards put face down (R5, R6), but its
    head counts every step, as the move list does, and its "earlier steps" too."""
    from aton.app import panel
    app = build_app(seed=3, opponent="random", how_to_play=False)
    for _ in range(3):  # three rounds: the log leaves some steps out of each
        put_by_clicks(app, tuple(app.picker.hand))
        app.picker.confirm.click()
        while (app.session.human_pending is None
               or app.session.human_pending.kind not in ("exchange", "assign")):
            if app.session.human_pending is None:
                app.controls.run.click()
            else:
                app.board.click(app.board.legal_squares[0])
            if app.game.over:
                break
    def counts():
        log = int(re.search(r"Game log \((\d+) steps", plain(app.game_log.widget.value))[1])
        moves = int(re.search(r"Move list \((\d+) steps", plain(app.history.where.value))[1])
        return log, moves
    log, moves = counts()
    assert log == moves == app.history.total and len(app.game_log.texts) < log
    limit, panel.LOG_LIMIT = panel.LOG_LIMIT, 10  # a short log: the rest are "earlier steps"
    try:
        app.game_log.show(app.state.view().events)
        earlier = int(re.search(r"… (\d+) earlier steps", plain(app.game_log.widget.value))[1])
        # every step before the oldest of the 10 entries shown, not only the entries
        assert earlier == app.game_log.numbers[-10] and earlier + 10 <= log
        assert earlier > len(app.game_log.texts) - 10
    finally:
        panel.LOG_LIMIT = limit

# ---------------------------------------------------------------------- hot seat, undo, setup


def test_hot_seat_keeps_each_hand_hidden_until_its_owner_looks():
    app = build_app(seed=8, opponent="hotseat")
    picker, game = app.picker, app.game
    assert picker.hidden and picker.widget.children[1] is picker.covered
    assert "Blue" in picker.cover.value and "please look away" in picker.cover.value
    assert "Show red's cards" == picker.show_hand.description
    picker.show_hand.click()
    assert not picker.hidden and picker.widget.children[1] is picker.picking
    assert picker.hand == game.view("red").hand
    put_by_clicks(app, tuple(picker.hand))
    picker.confirm.click()
    # now blue's turn, covered again; red's cards are not on screen
    assert app.session.human_pending.player == "blue"
    assert picker.hidden and picker.player == "blue"
    assert "Show blue's cards" == picker.show_hand.description
    red_hand = "".join(str(v) for v in game.cards["red"])
    assert red_hand not in picker.widget.children[0].value
    picker.show_hand.click()
    assert picker.hand == game.view("blue").hand
    put_by_clicks(app, tuple(picker.hand))
    picker.confirm.click()
    # both chose: both face down until the reveal (R6)
    assert app.table.value_shown("red", 1) == "face down"
    assert app.table.value_shown("blue", 1) == "face down"
    app.controls.next.click()
    assert app.table.value_shown("red", 1) == str(game.cards["red"][0])
    # the hot seat asks both players for their board decisions
    while not app.session.human_pending:
        app.controls.next.click()
    assert app.session.human_pending.kind == "place"
    assert app.session.human_pending.player.capitalize() + "'s" in explained(app)


def test_undo_takes_back_the_learners_last_decision():
    app = build_app(seed=5)
    game = app.game
    assert app.controls.undo.disabled
    app.controls.undo.click()
    assert "Nothing to undo" in explained(app)
    put_by_clicks(app, tuple(app.picker.hand))
    app.picker.confirm.click()
    while not app.session.human_pending:
        app.controls.next.click()
    assert app.session.human_pending.kind == "place"
    square = app.board.legal_squares[0]
    count = app.session.human_pending.count
    log = len(app.game_log.texts)
    logged = len([e for e in game.events if app.game_log.worth_logging(e)])
    app.board.click(square)
    assert app.board.counter_on(square) == "red"
    assert not app.controls.undo.disabled
    app.controls.undo.click()
    assert app.board.counter_on(square) is None
    assert app.session.human_pending.kind == "place"
    assert app.session.human_pending.count == count
    assert len(app.game_log.texts) == log == logged
    assert (f"Taken back: The counter you placed on {square} is back in your stock. Choose a "
            "square again.") in explained(app)
    assert square in app.board.legal_squares
    assert_board_matches(app)


def test_undo_of_the_cards_gives_the_exchange_choice_back():
    app = build_app(seed=5)
    hand = tuple(app.picker.hand)
    put_by_clicks(app, hand[::-1])
    app.picker.confirm.click()
    assert app.session.human_pending is None
    app.controls.undo.click()
    pending = app.session.human_pending
    assert pending.kind == "exchange" and pending.player == "red"  # R5 choice open again
    assert stage(app) == [app.picker.widget]
    assert not app.picker.exchange.disabled
    assert app.picker.assignment == hand[::-1]  # the cards stay where they were put
    assert [d.player for d in app.game.decisions] == []


def test_undo_after_computer_decisions_replays_them_away():
    """Undo takes back the learner's last decision (here the cards, R5 and R6) and with it
    every decision the computer made after it: the game is back where the learner decided."""
    app = build_app(seed=5)
    game = app.game
    before = (list(game.decisions), len(game.events), game.board, game.stock, game.scores)
    put_by_clicks(app, tuple(app.picker.hand))
    app.picker.confirm.click()
    app.controls.run.click()  # computer placements and more happen
    after_mine = app.game.decisions[len(before[0]) + 2:]  # after red's exchange and cards
    assert any(d.player == "blue" and d.kind == "place" for d in after_mine)
    assert app.session.human_pending is not None  # red's own board decision waits
    app.controls.undo.click()
    game = app.game
    assert (list(game.decisions), len(game.events), game.board, game.stock,
            game.scores) == before
    pending = app.session.human_pending
    assert (pending.kind, pending.player) == ("exchange", "red")
    assert_board_matches(app)


def test_replay_this_deal_uses_the_seed_in_the_box():
    app = build_app(seed=1)
    app.controls.seed.value = "42"
    app.controls.replay.click()
    game = aton.Game.new(42)
    game.advance()
    assert app.game.seed == 42 and app.picker.hand == game.view("red").hand
    assert len(app.game_log.texts) == 1 and "seed 42" in explained(app)
    assert app.game.round == 1


def test_opponent_selector_switches_players(lessons):
    app = build_app(seed=2)
    app.controls.opponent.value = "hotseat"
    assert app.session.hotseat and "second person" in explained(app)
    app.controls.opponent.value = "random"
    assert app.session.opponent == "random" and app.session.bot.name == "random"
    app.controls.new.click()
    assert app.session.opponent == "random"


def test_switching_to_the_computer_while_its_hand_is_covered():
    app = build_app(seed=8, opponent="hotseat")
    app.picker.show_hand.click()
    put_by_clicks(app, tuple(app.picker.hand))
    app.picker.confirm.click()
    assert app.picker.hidden and app.session.human_pending.player == "blue"
    app.controls.opponent.value = "greedy"  # blue's secret choices are made at once
    assert app.session.human_pending is None and app.game.cards["blue"] is not None
    assert stage(app) == [app.table.widget]
    assert app.table.value_shown("blue", 1) == "face down"
    assert "is now played by the computer (greedy)" in explained(app)


def test_the_learner_can_play_blue():
    app = build_app(seed=4, learner="blue")
    assert app.game.cards["red"] is not None  # red (the computer) chose first, face down
    assert app.picker.player == "blue" and app.picker.hand == app.game.view("blue").hand
    put_by_clicks(app, tuple(app.picker.hand))
    app.picker.confirm.click()
    assert app.table.value_shown("red", 1) == "face down"
    assert app.table.value_shown("blue", 1) == str(app.game.cards["blue"][0])
    assert parse_query("learner=blue") == {"learner": "blue"}


def test_scenario_starts_a_position(lessons):
    app = build_app(seed=2, scenario="full_kingdom")
    assert app.game.round == 3 and sum(app.game.kingdom.values()) == 8
    assert "Scenario full kingdom" in explained(app) and LESSONS["full_kingdom"] in explained(app)
    assert_board_matches(app)
    assert scores_shown(app) == (10, 12)
    # the Lesson menu holds the guided lessons (tests/test_tutor.py): Free game is shown
    assert app.controls.lesson.value == "" and app.tutor.lesson is None


@pytest.mark.parametrize("name", aton.scenarios.names())
def test_every_shipped_scenario_opens_in_the_app_by_link(name):
    """Issue 4: every lesson position loads in the app from ``play.ipynb?scenario=NAME``
    (and from ``start_game``), showing its description and its board."""
    position = aton.scenarios.load(name)
    app = build_app(seed=4)
    app.start_game(4, scenario=name)
    assert app.error_message == ""
    assert app.scenario == name and app.game.start == Game.from_position(position).start
    assert aton.scenarios.describe(name) in explained(app)
    assert_board_matches(app)
    assert scores_shown(app) == (position["scores"]["red"], position["scores"]["blue"])
    by_link = app_from_query(f"scenario={name}")
    assert by_link.error_message == "" and by_link.scenario == name
    assert by_link.game.start == app.game.start


# ---------------------------------------------------------------------- query string


def test_parse_query():
    assert parse_query("") == {}
    assert parse_query("scenario=full_kingdom") == {"scenario": "full_kingdom"}
    assert parse_query("?seed=7&opponent=hotseat&x=1") == {"seed": 7, "opponent": "hotseat"}
    refused = parse_query("seed=abc&opponent=nobody")
    assert set(refused) == {"notices"} and len(refused["notices"]) == 2
    assert "seed=abc" in refused["notices"][0] and "whole number" in refused["notices"][0]
    assert "opponent=nobody" in refused["notices"][1]


def test_query_string_starts_the_named_scenario(lessons):
    app = app_from_query("scenario=full_kingdom&seed=9")
    assert app.game.round == 3 and app.game.seed == 9
    assert app.scenario == "full_kingdom"


def test_query_string_with_an_unknown_scenario_explains_and_deals(lessons):
    app = app_from_query("scenario=no_such_lesson")
    text = explained(app)
    assert "There is no scenario called no_such_lesson" in text
    assert "The scenarios are: full_kingdom" in text
    assert app.game.round == 1 and app.scenario is None
    assert stage(app) == [app.picker.widget]


def test_notebook_reads_the_query_string(monkeypatch, lessons):
    nb = nbformat.read(REPO / "notebooks" / "play.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    # One code cell: the app writes the page's first line itself, in the page's language.
    # Before it, the note a page shows while its kernel starts (in both languages; the page
    # keeps its own language's and hides it once the app is drawn).
    assert [c.cell_type for c in nb.cells] == ["markdown", "code"]
    note = nb.cells[0].source
    assert 'class="aton-getting-ready"' in note and "body:has(.aton-app)" in note
    assert "Your game is getting ready" in note and "Sua partida está sendo preparada" in note
    assert len(code) == 1 and code[0].outputs == [] and code[0].execution_count is None
    shown = []
    monkeypatch.setenv("QUERY_STRING", "scenario=full_kingdom")
    # Run the notebook's cell as Voila would, with display() collecting what it shows.
    exec(compile(code[0].source, "play.ipynb", "exec"), {"display": shown.append})  # noqa: S102
    assert isinstance(shown[0], AtonApp) and shown[0].game.round == 3
    last = ast.parse(code[0].source).body[-1]
    assert isinstance(last, ast.Expr) and last.value.func.id == "display"  # no stray repr


# ---------------------------------------------------------------------- errors, structure


def test_an_error_inside_a_callback_is_shown_in_the_app(monkeypatch):
    app = build_app(seed=1)
    put_by_clicks(app, tuple(app.picker.hand))
    app.picker.confirm.click()

    def broken() -> list:
        raise RuntimeError("boom in step")

    monkeypatch.setattr(app.session, "step", broken)
    app.controls.next.click()  # must not raise
    assert app.errors in app.right.children and app.errors.layout.display != "none"
    assert "RuntimeError: boom in step" in app.error_message
    assert "Traceback" in app.error_message
    monkeypatch.undo()
    app.controls.new.click()  # a fresh game clears the error
    assert app.error_message == "" and app.errors.layout.display == "none"


def test_an_error_in_a_board_click_is_shown_in_the_app(monkeypatch):
    app = build_app(seed=1)
    monkeypatch.setattr(app, "click_square", lambda name: 1 / 0)
    app.board.on_click(app._guard(app.click_square))
    app.board.click("T1.1")
    assert "ZeroDivisionError" in app.error_message


def test_board_updates_in_place():
    app = build_app(seed=5)
    figure, marks = app.board.figure, list(app.board.figure.marks)
    put_by_clicks(app, tuple(app.picker.hand))
    app.picker.confirm.click()
    app.controls.run.click()
    assert app.board.figure is figure and list(app.board.figure.marks) == marks
    assert counters_shown(app) == expected_counters(app.game)


def test_a_square_to_click_keeps_its_frame_over_the_last_steps_ring():
    """A removal among the counters just placed: each such square is both in the last step
    and clickable. Its black frame (the legend's "yours to click") is drawn over the last
    step's ring, so every square the learner may choose still shows it (R10)."""
    from aton.app.board import BoardView

    view = BoardView()
    both = ["T1.3", "T1.4"]
    view.update([0] * 48, [], legal=both + ["T1.9"], event=both)
    marks = list(view.figure.marks)
    assert view.legal_squares == both + ["T1.9"] and view.event_squares == both
    assert marks.index(view.legal) > marks.index(view.event)


def test_board_click_handler_maps_points_to_squares():
    app = build_app(seed=5)
    seen = []
    app.board.on_click(seen.append)
    board = app.board
    board.handle_click(board.squares, {"event": "element_click", "data": {"index": 0}})
    board.handle_click(board.squares, {"event": "element_click", "data": {"index": 55}})
    board.handle_click(board.squares, {"event": "element_click", "data": {"index": 99}})
    assert seen == ["T1.1", "K8"]
    assert cell_index("T4.12") == 47 and cell_index("K1") == 48


def test_bonus_value_moves_to_the_corner_under_a_counter():
    from aton.app.board import BONUS, BoardView

    board_view = BoardView()
    k = BONUS.index(aton.board.SQUARE_INDEX["T1.7"])
    assert board_view.bonus_labels.text[k] == "+1" and board_view.bonus_corner.text[k] == ""
    board = [0] * 48
    board[aton.board.SQUARE_INDEX["T1.7"]] = 1
    board_view.update(board, [])
    assert board_view.bonus_labels.text[k] == "" and board_view.bonus_corner.text[k] == "+1"
    assert board_view.counter_on("T1.7") == "red"


def test_bonus_score_highlights_the_bonus_squares():
    board = [0] * 48
    board[6] = 1  # T1.7 (+1)
    board[47] = 2  # T4.12 (+2)
    event = Event("score", "R16", {"line": "bonus", "player": None,
                                   "points": {"red": 1, "blue": 2},
                                   "counts": {"red": 1, "blue": 1},
                                   "scores": {"red": 1, "blue": 2},
                                   "squares": {"red": ["T1.7"], "blue": ["T4.12"]}})
    assert event.cells(board) == ["T1.7", "T4.12"]


def test_session_computer_sees_only_its_view():
    game = aton.Game.new(3)
    seen = []

    class Spy:
        name = "spy"

        def choose(self, view):
            seen.append(view)
            return view.options()[0] if view.pending.kind != "assign" else view.hand

    session = Session(game, opponent="greedy", learner="red")
    session.bot = Spy()
    session.start()
    session.decide(False)
    session.decide(tuple(game.view("red").hand))
    assert seen and all(v.player == "blue" for v in seen)
    assert all(v.revealed is None for v in seen)  # nothing of red's cards before the reveal


def test_engine_does_not_import_widgets():
    for path in (REPO / "aton").rglob("*.py"):
        if "app" in path.relative_to(REPO / "aton").parts:
            continue
        text = path.read_text()
        assert "ipywidgets" not in text and "bqplot" not in text, path


@pytest.mark.parametrize(("most", "top", "ticks"), [
    (0, 8, [0, 2, 4, 6, 8]), (8, 8, [0, 2, 4, 6, 8]), (9, 10, [0, 5, 10]),
    (16, 20, [0, 5, 10, 15, 20]), (21, 30, [0, 10, 20, 30])])
def test_the_scoring_charts_axis_counts_whole_points(most, top, ticks):
    """A line scores whole points (R16): the chart's axis ticks whole numbers, at most five,
    and its top holds the highest bar."""
    from aton.app.scoring import point_ticks

    assert point_ticks(most) == (top, ticks)


def test_the_keep_diamond_stays_inside_its_own_square():
    """A lesson's green diamond (keep this counter) takes clicks for its own square only: d3's
    diamond of area A is sqrt(2 A / tan 30°) tall, and this one is under a square's height
    (lesson 9: the diamond on T4.8 once reached into T4.4 and took the click meant for it)."""
    import math

    from aton.app.board import UNIT
    app = build_app(lesson="09_take_back", how_to_play=False)
    size = app.board.keep.default_size
    tall = math.sqrt(2 * size / math.tan(math.pi / 6))
    assert tall < 0.95 * UNIT
    app.tutor.hint.click()
    assert app.board.keep_squares == ["T4.8"] and app.board.hint_squares == ["T4.4"]
