"""The guided lessons, the scoring quiz and the coach in Portuguese (issue 11, part D).

Each lesson is played in Portuguese the way its hint says, to its "Muito bem" verdict, and once
the wrong way, to its "Tente de novo" verdict; the app's lesson box shows the Portuguese title,
goal, intro and hint. The facts never change with language: the same play gives the same
verdict and the same rule ids in both languages, and every translated lesson sentence keeps the
English one's numbers and square names.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers import cited_rules
from test_predict import ROUND
from test_tutor import POLICIES, learner_hands, play

import aton
from aton import scenarios
from aton.app import build_app
from aton.app.lab import StrategyLab
from aton.app.predict import BAD_GUESS, ScoringQuiz, read_guess
from aton.engine.game import Game
from aton.i18n import catalog
from aton.players import lab
from aton.teaching import coach, tutorial
from aton.teaching.tutorial import lesson_text

LESSONS = tutorial.names()
# Words that would mean a sentence was left in English (pt sentences never hold them).
ENGLISH = re.compile(r"\b(the|you|your|counters?|cartouches?|squares?|temples?|round|points|"
                     r"Well done|Try again|Lesson|Hint|Goal|guess(es)?|lines?)\b",
                     re.IGNORECASE)
SQUARE = re.compile(r"T[1-4]\.\d{1,2}")
#: Every test here runs in Portuguese (tests/conftest.py switches back to English after it).
pytestmark = pytest.mark.usefixtures("portuguese")


def lesson_sentences(lesson) -> list[str]:
    return [lesson.title, lesson.goal, lesson.intro, lesson.hint.text, lesson.success,
            *(c["fail"] for c in lesson.checks)]


def hinted_cards(lesson) -> list[tuple[int, ...]]:
    return [c for c in learner_hands(lesson)
            if all(c[k - 1] == v for k, v in lesson.hint.cartouches.items())]


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_sentence_is_portuguese_with_the_same_numbers_and_squares(name):
    for english in lesson_sentences(tutorial.load(name)):
        shown = lesson_text(english)
        assert shown != english and not ENGLISH.search(shown), shown
        assert sorted(re.findall(r"\d+", shown)) == sorted(re.findall(r"\d+", english)), shown
        assert SQUARE.findall(shown) == SQUARE.findall(english), shown


@pytest.mark.parametrize("name", LESSONS)
def test_following_the_hint_wins_in_portuguese(name):
    lesson = tutorial.load(name)
    won = [v for v in (play(lesson, cards, "hint")[2] for cards in hinted_cards(lesson))
           if v.success]
    assert won, "the hint's play must win in Portuguese too"
    verdict = won[0]
    assert verdict.text == lesson_text(lesson.success) and verdict.text.startswith("Muito bem: ")
    assert verdict.rules == lesson.rules


@pytest.mark.parametrize("name", LESSONS)
def test_a_missed_goal_says_try_again_in_portuguese_with_its_rule_ids(name):
    lesson = tutorial.load(name)
    missed = ((cards, policy) for cards in learner_hands(lesson) for policy in POLICIES
              if not play(lesson, cards, policy)[2].success)
    cards, policy = next(missed)
    verdict = play(lesson, cards, policy)[2]
    assert verdict.text.startswith("Tente de novo: ") and verdict.rules
    assert all(re.search(rf"\b{r}\b", verdict.text) for r in verdict.rules)  # "(R12, R13)"
    failed = [c for c in lesson.checks if lesson_text(c["fail"]) in verdict.text]
    assert failed and not ENGLISH.search(verdict.text.replace("Tente de novo: ", ""))
    aton.set_language("en")  # the same play, the same verdict and rule ids, in English
    english = play(lesson, cards, policy)[2]
    assert (english.success, english.rules) == (False, verdict.rules)
    assert english.text.startswith("Try again: ")


@pytest.mark.parametrize("name", ["02_cartouche1_points", "12_win_by_yellow"])
def test_the_lesson_box_in_the_app_is_portuguese(name):
    app = build_app(seed=5, lesson=name)
    tutor, lesson = app.tutor, app.tutor.lesson
    number = LESSONS.index(name) + 1
    head = tutor.head.value
    assert f"Lição {number} de 15: " in head and "Feitas: 0 de 15" in head
    assert ("você joga com o <b" in head
            and (">azul</b>" if lesson.learner == "blue" else ">vermelho</b>") in head)
    goal = tutor.goal.value.replace("&#x27;", "'")
    assert "<b>Objetivo:</b>" in goal
    assert lesson_text(lesson.goal) in goal and lesson_text(lesson.intro) in goal
    assert lesson.goal not in goal
    assert [tutor.hint.description, tutor.retry.description, tutor.show_list.description] == [
        "Dica", "Tentar de novo", "Todas as lições"]
    assert tutor.list_buttons[number - 1].description == (
        f"{number}. {lesson_text(lesson.title)}")
    tutor.hint.click()
    assert "<b>Dica:</b>" in tutor.hint_text.value
    assert lesson_text(lesson.hint.text) in tutor.hint_text.value.replace("&#x27;", "'")


def test_a_verdict_in_the_app_is_portuguese():
    app = build_app(seed=5, lesson="02_cartouche1_points")
    tutor = app.tutor
    play_cards(app, (1, 2, 3, 4))
    assert tutor.verdict_text.startswith("Tente de novo: ") and "(R7)" in tutor.verdict_text
    assert "Clique em <b>Tentar de novo</b>" in tutor.verdict_box.value
    tutor.retry.click()
    play_cards(app, (4, 1, 2, 3))
    assert tutor.verdict_text.startswith("Muito bem: ")
    assert "Clique em <b>Próxima lição</b> para continuar." in tutor.verdict_box.value
    assert "Feitas: 1 de 15" in tutor.head.value
    assert tutor.list_buttons[1].description.startswith("✓ 2. Cartucho 1: pontos")


def play_cards(app, cards) -> None:
    """The learner's side by the app's own calls: these cards, the first legal squares."""
    for _ in range(100):
        if app.tutor.verdict is not None:
            return
        pending = app.session.human_pending
        if pending is None:
            app.to_my_decision()
        elif pending.kind in ("exchange", "assign"):
            app.confirm_cards(cards)  # at an exchange: keep the hand, then assign
        else:
            app.click_square(app.game.options()[0])
    raise AssertionError("no verdict")


# ---------------------------------------------------------------------- the scoring quiz


def test_the_scoring_quiz_in_portuguese():
    before_scoring = Game.from_position(scenarios.load("09_every_line_scores"), seed=10)
    for decision in ROUND:  # lesson 3's round, as tests/test_predict.py plays it
        before_scoring.advance()
        before_scoring.play(decision)
    assert before_scoring.step().type == "end_round"
    quiz = ScoringQuiz.from_game(before_scoring)
    assert "Adivinhe, depois revele." in quiz.children[0].value
    assert quiz.button.description == "Revelar"
    assert [b.description for b in quiz.boxes.values()] == ["vermelho", "azul"]
    assert quiz.boxes["red"].placeholder == "sem palpite"
    assert "(linha 1 de 6)" in quiz.title.value
    assert quiz.summary.value == "0 de 6 linhas reveladas: nenhum palpite dado."
    quiz.guess(red=2, blue=0)
    quiz.button.click()
    shown = quiz.results.children[0].value
    assert "vermelho 2" in shown and "azul 0" in shown and shown.count("certo") == 2
    assert quiz.summary.value == "1 de 6 linhas reveladas: 2 de 2 palpites certos."
    quiz.guess(red=9, blue=None)
    quiz.button.click()
    assert "você disse 9" in quiz.results.children[0].value  # the newest line comes first
    assert "sem palpite" in quiz.results.children[0].value
    assert quiz.summary.value == ("2 de 6 linhas reveladas: 2 de 3 palpites certos "
                                  "(1 caixa vazia, não corrigida).")
    quiz.guess(red="dois", blue=None)
    assert quiz.reveal() is None and "número inteiro" in quiz.message.value
    quiz.guess(None, None)
    with pytest.raises(ValueError) as refused:
        read_guess("x")
    assert str(refused.value) == catalog("app").gettext(BAD_GUESS) != BAD_GUESS
    for _ in quiz.lines[quiz.lines.index(quiz.current):]:
        assert quiz.reveal() is not None
    assert quiz.summary.value.startswith("<b>Todas as 6 linhas reveladas.</b> A turma teve ")
    assert quiz.reveal() is None and "Todas as linhas já foram reveladas." in quiz.message.value


# ---------------------------------------------------------------------- the coach and the lab


def coach_advice_both(view_of, level="easy", seed=3):
    """The coach's advice for the same view in Portuguese and in English."""
    aton.set_language("pt")
    pt = coach.advice(view_of(), level, seed=seed)
    aton.set_language("en")
    en = coach.advice(view_of(), level, seed=seed)
    aton.set_language("pt")
    return pt, en


