"""Guided lessons (aton/teaching/lessons/, aton.teaching.tutorial, the app's Tutor box).

For every lesson the learner's side is played with every card assignment and several ways of
choosing squares (the first legal square, the last, the hinted ones, seeded random ones). The
scripted opponent must never run out of script before the verdict, and the verdict must be
"Well done" exactly when the lesson's goal, as its sentence says it, was met: each goal is
restated here as an ``ORACLE`` read from the game's events and board, independently of the
lesson's own checks. Through the app's widgets the same is done by clicks (card buttons,
cartouches, Confirm, Next step, board squares, Retry).
"""

from __future__ import annotations

import html
import random
import re

import pytest
from helpers import address_written, play_lesson, put_by_clicks, title_written

import aton
from aton.app import build_app
from aton.engine.board import SQUARE_NAMES
from aton.engine.game import Game
from aton.teaching import tutorial

LESSONS = tutorial.names()
POLICIES = ("first", "last", "hint", "random1", "random2")


# ---------------------------------------------------------------------- the goals, restated


def _round_events(game: Game) -> list:
    """The events of the lesson's round (up to the next round's deal)."""
    out = []
    for i, e in enumerate(game.events):
        if e.type == "round" and i > 0:
            break
        out.append(e)
    return out


def _of(events, kind, **match):
    return [e for e in events if e.type == kind and all(e.data.get(k) == v
                                                         for k, v in match.items())]


def _cards(events, player):
    return _of(events, "reveal")[0].data[player] if _of(events, "reveal") else None


def _end(events):
    ends = _of(events, "end")
    return (ends[0].data["winner"], ends[0].data["reason"]) if ends else (None, None)


def _line(events, line):
    scored = _of(events, "score", line=line)
    return scored[0].data if scored else None


def _owner_at_end(lesson, events, square):
    board = {f"{t}.{i + 1}": c for t, row in lesson.position["board"].items()
             for i, c in enumerate(row)}
    for e in events:
        if e.type == "place":
            board[e.data["square"]] = e.player[0]
        elif e.type in ("remove", "take_back"):
            board[e.data["square"]] = "."
    return {"r": "red", "b": "blue"}.get(board[square])


def _placed(events, player, temple=None):
    return [e for e in _of(events, "place", player=player)
            if temple is None or e.data["square"].startswith(f"T{temple}.")]


ORACLE = {
    # Place at least 3 counters, one or more in temple 3.
    "01_first_round": lambda L, ev: len(_placed(ev, "red")) >= 3
    and len(_placed(ev, "red", 3)) >= 1,
    # Blue (a 4 on cartouche 1) scores nothing there: red's card equals it.
    "02_cartouche1_points": lambda L, ev: _cards(ev, "red")[0] == 4,
    # Red's 3 on cartouche 2 equals blue's, and red still goes first (lower cartouche-1 card).
    "03_order_tie": lambda L, ev: _cards(ev, "red")[1] == 3
    and _cards(ev, "red")[0] < _cards(ev, "blue")[0] and _of(ev, "order")[0].data["first"] == "red",
    # Both cartouches tie: a war, which red wins.
    "04_war": lambda L, ev: _cards(ev, "red")[:2] == _cards(ev, "blue")[:2]
    and _of(ev, "order")[0].data["first"] == "red",
    # Two blue counters go, taken by red.
    "05_removal_limited": lambda L, ev: len(_of(ev, "remove", player="red", owner="blue")) >= 2,
    # Red first, and no red counter removed by red.
    "06_own_removal": lambda L, ev: _of(ev, "order")[0].data["first"] == "red"
    and not _of(ev, "remove", player="red", owner="red"),
    # T1.8 filled by red, and 3 red counters into the Kingdom.
    "07_overflow": lambda L, ev: _owner_at_end(L, ev, "T1.8") == "red"
    and sum(e.data["to_kingdom"] for e in _of(ev, "overflow", player="red")) >= 3,
    # A scoring round, whose temple 4 line pays red.
    "08_scoring_lines": lambda L, ev: _line(ev, "temple4") is not None
    and _line(ev, "temple4")["player"] == "red" and _line(ev, "temple4")["points"]["red"] > 0,
    # Red took counters back and still holds T4.8.
    "09_take_back": lambda L, ev: bool(_of(ev, "take_back", player="red"))
    and _owner_at_end(L, ev, "T4.8") == "red",
    "10_win_by_points": lambda L, ev: _end(ev) == ("red", "points"),
    "11_win_by_temple": lambda L, ev: _end(ev) == ("red", "temple"),
    "12_win_by_yellow": lambda L, ev: _end(ev) == ("blue", "yellow"),
    "13_win_by_green": lambda L, ev: _end(ev) == ("red", "green"),
    # Blue takes temple 2 and wins after the scoring round.
    "14_scoring_winner": lambda L, ev: _line(ev, "temple2") is not None
    and _line(ev, "temple2")["player"] == "blue" and _end(ev) == ("blue", "scoring"),
    "15_scoring_draw": lambda L, ev: _end(ev) == ("draw", "scoring"),
}


