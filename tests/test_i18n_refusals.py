"""Issue 11, the engine's part in Portuguese: refusals, the rules, How to play, the scenarios.

A refusal is written in the language current when it is read; in Portuguese it names the same
rule id as in English, and the game or the input refused stays exactly as it was. The rulebook
in Portuguese (aton/teaching/data/rules.pt.md) has the same rule ids in the same order and the same
numbers in each rule. How to play, the rule titles, the computer levels and the scenario
descriptions follow the language too, and English stays as it was.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest
from helpers import (
    EXAMPLE_MOVES,
    EXAMPLE_POSITION,
    a_record,
    advance_to,
    keep_cards,
    make_position,
    malformed_position,
    snapshot,
)
from test_formats import MALFORMED_MOVES, MALFORMED_POSITIONS

import aton
from aton import Game, RuleError, bots, scenarios
from aton.engine.files import read_json_file
from aton.engine.records import loads
from aton.teaching import rulebook
from aton.teaching.howto import HOW_TO_PLAY, SECTIONS, how_to_play, how_to_play_text

ROOT = Path(__file__).resolve().parents[1]
#: Words of English sentences that never occur in a Portuguese one (values quoted in a message,
#: like 'red assign 3142', are taken out before looking).
ENGLISH = re.compile(r"\b(the|must|got|is|are|not|and|of|only|but|has|holds|square|squares|"
                     r"counter|counters|card|cards)\b")
PORTUGUESE = re.compile(r"\b(não|deve|veio|casa|casas|pedra|pedras|templo|cartucho|rodada|"
                        r"jogo|registro|posição|semente|arquivo|vermelho|azul|mão|cartas)\b")


class Read(NamedTuple):
    """A refusal as read in one language: its rule id, its sentence and ``str()``."""

    rule: str
    detail: str
    text: str

    def __str__(self) -> str:
        return self.text


def raised(call, code: str) -> Read:
    """The RuleError ``call`` raises with the language set to ``code``, read in that language
    (a refusal writes its sentence when it is read: tests/test_i18n_late_refusals.py)."""
    aton.set_language(code)
    try:
        with pytest.raises(RuleError) as e:
            call()
        return Read(e.value.rule, e.value.detail, str(e.value))
    finally:
        aton.set_language("en")


def in_both(call) -> tuple[Read, Read]:
    """The refusal in English and in Portuguese, checked to be the same rule, and the
    Portuguese one to be Portuguese."""
    en, pt = raised(call, "en"), raised(call, "pt")
    assert pt.rule == en.rule, (str(en), str(pt))
    assert str(pt).startswith(pt.rule + ": ")
    assert str(pt) != str(en)
    words = re.sub(r"'[^']*('|…)|\"[^\"]*\"", "", pt.detail)
    assert not ENGLISH.findall(words), str(pt)
    assert PORTUGUESE.search(words), str(pt)
    return en, pt


# ---------------------------------------------------------------------- refusals of files


@pytest.mark.parametrize("what, change, rule", MALFORMED_POSITIONS,
                         ids=[m[0] for m in MALFORMED_POSITIONS])
def test_a_malformed_position_is_refused_in_portuguese_naming_the_same_rule(what, change, rule):
    pos = malformed_position(change)
    kept = copy.deepcopy(pos)
    _, pt = in_both(lambda: Game.from_position(pos))
    assert pt.rule == rule
    assert pos == kept


@pytest.mark.parametrize("what, board, scores, winner, end", [
    ("40 points", None, (40, 3), None, None),
    ("a whole temple", {"T3": "r" * 12}, (0, 0), None, None),
    ("all yellow", {"T1": "bbbb", "T2": "bbbb", "T3": "bbb", "T4": "bbb"}, (0, 0), None, None),
    ("won by points without them", None, (12, 3), "red", "points"),
    ("won by temple without one", None, (0, 0), "blue", "temple"),
    ("scoring end below 40", None, (30, 20), "red", "scoring"),
    ("scoring end, the wrong winner", None, (45, 41), "blue", "scoring"),
])
def test_a_position_whose_ending_contradicts_the_board_is_refused_in_portuguese(
        what, board, scores, winner, end):
    pos = make_position(board=board, scores=scores, winner=winner, end=end)
    _, pt = in_both(lambda: Game.from_position(pos))
    assert pt.rule in ("R18", "R19")


def test_a_position_file_that_cannot_be_read_is_refused_in_portuguese(tmp_path):
    path = tmp_path / "start.json"
    for data in (b"{not json", "é".encode("latin-1"), b"[" * 100_000 + b"]" * 100_000):
        path.write_bytes(data)
        en, pt = in_both(lambda: read_json_file(str(path), "position", "R1"))
        assert en.detail.startswith("the position file ")
        assert pt.detail.startswith("o arquivo de posição ")
    in_both(lambda: loads(17))  # not text at all


@pytest.mark.parametrize("what, moves, rule, player", MALFORMED_MOVES,
                         ids=[m[0] for m in MALFORMED_MOVES])
def test_bad_round_moves_are_refused_in_portuguese_naming_the_same_rule(what, moves, rule,
                                                                        player):
    pos = copy.deepcopy(EXAMPLE_POSITION)
    kept_pos, kept_moves = copy.deepcopy(pos), copy.deepcopy(moves)
    _, pt = in_both(lambda: aton.play_round(pos, moves))
    assert pt.rule == rule
    assert {"red": "vermelho", "blue": "azul"}[player] in str(pt)
    assert pos == kept_pos and moves == kept_moves


def test_a_round_of_a_finished_game_is_refused_in_portuguese():
    pos = make_position(scores=(41, 3), winner="red", end="points")
    en, pt = in_both(lambda: aton.play_round(pos, EXAMPLE_MOVES))
    assert "red won by points" in str(en) and "vermelho venceu por pontos" in str(pt)


# ---------------------------------------------------------------------- records and seeds


@pytest.mark.parametrize("what, change, rule", [
    ("not an object", lambda r: ["aton-record"], "R1"),
    ("wrong format", lambda r: {**r, "format": "pgn"}, "R1"),
    ("version 2", lambda r: {**r, "version": 2}, "R1"),
    ("decisions a text", lambda r: {**r, "decisions": "red exchange no"}, "R1"),
    ("steps negative", lambda r: {**r, "steps": -1}, "R1"),
    ("steps beyond the decisions", lambda r: {**r, "steps": r["steps"] + 50}, "R1"),
    ("steps before the decisions", lambda r: {**r, "steps": 3}, "R1"),
    ("malformed start", lambda r: {**r, "start": {**EXAMPLE_POSITION, "round": "3"}}, "R11"),
    ("exchange maybe", lambda r: {**r, "decisions": ["red exchange maybe"]}, "R5"),
    ("assign 31x2", lambda r: {**r, "decisions": r["decisions"][:2] + ["red assign 31x2"]},
     "R6"),
    ("unknown player", lambda r: {**r, "decisions": ["green exchange no"]}, "R1"),
    ("unknown kind", lambda r: {**r, "decisions": ["red pass no"]}, "R1"),
    ("not a square", lambda r: {**r, "decisions": r["decisions"][:4] + ["blue place T5.1"]},
     "R3"),
])
def test_a_bad_record_is_refused_in_portuguese_naming_the_same_rule(what, change, rule):
    record = change(a_record())
    kept = copy.deepcopy(record)
    _, pt = in_both(lambda: aton.replay(record))
    assert pt.rule == rule
    assert record == kept


def test_an_unreadable_record_text_is_refused_in_portuguese():
    _, pt = in_both(lambda: loads("{not json"))
    assert pt.detail.startswith("o registro não é um JSON válido")


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True, 2**63, 10**5000],
                         ids=["-1", "1.5", "text", "True", "2**63", "5000 digits"])
def test_a_bad_seed_is_refused_in_portuguese_saying_what_it_shuffles(seed):
    _, pt = in_both(lambda: aton.new_position(seed))
    assert pt.rule == "R1" and "os baralhos de um jogo novo" in str(pt)
    _, pt = in_both(lambda: aton.play_round(EXAMPLE_POSITION, EXAMPLE_MOVES, seed))
    assert pt.rule == "R4" and "pilha de descarte" in str(pt)
    if seed == 10**5000:
        assert "um número inteiro de 5001 algarismos" in str(pt)


# ---------------------------------------------------------------------- decisions in a game


def refused_in_both(game: Game, choice) -> tuple[Read, Read]:
    """``choice`` refused in both languages, the game exactly as it was after each."""
    before = snapshot(game)
    en, pt = in_both(lambda: game.decide(choice))
    assert snapshot(game) == before
    return en, pt


def test_illegal_decisions_are_refused_in_portuguese_and_change_nothing():
    game = Game.new(7)
    game.advance()
    _, pt = refused_in_both(game, "maybe")  # R5
    assert pt.rule == "R5" and str(pt).startswith("R5: vermelho: a escolha da troca")
    while game.pending.kind == "exchange":
        game.decide(False)
        game.advance()
    assert game.pending.kind == "assign"
    hand = sorted(game.view("red").hand)
    for choice in ([1, 2], "3142", [5, 5, 5, 5]):
        _, pt = refused_in_both(game, choice)
        assert pt.rule == "R6" and "vermelho: " in str(pt)
    _, pt = refused_in_both(game, hand[:3] + [9])
    assert pt.rule == "R6" and "não são a mão" in str(pt)


def test_refused_squares_in_portuguese_name_rules_r3_r12_r13_r10():
    # Round 2, red plays a 1 on cartouche 3 (temple 1 only) and a 4 on cartouche 4.
    pos = make_position(board={"T1": "r..b"}, red=[2, 3, 1, 4], blue=[4, 1, 4, 1])
    game = Game.from_position(pos, 0)
    cards = {"red": [2, 3, 1, 4], "blue": [4, 1, 4, 1]}
    advance_to(game, "place", "red", answer=keep_cards(cards))
    _, pt = refused_in_both(game, "T9.9")
    assert pt.rule == "R3" and "não é uma casa" in str(pt)
    en, pt = refused_in_both(game, "T2.1")
    assert pt.rule == "R12"
    assert "cartouche 3 shows a 1, which allows only temple 1" in str(en)
    assert "o cartucho 3 mostra um 1, que só permite o templo 1" in str(pt)
    _, pt = refused_in_both(game, "T1.1")
    assert pt.rule == "R13" and "T1.1 já está ocupada" in str(pt)


def test_a_refused_removal_in_portuguese_says_whose_counter_it_must_take():
    # Round 2: blue's 4 on cartouche 2 removes 2 red counters from temples 1-4.
    pos = make_position(board={"T1": "rb..", "T2": "rr"}, red=[1, 1, 4, 1], blue=[4, 4, 4, 4])
    game = Game.from_position(pos, 0)
    cards = {"red": [1, 1, 4, 1], "blue": [4, 4, 4, 4]}
    advance_to(game, "remove", "blue", answer=keep_cards(cards))
    en, pt = refused_in_both(game, "T1.2")
    assert pt.rule == "R10"
    assert "holds a blue counter; the removal must take a red counter" in str(en)
    assert "tem uma pedra azul; a remoção precisa tirar uma pedra vermelha" in str(pt)
    _, pt = refused_in_both(game, "T1.3")
    assert "está vazia" in str(pt)


def test_decision_texts_are_refused_in_portuguese_and_keep_the_text_form():
    for text in ("red exchange maybe", "red assign 31x2", "blue place T4.13", "red exchange",
                 "green exchange no", "red pass no", None):
        in_both(lambda text=text: aton.Decision.parse(text))
    assert "'red assign 3142'" in str(raised(lambda: aton.Decision.parse(None), "pt"))


def test_value_errors_a_person_sees_are_in_portuguese():
    game = Game.new(2)
    aton.set_language("pt")
    with pytest.raises(ValueError, match="Nada para desfazer"):
        game.undo()
    with pytest.raises(ValueError, match="jogador desconhecido 'nope'"):
        bots.get("nope")
    aton.set_language("en")
    with pytest.raises(ValueError, match="Nothing to undo"):
        game.undo()


# ---------------------------------------------------------------------- the rules


def rule_blocks(text: str) -> dict[str, str]:
    """rule id -> its whole text (up to the next rule, list item or heading)."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        start = re.match(r"^- (R\d+)\. ", line)
        if start:
            current = start.group(1)
            blocks[current] = [line]
        elif line.startswith(("- ", "#")):
            current = None
        elif current:
            blocks[current].append(line)
    return {rid: "\n".join(lines) for rid, lines in blocks.items()}


