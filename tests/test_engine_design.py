"""How the engine is built: one place per rule, imports that go one way, no widgets, and games
for simulations (no story) and clones that play by exactly the same rules."""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import make_position

import aton
from aton import Game
from aton.engine.cards import below, shuffle
from aton.engine.steps import ASKS
from aton.players import GreedyPlayer, RandomPlayer, evaluate, play_game
from aton.teaching.tutorial import SQUARE_KINDS

PACKAGE = Path(aton.__file__).resolve().parent

# Red holds 8 of temple 4 (its blue square T4.8 among them) and the blue squares of temples 1
# and 2; blue holds 2 of temple 4. Temple 1 is full (blue has the majority there), so nothing
# else on the board decides the temple-4 line.
TEMPLE4_BOARD = {"T1": "bbbbbbbrbbbb", "T2": ".......r", "T4": "rrrrrrrrbb"}


def _scoring_game() -> Game:
    """A game at the temple-4 line of a scoring round on TEMPLE4_BOARD."""
    red, blue = [2, 2, 1, 1], [1, 2, 1, 1]  # red goes first (R8: equal 2s, red's 2 > blue's 1)
    pos = make_position(round=5, board=TEMPLE4_BOARD, kingdom=(4, 4), red=red, blue=blue)
    game = Game.from_position(pos)
    for cards in (red, blue):
        game.advance()
        game.decide(cards)
    while True:  # step by step up to the temple-4 line, before any take-back (R17)
        event = game.step() if game.pending is None else game.decide(game.options()[0])
        if event.type == "score" and event.data["line"] == "temple4":
            return game


@pytest.mark.parametrize("all_temples", [True, False])
def test_the_temple4_switch_changes_score_highlight_and_greedy_together(monkeypatch,
                                                                      all_temples):
    """R16's temple-4 reading is one switch: flipping it changes the score, the squares the
    app rings and the greedy player's evaluation, all at once."""
    monkeypatch.setattr(aton.scoring, "TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES", all_temples)
    game = _scoring_game()
    line = next(e for e in game.events if e.type == "score" and e.data["line"] == "temple4")
    blue_squares = 3 if all_temples else 1  # T1.8, T2.8, T4.8, or T4.8 alone
    assert line.data["points"]["red"] == 3 * blue_squares
    rung = set(line.cells(game.board))
    assert {"T1.8", "T2.8"} <= rung if all_temples else not {"T1.8", "T2.8"} & rung
    board = list(game.board)
    evaluations = {}
    for setting in (True, False):
        monkeypatch.setattr(aton.scoring, "TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES", setting)
        evaluations[setting] = evaluate(board, 1)
    assert evaluations[True] - evaluations[False] == 6  # T1.8 and T2.8, 3 points each


