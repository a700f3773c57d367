"""The rulebook as tests: at least one test per rule id R1-R19 of the spec's rules.md, each named
after what it proves, and every worked example of rules.md and formats.md.

Expected values are worked out by hand from rules.md (the arithmetic is in the docstrings and
comments), never copied from the engine's output.
"""

from __future__ import annotations

import copy

import pytest
from helpers import (
    EXAMPLE_MOVES,
    EXAMPLE_POSITION,
    FULL_DECK,
    advance_to,
    answer_with,
    board_list,
    drive_round,
    events_of,
    make_moves,
    make_position,
    per_temple,
    play,
    rest_of_deck,
    squares_of,
    types,
)

import aton
from aton import Game, RuleError
from aton.engine.scoring import breakdown

# ----------------------------------------------------------------------------- helpers


def round_game(position: dict, moves: dict, seed: int = 0) -> tuple[Game, list]:
    """Play one round of ``position`` with the Game API; the game and its trace."""
    game = Game.from_position(copy.deepcopy(position), seed)
    trace = drive_round(game, moves)
    return game, trace


def first_player(result: dict) -> str:
    """Who resolved cartouches 2-4 first: the player of the first 'turn' event (R9)."""
    return events_of(result, "turn")[0]["player"]


# A scoring-round set-up (R15, R16): the Kingdom of the Dead is already full at the start of
# the round and temple 1 is full, so the round changes nothing on the board. Both players show
# a 2 on cartouche 2 (no removal, R10) and a 1 on cartouche 3 (temple 1 only, R12); their one
# counter finds no square (R13) and the full Kingdom sends it back to stock (R15). Red's 2
# against blue's 1 on cartouche 1 scores red 2 (R7); blue's lower cartouche-1 card breaks the
# tie on cartouche 2, so blue goes first (R8).
SCORING_RED, SCORING_BLUE = [2, 2, 1, 1], [1, 2, 1, 1]


def scoring_position(board: dict[str, str], scores: tuple[int, int] = (0, 0)) -> dict:
    assert "." not in board["T1"] and len(board["T1"]) == 12, "temple 1 must be full"
    return make_position(round=5, scores=scores, board=board, kingdom=(4, 4),
                         red=SCORING_RED, blue=SCORING_BLUE)


def scoring_moves(**lists) -> dict:
    return make_moves(SCORING_RED, SCORING_BLUE, **lists)


# Board of the R19 examples. Temple 1: blue T1.1-5 (Y Y Y Y K), red T1.6-12 (K +1 B G G G G);
# temple 2: blue T2.1-5 (Y Y Y Y K). By R16:
#   temple 1: red 7 against 5, scores the difference 2
#   temple 2: blue 5 against 0, scores 5
#   temples 3, 4: empty, nobody
#   black: blue T1.5 and T2.5 (2) against red T1.6 (1): blue scores 8
#   bonus: red holds T1.7 (+1): red scores 1
# Red: 2 + 1 = 3. Blue: 5 + 8 = 13.
R19_BOARD = {"T1": "bbbbbrrrrrrr", "T2": "bbbbb"}
R19_BREAKDOWN = {
    "red": {"temple1": 2, "temple2": 0, "temple3": 0, "temple4": 0, "black": 0, "bonus": 1,
            "total": 3},
    "blue": {"temple1": 0, "temple2": 5, "temple3": 0, "temple4": 0, "black": 8, "bonus": 0,
             "total": 13},
}
# After the scoring round each player takes back 4 (R17): red only has temple 1; blue has
# temples 1 and 2: one from each, then the rest from temple 2 (the highest still holding blue).
R19_AFTER = {"red_after_scoring": ["T1.6", "T1.7", "T1.8", "T1.9"],
             "blue_after_scoring": ["T1.1", "T2.1", "T2.2", "T2.3"]}


# ----------------------------------------------------------------------------- R1, R2, R3


def test_r1_new_game_gives_36_cards_29_counters_an_exchange_counter_and_no_points():
    """R1: two players; each has 36 cards (nine each of 1-4), 29 counters, one exchange
    counter; both scores start at 0."""
    pos = aton.new_position(seed=11)
    assert pos["round"] == 1
    for name in ("red", "blue"):
        assert sorted(pos["draw"][name] + pos["discard"][name]) == FULL_DECK
        assert pos["stock"][name] == 29
        assert pos["kingdom"][name] == 0
        assert pos["exchange"][name] is True
        assert pos["scores"][name] == 0
    assert all(row == "." * 12 for row in pos["board"].values())
    assert pos["winner"] is None and pos["end"] is None


def test_r1_decks_are_shuffled_from_the_seed():
    """R1: the decks are shuffled; the same seed deals the same decks, other seeds others."""
    assert aton.new_position(3) == aton.new_position(3)
    decks = {tuple(aton.new_position(s)["draw"]["red"]) for s in range(8)}
    assert len(decks) > 1


def test_r1_a_position_whose_counters_do_not_make_29_is_refused():
    """R1: stock + board + Kingdom = 29 counters for each colour."""
    pos = make_position(board={"T1": "rr"}, stock=(28, 29))
    with pytest.raises(RuleError) as e:
        Game.from_position(pos)
    assert e.value.rule == "R1"


def test_r2_board_has_four_temples_of_twelve_a_kingdom_of_eight_and_four_cartouches():
    """R2: 4 temples of 12 squares, a Kingdom of the Dead of 8 squares, 4 cartouches each."""
    pos = aton.new_position(1)
    assert sorted(pos["board"]) == ["T1", "T2", "T3", "T4"]
    assert all(len(row) == 12 for row in pos["board"].values())
    assert len(aton.board.SQUARE_NAMES) == 48
    assert aton.board.KINGDOM_SIZE == 8
    game = Game.new(1)
    advance_to(game, "assign", "red")
    hand = list(game.view("red").hand)
    with pytest.raises(RuleError) as e:  # three cartouches are not enough
        game.decide(hand[:3])
    assert e.value.rule == "R6"
    game.decide(hand)
    assert len(game.view("red").my_cards) == 4


def test_r2_a_kingdom_of_nine_counters_is_refused():
    """R2, R15: the Kingdom of the Dead has 8 squares."""
    with pytest.raises(RuleError) as e:
        Game.from_position(make_position(kingdom=(5, 4)))
    assert e.value.rule == "R15"


# R3, copied by hand from the table of rules.md.
R3_TABLE = {
    1: "Y Y Y Y | K K +1 B | G G G G",
    2: "Y Y Y Y | K K +1 B | G G G G",
    3: "Y Y Y +1 | K K K B | G G G +1",
    4: "Y Y Y +2 | K K K B | G G G +2",
}


def test_r3_layout_is_the_printed_board_row_by_row():
    """R3: each temple is 3 rows x 4 columns, squares numbered 1-12 row by row."""
    for temple, rows in R3_TABLE.items():
        expected = tuple(rows.replace("|", "").split())
        assert tuple(aton.board.LAYOUT[temple]) == expected, f"temple {temple}"


def test_r3_colour_totals_and_square_names():
    """R3: 14 yellow, 14 green, 10 black, 4 blue, four +1 and two +2 bonus squares; T3.8 is
    temple 3, row 2, column 4 (a blue square)."""
    kinds = [k for t in (1, 2, 3, 4) for k in aton.board.LAYOUT[t]]
    assert kinds.count("Y") == 14 and kinds.count("G") == 14
    assert kinds.count("K") == 10 and kinds.count("B") == 4
    assert kinds.count("+1") == 4 and kinds.count("+2") == 2
    index = aton.board.square_index("T3.8")
    assert index == 2 * 12 + (2 - 1) * 4 + (4 - 1)
    assert aton.board.LAYOUT[3][7] == "B"
    with pytest.raises(RuleError) as e:
        aton.board.square_index("T5.1")
    assert e.value.rule == "R3"


