"""Hostile input never crashes the engine (issue 7): only RuleError comes out, with a rule id
and a short message, and nothing passed in is changed.

Valid positions (new games and the scenarios), the round moves of formats.md, game records and
the command line's files are mutated at random: values replaced by junk (a list nested 1,000
deep, an integer of 5,000 digits, True where a number belongs, long strings...), keys deleted,
texts edited, file bytes re-encoded, cut short, nested or blown past the 1 MB limit.
Under CI=true the examples are derandomized, so a run is reproducible.
"""

from __future__ import annotations

import contextlib
import io
import json
import os

import pytest
from helpers import EXAMPLE_MOVES, EXAMPLE_POSITION, game_at, run_cli, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aton
from aton import Decision, Game, RuleError, cli, scenarios
from aton.engine.files import MAX_BYTES
from aton.engine.records import loads
from aton.players import RandomPlayer

FUZZ = {"deadline": None, "derandomize": os.environ.get("CI") == "true",
        "suppress_health_check": [HealthCheck.too_slow]}
MAX_MESSAGE = 200  # "at most about 200 characters" (issue 7)


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


HUGE = 10**5000  # Python refuses to write integers of more than 4300 digits
HOSTILE = [None, True, False, 0, -1, 1, 4, 5, 2**63, HUGE, -HUGE, 1.0, 2.5, float("nan"),
           float("inf"), "", "1", "r" * 12, "T1.1", "red", "x" * 200_000, [], {}, [1, 2, 3, 4],
           {"red": 1, "blue": 1}, nested(1000), {"a": nested(1000)}, list(range(50_000))]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20))
JUNK = st.one_of(
    st.sampled_from(HOSTILE),
    SCALARS,
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                 | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=8),
)


# ----------------------------------------------------------------------------- helpers


def tree_copy(value):
    """A deep copy of lists and dicts that follows any depth (copy.deepcopy recurses);
    everything else is immutable here and shared."""
    if not isinstance(value, (list, dict)):
        return value
    root: list | dict = [] if isinstance(value, list) else {}
    stack = [(value, root)]
    while stack:
        source, target = stack.pop()
        for key, item in (enumerate(source) if isinstance(source, list) else source.items()):
            if isinstance(item, (list, dict)):
                new = [] if isinstance(item, list) else {}
                stack.append((item, new))
            else:
                new = item
            if isinstance(target, list):
                target.append(new)
            else:
                target[key] = new
    return root


