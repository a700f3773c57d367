"""The app in Portuguese, and switching its language (issue 11), without a browser.

The app is built with ``lang="pt"`` (as ``?lang=pt`` builds it) or switched with its language
menu, and what its widgets say is read back. Switching rebuilds the page's widgets around the
same session, so the game's decisions, its round, the undo history, the lesson, the opponent,
your colour, projector mode and a moment looked back at must all survive it.
"""

from __future__ import annotations

import html
import re

import pytest
from helpers import assign, in_fresh_thread, new_app, plain

import aton
import aton.teaching.coach
from aton.app import app_from_query, parse_query
from aton.engine.records import decode_game, public_record
from aton.i18n import language, set_language


def buttons(app) -> list[str]:
    c = app.controls
    return [c.next.description, c.run.description, c.undo.description, c.new.description,
            c.replay.description, c.how_to.description, app.picker.confirm.description,
            app.projector.description]


# ---------------------------------------------------------------------- built in Portuguese


def test_the_app_built_in_portuguese_speaks_portuguese():
    app = new_app(seed=5, lang="pt")
    assert app.language == "pt" and language() == "en"  # the app's own: the process keeps its
    assert buttons(app) == ["Próximo passo ▸", "Até a minha decisão ▸▸",
                            "Desfazer minha decisão", "Jogo novo", "Repetir as cartas",
                            "Como jogar", "Confirmar: cartas viradas para baixo", "Projetor"]
    assert app.controls.opponent.label == "computador (guloso)"
    assert [label for label, _ in app.controls.learner.options] == ["vermelho", "azul"]
    explained = plain(app.explain.widget.value)
    assert "Jogo novo (semente 5): você joga com o vermelho" in explained
    assert "Sua vez: coloque uma carta em cada cartucho" in explained
    track = plain(app.track.widget.value)
    assert "templo 3, casa 8" in track and "turquesa" in track and "Placar" in track
    assert "Templo 1" in app.board.titles.text and "Reino dos" in app.board.titles.text
    # The facts never change with the language: the same deal as in English.
    english = new_app(seed=5, lang="en")
    assert english.picker.hand == app.picker.hand
    assert english.controls.next.description == "Next step ▸"


def test_a_refused_click_in_portuguese_names_the_rule():
    app = new_app(seed=5, lang="pt")
    assign(app)
    app.controls.run.click()
    assert app.session.human_pending.kind == "place"
    before = app.game.clone().events
    illegal = next(n for n in aton.board.SQUARE_NAMES if n not in app.game.options())
    app.board.click(illegal)
    warning = plain(app.explain.warning)
    assert warning.startswith("Não é permitido") and re.search(r"R1[0-9]|R[1-9]", warning)
    assert "vermelho: " not in warning  # said to the person who clicked, not about them
    assert len(app.game.events) == len(before)  # nothing changed
    app.board.click("K1")
    assert "Reino dos Mortos" in plain(app.explain.warning) and "R15" in app.explain.warning


def test_undo_says_what_came_back_in_portuguese():
    app = new_app(seed=5, lang="pt")
    hand = app.picker.hand
    assign(app)
    app.controls.undo.click()
    placed = ", ".join(f"um {v} no cartucho {c}" for c, v in enumerate(hand[:3], 1))
    said = plain(app.explain.widget.value)
    assert app.picker.assignment == tuple(hand)
    # The cards stay on the cartouches after Undo (the picker keeps them): the words say so.
    assert "Desfeito: Suas cartas foram retomadas antes de serem mostradas: elas continuam" in said
    assert f"({placed} e um {hand[3]} no cartucho 4)" in said


def test_a_whole_game_in_portuguese_ends_with_a_portuguese_banner():
    app = new_app(seed=3, lang="pt", opponent="random")
    for _ in range(400):
        if app.game.over:
            break
        pending = app.session.human_pending
        if pending is None:
            app.controls.run.click()
        elif pending.kind in ("exchange", "assign"):
            assign(app)
        else:
            app.board.click(app.game.options()[0])
    assert app.game.over
    banner = plain(app.end.text.value)
    assert ("vence!" in banner or "Empate!" in banner) and "Placar final" in banner
    assert "O jogo acabou." in plain(app.explain.widget.value)
    assert "Histórico do jogo" in plain(app.game_log.widget.value)


# ---------------------------------------------------------------------- the page address


def test_parse_query_reads_the_language():
    assert parse_query("lang=pt") == {"lang": "pt"}
    assert parse_query("lang=pt-BR&seed=3") == {"lang": "pt", "seed": 3}
    assert parse_query("lang=en") == {"lang": "en"}
    assert parse_query("seed=3") == {"seed": 3}  # no language asked: the app's own