def test_r3_board_strings_list_squares_1_to_12_in_order():
    """R3 with formats.md: a counter placed on T3.8 is character 8 of the T3 string."""
    pos = make_position(red=[1, 2, 4, 1], blue=[1, 3, 1, 1])  # red goes first (2 < 3)
    result = play(pos, make_moves([1, 2, 4, 1], [1, 3, 1, 1],
                                  red_place=["T3.8"], blue_place=["T1.1"]))
    assert result["position"]["board"]["T3"] == ".......r...."
    assert result["position"]["board"]["T1"] == "b..........."


# ----------------------------------------------------------------------------- R4


def test_r4_each_player_draws_the_top_four_cards_of_their_own_pile():
    """R4: each player draws the top 4 cards of their own draw pile."""
    game = Game.from_position(make_position(red=[4, 3, 2, 1], blue=[1, 1, 2, 2]))
    game.step()
    assert game.view("red").hand == (4, 3, 2, 1)
    assert game.view("blue").hand == (1, 1, 2, 2)
    assert game.view("red").pile_sizes["red"] == {"draw": 32, "discard": 0}


def test_r4_discards_are_reshuffled_only_when_the_draw_pile_runs_out_mid_draw():
    """R4: red's draw pile holds 2 cards: red takes them, then (the pile being empty) the
    discards are shuffled into a new draw pile and taking continues."""
    discard = rest_of_deck([1, 2])
    pos = make_position(red_draw=[1, 2], red_discard=discard, blue=[1, 1, 1, 1])
    hands = []
    for seed in range(10):
        game = Game.from_position(pos, seed)
        event = game.step()
        hand = game.view("red").hand
        assert hand[:2] == (1, 2)  # the old draw pile first
        assert game.view("red").pile_sizes["red"] == {"draw": 32, "discard": 0}
        assert event.data["reshuffled"] == ["red"]
        assert game.view("blue").pile_sizes["blue"] == {"draw": 32, "discard": 0}
        hands.append(hand)
    assert len(set(hands)) > 1  # the reshuffle draws from the seeded generator
    again = Game.from_position(pos, 3)
    again.step()
    assert again.view("red").hand == hands[3]  # same seed, same shuffle


def test_r4_a_draw_pile_of_exactly_four_is_not_refilled_and_may_start_a_round_empty():
    """R4: discards are reshuffled only when a card must be taken from an empty pile; so after
    drawing the last 4 cards the pile stays empty, and the next round starts with it empty."""
    pos = make_position(red_draw=[1, 2, 3, 4], red_discard=rest_of_deck([1, 2, 3, 4]),
                        blue=[1, 3, 1, 1])
    game = Game.from_position(pos, 0)
    event = game.step()
    assert event.data["reshuffled"] == []
    assert game.view("red").pile_sizes["red"] == {"draw": 0, "discard": 32}
    # red (2 on cartouche 2) goes first and places 4; blue's 3 removes one of them
    result = play(pos, make_moves([1, 2, 3, 4], [1, 3, 1, 1],
                                  red_place=["T1.1", "T1.2", "T1.3", "T1.4"],
                                  blue_remove=["T1.1"], blue_place=["T1.5"]))
    after = result["position"]
    assert after["draw"]["red"] == []
    assert sorted(after["discard"]["red"]) == FULL_DECK
    # the next round starts from an empty draw pile: the deal reshuffles the 36 discards
    nxt = Game.from_position(after, 5)
    event = nxt.step()
    assert event.data["reshuffled"] == ["red"]
    assert nxt.view("red").pile_sizes["red"] == {"draw": 32, "discard": 0}


# ----------------------------------------------------------------------------- R5


def test_r5_exchange_discards_the_four_drawn_and_draws_four_new_once_per_game():
    """R5: once per game, hand in the exchange counter, discard the 4 cards just drawn and draw
    4 new ones."""
    pos = make_position(exchange=(True, True), red=[1, 1, 1, 1, 2, 2, 2, 2],
                        blue=[1, 3, 1, 1])
    result = play(pos, make_moves([2, 2, 2, 2], [1, 3, 1, 1], red_exchange=True,
                                  red_place=["T2.1", "T2.2"], blue_place=["T1.3"]))
    after = result["position"]
    assert after["exchange"] == {"red": False, "blue": True}
    # the 4 cards handed in and the 4 played all lie on red's discard pile (R5, R14)
    assert sorted(after["discard"]["red"]) == [1, 1, 1, 1, 2, 2, 2, 2]
    assert after["draw"]["red"] == rest_of_deck([1, 1, 1, 1, 2, 2, 2, 2])
    # once per game: no exchange is offered any more, and asking for one is refused
    game = Game.from_position(after)
    game.advance()
    assert (game.pending.player, game.pending.kind) == ("red", "assign")  # no red exchange
    game.decide(game.options()[0])
    game.advance()
    assert (game.pending.player, game.pending.kind) == ("blue", "exchange")
    top = after["draw"]["red"][:4]
    with pytest.raises(RuleError) as e:
        play(after, make_moves(top, after["draw"]["blue"][:4], red_exchange=True))
    assert e.value.rule == "R5" and "red" in str(e.value)


def test_r5_cards_handed_in_go_to_the_discards_before_the_new_draw():
    """R5: the 4 cards handed in go onto the discard pile before the new cards are drawn, so a
    reshuffle during that draw includes them. A lesson deck of only 4 cards shows it: after
    the exchange the only cards to draw are the 4 just handed in."""
    pos = make_position(exchange=(True, False), red_draw=[3, 3, 3, 3], blue=[1, 1, 1, 1])
    game = Game.from_position(pos, 0)
    advance_to(game, "exchange", "red")
    event = game.decide(True)
    assert event.data.get("reshuffled") is True
    assert game.view("red").hand == (3, 3, 3, 3)
    assert game.view("red").pile_sizes["red"] == {"draw": 0, "discard": 0}


def test_r5_reshuffle_during_the_exchange_draw_mixes_in_the_cards_handed_in():
    """R5 with R4: red's draw pile holds 2 cards after the hand of four 1s; the exchange
    draws those two 4s, then reshuffles the discards (two 2s plus the four 1s handed in)."""
    pos = make_position(exchange=(True, False), red_draw=[1, 1, 1, 1, 4, 4],
                        red_discard=[2, 2], blue=[1, 1, 1, 1])
    seen = set()
    for seed in range(12):
        game = Game.from_position(pos, seed)
        advance_to(game, "exchange", "red")
        game.decide(True)
        hand = game.view("red").hand
        assert hand[:2] == (4, 4)
        assert all(c in (1, 2) for c in hand[2:])
        assert game.view("red").pile_sizes["red"] == {"draw": 4, "discard": 0}
        seen.update(hand[2:])
    assert 1 in seen  # a card handed in was drawn again: it was in the reshuffle


def test_r5_exchange_is_decided_secretly_before_the_cards_are_assigned():
    """R5, R6: the exchange is part of the secret assignment step: each player decides it
    before putting cards on the cartouches, and nothing is revealed before both assigned."""
    game = Game.new(4)
    game.advance()
    order = []
    while game.pending is not None and game.pending.kind in ("exchange", "assign"):
        order.append((game.pending.player, game.pending.kind))
        assert game.view("red").revealed is None
        game.decide(game.options()[0])
        game.advance()
    assert order.index(("red", "exchange")) < order.index(("red", "assign"))
    assert order.index(("blue", "exchange")) < order.index(("blue", "assign"))
    assert game.view("blue").revealed is not None


# ----------------------------------------------------------------------------- R6, R7