def same_tree(a, b) -> bool:
    """``a == b`` with exact types (True is not 1), at any depth."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        if type(x) is not type(y):
            return False
        if isinstance(x, list):
            if len(x) != len(y):
                return False
            stack.extend(zip(x, y))
        elif isinstance(x, dict):
            if x.keys() != y.keys():
                return False
            stack.extend((x[k], y[k]) for k in x)
        elif x != y:
            return False
    return True


def paths(value, prefix=()):
    """Every place in a JSON-like value: tuples of keys / indices."""
    stack = [(value, prefix)]
    while stack:
        item, path = stack.pop()
        yield path
        if isinstance(item, dict):
            stack.extend((v, (*path, k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, (*path, i)) for i, v in enumerate(item))


def mutate(data, doc):
    """A copy of ``doc`` with one to three random changes: a value replaced by junk, a key
    deleted, a junk key added or a text edited."""
    doc = tree_copy(doc)
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        places = [p for p in paths(doc) if p]
        if not places:
            return tree_copy(data.draw(JUNK))
        # half the time a key near the top: long card piles would otherwise draw most changes
        if data.draw(st.booleans()):
            places = [p for p in places if len(p) <= 2]
        path = data.draw(st.sampled_from(places), label="path")
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        action = data.draw(st.sampled_from(["replace", "replace", "delete", "add", "edit"]))
        # junk is copied: a later change must not reach into the shared HOSTILE values
        if action == "replace":
            parent[last] = tree_copy(data.draw(JUNK, label="junk"))
        elif action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[data.draw(st.text(max_size=8))] = tree_copy(data.draw(JUNK))
        elif action == "edit" and isinstance(parent[last], str):
            text = parent[last]
            i = data.draw(st.integers(0, len(text)))
            j = data.draw(st.integers(i, len(text)))
            parent[last] = text[:i] + data.draw(st.text(max_size=4)) + text[j:]
    return doc


def refused_or_done(call, *inputs):
    """Run ``call``: it returns or raises a RuleError with a rule id and a short message;
    the inputs are unchanged either way."""
    kept = [tree_copy(x) for x in inputs]
    try:
        call()
    except RuleError as e:
        assert e.rule and str(e).startswith(e.rule), str(e)[:300]
        assert len(str(e)) <= MAX_MESSAGE, str(e)[:300]
        assert "\n" not in str(e)
    for x, y in zip(inputs, kept):
        assert same_tree(x, y), "an input was modified"


def start_positions() -> list[dict]:
    return ([EXAMPLE_POSITION] + [aton.new_position(seed) for seed in (1, 2)]
            + [scenarios.load(name) for name in scenarios.names()])


POSITIONS = start_positions()


def moves_for(position: dict) -> dict:
    """Round moves that take the top 4 cards in order (lists left to the engine's checks)."""
    if position is EXAMPLE_POSITION:
        return EXAMPLE_MOVES
    return {name: {"cards": position["draw"][name][:4]} for name in ("red", "blue")}


def short_record(seed: int, decisions: int, start: dict | None = None) -> dict:
    """The record of a seeded game between random players (from ``start``, a position, or a
    new game), stopped after some decisions."""
    game = Game.new(seed) if start is None else Game.from_position(start, seed)
    players = {"red": RandomPlayer(seed + 1), "blue": RandomPlayer(seed + 2)}
    for _ in range(decisions):
        game.advance()
        if game.pending is None:
            break
        game.decide(players[game.pending.player].choose(game.view(game.pending.player)))
    return game.record()


RECORDS = [short_record(1, 5), short_record(2, 30), short_record(3, 80),
           short_record(4, 12, scenarios.load("04_war"))]


# ----------------------------------------------------------------------------- the engine


@settings(max_examples=300, **FUZZ)
@given(data=st.data(), which=st.integers(0, len(POSITIONS) - 1))
def test_mutated_positions_are_refused_or_played_never_crash(data, which):
    position = mutate(data, POSITIONS[which])
    moves = moves_for(POSITIONS[which])
    refused_or_done(lambda: aton.play_round(position, moves, seed=5), position, moves)
    refused_or_done(lambda: Game.from_position(position, 5), position)


@settings(max_examples=300, **FUZZ)
@given(data=st.data())
def test_mutated_round_moves_are_refused_or_played_never_crash(data):
    moves = mutate(data, EXAMPLE_MOVES)
    refused_or_done(lambda: aton.play_round(EXAMPLE_POSITION, moves), EXAMPLE_POSITION, moves)


@settings(max_examples=200, **FUZZ)
@given(data=st.data(), which=st.integers(0, len(RECORDS) - 1))
def test_mutated_records_are_refused_or_replayed_never_crash(data, which):
    record = mutate(data, RECORDS[which])
    refused_or_done(lambda: aton.replay(record), record)


@settings(max_examples=200, **FUZZ)
@given(seed=JUNK)
def test_any_seed_is_refused_or_used_never_crash(seed):
    """R1 (a new game's decks), R4 (reshuffles): a seed is a whole number 0 <= seed < 2**63."""
    ok = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**63
    for call, rule in ((lambda: aton.new_position(seed), "R1"),
                       (lambda: aton.play_round(EXAMPLE_POSITION, EXAMPLE_MOVES, seed), "R4")):
        if ok or seed is None:
            call()
        else:
            with pytest.raises(RuleError) as e:
                call()
            assert e.value.rule == rule and len(str(e.value)) <= MAX_MESSAGE


DECISION_WORDS = st.sampled_from(["red", "blue", "green", "exchange", "assign", "remove",
                                  "place", "take_back", "yes", "no", "maybe", "3142", "31x2",
                                  "5555", "T1.1", "T4.12", "T5.1", "T1.13", "", " "])


@settings(max_examples=300, **FUZZ)
@given(text=st.one_of(st.text(max_size=30), JUNK,
                      st.lists(DECISION_WORDS, max_size=5).map(" ".join)))
def test_decision_texts_parse_exactly_or_are_refused(text):
    """A decision text parses only in the exact form ``str(decision)`` writes."""
    try:
        decision = Decision.parse(text)
    except RuleError as e:
        assert e.rule in ("R1", "R3", "R5", "R6") and len(str(e)) <= MAX_MESSAGE
    else:
        assert str(decision) == text


SMALL_JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-100, 100), st.floats(),
              st.text(max_size=8), st.sampled_from(["T1.1", "T2.5", "T4.12", "yes"])),
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner, inner, inner),
    max_leaves=6)


GAMES = {kind: game_at(kind) for kind in ("exchange", "assign", "place", "remove")}


@settings(max_examples=200, **FUZZ)
@given(kind=st.sampled_from(sorted(GAMES)), choice=SMALL_JUNK)
def test_a_refused_decision_changes_nothing(kind, choice):
    """Game.decide with any small value: refused with a rule id, and the game is as it was.
    (Big or deep values, and the length of the messages, are tested in test_formats.py.)"""
    game = GAMES[kind]
    before = snapshot(game)
    try:
        game.decide(choice)
    except RuleError as e:
        assert e.rule and str(e).startswith(e.rule)
        assert snapshot(game) == before
    else:
        game.undo()
        assert snapshot(game) == before


