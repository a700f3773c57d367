"""R6: each player secretly puts a card on each cartouche; nobody sees them before the reveal.

The app decides in one place who is at the screen (``AppState.screen``): the learner against
the computer; in hot seat the player whose hand is uncovered, or nobody between turns. These
tests play through the widgets and read back everything the browser is sent (every widget's
state: texts, tooltips, options, classes, the board's marks, the share box's link and record),
``page_state``. Two pages whose games differ only in what is still secret (a covered hand, the
cards a player put face down, an exchange made before the reveal) must send the same, at every
moment before the reveal, with the coach's review on, after an Undo and after a change of
language; once the cards are revealed they differ, which shows the comparison can see a card.
"""

from __future__ import annotations

import copy
import re
from itertools import permutations

import pytest
from helpers import new_app, page_differences, plain

import aton
from aton.engine import records
from aton.engine.game import Game
from aton.players import RandomPlayer


def hot_seat(**kwargs):
    return new_app(opponent="hotseat", **kwargs)


def put(app, cards) -> None:
    """The uncovered hand's owner puts ``cards`` on cartouches 1-4 and confirms (R6)."""
    app.picker.place(tuple(cards))
    app.picker.confirm.click()


def other_order(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The same cards on the cartouches in another order (a hand of four equal cards has
    none: the tests' seeds never deal one)."""
    return next(p for p in permutations(hand) if p != tuple(hand))


def same_page(one, other) -> None:
    differences = page_differences(one, other)
    assert differences == [], "\n".join(differences[:12])


def same_in_portuguese(one, other) -> None:
    """Both pages switched to Portuguese are still the same, and switched back."""
    for app in (one, other):
        app.controls.language.value = "pt"
    same_page(one, other)
    for app in (one, other):
        app.controls.language.value = "en"


def twin_positions(seed: int, players=("red", "blue")) -> tuple[dict, dict]:
    """Two positions at the start of a game that differ only in the order of ``players``'
    draw piles, so their hands differ and nothing anyone may see does (R1, R4)."""
    position = aton.new_position(seed)
    twin = copy.deepcopy(position)
    for p in players:
        pile = twin["draw"][p]
        shift = next(k for k in range(4, 36) if sorted(pile[k:k + 4]) != sorted(pile[:4]))
        twin["draw"][p] = pile[shift:] + pile[:shift]
    return position, twin


def opened(position: dict, **kwargs):
    """An app showing a game from ``position`` (seed 7), dealt: the first decision pending."""
    app = new_app(**kwargs)
    app.open_game(Game.from_position(position, 7))
    app.controls.next.click()
    return app


# ---------------------------------------------------------------------- hot seat


def test_a_covered_hand_is_nowhere_on_the_page():
    """Hot seat: until its owner asks to see it, a hand is in no widget (R6), not even the
    card picker's buttons kept aside; the other hand, covered in turn, neither."""
    one, other = (opened(p, opponent="hotseat") for p in twin_positions(3))
    assert one.game.hand("red") != other.game.hand("red")
    assert one.picker.hidden and one.session.human_pending.player == "red"
    same_page(one, other)
    one.coach_hint()  # a covered hand gets no hint: the coach is asked for nobody
    other.coach_hint()
    assert "Coach:" not in one.coach.hint_text and one.coach.hint.disabled
    same_page(one, other)
    for app in (one, other):
        app.picker.show_hand.click()
    assert page_differences(one, other) != []  # red's hand is on screen now: it differs
    for app in (one, other):
        put(app, app.picker.hand)
    assert one.session.human_pending.player == "blue" and one.picker.hidden
    same_page(one, other)  # red's cards are face down and blue's hand is covered
    for app in (one, other):
        app.picker.show_hand.click()
    assert page_differences(one, other) != []


def red_chooses(one, other, exchange: bool) -> None:
    """Red, uncovered, chooses differently in the two games: the cards in two orders, or
    keeping the cards in one and handing in the exchange counter in the other (R5)."""
    put(one, one.picker.hand)  # keeps the cards, as drawn
    if exchange:
        other.picker.exchange.click()  # 4 new cards
        put(other, other.picker.hand)
    else:
        put(other, other_order(other.picker.hand))


@pytest.mark.parametrize("exchange", [False, True], ids=["cards", "exchange"])
def test_the_first_players_choice_is_hidden_from_the_second_until_the_reveal(exchange):
    """Red chooses first, then hands the screen to blue. Whatever red chose (the cards'
    order, or handing in the exchange counter, R5), nothing of it reaches the page until the
    reveal: not the explanation, the log, the move list, the cartouche table, the score
    track, the coach's review, Undo's words, a link or a record (R6)."""
    one, other = hot_seat(seed=5), hot_seat(seed=5)
    for app in (one, other):
        app.coach.review.value = True
        app.picker.show_hand.click()
    red_chooses(one, other, exchange)
    assert one.game.cards["red"] != other.game.cards["red"] or exchange
    assert one.session.human_pending.player == "blue"
    same_page(one, other)
    for app in (one, other):  # blue looks at blue's own hand: the same in both games
        app.picker.show_hand.click()
    same_page(one, other)
    if not exchange:  # (the coach's search reads the exchange counters as they stand)
        for app in (one, other):
            app.coach_hint()
        assert "Coach:" in plain(one.coach.hint_text)
        same_page(one, other)
    for app in (one, other):
        app.controls.undo.click()  # takes back red's cards (blue has decided nothing yet)
    assert "taken back, face down" in plain(one.explain.widget.value)
    same_page(one, other)
    for app in (one, other):  # red chooses again, as differently as before
        app.picker.show_hand.click()
    red_chooses(one, other, exchange)
    for app in (one, other):
        app.picker.show_hand.click()
        put(app, app.picker.hand)  # blue's cards too: both face down, before the reveal
    assert one.game.phase == "choose" and one.session.human_pending is None
    same_page(one, other)
    for app in (one, other):
        app.history.copy.click()
    assert "face down" in plain(one.history.share.value)
    same_page(one, other)
    same_in_portuguese(one, other)
    for app in (one, other):
        app.controls.next.click()  # the reveal (R6)
    assert one.game.revealed is not None
    assert page_differences(one, other) != []


def test_undo_in_hot_seat_names_no_card_of_the_covered_hand():
    """The leak this issue began with: Undo during blue's turn said "Red's cards 4, 2, 3, 1
    are back in red's hand" under "Red, please look away"."""
    app = hot_seat(seed=5)
    app.picker.show_hand.click()
    cards = tuple(app.picker.hand)
    put(app, cards)
    app.controls.undo.click()
    said = plain(app.explain.widget.value)
    assert "Taken back: Red's choices of this round are taken back, face down" in said
    assert not re.search(r"\b[1-4], [1-4], [1-4], [1-4]\b", said)
    assert app.picker.hidden  # red's hand is covered again until red asks to see it


def test_a_review_of_the_first_choice_waits_for_the_reveal():
    """The second leak: with Review my moves on, the review of red's cards stayed on screen
    under "Red, please look away"; it is shown to red, and to everyone once face up."""
    app = hot_seat(seed=5)
    app.coach.review.value = True
    app.picker.show_hand.click()
    put(app, other_order(app.picker.hand))
    assert app.coach.review_text == "" and app.coach.last_review == []
    app.picker.show_hand.click()
    put(app, app.picker.hand)
    app.controls.next.click()  # the reveal: the cards are public, and so is the review
    assert "last choice" in plain(app.coach.review_text)


# ---------------------------------------------------------------------- against the computer


def test_the_computers_cards_are_hidden_until_the_reveal():
    """Against the computer the learner is at the screen: the computer's hand and the cards
    it puts face down are nowhere on the page before the reveal (R6)."""
    one, other = new_app(seed=8, opponent="random"), new_app(seed=8, opponent="random")
    other.session.bot = RandomPlayer(99)  # the same deal, another mind: other cards
    for app in (one, other):
        app.coach.review.value = True
        put(app, app.picker.hand)
    assert one.game.cards["blue"] != other.game.cards["blue"]
    assert one.game.phase == "choose"
    same_page(one, other)
    for app in (one, other):
        app.history.copy.click()
        app.look_at(1)
    same_page(one, other)
    for app in (one, other):
        app.back_to_game()
        app.controls.next.click()  # the reveal
    assert page_differences(one, other) != []


def test_the_computer_choosing_first_shows_nothing_to_the_learner():
    """The learner plays blue: the computer (red) chooses first, at once; its hand, its cards
    and its exchange are not on the learner's page before the reveal (R5, R6)."""
    one, other = (opened(p, opponent="greedy", learner="blue")
                  for p in twin_positions(11, players=("red",)))
    assert one.game.cards["red"] != other.game.cards["red"]
    assert one.session.human_pending.player == "blue" and not one.picker.hidden
    same_page(one, other)
    for app in (one, other):
        put(app, app.picker.hand)
    same_page(one, other)
    assert one.table.value_shown("red", 1) == "face down"
    assert one.table.value_shown("blue", 1) == str(one.game.cards["blue"][0])


def test_a_link_made_before_the_reveal_leaves_the_face_down_cards_out():
    """The share box says plainly what it leaves out, and its link and record hold no choice
    made face down this round; once the cards are face up they hold the whole game."""
    app = new_app(seed=8)
    put(app, app.picker.hand)
    app.history.copy.click()
    share = app.history.share.value
    assert "still face down" in plain(share)
    query = plain(re.search(r'data-query="([^"]+)"', share).group(1))
    record, _name = records.decode_game(re.search(r"game=([^&]+)", query).group(1),
                                        aton.scenarios.load)
    assert record["decisions"] == [] and app.game.decisions
    app.controls.next.click()
    app.history.copy.click()
    assert "still face down" not in plain(app.history.share.value)
    query = plain(re.search(r'data-query="([^"]+)"', app.history.share.value).group(1))
    record, _name = records.decode_game(re.search(r"game=([^&]+)", query).group(1),
                                        aton.scenarios.load)
    assert record == app.game.record() | {"format": "aton-record"}


# ---------------------------------------------------------------------- a whole game


def twins_at(record: dict, opponent: str, review: bool):
    """Two pages opening the same game record where it stands (a round's cards to choose),
    the coach reviewing each choice (``review``: each review is two searches, so the game's
    later rounds are played without)."""
    apps = []
    for _ in range(2):
        app = new_app(opponent=opponent)
        app.open_game(records.replay(record))
        app.coach.review.value = review
        apps.append(app)
    return apps


def choose_apart_in_hot_seat(one, other) -> None:
    """Red chooses differently in the two pages; blue is then compared covered, uncovered,
    with the coach's hint, after Undo (red chooses again) and in Portuguese."""
    for app in (one, other):
        app.picker.show_hand.click()
    put(one, one.picker.hand)
    put(other, other_order(other.picker.hand))
    same_page(one, other)
    for app in (one, other):
        app.picker.show_hand.click()
        app.coach_hint()
    same_page(one, other)
    for app in (one, other):
        app.controls.undo.click()
    same_page(one, other)
    for app in (one, other):
        app.picker.show_hand.click()
    put(one, one.picker.hand)
    put(other, other_order(other.picker.hand))
    for app in (one, other):
        app.picker.show_hand.click()
        put(app, app.picker.hand)
    same_in_portuguese(one, other)


def choose_apart_against_the_computer(one, other, round_no: int) -> None:
    """The learner chooses the same in both pages; the computer, another mind in the second,
    chooses otherwise: compared until the reveal."""
    other.session.bot = RandomPlayer(1000 + round_no)
    for app in (one, other):
        put(app, app.picker.hand)
    same_page(one, other)
    same_in_portuguese(one, other)


@pytest.mark.parametrize("opponent", ["hotseat", "random"])
def test_a_whole_game_shows_nobody_a_secret_in_any_round(opponent):
    """From the deal to the end: every round's cards are chosen in two pages that differ only
    in a face-down choice, and the pages send the same until that round's reveal (R6); the
    board's decisions in between are played at random."""
    game, chooser, rounds = Game.new(13), RandomPlayer(5), 0
    while not game.over:
        game.advance()
        pending = game.pending
        if pending is None:
            continue
        if pending.secret and pending.player == "red" and game.phase == "choose" and not (
                game.decisions and game.decisions[-1].secret):
            one, other = twins_at(game.record(), opponent, review=rounds < 2)
            if opponent == "hotseat":
                choose_apart_in_hot_seat(one, other)
            else:
                choose_apart_against_the_computer(one, other, game.round)
            assert one.game.phase == "choose"  # both pages still before the reveal
            game = records.replay(one.game.record())
            rounds += 1
            continue
        game.decide(chooser.choose(game.view(pending.player)))
    assert rounds >= 5 and game.over
