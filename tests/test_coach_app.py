"""The coach in the app: the Coach hint button (legal, with rule ids, ringed or marked), the
Review my moves toggle (agree / disagree), the threat warning (R18), and a hint drawn from the
learner's own view only."""

from __future__ import annotations

from helpers import cited_rules, plain

import aton
import aton.teaching.coach
from aton.app import build_app
from aton.teaching.cartouches import on_cartouches

BOARD = ("place", "remove", "take_back")


def to_board_decision(app) -> None:
    """Play the learner's cards as dealt and step on until the learner chooses a square."""
    for _ in range(40):
        pending = app.session.human_pending
        if pending is not None and pending.kind in BOARD:
            return
        if pending is not None:
            app.confirm_cards(app.picker.hand)
        else:
            app.to_my_decision()
    raise AssertionError("the learner never had a square to choose")


def test_hint_is_legal_cites_rules_and_marks_the_cards():
    app = build_app(seed=11, how_to_play=False)
    coach = app.coach
    assert not coach.hint.disabled  # the learner's cards wait (R5, R6)
    coach.hint.click()
    assert app.error_message == ""
    advice = coach.advice
    assert advice is not None and advice.kind == "exchange"
    assert advice.choice in app.game.view("red").options()
    # the rules it cites, as rule buttons
    assert "R5" in cited_rules(coach.hint_text) and "aton-rule-link" in coach.hint_text
    # seed 11: keep the hand, and the hint marks the cards it would put on the cartouches (R6)
    assert advice.choice is False
    assert "R6" in cited_rules(coach.hint_text)
    follow_the_ring(app)
    assert on_cartouches(app.picker.assignment) in plain(coach.hint_text)


def test_a_hint_to_hand_in_the_exchange_names_the_button_as_it_reads():
    """Seed 3: the coach would hand in the exchange counter (R5), and says which button to
    click in the button's own words, in either language."""
    for lang, button in (("en", "Hand in exchange counter: 4 new cards"),
                         ("pt", "Usar a ficha de troca: 4 cartas novas")):
        app = build_app(query=f"seed=3&lang={lang}", how_to_play=False)
        app.coach.hint.click()
        assert app.coach.advice.kind == "exchange" and app.coach.advice.choice is True
        assert app.picker.exchange.description == button
        assert f"“{button}”" in plain(app.coach.hint_text)


def follow_the_ring(app) -> None:
    """Click the ringed card, then the ringed cartouche, until nothing is ringed: one card and
    its cartouche at a time, four times for a whole hand (R6)."""
    picker, hints = app.picker, app.coach.hints
    for _ in range(4):
        assert len(hints.cards()) == 1 and len(hints.cartouches()) == 1
        value, cartouche = hints.cards()[0], hints.cartouches()[0]
        ringed = [k for k, b in enumerate(picker.cards) if "aton-hint" in b._dom_classes]
        assert [picker.hand[k] for k in ringed] == [value]
        picker.cards[ringed[0]].click()
        picker.slots[cartouche - 1].click()
        assert picker.assignment is None or hints.cards() == []
    assert picker.assignment is not None and hints.cards() == hints.cartouches() == []


def test_hint_rings_a_legal_square_and_goes_after_the_choice():
    app = build_app(seed=11, how_to_play=False)
    to_board_decision(app)
    app.coach.hint.click()
    advice = app.coach.advice
    assert app.error_message == ""
    assert advice.choice in app.game.options()
    assert app.board.hint_squares == [advice.choice]
    kind_rule = {"place": "R13", "remove": "R10", "take_back": "R17"}[advice.kind]
    assert kind_rule in cited_rules(app.coach.hint_text)
    app.click_square(advice.choice)
    assert app.coach.hint_text == "" and app.board.hint_squares == []


def test_hint_button_waits_for_a_decision():
    app = build_app(seed=11, how_to_play=False)
    app.confirm_cards(app.picker.hand)
    assert app.session.human_pending is None  # the reveal comes next, by itself (R6)
    assert app.coach.hint.disabled
    app.coach_hint()
    assert "when it is your decision" in app.explain.warning
    assert app.coach.hint_text == ""