def test_every_lesson_has_a_goal_restated_here():
    assert sorted(ORACLE) == LESSONS


# ---------------------------------------------------------------------- playing a lesson


def square_choice(options: list[str], policy: str, lesson, rng: random.Random) -> str:
    """The learner's square: by ``policy`` among the legal ``options``."""
    if policy == "first":
        return options[0]
    if policy == "last":
        return options[-1]
    if policy == "hint":
        return next((q for q in lesson.hint.squares if q in options), options[0])
    return rng.choice(options)


def learner_hands(lesson) -> list[tuple[int, ...]]:
    """Every card assignment the learner can make in the lesson's round."""
    game = lesson.start()
    bot = lesson.player(game)
    game.advance()
    while game.pending.player != lesson.learner or game.pending.kind == "exchange":
        if game.pending.player == lesson.learner:
            game.decide(False)
        else:
            bot.decide()
        game.advance()
    return game.options()


def play(lesson, cards: tuple[int, ...], policy: str):
    """Play the lesson's round: the learner assigns ``cards`` and picks squares by
    ``policy``; the scripted opponent plays its script. Returns (game, player, verdict)."""
    rng = random.Random(f"{lesson.name}{cards}{policy}")
    game = lesson.start()

    def learner(game: Game):
        kind = game.pending.kind
        if kind == "exchange":
            return False
        if kind == "assign":
            return cards
        return square_choice(game.options(), policy, lesson, rng)

    bot, verdict = play_lesson(lesson, game, learner)
    return game, bot, verdict


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_verdict_is_well_done_exactly_when_the_goal_is_met(name):
    lesson = tutorial.load(name)
    outcomes = set()
    for cards in learner_hands(lesson):
        for policy in POLICIES:
            game, bot, verdict = play(lesson, cards, policy)
            assert bot.fallbacks == [], (cards, policy, bot.fallbacks)  # all in the script
            met = ORACLE[name](lesson, _round_events(game))
            assert verdict.success == met, (cards, policy, verdict.text)
            if verdict.success:
                assert verdict.text.startswith("Well done: ")
            else:
                assert verdict.text.startswith("Try again: ")
                assert all(r in verdict.text for r in verdict.rules) and verdict.rules
            outcomes.add(verdict.success)
    assert outcomes == {True, False}, "a lesson must be possible to win and to miss"


@pytest.mark.parametrize("name", LESSONS)
def test_following_the_hint_wins(name):
    """The hint's cards (the rest in any order) and hinted squares meet the goal."""
    lesson = tutorial.load(name)
    hinted = lesson.hint.cartouches
    fits = [c for c in learner_hands(lesson)
            if all(c[k - 1] == v for k, v in hinted.items())]
    assert fits, "the hint asks for cards the learner does not hold"
    assert any(play(lesson, cards, "hint")[2].success for cards in fits)
    assert lesson.hint.text and lesson.goal and lesson.success.startswith("Well done: ")


def test_every_lesson_is_valid_data_and_covers_the_rules():
    lessons = tutorial.load_all()
    assert [lesson.name for lesson in lessons] == LESSONS
    taught = {r for lesson in lessons for r in lesson.rules}
    taught |= {r for lesson in lessons for c in lesson.checks for r in c["rules"]}
    # every cartouche, order + war, removal + its limits, placement + overflow, scoring
    # lines, the take-back and every way to win
    assert {"R7", "R8", "R10", "R12", "R13", "R15", "R16", "R17", "R18", "R19"} <= taught
    ends = {c.get("end") for lesson in lessons for c in lesson.checks
            if c["check"] == "winner"}
    assert ends == {"points", "temple", "yellow", "green", "scoring"}
    reasons = {c.get("reason") for lesson in lessons for c in lesson.checks
               if c["check"] == "first"}
    assert {"cartouche1", "war"} <= reasons
    for lesson in lessons:
        for square in lesson.hint.squares:
            assert square in SQUARE_NAMES