def test_a_coach_hint_in_portuguese_cites_the_same_rules_and_choice():
    dealt = Game.new(4)
    dealt.advance()
    dealt.decide(False)  # red keeps the cards (R5): the assignment is pending (R6)
    dealt.advance()
    pt, en = coach_advice_both(lambda: dealt.view("red"))
    assert (pt.choice, pt.rules, pt.expected) == (en.choice, en.rules, en.expected)
    assert pt.rules and all(re.search(rf"\b{r}\b", pt.text) for r in pt.rules)
    # The cards said cartouche by cartouche, never as a list "[3, 3, 2, 3]".
    c1, *_rest, c4 = pt.choice
    assert pt.reasons[0].startswith(f"Coloque um {c1} no cartucho 1, ")
    assert pt.reasons[0].endswith(f" e um {c4} no cartucho 4 (R6).")
    assert [s.split(":")[0] for s in pt.reasons[1:5]] == [
        "Cartucho 1", "Cartucho 2", "Cartucho 3", "Cartucho 4"]
    assert pt.reasons[5].startswith("O treinador espera que você ganhe ")
    assert pt.risk.startswith("Risco: ")
    # the sentences the coach makes are Portuguese (the temples cartouche 3 opens, the
    # engine's words, are left out: another part of the engine says them)
    own = [pt.reasons[i] for i in (0, 1, 2, 4, 5)] + [pt.risk]
    assert not any(ENGLISH.search(s.replace("(R", "")) for s in own), own


