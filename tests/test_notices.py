"""Notices that say the right thing (issue 17, item 6): a scenario is called a scenario, a
value that does not print is quoted so that it shows, a long value is cut with "…", and every
refusal of the command line starts with its rule id (R1 for a file that cannot be read or a
command line that cannot be used, the seed's own rule for a seed).
"""

from __future__ import annotations

import html
import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest
from helpers import EXAMPLE_MOVES, EXAMPLE_POSITION, plain

from aton.app import build_app
from aton.app.address import parse_query, visible
from aton.cli import main as cli

EN_PT = [("en", "There is no scenario called", "The scenarios are:"),
         ("pt", "Não existe cenário chamado", "Os cenários são:")]


def notice(app) -> str:
    return plain(app.explain.widget.value)


def test_visible_shows_what_was_given():
    assert visible("abc") == "abc"
    assert visible("") == '""'
    assert visible("\x00") == r"\x00"
    assert visible("a\nb\u200b") == r"a\nb\u200b"
    assert visible("1" + "0" * 5000) == "1" + "0" * 22 + "…"
    assert len(visible("é" * 30)) == 24 and visible("é" * 30).endswith("…")
    assert visible("\x00" * 24).endswith("…") and len(visible("\x00" * 24)) == 24


@pytest.mark.parametrize("lang, no_such, known", EN_PT)
def test_an_unknown_scenario_is_called_a_scenario(lang, no_such, known):
    app = build_app(query=f"scenario=../../etc/passwd&lang={lang}", how_to_play=False)
    said = notice(app)
    assert f"{no_such} ../../etc/passwd" in said and known in said
    assert "lesson" not in said.lower().replace("lessons", "") and "lição" not in said
    assert app.scenario is None and not app.error_message


@pytest.mark.parametrize("lang, no_such, _known", EN_PT)
def test_a_name_that_does_not_print_is_quoted_visibly(lang, no_such, _known):
    app = build_app(query=f"scenario=%00&lang={lang}", how_to_play=False)
    assert f"{no_such} \\x00." in notice(app)
    app = build_app(query=f"scenario=%E2%80%8B%0A&lang={lang}", how_to_play=False)
    assert f"{no_such} \\u200b\\n." in notice(app)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_lesson_name_that_does_not_print_is_quoted_visibly(lang):
    app = build_app(query=f"lesson=%00%01&lang={lang}", how_to_play=False)
    assert "\\x00\\x01" in notice(app) and not app.error_message


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_5001_digit_seed_is_quoted_cut_with_an_ellipsis(lang):
    seed = "1" + "0" * 5000
    out = parse_query(f"seed={seed}&lang={lang}")
    assert "seed" not in out
    said = out["notices"][0].write()
    assert "seed=1" + "0" * 22 + "…" in said
    assert "0" * 23 not in said


def test_an_empty_or_control_value_in_the_address_shows():
    said = [html.unescape(n.write()) for n in parse_query("opponent=&learner=%07")["notices"]]
    assert 'opponent=""' in said[0] and r"learner=\x07" in said[1]


# ---------------------------------------------------------------------- the command line


def refusal(*args: str) -> str:
    """The one line on stderr of a refused command line (exit status 2, nothing on stdout)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = cli(list(args))
        except SystemExit as e:
            status = e.code
    assert status == 2 and out.getvalue() == "", (status, err.getvalue()[:300])
    lines = err.getvalue().splitlines()
    assert len(lines) == 1, err.getvalue()[:300]
    return lines[0]


def bad_command_lines(tmp) -> list[tuple[list[str], str]]:
    """Command lines the CLI refuses, with the rule each refusal must start with."""
    position, moves = tmp / "position.json", tmp / "moves.json"
    position.write_text(json.dumps(EXAMPLE_POSITION))
    moves.write_text(json.dumps(EXAMPLE_MOVES))
    (tmp / "bad.json").write_bytes(b"\xff{")
    good = [str(position), str(moves)]
    lines: list[tuple[list[str], str]] = [
        (["round", str(tmp), str(moves)], "R1"),  # a directory (issue 17: "Is a directory")
        (["round", str(position), str(tmp)], "R1"),
        (["round", str(tmp / "nope.json"), str(moves)], "R1"),
        (["round", str(position), str(tmp / "nope.json")], "R1"),
        (["round", "a\x00.json", str(moves)], "R1"),
        (["round", str(position), "b\x00.json"], "R1"),
        (["round", str(tmp / "bad.json"), str(moves)], "R1"),
        (["round", *good, "--seed", "-1"], "R4"),
        (["round", *good, "--seed", "1" * 5001], "R4"),
        (["new", "--seed", "abc"], "R1"),
        (["new", "--seed", str(2**63)], "R1"),
        (["play", "--seed", "1.5"], "R1"),
        (["new", "--lang", "xx"], "R1"),
        (["new", "--lang"], "R1"),
        ([], "R1"),
        (["move"], "R1"),
        (["round"], "R1"),
        (["round", str(position)], "R1"),
        (["new", "extra"], "R1"),
        (["new", "--seed"], "R1"),
        (["play", "--against", "R5: grandmaster"], "R1"),  # no rule id taken from a value
        (["play", "--as", "green"], "R1"),
        (["x" * 100_000], "R1"),
    ]
    return lines


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_command_line_refusal_starts_with_its_rule_id(tmp_path, lang):
    for args, rule in bad_command_lines(tmp_path):
        line = refusal(*args, "--lang", lang) if "--lang" not in args else refusal(*args)
        assert re.match(rf"{rule}: \S", line), (args[:4], line[:200])


def test_a_directory_given_as_a_file_says_r1_and_why(tmp_path):
    (tmp_path / "moves.json").write_text("{}")
    line = refusal("round", str(tmp_path), str(tmp_path / "moves.json"))
    assert line.startswith("R1: cannot read the position file") and "directory" in line
    line = refusal("new", "--seed", "-1", "--lang", "pt")
    assert line.startswith("R1: aton: argument --seed: ") and "-1" in line
