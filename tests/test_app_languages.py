"""Each app speaks its own language, all of it, and a switch relabels the page in place.

A Portuguese page shows no sentence of the English catalogs on any path a learner can take:
every notice of the page address, every damaged link or record, every warning of a button that
does nothing now, every refusal of a rule (each names its rule id). Two apps in one kernel keep
their languages while both are used (the language is the app's, not the process's: R-ids,
square names and numbers are the same in both). Ten switches leave exactly as many live widgets
as there were: nothing is rebuilt.
"""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from helpers import (
    english_sentences,
    new_app,
    page_texts,
    plain,
    portuguese_sentences,
)

import aton
from aton.i18n import language

PT = "lang=pt"


def link(payload) -> str:
    """A game= value holding ``payload`` (a dict, or raw bytes), as the app writes one."""
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def portuguese(app, said: str = "") -> str:
    """The page's texts, checked: no English sentence, and ``said`` (a piece of what the
    path must say) among them, so the check never passes on a page that says nothing."""
    text = page_texts(app)
    assert english_sentences(text) == [], english_sentences(text)[:5]
    assert said in text, said
    return text


def explained(app) -> str:
    return plain(app.explain.widget.value)


def one_click(app, step=None) -> None:
    """What a learner clicks next: ``step`` (default Next step) when nothing is theirs to
    decide, the cards as drawn, or the first square offered."""
    pending = app.session.human_pending
    if pending is None:
        (step or app.controls.next).click()
    elif pending.secret:
        app.picker.place(tuple(app.picker.hand))
        app.picker.confirm.click()
    else:
        app.board.click(app.game.options()[0])


def to_board_choice(app, kind: str = "place") -> None:
    """Play (cards as drawn, the first square offered) until a person's ``kind`` decision."""
    for _ in range(400):
        pending = app.session.human_pending
        if pending is not None and pending.kind == kind:
            return
        one_click(app, app.controls.run)
    pytest.fail(f"no {kind} decision came")


# ---------------------------------------------------------------------- the page address


@pytest.mark.parametrize("query, said", [
    ("seed=abc", "seed=abc"),
    ("seed=" + "9" * 40, "seed=999"),
    ("opponent=nobody", "opponent=nobody"),
    ("learner=green", "learner=green"),
    ("projector=maybe", "projector=maybe"),
    ("step=soon", "step=soon"),
    ("lesson=no_such_lesson", "no_such_lesson"),
    ("scenario=no_such_scenario", "no_such_scenario"),
    ("game=AAAA", "game="),
    ("game=" + "A" * 30_000, "game="),
    ("game=" + link(b" " * 5_000_000), "game="),
    ("game=" + link([1, 2]), "game="),
    ("game=" + link({"seed": 7, "scenario": "no_such_lesson"}), "no_such_lesson"),
    ("game=" + link({"seed": 7, "decisions": ["red place 9z"], "steps": 3}), "R3"),
    ("game=" + link({"seed": 7, "decisions": ["blue assign 1234"]}), "R6"),
    ("game=" + link({"seed": -1, "decisions": []}), "R1"),
    ("game=" + link({"seed": 7, "decisions": [], "steps": 999}), "999"),
])
def test_every_notice_of_the_page_address_is_portuguese(query, said):
    app = new_app(query=f"{PT}&{query}")
    assert app.language == "pt" and not app.error_message
    assert said in portuguese(app), explained(app)
    assert re.search(r"\b(R\d+|lang|seed|opponent|learner|projector|step|lesson|scenario|game)=?",
                     explained(app))


def test_a_step_beyond_the_game_is_said_in_portuguese():
    game = aton.Game.new(4)
    game.advance()
    app = new_app(query=f"{PT}&game={link(game.record())}&step=9999")
    portuguese(app, "9999")


# ---------------------------------------------------------------------- warnings and refusals


def test_every_refusal_of_a_board_click_is_portuguese():
    """Each kind of refused square names its rule, in Portuguese, and changes nothing."""
    app = new_app(seed=5, lang="pt")
    app.board.click("K1")  # the Kingdom of the Dead: nobody chooses it (R15)
    portuguese(app, "R15")
    app.board.click("T1.1")  # cards to put first (R6)
    portuguese(app, "R6")
    hand = sorted(app.picker.hand, reverse=True)
    app.picker.place((hand[0], hand[1], hand[3], hand[2]))  # the lowest card on cartouche 3
    app.picker.confirm.click()
    to_board_choice(app, "place")
    before = len(app.game.events)
    taken = next(sq for sq in aton.board.SQUARE_NAMES if app.game.owner(sq))
    app.board.click(taken)  # occupied (R13)
    assert len(app.game.events) == before
    portuguese(app, "R13")
    far = [sq for sq in aton.board.SQUARE_NAMES if sq not in app.game.options()
           and not app.game.owner(sq) and int(sq[1]) > app.session.human_pending.temples]
    app.board.click(far[0])  # beyond what cartouche 3 allows (R12)
    portuguese(app, "R12")
    app.click_square("Z9")  # not a square (R3)
    portuguese(app, "R3")


def test_a_removal_and_a_take_back_refused_in_portuguese():
    app = new_app(lang="pt", scenario="16_take_back", seed=1)
    to_board_choice(app, "take_back")
    pending = app.session.human_pending
    wrong = next(sq for sq in aton.board.SQUARE_NAMES if app.game.owner(sq) == pending.player
                 and sq not in app.game.options())
    app.board.click(wrong)
    portuguese(app, "R17")
    app = new_app(lang="pt", scenario="05_removal_limited", seed=1)
    app.picker.place((1, 4, 3, 2))
    app.picker.confirm.click()
    to_board_choice(app, "remove")
    pending = app.session.human_pending
    mine = next(sq for sq in aton.board.SQUARE_NAMES
                if app.game.owner(sq) == pending.player and int(sq[1]) <= pending.temples)
    app.board.click(mine)  # not the other player's counter (R10)
    portuguese(app, "R10")