def test_a_coach_threat_and_review_in_portuguese():
    nearly = Game.from_position(scenarios.load("11_end_by_temple"), 1)
    threat = next(t for t in coach.threats(nearly) if t.area == "temple")
    assert threat.text.startswith("Atenção: o vermelho ocupa 10 das 12 casas do templo 3; "
                                  "ocupar T3.3 e T3.9 numa só colocação")
    assert threat.text.endswith("vence na hora (R18, R12, R13).")
    nearly.advance()
    view = nearly.view("red")
    review = coach.compare(view, view.options()[-1], "easy", seed=1)
    assert review.text.startswith(("O treinador concorda", "O treinador preferia "))
    with pytest.raises(ValueError, match="não é uma escolha permitida"):
        coach.compare(view, (9, 9, 9, 9), "easy")


def test_the_coach_panel_in_portuguese():
    app = build_app(seed=11, how_to_play=False)
    panel = app.coach
    assert (panel.hint.description, panel.review.description) == (
        "Dica do treinador", "Avaliar minhas jogadas")
    panel.hint.click()
    assert app.error_message == ""
    assert "<b>Treinador: " in panel.hint_text and " Por quê (para cada escolha" in panel.hint_text
    assert "R5" in cited_rules(panel.hint_text) and "aton-rule-link" in panel.hint_text


def test_the_lab_in_portuguese():
    t = lab.run_tournament(["random", "greedy"], 2, seed=1, workers=0)
    text = lab.summary(t)
    assert text.startswith("2 partidas, 2 por par, semente 1\n")
    assert "empates 0" in text and "rodadas: mediana" in text
    assert re.search(r"rodadas: mediana \d+(,5)?, mais curta", text)  # 9,5 rounds, not 9.5
    assert "finais: points " in text  # the ways a game ends are the events' own words
    page = StrategyLab(levels=["random", "greedy"], games=1)
    assert page.button.description == "Jogar o torneio"
    assert page.stop_button.description == "Parar"
    assert page.win_fig.title == "Vitórias por nível"
    assert page.end_fig.axes[0].label == "final (R18, R19)"
    # A chart's numbers take the decimal comma too (bqplot alone would write 0.5).
    assert page.c1_fig.axes[1].tick_labels == {"0": "0,0", "0.5": "0,5"}
    page.show(t)
    for fig in (page.end_fig, page.c1_fig, page.c2_fig, page.len_fig):
        axis = fig.axes[1]  # a label for every tick, keyed as the browser writes its number
        assert set(axis.tick_labels) == {f"{v:g}" for v in axis.tick_values}
        assert not any("." in label for label in axis.tick_labels.values())
    assert page.chart_data["endings"][0] == ["40 pts", "templo", "amarelas", "verdes",
                                             "contagem"]
    assert "<th>jogador</th>" in page.summary.value
    # The players go by the names the app's opponent menu gives them.
    assert [page.toggles[k].description for k in ("random", "greedy", "expert")] == [
        "aleatório", "guloso", "especialista"]
    assert page.chart_data["win_rate"][0] == ["aleatório", "guloso"]
    assert "<td>guloso</td>" in page.summary.value
    with ThreadPoolExecutor(1) as pool:  # the seconds as Portuguese writes them: "0,4 s."
        played = StrategyLab(levels=["random", "greedy"], games=1, executor=pool)
        assert played.run() is not None
    assert re.fullmatch(r"1 partida jogada em \d+,\d s\.", played.status.value)
    page.toggles["greedy"].value = False
    assert page.run() is None and "pelo menos dois jogadores" in page.status.value
