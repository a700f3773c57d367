"""The file formats and the command line (formats.md), a stable contract.

Positions (``aton-position``), round moves, ``aton.new_position`` / ``aton.play_round`` and
``python -m aton new|round``: shapes and counts, every malformed input refused with the rule
nearest to what is wrong, and inputs never modified.
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess

import pytest
from helpers import (
    EXAMPLE_MOVES,
    EXAMPLE_POSITION,
    FULL_DECK,
    a_record,
    game_at,
    make_moves,
    make_position,
    malformed_position,
    play,
    run_cli,
    snapshot,
)

import aton
from aton import Game, RuleError

POSITION_KEYS = {"format", "version", "round", "scores", "board", "kingdom", "stock",
                 "exchange", "draw", "discard", "winner", "end"}
LINES = ["temple1", "temple2", "temple3", "temple4", "black", "bonus", "total"]

# A round that fills the Kingdom (6/8 -> 8/8: blue's 4 removes red's two counters in temple 1)
# and so ends with a scoring round (R16); every take-back is forced (R17).
FILLING_POSITION = make_position(board={"T1": "rr"}, kingdom=(3, 3), red=[1, 2, 4, 1],
                                 blue=[1, 4, 1, 1])
FILLING_MOVES = make_moves([1, 2, 4, 1], [1, 4, 1, 1], red_place=["T4.1"],
                           blue_place=["T1.5"])


def json_ready(value) -> bool:
    """Plain dicts (string keys), lists, strings, numbers, booleans and None only."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return True
    if isinstance(value, list):
        return all(json_ready(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and json_ready(v) for k, v in value.items())
    return False


# ----------------------------------------------------------------------------- new_position


def test_new_position_shape_and_counts():
    """formats.md / R1: the position at the start of a new game."""
    pos = aton.new_position(seed=4)
    assert json_ready(pos)
    assert set(pos) == POSITION_KEYS
    assert (pos["format"], pos["version"], pos["round"]) == ("aton-position", 1, 1)
    assert pos["scores"] == {"red": 0, "blue": 0}
    assert pos["board"] == {t: "." * 12 for t in ("T1", "T2", "T3", "T4")}
    assert pos["kingdom"] == {"red": 0, "blue": 0}
    assert pos["stock"] == {"red": 29, "blue": 29}
    assert pos["exchange"] == {"red": True, "blue": True}
    for name in ("red", "blue"):
        assert len(pos["draw"][name]) == 36 and sorted(pos["draw"][name]) == FULL_DECK
        assert pos["discard"][name] == []
    assert pos["winner"] is None and pos["end"] is None
    assert aton.new_position(seed=4) == pos
    assert isinstance(aton.new_position(), dict)


def test_position_round_trips_through_a_game():
    """A position read into a game and written out again is the same position."""
    for pos in (EXAMPLE_POSITION, aton.new_position(9), FILLING_POSITION):
        assert Game.from_position(copy.deepcopy(pos)).position() == pos


def test_format_and_version_may_be_left_out_and_unknown_keys_are_ignored():
    pos = copy.deepcopy(EXAMPLE_POSITION)
    del pos["format"], pos["version"]
    pos["comment"] = "a lesson note"
    pos["description"] = {"anything": [1, 2]}
    result = aton.play_round(pos, EXAMPLE_MOVES)
    assert result["position"]["kingdom"] == {"red": 4, "blue": 1}


# ----------------------------------------------------------------------------- play_round


def test_play_round_result_keys_and_events():
    """formats.md: {"position", "events", "scoring"}; each event has type, rule, text."""
    result = aton.play_round(EXAMPLE_POSITION, EXAMPLE_MOVES)
    assert set(result) == {"position", "events", "scoring"}
    assert json_ready(result)
    assert json.loads(json.dumps(result)) == result
    assert set(result["position"]) >= POSITION_KEYS
    assert result["scoring"] is None
    for event in result["events"]:
        assert isinstance(event["type"], str) and event["type"]
        assert event["rule"] is None or (isinstance(event["rule"], str)
                                         and event["rule"].startswith("R"))
        assert isinstance(event["text"], str) and len(event["text"]) > 10
    types = [e["type"] for e in result["events"]]
    assert "points" in types and "place" in types


def test_scoring_breakdown_has_every_line_and_total():
    """formats.md / R16: a round that fills the Kingdom gives the breakdown
    {"red": {temple1..temple4, black, bonus, total}, "blue": {...}}, integers, the lines in
    that order (the order of the scoring round, then the total), in Python and in the JSON."""
    result = aton.play_round(FILLING_POSITION, FILLING_MOVES)
    scoring = result["scoring"]
    assert set(scoring) == {"red", "blue"}
    for name in ("red", "blue"):
        assert list(scoring[name]) == LINES
        assert list(json.loads(json.dumps(scoring))[name]) == LINES
        assert all(type(scoring[name][k]) is int for k in LINES)
        assert scoring[name]["total"] == sum(scoring[name][k] for k in LINES[:-1])
    # worked by hand: blue's T1.5 wins temple 1 (1-0) and the black squares (1-0): 1 + 8
    assert scoring["blue"]["total"] == 9 and scoring["red"]["total"] == 0
    assert result["position"]["scores"] == {"red": 0, "blue": 9}
    # the position is written after the scoring round and R17's removal
    assert result["position"]["kingdom"] == {"red": 0, "blue": 0}


def test_seed_makes_reshuffles_reproducible():
    """formats.md: --seed / seed= seeds any reshuffle of a discard pile (R4)."""
    pos = make_position(red_draw=[], red_discard=FULL_DECK, blue=[1, 1, 1, 1])
    hands = set()
    for seed in range(6):
        game = Game.from_position(pos, seed)
        game.step()
        hands.add(game.view("red").hand)
        again = Game.from_position(pos, seed)
        again.step()
        assert again.view("red").hand == game.view("red").hand
    assert len(hands) > 1


# ----------------------------------------------------------------------------- malformed


def _set(path: str, value):
    def change(pos: dict) -> None:
        *keys, last = path.split(".")
        target = pos
        for k in keys:
            target = target[k]
        target[last] = value
    return change


def _delete(key: str):
    def change(pos: dict) -> None:
        del pos[key]
    return change


MALFORMED_POSITIONS = [
    # R1: counts of counters, cards and scores
    ("not an object", None, "R1"),
    ("wrong format", _set("format", "chess-fen"), "R1"),
    ("wrong version", _set("version", 2), "R1"),
    ("score as text", _set("scores.red", "12"), "R1"),
    ("negative score", _set("scores.blue", -1), "R1"),
    ("scores missing blue", _set("scores", {"red": 1}), "R1"),
    ("stock as float", _set("stock.red", 25.0), "R1"),
    ("counters sum to 30", _set("stock.red", 26), "R1"),
    ("counters sum to 28", _set("stock.blue", 25), "R1"),
    ("card 5", _set("draw.red", [5] + EXAMPLE_POSITION["draw"]["red"][1:]), "R1"),
    ("card as text", _set("discard.blue", ["4", 4, 4, 1, 2]), "R1"),
    ("draw not a list", _set("draw.blue", "2421"), "R1"),
    ("ten 4s", _set("discard.red", [4, 4, 1, 2, 3, 4, 4, 4, 4]), "R1"),
    ("no discard", _delete("discard"), "R1"),
    # R3: squares and board strings
    ("board not an object", _set("board", "rr.b"), "R3"),
    ("temple string too short", _set("board.T1", "rr.b"), "R3"),
    ("temple string too long", _set("board.T2", "r" + "." * 12), "R3"),
    ("unknown letter", _set("board.T3", "x" + "." * 11), "R3"),
    ("upper case", _set("board.T1", "RR.B" + "." * 8), "R3"),
    ("temple missing", lambda p: p["board"].pop("T4"), "R3"),
    ("temple as list", _set("board.T3", list("." * 12)), "R3"),
    # R5: exchange flags
    ("exchange as 1", _set("exchange.red", 1), "R5"),
    ("exchange as text", _set("exchange.blue", "false"), "R5"),
    ("exchange missing", _delete("exchange"), "R5"),
    # R15: the Kingdom
    ("Kingdom over 8", _set("kingdom", {"red": 5, "blue": 4}), "R15"),
    ("Kingdom negative", _set("kingdom.blue", -1), "R15"),
    ("Kingdom as text", _set("kingdom", "1/1"), "R15"),
    # R18 / R19: winner and end
    ("unknown winner", _set("winner", "green"), "R18"),
    ("unknown end", _set("end", "resignation"), "R18"),
    ("winner without end", _set("winner", "red"), "R18"),
    ("end without winner", _set("end", "points"), "R18"),
    ("draw not by scoring", lambda p: p.update(winner="draw", end="temple"), "R19"),
]


@pytest.mark.parametrize("what, change, rule", MALFORMED_POSITIONS,
                         ids=[m[0] for m in MALFORMED_POSITIONS])
def test_malformed_position_is_refused_naming_the_rule(what, change, rule):
    """formats.md: a malformed position names the rule nearest to what is wrong, and is never
    modified."""
    pos = malformed_position(change)
    kept = copy.deepcopy(pos)
    with pytest.raises(RuleError) as e:
        aton.play_round(pos, EXAMPLE_MOVES)
    assert e.value.rule == rule, str(e.value)
    assert str(e.value).startswith(rule)
    assert pos == kept
    with pytest.raises(RuleError) as e:
        Game.from_position(pos)
    assert e.value.rule == rule
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("what, board, scores", [
    ("40 points", None, (40, 3)),
    ("a whole temple", {"T3": "r" * 12}, (0, 0)),
    ("all yellow", {"T1": "bbbb", "T2": "bbbb", "T3": "bbb", "T4": "bbb"}, (0, 0)),
    ("all green", {"T1": "........rrrr", "T2": "........rrrr", "T3": "........rrr",
                   "T4": "........rrr"}, (0, 0)),
])
def test_position_of_a_game_already_won_without_a_winner_is_refused(what, board, scores):
    """formats.md / R18: a position without a winner in which a player already has 40 points,
    a whole temple, all yellow or all green squares is refused."""
    pos = make_position(board=board, scores=scores)
    with pytest.raises(RuleError) as e:
        Game.from_position(pos)
    assert e.value.rule == "R18", what


@pytest.mark.parametrize("winner, end, scores, rule", [
    ("draw", "scoring", (41, 40), "R19"),  # a draw is equal scores (R19)
    ("red", "scoring", (40, 44), "R19"),  # the higher score wins (R19)
    ("blue", "points", (12, 30), "R18"),  # a points win is 40 or more (R18)
    ("red", "temple", (0, 0), "R18"),  # no whole temple on an empty board
    ("blue", "green", (0, 0), "R18"),  # nor all green squares
    ("red", "scoring", (39, 20), "R19"),  # a scoring round ends the game only at 40 (R19)
])
def test_position_with_a_winner_that_contradicts_the_scores_is_refused(winner, end, scores,
                                                                       rule):
    """R18, R19 (formats.md: R18/R19 for winner and end): the winner must be consistent with
    how the game ended."""
    pos = make_position(scores=scores, winner=winner, end=end)
    with pytest.raises(RuleError) as e:
        Game.from_position(pos)
    assert e.value.rule == rule


@pytest.mark.parametrize("winner, end", [("red", "temple"), ("blue", "scoring"),
                                         ("draw", "scoring")])
def test_a_finished_game_refuses_a_round(winner, end):
    """formats.md: a position whose game has ended accepts no further round."""
    scores = (40, 40) if winner == "draw" else (10, 45) if end == "scoring" else (0, 0)
    board = {"T1": "r" * 12} if end == "temple" else None
    pos = make_position(board=board, scores=scores, winner=winner, end=end,
                        red=[1, 2, 3, 4], blue=[1, 2, 3, 4])
    game = Game.from_position(pos)
    assert game.over and game.position() == pos
    with pytest.raises(RuleError) as e:
        aton.play_round(pos, make_moves([1, 2, 3, 4], [1, 2, 3, 4]))
    assert e.value.rule in ("R18", "R19")


# ----------------------------------------------------------------------------- moves


def _moves_with(**changes) -> dict:
    """EXAMPLE_MOVES with ``red_place=[...]`` style changes (None deletes the key)."""
    moves = copy.deepcopy(EXAMPLE_MOVES)
    for key, value in changes.items():
        player, field = key.split("_", 1)
        if value is None:
            moves[player].pop(field, None)
        else:
            moves[player][field] = value
    return moves


MALFORMED_MOVES = [
    ("cards not the hand", _moves_with(red_cards=[3, 1, 4, 4]), "R6", "red"),
    ("three cards", _moves_with(blue_cards=[2, 4, 2]), "R6", "blue"),
    ("cards as text", _moves_with(blue_cards="2421"), "R6", "blue"),
    ("cards missing", _moves_with(red_cards=None), "R6", "red"),
    ("player missing", {"red": EXAMPLE_MOVES["red"]}, "R6", "blue"),
    ("exchange as text", _moves_with(red_exchange="no"), "R5", "red"),
    ("exchange already used", _moves_with(blue_exchange=True), "R5", "blue"),
    ("not a square", _moves_with(red_place=["T2.2", "T3.13"]), "R3", "red"),
    ("list not a list", _moves_with(red_place="T2.2"), "R3", "red"),
    ("place outside cartouche 3", _moves_with(blue_place=["T3.1"]), "R12", "blue"),
    ("remove outside cartouche 3", _moves_with(blue_remove=["T1.2", "T4.1"]), "R12", "blue"),
    ("remove the wrong colour", _moves_with(red_remove=["T1.4"]), "R10", "red"),
    ("remove an empty square", _moves_with(blue_remove=["T1.2", "T1.3"]), "R10", "blue"),
    ("place on an occupied square", _moves_with(red_place=["T1.4", "T3.8"]), "R13", "red"),
    ("remove missing where there is a choice", _moves_with(red_remove=None), "R10", "red"),
    ("place missing where there is a choice", _moves_with(red_place=None), "R13", "red"),
    ("too few squares to place", _moves_with(red_place=["T2.2"]), "R13", "red"),
    ("too few squares to remove", _moves_with(blue_remove=["T1.2"]), "R10", "blue"),
    ("leftover place", _moves_with(red_place=["T2.2", "T3.8", "T4.4"]), "R13", "red"),
    ("leftover remove", _moves_with(red_remove=["T1.1", "T1.2"]), "R10", "red"),
    ("bad after_scoring form", _moves_with(red_after_scoring=["X1"]), "R3", "red"),
]


@pytest.mark.parametrize("what, moves, rule, player", MALFORMED_MOVES,
                         ids=[m[0] for m in MALFORMED_MOVES])
def test_malformed_moves_are_refused_naming_player_and_rule(what, moves, rule, player):
    """formats.md: a move that breaks a rule is refused with an error naming the player and
    the rule; nothing passed in is modified."""
    pos = copy.deepcopy(EXAMPLE_POSITION)
    kept_pos, kept_moves = copy.deepcopy(pos), copy.deepcopy(moves)
    with pytest.raises(RuleError) as e:
        aton.play_round(pos, moves)
    assert e.value.rule == rule, str(e.value)
    assert player in str(e.value)
    assert pos == kept_pos and moves == kept_moves


def test_moves_not_an_object_is_refused():
    with pytest.raises(RuleError) as e:
        aton.play_round(EXAMPLE_POSITION, ["red", "blue"])
    assert e.value.rule == "R6"


# A forced removal (R10): blue's 4 with a 1 on cartouche 3 finds exactly one red counter in
# temple 1 (T1.1): the list may be left out, and a list given must name T1.1.
FORCED_POSITION = make_position(board={"T1": "r", "T2": "rr"}, red=[1, 2, 4, 1],
                                blue=[1, 4, 1, 1])


@pytest.mark.parametrize("blue_remove, ok", [
    (None, True),
    (["T1.1"], True),
    (["T2.1"], False),  # not the forced square
    ([], False),  # a list given must match: T1.1 is removed
    (["T1.1", "T2.2"], False),  # a leftover square
])
def test_a_list_for_a_forced_step_may_be_left_out_and_must_match_if_given(blue_remove, ok):
    """formats.md: where the rules leave no choice a list may be left out and the engine does
    the forced thing; a list that is given must match it."""
    moves = make_moves([1, 2, 4, 1], [1, 4, 1, 1], red_place=["T4.1"], blue_place=["T1.5"])
    if blue_remove is not None:
        moves["blue"]["remove"] = blue_remove
    if ok:
        after = play(FORCED_POSITION, moves)["position"]
        assert after["board"]["T1"] == "....b......."
        assert after["board"]["T2"] == "rr.........."
    else:
        with pytest.raises(RuleError) as e:
            play(FORCED_POSITION, moves)
        assert e.value.rule in ("R10", "R12") and "blue" in str(e.value)


def test_forced_placement_list_must_match():
    """formats.md with R13: one free square in temple 1 and a 1 on cartouche 3: the counter
    must go there; naming another square is refused."""
    board = {"T1": "rrrrrbbbbbb."}
    red, blue = [1, 2, 1, 1], [2, 2, 2, 1]
    pos = make_position(board=board, red=red, blue=blue)
    ok = play(pos, make_moves(red, blue, red_place=["T1.12"], blue_place=["T2.1"]))
    assert ok["position"]["board"]["T1"] == "rrrrrbbbbbbr"
    with pytest.raises(RuleError) as e:
        play(pos, make_moves(red, blue, red_place=["T1.11"], blue_place=["T2.1"]))
    assert e.value.rule == "R13" and "red" in str(e.value)


def test_lists_for_steps_never_reached_are_checked_for_form_only():
    """formats.md: after_scoring without a scoring round, or lists after the game ended, are
    checked for form only."""
    moves = _moves_with(red_after_scoring=["T4.12"], blue_after_scoring=[])
    assert aton.play_round(EXAMPLE_POSITION, moves)["scoring"] is None
    # the game ends at cartouche 1 (R18): the lists of steps never reached are not checked
    pos = make_position(scores=(38, 0), red=[4, 2, 1, 1], blue=[1, 3, 1, 1])
    moves = make_moves([4, 2, 1, 1], [1, 3, 1, 1], red_place=["T4.4"], blue_remove=["T3.3"])
    assert play(pos, moves)["position"]["winner"] == "red"


def test_exchange_in_moves_draws_the_next_four_cards():
    """formats.md / R5: with an exchange, 'cards' is a permutation of the next 4 cards."""
    # red's next four are 1, 1, 1, 1: a 1 on cartouche 3 keeps red in temple 1 (R12)
    moves = _moves_with(red_exchange=True, red_cards=[1, 1, 1, 1], red_remove=["T1.1"],
                        red_place=["T1.3"], blue_remove=["T1.2", "T2.1"])
    after = aton.play_round(EXAMPLE_POSITION, moves)["position"]
    assert after["exchange"]["red"] is False
    # discards 4 4 1 2 3, handed in 3 1 4 2, played 1 1 1 1 (R5, R14)
    assert sorted(after["discard"]["red"]) == [1] * 6 + [2, 2, 3, 3, 4, 4, 4]
    assert after["scores"] == {"red": 12, "blue": 10}  # blue's 2 against red's 1 (R7)
    assert after["board"]["T1"] == "..rbb......."  # blue placed T1.5
    with pytest.raises(RuleError) as e:
        aton.play_round(EXAMPLE_POSITION, _moves_with(red_exchange=True))
    assert e.value.rule == "R6" and "red" in str(e.value)


def test_inputs_are_never_modified():
    """formats.md: the dicts passed in are never modified (legal and illegal rounds alike),
    and the result of a legal round shares nothing with them."""
    for pos, moves in ((EXAMPLE_POSITION, EXAMPLE_MOVES), (FILLING_POSITION, FILLING_MOVES)):
        kept_pos, kept_moves = copy.deepcopy(pos), copy.deepcopy(moves)
        result = aton.play_round(pos, moves)
        assert pos == kept_pos and moves == kept_moves
        result["position"]["draw"]["red"].append(9)
        result["position"]["board"]["T1"] = "x"
        assert pos == kept_pos
    illegal = _moves_with(red_place=["T1.4", "T3.8"])  # T1.4 holds a blue counter (R13)
    kept_pos, kept_moves = copy.deepcopy(EXAMPLE_POSITION), copy.deepcopy(illegal)
    with pytest.raises(RuleError):
        aton.play_round(EXAMPLE_POSITION, illegal)
    assert EXAMPLE_POSITION == kept_pos and illegal == kept_moves
    pos = copy.deepcopy(EXAMPLE_POSITION)
    game = Game.from_position(pos)
    game.advance()
    game.decide(False)
    assert pos == EXAMPLE_POSITION


# ----------------------------------------------------------------------------- CLI


def test_cli_new_prints_the_new_position():
    proc = run_cli("new", "--seed", "12")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == aton.new_position(12)


def test_cli_round_prints_position_events_and_scoring(tmp_path):
    pos_file, moves_file = tmp_path / "position.json", tmp_path / "moves.json"
    pos_file.write_text(json.dumps(FILLING_POSITION))
    moves_file.write_text(json.dumps(FILLING_MOVES))
    proc = run_cli("round", str(pos_file), str(moves_file), "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out == aton.play_round(FILLING_POSITION, FILLING_MOVES, seed=3)
    assert out["scoring"]["blue"]["total"] == 9
    assert [list(out["scoring"][name]) for name in ("red", "blue")] == [LINES, LINES]
    assert json.loads(pos_file.read_text()) == FILLING_POSITION  # the file is not rewritten


def test_cli_illegal_move_exits_2_with_one_line_naming_the_rule(tmp_path):
    pos_file, moves_file = tmp_path / "position.json", tmp_path / "moves.json"
    pos_file.write_text(json.dumps(EXAMPLE_POSITION))
    moves_file.write_text(json.dumps(_moves_with(blue_place=["T3.1"])))
    proc = run_cli("round", str(pos_file), str(moves_file))
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "R12" in lines[0] and "blue" in lines[0]


@pytest.mark.parametrize("which, text, rule", [
    ("position", "{not json", "R1"),
    ("position", json.dumps({**EXAMPLE_POSITION, "kingdom": {"red": 9, "blue": 0}}), "R15"),
    ("position", json.dumps({**EXAMPLE_POSITION, "stock": {"red": 1, "blue": 26}}), "R1"),
    ("moves", "[1, 2,", "R6"),  # formats.md: R6 for card assignments, the moves file's rule
])
def test_cli_malformed_file_exits_2_with_one_line(tmp_path, which, text, rule):
    files = {"position": json.dumps(EXAMPLE_POSITION), "moves": json.dumps(EXAMPLE_MOVES)}
    files[which] = text
    for name, content in files.items():
        (tmp_path / f"{name}.json").write_text(content)
    proc = run_cli("round", str(tmp_path / "position.json"), str(tmp_path / "moves.json"))
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert lines[0].startswith(f"{rule}: ")


def test_cli_missing_file_exits_2(tmp_path):
    proc = run_cli("round", str(tmp_path / "nope.json"), str(tmp_path / "nope2.json"))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1


def test_cli_help_mentions_an_example():
    proc = run_cli("--help")
    assert proc.returncode == 0
    assert "example" in proc.stdout.lower()
    assert "aton round" in proc.stdout and "aton new" in proc.stdout


def test_console_script_if_installed():
    exe = shutil.which("aton")
    if exe is None:
        pytest.skip("the aton console script is not installed")
    proc = subprocess.run([exe, "new", "--seed", "1"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout) == aton.new_position(1)


# ----------------------------------------------------------------------------- hostile input
# Issue 7: every entry point refuses malformed input with a RuleError naming a rule, in a
# message of at most about 200 characters, and changes nothing passed in.

SHORT = 200


def deeply_nested(depth: int = 1000) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def refused(call, rule: str | tuple[str, ...]) -> RuleError:
    with pytest.raises(RuleError) as e:
        call()
    rules = (rule,) if isinstance(rule, str) else rule
    assert e.value.rule in rules, str(e.value)[:300]
    assert str(e.value).startswith(e.value.rule)
    assert len(str(e.value)) <= SHORT, str(e.value)[:300]
    return e.value


def test_shown_quotes_any_value_in_a_short_line():
    from aton.engine.errors import shown
    assert shown("T1.1") == "'T1.1'"
    assert shown([3, 1, 4, 2]) == "[3, 1, 4, 2]"
    assert shown(10**5000) == "an integer of 5001 digits"
    assert shown(-(10**4400)) == "an integer of 4401 digits"
    long = shown("r" * 52_000_000)
    assert len(long) <= 60 and long.endswith("…")
    assert len(shown(deeply_nested(100_000))) <= 60
    assert len(shown(list(range(1_000_000)))) <= 60

    class Hostile:
        def __repr__(self):
            raise RuntimeError("never called")
    assert shown(Hostile()) == "a value of type Hostile"


@pytest.mark.parametrize("what, change, rule", [
    ("round nested 1000 deep", _set("round", deeply_nested()), "R11"),
    ("score nested 1000 deep", _set("scores.red", deeply_nested()), "R1"),
    ("board nested 1000 deep", _set("board", deeply_nested()), "R3"),
    ("winner nested 1000 deep", _set("winner", deeply_nested()), "R18"),
    ("round of 5000 digits", _set("round", 10**5000), "R11"),
    ("score of 5000 digits", _set("scores.blue", 10**5000), "R1"),
    ("stock of 5000 digits", _set("stock.red", 10**5000), "R1"),
    ("kingdom of 5000 digits", _set("kingdom.red", 10**5000), "R15"),
    ("card of 5000 digits", _set("draw.red", [10**5000]), "R1"),
    ("version of 5000 digits", _set("version", 10**5000), "R1"),
    ("round 0", _set("round", 0), "R11"),
    ("round above 10,000", _set("round", 10_001), "R11"),
    ("round as true", _set("round", True), "R11"),
    ("round as 3.0", _set("round", 3.0), "R11"),
    ("score above 1,000", _set("scores.red", 1_001), "R1"),
    ("score as true", _set("scores.red", True), "R1"),
    ("version true", _set("version", True), "R1"),
    ("version 1.0", _set("version", 1.0), "R1"),
    ("format as a list", _set("format", ["aton-position"]), "R1"),
    ("kingdom of 30", _set("kingdom.red", 30), "R15"),
    ("stock of 10**30", _set("stock.blue", 10**30), "R1"),
    ("card true", _set("discard.red", [True]), "R1"),
    ("winner as a list", _set("winner", ["red"]), "R18"),
    # built when the test runs, not held for the whole session
    ("52 MB board string", lambda p: p["board"].update(T1="r" * 52_000_000), "R3"),
])
def test_hostile_position_is_refused_in_a_short_message(what, change, rule):
    pos, kept = copy.deepcopy(EXAMPLE_POSITION), copy.deepcopy(EXAMPLE_POSITION)
    change(pos)
    change(kept)  # (copy.deepcopy would recurse 1,000 deep)
    refused(lambda: aton.play_round(pos, EXAMPLE_MOVES), rule)
    refused(lambda: Game.from_position(pos), rule)
    assert pos == kept


def test_round_10000_is_the_highest_accepted():
    game = Game.from_position({**EXAMPLE_POSITION, "round": 10_000})
    assert game.round == 10_000


@pytest.mark.parametrize("what, moves, rule", [
    ("cards of 5000 digits", _moves_with(red_cards=[10**5000, 1, 4, 2]), "R6"),
    ("card 5", _moves_with(red_cards=[5, 1, 4, 2]), "R6"),
    ("card true", _moves_with(red_cards=[True, 1, 4, 2]), "R6"),
    ("cards nested 1000 deep", _moves_with(red_cards=deeply_nested()), "R6"),
    ("exchange nested 1000 deep", _moves_with(blue_exchange=deeply_nested()), "R5"),
    ("square nested 1000 deep", _moves_with(red_place=[deeply_nested()]), "R3"),
    ("square of 5000 digits", _moves_with(red_place=[10**5000]), "R3"),
    ("a million squares", _moves_with(blue_place=["T1.5"] * 1_000_000), "R13"),
    ("three squares to remove", _moves_with(blue_remove=["T1.2", "T2.2", "T1.1"]), "R10"),
    ("five squares to take back", _moves_with(red_after_scoring=["T1.1"] * 5), "R17"),
    ("player nested 1000 deep", {"red": deeply_nested(), "blue": EXAMPLE_MOVES["blue"]}, "R6"),
])
def test_hostile_moves_are_refused_in_a_short_message(what, moves, rule):
    refused(lambda: aton.play_round(EXAMPLE_POSITION, moves), rule)


BAD_SEEDS = {"[1]": [1], "{}": {}, "1.5": 1.5, "text 7": "7", "True": True, "False": False,
             "-1": -1, "2**63": 2**63, "5000 digits": 10**5000, "nested": deeply_nested()}


@pytest.mark.parametrize("seed", BAD_SEEDS.values(), ids=BAD_SEEDS.keys())
def test_a_seed_that_is_not_a_whole_number_below_2_63_is_refused(seed):
    """R1 shuffles a new game's decks, R4 a discard pile into a draw pile: each seed is a whole
    number 0 <= seed < 2**63, and the message says which shuffle it is for."""
    assert "new game" in str(refused(lambda: aton.new_position(seed), "R1"))
    assert "discard" in str(refused(lambda: aton.play_round(EXAMPLE_POSITION, EXAMPLE_MOVES,
                                                            seed), "R4"))
    record = Game.new(1).record()
    refused(lambda: aton.replay({**record, "seed": seed}), "R1")
    refused(lambda: aton.replay({**record, "seed": seed, "start": EXAMPLE_POSITION}), "R4")


def test_seeds_at_the_bounds_and_none_are_accepted():
    assert aton.new_position(0) != aton.new_position(2**63 - 1)
    assert aton.new_position(None)["round"] == 1
    aton.play_round(EXAMPLE_POSITION, EXAMPLE_MOVES, seed=2**63 - 1)


# ----------------------------------------------------------------------------- records

@pytest.mark.parametrize("what, change, rule", [
    ("not an object", lambda r: ["aton-record"], "R1"),
    ("wrong format", lambda r: {**r, "format": "pgn"}, "R1"),
    ("version true", lambda r: {**r, "version": True}, "R1"),
    ("version 2", lambda r: {**r, "version": 2}, "R1"),
    ("decisions None", lambda r: {**r, "decisions": None}, "R1"),
    ("decisions a text", lambda r: {**r, "decisions": "red exchange no"}, "R1"),
    ("a decision that is a number", lambda r: {**r, "decisions": [5]}, "R1"),
    ("a decision nested 1000 deep", lambda r: {**r, "decisions": [deeply_nested()]}, "R1"),
    ("steps as text", lambda r: {**r, "steps": "12"}, "R1"),
    ("steps true", lambda r: {**r, "steps": True}, "R1"),
    ("steps negative", lambda r: {**r, "steps": -1}, "R1"),
    ("steps of 5000 digits", lambda r: {**r, "steps": 10**5000}, "R1"),
    ("steps beyond the decisions", lambda r: {**r, "steps": r["steps"] + 50}, "R1"),
    ("steps before the decisions", lambda r: {**r, "steps": 3}, "R1"),
    ("seed [7]", lambda r: {**r, "seed": [7]}, "R1"),
    ("malformed start", lambda r: {**r, "start": {**EXAMPLE_POSITION, "round": "3"}}, "R11"),
    ("start a list", lambda r: {**r, "start": [1]}, "R1"),
    ("exchange maybe", lambda r: {**r, "decisions": ["red exchange maybe"]}, "R5"),
    ("assign 31x2", lambda r: {**r, "decisions": r["decisions"][:2] + ["red assign 31x2"]},
     "R6"),
    ("assign of 5 cards", lambda r: {**r, "decisions": ["red exchange no", "blue exchange no",
                                                       "red assign 31425"]}, "R6"),
    ("too many words", lambda r: {**r, "decisions": ["red exchange no please"]}, "R1"),
    ("two spaces", lambda r: {**r, "decisions": ["red  exchange no"]}, "R1"),
    ("unknown player", lambda r: {**r, "decisions": ["green exchange no"]}, "R1"),
    ("unknown kind", lambda r: {**r, "decisions": ["red pass no"]}, "R1"),
    ("not a square", lambda r: {**r, "decisions": r["decisions"][:4] + ["blue place T5.1"]},
     "R3"),
    ("the wrong player", lambda r: {**r, "decisions": ["blue exchange no"]}, "R5"),
    ("a 50 MB decision", lambda r: {**r, "decisions": ["red exchange " + "y" * 50_000_000]},
     "R5"),
])
def test_malformed_record_is_refused_naming_a_rule(what, change, rule):
    """README (records): a record's own shape follows R1; its decisions the rule of their kind
    (R5 exchange, R6 assign, R3 squares)."""
    record = a_record()
    record = change(record)
    kept = copy.deepcopy(record) if "nested" not in what and "50 MB" not in what else None
    refused(lambda: aton.replay(record), rule)
    if kept is not None:
        assert record == kept


def test_a_record_that_goes_on_after_the_game_ended_is_refused():
    game = Game.from_position(make_position(scores=(38, 0), red=[4, 1, 1, 1], blue=[1, 2, 3, 4]))
    cards = {"red": [4, 1, 1, 1], "blue": [1, 2, 3, 4]}
    game.advance()
    while game.pending is not None:
        game.decide(cards[game.pending.player])
        game.advance()
    assert game.over and game.end == "points"
    record = game.record()
    e = refused(lambda: aton.replay({**record, "decisions": [*record["decisions"],
                                                              "red exchange no"]}), "R18")
    assert "over" in str(e)


def test_records_load_from_text_and_refuse_unreadable_text():
    from aton.engine.records import dumps, loads
    game = Game.new(3)
    game.advance()
    game.decide(True)
    assert loads(dumps(game)).record() == game.record()
    assert loads(dumps(game).encode()).record() == game.record()
    for text in (dumps(game).encode("utf-16"), "é".encode("latin-1"), "[" * 1000 + "]" * 1000,
                 '{"steps": ' + "9" * 5000 + "}", " " * 1_000_001, "{not json", 17):
        refused(lambda text=text: loads(text), "R1")
    refused(lambda: dumps({"format": "aton-record"}), "R1")


@pytest.mark.parametrize("text, rule", [
    ("red exchange maybe", "R5"), ("red exchange YES", "R5"), ("red assign 31x2", "R6"),
    ("red assign 314", "R6"), ("red assign 5142", "R6"), ("blue place T4.13", "R3"),
    ("blue remove t1.1", "R3"), ("red take_back T0.1", "R3"), ("red exchange no ", "R1"),
    (" red exchange no", "R1"), ("red\texchange\tno", "R1"), ("red exchange", "R1"),
    ("", "R1"), ("Red exchange no", "R1"), ("red Exchange no", "R1"), (None, "R1"),
    (b"red exchange no", "R1"), (["red", "exchange", "no"], "R1"),
])
def test_decision_parse_refuses_anything_but_an_exact_decision_text(text, rule):
    refused(lambda: aton.Decision.parse(text), rule)


def test_decision_texts_round_trip():
    for text in ("red exchange yes", "blue exchange no", "red assign 3142", "blue remove T1.2",
                 "red place T4.12", "blue take_back T3.1"):
        assert str(aton.Decision.parse(text)) == text


# ----------------------------------------------------------------------------- Game.decide
# Hostile choices at each kind of decision: refused short, and the game unchanged.


class _Hostile:
    """A value whose every method a careless message would call raises."""

    def __repr__(self):
        raise RuntimeError("repr")

    def __iter__(self):
        raise RuntimeError("iter")

    def __len__(self):
        raise RuntimeError("len")

    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = None


@pytest.mark.parametrize("kind, choice", [
    pytest.param(kind, choice, id=f"{kind}-{name}")
    for kind in ("exchange", "assign", "place")
    for name, choice in (("5000 digits", 10**5000), ("nested 1000 deep", deeply_nested()),
                         ("hostile object", _Hostile()), ("a million numbers", [1] * 10**6),
                         ("cards of 5000 digits", [10**5000, 1, 2, 3]),
                         ("four long texts", ("T1.1" * 20,) * 4))
])
def test_decide_refuses_hostile_choices_in_a_short_message(kind, choice):
    game = game_at(kind)
    before = snapshot(game)
    refused(lambda: game.decide(choice), ("R3", "R5", "R6"))
    assert snapshot(game) == before


@pytest.mark.parametrize("decision", [5, None, aton.Decision("x" * 10**6, "red", True)],
                         ids=["a number", "None", "a 1 MB kind"])
def test_play_refuses_what_is_not_a_decision(decision):
    game = game_at("exchange")
    before = snapshot(game)
    refused(lambda: game.play(decision), ("R1", "R5"))
    assert snapshot(game) == before


@pytest.mark.parametrize("seed", BAD_SEEDS.values(), ids=BAD_SEEDS.keys())
def test_game_new_and_from_position_refuse_a_bad_seed(seed):
    refused(lambda: Game.new(seed), "R1")
    refused(lambda: Game.from_position(EXAMPLE_POSITION, seed), "R4")


# ----------------------------------------------------------------------------- CLI, hostile


def _refused_by_cli(*args: str) -> str:
    """Run the CLI in-process; it must exit 2 with one line on stderr and nothing on stdout."""
    import contextlib
    import io

    from aton import cli
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(args))
        except SystemExit as e:
            status = e.code
    assert status == 2, err.getvalue()[:300]
    assert out.getvalue() == ""
    lines = err.getvalue().splitlines()
    assert len(lines) == 1, err.getvalue()[:300]
    assert len(lines[0]) <= SHORT + 60, lines[0][:300]
    return lines[0]


@pytest.mark.parametrize("what, content, words", [
    ("UTF-16", json.dumps(EXAMPLE_POSITION).encode("utf-16"), "UTF-8"),
    ("Latin-1", json.dumps({**EXAMPLE_POSITION, "note": "Königin"},
                           ensure_ascii=False).encode("latin-1"), "UTF-8"),
    # 1,000 deep may parse (then it is no position) or not, by the depth of the caller's stack
    ("nested 1000 deep", b"[" * 1000 + b"1" + b"]" * 1000, "R1"),
    ("nested 100000 deep", b"[" * 100_000, "deeply"),
    ("a 5000-digit integer", json.dumps(EXAMPLE_POSITION).replace(
        '"round": 3', '"round": ' + "3" * 5000).encode(), "number"),
    ("over 1 MB", json.dumps({**EXAMPLE_POSITION, "pad": "x" * 1_000_000}).encode(), "1 MB"),
    ("empty", b"", "JSON"),
    ("version true", json.dumps({**EXAMPLE_POSITION, "version": True}).encode(), "version"),
])
def test_cli_unreadable_position_file_is_one_line(tmp_path, what, content, words):
    (tmp_path / "position.json").write_bytes(content)
    (tmp_path / "moves.json").write_text(json.dumps(EXAMPLE_MOVES))
    line = _refused_by_cli("round", str(tmp_path / "position.json"), str(tmp_path / "moves.json"))
    assert line.startswith("R1: ") and words in line


def test_cli_unreadable_moves_file_names_r6(tmp_path):
    (tmp_path / "position.json").write_text(json.dumps(EXAMPLE_POSITION))
    (tmp_path / "moves.json").write_bytes(json.dumps(EXAMPLE_MOVES).encode("utf-16"))
    line = _refused_by_cli("round", str(tmp_path / "position.json"), str(tmp_path / "moves.json"))
    assert line.startswith("R6: ") and "moves file" in line


def test_cli_a_utf8_byte_order_mark_is_read(tmp_path, capsys):
    from aton import cli
    bom = b"\xef\xbb\xbf"
    (tmp_path / "position.json").write_bytes(bom + json.dumps(EXAMPLE_POSITION).encode())
    (tmp_path / "moves.json").write_text(json.dumps(EXAMPLE_MOVES))
    assert cli.main(["round", str(tmp_path / "position.json"), str(tmp_path / "moves.json")]) == 0
    assert json.loads(capsys.readouterr().out) == aton.play_round(EXAMPLE_POSITION, EXAMPLE_MOVES)


def test_cli_missing_file_and_directory_are_one_line(tmp_path):
    (tmp_path / "moves.json").write_text(json.dumps(EXAMPLE_MOVES))
    line = _refused_by_cli("round", str(tmp_path / "nope.json"), str(tmp_path / "moves.json"))
    assert "position file" in line and "No such file" in line
    line = _refused_by_cli("round", str(tmp_path), str(tmp_path / "moves.json"))
    assert "position file" in line and "directory" in line


@pytest.mark.parametrize("args, words", [
    (["new", "--seed", "abc"], "seed"),
    (["new", "--seed", "-1"], "seed"),
    (["new", "--seed", "9223372036854775808"], "seed"),
    (["new", "--seed", "7" * 5000], "seed"),
    (["round", "a.json", "b.json", "--seed", "1.5"], "seed"),
    (["move"], "invalid choice"),
    (["play", "--against", "grandmaster"], "invalid choice"),
    (["play", "--seed", "-3"], "seed"),
    ([], "required"),
    (["round"], "required"),
    (["round", "a.json"], "required"),
    (["new", "extra"], "unrecognized"),
    (["new", "--seed"], "expected one argument"),
    (["x" * 100_000], "invalid choice"),
    (["round", "a\x00.json", "b.json"], "not a file name"),
])
def test_cli_bad_arguments_are_one_line(args, words):
    line = _refused_by_cli(*args)
    assert words in line


def test_cli_bad_seed_in_a_real_process_is_one_line():
    proc = run_cli("new", "--seed", "abc")
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "R1" in lines[0] and "'abc'" in lines[0]


def test_the_readme_and_help_examples_play_as_written(tmp_path):
    """The round moves the README and ``aton --help`` show are round 1 of the game dealt from
    seed 7, and play as their commands are written: red scores 2 on cartouche 1 (R7)."""
    import re

    from helpers import REPO, run_cli

    from aton.cli.commands import EPILOG

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("save them as `moves.json`:", 1)[1]
    from_readme = json.loads(block.split("```json", 1)[1].split("```", 1)[0])
    help_lines = re.search(r"\n(  \{\"red\".*?\}\})\n", EPILOG, re.DOTALL).group(1)
    from_help = json.loads(help_lines)
    assert "aton new --seed 7 > start.json" in readme and "aton new --seed 7 > start.json" in EPILOG
    start = run_cli("new", "--seed", "7").stdout
    (tmp_path / "start.json").write_text(start)
    for moves in (from_readme, from_help):
        (tmp_path / "moves.json").write_text(json.dumps(moves))
        done = run_cli("round", "start.json", "moves.json", "--seed", "7", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        position = json.loads(done.stdout)["position"]
        assert position["round"] == 2 and position["scores"] == {"red": 2, "blue": 0}
