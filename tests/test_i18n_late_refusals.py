"""A refusal keeps its facts and writes its sentence when it is read (``RuleError``).

A learner who switches an English page to Portuguese sees the refusal already on it in
Portuguese, and a refusal made on a Portuguese page reads in English in an English one: each
module's refusals (decision texts, positions and their files, round moves, records, links, the
board's squares, the cards, the exchange, the seed, the terminal's prompt) are raised in one
language and read in the other. The English text is what it always was, and a refusal crosses
to a worker process and back with its facts (the strategy lab plays games in worker processes).
"""

from __future__ import annotations

import ast
import copy
import pickle
import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from helpers import (
    EXAMPLE_MOVES,
    EXAMPLE_POSITION,
    a_record,
    advance_to,
    keep_cards,
    make_position,
)
from test_formats import MALFORMED_MOVES
from test_i18n_refusals import ENGLISH, PORTUGUESE

import aton
from aton import Decision, Game, RuleError
from aton.cli.console import _parse
from aton.engine.board import square_index
from aton.engine.errors import shown
from aton.engine.files import read_json_file
from aton.engine.records import decode_game, encode_game, loads
from aton.i18n import speaking

PACKAGE = Path(aton.__file__).resolve().parent
MOVES = {what: moves for what, moves, _rule, _player in MALFORMED_MOVES}


def _no_scenario(name: str) -> dict:
    raise KeyError(name)


def _place_game() -> Game:
    """Round 2, red's placement: cartouche 3 shows a 1 (temple 1 only), T1.1 is red's."""
    cards = {"red": [2, 3, 1, 4], "blue": [4, 1, 4, 1]}
    game = Game.from_position(make_position(board={"T1": "r..b"}, **cards), 0)
    advance_to(game, "place", "red", answer=keep_cards(cards))
    return game


def _first_decision(kind: str) -> Game:
    game = Game.new(7)
    advance_to(game, kind, "red", answer=keep_cards({"red": [1, 1, 1, 1], "blue": []}))
    return game


def _over_record() -> dict:
    """A record whose game is already over at its start, and still goes on (R18)."""
    return {"format": "aton-record", "version": 1, "seed": 1, "decisions": ["red exchange no"],
            "start": make_position(scores=(41, 3), winner="red", end="points"), "steps": None}


def _file_refusal(tmp_path: Path):
    path = tmp_path / "start.json"
    path.write_bytes(b"{not json")
    return lambda: read_json_file(str(path), "position", "R1")


#: (what is refused, the rule, how to make the refusal). Each module that refuses has one or
#: more here, with the kinds of facts that are words: a player's name, a translated word, a
#: nested refusal, a plural, a file's name, a prompt, how a game ended.
REFUSALS = [
    ("decision text: unknown player", "R1", lambda tmp: lambda: Decision.parse("green pass no")),
    ("decision text: bad cards", "R6", lambda tmp: lambda: Decision.parse("red assign 31x2")),
    ("position: round 0", "R11",
     lambda tmp: lambda: Game.from_position({**EXAMPLE_POSITION, "round": 0})),
    ("position: already won", "R18",
     lambda tmp: lambda: Game.from_position(make_position(board={"T3": "r" * 12}))),
    ("position: counters", "R1", lambda tmp: lambda: Game.from_position(
        {**EXAMPLE_POSITION, "stock": {"red": 3, "blue": 26}})),
    ("position file", "R1", _file_refusal),
    ("round moves: exchange used", "R5",
     lambda tmp: lambda: aton.play_round(EXAMPLE_POSITION, MOVES["exchange already used"])),
    ("round moves: too few squares", "R13",
     lambda tmp: lambda: aton.play_round(EXAMPLE_POSITION, MOVES["too few squares to place"])),
    ("round moves: a finished game", "R18", lambda tmp: lambda: aton.play_round(
        make_position(scores=(41, 3), winner="red", end="points"), EXAMPLE_MOVES)),
    ("record: a bad decision", "R6", lambda tmp: lambda: aton.replay(
        {**a_record(), "decisions": a_record()["decisions"][:2] + ["red assign 31x2"]})),
    ("record: a bad start", "R11",
     lambda tmp: lambda: aton.replay({**a_record(), "start": {**EXAMPLE_POSITION, "round": 0}})),
    ("record: goes on after the end", "R18", lambda tmp: lambda: aton.replay(_over_record())),
    ("record text", "R1", lambda tmp: lambda: loads("{not json")),
    ("link: damaged", "R1", lambda tmp: lambda: decode_game("!!!", _no_scenario)),
    ("link: unknown scenario", "R1", lambda tmp: lambda: decode_game(
        encode_game({**a_record(), "start": EXAMPLE_POSITION}, "nowhere"), _no_scenario)),
    ("square: not one", "R3", lambda tmp: lambda: _place_game().decide("T9.9")),
    ("square: beyond cartouche 3", "R12", lambda tmp: lambda: _place_game().decide("T2.1")),
    ("square: occupied", "R13", lambda tmp: lambda: _place_game().decide("T1.1")),
    ("square: a board name", "R3", lambda tmp: lambda: square_index("T5.1", "red")),
    ("cards: not the hand", "R6",
     lambda tmp: lambda: _first_decision("assign").decide([9, 9, 9, 9])),
    ("cards: too few to deal", "R4", lambda tmp: lambda: Game.from_position(
        make_position(red_draw=[1, 2], red_discard=[])).advance()),
    ("exchange choice", "R5", lambda tmp: lambda: _first_decision("exchange").decide("maybe")),
    ("exchange: not the moment", "R5",
     lambda tmp: lambda: _first_decision("exchange").play("blue place T1.1")),
    ("seed of a new game", "R1", lambda tmp: lambda: aton.new_position(-1)),
    ("seed of a reshuffle", "R4",
     lambda tmp: lambda: aton.play_round(EXAMPLE_POSITION, EXAMPLE_MOVES, seed=1.5)),
    ("the terminal's exchange prompt", "R5", lambda tmp: lambda: _parse(
        _first_decision("exchange").view("red"), "maybe")),
]
IDS = [r[0] for r in REFUSALS]


