"""The ladder of levels in the app (issue 19, item 2): after a game against a computer level,
the end of the game says how the learner did against it in this session and offers the next
level up after a win, one down after a loss; the opponent menu marks the strongest level
beaten in this session. Only a fresh deal played against one level from start to end counts.
"""

from __future__ import annotations

import pytest
from helpers import plain

from aton.app import build_app
from aton.app.ladder import RUNGS, Ladder
from aton.players import make_player, names


def play_to_the_end(app, how: str = "greedy") -> int:
    """The learner plays to the end: as greedy would ("greedy"), or the cards as drawn and the
    first square offered ("first", a beginner's game), by the app's own actions. Returns how
    many actions it took (a click each in a page: the cards, a square, To my next decision)."""
    bot = make_player("greedy", 1)
    for actions in range(3000):
        if app.game.over:
            return actions
        pending = app.session.human_pending
        if pending is None:
            app.to_my_decision()
            continue
        view = app.game.view(pending.player)
        if how == "first":
            choice = tuple(view.hand) if pending.secret else app.game.options()[0]
        else:  # greedy chooses its cards once the exchange is kept (R5)
            choice = bot.choose(view.after(False) if pending.kind == "exchange" else view)
        (app.confirm_cards if pending.secret else app.click_square)(choice)
    raise AssertionError("the game did not end")


#: The deal tests/browser/test_ladder_browser.py plays against random in a real page, the cards
#: as drawn and the first square listed, with 60 clicks at most (``browser_actions``).
BROWSER_SEED = 2


def opponent_labels(app) -> dict[str, str]:
    return {value: label for label, value in app.controls.opponent.options}


def test_the_rungs_are_the_computer_levels_weakest_first():
    assert RUNGS == tuple(names()) and RUNGS[0] == "random" and "hotseat" not in RUNGS


@pytest.mark.parametrize(("level", "outcome", "offered"), [
    ("random", "won", "beginner"), ("greedy", "won", "easy"), ("strong", "won", "expert"),
    ("expert", "won", None),
    ("greedy", "lost", "beginner"), ("random", "lost", None), ("medium", "drawn", "medium")])
def test_the_level_offered_is_one_up_after_a_win_and_one_down_after_a_loss(level, outcome,
                                                                          offered):
    assert Ladder.next_level(level, outcome) == offered


def test_a_win_offers_the_next_level_up_and_the_menu_marks_the_best_level_beaten():
    app = build_app(seed=1, opponent="random", how_to_play=False)
    assert all("★" not in label for label in opponent_labels(app).values())
    play_to_the_end(app, "greedy")
    assert app.game.winner == app.session.learner
    said = plain(app.end.text.value)
    assert "You beat the computer (random)." in said
    assert "Against this level in this session: 1 won, 0 lost, 0 drawn." in said
    assert "Ready for the next level up? The computer (beginner) plays like a first-day" in said
    # after a win, Undo is offered for what it does, not as a "try again"
    assert "Undo to take back your last decision and play it another way." in said
    assert "try again" not in said
    assert app.end.row.layout.display == ""
    assert app.end.next.description == "Play the computer (beginner) ▸"
    labels = opponent_labels(app)
    assert labels["random"] == "★ computer (random)"
    assert [v for v, label in labels.items() if "★" in label] == ["random"]
    assert app.controls.opponent.tooltip == (
        "The computer's levels go from the weakest, random, to the strongest, expert. "
        "★ marks the strongest level you have beaten in this session")
    assert "The opponent menu marks the strongest level you have beaten" in said
    app.end.next.click()  # the level offered: a new deal against it
    assert not app.game.over and app.session.opponent == app.state.opponent == "beginner"
    assert app.controls.opponent.value == "beginner"
    assert app.end.offered is None or app.end.widget not in app.stage.children
    assert opponent_labels(app)["random"].startswith("★ ")  # for the whole session