def test_r6_one_card_per_cartouche_from_the_hand_and_all_revealed_together():
    """R6: exactly one of the 4 cards on each cartouche 1-4; then all 8 cards are revealed."""
    pos = make_position(round=1, red=[1, 2, 4, 3], blue=[3, 1, 2, 4])
    with pytest.raises(RuleError) as e:
        play(pos, make_moves([1, 2, 4, 4], [3, 1, 2, 4]))
    assert e.value.rule == "R6" and "red" in str(e.value)
    with pytest.raises(RuleError) as e:
        play(pos, make_moves([1, 2, 4, 3], [3, 1, 2, 4, 1]))
    assert e.value.rule == "R6" and "blue" in str(e.value)
    result = play(pos, make_moves([1, 2, 4, 3], [3, 1, 2, 4],
                                  blue_place=["T1.1", "T1.2", "T2.1", "T2.2"],
                                  red_place=["T3.1", "T4.1", "T4.2"]))
    seq = types(result)
    assert seq.index("reveal") > max(i for i, t in enumerate(seq) if t == "assign")
    reveal = events_of(result, "reveal")[0]
    assert reveal["red"] == [1, 2, 4, 3] and reveal["blue"] == [3, 1, 2, 4]
    assert reveal["rule"] == "R6"


@pytest.mark.parametrize(
    "red_card, blue_card, red_points, blue_points",
    [
        (1, 4, 0, 6),  # rules.md: red 1, blue 4 -> blue scores 6
        (3, 4, 0, 2),  # rules.md: red 3, blue 4 -> blue scores 2
        (2, 2, 0, 0),  # rules.md: equal -> nobody
        (4, 1, 6, 0),
        (4, 3, 2, 0),
    ],
)
def test_r7_higher_card_scores_twice_the_difference(red_card, blue_card, red_points,
                                                     blue_points):
    """R7: on cartouche 1 the higher card scores 2 x the difference; equal cards score
    nothing (the worked examples of rules.md)."""
    red = [red_card, 2, 1, 1]
    blue = [blue_card, 3, 1, 1]
    pos = make_position(round=1, scores=(10, 20), red=red, blue=blue)
    game, _ = round_game(pos, make_moves(red, blue))
    assert game.position()["scores"] == {"red": 10 + red_points, "blue": 20 + blue_points}
    points = [e for e in game.events if e.type == "points"]
    assert len(points) == 1 and points[0].rule == "R7"


# ----------------------------------------------------------------------------- R8, R9


def test_round1_worked_example():
    """rules.md worked example, round 1: red [1,2,4,3], blue [3,1,2,4]. Blue scores 4; blue
    (2nd card 1) goes first; no removal in round 1; blue places 4 counters in temples 1-2;
    red places 3 in temples 1-4."""
    pos = make_position(round=1, red=[1, 2, 4, 3], blue=[3, 1, 2, 4])
    result = play(pos, make_moves([1, 2, 4, 3], [3, 1, 2, 4],
                                  blue_place=["T1.1", "T1.2", "T2.1", "T2.2"],
                                  red_place=["T3.1", "T4.1", "T4.2"]))
    after = result["position"]
    assert after["scores"] == {"red": 0, "blue": 4}
    assert first_player(result) == "blue"
    assert events_of(result, "remove") == []
    assert [e["rule"] for e in events_of(result, "removal") if e["player"] == "blue"] == ["R11"]
    places = events_of(result, "place")
    assert [e["player"] for e in places] == ["blue"] * 4 + ["red"] * 3
    assert per_temple(after, "b") == {"T1": 2, "T2": 2}
    assert per_temple(after, "r") == {"T3": 1, "T4": 2}
    assert after["stock"] == {"red": 26, "blue": 25}
    # blue may only use temples 1-2 (cartouche 3 shows a 2, R12)
    with pytest.raises(RuleError) as e:
        play(pos, make_moves([1, 2, 4, 3], [3, 1, 2, 4],
                             blue_place=["T1.1", "T1.2", "T2.1", "T3.2"],
                             red_place=["T3.1", "T4.1", "T4.2"]))
    assert e.value.rule == "R12" and "blue" in str(e.value)


def test_r8_lower_card_on_cartouche_2_goes_first():
    """R8: the lower card on cartouche 2 goes first, whatever cartouche 1 shows."""
    red, blue = [4, 3, 1, 1], [1, 2, 1, 1]  # blue's 2 < red's 3
    game, _ = round_game(make_position(round=1, red=red, blue=blue), make_moves(red, blue))
    turns = [e.data["player"] for e in game.events if e.type == "turn"]
    assert turns == ["blue", "red"]


@pytest.mark.parametrize("red, blue, first", [
    ([1, 3, 1, 1], [2, 3, 1, 1], "red"),
    ([3, 3, 1, 1], [2, 3, 1, 1], "blue"),
])
def test_r8_tie_on_cartouche_2_lower_cartouche_1_card_goes_first(red, blue, first):
    """R8: equal cartouche-2 cards: the lower cartouche-1 card goes first."""
    game, _ = round_game(make_position(round=1, red=red, blue=blue), make_moves(red, blue))
    turns = [e.data["player"] for e in game.events if e.type == "turn"]
    assert turns[0] == first and len(turns) == 2
    order = next(e for e in game.events if e.type == "order")
    assert order.rule == "R8"


def test_r8_war_turns_up_cards_until_one_is_lower_and_puts_them_under_the_draw_piles():
    """R8: both 2 on cartouche 1 and 3 on cartouche 2: war. Turned up: 4/4, 3/3, then red 1
    against blue 2: red goes first. The turned-up cards go under their owner's draw pile in
    the order turned up."""
    red = [2, 3, 1, 1, 4, 3, 1]
    blue = [2, 3, 1, 1, 4, 3, 2]
    pos = make_position(round=1, red=red, blue=blue)
    result = play(pos, make_moves(red[:4], blue[:4], red_place=["T1.1"],
                                  blue_place=["T1.2"]))
    assert first_player(result) == "red"
    assert [e["player"] for e in events_of(result, "place")] == ["red", "blue"]
    after = result["position"]
    assert after["draw"]["red"] == rest_of_deck(red) + [4, 3, 1]
    assert after["draw"]["blue"] == rest_of_deck(blue) + [4, 3, 2]
    assert sorted(after["discard"]["red"]) == [1, 1, 2, 3]
    assert after["scores"] == {"red": 0, "blue": 0}


def test_r8_war_refills_an_empty_draw_pile_from_its_discards():
    """R8, R4: red's draw pile runs out during the war (3/3 turned up), so red's discards (a
    single 1) become the new draw pile and the war goes on: red 1 against blue 4, red first.
    Afterwards red's draw pile is exactly the turned-up cards, in order: [3, 1]."""
    pos = make_position(round=1, red_draw=[2, 3, 1, 1, 3], red_discard=[1],
                        blue=[2, 3, 1, 1, 3, 4])
    result = play(pos, make_moves([2, 3, 1, 1], [2, 3, 1, 1], red_place=["T1.1"],
                                  blue_place=["T1.2"]), seed=9)
    assert first_player(result) == "red"
    after = result["position"]
    assert after["draw"]["red"] == [3, 1]
    assert sorted(after["discard"]["red"]) == [1, 1, 2, 3]
    assert after["draw"]["blue"] == rest_of_deck([2, 3, 1, 1, 3, 4]) + [3, 4]


def test_r9_first_player_resolves_cartouches_2_3_4_before_the_other():
    """R9 with the formats.md example: red (1 on cartouche 2) removes and places everything
    before blue removes or places anything."""
    result = play(EXAMPLE_POSITION, EXAMPLE_MOVES)
    steps = [(e["type"], e["player"]) for e in result["events"]
             if e["type"] in ("turn", "removal", "remove", "placement", "place")]
    players = [p for _, p in steps]
    assert players == sorted(players, key=lambda p: p != "red")  # all red, then all blue
    assert steps[0] == ("turn", "red") and ("turn", "blue") in steps


# ----------------------------------------------------------------------------- R10, R11




