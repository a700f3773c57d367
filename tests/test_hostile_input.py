"""Hostile links and files (issue 17, item 3): whatever a ``?game=`` link, a record file, an
upload or a position file holds, it is refused with one ``RuleError`` naming R1 (a file's or a
link's shape), and the page goes on. Nothing else escapes: ``pytest.raises(RuleError)`` lets
a RecursionError, an OverflowError or a UnicodeDecodeError through, and the test fails.
"""

from __future__ import annotations

import base64
import html
import json
import zlib

import pytest
from helpers import EXAMPLE_POSITION

from aton import scenarios
from aton.app import build_app
from aton.cli import main as cli
from aton.engine.errors import RuleError
from aton.engine.files import MAX_BYTES, read_json_file
from aton.engine.records import MAX_DECISIONS, decode_game, loads, replay
from aton.i18n import speaking

RECORD = {"format": "aton-record", "version": 1, "seed": 7, "start": None, "decisions": [],
          "steps": 0}
DEEP = 100_000


def record_text(**changes: str) -> bytes:
    """A record's JSON with the raw JSON text ``changes`` put in for some of its values."""
    parts = {k: json.dumps(v) for k, v in RECORD.items()} | changes
    return ("{" + ", ".join(f'"{k}": {v}' for k, v in parts.items()) + "}").encode()


#: What a hostile person may put in a record: (what, the record's bytes).
HOSTILE = [
    ("nested 100,000 deep", b"[" * DEEP),
    ("decisions nested 100,000 deep", record_text(decisions="[" * DEEP + "]" * DEEP)),
    ("start nested 100,000 deep", record_text(start='{"a":' * DEEP + "1" + "}" * DEEP)),
    ("a seed of NaN", record_text(seed="NaN")),
    ("a seed of -Infinity", record_text(seed="-Infinity")),
    ("a seed of 1e309", record_text(seed="1e309")),
    ("steps of 1e309", record_text(steps="1e309")),
    ("a round of NaN", record_text(start='{"round": NaN}')),
    ("an integer of 5,000 digits", record_text(seed="9" * 5000)),
    ("non-UTF-8 bytes", record_text(decisions='["red exchange X"]').replace(b"X", b"\xff")),
    ("10**6 decisions", record_text(decisions=json.dumps([""] * 10**6))),
    ("wrong types", record_text(decisions='{"red": 1}', steps='"soon"')),
]