def test_an_unknown_language_is_explained_and_english_is_shown():
    out = parse_query("lang=xx&seed=3")
    assert out["lang"] == "en" and out["seed"] == 3
    [notice] = out["notices"]
    assert "lang=xx" in notice and "English (lang=en)" in notice
    assert "Português (lang=pt)" in notice and "shown in English" in notice
    app = new_app(query="lang=xx")
    assert language() == "en" and app.controls.next.description == "Next step ▸"
    assert "lang=xx" in plain(app.explain.widget.value)


def test_the_notices_of_a_portuguese_page_are_portuguese():
    out = parse_query("lang=pt&seed=abc")
    assert "seed=abc" in out["notices"][0]
    assert "uma semente é um número inteiro" in out["notices"][0]
    assert language() == "en"  # parsing changed nothing


def test_the_browser_language_is_the_default():
    assert parse_query("", accept_language="pt-BR,pt;q=0.9,en;q=0.8") == {"lang": "pt"}
    assert parse_query("", accept_language="de-DE,de;q=0.9") == {"lang": "en"}
    # ?lang= wins over the browser.
    assert parse_query("lang=en", accept_language="pt-BR") == {"lang": "en"}


def test_app_from_query_reads_the_header_voila_passes(monkeypatch):
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "pt-BR,pt;q=0.9")
    app = app_from_query("seed=4")
    assert app.language == "pt" and app.controls.next.description == "Próximo passo ▸"
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "en-US,en;q=0.9")
    app = app_from_query("seed=4")
    assert app.language == "en" and app.controls.next.description == "Next step ▸"
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE")
    app = app_from_query("seed=4&lang=pt")
    assert app.controls.next.description == "Próximo passo ▸"


def test_links_to_a_moment_carry_the_language():
    app = new_app(seed=5, lang="pt")
    assign(app)
    app.history.copy.click()
    value = re.search(r'data-query="([^"]+)"', app.history.share.value).group(1)
    query = html.unescape(value)
    assert query.endswith("&lang=pt")
    out = parse_query(query)
    assert out["lang"] == "pt"
    record, _ = decode_game(re.search(r"game=([^&]+)", query).group(1), aton.scenarios.load)
    # The cards are still face down (R6): the link stops before anyone chose them, and says so.
    assert record["decisions"] == public_record(app.game)["decisions"] == []
    assert app.game.decisions and "Link para este momento" in plain(app.history.share.value)
    assert "ainda estão viradas para baixo" in plain(app.history.share.value)
    # ... and its heading no longer says it holds the whole game.
    assert "guarda a semente e cada decisão tomada antes de as cartas da rodada 1" in plain(
        app.history.share.value) and "o jogo inteiro" not in plain(app.history.share.value)


# ---------------------------------------------------------------------- the language menu


def switch(app, code: str) -> None:
    """Choose ``code`` in the header's language menu."""
    app.controls.language.value = code


def test_the_menu_lists_both_languages_in_their_own_words():
    app = new_app(seed=5)
    assert app.controls.language.options == (("English", "en"), ("Português", "pt"))
    assert app.controls.language.value == "en"


def test_switching_keeps_the_game_its_round_and_its_undo_history():
    app = new_app(seed=5)
    assign(app)
    app.controls.run.click()
    game, session = app.game, app.session
    decisions = list(game.decisions)
    events, round_no = len(game.events), game.round
    pending = app.session.human_pending
    switch(app, "pt")
    assert app.language == "pt"
    assert app.session is session and app.game is game
    assert list(app.game.decisions) == decisions and len(app.game.events) == events
    assert app.game.round == round_no and app.session.human_pending == pending
    assert app.controls.language.value == "pt"
    assert buttons(app)[0] == "Próximo passo ▸"
    assert "O app agora fala português" in plain(app.explain.widget.value)
    assert "Sua escolha: clique em uma casa vazia" in plain(app.explain.widget.value)
    assert app.board.legal_squares == sorted(app.game.options(), key=aton.board.SQUARE_INDEX.get)
    # The log and the move list are rebuilt from the same events, in Portuguese.
    assert "Histórico do jogo" in plain(app.game_log.widget.value)
    assert "Rodada 1" in plain(app.history.list.value)
    # Undo still takes back the decision made before the switch: the cards come back.
    app.controls.undo.click()
    assert len(app.game.decisions) < len(decisions)
    assert app.session.human_pending.kind in ("exchange", "assign")
    assert "Desfeito:" in plain(app.explain.widget.value)
    switch(app, "en")
    assert buttons(app)[0] == "Next step ▸" and "The app now speaks English" in plain(
        app.explain.widget.value)
    # What was taken back is still said, now in English, under the news of the language,
    # and once only: the Portuguese switch before it is not repeated.
    said = plain(app.explain.widget.value)
    assert "Taken back:" in said and "Desfeito" not in said
    assert said.count("The app now speaks") == 1 and "agora fala" not in said
    switch(app, "pt")
    said = plain(app.explain.widget.value)
    assert "Desfeito:" in said and said.count("agora fala") == 1 and "speaks" not in said