def test_formats_round_example_ends_with_4_red_and_1_blue_in_the_kingdom():
    """formats.md example: red scores 2 (3 against 2) and goes first (1 against 4); red's 1
    removes one of red's own counters (T1.1); red places 2 (T2.2, T3.8). Blue's 4 removes 2
    red counters from temples 1-2 (T1.2, T2.2); blue places 1 (T1.5). The Kingdom then
    holds 4 red and 1 blue."""
    result = play(EXAMPLE_POSITION, EXAMPLE_MOVES)
    after = result["position"]
    assert after["kingdom"] == {"red": 4, "blue": 1}
    assert after["scores"] == {"red": 14, "blue": 8}
    assert after["board"] == {"T1": "...bb.......", "T2": "r...........",
                              "T3": ".......r....", "T4": "b..........."}
    # red: 25 - 2 placed = 23; blue: 26 - 1 placed = 25 (R1: 23 + 3 + 4 = 29, 25 + 3 + 1)
    assert after["stock"] == {"red": 23, "blue": 25}
    assert after["round"] == 4
    assert result["scoring"] is None  # 5/8: no scoring round (R16)
    removes = [(e["player"], e["square"]) for e in events_of(result, "remove")]
    assert removes == [("red", "T1.1"), ("blue", "T1.2"), ("blue", "T2.2")]


def test_r10_card_4_removes_two_of_the_opponents_counters():
    """R10: card 4 -> remove 2 of the opponent's counters (chosen among 3 in temple 1)."""
    red, blue = [1, 4, 1, 1], [1, 2, 2, 1]  # blue (2) goes first
    pos = make_position(board={"T1": "bbb"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, blue_place=["T2.1"],
                                  red_remove=["T1.1", "T1.3"], red_place=["T1.12"]))
    after = result["position"]
    assert after["board"]["T1"] == ".b.........r"
    assert after["kingdom"] == {"red": 0, "blue": 2}
    assert after["stock"]["blue"] == 29 - 2 - 2  # 2 on the board (T1.2, T2.1), 2 dead


def test_r10_card_3_removes_one_card_2_nothing():
    """R10: n = card - 2: a 3 removes 1 of the opponent's counters, a 2 removes nothing."""
    red, blue = [1, 3, 1, 1], [1, 2, 2, 1]
    pos = make_position(board={"T1": "bbb", "T2": "r"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, blue_place=["T2.2"], red_remove=["T1.2"],
                                  red_place=["T1.12"]))
    after = result["position"]
    assert after["board"]["T1"] == "b.b........r"
    assert after["board"]["T2"] == "rb.........."  # blue's 2 removed nothing
    assert after["kingdom"] == {"red": 0, "blue": 1}


def test_r10_card_1_removes_one_of_your_own_counters():
    """R10: card 1 -> remove 1 of your own counters."""
    red, blue = [1, 1, 2, 1], [1, 2, 1, 1]  # red (1) goes first
    pos = make_position(board={"T1": "rb", "T2": "r"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, red_remove=["T2.1"], red_place=["T2.2"],
                                  blue_place=["T1.3"]))
    after = result["position"]
    assert after["board"]["T1"] == "rbb........."
    assert after["board"]["T2"] == ".r.........."
    assert after["kingdom"] == {"red": 1, "blue": 0}


def test_r10_removal_only_from_temples_allowed_by_the_removers_cartouche_3():
    """R10, R12: blue's 4 with a 1 on cartouche 3 may only remove red counters in temple 1;
    red's counters in temple 2 are safe, so only the one in temple 1 goes (fewer eligible
    than n: remove those there are)."""
    red, blue = [1, 2, 4, 1], [1, 4, 1, 1]  # red (2) goes first
    pos = make_position(board={"T1": "r", "T2": "rrrr"}, red=red, blue=blue)
    moves = make_moves(red, blue, red_place=["T4.1"], blue_place=["T1.5"])
    result = play(pos, moves)
    after = result["position"]
    assert after["board"]["T1"] == "....b......."
    assert after["board"]["T2"] == "rrrr........"
    assert after["kingdom"] == {"red": 1, "blue": 0}
    # naming a temple-2 counter is refused (R12), and so is leaving out the forced T1.1
    with pytest.raises(RuleError) as e:
        play(pos, make_moves(red, blue, red_place=["T4.1"], blue_place=["T1.5"],
                             blue_remove=["T2.1"]))
    assert e.value.rule in ("R10", "R12") and "blue" in str(e.value)


def test_r10_own_removal_with_a_1_is_limited_by_your_own_cartouche_3():
    """R10: 'only from temples allowed by the same player's cartouche 3 (R12), for your own
    counter too'. Red shows 1 on cartouche 2 and 1 on cartouche 3: red's only counters are in
    temple 2, so nothing is removed."""
    red, blue = [1, 1, 1, 1], [1, 2, 1, 1]  # red (1) goes first
    pos = make_position(board={"T2": "rr"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, red_place=["T1.1"], blue_place=["T1.2"]))
    after = result["position"]
    assert after["board"]["T2"] == "rr.........."
    assert after["kingdom"] == {"red": 0, "blue": 0}
    removal = next(e for e in events_of(result, "removal") if e["player"] == "red")
    assert removal["rule"] == "R10"
    assert events_of(result, "remove") == []
    # with a red counter in temple 1 too, that one is removed (the only one allowed)
    pos = make_position(board={"T1": "r", "T2": "rr"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, red_place=["T1.2"], blue_place=["T1.3"]))
    assert [(e["player"], e["square"]) for e in events_of(result, "remove")] == [("red", "T1.1")]
    assert result["position"]["board"]["T2"] == "rr.........."


def test_r10_no_eligible_counter_means_nothing_happens():
    """R10: none eligible: nothing happens. Red goes first (tie on 4, red's lower 1 on
    cartouche 1) and its 4 finds no blue counter; blue's 4 then finds exactly red's two in
    temple 1 and removes both (fewer or as many as n: remove those there are)."""
    red, blue = [1, 4, 4, 1], [2, 4, 1, 1]
    pos = make_position(board={"T1": "rr"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, red_place=["T4.1"], blue_place=["T1.5"]))
    removal = next(e for e in events_of(result, "removal") if e["player"] == "red")
    assert removal["rule"] == "R10"
    assert [(e["player"], e["square"]) for e in events_of(result, "remove")] == [
        ("blue", "T1.1"), ("blue", "T1.2")]
    after = result["position"]
    assert after["board"]["T1"] == "....b......."
    assert after["kingdom"] == {"red": 2, "blue": 0}


def test_r10_removal_is_compulsory():
    """R10: removal is compulsory: when there is a choice, the player must make it; a round
    moves file leaving the list out is refused."""
    red, blue = [1, 4, 1, 1], [1, 2, 2, 1]
    pos = make_position(board={"T1": "bbb"}, red=red, blue=blue)
    game = Game.from_position(pos)
    advance_to(game, "remove", "red",
               answer=answer_with(make_moves(red, blue, blue_place=["T2.1"])))
    assert game.pending.count == 2 and game.pending.target == "blue"
    assert sorted(game.options()) == ["T1.1", "T1.2", "T1.3"]
    with pytest.raises(RuleError) as e:
        play(pos, make_moves(red, blue, blue_place=["T2.1"], red_place=["T1.12"]))
    assert e.value.rule == "R10" and "red" in str(e.value)


def test_r11_no_counter_is_removed_in_round_1():
    """R11: no counter is removed in round 1, neither the opponent's (red's 4) nor your own
    (blue's 1)."""
    red, blue = [1, 4, 1, 1], [1, 1, 1, 1]  # blue (1) goes first
    pos = make_position(round=1, board={"T1": "rrbb"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, blue_place=["T1.5"], red_place=["T1.6"]))
    after = result["position"]
    assert after["board"]["T1"] == "rrbbbr......"
    assert after["kingdom"] == {"red": 0, "blue": 0}
    assert [e["rule"] for e in events_of(result, "removal")] == ["R11", "R11"]
    assert events_of(result, "remove") == []
    # a removal list in round 1 contradicts the rule and is refused
    with pytest.raises(RuleError) as e:
        play(pos, make_moves(red, blue, blue_place=["T1.5"], red_place=["T1.6"],
                             red_remove=["T1.3", "T1.4"]))
    assert e.value.rule == "R11" and "red" in str(e.value)