def test_the_portuguese_rulebook_has_the_same_ids_and_numbers():
    en = (ROOT / "aton" / "teaching" / "data" / "rules.md").read_text(encoding="utf-8")
    pt = (ROOT / "aton" / "teaching" / "data" / "rules.pt.md").read_text(encoding="utf-8")
    en_rules, pt_rules = rule_blocks(en), rule_blocks(pt)
    assert list(pt_rules) == list(en_rules) == [f"R{n}" for n in range(1, 20)]
    for rid in en_rules:
        assert Counter(re.findall(r"\d", pt_rules[rid])) == Counter(
            re.findall(r"\d", en_rules[rid])), rid
    # The same structure: headings, the R3 table's rows, R16's six lines.
    assert len(re.findall(r"^## ", pt, re.MULTILINE)) == len(re.findall(r"^## ", en, re.MULTILINE))
    assert [line for line in pt.splitlines() if line.startswith("  | ")][2:] == [
        line for line in en.splitlines() if line.startswith("  | ")][2:]
    assert Counter(re.findall(r"\d", pt.split("\n## ")[-1])) == Counter(
        re.findall(r"\d", en.split("\n## ")[-1]))  # the worked examples
    docs = ROOT / "docs" / "rules.pt.md"
    shipped = ROOT / "aton" / "teaching" / "data" / "rules.pt.md"
    assert docs.is_symlink() and docs.resolve() == shipped.resolve()