def test_switching_keeps_the_opponent_the_colour_the_seed_and_projector_mode():
    app = new_app(seed=9, opponent="hotseat", learner="blue", projector=True)
    app.controls.seed.value = "1234"  # typed, not yet dealt
    app.controls.pace.value = "fast"
    switch(app, "pt")
    c = app.controls
    assert app.session.opponent == "hotseat" and c.opponent.value == "hotseat"
    assert c.opponent.label == "segunda pessoa (mesma tela)"
    assert app.learner == "blue" and c.learner.value == "blue"
    assert c.seed.value == "1234" and c.pace.value == "fast" and app.autoplayer.pace == "fast"
    assert app.projecting and app.projector.value
    assert app.game_log.widget.layout.display == "none"  # projector mode hides the log
    assert app.game.seed == 9


def test_switching_keeps_the_cards_put_on_cartouches():
    app = new_app(seed=5)
    hand = app.picker.hand
    app.picker.click_card(0)
    app.picker.click_slot(2)
    app.picker.click_card(1)  # selected, not yet placed
    switch(app, "pt")
    assert app.picker.hand == hand
    assert app.picker.slot_of == [None, None, 0, None] and app.picker.selected == 1
    assert app.picker.slots[2].description == f"Cartucho 3: {hand[0]}"
    assert "os cartuchos 1, 2, 4 ainda estão vazios" in app.picker.confirm.tooltip


def test_switching_keeps_the_moment_looked_back_at():
    app = new_app(seed=5)
    assign(app)
    app.controls.run.click()
    app.look_at(3)
    switch(app, "pt")
    assert app.history.step == 3
    assert "Olhando para trás: o jogo depois do passo 3" in plain(app.explain.widget.value)
    assert app.controls.next.disabled
    app.history.back.click()
    assert app.history.step is None and not app.controls.undo.disabled


def test_switching_keeps_a_guided_lesson_and_its_progress():
    app = new_app(seed=5)
    first = app.tutor.order[0]
    app.tutor.start(first)
    app.tutor.done.add(app.tutor.order[1])
    app.tutor.toggle_hint()
    session = app.session
    switch(app, "pt")
    assert app.tutor.lesson is not None and app.tutor.lesson.name == first
    assert app.session is session
    assert app.tutor.order[1] in app.tutor.done and app.tutor.hint_on
    assert app.controls.lesson.value == first
    assert app.controls.opponent.disabled and app.controls.learner.disabled
    assert app.tutor.widget.layout.display != "none"


def test_switching_keeps_an_open_rule_and_a_closed_how_to_play():
    app = new_app(seed=5)
    app.rules.show("R12")
    switch(app, "pt")
    assert app.rules.is_open and app.rules.rule == "R12"
    assert not app.how_to.is_open
    assert "Regra R12" in plain(app.rules.text.value)


def test_the_keyboard_list_and_the_colour_key_in_portuguese():
    from aton.app.scoretrack import legend
    from aton.app.squares import square_label

    set_language("pt")
    assert square_label("T3.8", "red") == ("T3.8: templo 3, casa 8 (linha 2), turquesa, "
                                           "uma pedra vermelha")
    assert square_label("T1.1", None) == "T1.1: templo 1, casa 1 (linha 1), amarela, vazia"
    assert square_label("T4.12", "blue").endswith("bônus +2, uma pedra azul")
    key = plain(legend())
    assert "amarela" in key and "turquesa (as casas azuis das regras)" in key
    set_language("en")
    assert "yellow" in plain(legend()) and "turquoise (the rules' blue squares)" in (
        plain(legend()))


def test_switching_back_and_forth_leaves_no_widgets_behind():
    """Each switch builds a new page; the old one is closed (Widget.close), so a class
    switching all lesson long does not fill the kernel with dead widget models."""
    from ipywidgets.widgets.widget import _instances  # ipywidgets 8: every open widget

    app = new_app(seed=5)
    assign(app)
    app.controls.run.click()
    app.coach.review.value = True
    app.history.copy.click()
    before = len(_instances)
    for code in ("pt", "en") * 5:
        switch(app, code)
    assert len(_instances) - before <= 5
    # What is on the page is open, and it still works.
    assert all(w.comm is not None for w in (app.controls.next, app.board.figure, app.picker.widget))
    assert app.session.human_pending is not None
    app.board.click(app.game.options()[0])