def test_r11_removal_starts_in_round_2():
    """R11 (contrast), R10: the same cards in round 2 do remove: blue (first) removes one of
    its own (T1.3) and places on T1.5; red's 4 then removes blue's remaining two in temple 1."""
    red, blue = [1, 4, 1, 1], [1, 1, 1, 1]
    pos = make_position(round=2, board={"T1": "rrbb"}, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, blue_remove=["T1.3"], blue_place=["T1.5"],
                                  red_place=["T1.6"]))
    after = result["position"]
    assert after["board"]["T1"] == "rr...r......"
    assert after["kingdom"] == {"red": 0, "blue": 3}


# ----------------------------------------------------------------------------- R12, R13


@pytest.mark.parametrize("v", [1, 2, 3, 4])
def test_r12_cartouche_3_value_v_allows_temples_1_to_v_for_placement(v):
    """R12: a card of value v on cartouche 3 allows temples 1..v (placement, R13)."""
    red, blue = [1, 2, v, 1], [2, 3, 1, 1]  # red (2) goes first
    pos = make_position(red=red, blue=blue)
    game = Game.from_position(pos)
    advance_to(game, "place", "red", answer=answer_with(make_moves(red, blue)))
    options = game.options()
    assert len(options) == 12 * v
    assert {int(sq[1]) for sq in options} == set(range(1, v + 1))
    if v < 4:
        outside = f"T{v + 1}.1"
        with pytest.raises(RuleError) as e:
            game.decide(outside)
        assert e.value.rule == "R12" and "red" in str(e.value)


def test_placement_overflow_worked_example():
    """rules.md worked example (R13, R15): cartouche 3 = 1, cartouche 4 = 4, one free square in
    temple 1, stock 10, Kingdom 2/8 -> 1 placed, 3 to the Kingdom (5/8), stock 6."""
    board = {"T1": "rrrrrbbbbbb.", "T2": "rrrrrrr", "T3": "rrrrrr"}  # red 18 on the board
    red, blue = [1, 2, 1, 4], [3, 2, 2, 1]  # tie on 2: red's lower 1 goes first (R8)
    pos = make_position(board=board, kingdom=(1, 1), red=red, blue=blue)
    assert pos["stock"]["red"] == 10
    game, trace = round_game(pos, make_moves(red, blue, blue_place=["T2.8"]))
    overflow = [facts for e, facts in trace if e.type == "overflow"]
    assert len(overflow) == 1
    assert overflow[0]["stock"]["red"] == 6
    assert sum(overflow[0]["kingdom"].values()) == 5
    after = game.position()
    assert after["board"]["T1"] == "rrrrrbbbbbbr"
    assert after["stock"]["red"] == 6
    assert after["kingdom"] == {"red": 4, "blue": 1}


def test_r13_a_stock_smaller_than_the_card_places_what_is_left():
    """R13: take v counters from your stock, fewer if the stock has fewer: red's stock of 2
    against a 4 places 2, and nothing goes to the Kingdom."""
    board = {"T1": "....rrrrrr", "T2": "....rrrrrr", "T3": "....rrrrrr", "T4": "....rrr"}
    red, blue = [1, 2, 4, 4], [2, 2, 1, 1]  # tie on 2: red's lower 1 goes first
    pos = make_position(board=board, kingdom=(6, 0), red=red, blue=blue)
    assert pos["stock"]["red"] == 2
    result = play(pos, make_moves(red, blue, red_place=["T4.1", "T4.2"],
                                  blue_place=["T1.12"]))
    after = result["position"]
    assert after["stock"]["red"] == 0
    assert after["kingdom"] == {"red": 6, "blue": 0}
    assert after["board"]["T4"] == "rr..rrr....."
    assert not [e for e in events_of(result, "overflow") if e["player"] == "red"]


def test_r13_an_empty_stock_places_nothing():
    """R13: an empty stock places nothing."""
    board = {"T1": "rrrrrrrrrrr", "T2": "rrrrrrrrrrr", "T3": "rrr"}  # 25 red
    red, blue = [1, 2, 4, 4], [2, 2, 1, 1]
    pos = make_position(board=board, kingdom=(4, 0), red=red, blue=blue)
    assert pos["stock"]["red"] == 0
    result = play(pos, make_moves(red, blue))  # blue's one counter: T1.12 is forced
    after = result["position"]
    assert [e["player"] for e in events_of(result, "place")] == ["blue"]
    assert after["board"]["T1"] == "rrrrrrrrrrrb"
    assert after["stock"]["red"] == 0 and after["kingdom"]["red"] == 4


def test_r13_placement_is_compulsory_and_only_on_empty_squares():
    """R13: placement is compulsory (a missing list is refused where there is a choice) and a
    counter goes on an empty square."""
    red, blue = [1, 2, 4, 2], [2, 2, 1, 1]
    pos = make_position(board={"T1": "b"}, red=red, blue=blue)
    with pytest.raises(RuleError) as e:
        play(pos, make_moves(red, blue, blue_place=["T1.2"]))
    assert e.value.rule == "R13" and "red" in str(e.value)
    with pytest.raises(RuleError) as e:
        play(pos, make_moves(red, blue, red_place=["T1.1", "T1.3"], blue_place=["T1.2"]))
    assert e.value.rule == "R13" and "red" in str(e.value)


# ----------------------------------------------------------------------------- R14


def test_r14_the_eight_cards_go_to_their_owners_discard_piles():
    """R14: after both players have gone, each player's 4 cards go to their discard pile."""
    red, blue = [1, 2, 4, 3], [3, 1, 2, 4]
    pos = make_position(round=1, red=red, blue=blue, red_discard=[4], blue_discard=[1, 1])
    result = play(pos, make_moves(red, blue, blue_place=["T1.1", "T1.2", "T2.1", "T2.2"],
                                  red_place=["T3.1", "T4.1", "T4.2"]))
    after = result["position"]
    assert sorted(after["discard"]["red"]) == [1, 2, 3, 4, 4]
    assert sorted(after["discard"]["blue"]) == [1, 1, 1, 2, 3, 4]
    assert after["draw"]["red"] == rest_of_deck(red, [4])


def test_r14_cards_go_to_the_discards_when_the_game_ends_during_the_round():
    """R14: the cards go to the discard piles also when the game ends during the round (here
    at cartouche 1, R18); the round still counts as played (formats.md)."""
    red, blue = [4, 2, 1, 1], [1, 3, 1, 1]
    pos = make_position(round=6, scores=(38, 10), red=red, blue=blue)
    after = play(pos, make_moves(red, blue))["position"]
    assert sorted(after["discard"]["red"]) == [1, 1, 2, 4]
    assert sorted(after["discard"]["blue"]) == [1, 1, 1, 3]
    assert after["round"] == 7


# ----------------------------------------------------------------------------- R15


def test_r15_a_full_kingdom_sends_further_counters_back_to_their_owners_stock():
    """R15: Kingdom at 7/8; blue's 4 removes two red counters: the first fills the Kingdom
    (8/8), the second goes back to red's stock. The full Kingdom then brings a scoring round."""
    red, blue = [1, 2, 4, 1], [1, 4, 1, 1]  # red (2) goes first
    pos = make_position(board={"T1": "rr"}, kingdom=(4, 3), red=red, blue=blue)
    assert pos["stock"]["red"] == 23
    game, trace = round_game(pos, make_moves(red, blue, red_place=["T4.1"],
                                             blue_place=["T1.5"]))
    removes = [(e.data["square"], facts) for e, facts in trace if e.type == "remove"]
    assert [sq for sq, _ in removes] == ["T1.1", "T1.2"]
    first, second = removes[0][1], removes[1][1]
    # red placed 1 (23 -> 22) before blue's removal
    assert first["kingdom"] == {"red": 5, "blue": 3} and first["stock"]["red"] == 22
    assert second["kingdom"] == {"red": 5, "blue": 3} and second["stock"]["red"] == 23
    assert any(e.type == "score" for e in game.events)


