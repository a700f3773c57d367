"""The coach: its advice is legal, cites the rules, never depends on hidden cards, its review
compares a choice with its own, and it warns of a player one placement from winning (R18)."""

from __future__ import annotations

import re

import pytest

from aton import bots, scenarios
from aton.engine.game import Game
from aton.teaching import coach, tutorial

RULE = re.compile(r"\bR(\d+)\b")
KINDS = {"exchange": "R5", "assign": "R6", "remove": "R10", "place": "R13", "take_back": "R17"}


def _first_decision_of_each_kind(seed: int):
    game = Game.new(seed, story=False)
    players = {"red": bots.GreedyPlayer(seed), "blue": bots.GreedyPlayer(seed + 1)}
    seen = set()
    while not game.over and len(seen) < len(KINDS):
        game.advance()
        if game.over:
            break
        view = game.view(game.pending.player)
        if view.pending.kind not in seen and len(view.options()) > 1:
            seen.add(view.pending.kind)
            yield view
        game.decide(players[view.player].choose(view))


@pytest.mark.parametrize("seed", [3])
def test_advice_is_legal_and_cites_the_rules_at_every_kind_of_decision(seed):
    kinds = set()
    for view in _first_decision_of_each_kind(seed):
        advice = coach.advice(view, "easy", seed=1)
        kind = view.pending.kind
        kinds.add(kind)
        assert advice.choice in view.options()
        assert KINDS[kind] in advice.rules, (kind, advice.text)
        cited = {f"R{n}" for n in RULE.findall(advice.text)}
        assert set(advice.rules) == cited and all(1 <= int(r[1:]) <= 19 for r in cited)
        assert "expects you to gain" in advice.text and advice.risk in advice.text
        if kind == "assign":  # which temples it fights for comes from cartouche 3 (R12)
            assert advice.temples == tuple(range(1, advice.choice[2] + 1))
            assert advice.first is not None and 0 <= advice.first <= 1
    assert kinds == set(KINDS)


def test_advice_is_the_same_for_the_same_seed():
    game = Game.new(12)
    game.advance()
    view = game.view("red")
    assert coach.advice(view, "easy", seed=4) == coach.advice(view, "easy", seed=4)


def test_advice_never_depends_on_hidden_cards():
    """Two games that differ only in blue's hand and draw pile (R4): red gets the same
    advice word for word."""
    position = Game.new(14).position()
    other = dict(position, draw=dict(position["draw"]))
    other["draw"]["blue"] = list(reversed(position["draw"]["blue"]))
    a, b = Game.from_position(position, 1), Game.from_position(other, 1)
    a.advance()
    b.advance()
    assert a.hand("blue") != b.hand("blue")
    assert coach.advice(a.view("red"), "easy", seed=2).text == \
        coach.advice(b.view("red"), "easy", seed=2).text


def test_review_agrees_with_its_own_choice_and_prices_another():
    game = Game.new(15)
    game.advance()
    game.decide(False)
    game.advance()
    view = game.view("red")
    advice = coach.advice(view, "easy", seed=3)
    same = coach.compare(view, advice.choice, "easy", seed=3)
    assert same.agrees and same.difference == 0 and "agrees" in same.text
    other = next(o for o in view.options() if o != advice.choice)
    review = coach.compare(view, other, "easy", seed=3)
    assert not review.agrees and review.preferred == advice.choice
    assert "preferred" in review.text and "R6" in review.rules
    # The reasons are the coach's cards' ("your 4" is the coach's 4): said to be so.
    assert "Where your cards and the coach's differ, the coach's do this: Cartouche" in (
        review.text)
    with pytest.raises(ValueError, match="not a legal choice"):
        coach.compare(view, (9, 9, 9, 9))


def test_a_learner_is_warned_of_a_temple_one_placement_from_whole():
    """Scenario 11: red holds 10 of temple 3's 12 squares, T3.3 and T3.9 empty: one
    placement of 2 counters wins at once (R18)."""
    game = Game.from_position(scenarios.load("11_end_by_temple"), 1)
    found = coach.threats(game)
    threat = next(t for t in found if t.area == "temple" and t.temple == 3)
    assert threat.player == "red" and threat.missing == ("T3.3", "T3.9")
    assert "R18" in threat.text and "temple 3" in threat.text
    assert coach.threats(game.view("blue")) == found  # a view shows the same board


