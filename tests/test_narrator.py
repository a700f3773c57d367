"""What the page says, without a page: the app's state, its controller and its narrator are
widget-free, so the sentences a learner reads (whose turn, what comes next, what Undo gave
back) are checked here directly, as the rulebook's examples are."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import plain

import aton
from aton.app.narrator import Narrator
from aton.app.session import Session
from aton.app.state import AppState
from aton.engine.decision import Decision
from aton.i18n import speaking

APP = Path(aton.__file__).resolve().parent / "app"
#: The app's modules that hold no widget: the state, what the page does and what it says.
WIDGET_FREE = ("state", "controller", "coaching", "looking", "narrator", "address", "session",
               "autoplay", "guard")


@pytest.mark.parametrize("module", WIDGET_FREE)
def test_the_state_the_actions_and_the_sentences_hold_no_widget(module):
    tree = ast.parse((APP / f"{module}.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name.split(".")[0] in ("ipywidgets", "bqplot")}
    assert not {name for name in imported if name.lstrip(".") in (
        "app", "page", "picker", "board", "panel", "controls", "tutor", "coachpanel")}


def narrator_for(game, opponent="greedy", learner="red", uncovered=None) -> Narrator:
    state = AppState(session=Session(game, opponent=opponent, learner=learner),
                     learner=learner, uncovered=uncovered)
    return Narrator(state)


def at_first_placement(seed: int = 5) -> aton.Game:
    game = aton.Game.new(seed)
    while game.pending is None or game.pending.kind != "place" or game.pending.player != "red":
        if game.pending is None:
            game.step()
        elif game.pending.kind == "assign":
            hand = sorted(game.hand(game.pending.player), reverse=True)
            game.decide((hand[0], hand[1], hand[2], hand[3]))
        else:
            game.decide(game.options()[0])
    return game


def test_whose_turn_and_what_to_do_in_a_learners_words():
    game = aton.Game.new(5)
    game.advance()
    say = narrator_for(game)
    assert plain(say.decision(game.pending)) == (
        "Your turn: put one card on each cartouche below, then Confirm (R6).")
    game = at_first_placement()
    say = narrator_for(game)
    text = plain(say.decision(game.pending))
    # The squares one may click are named as the board shows them (a black frame).
    assert text.startswith("Your choice: click an empty square with a black frame in temple")
    if game.pending.count > 1:
        assert f"{game.pending.count} left, this one included." in text
    else:  # a single counter is not counted down: no "the last one" when it is the only one
        assert "left" not in text and "last one" not in text
    assert "(R12, R13)." in text
    with speaking("pt"):
        assert "casa vazia com moldura preta" in plain(say.decision(game.pending))
    hot = narrator_for(game, opponent="hotseat")
    assert plain(hot.decision(game.pending)).startswith("Red's choice: click an empty")


def test_what_comes_next_is_the_engines_one_table_with_the_players_in_colour():
    game = aton.Game.new(5)
    say = narrator_for(game)
    assert plain(say.next_text()) == "Next step ▸ a new round: each player draws 4 cards (R4)."
    game.advance()
    for cards in (game.hand("red"), None):
        if cards is not None:
            game.decide(False)
            game.decide(cards)
    say = narrator_for(game)
    assert plain(say.next_text()) == "Next: click Next step to see blue's cards go face down."
    with speaking("pt"):
        assert "cartas do azul" in plain(say.next_text())


def test_undo_names_a_face_down_choice_only_to_the_player_who_made_it():
    game = aton.Game.new(5)
    game.advance()
    cards = game.hand("red")
    undone = Decision("assign", "red", cards)
    own = narrator_for(game)
    placed = ", ".join(f"a {v} on cartouche {c}" for c, v in enumerate(cards[:3], 1))
    # After Undo the cards stay on the cartouches (the picker keeps them): said so, cartouche
    # by cartouche, and the exchange (taken back with them, R5) is open again.
    assert plain(own.undo_words(undone)) == (
        "Your cards are taken back before the reveal: they stay on the cartouches where you "
        f"put them ({placed} and a {cards[3]} on cartouche 4). Move any card you want to "
        "change, then click Confirm again. You may also hand in the exchange counter first "
        "(R5).")
    with speaking("pt"):
        assert plain(own.undo_words(undone)).startswith(
            "Suas cartas foram retomadas antes de serem mostradas: elas continuam nos cartuchos "
            f"onde você as colocou (um {cards[0]} no cartucho 1, ")
    covered = narrator_for(game, opponent="hotseat")  # red's hand covered: nobody at screen
    said = plain(covered.undo_words(undone))
    assert said == ("Red's choices of this round are taken back, face down, for red to make "
                    "again.")
    red_looks = narrator_for(game, opponent="hotseat", uncovered="red")
    assert f"(a {cards[0]} on cartouche 1, " in plain(red_looks.undo_words(undone))
    placed = Decision("place", "blue", "T2.5")  # a board choice: everyone saw it
    assert "T2.5" in plain(covered.undo_words(placed))


@pytest.mark.parametrize("seed", [5, 6])  # red places 1, then 3 counters
def test_a_countdown_only_where_there_are_several(seed):
    """R10, R13: "2 left, this one included", then "This is the last one."; a single choice is
    not counted at all (never "the last one" when it was the only one), in both languages."""
    game = at_first_placement(seed)
    say = narrator_for(game)
    seen = []
    while game.pending is not None and game.pending.kind == "place" and (
            game.pending.player == "red"):
        seen.append((game.pending.count, plain(say.decision(game.pending))))
        with speaking("pt"):
            seen[-1] += (plain(say.decision(game.pending)),)
        game.decide(game.options()[0])
    counts = [n for n, _en, _pt in seen]
    assert counts == list(range(counts[0], 0, -1))
    for n, en, pt in seen:
        if n > 1:
            assert f"{n} left, this one included." in en and f"Faltam {n}, contando esta." in pt
        elif len(seen) > 1:
            assert en.endswith("This is the last one.") and pt.endswith("Esta é a última.")
        else:
            assert "last" not in en and "última" not in pt


def test_why_a_button_waits_is_said_from_the_state():
    game = aton.Game.new(5)
    game.advance()
    say = narrator_for(game)
    assert say.why_not_now() == "first put your cards on the cartouches and click Confirm (R6)."
    assert "Nothing runs until this decision is made" in plain(say.not_stepping())
    say.state.moment = 2
    assert "Back to the game" in plain(say.not_stepping())