def test_r15_a_kingdom_already_full_at_round_start_stays_full_and_scoring_follows():
    """R15: the Kingdom is full (4 + 4) when the round starts. Red's 3 counters find no square
    in the full temple 1 and stay in red's stock; blue's 3 removes a red counter, which goes
    back to red's stock; blue's counter then fills the freed square. A scoring round follows
    (R16)."""
    board = {"T1": "rrrrrrbbbbbb"}
    red, blue = [1, 2, 1, 3], [1, 3, 1, 1]  # red (2) goes first
    pos = make_position(board=board, kingdom=(4, 4), red=red, blue=blue)
    assert pos["stock"] == {"red": 19, "blue": 19}
    game, trace = round_game(pos, make_moves(red, blue, blue_remove=["T1.6"]))
    facts = {e.type: f for e, f in trace if e.type in ("overflow", "remove", "place")}
    assert facts["overflow"]["stock"]["red"] == 19
    assert facts["overflow"]["kingdom"] == {"red": 4, "blue": 4}
    assert facts["remove"]["stock"]["red"] == 20
    assert facts["remove"]["kingdom"] == {"red": 4, "blue": 4}
    assert facts["place"]["stock"]["blue"] == 18
    kinds = [e.type for e in game.events]
    assert kinds.index("end_round") < kinds.index("score")
    assert [e.data["line"] for e in game.events if e.type == "score"] == list(
        aton.scoring.LINES)


def test_r15_an_overflow_fills_the_kingdom_and_the_rest_stays_in_stock():
    """R13, R15: Kingdom 6/8 and 3 counters that find no square: 2 fill the Kingdom (8/8),
    the third stays in red's stock (8 - 1 placed - 2 = 5); a scoring round follows."""
    board = {"T1": "rrrrrbbbbbb.", "T2": "rrrrrrr", "T3": "rrrrrr"}
    red, blue = [1, 2, 1, 4], [3, 2, 2, 1]  # tie on 2: red's lower 1 goes first (R8)
    pos = make_position(board=board, kingdom=(3, 3), red=red, blue=blue)
    assert pos["stock"]["red"] == 8
    game, trace = round_game(pos, make_moves(red, blue, blue_place=["T2.8"]))
    overflow = [facts for e, facts in trace if e.type == "overflow"]
    assert overflow == [{"kingdom": {"red": 5, "blue": 3}, "stock": {"red": 5, "blue": 20},
                         "scores": {"red": 0, "blue": 4}}]
    assert any(e.type == "score" for e in game.events)


# ----------------------------------------------------------------------------- R16


def line(board: dict[str, str], name: str) -> tuple[int, int]:
    """(red, blue) points of one scoring line (R16) for a board of temple strings."""
    b = breakdown(board_list(board))
    return b["red"][name], b["blue"][name]


def test_r16_temple_1_majority_scores_the_difference():
    """R16: temple 1: the majority scores the difference between the two players' counters."""
    assert line({"T1": "rrrrrbb"}, "temple1") == (3, 0)
    assert line({"T1": "rbbbbbb"}, "temple1") == (0, 5)
    assert line({"T1": "rrrbbb"}, "temple1") == (0, 0)  # a tie scores nothing
    assert line({"T2": "rrrr"}, "temple1") == (0, 0)


def test_r16_temple_2_majority_scores_5():
    """R16: temple 2: the majority scores 5."""
    assert line({"T2": "rrb"}, "temple2") == (5, 0)
    assert line({"T2": "b"}, "temple2") == (0, 5)
    assert line({"T2": "rrbb"}, "temple2") == (0, 0)


def test_r16_temple_3_majority_scores_its_own_counters_there():
    """R16: temple 3: the majority scores the number of its own counters in temple 3."""
    assert line({"T3": "rrrrbbb"}, "temple3") == (4, 0)
    assert line({"T3": "bbbbbbr"}, "temple3") == (0, 6)
    assert line({"T3": "rb"}, "temple3") == (0, 0)


# Temple 4: red holds T4.1, T4.2, T4.8 against blue's T4.3 (majority red), and the blue
# squares T1.8 and T3.8; blue holds T2.8.
T4_BOARD = {"T1": ".......r", "T2": ".......b", "T3": ".......r", "T4": "rrb....r"}


def test_r16_temple_4_majority_scores_3_per_blue_square_on_the_whole_board():
    """R16: temple 4: the majority (counted in temple 4) scores 3 for each blue square it
    occupies on the whole board: red holds T1.8, T3.8 and T4.8: 3 x 3 = 9. Blue's T2.8
    scores nothing: blue is not the majority."""
    assert aton.scoring.TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES is True
    assert line(T4_BOARD, "temple4") == (9, 0)
    # the majority without temple 4's own blue square still counts the others: 2 x 3
    assert line({"T1": ".......r", "T2": ".......r", "T4": "rr"}, "temple4") == (6, 0)
    # a tie in temple 4 scores nothing, blue squares or not
    assert line({"T1": ".......r", "T4": "rbb....r"}, "temple4") == (0, 0)
    # no majority counter on a blue square: a majority scoring 0
    assert line({"T2": ".......b", "T4": "r"}, "temple4") == (0, 0)


def test_r16_temple_4_other_reading_counts_only_temple_4s_blue_square(monkeypatch):
    """R16: 'the other reading (blue square of temple 4 only) must be one switch away':
    with the constant flipped, red scores 3 for T4.8 only, and 0 without it."""
    monkeypatch.setattr(aton.scoring, "TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES", False)
    assert line(T4_BOARD, "temple4") == (3, 0)
    assert line({"T1": ".......r", "T2": ".......r", "T4": "rr"}, "temple4") == (0, 0)
    # the switch reaches a real scoring round too: the temple-4 majority is red with T1.8
    # and T4.8 -> 3 under this reading (6 under the other)
    board = {"T1": "bbbbbbbrbbbb", "T4": "rr.....r"}
    pos = scoring_position(board)
    game, _ = round_game(pos, scoring_moves())
    scores = [e for e in game.events if e.type == "score" and e.data["line"] == "temple4"]
    assert scores[0].data["points"] == {"red": 3, "blue": 0}


def test_r16_black_squares_majority_over_the_whole_board_scores_8():
    """R16: whoever occupies more black squares over the whole board scores 8."""
    # black squares: T1.5-6, T2.5-6, T3.5-7, T4.5-7 (R3)
    assert line({"T1": "....r", "T2": "....r", "T3": "....r", "T4": "....bb"}, "black") == (8, 0)
    assert line({"T3": "....bbb", "T4": "....r"}, "black") == (0, 8)
    assert line({"T1": "....rb", "T4": "....rb"}, "black") == (0, 0)
    assert line({"T1": "rrrr"}, "black") == (0, 0)  # yellow squares are not black


def test_r16_bonus_squares_score_their_printed_value_to_each_occupant():
    """R16: each player scores the printed value (+1 or +2) of each bonus square they occupy:
    red T1.7 (+1) and T4.4 (+2) = 3; blue T2.7 (+1), T3.12 (+1), T4.12 (+2) = 4."""
    board = {"T1": "......r", "T2": "......b", "T3": "...........b", "T4": "...r.......b"}
    assert line(board, "bonus") == (3, 4)
    assert line({"T3": "...r"}, "bonus") == (1, 0)


def test_r16_breakdown_lists_every_line_and_the_total():
    """R16: a whole scoring round for R19_BOARD, worked out line by line above it."""
    assert breakdown(board_list(R19_BOARD)) == R19_BREAKDOWN