def refusal(make, tmp_path: Path) -> RuleError:
    with pytest.raises(RuleError) as e:
        make(tmp_path)()
    return e.value


#: Portuguese words of the refusals that test_i18n_refusals.PORTUGUESE does not list.
MORE_PORTUGUESE = re.compile(r"\b(parte|cenário|danificada|digite|trocar|uma|para|ou)\b")


def is_portuguese(text: str) -> bool:
    """No English word left once quoted values are taken out, and Portuguese ones there."""
    words = re.sub(r"'[^']*('|…)|\"[^\"]*\"", "", text)
    return not ENGLISH.findall(words) and bool(
        PORTUGUESE.search(words) or MORE_PORTUGUESE.search(words))


@pytest.mark.parametrize("what, rule, make", REFUSALS, ids=IDS)
def test_a_refusal_raised_in_english_reads_in_portuguese_once_the_page_speaks_it(
        what, rule, make, tmp_path):
    with speaking("en"):
        err = refusal(make, tmp_path)
        english = str(err)
    assert err.rule == rule and english.startswith(rule + ": ")
    with speaking("pt"):
        portuguese, detail = str(err), err.detail
    assert portuguese.startswith(rule + ": ") and portuguese != english
    assert is_portuguese(detail), portuguese
    assert str(err) == english  # read again outside: English again


@pytest.mark.parametrize("what, rule, make", REFUSALS, ids=IDS)
def test_a_refusal_raised_in_portuguese_reads_in_english_outside(what, rule, make, tmp_path):
    with speaking("pt"):
        err = refusal(make, tmp_path)
        portuguese = str(err)
    with speaking("en"):
        english = str(refusal(make, tmp_path))
    assert str(err) == english and err.rule == rule
    with speaking("pt"):
        assert str(err) == portuguese