def hot_seat_texts(app) -> str:
    """What the hot seat says about whose turn it is: the explanation and the covered hand."""
    return plain(app.explain.widget.value) + " | " + plain(app.picker.widget.children[0].value
                                                           ) + " | " + plain(app.picker.cover.value)


@pytest.mark.parametrize("code, start, middle", [
    ("en", ["Red's turn: put one card", "Red's cards, round 1"], "It is red's turn"),
    ("pt", ["Vez do vermelho: coloque uma carta", "Cartas do vermelho, rodada 1"],
     "É a vez do vermelho"),
])
def test_hot_seat_names_are_lower_case_mid_sentence(code, start, middle):
    app = new_app(seed=5, opponent="hotseat", lang=code)
    text = hot_seat_texts(app)
    for words in start:
        assert words in text
    assert middle in text
    assert "Vermelho" not in text and "It is Red" not in text


def test_a_bad_opponent_in_the_address_lists_the_levels_as_the_app_names_them():
    [notice] = parse_query("lang=pt&opponent=nobody")["notices"]
    assert "opponent=nobody" in notice
    for name, value in [("aleatório", "random"), ("iniciante", "beginner"), ("guloso", "greedy"),
                        ("forte", "strong"), ("segunda pessoa", "hotseat")]:
        assert f"{name} (<code>{value}</code>)" in notice
    assert "computador (guloso)" in notice
    # In English the levels' names are the address's values.
    [notice] = parse_query("opponent=nobody")["notices"]
    assert "<code>random</code>, <code>beginner</code>, <code>greedy</code>" in notice
    assert "second person (<code>hotseat</code>)" in notice


def test_switching_keeps_the_coachs_review_made_again_in_the_new_language():
    app = new_app(seed=11)
    app.coach.review.value = True
    assign(app)
    english = app.coach.last_review
    assert english and "Review of your last choice:" in app.coach.review_text
    switch(app, "pt")
    again = app.coach.last_review
    assert [(r.agrees, r.choice, r.preferred) for r in again] == [
        (r.agrees, r.choice, r.preferred) for r in english]  # the same verdict
    text = plain(app.coach.review_text)
    assert text.startswith("Avaliação da sua última escolha:") and "The coach" not in text
    assert app.coach.review.value


def test_switching_keeps_the_share_box_open_with_a_link_in_the_new_language():
    app = new_app(seed=5)
    assign(app)
    app.history.copy.click()
    switch(app, "pt")
    share = app.history.share
    assert share.layout.display != "none"
    assert "Link para este momento" in plain(share.value)
    assert html.unescape(re.search(r'data-query="([^"]+)"', share.value).group(1)).endswith(
        "&lang=pt")


def test_a_switch_pauses_auto_play_and_says_so(monkeypatch):
    import asyncio

    monkeypatch.setitem(aton.app.autoplay.PACES, "slow", 5.0)
    app = new_app(seed=5)
    assign(app)
    app.controls.pace.value = "slow"

    async def play_then_switch() -> None:
        app.controls.auto.value = True
        assert app.autoplayer.running
        switch(app, "pt")

    in_fresh_thread(lambda: asyncio.run(play_then_switch()))
    assert not app.autoplayer.running and not app.controls.auto.value
    assert app.controls.auto.description == "Automático ▶"
    assert "O automático foi pausado pela troca de idioma" in plain(app.explain.widget.value)


def test_auto_play_says_its_pace_with_the_language_decimal_sign():
    import asyncio

    app = new_app(seed=5)
    switch(app, "pt")
    assign(app)
    app.controls.pace.value = "normal"  # a step every 1.5 seconds

    async def play_then_pause() -> str:
        app.controls.auto.value = True
        said = plain(app.explain.widget.value)
        app.controls.auto.value = False
        return said

    said = in_fresh_thread(lambda: asyncio.run(play_then_pause()))
    assert "um passo a cada 1,5 segundos" in said


def test_a_review_that_disagrees_is_said_again_in_the_new_language():
    app = new_app(seed=11)
    app.coach.review.value = True
    for _ in range(40):  # to the first square the learner chooses
        pending = app.session.human_pending
        if pending is not None and pending.kind == "place":
            break
        if pending is not None:
            assign(app)
        else:
            app.controls.run.click()
    else:
        raise AssertionError("the learner never had a square to place a counter on")
    view = app.game.view("red")
    best = aton.teaching.coach.advice(view, "strong", seed=app.coach.seed).choice
    other = next(o for o in view.options() if o != best)
    app.board.click(other)
    [review] = app.coach.last_review
    assert not review.agrees and "The coach preferred" in plain(app.coach.review_text)
    switch(app, "pt")
    text = plain(app.coach.review_text)
    assert f"O treinador preferia {best}" in text and other in text
    assert "The coach" not in text and "expected points" not in text
