"""``aton play``: a game against a computer level at a prompt. The board, the prompt and the
legal options are shown; a refused choice names its rule and changes nothing; quit stops."""

from __future__ import annotations

import pytest
from helpers import run_cli

from aton.cli import console
from aton.engine.game import Game


class FirstOption:
    """A learner who types the first legal option listed (and a few words first)."""

    def __init__(self, first: list[str] = ()) -> None:
        self.lines: list[str] = []
        self.typed = list(first)

    def say(self, text: str) -> None:
        self.lines.append(text)

    def ask(self, prompt: str) -> str:
        if self.typed:
            return self.typed.pop(0)
        options = next(line for line in reversed(self.lines) if line.startswith("Options: "))
        return options.split()[1]


def test_a_whole_game_at_the_prompt():
    learner = FirstOption()
    game = console.play("random", seed=5, ask=learner.ask, say=learner.say)
    assert game.over and game.winner in ("red", "blue", "draw")
    assert learner.lines[-1].startswith("Game over: ")
    text = "\n".join(learner.lines)
    assert "Temple 1" in text and "Temple 4" in text and "Options: no yes" in text
    assert "R6): type your 4 cards" in text and "R13): type a square" in text


def test_a_refused_choice_names_its_rule_and_changes_nothing():
    """R6: '9999' is no assignment; R12: a square outside the temples cartouche 3 allows; the
    game is the same as before each refusal, and the next good choice is taken."""
    learner = FirstOption(["no", "9999", "quit"])
    game = console.play("greedy", seed=7, ask=learner.ask, say=learner.say)
    assert any(line.startswith("Refused: R6:") and "Nothing changed" in line
               for line in learner.lines)
    assert learner.lines[-1] == "Game stopped." and not game.over
    twin = Game.new(7)  # the same deal, red kept its cards: still asked for its cards
    twin.advance()
    twin.decide(False)
    twin.advance()
    assert game.pending == twin.pending and game.hand("red") == twin.hand("red")


def test_hint_asks_the_coach_and_keeps_the_question():
    learner = FirstOption(["hint", "quit"])
    game = console.play("easy", seed=3, ask=learner.ask, say=learner.say)
    hint = learner.lines[learner.lines.index("Game stopped.") - 1]
    assert "R5" in hint and "exchange counter" in hint
    assert game.pending.kind == "exchange" and game.pending.player == "red"


def test_the_command_line_plays_from_stdin():
    typed = "no\nT9.9\n4321\nT4.1\nquit\n"
    done = run_cli("play", "--against", "greedy", "--seed", "7", input=typed)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "You play red against greedy" in out and "Temple 3" in out
    assert "Refused: R6:" in out  # T9.9 is no assignment
    assert "Red puts one card face down" in out
    assert "Refused: R12:" in out  # red's 2 on cartouche 3 allows temples 1 and 2 only
    assert out.rstrip().endswith("Game stopped.")


@pytest.mark.parametrize("args", [["--against", "grandmaster"], ["--as", "green"]])
def test_a_bad_level_or_colour_is_refused(args):
    done = run_cli("play", *args)
    assert done.returncode == 2 and "invalid choice" in done.stderr


class FirstOptionPt(FirstOption):
    def ask(self, prompt: str) -> str:
        if self.typed:
            return self.typed.pop(0)
        options = next(line for line in reversed(self.lines) if line.startswith("Opções: "))
        return options.split()[1]


def test_the_prompt_in_portuguese(portuguese):
    """With the language set to pt, the game is told in Portuguese, 'sim'/'não', 'dica' and
    'sair' are understood, and a refusal names the same rule (R6) as in English."""
    learner = FirstOptionPt(["talvez", "nao", "9999", "sair"])
    game = console.play("greedy", seed=7, ask=learner.ask, say=learner.say)
    text = "\n".join(learner.lines)
    assert "Templo 1" in text and "Opções: não sim" in text and "digite" in text
    assert any(line.startswith("Recusado: R6:") and "Nada mudou" in line
               for line in learner.lines)
    assert learner.lines[-1] == "Partida interrompida." and not game.over
    assert any(line.startswith("Recusado: R5: digite sim para trocar") for line in learner.lines)
    assert game.decisions[0].choice is False  # 'nao' (no accent) kept the cards (R5)
    for word in ("Options", "Refused", "type ", "Round ", "counters in stock"):
        assert word not in text


def test_play_takes_the_language_after_the_command_as_the_others_do():
    done = run_cli("play", "--against", "greedy", "--seed", "7", "--lang", "pt", input="sair\n")
    assert done.returncode == 0, done.stderr
    assert "Você joga com o vermelho" in done.stdout


def test_a_reader_that_stops_early_gets_no_traceback():
    """``aton puzzles list | head -1``: the reader has gone (here before the first line, so
    every write fails); the command stops without a traceback on stderr."""
    import os
    import subprocess
    import sys

    from helpers import REPO

    read, write = os.pipe()
    os.close(read)  # as head does once it has its line
    try:
        done = subprocess.run([sys.executable, "-m", "aton", "puzzles", "list"], cwd=REPO,
                              stdout=write, stderr=subprocess.PIPE, timeout=120, check=False)
    finally:
        os.close(write)
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr
