"""Decisions: every illegal choice is refused and changes nothing; undo is exact.

For each kind of decision (exchange R5, assign R6, remove R10/R12, place R12/R13, take_back
R17) illegal choices raise ``aton.RuleError`` whose ``.rule`` is the rule broken and whose
message names the player; the game (state, events, decisions, pending decision, random state)
is exactly as before. A removal, placement or take-back offers exactly the squares its rule
allows, read off the board by hand. Undo restores the game as it was when the decision was
pending, across round boundaries too, and the same decision again gives the same game.
"""

from __future__ import annotations

import pytest
from helpers import advance_to, answer_with, make_moves, make_position, snapshot

from aton import Game, RuleError
from aton.players import RandomPlayer, play_game

# The formats.md example position (round 3): red removes one of its own counters with a 1
# (temples 1-4), places 2; blue removes 2 red counters (temples 1-2) and places 1.
FORMATS_POSITION = make_position(
    round=3, scores=(12, 8), board={"T1": "rr.b", "T2": "r", "T4": "b"}, kingdom=(1, 1),
    exchange=(True, False), red=[3, 1, 4, 2], blue=[2, 4, 2, 1],
    red_discard=[4, 4, 1, 2, 3], blue_discard=[4, 4, 4, 1, 2])
FORMATS_MOVES = make_moves([3, 1, 4, 2], [2, 4, 2, 1], red_remove=["T1.1"],
                           red_place=["T2.2", "T3.8"], blue_remove=["T1.2", "T2.2"],
                           blue_place=["T1.5"])


def formats_game(kind: str, player: str) -> Game:
    game = Game.from_position(FORMATS_POSITION, 0)
    advance_to(game, kind, player, answer=answer_with(FORMATS_MOVES))
    return game


def take_back_game() -> Game:
    """After a scoring round: red holds T1.1-3 and T3.1-2, blue leads and takes back first;
    red's first take-back must come from temple 1 (R17)."""
    pos = make_position(round=5, board={"T1": "rrrbbbbbbbbb", "T3": "rr"}, kingdom=(4, 4),
                        red=[2, 2, 1, 1], blue=[1, 2, 1, 1])
    game = Game.from_position(pos, 0)
    advance_to(game, "take_back", "red",
               answer=answer_with(make_moves([2, 2, 1, 1], [1, 2, 1, 1])))
    return game


def refused(game: Game, choice, rule: str, player: str) -> RuleError:
    """Assert ``choice`` is refused naming ``rule`` and ``player`` and that nothing changed."""
    before = snapshot(game)
    with pytest.raises(RuleError) as e:
        game.decide(choice)
    assert e.value.rule == rule, str(e.value)
    assert str(e.value).startswith(rule)
    assert player in str(e.value)
    assert snapshot(game) == before
    return e.value


# ----------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("choice", ["yes", "no", 1, 0, None, [True]])
def test_exchange_must_be_true_or_false(choice):
    """R5: the exchange decision is yes or no."""
    game = Game.new(7)
    game.advance()
    assert (game.pending.kind, game.pending.player) == ("exchange", "red")
    refused(game, choice, "R5", "red")
    game.decide(False)  # still pending, and a legal choice works


def test_exchange_refused_when_the_counter_is_spent():
    """R5: a player without the exchange counter is not asked; naming an exchange then is
    refused (it is not the moment), naming the pending decision's rule."""
    game = Game.from_position(make_position(exchange=(False, True), red=[1, 2, 3, 4]))
    game.advance()
    assert (game.pending.kind, game.pending.player) == ("assign", "red")
    before = snapshot(game)
    with pytest.raises(RuleError) as e:
        game.play("red exchange yes")
    assert e.value.rule == "R6" and "red" in str(e.value)
    assert snapshot(game) == before


@pytest.mark.parametrize("choice", [
    (1, 2, 3, 3),  # not the hand
    (1, 2, 3),  # three cartouches
    (1, 2, 3, 4, 4),  # five cards
    "1234",  # text, not card values
    7,  # not a list at all
    (1.0, 2.0, 3.0, 4.0),  # not whole card values
    (True, 2, 3, 4),
    None,
])
def test_assign_must_put_the_hand_one_card_per_cartouche(choice):
    """R6: exactly one of the 4 cards drawn on each cartouche 1-4."""
    game = Game.from_position(make_position(red=[1, 2, 3, 4], blue=[4, 4, 4, 4]))
    advance_to(game, "assign", "red")
    refused(game, choice, "R6", "red")
    game.decide((4, 3, 2, 1))