def test_review_says_whether_the_coach_agreed():
    app = build_app(seed=11, how_to_play=False)
    app.coach.review.value = True
    # turned on before any choice: it says what it will do, so the click is not lost
    assert "after each of your choices from now on" in plain(app.coach.review_text)
    to_board_decision(app)
    view = app.game.view("red")
    best = aton.teaching.coach.advice(view, "strong", seed=app.coach.seed).choice
    app.click_square(best)
    assert "agrees" in plain(app.coach.review_text)
    assert app.coach.last_review[0].agrees
    to_board_decision(app)
    view = app.game.view("red")
    best = aton.teaching.coach.advice(view, "strong", seed=app.coach.seed).choice
    other = next(o for o in view.options() if o != best)  # seed 11: 21 squares to choose from
    app.click_square(other)
    text = plain(app.coach.review_text)
    assert "preferred" in text and "expected points" in text and best in text
    review = app.coach.last_review[0]
    assert not review.agrees and review.preferred == best and review.choice == other


def test_review_of_confirm_covers_the_cards():
    app = build_app(seed=11, how_to_play=False)
    app.coach.review.value = True
    app.confirm_cards(app.picker.hand)
    assert app.error_message == ""
    reviews = app.coach.last_review
    assert [r.choice for r in reviews][-1] == tuple(app.game.view("red").my_cards)
    assert "Review of your last choice:" in app.coach.review_text
    app.coach.review.value = False
    assert app.coach.review_text == ""


def test_threat_warning_on_a_temple_one_placement_from_whole():
    app = build_app(scenario="11_end_by_temple", how_to_play=False)
    text = plain(app.coach.threat_text)
    assert "Watch out" in text and "temple 3" in text and "R18" in text
    assert build_app(seed=11, how_to_play=False).coach.threat_text == ""


def test_hint_uses_only_the_learners_view():
    """Two games that differ only in blue's hidden draw pile (R4): the same hint for red."""
    position = aton.Game.new(14).position()
    other = dict(position, draw=dict(position["draw"]))
    other["draw"]["blue"] = list(reversed(position["draw"]["blue"]))
    texts = []
    hands = []
    for pos in (position, other):
        app = build_app(seed=1, how_to_play=False)
        app.open_game(aton.Game.from_position(pos, 1))
        app.to_my_decision()
        hands.append(app.game.hand("blue"))
        app.coach.hint.click()
        assert app.error_message == ""
        texts.append(app.coach.hint_text)
    assert hands[0] != hands[1]
    assert texts[0] == texts[1] and texts[0]


def test_the_ring_moves_to_the_first_cartouche_without_its_card():
    """next_card: the first cartouche, in order, that does not hold the card the hint gives
    it, and a card of that value: one from the hand before one lying elsewhere (R6)."""
    from aton.app.hints import next_card
    hint = {1: 2, 2: 2, 3: 4, 4: 3}
    hand = (2, 2, 3, 4)
    assert next_card(hand, [None] * 4, hint) == (0, 0)
    assert next_card(hand, [1, None, None, None], hint) == (1, 0)  # either 2 does for cartouche 1
    assert next_card(hand, [None, None, 3, None], hint) == (0, 0)  # the 4 lies where it should
    assert next_card(hand, [3, None, None, None], hint) == (0, 0)  # a 4 on cartouche 1: ring it
    assert next_card(hand, [None, None, 2, None], hint) == (0, 0)
    assert next_card(hand, [0, 1, 3, 2], hint) is None  # as hinted: nothing rung
    # the card the cartouche needs lies on another cartouche: that one is offered
    assert next_card((1, 2, 3, 4), [None, 0, None, None], {1: 1}) == (0, 0)
    assert next_card((), [None] * 4, hint) is None  # no hand shown: nothing rung