# A sentence that names the opponent's face-down card: "blue's 4", "Blue put a 3 on cartouche 2
# and a 4 on cartouche 1", "Blue has a 4 on cartouche 1" (not "blue's counters", "4 points").
_NAMES_A_CARD = r"\b{opp}(?:'s| has put| put| has)\s+(?:a |its )?([1-4])\b(?!\s+(?:counters?|points?))"
_ON_CARTOUCHE = r"\ba ([1-4]) on cartouche ([1-4])\b"


def cards_named(*texts: str, opponent: str) -> dict[int, int]:
    """The opponent's cards ``texts`` name: cartouche -> value, or 0 for a cartouche the
    sentence does not say."""
    named: dict[int, int] = {}
    for text in texts:
        for sentence in re.split(r"(?<=[.:;])\s+", text):
            found = re.search(_NAMES_A_CARD.format(opp=opponent), sentence, re.IGNORECASE)
            if not found:
                continue
            pairs = re.findall(_ON_CARTOUCHE, sentence)
            for value, cartouche in pairs:
                named[int(cartouche)] = int(value)
            if not pairs:
                named.setdefault(0, int(found.group(1)))
    return named


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_names_the_opponents_face_down_cards_only_as_its_told_premise(name):
    """R6: the cards on the cartouches stay face down until the reveal. A lesson that names
    the opponent's cards anyway (its premise: 'stop blue's 4') says so in ``told``, which the
    app turns into a sentence, its goal names them, and what it tells is what the script
    plays."""
    lesson = tutorial.load(name)
    named = cards_named(lesson.goal, lesson.intro, lesson.hint.text, opponent=lesson.opponent)
    assert set(named) - {0} <= set(lesson.told), f"{name} names cards it does not tell"
    if 0 in named:
        assert named[0] in lesson.told.values(), f"{name} names a card it does not tell"
    assert set(lesson.told) <= set(cards_named(lesson.goal, opponent=lesson.opponent))
    played = lesson.script.get("assign", [])
    for cartouche, value in lesson.told.items():
        assert played[0][cartouche - 1] == value


def test_the_told_premise_is_said_in_the_lesson_in_either_language():
    app = build_app(seed=5, lesson="10_win_by_points")
    intro = html.unescape(app.tutor.goal.value)
    assert "and blue put a 1 on cartouche 1. Win" in intro
    assert ("Only in this lesson do you know blue's cards: in a game they stay face down until "
            "both players reveal them (R6).") in intro
    app = build_app(seed=5, lesson="15_scoring_draw", lang="pt")
    assert "Só nesta lição você conhece as cartas do vermelho" in app.tutor.goal.value
    app = build_app(seed=5, lesson="05_removal_limited")
    assert "face down" not in app.tutor.goal.value  # a lesson that tells nothing


def test_a_told_card_the_script_does_not_play_is_refused():
    lesson = tutorial.load("10_win_by_points")
    data = {"scenario": lesson.scenario, "title": "t", "goal": "g", "judge": "points",
            "checks": list(lesson.checks), "hint": {"text": "h"}, "success": "Well done: s",
            "rules": ["R7"], "script": lesson.script}
    tutorial.lesson_from_dict("ok", {**data, "told": {"1": 1}})
    with pytest.raises(ValueError, match="tells a 4 on cartouche 1, but the script plays a 1"):
        tutorial.lesson_from_dict("x", {**data, "told": {"1": 4}})
    with pytest.raises(ValueError, match="told"):
        tutorial.lesson_from_dict("x", {**data, "told": {"5": 1}})
    with pytest.raises(ValueError, match="told maps cartouches"):
        tutorial.lesson_from_dict("x", {**data, "told": [1, 4]})