def test_assign_of_the_opponents_hand_is_refused():
    """R6: red cannot put blue's cards on red's cartouches."""
    game = Game.from_position(make_position(red=[1, 1, 1, 1], blue=[4, 4, 4, 4]))
    advance_to(game, "assign", "red")
    refused(game, [4, 4, 4, 4], "R6", "red")


@pytest.mark.parametrize("choice, rule", [
    ("T1.4", "R10"),  # a blue counter: red's 1 removes one of red's own
    ("T1.3", "R10"),  # empty
    ("T4.2", "R10"),  # empty, in an allowed temple
    ("T5.1", "R3"),
    ("T1.13", "R3"),
    ("", "R3"),
    (None, "R3"),
    (48, "R3"),
    (-1, "R3"),
])
def test_remove_own_counter_refusals(choice, rule):
    """R10: red's 1 on cartouche 2 removes one of red's own counters (T1.1, T1.2, T2.1)."""
    game = formats_game("remove", "red")
    assert game.pending.target == "red"
    assert sorted(game.options()) == ["T1.1", "T1.2", "T2.1"]
    refused(game, choice, rule, "red")


@pytest.mark.parametrize("choice, rule", [
    ("T3.8", "R12"),  # a red counter, but blue's cartouche 3 is a 2: temples 1-2 only
    ("T4.1", "R12"),  # outside and blue's own
    ("T1.4", "R10"),  # blue's own counter: a 4 removes the opponent's
    ("T1.1", "R10"),  # emptied by red already
])
def test_remove_opponent_counter_refusals(choice, rule):
    """R10, R12: blue's 4 removes 2 red counters, from temples 1-2 (blue's cartouche 3)."""
    game = formats_game("remove", "blue")
    assert game.pending.target == "red" and game.pending.count == 2
    assert sorted(game.options()) == ["T1.2", "T2.1", "T2.2"]
    refused(game, choice, rule, "blue")


@pytest.mark.parametrize("choice, rule", [
    ("T1.4", "R13"),  # a blue counter
    ("T1.2", "R13"),  # red's own counter
    ("T4.1", "R13"),
    ("T0.1", "R3"),
    ("t2.2", "R3"),
])
def test_place_on_an_occupied_square_is_refused(choice, rule):
    """R13: a counter goes on an empty square."""
    game = formats_game("place", "red")
    refused(game, choice, rule, "red")


@pytest.mark.parametrize("choice", ["T3.1", "T4.12", "T3.8"])
def test_place_outside_the_temples_allowed_by_cartouche_3_is_refused(choice):
    """R12: blue's 2 on cartouche 3 allows temples 1 and 2 only."""
    game = formats_game("place", "blue")
    refused(game, choice, "R12", "blue")


@pytest.mark.parametrize("choice", [
    "T3.1",  # red's own, but temple 1 comes first
    "T1.4",  # a blue counter
    "T2.1",  # empty
])
def test_take_back_refusals(choice):
    """R17: one from each temple holding yours (lowest first here), own counters only."""
    game = take_back_game()
    assert game.pending.temple == 1
    refused(game, choice, "R17", "red")


def test_take_back_from_the_highest_temple_after_the_first_pass():
    """R17: after one from temple 1 and one from temple 3, the rest come from the highest
    temple still holding red: a temple-1 counter is refused while temple 3 holds red."""
    game = take_back_game()
    game.decide("T1.1")
    game.advance()
    assert game.pending.temple == 3
    game.decide("T3.1")
    game.advance()  # the last temple-3 counter goes by itself (no choice)
    assert game.pending is not None and game.pending.temple == 1
    game2 = take_back_game()
    game2.decide("T1.1")
    game2.advance()
    refused(game2, "T1.2", "R17", "red")


def test_play_refuses_a_decision_of_the_wrong_kind_or_player():
    """A decision is applied only when it is the one pending; refusal names the pending
    decision's rule and changes nothing."""
    game = formats_game("remove", "red")
    before = snapshot(game)
    for text in ("red place T1.3", "blue remove T1.1", "red exchange no"):
        with pytest.raises(RuleError) as e:
            game.play(text)
        assert e.value.rule == "R10"
        assert snapshot(game) == before
    game.play("red remove T1.1")
    assert game.decisions[-1].choice == "T1.1"


def test_deciding_when_no_decision_is_pending_is_an_error_and_changes_nothing():
    game = Game.new(2)
    before = snapshot(game)
    with pytest.raises(ValueError):
        game.decide(True)
    assert snapshot(game) == before


# ----------------------------------------------------------------------------- the squares offered

