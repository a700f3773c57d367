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
import sys

import pytest
from helpers import EXAMPLE_MOVES, EXAMPLE_POSITION, FULL_DECK, make_moves, make_position, play

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
    {"red": {temple1..temple4, black, bonus, total}, "blue": {...}}, integers."""
    result = aton.play_round(FILLING_POSITION, FILLING_MOVES)
    scoring = result["scoring"]
    assert set(scoring) == {"red", "blue"}
    for name in ("red", "blue"):
        assert list(scoring[name]) == LINES or set(scoring[name]) == set(LINES)
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
    if change is None:
        pos = ["not", "a", "position"]
    else:
        pos = copy.deepcopy(EXAMPLE_POSITION)
        change(pos)
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
    """formats.md: the dicts passed in are never modified (legal and illegal rounds alike)."""
    for pos, moves in ((EXAMPLE_POSITION, EXAMPLE_MOVES), (FILLING_POSITION, FILLING_MOVES),
                       (EXAMPLE_POSITION, _moves_with(red_place=["T1.4", "T3.8"]))):
        kept_pos, kept_moves = copy.deepcopy(pos), copy.deepcopy(moves)
        try:
            result = aton.play_round(pos, moves)
        except RuleError:
            result = None
        assert pos == kept_pos and moves == kept_moves
        if result is not None:  # and the result shares nothing with them
            result["position"]["draw"]["red"].append(9)
            result["position"]["board"]["T1"] = "x"
            assert pos == kept_pos
    pos = copy.deepcopy(EXAMPLE_POSITION)
    game = Game.from_position(pos)
    game.advance()
    game.decide(False)
    assert pos == EXAMPLE_POSITION


# ----------------------------------------------------------------------------- CLI


def run_cli(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "aton", *args], capture_output=True,
                          text=True, timeout=60, cwd=cwd, check=False)


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
    ("moves", "[1, 2,", None),
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
    if rule:
        assert rule in lines[0]


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