# ----------------------------------------------------------------------------- the CLI


def encodings(data):
    """Bytes of a file a user might hand over: the JSON re-encoded, cut, nested, padded."""
    return data.draw(st.sampled_from(["utf-8", "utf-16", "utf-16-le", "latin-1", "cut", "deep",
                                      "bigint", "huge", "flip", "bom"]), label="transform")


def file_bytes(data, doc) -> bytes:
    text = json.dumps(doc)
    how = encodings(data)
    if how in ("utf-16", "utf-16-le", "latin-1"):
        # a non-ASCII letter makes Latin-1 differ from UTF-8
        return json.dumps({**doc, "note": "Königsgräber"}, ensure_ascii=False).encode(how)
    raw = text.encode()
    if how == "cut":
        return raw[:data.draw(st.integers(0, len(raw)))]
    if how == "deep":
        depth = data.draw(st.sampled_from([500, 1000, 5000]))
        return b"[" * depth + raw + b"]" * depth
    if how == "bigint":
        return raw.replace(b"3", b"3" + b"7" * data.draw(st.sampled_from([10, 4300, 6000])), 1)
    if how == "huge":
        return raw[:-1] + b', "pad": "' + b"x" * MAX_BYTES + b'"}'
    if how == "flip":
        i = data.draw(st.integers(0, len(raw) - 1))
        return raw[:i] + bytes([data.draw(st.integers(0, 255))]) + raw[i + 1:]
    if how == "bom":
        return b"\xef\xbb\xbf" + raw
    return raw


def run_main(args: list[str]) -> tuple[object, str, str]:
    """``aton.cli.main`` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(args)
        except SystemExit as e:
            status = e.code
    return status, out.getvalue(), err.getvalue()


def assert_one_line_refusal(status, out: str, err: str) -> None:
    assert status == 2, (status, err[:300])
    assert out == ""
    assert len(err.splitlines()) == 1 and err.endswith("\n"), err[:300]
    assert len(err) <= MAX_MESSAGE + 60, err[:300]  # a rule's message plus a file name


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("cli-fuzz")


@settings(max_examples=120, **FUZZ)
@given(data=st.data(), which=st.sampled_from(["position", "moves"]))
def test_cli_files_of_any_bytes_give_a_result_or_one_line(folder, data, which):
    files = {"position": json.dumps(EXAMPLE_POSITION).encode(),
             "moves": json.dumps(EXAMPLE_MOVES).encode()}
    files[which] = file_bytes(data, EXAMPLE_POSITION if which == "position" else EXAMPLE_MOVES)
    for name, content in files.items():
        (folder / f"{name}.json").write_bytes(content)
    status, out, err = run_main(["round", str(folder / "position.json"),
                                 str(folder / "moves.json")])
    if status == 0:
        assert err == "" and set(json.loads(out)) == {"position", "events", "scoring"}
    else:
        assert_one_line_refusal(status, out, err)


@settings(max_examples=100, **FUZZ)
@given(args=st.lists(st.one_of(st.sampled_from(["new", "round", "--seed", "-h1", "--x", "7",
                                                "-1", "abc", "1e3", "9" * 5000, "", "\n"]),
                               st.text(max_size=10)), max_size=4))
def test_cli_arguments_give_a_result_or_one_line(args):
    status, out, err = run_main(args)
    if status == 0:  # a new game, or the help asked for with -h
        assert err == ""
        assert out.startswith("usage:") or json.loads(out)["format"] == "aton-position"
    else:
        assert_one_line_refusal(status, out, err)


@pytest.mark.parametrize("content", [
    b"[" * 1000 + json.dumps(EXAMPLE_POSITION).encode() + b"]" * 1000,
    json.dumps(EXAMPLE_POSITION).encode("utf-16"),
], ids=["nested 1000 deep", "UTF-16"])
def test_cli_in_a_real_process_refuses_on_one_line(tmp_path, content):
    (tmp_path / "position.json").write_bytes(content)
    (tmp_path / "moves.json").write_text(json.dumps(EXAMPLE_MOVES))
    proc = run_cli("round", str(tmp_path / "position.json"), str(tmp_path / "moves.json"))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and "R1" in proc.stderr


@settings(max_examples=60, **FUZZ)
@given(data=st.data(), which=st.integers(0, len(RECORDS) - 1))
def test_record_texts_of_any_bytes_replay_or_are_refused(data, which):
    raw = file_bytes(data, RECORDS[which])
    refused_or_done(lambda: loads(raw))