def test_broken_lesson_data_is_refused_with_the_reason():
    good = {"scenario": "02_cartouche1_tie", "title": "t", "goal": "g", "judge": "points",
            "checks": [{"check": "points", "player": "opponent", "max": 0, "fail": "f",
                        "rules": ["R7"]}], "hint": {"text": "h"}, "success": "Well done: s",
            "rules": ["R7"]}
    tutorial.lesson_from_dict("ok", good)
    with pytest.raises(ValueError, match="unknown check 'nonsense'"):
        tutorial.lesson_from_dict("x", {**good, "checks": [{"check": "nonsense"}]})
    with pytest.raises(ValueError, match="judge must be one of"):
        tutorial.lesson_from_dict("x", {**good, "judge": "lunch"})
    with pytest.raises(ValueError, match="needs 'fail' and 'rules'"):
        tutorial.lesson_from_dict("x", {**good, "checks": [{"check": "points"}]})
    with pytest.raises(KeyError, match="no lesson called 'nope'"):
        tutorial.load("nope")
    broken = {**good, "position": {**aton.scenarios.load("02_cartouche1_tie"),
                                   "scores": {"red": 45, "blue": 0}}}
    with pytest.raises(aton.RuleError, match="R18"):
        tutorial.lesson_from_dict("x", broken)


def test_the_script_bends_to_the_learner_and_undo_replays_it():
    """The opponent's squares are preferences: a square the learner took is skipped, and
    after Undo the same script gives the same choices again (it reads the game, keeps no
    count of its own)."""
    lesson = tutorial.load("03_order_tie")
    game = lesson.start()
    bot = lesson.player(game)

    def finish_round() -> None:
        while not game.at_round_start:
            pending = game.pending
            if pending is None:
                game.step()
            elif pending.player == "blue":
                bot.decide()
            elif pending.kind == "exchange":
                game.decide(False)
            else:
                game.decide(game.options()[0] if pending.kind != "assign" else (1, 3, 2, 4))

    game.advance()
    finish_round()
    before = [str(d) for d in game.decisions]
    # red's placements took T1.2-T1.4, blue's first preferences: blue placed on the next one
    assert {"red place T1.2", "red place T1.3", "red place T1.4"} <= set(before)
    assert before[-1] == "blue place T2.2"
    while game.decisions[-1].kind != "assign" or game.decisions[-1].player != "red":
        game.undo()
    game.undo()
    game.advance()
    finish_round()
    assert [str(d) for d in game.decisions] == before
    assert bot.fallbacks == []


# ---------------------------------------------------------------------- through the app


def assign_by_clicks(app, cards) -> None:
    app.picker.clear.click()  # after an undo the picker still shows the cards taken back
    put_by_clicks(app, cards)
    app.picker.confirm.click()


def play_in_app(app, cards, policy: str) -> None:
    """The learner's side by clicks: cards, Confirm, Next step, a board square when asked."""
    lesson = app.tutor.lesson
    rng = random.Random(f"{lesson.name}{cards}{policy}")
    for _ in range(300):
        if app.tutor.verdict is not None:
            return
        pending = app.session.human_pending
        if pending is None:
            app.controls.next.click()
        elif pending.kind in ("exchange", "assign"):
            assign_by_clicks(app, cards)
        else:
            app.board.click(square_choice(app.board.legal_squares, policy, lesson, rng))
        assert app.error_message == ""
    raise AssertionError("no verdict")


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_in_the_app_by_clicks(name):
    """Every card assignment (first legal squares) and the hinted play, by clicks, Retry
    between tries: the app's verdict is the goal's, and done lessons are ticked."""
    app = build_app(seed=5, lesson=name)
    tutor = app.tutor
    lesson = tutor.lesson
    assert lesson.name == name and app.controls.lesson.value == name
    assert lesson.goal in tutor.goal.value.replace("&#x27;", "'")
    assert app.controls.opponent.disabled  # the script plays the other colour
    # and the deal is the lesson's: Retry starts it again, not Replay this deal
    assert app.controls.replay.disabled and app.controls.seed.disabled
    tries = [(cards, "first") for cards in learner_hands(lesson)]
    hinted = lesson.hint.cartouches
    tries += [(c, "hint") for c in learner_hands(lesson)
              if all(c[k - 1] == v for k, v in hinted.items())][:1]
    for cards, policy in tries:
        play_in_app(app, cards, policy)
        met = ORACLE[name](lesson, _round_events(app.game))
        verdict = tutor.verdict
        assert verdict.success == met, (cards, policy)
        shown = tutor.verdict_box.value
        assert ("aton-success" in shown) == met and ("aton-tryagain" in shown) != met
        assert (tutor.next_lesson.button_style == "success") == met
        assert (tutor.retry.button_style == "warning") != met
        assert [f for f in app.session.bot.fallbacks if f[0] == app.game.round - 1 or
                f[0] == lesson.position["round"]] == []
        tutor.retry.click()  # the round again from its start: no verdict, none of my choices
        assert tutor.verdict is None
        assert [d for d in app.game.decisions if d.player == lesson.learner] == []
    assert name in tutor.done
    assert tutor.list_buttons[tutor.order.index(name)].description.startswith("✓ ")