def test_the_rulebook_follows_the_language():
    en_ids = rulebook.rule_ids()
    en_text = rulebook.rule_text("R12")
    aton.set_language("pt")
    assert rulebook.rule_ids() == en_ids
    assert rulebook.rule_text("R12").startswith("Cartucho 3: uma carta de valor v permite")
    assert rulebook.rule_section("R16") == "O Reino dos Mortos e a rodada de contagem"
    assert "| 3 | Y Y Y +1 | K K K B | G G G +1 |" in rulebook.rule_text("R3")
    assert rulebook.rule_text("R16").count("\n- ") == 6
    assert rulebook.RULE_TITLES["R12"] == "cartucho 3: quais templos"
    assert rulebook.rule_title("R15") == "o Reino dos Mortos"
    assert rulebook.rules_markdown().startswith("# Aton: as regras")
    with pytest.raises(KeyError, match="R1 a R19"):
        rulebook.rule_text("R20")
    aton.set_language("en")
    assert rulebook.rule_text("R12") == en_text
    assert rulebook.RULE_TITLES["R12"] == "cartouche 3: which temples"
    assert rulebook.rules_markdown("pt") != rulebook.rules_markdown()


# ---------------------------------------------------------------------- How to play


def test_how_to_play_in_portuguese():
    english = how_to_play_text()
    aton.set_language("pt")
    text = how_to_play_text()
    for word in ("cartucho", "Reino dos Mortos", "pedras", "Como vencer", "T3.8"):
        assert word in text, word
    assert next(iter(HOW_TO_PLAY))[0] == "Como vencer"  # what the app's panel reads
    assert not ENGLISH.search(text)
    assert rulebook.RULE_ID.findall(text) == rulebook.RULE_ID.findall(english)
    assert Counter(re.findall(r"\d", text)) == Counter(re.findall(r"\d", english))
    for (_, english_lines), (_, lines) in zip(SECTIONS, how_to_play()):
        # the same lines, and list items stay list items (the app's panel shows them as a list)
        assert [line.startswith("• ") for line in lines] == [
            line.startswith("• ") for line in english_lines]
    aton.set_language("en")
    assert how_to_play_text() == english and english.startswith("How to win\n")


# ---------------------------------------------------------------------- scenarios and levels


def test_scenario_descriptions_in_portuguese_and_the_files_unchanged():
    english = scenarios.catalogue()
    aton.set_language("pt")
    portuguese = scenarios.catalogue()
    assert list(portuguese) == list(english)
    for name, text in portuguese.items():
        assert text and text != english[name], name
        assert PORTUGUESE.search(text), text
        assert Counter(re.findall(r"\d", text)) == Counter(re.findall(r"\d", english[name]))
        assert scenarios.load(name)["description"] == english[name]  # the file is a fact
    assert portuguese["04_war"].startswith("Rodada 6:") and "guerra" in portuguese["04_war"]


def test_computer_levels_in_portuguese():
    english = dict(bots.LEVELS)
    aton.set_language("pt")
    assert list(bots.LEVELS) == bots.names() == list(english)
    assert bots.LEVELS["easy"] == (f"pensa um pouco à frente (até {bots.SEARCH_BUDGETS['easy']} "
                                   "rodadas simuladas por jogada)")
    assert all(bots.LEVELS[name] != english[name] for name in english)
    aton.set_language("en")
    assert bots.LEVELS["strong"] == (f"searches ahead hard (up to {bots.SEARCH_BUDGETS['strong']} "
                                     "simulated rounds a move), judging positions as thousands "
                                     "of games taught it")


def test_what_the_next_step_will_do_in_portuguese():
    game = Game.new(7)
    assert game.upcoming == "a new round: each player draws 4 cards (R4)"
    aton.set_language("pt")
    assert game.upcoming == "uma nova rodada: cada jogador compra 4 cartas (R4)"
    seen = set()
    while not game.over and len(seen) < 12:
        coming = game.upcoming
        if coming is not None:
            seen.add(coming)
            assert not ENGLISH.search(coming) and rulebook.RULE_ID.search(coming), coming
            game.step()
        else:
            game.decide(game.options()[0])
    assert any(re.search(r"\b(o|do) (vermelho|azul)\b", text) for text in seen), seen