def link(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def refused_r1(call) -> RuleError:
    with pytest.raises(RuleError) as err:
        call()
    assert err.value.rule == "R1" and str(err.value).startswith("R1: "), str(err.value)[:300]
    assert len(str(err.value)) <= 200
    return err.value


def test_the_hostile_bytes_are_what_they_say():
    cases = dict(HOSTILE)
    with pytest.raises(UnicodeDecodeError):
        cases["non-UTF-8 bytes"].decode("utf-8")
    assert len(cases["10**6 decisions"]) > MAX_BYTES
    with pytest.raises(RecursionError):
        json.loads(cases["nested 100,000 deep"])  # what killed the page before (R1 now)


@pytest.mark.parametrize("what, raw", HOSTILE, ids=[w for w, _r in HOSTILE])
def test_a_hostile_link_is_refused_with_r1(what, raw):
    def open_link() -> None:
        record, _name = decode_game(link(raw), scenarios.load)
        replay(record)
    refused_r1(open_link)


@pytest.mark.parametrize("what, raw", HOSTILE, ids=[w for w, _r in HOSTILE])
def test_a_hostile_record_file_is_refused_with_r1(what, raw):
    refused_r1(lambda: loads(raw))


def test_a_162_character_link_no_longer_kills_the_page():
    """The issue's own link: ``[`` 100,000 times, compressed into a short link."""
    bomb = link(b"[" * DEEP)
    assert len(bomb) < 200  # 162 characters with this zlib
    error = refused_r1(lambda: decode_game(bomb, scenarios.load))
    assert "too deeply" in str(error)


def test_ten_thousand_and_one_decisions_are_refused_before_replaying():
    """A record held in Python has no size limit: its decisions are counted first."""
    record = {**RECORD, "decisions": ["red exchange no"] * 10**6, "steps": None}
    error = refused_r1(lambda: replay(record))
    assert "1,000,000 decisions" in str(error) and f"{MAX_DECISIONS:,}" in str(error)


@pytest.mark.parametrize("raw", [b"[1e309]", b"[NaN]", b"[Infinity]", b'{"a": -1e400}'])
def test_json_without_finite_numbers_is_refused_in_a_position_file(tmp_path, raw):
    path = tmp_path / "position.json"
    path.write_bytes(raw)
    refused_r1(lambda: read_json_file(str(path), "position", "R1"))


def test_a_position_that_is_valid_json_with_fractions_is_still_read(tmp_path):
    """The hook that refuses 1e309 reads every finite number as json does."""
    path = tmp_path / "position.json"
    path.write_text(json.dumps({**EXAMPLE_POSITION, "note": [0.5, -2.25e10, 1e308]}))
    assert read_json_file(str(path), "position", "R1")["note"] == [0.5, -2.25e10, 1e308]


UNREADABLE = [(w, r) for w, r in HOSTILE if w != "wrong types"]  # JSON the reader refuses


@pytest.mark.parametrize("what, raw", UNREADABLE, ids=[w for w, _r in UNREADABLE])
def test_a_hostile_position_file_gives_one_r1_line_at_the_command_line(tmp_path, capsys,
                                                                         what, raw):
    (tmp_path / "position.json").write_bytes(raw)
    (tmp_path / "moves.json").write_text("{}")
    with pytest.raises(SystemExit) as status:
        cli(["round", str(tmp_path / "position.json"), str(tmp_path / "moves.json")])
    assert status.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("R1: ") and err.count("\n") == 1


@pytest.mark.parametrize("lang, said", [("en", "This link could not be opened"),
                                        ("pt", "Não foi possível abrir este link")])
@pytest.mark.parametrize("what, raw", HOSTILE[:4], ids=[w for w, _r in HOSTILE[:4]])
def test_a_hostile_link_opens_the_app_with_a_notice(lang, said, what, raw):
    app = build_app(query=f"game={link(raw)}&seed=9&lang={lang}", how_to_play=False)
    assert not app.error_message
    shown = html.unescape(app.explain.widget.value)
    assert said in shown and "R1" in shown
    assert app.game.seed == 9 and app.game.decisions == []


def upload(app, name: str, content: bytes) -> None:
    app.open_upload([{"name": name, "content": memoryview(content)}])


@pytest.mark.parametrize("what, raw", [*HOSTILE, ("20 MB", b" " * 20_000_000)],
                         ids=[*(w for w, _r in HOSTILE), "20 MB"])
def test_a_hostile_upload_is_refused_and_the_game_goes_on(what, raw):
    app = build_app(seed=3, how_to_play=False)
    app.next_step()
    before = app.game.record()
    upload(app, "bad.json", raw)
    warning = html.unescape(app.explain.warning)
    assert "bad.json could not be opened" in warning and "R1:" in warning
    assert not app.error_message and app.game.record() == before
    app.confirm_cards(app.game.hand("red"))  # the page goes on: red's cards, face down
    assert not app.error_message and app.game.decisions


def test_a_hostile_upload_is_refused_in_portuguese():
    app = build_app(seed=3, how_to_play=False, lang="pt")
    upload(app, "ruim.json", b"[" * DEEP)
    warning = html.unescape(app.explain.warning)
    with speaking("pt"):
        reason = str(refused_r1(lambda: loads(b"[" * DEEP)))
    with speaking("en"):
        english = str(refused_r1(lambda: loads(b"[" * DEEP)))
    assert reason != english and reason in warning and "ruim.json" in warning