def test_hint_highlights_cards_cartouches_and_squares():
    app = build_app(seed=5, lesson="11_win_by_temple")
    tutor = app.tutor
    assert tutor.hinted == {"cartouches": [], "cards": [], "squares": [], "keep": []}
    tutor.hint.click()
    assert "Hint:" in tutor.hint_text.value
    hinted = tutor.hinted
    # "Your 3 on cartouche 3 ..., a 2 on cartouche 4": one card and its cartouche at a time
    assert hinted["cards"] == [3] and hinted["cartouches"] == [3]
    assert hinted["squares"] == ["T3.3", "T3.9"]
    picker = app.picker
    picker.cards[picker.hand.index(2)].click()  # a card the hint does not give cartouche 3
    picker.slots[2].click()
    assert tutor.hinted["cards"] == [3] and tutor.hinted["cartouches"] == [3]
    picker.cards[picker.hand.index(3)].click()  # the 3 on cartouche 3: the 2 goes back
    picker.slots[2].click()
    assert tutor.hinted["cards"] == [2] and tutor.hinted["cartouches"] == [4]
    picker.cards[picker.hand.index(2)].click()
    picker.slots[3].click()
    assert tutor.hinted["cards"] == [] and tutor.hinted["cartouches"] == []  # done as hinted
    picker.clear.click()  # all back in the hand: the first pair again
    assert tutor.hinted["cards"] == [3] and tutor.hinted["cartouches"] == [3]
    tutor.hint.click()  # hide it again
    assert tutor.hinted == {"cartouches": [], "cards": [], "squares": [], "keep": []}
    assert tutor.hint_text.value == ""
    tutor.hint.click()
    assign_by_clicks(app, (1, 2, 3, 2))
    # the picker is gone, the squares stay ringed while the learner plays on
    assert tutor.hinted["squares"] == ["T3.3", "T3.9"] and tutor.hinted["cards"] == []
    for _ in range(20):  # on to the placement (R13)
        pending = app.session.human_pending
        if pending is not None and pending.kind == "place":
            break
        app.controls.next.click()
    app.board.click("T3.3")
    assert tutor.hinted["squares"] == ["T3.9"]  # a square played is rung no more
    for _ in range(20):
        if tutor.verdict is not None:
            break
        pending = app.session.human_pending
        if pending is not None and pending.kind == "place":
            app.board.click("T3.9")
        else:
            app.controls.next.click()
    assert tutor.verdict is not None and tutor.verdict.success
    assert tutor.hinted["squares"] == [] and tutor.hinted["keep"] == []  # the lesson is over


def test_retry_after_try_again_and_next_lesson_and_free_game():
    app = build_app(seed=5, lesson="02_cartouche1_points")
    tutor = app.tutor
    play_in_app(app, (1, 2, 3, 4), "first")
    assert tutor.verdict_text.startswith("Try again: ") and "(R7)" in tutor.verdict_text
    # the rule id is a button where the sentence cites it, and is not repeated under it
    assert tutor.verdict_box.value.count('data-rule="R7"') == 1
    assert "aton-rule-link" in tutor.verdict_box.value
    assert "Retry" in tutor.verdict_box.value
    tutor.retry.click()
    assert tutor.verdict is None and tutor.verdict_box.value == ""
    assert app.game.view("red").scores == {"red": 0, "blue": 4}
    play_in_app(app, (4, 1, 2, 3), "first")
    assert tutor.verdict_text.startswith("Well done: ") and tutor.done == {"02_cartouche1_points"}
    assert "Done: 1 of 15" in tutor.head.value
    tutor.next_lesson.click()
    assert tutor.lesson.name == "03_order_tie" and tutor.done == {"02_cartouche1_points"}
    # the lesson list opens any lesson, and the free game
    tutor.show_list.click()
    assert tutor.list.layout.display == ""
    tutor.list_buttons[LESSONS.index("12_win_by_yellow")].click()
    assert tutor.lesson.name == "12_win_by_yellow" and app.session.learner == "blue"
    assert app.picker.player == "blue"
    tutor.show_list.click()
    tutor.free.click()
    assert tutor.lesson is None and tutor.widget.layout.display == "none"
    assert app.controls.lesson.value == "" and not app.controls.opponent.disabled
    assert not app.controls.replay.disabled and not app.controls.seed.disabled
    assert app.game.round == 1 and app.session.learner == "red"