def test_no_warning_once_the_other_player_blocks_the_area():
    position = scenarios.load("11_end_by_temple")
    position["board"]["T3"] = position["board"]["T3"][:2] + "b" + position["board"]["T3"][3:]
    position["stock"]["blue"] -= 1  # the counter on T3.3 came from blue's stock (R1)
    game = Game.from_position(position, 1)
    assert not [t for t in coach.threats(game) if t.area == "temple" and t.temple == 3]


def test_the_coach_needs_a_pending_decision_and_a_search_level():
    game = Game.new(16)
    game.advance()
    with pytest.raises(ValueError, match="no decision pending"):
        coach.advice(game.view("blue"))
    with pytest.raises(ValueError, match="levels"):
        coach.advice(game.view("red"), "greedy")


def _lesson_11_at(kind: str):
    """Guided lesson 11 (red two squares from a whole temple 3), played up to red's first
    decision of ``kind``: red puts 1, 2, 3, 2 on the cartouches, blue follows its script."""
    lesson = tutorial.load("11_win_by_temple")
    game = lesson.start(0)
    blue = lesson.player(game)
    game.advance()
    while not (game.pending.player == "red" and game.pending.kind == kind):
        if game.pending.player == "red":
            game.decide(False if game.pending.kind == "exchange" else (1, 2, 3, 2))
        else:
            game.decide(blue.choose())
        game.advance()
    return game.view("red")


def test_the_coach_goes_for_a_whole_temple_two_placements_away():
    """Lesson 11: red holds 10 of temple 3's squares. The coach's cards open temple 3 (a 3 or
    more on cartouche 3, R12) and place both counters (a 2 or more on cartouche 4, R13), and
    it says why: the whole temple wins at once (R18). Then it fills T3.3 or T3.9."""
    view = _lesson_11_at("assign")
    advice = coach.advice(view, "strong", seed=0)
    _, _, c3, c4 = advice.choice
    assert c3 >= 3 and c4 >= 2 and 3 in advice.temples, advice.text
    assert "R18" in advice.rules and "won the game" in advice.text
    assert "all 12 squares of a temple" in advice.text
    assert advice.expected > 20  # a win counts as 40 points
    place = coach.advice(_lesson_11_at("place"), "strong", seed=0)
    assert place.choice in ("T3.3", "T3.9") and "R18" in place.rules, place.text


def test_the_review_prices_a_missed_win():
    """Cards that cannot reach temple 3 (a 1 on cartouche 3) miss the win: the review says
    the coach preferred another choice, worth many points more."""
    view = _lesson_11_at("assign")
    review = coach.compare(view, (3, 2, 1, 2), "strong", seed=0)
    assert not review.agrees and review.preferred[2] >= 3
    assert review.difference > 20, review.text
    # Why, in what the coach's cards do where they differ: here at least cartouche 3 (R12),
    # not the coach's cards said a second time.
    assert "Cartouche 3: a " in review.text and "(R12)" in review.text
    assert "Put " not in review.text
    for k, (mine, its) in enumerate(zip((3, 2, 1, 2), review.preferred, strict=True), 1):
        assert (f"Cartouche {k}: " in review.text) == (mine != its), (k, review.text)


@pytest.mark.parametrize(("x", "plain", "estimate"), [
    (0.0, "less than 1 point", "less than 1 point"),
    (0.4, "less than 1 point", "less than 1 point"),
    (-2.0, "less than 1 point", "less than 1 point"),
    (0.6, "1 point", "about 1 point"),
    (3.2, "3 points", "about 3 points"),
])
def test_points_are_said_in_whole_points_and_never_as_zero(x, plain, estimate):
    """An average of imagined games below half a point reads 'less than 1 point': '0 points'
    would read as a sure nothing."""
    assert coach.whole_points(x) == plain
    assert coach._about_points(x) == estimate


def test_no_sentence_of_advice_says_about_0_points():
    for view in _first_decision_of_each_kind(3):
        text = coach.advice(view, "easy", seed=1).text
        assert " 0 points" not in text and "about less" not in text, text