def test_r16_scoring_round_follows_a_round_that_ends_with_the_kingdom_full():
    """R16, R15, R17: the Kingdom is full at the start of the round, so at its end a scoring
    round follows: red 2 (cartouche 1) + 3 = 5, blue 0 + 13 = 13; the breakdown is the one
    worked out for R19_BOARD. Then both take back 4 and the Kingdom empties (R17)."""
    pos = scoring_position(R19_BOARD)
    result = play(pos, scoring_moves(**R19_AFTER))
    assert result["scoring"] == R19_BREAKDOWN
    after = result["position"]
    assert after["scores"] == {"red": 5, "blue": 13}
    assert [e["line"] for e in events_of(result, "score")] == [
        "temple1", "temple2", "temple3", "temple4", "black", "bonus"]
    assert all(e["rule"] == "R16" for e in events_of(result, "score"))
    assert after["board"]["T1"] == ".bbbb....rrr"
    assert after["board"]["T2"] == "...bb......."
    assert after["kingdom"] == {"red": 0, "blue": 0}
    assert after["stock"] == {"red": 26, "blue": 23}


def test_r16_kingdom_filled_during_the_round_triggers_a_scoring_round():
    """R16: Kingdom 6/8; blue's 4 removes red's two counters in temple 1 -> 8/8. Scoring on
    the board then left (red T4.1 yellow, blue T1.5 black): temple 1 blue 1-0 scores 1;
    temple 4 red 1-0 holds no blue square, 0; black blue 8. Blue 9, red 0."""
    red, blue = [1, 2, 4, 1], [1, 4, 1, 1]  # red (2) goes first
    pos = make_position(board={"T1": "rr"}, kingdom=(3, 3), red=red, blue=blue)
    result = play(pos, make_moves(red, blue, red_place=["T4.1"], blue_place=["T1.5"]))
    assert result["scoring"]["blue"] == {"temple1": 1, "temple2": 0, "temple3": 0,
                                         "temple4": 0, "black": 8, "bonus": 0, "total": 9}
    assert result["scoring"]["red"]["total"] == 0
    after = result["position"]
    assert after["scores"] == {"red": 0, "blue": 9}
    # R17: each had fewer than 4 counters on the board: all go back, with the Kingdom
    assert after["board"] == {t: "." * 12 for t in ("T1", "T2", "T3", "T4")}
    assert after["stock"] == {"red": 29, "blue": 29}


def test_r16_no_scoring_round_while_the_kingdom_has_room():
    """R16: no scoring round unless the Kingdom of the Dead is full at the end of the round."""
    red, blue = [1, 2, 4, 1], [1, 3, 1, 1]
    pos = make_position(board={"T1": "rr"}, kingdom=(3, 3), red=red, blue=blue)
    result = play(pos, make_moves(red, blue, red_place=["T4.1"], blue_remove=["T1.1"],
                                  blue_place=["T1.5"]))
    assert result["position"]["kingdom"] == {"red": 4, "blue": 3}
    assert result["scoring"] is None
    assert events_of(result, "score") == []


# ----------------------------------------------------------------------------- R17


def test_r17_after_scoring_removal_worked_example():
    """rules.md worked example (R17): red has {T1: 3, T3: 2}: one from T1 and one from T3,
    then two from the highest-numbered temples still holding red (T3, then T1) -> {T1: 1}."""
    board = {"T1": "rrrbbbbbbbbb", "T3": "rr"}
    pos = scoring_position(board)
    result = play(pos, scoring_moves(red_after_scoring=["T1.1", "T3.1", "T3.2", "T1.2"],
                                     blue_after_scoring=["T1.4", "T1.5", "T1.6", "T1.7"]))
    after = result["position"]
    assert per_temple(after, "r") == {"T1": 1}
    assert after["board"]["T1"][2] == "r"
    taken = [e["square"] for e in events_of(result, "take_back") if e["player"] == "red"]
    assert taken == ["T1.1", "T3.1", "T3.2", "T1.2"]
    # blue only had temple 1: 4 from there, 9 -> 5
    assert per_temple(after, "b") == {"T1": 5}
    # the Kingdom (4 + 4) and the 4 + 4 taken back are in the stocks again
    assert after["kingdom"] == {"red": 0, "blue": 0}
    assert after["stock"] == {"red": 28, "blue": 24}


def test_r17_the_order_of_take_backs_is_forced_temple_by_temple():
    """R17: red must take back from T1 first, then T3, then the highest (T3): naming T3.1
    while a temple-1 counter is due is refused."""
    board = {"T1": "rrrbbbbbbbbb", "T3": "rr"}
    game = Game.from_position(scoring_position(board))
    advance_to(game, "take_back", "red",
               answer=answer_with(scoring_moves()))
    assert game.pending.temple == 1
    assert sorted(game.options()) == ["T1.1", "T1.2", "T1.3"]
    with pytest.raises(RuleError) as e:
        game.decide("T3.1")
    assert e.value.rule == "R17" and "red" in str(e.value)


@pytest.mark.parametrize("board, blue_back", [
    ({"T1": "rrrrbbbbbbbb"}, ["T1.5", "T1.6", "T1.7", "T1.8"]),  # red: exactly 4, one temple
    ({"T1": "rrbbbbbbbbbb", "T3": "rr"}, ["T1.3", "T1.4", "T1.5", "T1.6"]),  # 4 in two
    ({"T1": "rbbbbbbbbbbb", "T4": "rr"}, ["T1.2", "T1.3", "T1.4", "T1.5"]),  # 3: all go
])
def test_r17_no_more_than_4_on_the_board_all_go_without_a_choice(board, blue_back):
    """R17 / formats.md: a player with no more counters on the board than the 4 to take back
    has no choice: all go, the engine asks nothing, and the moves may leave after_scoring out."""
    pos = scoring_position(board)
    game = Game.from_position(pos)
    answer = answer_with(scoring_moves(blue_after_scoring=blue_back))
    asked = []
    start = game.round
    while game.round == start:
        game.advance()
        if game.round == start:
            asked.append((game.pending.player, game.pending.kind))
            game.decide(answer(game))
    assert ("red", "take_back") not in asked and ("blue", "take_back") in asked
    result = play(pos, scoring_moves(blue_after_scoring=blue_back))  # no red_after_scoring
    after = result["position"]
    assert "r" not in "".join(after["board"].values())
    red_back = sorted(e["square"] for e in events_of(result, "take_back") if e["player"] == "red")
    assert red_back == sorted(squares_of(pos, "r"))


@pytest.mark.parametrize("red_board, left", [
    # one from each of the four temples: the first pass uses up all four
    ({"T2": "r", "T3": "rr", "T4": "rr"}, {"T1": 0, "T3": 1, "T4": 1}),
    # fewer than 4 counters on the board: all go
    ({"T4": "rr"}, {"T1": 0}),
    # temples 1 and 2: one from each, the other two from temple 2
    ({"T2": "rrrrrr"}, {"T1": 0, "T2": 3}),
    # temples 1, 2, 4: one from each, the fourth from temple 4
    ({"T2": "rr", "T4": "rrr"}, {"T1": 0, "T2": 1, "T4": 1}),
])
def test_r17_one_from_each_temple_then_from_the_highest(red_board, left):
    """R17: each player removes 4 of their own counters: one from each temple that holds any
    of theirs, and the rest from the highest-numbered temple that still holds theirs; fewer
    than 4 on the board: remove all. (Red always has T1.1 here: temple 1 is full.)"""
    board = {"T1": "rbbbbbbbbbbb", **red_board}
    game = Game.from_position(scoring_position(board))
    drive_round(game, scoring_moves())
    after = game.position()
    expected = {t: n for t, n in left.items() if n}
    assert per_temple(after, "r") == expected