def test_one_hint_at_a_time_the_lessons_or_the_coachs():
    """The lesson's Hint and the Coach hint each ring a card and its cartouche: open together
    they rang two, and pushed the cards off a laptop's screen. Each now closes the other."""
    app = build_app(seed=5, lesson="03_order_tie")
    app.tutor.hint.click()
    assert app.state.hint and "Hint:" in app.tutor.hint_text.value
    app.coach.hint.click()
    assert not app.state.hint and app.tutor.hint_text.value == ""
    assert "Coach:" in app.coach.hint_box.value
    app.tutor.hint.click()
    assert app.state.hint and app.control.hinted is None and app.coach.hint_box.value == ""
    app.tutor.hint.click()  # and Hint again hides it, as before
    assert not app.state.hint and app.coach.hint_box.value == ""


def test_the_coachs_reasons_say_the_lessons_goal_once():
    """Red still holds the exchange counter in lesson 3: the coach's hint is two decisions
    (keep the cards, put them on the cartouches), and both gave the lesson's goal first."""
    app = build_app(seed=5, lesson="03_order_tie")
    app.coach.hint.click()
    said = html.unescape(app.coach.hint_box.value)
    # Keeping the cards is keeping the exchange counter (R5), said so: "keep your cards" read
    # as if the cards were not to be played.
    assert "Coach: keep the exchange counter, put " in said
    assert said.count("This lesson's goal:") == 1
    # The lesson's coach plays the round out with the lesson's script, guessing nothing.
    assert " Why:" in said and "guessing" not in said
    app.switch_language("pt")
    assert "guarde a ficha de troca, coloque " in html.unescape(app.coach.hint_box.value)


def test_the_coachs_hint_says_how_the_coach_thinks_and_that_it_guesses_the_hidden_cards():
    """The reasons speak of "the games the coach imagined"; a newcomer took that for a figure
    of speech. The hint says once what they are, and that the coach cannot see blue's cards
    (R6); and it no longer says "the next card to put is marked" once the four lie as advised."""
    app = build_app(seed=7)
    app.coach.hint.click()
    said = html.unescape(app.coach.hint_box.value)
    assert ("Why (for each choice the coach imagined many games from here, guessing blue's "
            "hidden cards):") in said
    assert "games the coach imagined" in said  # the sentence it explains (R8's share of firsts)
    assert "(follow the rings: a card, then its cartouche)" in said
    app.switch_language("pt")
    said = html.unescape(app.coach.hint_box.value)
    assert "adivinhando as cartas escondidas do azul" in said
    assert "(siga as marcas: uma carta, depois o seu cartucho)" in said


def test_undo_takes_the_verdict_back():
    app = build_app(seed=5, lesson="02_cartouche1_points")
    play_in_app(app, (1, 2, 3, 4), "first")
    assert app.tutor.verdict is not None
    app.controls.undo.click()
    assert app.tutor.verdict is None and app.tutor.verdict_box.value == ""
    play_in_app(app, (4, 1, 2, 3), "first")
    assert app.tutor.verdict.success


def test_lesson_menu_lists_the_free_game_and_every_lesson():
    app = build_app(seed=5)
    options = app.controls.lesson.options
    assert options[0] == ("Free game against the computer", "")
    assert options[1] == ("Puzzles: find the best choice", "puzzles")  # issue 20
    assert [value for _, value in options[2:]] == LESSONS
    assert options[2][0] == f"1. {tutorial.load(LESSONS[0]).title}"
    assert app.controls.lesson.value == "" and app.tutor.widget.layout.display == "none"
    app.controls.lesson.value = "04_war"
    app.controls.start_lesson.click()
    assert app.tutor.lesson.name == "04_war" and app.game.round == 6
    app.controls.lesson.value = ""
    app.controls.start_lesson.click()
    assert app.tutor.lesson is None and app.game.round == 1


def test_lesson_in_the_url():
    from aton.app import app_from_query, parse_query

    assert parse_query("lesson=04_war&seed=3") == {"lesson": "04_war", "seed": 3}
    app = app_from_query("lesson=10_win_by_points")
    assert app.tutor.lesson.name == "10_win_by_points" and app.error_message == ""
    unknown = app_from_query("lesson=no_such")
    assert unknown.tutor.lesson is None
    assert "There is no guided lesson called <b>no_such</b>" in unknown.explain.widget.value
    assert unknown.game.round == 1


