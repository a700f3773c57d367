"""The engine's story in Portuguese (issue 11, part A): events, prompts, board words and the CLI.

The same seeded games are played in English and in Portuguese: only the sentences change; the
events' type, rule and data, the decisions and the JSON keys stay exactly the same.
"""

from __future__ import annotations

import base64
import json
import re

import pytest
from helpers import make_moves, make_position, run_cli

import aton
from aton import Game, scenarios
from aton.engine.board import COLOUR_NAMES, describe_square, temples_text
from aton.engine.errors import player_name
from aton.engine.events import TEXTS, Event
from aton.engine.render import game_html
from aton.engine.scoring import LINE_TITLES, LINES
from aton.engine.steps import AskAssign, AskExchange, AskPlace, AskRemove, AskTakeBack
from aton.players import GreedyPlayer, RandomPlayer
from aton.teaching.cartouches import CARTOUCHE_NAMES, meaning

#: English words that must not be left in a Portuguese sentence (as whole words).
ENGLISH = re.compile(
    r"\b(the|an|and|of|counters?|cartouches?|rounds?|kingdom|dead|squares?|temples?|stock|"
    r"scores?|red|blue|player|cards?|goes|first|second|removes|places?|takes?|back|points|"
    r"draw|pile|wins?|nothing|there|choose|empty|own|last|still|game|over|bonus|black|"
    r"yellow|green|turquoise|majority|tie|war|hand|exchange)\b", re.IGNORECASE)

#: A round that fills the Kingdom of the Dead and so has a scoring round (R16, R17).
FILLING_POSITION = make_position(board={"T1": "rr"}, kingdom=(3, 3), red=[1, 2, 4, 1],
                                 blue=[1, 4, 1, 1])
FILLING_MOVES = make_moves([1, 2, 4, 1], [1, 4, 1, 1], red_place=["T4.1"], blue_place=["T1.5"])


def english_left(text: str) -> list[str]:
    return ENGLISH.findall(text)


def play(game: Game, red, blue, language: str) -> tuple[list[Event], list[tuple[str, str]]]:
    """Play ``game`` to the end in ``language``; its events and every prompt asked (kind,
    prompt), the prompts read when they were asked."""
    aton.set_language(language)
    bots = {"red": red, "blue": blue}
    prompts = []
    while not game.over:
        pending = game.pending
        if pending is None:
            game.advance()
            continue
        prompts.append((pending.kind, pending.prompt))
        game.decide(bots[pending.player].choose(game.view(pending.player)))
    return list(game.events), prompts


def games():
    """The golden playthrough's game, two more seeded games and every scenario played on."""
    yield "Game.new(1)", lambda: Game.new(1), lambda: (GreedyPlayer(1), RandomPlayer(2))
    for seed in (5, 23):
        yield f"Game.new({seed})", (lambda s=seed: Game.new(s)), (
            lambda s=seed: (RandomPlayer(s), GreedyPlayer(s + 1)))
    for name in scenarios.names():
        yield name, (lambda n=name: Game.from_position(scenarios.load(n), 3)), (
            lambda: (RandomPlayer(4), RandomPlayer(5)))


@pytest.mark.parametrize("name, new_game, new_bots", list(games()), ids=[g[0] for g in games()])
def test_a_whole_game_tells_the_same_facts_in_portuguese(name, new_game, new_bots):
    en_events, en_prompts = play(new_game(), *new_bots(), "en")
    pt_events, pt_prompts = play(new_game(), *new_bots(), "pt")
    assert [(e.type, e.rule, e.data) for e in pt_events] == [
        (e.type, e.rule, e.data) for e in en_events]
    assert [kind for kind, _ in pt_prompts] == [kind for kind, _ in en_prompts]
    for en, pt in zip(en_events, pt_events):
        aton.set_language("en")
        english = en.text
        aton.set_language("pt")
        portuguese = pt.text
        assert portuguese and portuguese != english, (en.type, english)
        assert not english_left(portuguese), (english_left(portuguese), portuguese)
        assert portuguese[0].isupper() or portuguese[0].isdigit(), portuguese
        assert set(re.findall(r"R\d+", portuguese)) == set(re.findall(r"R\d+", english))
        assert set(re.findall(r"T\d\.\d+", portuguese)) == set(re.findall(r"T\d\.\d+", english))
    for (_, english), (_, portuguese) in zip(en_prompts, pt_prompts):
        assert portuguese != english and not english_left(portuguese), portuguese


def test_the_golden_game_reads_in_portuguese_with_the_glossary_words():
    events, _ = play(Game.new(1), GreedyPlayer(1), RandomPlayer(2), "pt")
    texts = " ".join(e.text for e in events)
    for word in ("cartucho", "pedra", "Reino dos Mortos", "rodada de contagem", "templo",
                 "reserva", "casa", "vermelho", "azul", "pontos"):
        assert word in texts, word
    first = {e.type: e.text for e in reversed(events)}
    assert first["round"] == ("Começa a rodada 1: cada jogador compra as 4 cartas de cima do "
                              "seu próprio monte de compra (R4).")
    assert first["place"].startswith("O vermelho coloca uma pedra em T2.5 (uma casa preta)")
    assert first["turn"] == ("O vermelho joga primeiro e agora resolve os cartuchos 2, 3 e 4 "
                             "(R9). O cartucho 3 mostra um 3: o vermelho pode remover e colocar "
                             "pedras nos templos 1 a 3 (R12).")


# Facts of events that few games reach, written as the engine writes them.
RARE_EVENTS = [
    Event("order", "R8", {"first": "red", "second": "blue", "reason": "war", "exhausted": True,
                          "cartouche1": {"red": 2, "blue": 2},
                          "cartouche2": {"red": 3, "blue": 3}, "war": [(1, 1), (4, 4)]}),
    Event("score", "R16", {"line": "temple4", "counts": {"red": 3, "blue": 1},
                           "player": "red", "points": {"red": 3, "blue": 0},
                           "all_temples": False, "blue_squares": 1}),
    Event("take_back_plan", "R17", {"player": "blue", "count": 0, "temples": [],
                                    "reason": "goes second"}),
    Event("end", "R19", {"winner": "draw", "reason": "scoring",
                         "scores": {"red": 41, "blue": 41}}),
    Event("end", "R18", {"winner": "blue", "reason": "temple", "temple": 3}),
    Event("end", "R18", {"winner": "blue", "reason": "yellow"}),
    Event("end", "R18", {"winner": "red", "reason": "green"}),
    Event("end", "R18", {"winner": "red", "reason": "points", "score": 42}),
    Event("placement", "R13", {"player": "blue", "card": 4, "take": 3, "cartouche3": 1,
                               "free": 0, "kingdom_room": 1}),
    Event("removal", "R10", {"player": "red", "card": 4, "cartouche3": 2, "first_round": False,
                             "count": 2, "target": "blue", "eligible": 1}),
    # Made by a view, never by a game: another player's exchange before the reveal (R5, R6).
    Event("secret", "R5", {"player": "red"}),
]


@pytest.mark.parametrize("event", RARE_EVENTS, ids=lambda e: e.type)
def test_rare_events_in_portuguese(event):
    english = event.text
    aton.set_language("pt")
    portuguese = event.text
    assert portuguese != english and not english_left(portuguese), portuguese
    assert set(re.findall(r"R\d+", portuguese)) == set(re.findall(r"R\d+", english))


def test_the_rare_events_english_is_unchanged():
    assert RARE_EVENTS[0].text.startswith("Both played a 3 on cartouche 2 and a 2 on cartouche "
                                          "1: war! Turned up: red 1 / blue 1; red 4 / blue 4.")
    assert RARE_EVENTS[8].text.endswith(
        "No square is free there: 3 counters cannot be placed, and 1 goes to the Kingdom of the "
        "Dead until it is full, and 2 stay in blue's stock (R13, R15).")
    aton.set_language("pt")
    assert RARE_EVENTS[8].text.endswith(
        "Nenhuma casa está livre lá: 3 pedras não podem ser colocadas; 1 vai para o Reino dos "
        "Mortos até ele ficar cheio, e 2 ficam na reserva do azul (R13, R15).")
    assert RARE_EVENTS[9].text.endswith("Só há 1 lá, então ela é removida.")


def test_every_event_type_has_a_sentence_in_both_languages():
    """The Portuguese games above and the rare events reach every kind of event there is."""
    reached = {e.type for e in RARE_EVENTS}
    for _, new_game, new_bots in games():
        reached |= {e.type for e in play(new_game(), *new_bots(), "pt")[0]}
    assert reached == set(TEXTS)


def test_a_remembered_sentence_is_the_one_written_and_follows_the_language():
    """A sentence whose facts are few is written once per language and then remembered: read
    again it is the sentence written afresh, and in the other language it is that language's."""
    game = Game.new(7)
    play(game, GreedyPlayer(1), RandomPlayer(2), "en")
    kinds = {"place", "take_back", "turn", "assign", "exchange", "end_round"}
    told = [e for e in game.events if e.type in kinds]
    assert {e.type for e in told} >= {"place", "turn", "assign", "exchange", "end_round"}
    for language in ("en", "pt", "en"):
        aton.set_language(language)
        for event in told:
            assert event.text == event.to_dict()["text"] == TEXTS[event.type](event.data)
        if language == "pt":
            assert not any(english_left(e.text) for e in told), told[0].text
    aton.set_language("en")
    assert told[0].text.startswith(("Red", "Blue"))


# Every kind of decision, with the last counter and with more still to go.
ASKS = [AskExchange(0), AskAssign(1), AskRemove(0, 1, 2, 3), AskRemove(1, 0, 1, 1),
        AskRemove(0, 0, 1, 2), AskRemove(1, 1, 2, 4), AskPlace(0, 4, 3), AskPlace(1, 1, 1),
        AskTakeBack(0, 3, 2, (2, 3)), AskTakeBack(1, 1, 4, ())]


@pytest.mark.parametrize("ask", ASKS, ids=lambda a: f"{a.kind}-{a.player}-{a.count}")
def test_every_prompt_in_portuguese(ask):
    english = ask.prompt
    aton.set_language("pt")
    portuguese = ask.prompt
    assert portuguese != english and not english_left(portuguese), portuguese
    assert portuguese.startswith(player_name(ask.p) + ": ")
    assert re.findall(r"R\d+", portuguese) == re.findall(r"R\d+", english) == [ask.rule]


def test_prompts_in_english_are_as_before():
    assert ASKS[2].prompt == ("red: choose a blue counter to remove from temples 1 to 3 "
                              "(2 still to go, R10)")
    assert ASKS[4].prompt == ("red: choose one of your own counters to remove from temples 1 "
                              "and 2 (the last one, R10)")
    assert ASKS[7].prompt == ("blue: choose an empty square in temple 1 for a counter (the last "
                              "one, R13)")
    aton.set_language("pt")
    assert ASKS[2].prompt == ("vermelho: escolha uma pedra azul para remover dos templos 1 a 3 "
                              "(faltam 2, R10)")
    assert ASKS[7].prompt == ("azul: escolha uma casa vazia no templo 1 para uma pedra (a última, "
                              "R13)")
    assert ASKS[8].prompt == ("vermelho: escolha uma das suas pedras no templo 2 para recolher "
                              "(faltam 3, R17)")


def test_cartouche_meanings_and_names_in_portuguese():
    for cartouche in (1, 2, 3, 4):
        for value in (1, 2, 3, 4):
            for kwargs in ({}, {"first_round": True}, {"stock": 1}):
                english = meaning(cartouche, value, "red", **kwargs)
                aton.set_language("pt")
                portuguese = meaning(cartouche, value, "red", **kwargs)
                aton.set_language("en")
                assert portuguese.startswith(f"Cartucho {cartouche} com um {value}:")
                assert not english_left(portuguese), portuguese
                assert re.findall(r"R\d+", portuguese) == re.findall(r"R\d+", english)
    aton.set_language("pt")
    assert meaning(3, 2, "blue") == ("Cartucho 3 com um 2: você pode remover e colocar pedras "
                                     "nos templos 1 e 2 (R12).")
    assert "2 pedras do azul" in meaning(2, 4, "red")
    assert "ninguém remove nada na rodada 1 (R11)" in meaning(2, 3, "red", first_round=True)
    assert [CARTOUCHE_NAMES[c] for c in (1, 2, 3, 4)] == ["pontos", "ordem + remoção",
                                                          "templos", "colocação"]


def test_board_words_follow_the_language():
    assert [LINE_TITLES[line] for line in LINES][-2:] == ["Black squares", "Bonus squares"]
    assert temples_text(3, "in") == "in temples 1 to 3"
    assert describe_square(6) == "T1.7 (temple 1, bonus +1)"
    aton.set_language("pt")
    assert [LINE_TITLES[line] for line in LINES] == ["Templo 1", "Templo 2", "Templo 3",
                                                     "Templo 4", "Casas pretas", "Casas de bônus"]
    assert "temple1" in LINE_TITLES and LINE_TITLES.get("nope") is None
    assert COLOUR_NAMES["B"] == "turquesa" and player_name("red") == "vermelho"
    assert [temples_text(v, "from") for v in (1, 2, 3)] == [
        "do templo 1", "dos templos 1 e 2", "dos templos 1 a 3"]
    assert describe_square(6) == "T1.7 (templo 1, bônus +1)"
    assert describe_square(7) == "T1.8 (templo 1, casa turquesa)"


def drawn(page: str) -> str:
    """A game's HTML with its board image's SVG written out (it is embedded base64)."""
    return re.sub(r'src="data:image/svg\+xml;base64,([^"]+)"',
                  lambda m: base64.b64decode(m.group(1)).decode(), page)


def test_the_drawn_board_in_portuguese():
    game = Game.new(4)
    english = drawn(game_html(game))
    aton.set_language("pt")
    portuguese = drawn(game_html(game))
    for word in ("Templo 1", "Templo 4", "Reino", "reserva", "compra/descarte", "Rodada 1",
                 "vermelho", "disponível", 'aria-label="Tabuleiro de Aton"'):
        assert word in portuguese, word
    assert ">Temple" not in portuguese and ">stock<" not in portuguese
    # Only the words change: the drawing (squares, counters, colours) is the same.
    assert re.sub(r">[^<]*<", "><", english) == re.sub(r">[^<]*<", "><", portuguese).replace(
        "Tabuleiro de Aton", "Aton board")


# ---------------------------------------------------------------------------- command line

def round_files(tmp_path) -> tuple[str, str]:
    (tmp_path / "position.json").write_text(json.dumps(FILLING_POSITION))
    (tmp_path / "moves.json").write_text(json.dumps(FILLING_MOVES))
    return str(tmp_path / "position.json"), str(tmp_path / "moves.json")