def test_every_warning_of_a_button_that_waits_is_portuguese():
    app = new_app(seed=5, lang="pt")
    app.controls.undo.click()  # nothing to undo yet
    portuguese(app)
    assert app.explain.warning
    app.controls.next.click()  # a decision is pending
    portuguese(app, "R6")
    app.picker.confirm.click()  # a cartouche is empty (R6), said beside Confirm
    portuguese(app, "R6")
    app.picker.click_slot(0)  # no card chosen first
    portuguese(app)
    app.confirm_cards((9, 9, 9, 9))  # not the hand (R6)
    portuguese(app, "R6")
    app.controls.auto.value = True  # a decision is pending: auto-play waits
    portuguese(app)
    assert not app.autoplayer.running
    app.picker.exchange.click()  # hands in the exchange counter
    app.picker.place(tuple(app.picker.hand))
    app.picker.confirm.click()
    app.controls.run.click()
    app.coach_hint()  # no decision is the learner's now, or it is: either is said
    portuguese(app)
    app.look_at(1)
    app.controls.next.click()  # looking back: the live game waits
    text = portuguese(app)
    assert "Voltar ao jogo" in text
    app.back_to_game()
    app.controls.seed.value = "abc"
    app.controls.replay.click()  # not a seed
    portuguese(app, "abc")
    app.rules.bridge.value = "R99 1"  # a rule the rulebook does not have
    portuguese(app, "R99")


def test_the_exchange_refused_in_the_picker_is_portuguese():
    app = new_app(seed=5, lang="pt")
    app.picker.exchange.click()
    app.picker.place(tuple(app.picker.hand))
    app.picker.confirm.click()
    for _ in range(400):  # to the next round's cards: the counter is used (R5)
        if app.session.human_pending is not None and app.session.human_pending.secret:
            break
        pending = app.session.human_pending
        app.controls.run.click() if pending is None else app.board.click(app.game.options()[0])
    app.picker.exchange.click()
    portuguese(app, "R5")


def test_a_bad_record_file_is_refused_in_portuguese():
    app = new_app(seed=5, lang="pt")
    record = {"format": "aton-record", "version": 1, "seed": 7,
              "decisions": ["red exchange maybe"]}
    for content, rule in ((b"{not json", "R1"), (json.dumps(record).encode(), "R5")):
        app.open_upload([{"name": "jogo.json", "content": memoryview(content)}])
        assert "jogo.json" in portuguese(app, rule)


def test_an_error_of_the_app_itself_is_said_in_portuguese(monkeypatch):
    app = new_app(seed=5, lang="pt")

    def broken() -> list:
        raise RuntimeError("boom")

    monkeypatch.setattr(app.session, "step", broken)
    app.picker.place(tuple(app.picker.hand))
    app.picker.confirm.click()
    app.controls.next.click()
    assert "boom" in app.error_message
    portuguese(app)


def test_a_refusal_made_in_english_reads_in_portuguese_after_a_switch():
    """A warning already on the page is written again in the new language (the refusal keeps
    its facts and writes its sentence when read)."""
    app = new_app(seed=5)
    to_board_choice(app, "place")
    taken = next(sq for sq in aton.board.SQUARE_NAMES if app.game.owner(sq))
    app.board.click(taken)
    assert "already occupied" in app.explain.warning
    app.controls.language.value = "pt"
    text = portuguese(app, "R13")
    assert "ocupada" in plain(app.explain.widget.value) or "ocupada" in text


# ---------------------------------------------------------------------- apps of their own


def test_two_apps_in_one_kernel_keep_their_languages():
    """A teacher's notebook with an English and a Portuguese board side by side: each speaks
    its own, whichever is used, and the process's language is left as it was."""
    english, portuguese_app = new_app(seed=5), new_app(seed=5, lang="pt")
    for _ in range(12):
        for app in (english, portuguese_app):
            one_click(app)
        text = page_texts(english)
        assert portuguese_sentences(text) == [], portuguese_sentences(text)[:3]
        portuguese(portuguese_app)
        assert language() == "en"
    assert english.game.record() == portuguese_app.game.record()  # the same game


def test_a_switch_in_one_app_leaves_the_other_as_it_was():
    one, other = new_app(seed=5), new_app(seed=5)
    one.controls.language.value = "pt"
    assert other.controls.next.description == "Next step ▸"
    other.controls.next.click()
    assert portuguese_sentences(page_texts(other)) == []
    portuguese(one)


def test_ten_switches_leave_the_same_number_of_live_widgets():
    """Nothing is rebuilt: the page relabels itself in place (the coach's review, the share
    box and a moment looked back at included)."""
    from ipywidgets.widgets.widget import _instances  # ipywidgets 8: every open widget

    app = new_app(seed=5)
    app.picker.place(tuple(app.picker.hand))
    app.picker.confirm.click()
    app.controls.run.click()
    app.coach.review.value = True
    app.history.copy.click()
    app.rules.show("R12")
    before = len(_instances)
    widgets = set(map(id, _instances.values()))
    for code in ("pt", "en") * 5:
        app.controls.language.value = code
    assert len(_instances) == before
    assert set(map(id, _instances.values())) == widgets  # the very same widgets
    assert app.controls.next.description == "Next step ▸"
    app.board.click(app.game.options()[0])  # and they still work