def test_r17_leader_after_the_scoring_round_takes_back_first():
    """R17: the leader on the scores after the scoring round goes first. Red leads 12-5 after
    cartouche 1, but the scoring round (red 3, blue 13) puts blue ahead 18-15: blue first."""
    pos = scoring_position(R19_BOARD, scores=(10, 5))
    result = play(pos, scoring_moves(**R19_AFTER))
    assert result["position"]["scores"] == {"red": 15, "blue": 18}
    takers = [e["player"] for e in events_of(result, "take_back")]
    assert takers == ["blue"] * 4 + ["red"] * 4


def test_r17_red_takes_back_first_when_scores_are_tied():
    """R17: red first when the scores after the scoring round are tied (15-15)."""
    pos = scoring_position(R19_BOARD, scores=(10, 2))
    result = play(pos, scoring_moves(**R19_AFTER))
    assert result["position"]["scores"] == {"red": 15, "blue": 15}
    takers = [e["player"] for e in events_of(result, "take_back")]
    assert takers == ["red"] * 4 + ["blue"] * 4


def test_r17_red_leading_takes_back_first():
    """R17: red leads after the scoring round (25-13): red first."""
    pos = scoring_position(R19_BOARD, scores=(20, 0))
    result = play(pos, scoring_moves(**R19_AFTER))
    assert result["position"]["scores"] == {"red": 25, "blue": 13}
    takers = [e["player"] for e in events_of(result, "take_back")]
    assert takers == ["red"] * 4 + ["blue"] * 4


# ----------------------------------------------------------------------------- R18


@pytest.mark.parametrize("before, after", [(38, 44), (34, 40)])
def test_r18_reaching_40_points_on_cartouche_1_wins_at_once(before, after):
    """R18: checked as cartouche 1 is resolved: red's 4 against 1 scores 6 (R7), taking red to
    40 or more: red wins at once and nothing more is resolved (no order, no placement)."""
    red, blue = [4, 2, 1, 1], [1, 3, 1, 1]
    pos = make_position(scores=(before, 39), red=red, blue=blue)
    result = play(pos, make_moves(red, blue))
    final = result["position"]
    assert final["winner"] == "red" and final["end"] == "points"
    assert final["scores"] == {"red": after, "blue": 39}
    seq = types(result)
    assert seq[-2:] == ["points", "end"]
    assert result["events"][-1]["rule"] == "R18"
    assert "order" not in seq and "place" not in seq


def test_r18_39_points_is_not_yet_a_win():
    """R18: 40 or more: 39 is not enough."""
    red, blue = [4, 2, 1, 1], [1, 3, 1, 1]
    pos = make_position(scores=(33, 0), red=red, blue=blue)
    game, _ = round_game(pos, make_moves(red, blue))
    assert game.winner is None and game.position()["scores"]["red"] == 39


def _win(board, red, blue, red_place, **lists):
    pos = make_position(board=board, red=red, blue=blue)
    return play(pos, make_moves(red, blue, red_place=red_place, **lists))


def _check_win(result, reason):
    final = result["position"]
    assert (final["winner"], final["end"]) == ("red", reason)
    end = result["events"][-1]
    assert end["type"] == "end" and end["rule"] == "R18"
    # nothing more is resolved: blue (second) never takes its turn
    assert [e["player"] for e in events_of(result, "turn")] == ["red"]
    return final


def test_r18_occupying_a_whole_temple_wins_at_once():
    """R18: red completes temple 2 with its placement (cartouche 4): red wins at once; blue,
    who was to go second, resolves nothing."""
    board = {"T2": "rrrrrrrrrrr", "T3": "b"}
    result = _win(board, [1, 2, 2, 1], [1, 3, 1, 1], ["T2.12"])
    final = _check_win(result, "temple")
    assert final["board"]["T2"] == "r" * 12
    assert final["round"] == 3
    assert sorted(final["discard"]["blue"]) == [1, 1, 1, 3]  # R14


def test_r18_occupying_all_14_yellow_squares_wins_at_once():
    """R18: all 14 yellow squares (T1.1-4, T2.1-4, T3.1-3, T4.1-3)."""
    board = {"T1": "rrrr", "T2": "rrrr", "T3": "rrr", "T4": "rr"}
    _check_win(_win(board, [1, 2, 4, 1], [1, 3, 1, 1], ["T4.3"]), "yellow")


def test_r18_occupying_all_14_green_squares_wins_at_once():
    """R18: all 14 green squares (T1.9-12, T2.9-12, T3.9-11, T4.9-11)."""
    board = {"T1": "........rrrr", "T2": "........rrrr", "T3": "........rrr",
             "T4": "........rr"}
    _check_win(_win(board, [1, 2, 4, 1], [1, 3, 1, 1], ["T4.11"]), "green")


def test_r18_a_whole_temple_comes_before_yellow():
    """R18: one placement completing temple 1 and all yellow squares: the reason is temple."""
    board = {"T1": ".rrrrrrrrrrr", "T2": "rrrr", "T3": "rrr", "T4": "rrr"}
    _check_win(_win(board, [1, 2, 1, 1], [1, 3, 1, 1], None), "temple")


def test_r18_yellow_comes_before_green():
    """R18: one placement (2 counters) completing all yellow and all green: yellow."""
    board = {"T1": "rrrr....rrrr", "T2": "rrrr....rrrr", "T3": "rrr.....rrr",
             "T4": ".rr......rr"}
    final = _check_win(_win(board, [1, 2, 4, 2], [1, 3, 1, 1], ["T4.1", "T4.9"]), "yellow")
    assert final["board"]["T4"] == "rrr.....rrr."


def test_r18_second_player_can_win_with_their_placement():
    """R18: checked as each player's cartouche 4 is resolved: blue, going second, completes
    all green squares."""
    board = {"T1": "........bbbb", "T2": "........bbbb", "T3": "........bbb",
             "T4": "........bb"}
    red, blue = [1, 2, 1, 1], [1, 3, 4, 1]  # red goes first
    pos = make_position(board=board, red=red, blue=blue)
    result = play(pos, make_moves(red, blue, red_place=["T1.1"], blue_place=["T4.11"]))
    final = result["position"]
    assert (final["winner"], final["end"]) == ("blue", "green")
    assert result["events"][-1]["rule"] == "R18"


# ----------------------------------------------------------------------------- R19


def test_r19_the_whole_scoring_round_is_finished_before_the_game_ends():
    """R19: red reaches 41 with the first line (temple 1), but the scoring round goes on:
    blue's temple 2 (5) and black squares (8) take blue from 30 to 43; red's bonus +1 makes
    red 42. Then the game ends and the higher score, blue, wins."""
    pos = scoring_position(R19_BOARD, scores=(37, 30))
    result = play(pos, scoring_moves(**R19_AFTER))
    final = result["position"]
    assert final["scores"] == {"red": 42, "blue": 43}
    assert (final["winner"], final["end"]) == ("blue", "scoring")
    assert len(events_of(result, "score")) == 6
    assert result["events"][-1]["type"] == "end" and result["events"][-1]["rule"] == "R19"
    assert events_of(result, "take_back") == []  # the game does not go on (R17)
    assert result["scoring"] == R19_BREAKDOWN


def test_r19_higher_score_wins_after_the_scoring_round():
    """R19: red 39 + 3 = 42 against blue 20 + 13 = 33: red wins."""
    pos = scoring_position(R19_BOARD, scores=(37, 20))
    final = play(pos, scoring_moves(**R19_AFTER))["position"]
    assert final["scores"] == {"red": 42, "blue": 33}
    assert (final["winner"], final["end"]) == ("red", "scoring")


def test_r19_equal_scores_after_the_scoring_round_are_a_draw():
    """R19: red 39 + 3 = 42 and blue 29 + 13 = 42: a draw."""
    pos = scoring_position(R19_BOARD, scores=(37, 29))
    final = play(pos, scoring_moves(**R19_AFTER))["position"]
    assert final["scores"] == {"red": 42, "blue": 42}
    assert (final["winner"], final["end"]) == ("draw", "scoring")
    assert final["round"] == 6