def keys(value) -> object:
    """The JSON's shape: its keys, all the way down (values left out)."""
    if isinstance(value, dict):
        return {k: keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [keys(v) for v in value]
    return None


@pytest.mark.parametrize("how", [("--lang", "pt", "round"), ("round", "--lang", "pt"),
                                 ("--lang=pt-BR", "round"), ("ENV",)])
def test_cli_round_in_portuguese_keeps_keys_types_rules_and_data(tmp_path, how):
    position, moves = round_files(tmp_path)
    english = run_cli("round", position, moves, "--seed", "3")
    args, env = list(how), None
    if how == ("ENV",):
        args, env = ["round"], {"ATON_LANG": "pt"}
    portuguese = run_cli(*args, position, moves, "--seed", "3", env=env)
    assert english.returncode == portuguese.returncode == 0, portuguese.stderr
    en, pt = json.loads(english.stdout), json.loads(portuguese.stdout)
    assert keys(pt) == keys(en)
    assert pt["position"] == en["position"] and pt["scoring"] == en["scoring"]
    assert [{k: v for k, v in e.items() if k != "text"} for e in pt["events"]] == [
        {k: v for k, v in e.items() if k != "text"} for e in en["events"]]
    assert any(e["type"] == "score" for e in pt["events"])  # a scoring round is told too
    for e_en, e_pt in zip(en["events"], pt["events"]):
        assert e_pt["text"] != e_en["text"] and not english_left(e_pt["text"]), e_pt["text"]
        assert set(re.findall(r"R\d+", e_pt["text"])) == set(re.findall(r"R\d+", e_en["text"]))


def test_cli_new_is_the_same_position_in_either_language():
    english = run_cli("new", "--seed", "12")
    portuguese = run_cli("new", "--seed", "12", "--lang", "pt")
    assert english.returncode == portuguese.returncode == 0
    assert json.loads(portuguese.stdout) == json.loads(english.stdout) == aton.new_position(12)


def test_cli_lang_en_and_default_are_english(tmp_path):
    position, moves = round_files(tmp_path)
    default = json.loads(run_cli("round", position, moves).stdout)
    english = json.loads(run_cli("--lang", "en", "round", position, moves,
                                 env={"ATON_LANG": "pt"}).stdout)
    assert default == english
    assert default["events"][0]["text"].startswith("Round 2 begins")


@pytest.mark.parametrize("args, env", [(("--lang", "xx", "new"), None),
                                       (("new", "--lang", "klingon"), None),
                                       (("new", "--lang"), None),
                                       (("new",), {"ATON_LANG": "de"})])
def test_cli_refuses_an_unknown_language(args, env):
    proc = run_cli(*args, env=env)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert "en, pt" in lines[0] and ("--lang" in lines[0] or "ATON_LANG" in lines[0])


def test_cli_refusals_and_help_in_portuguese(tmp_path):
    missing = run_cli("--lang", "pt", "round", str(tmp_path / "nope.json"),
                      str(tmp_path / "nope2.json"))
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.startswith("R1: não foi possível ler o arquivo de posição")
    position, _ = round_files(tmp_path)
    (tmp_path / "bad.json").write_text(json.dumps({"red": {"cards": [9, 9, 9, 9]}}))
    illegal = run_cli("round", position, str(tmp_path / "bad.json"), "--lang", "pt")
    assert illegal.returncode == 2 and len(illegal.stderr.strip().splitlines()) == 1
    # R6 (cards 9, 9, 9, 9 are no hand), said in Portuguese: red is "vermelho"
    assert illegal.stderr.startswith("R6: vermelho: ") and "deve listar" in illegal.stderr
    bad_command = run_cli("--lang", "pt", "fly")
    assert bad_command.returncode == 2 and "aton --help mostra como usar" in bad_command.stderr
    helped = run_cli("--lang", "pt", "--help")
    assert helped.returncode == 0
    assert "Jogue Aton pelas regras" in helped.stdout and "aton round" in helped.stdout
    assert "exemplos:" in helped.stdout and '"place": ["T1.1", "T4.8"]' in helped.stdout


def test_cli_in_process_restores_the_language(capsys):
    from aton import cli
    aton.set_language("en")
    assert cli.main(["--lang", "pt", "new", "--seed", "1"]) == 0
    assert aton.language() == "en"
    aton.set_language("pt")
    assert cli.main(["new", "--seed", "1"]) == 0  # the CLI's default is English…
    assert aton.language() == "pt"  # …and the caller's language is left as it was
    capsys.readouterr()


def test_play_rounds_events_read_the_language_once_and_say_what_each_event_says():
    """``events.to_dicts`` (``play_round``'s events) gives each event's ``to_dict``, in
    English and in Portuguese."""
    from aton.engine.events import to_dicts

    game = Game.new(11)
    play(game, GreedyPlayer(3), RandomPlayer(4), "en")
    for language in ("en", "pt"):
        aton.set_language(language)
        assert to_dicts(game.events) == [e.to_dict() for e in game.events]
    aton.set_language("en")


def test_english_plurals_need_no_catalog_and_portuguese_plurals_use_it():
    from aton.i18n import plural_translator

    _n = plural_translator("engine")
    one, many = "Only {eligible} is there, so it goes.", "Only {eligible} are there, so they all go."
    aton.set_language("en")
    assert [_n(one, many, n) for n in (0, 1, 2)] == [many, one, many]
    aton.set_language("pt")
    try:
        assert [_n(one, many, n) for n in (1, 2)] == [
            "Só há {eligible} lá, então ela é removida.",
            "Só há {eligible} lá, então todas são removidas."]
    finally:
        aton.set_language("en")
