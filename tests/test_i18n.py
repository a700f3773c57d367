"""Languages (issue 11): the catalogs are complete and compiled, and switching works."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import aton
from aton import i18n

ROOT = Path(__file__).resolve().parents[1]


def _catalogs_tool():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("catalogs", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("domain", list(i18n.DOMAINS))
def test_every_message_is_translated_with_the_same_placeholders(domain):
    """Each domain's .po has every message of the code, translated, with the English message's
    placeholders, and its shipped .mo is compiled from it (python tools/catalogs.py)."""
    tool = _catalogs_tool()
    assert tool.problems(domain, "pt_BR") == []


def test_placeholder_check_bites():
    tool = _catalogs_tool()
    assert tool.placeholders("Round {round} begins: {player}") == ["player", "round"]
    assert tool.placeholders("Rodada {round} começa") != tool.placeholders("{round} {player}")


@pytest.mark.parametrize("code, expected", [("pt", "pt"), ("pt-BR", "pt"), ("pt_BR", "pt"),
                                            ("PT", "pt"), ("en-GB", "en"), ("en", "en")])
def test_language_codes(code, expected):
    assert aton.set_language(code) == expected
    assert aton.language() == expected


@pytest.mark.parametrize("bad", ["", "de", "klingon", None, 3])
def test_unknown_language_is_refused_and_nothing_changes(bad):
    aton.set_language("pt")
    with pytest.raises(ValueError, match="en, pt"):
        aton.set_language(bad)
    assert aton.language() == "pt"


@pytest.mark.parametrize("header, expected", [
    ("pt-BR,pt;q=0.9,en;q=0.8", "pt"), ("en-US,en;q=0.9,pt;q=0.8", "en"),
    ("de-DE,de;q=0.9,pt;q=0.5", "pt"), ("fr", "en"), ("", "en"), (None, "en"),
    ("en;q=0.2, pt-PT;q=0.7", "pt"), ("pt;q=abc, en", "en")])
def test_browser_language(header, expected):
    assert i18n.best_match(header) == expected


@pytest.mark.parametrize("lang, written", [
    ("en", ["3", "1.5", "0.6", "9.5", "0", "2.3"]),
    ("pt", ["3", "1,5", "0,6", "9,5", "0", "2,3"])])
def test_numbers_are_written_as_the_language_writes_them(lang, written):
    """A number with decimals takes the language's sign (3,4 s in Portuguese), and no more
    decimals than it needs: 3 seconds, not 3.0."""
    aton.set_language(lang)
    assert [i18n.number(v) for v in (3.0, 1.5, 0.6, 9.5, 0.0, 2.25000001)] == written
    assert i18n.decimal(3.0) == ("3.0" if lang == "en" else "3,0")
    assert i18n.number(10) == "10"
    assert i18n.number(1.25, 2) == ("1.25" if lang == "en" else "1,25")