def test_the_english_text_is_as_it_was(tmp_path):
    """The sentences of the refusals with words as facts, letter for letter (the command line
    prints them on stderr; tests and scripts read them)."""
    with speaking("en"):
        texts = {what: str(refusal(make, tmp_path)) for what, _rule, make in REFUSALS}
    assert texts["cards: too few to deal"] == (
        "R4: red has only 2 cards in the draw and discard piles; a round needs 4")
    assert texts["round moves: too few squares"] == (
        "R13: red: 1 more counter must be placed, but 'place' names no more squares")
    assert texts["record: a bad decision"] == (
        "R6: record decision 3: red: an assignment is the 4 card values (1-4) on cartouches "
        "1-4, like 3142, got '31x2'")
    assert texts["record: goes on after the end"] == (
        "R18: record decision 1: the game is over (red won by points), but the record goes on")
    assert texts["square: beyond cartouche 3"] == (
        "R12: red: T2.1 is in temple 2, but cartouche 3 shows a 1, which allows only temple 1")
    assert texts["seed of a new game"] == (
        "R1: the seed shuffles the decks of a new game and must be a whole number from 0 to "
        "2**63 - 1, got -1")
    assert texts["position file"] == (
        f"R1: the position file {shown(str(tmp_path / 'start.json'), 40)} is not valid JSON "
        "(Expecting property name enclosed in double quotes, line 1)")
    assert texts["the terminal's exchange prompt"] == (
        "R5: type yes to exchange your 4 cards or no to keep them, not 'maybe'")
    assert texts["exchange: not the moment"].startswith(
        "R5: 'blue': it is not the moment for 'place'; waiting for red: hand in the exchange "
        "counter")


@pytest.mark.parametrize("what, rule, make", REFUSALS, ids=IDS)
def test_a_refusal_survives_pickling_with_its_facts(what, rule, make, tmp_path):
    err = refusal(make, tmp_path)
    copied = pickle.loads(pickle.dumps(err))
    assert type(copied) is RuleError and copied.rule == err.rule
    assert copied.message == err.message and set(copied.facts) == set(err.facts)
    for code in ("en", "pt"):
        with speaking(code):
            assert str(copied) == str(err)


def test_a_refusal_made_in_a_worker_process_reads_in_either_language():
    with ProcessPoolExecutor(max_workers=1) as pool:
        err = pool.submit(Decision.parse, "red assign 31x2").exception(timeout=60)
    assert isinstance(err, RuleError) and err.rule == "R6"
    assert str(err) == ("R6: red: an assignment is the 4 card values (1-4) on cartouches 1-4, "
                        "like 3142, got '31x2'")
    with speaking("pt"):
        assert str(err).startswith("R6: vermelho: ")


def test_a_nested_refusal_follows_the_language_it_is_read_in():
    """records.py wraps a decision's refusal ("record decision 3: ..."): the wrapped sentence
    is read lazily too, not frozen in the language of the moment it was wrapped."""
    record = copy.deepcopy(a_record())
    record["decisions"][2:] = ["red assign 31x2"]
    with pytest.raises(RuleError) as e:
        aton.replay(record)
    with speaking("pt"):
        assert e.value.detail.startswith("decisão 3 do registro: vermelho: ")


# ---------------------------------------------------------------------- every raise, by its form

#: The layers whose refusals must be raised with their facts (the app is being rewritten).
LAYERS = ("engine", "players", "teaching", "cli")
#: Calls that write words at once: a refusal given their result would be frozen in a language.
WRITES_NOW = {"_", "_n", "player_name", "game_over", "format"}


def _written_now(node: ast.AST, message: bool = False) -> bool:
    """Whether ``node`` writes a sentence when it is evaluated: a translation, a player's name,
    ``str.format``, or (as the ``message``) an f-string with values. An f-string fact such as
    ``f"T{t}"`` is a name, the same in every language."""
    if isinstance(node, ast.JoinedStr):
        return message and any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        return name in WRITES_NOW
    return False


def test_every_refusal_is_raised_with_its_facts_not_its_sentence():
    """No ``RuleError(rule, _("...").format(...))`` is left: the message is an untranslated
    constant (``N_``, ``N_n``, a table of them), and no fact is a sentence already written."""
    frozen = []
    for layer in LAYERS:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id == "RuleError"):
                    continue
                facts = node.args[2:] + [k.value for k in node.keywords]
                if _written_now(node.args[1], message=True) or any(map(_written_now, facts)):
                    frozen.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert frozen == []


def test_the_form_check_bites():
    old = ast.parse('RuleError("R5", _("{player}: no").format(player=player_name(p)))')
    call = old.body[0].value
    assert _written_now(call.args[1])
    assert _written_now(ast.parse('player_name("red")').body[0].value)
    assert _written_now(ast.parse('f"{who}: not a square"').body[0].value, message=True)
    assert not _written_now(ast.parse('f"T{t}"').body[0].value)
    assert not _written_now(ast.parse('N_("{player}: no")').body[0].value)
    assert not _written_now(ast.parse('named(p)').body[0].value)
