"""Play a level in a terminal: ``aton play --against strong --seed 7``.

The learner types each choice at a prompt; the computer player (``bots.get``) decides from its
own view. Every step of the game is told in the engine's sentences (``Event.text``). A refused
choice prints the rule it breaks and asks again: nothing changes in the game (``Game.decide``).
``hint`` asks the coach (its reasons cite the rules), ``quit`` ends the game.
"""

from __future__ import annotations

from collections.abc import Callable

from . import bots, coach
from .board import PLAYERS
from .decision import Decision
from .errors import RuleError
from .game import Game
from .render import board_text
from .view import PlayerView

#: What to type, by kind of decision.
TYPE = {
    "exchange": "type yes or no",
    "assign": "type your 4 cards in the order of cartouches 1 to 4, like 3142",
    "remove": "type a square, like T1.2",
    "place": "type a square, like T1.2",
    "take_back": "type a square, like T1.2",
}


def _status(view: PlayerView) -> str:
    lines = [f"Round {view.round}."]
    for name in PLAYERS:
        exchange = "exchange counter held" if view.exchange[name] else "exchange counter used"
        lines.append(f"{name}: {view.scores[name]} points, {view.stock[name]} counters in stock, "
                     f"{view.kingdom[name]} in the Kingdom of the Dead, {exchange}")
    if view.hand is not None:
        lines.append(f"Your cards: {' '.join(map(str, view.hand))}")
    if view.revealed is not None:
        shown = view.revealed
        lines.append(f"On cartouches 1-4: red {' '.join(map(str, shown['red']))}, "
                     f"blue {' '.join(map(str, shown['blue']))}")
    return "\n".join(lines)


def _options(view: PlayerView) -> str:
    options = view.options()
    if view.pending.kind == "assign":
        return "Options: " + " ".join("".join(map(str, o)) for o in options)
    if view.pending.kind == "exchange":
        return "Options: no yes"
    return "Options: " + " ".join(options)


def _parse(view: PlayerView, text: str) -> object:
    """The choice typed for ``view``'s pending decision; RuleError naming the rule if the text
    is no such choice (R5 exchange, R6 cards, R3 squares)."""
    kind = view.pending.kind
    value = text.strip()
    if kind == "exchange":
        value = {"y": "yes", "n": "no"}.get(value.lower(), value.lower())
    elif kind == "assign":
        value = "".join(value.replace(",", " ").split())
    else:
        value = value.upper()
    return Decision.parse(f"{view.player} {kind} {value}").choice


def play(against: str = "strong", seed: int | None = None, learner: str = "red",
         ask: Callable[[str], str] = input, say: Callable[[str], None] = print) -> Game:
    """Play a whole game in a terminal against the level ``against``; returns the game (over,
    or stopped by ``quit``). ``ask`` reads a line, ``say`` prints one (tests pass their own)."""
    if learner not in PLAYERS:
        raise ValueError(f"you play red or blue, not {learner!r}")
    game = Game.new(seed)
    computer = bots.get(against, seed=seed)
    other = "blue" if learner == "red" else "red"
    mine, theirs = game.view(learner), game.view(other)
    say(f"You play {learner} against {against}: it {bots.LEVELS[against]}. Type hint for the "
        "coach's advice, quit to stop.")
    while not game.over:
        if game.pending is None:
            for event in game.advance():
                say(event.text)
            continue
        if game.pending.player == other:
            event = game.decide(computer.choose(theirs))
            if event is not None:
                say(event.text)
            continue
        options = mine.options()
        if len(options) == 1:  # nothing to choose: say so and go on
            say(f"{game.pending.prompt}: only {Decision(game.pending.kind, learner, options[0])}"
                " is possible.")
            event = game.decide(options[0])
            if event is not None:
                say(event.text)
            continue
        say("")
        say(board_text(mine.board))
        say(_status(mine))
        say(f"{game.pending.prompt}: {TYPE[game.pending.kind]}.")
        say(_options(mine))
        while True:
            try:
                text = ask("> ")
            except EOFError:
                text = "quit"
            word = text.strip().lower()
            if word == "quit":
                say("Game stopped.")
                return game
            if word == "hint":
                say(coach.advice(mine, "strong").text)
                continue
            try:
                event = game.decide(_parse(mine, text))
            except RuleError as e:
                say(f"Refused: {e}. Nothing changed; try again.")
                continue
            if event is not None:
                say(event.text)
            break
    result = ("a draw" if game.winner == "draw" else
              "you win" if game.winner == learner else f"{against} wins")
    say(f"Game over: {result}. Points: red {game.scores['red']}, blue {game.scores['blue']}.")
    return game


__all__ = ["play"]