#: Square index (temple - 1) * 12 + square - 1 -> its name, as the board is laid out (R2, R3).
NAMES = [f"T{i // 12 + 1}.{i % 12 + 1}" for i in range(48)]
#: The rules a refused square may break, by the kind of decision.
SQUARE_RULES = {"place": {"R12", "R13"}, "remove": {"R10", "R12"}, "take_back": {"R17"}}


def squares_the_rules_allow(game: Game, ask) -> set[str]:
    """Read off the board by hand: a placement may use any empty square of temples 1 to the
    cartouche-3 card (R12, R13); a removal any counter of its target there (R10, R12); a
    take-back any of the player's own counters in the temple due (R17)."""
    board = game.board  # 0 empty, 1 red, 2 blue
    if ask.kind == "place":
        return {NAMES[i] for i in range(48) if board[i] == 0 and i // 12 < ask.temples}
    if ask.kind == "remove":
        return {NAMES[i] for i in range(48) if board[i] == ask.whose + 1 and i // 12 < ask.temples}
    return {NAMES[i] for i in range(48) if board[i] == ask.p + 1 and i // 12 + 1 == ask.temple}


def test_a_board_decision_offers_exactly_the_squares_its_rule_allows():
    """In whole games of random moves, every removal, placement and take-back offers exactly the
    squares the rules allow, and a square it does not offer is refused, naming the rule, with
    nothing changed."""
    seen = set()
    for seed in range(6):
        game = Game.new(seed)
        pick = RandomPlayer(seed)
        while (ask := game.next_decision()) is not None:
            if ask.board_choice:
                seen.add(ask.kind)
                offered = game.options()
                assert set(offered) == squares_the_rules_allow(game, ask), (seed, ask)
                others = [name for name in NAMES if name not in offered]
                if others:
                    before = snapshot(game)
                    with pytest.raises(RuleError) as e:
                        game.decide(others[len(game.events) % len(others)])
                    assert e.value.rule in SQUARE_RULES[ask.kind], str(e.value)
                    assert snapshot(game) == before
            game.decide(pick.choose(game.view(ask.player)))
    assert seen == {"place", "remove", "take_back"}


# ----------------------------------------------------------------------------- undo


def test_undo_with_nothing_to_undo_raises():
    game = Game.new(3)
    with pytest.raises(ValueError):
        game.undo()
    game.advance()
    before = snapshot(game)
    with pytest.raises(ValueError):
        game.undo()
    assert snapshot(game) == before


def test_undo_restores_events_state_and_rng_exactly_and_redo_gives_the_same_game():
    """Undo at every decision of a whole game: the game returns exactly to the moment the
    decision was pending (state, events, decisions, random state), the decision undone is
    returned, and deciding it again continues the very same game."""
    straight = play_game(Game.new(21), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    game = Game.new(21)
    for decision in straight.decisions:
        game.advance()
        before = snapshot(game)
        game.play(decision)
        game.advance()
        undone = game.undo()
        assert undone == decision
        assert snapshot(game) == before
        game.play(decision)
    game.advance()
    assert snapshot(game) == snapshot(straight)
    assert game.winner == straight.winner and game.end == straight.end


def test_undo_across_a_round_boundary():
    """Undo the first decision of round 2, then the last decision of round 1."""
    game = Game.new(5)
    bot = RandomPlayer(9)
    last_of_round_1 = None
    while True:
        game.advance()
        if game.round == 2:
            break
        last_of_round_1 = snapshot(game)
        game.decide(bot.choose(game.view(game.pending.player)))
    first_of_round_2 = snapshot(game)
    assert game.pending.kind in ("exchange", "assign")
    game.decide(game.options()[0])
    game.advance()
    game.undo()
    assert snapshot(game) == first_of_round_2
    game.undo()
    assert snapshot(game) == last_of_round_1
    assert game.round == 1


def test_undo_after_the_game_ended_reopens_it():
    """Undo the decision that ended the game: the game is open again, and the same decision
    ends it the same way."""
    straight = play_game(Game.new(8), {"red": RandomPlayer(3), "blue": RandomPlayer(4)})
    assert straight.over
    final = snapshot(straight)
    last = straight.decisions[-1]
    straight.undo()
    assert not straight.over and straight.pending is not None
    straight.play(last)
    straight.advance()
    assert snapshot(straight) == final


def test_undo_everything_goes_back_to_the_first_decision():
    game = Game.new(13)
    game.advance()
    start = snapshot(game)
    bot = RandomPlayer(1)
    for _ in range(40):
        game.advance()
        if game.over:
            break
        game.decide(bot.choose(game.view(game.pending.player)))
    while game.decisions:
        game.undo()
    assert snapshot(game) == start