def test_the_browser_tests_deal_is_a_short_win_with_the_cards_as_drawn():
    """The page test's premise, checked without a browser: on its deal, the cards as drawn and
    the first square listed beat random, in well under the 60 clicks the page is given."""
    app = build_app(seed=BROWSER_SEED, opponent="random", how_to_play=False)
    assert play_to_the_end(app, "first") < 50, "the page test's game is too long for its clicks"
    assert app.game.winner == app.session.learner


def test_a_loss_offers_one_level_down_and_marks_nothing():
    app = build_app(seed=2, opponent="greedy", how_to_play=False)
    play_to_the_end(app, "first")
    assert app.game.winner == app.session.other
    said = plain(app.end.text.value)
    assert "The computer (greedy) won this time." in said
    assert "0 won, 1 lost, 0 drawn" in said and "or try one level down. The computer (beginner)" in said
    assert app.end.offered == "beginner"
    assert all("★" not in label for label in opponent_labels(app).values())


def test_a_game_counts_once_and_by_the_way_it_ends_last():
    # deal_seed: "New game" deals the same second game on every run (a learner playing the
    # first choice offered loses it to greedy).
    app = build_app(seed=2, opponent="greedy", how_to_play=False, deal_seed=0)
    play_to_the_end(app, "first")
    app.next_step()  # nothing more is played: still one game
    assert list(app.state.ladder.games.values()) == [("greedy", "lost")]
    app.undo()  # taken back at the end and played on: it counts as it ends now
    assert not app.game.over and app.state.ladder.counted(app.session) == (
        "greedy", "lost", app.state.ladder.results["greedy"])
    play_to_the_end(app, "first")
    assert len(app.state.ladder.games) == 1
    app.new_game()
    play_to_the_end(app, "first")
    assert app.state.ladder.results["greedy"].lost == 2  # two games, two losses


def play_one(app) -> None:
    """One action of the learner's: a step, or the decision as greedy makes it."""
    if app.session.human_pending is None:
        app.next_step()
    else:
        before = len(app.game.decisions)
        bot = make_player("greedy", 1)
        pending = app.session.human_pending
        view = app.game.view(pending.player)
        choice = bot.choose(view.after(False) if pending.kind == "exchange" else view)
        (app.confirm_cards if pending.secret else app.click_square)(choice)
        assert len(app.game.decisions) > before


def test_an_opponent_chosen_before_it_has_decided_plays_the_whole_game_and_counts():
    """A learner who picks the weakest level before anything of the computer's is played
    (the page opens on greedy) gets the ladder's line and offer at the end."""
    app = build_app(seed=1, opponent="greedy", how_to_play=False)
    app.controls.opponent.value = "random"
    play_to_the_end(app, "greedy")
    assert app.state.ladder.games and app.end.offered == "beginner"
    assert "You beat the computer (random)." in plain(app.end.text.value)


def test_what_does_not_count_gets_no_ladder_line():
    # The opponent changed on the way, once it had decided: the win is nobody's.
    app = build_app(seed=1, opponent="strong", how_to_play=False)
    while not any(d.player == app.session.other for d in app.game.decisions):
        play_one(app)
    app.set_opponent("random")
    play_to_the_end(app, "greedy")
    assert app.state.ladder.games == {} and app.end.offered is None
    assert "this level" not in plain(app.end.text.value)
    # Hot seat, a scenario's position, a guided lesson: none is a game against a level.
    hotseat = build_app(seed=1, opponent="hotseat", how_to_play=False)
    assert Ladder.level_of(hotseat.session) is None
    scenario = build_app(seed=1, scenario="14_scoring_winner", how_to_play=False)
    assert Ladder.level_of(scenario.session) is None
    lesson = build_app(lesson="01_first_round", how_to_play=False)
    assert Ladder.level_of(lesson.session) is None


def test_the_ladder_speaks_portuguese():
    app = build_app(seed=1, opponent="random", how_to_play=False)
    play_to_the_end(app, "greedy")
    app.state.language = "pt"
    said = plain(app.end.text.value)
    assert "Você venceu o computador (aleatório)." in said
    assert app.end.next.description == "Jogar contra o computador (iniciante) ▸"
    assert opponent_labels(app)["random"] == "★ computador (aleatório)"