def test_a_lesson_opened_by_link_shows_its_goal_not_how_to_play():
    """How to play opens on the first screen of a game; a guided lesson opened by its link
    starts with the lesson's own goal and introduction instead (How to play stays a click
    away)."""
    assert build_app(seed=3).how_to.is_open
    app = build_app(query="lesson=02_cartouche1_points")
    assert not app.how_to.is_open and app.tutor.lesson.name == "02_cartouche1_points"


def _address(app) -> dict:
    return address_written(app.tutor.address)


def test_lessons_done_are_kept_in_the_page_address():
    """A reload or a bookmark comes back to the lesson with the lessons done ticked: the
    Tutor writes them into the page's address as they change, and the address gives them
    back (``done=`` numbers the lessons as the Lesson menu does)."""
    app = build_app(query="lesson=02_cartouche1_points&seed=5")
    assert app.tutor.done == set()
    written = _address(app)  # the lesson, and a game or scenario link that would hide it
    assert written["set"] == {"lesson": "02_cartouche1_points", "done": "", "lang": "en"}
    assert {"game", "step", "scenario", "puzzle"} <= set(written["drop"])
    # The tab says which lesson it holds (WCAG 2.4.2): a class's tabs are told apart.
    assert title_written(app.tutor.address) == "Aton — Lesson 2 of 15: Cartouche 1: points"
    play_in_app(app, (4, 1, 2, 3), "first")
    assert app.tutor.verdict.success
    assert _address(app)["set"]["done"] == "2"
    app.tutor.next_lesson.click()
    assert _address(app)["set"] == {"lesson": "03_order_tie", "done": "2", "lang": "en"}
    # The address as written opens the same page again: lesson 3, lesson 2 ticked.
    again = build_app(query="lesson=03_order_tie&done=2&lang=en")
    assert again.tutor.lesson.name == "03_order_tie" and again.tutor.done == {
        "02_cartouche1_points"}
    assert "Done: 1 of 15" in again.tutor.head.value and not again.how_to.is_open
    assert again.tutor.list_buttons[1].description.startswith("✓ 2. ")
    # A learner back with lessons done has read How to play: the page opens on the game.
    assert not build_app(query="done=2").how_to.is_open
    # Leaving for a free game keeps what is done and names no lesson any more.
    app.tutor.show_list.click()
    app.tutor.free.click()
    assert _address(app)["set"] == {"lesson": "", "done": "2", "lang": "en"}
    assert "game" not in _address(app)["drop"]  # a free game's link, if any, stays
    assert title_written(app.tutor.address) == "Aton"
    app.switch_language("pt")  # and a reload keeps the language chosen on the page
    assert _address(app)["set"] == {"lesson": "", "done": "2", "lang": "pt"}
    app.start_lesson("03_order_tie")
    assert title_written(app.tutor.address).startswith("Aton — Lição 3 de 15: ")


def test_a_page_without_lessons_leaves_its_address_alone():
    """A game opened by seed or by link is not rewritten: nothing of lessons has changed.
    Switching the language writes only the language, and keeps a game's link."""
    for query in ("seed=5", "done=1,3", "lesson=no_such", "seed=5&lang=pt"):
        assert _address(build_app(query=query)) == {}, query
    app = build_app(query="seed=5")
    app.switch_language("pt")
    assert _address(app) == {"set": {"lesson": "", "done": "", "lang": "pt"},
                             "drop": ["puzzle", "puzzles"]}


def test_lessons_done_in_the_address_are_checked():
    """``done=`` is read from a link anyone may write: what is no lesson's number is left
    out, and said."""
    from aton.app import parse_query

    assert parse_query("done=1,3,15")["done"] == [LESSONS[0], LESSONS[2], LESSONS[14]]
    bad = parse_query("done=0,2,16,x,%E2%91%A0,99999999999")
    assert bad["done"] == [LESSONS[1]]
    said = bad["notices"][0].write()
    assert "numbered 1 to 15" in said and "0, 16, x, ①, 999" in said
    pt = str(parse_query("done=x&lang=pt")["notices"][0])  # as written when the page opened
    assert "numeradas de 1 a 15; sem efeito: x" in pt