def test_the_engine_loads_without_widgets_or_plots():
    """The engine, its command line and its players import no ipywidgets and no bqplot."""
    code = ("import sys, aton, aton.cli, aton.bots, aton.teaching.coach, aton.teaching.tutorial\n"
            "game = aton.bots.play_game(aton.Game.new(3), {'red': aton.bots.get('greedy', seed=1),"
            " 'blue': aton.bots.get('random', seed=2)})\n"
            "print(game.winner in ('red', 'blue', 'draw'))\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'bqplot', 'traitlets', 'IPython'))\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split("\n")[:2] == ["True", ""]  # a whole game played, nothing else loaded


def test_no_module_outside_the_engine_reads_its_state():
    """Only the engine touches ``Game._s``: its own modules (the game, its step handlers, its
    refusals, its view) may; the app, bots, lessons and command line use the public surface
    (board, scores, phase, ...). The one exception is ``aton/players/determinize.py``: to
    build a game a search player may look ahead in, it copies the game behind a view and
    overwrites every card the viewer cannot see (tests/test_mcts.py proves nothing hidden
    survives)."""
    state = re.compile(r"\._s\b|\bgame\.s\b")
    notebooks = PACKAGE.parent / "notebooks"  # build.py, and the lessons' Markdown sources
    files = [*PACKAGE.rglob("*.py"), *notebooks.rglob("*.py"), *notebooks.rglob("*.md")]
    allowed = {PACKAGE / "players" / "determinize.py", *(PACKAGE / "engine").glob("*.py")}
    readers = [str(p.relative_to(PACKAGE.parent)) for p in files
               if p not in allowed and state.search(p.read_text(encoding="utf-8"))]
    assert readers == []
    # The pattern finds the readers it allows (so it would find any other), and the allowance
    # is by path: a module of another layer named like an engine module is still caught.
    assert all(state.search(p.read_text(encoding="utf-8")) for p in (
        PACKAGE / "players" / "determinize.py", PACKAGE / "engine" / "handlers.py"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_without_story_plays_by_the_same_rules(seed):
    """``story=False`` writes no events or record, but the game is the same game."""
    told = play_game(Game.new(seed), {"red": GreedyPlayer(seed), "blue": RandomPlayer(seed)})
    quiet = play_game(Game.new(seed, story=False),
                      {"red": GreedyPlayer(seed), "blue": RandomPlayer(seed)})
    assert quiet.position() == told.position()
    assert quiet.events == [] and quiet.decisions == [] and told.events


def test_a_clone_is_independent_and_continues_the_same_game():
    """``clone()`` copies the game as it stands: playing the clone leaves the original as it
    was, and both play on to the same end with the same choices."""
    game = Game.new(5)
    players = {"red": RandomPlayer(1), "blue": RandomPlayer(2)}
    for _ in range(30):
        game.advance()
        game.decide(players[game.pending.player].choose(game.view(game.pending.player)))
    before = (game.board, game.scores, len(game.events), game.rng.getstate())
    twin = game.clone(story=False)
    play_game(twin, {"red": RandomPlayer(9), "blue": RandomPlayer(9)})
    assert (game.board, game.scores, len(game.events), game.rng.getstate()) == before
    a, b = game.clone(), game.clone()
    for g in (a, b):
        play_game(g, {"red": RandomPlayer(4), "blue": RandomPlayer(5)})
    assert a.position() == b.position() and a.events == b.events


#: The decisions made face down (R5, R6) and those answered on the board (R10, R13, R17).
SECRET = {"exchange", "assign"}
ON_THE_BOARD = {"remove", "place", "take_back"}


def test_secret_and_board_choices_are_asked_of_the_step_not_listed_by_hand():
    """Which decisions are secret and which are board choices is said once, by the steps
    (``Ask.secret``, ``Ask.board_choice``); no module of the package, the app included, lists
    those kinds again."""
    assert {kind for kind, ask in ASKS.items() if ask.secret} == SECRET
    assert {kind for kind, ask in ASKS.items() if ask.board_choice} == ON_THE_BOARD
    assert set(SQUARE_KINDS) == ON_THE_BOARD
    listed = [f"{path.relative_to(PACKAGE)}:{node.lineno}"
              for layer in ("engine", "players", "teaching", "app", "cli")
              for path in sorted((PACKAGE / layer).rglob("*.py"))
              for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if _kinds(node) in (SECRET, ON_THE_BOARD)]
    assert listed == []
    assert _kinds(ast.parse('("exchange", "assign")').body[0].value) == SECRET  # it bites


def _kinds(node: ast.AST) -> set | None:
    """The strings a literal tuple, list or set of strings holds (None for anything else)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts and all(
            isinstance(e, ast.Constant) for e in node.elts):
        return {e.value for e in node.elts}
    return None


@pytest.mark.parametrize("seed", range(40))
def test_the_engines_shuffle_deals_what_random_shuffle_deals(seed):
    """``cards.shuffle`` (written out for speed) gives the order ``random.shuffle`` gives and
    leaves the generator in the same state, for piles of every length a game meets (R1, R4):
    the same seed still deals the same game."""
    for length in (0, 1, 2, 4, 17, 32, 36, 72):
        ours, theirs = list(range(length)), list(range(length))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(ours, a)
        b.shuffle(theirs)
        assert ours == theirs and a.getstate() == b.getstate()


@pytest.mark.parametrize("seed", range(20))
def test_below_draws_what_randrange_and_choice_draw(seed):
    """``cards.below(n, rng)`` (the players' and the search's random picks) is the number
    ``rng.randrange(n)`` draws and the index ``rng.choice`` takes, with the generator left in
    the same state: the same seeds still give the same games."""
    for n in (1, 2, 3, 7, 24, 36, 48, 1000):
        a, b, c = random.Random(seed), random.Random(seed), random.Random(seed)
        assert below(n, a) == b.randrange(n) == c.choice(range(n))
        assert a.getstate() == b.getstate() == c.getstate()
