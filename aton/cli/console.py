"""Play a level in a terminal: ``aton play --against strong --seed 7``.

The learner types each choice at a prompt; the computer player (``bots.get``) decides from its
own view. Every step of the game is told in the engine's sentences (``Event.text``). A refused
choice prints the rule it breaks and asks again: nothing changes in the game (``Game.decide``).
``hint`` asks the coach (its reasons cite the rules), ``quit`` ends the game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from .. import players as bots
from ..engine.board import PLAYERS
from ..engine.decision import Decision
from ..engine.errors import RuleError, player_name, words
from ..engine.game import Game
from ..engine.render import board_text
from ..engine.view import PlayerView
from ..i18n import N_, translator
from ..teaching import coach

_ = translator("engine")

#: What to type, by kind of decision.
TYPE = {
    "exchange": N_("type yes or no"),
    "assign": N_("type your 4 cards in the order of cartouches 1 to 4, like 3142"),
    "remove": N_("type a square, like T1.2"),
    "place": N_("type a square, like T1.2"),
    "take_back": N_("type a square, like T1.2"),
}


def _plain(word: str) -> str:
    """The word in lower case without accents, so that 'nao' is understood as 'não'."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower())
                   if not unicodedata.combining(c))


def _words(english: str, translated: str) -> set[str]:
    """A command word in English and in the current language (both are understood, with or
    without accents)."""
    return {english, _plain(translated)}


def _status(view: PlayerView) -> str:
    lines = [_("Round {round}.").format(round=view.round)]
    for name in PLAYERS:
        if view.exchange[name]:
            line = _("{player}: {points} points, {stock} counters in stock, {kingdom} in the "
                     "Kingdom of the Dead, exchange counter held")
        else:
            line = _("{player}: {points} points, {stock} counters in stock, {kingdom} in the "
                     "Kingdom of the Dead, exchange counter used")
        lines.append(line.format(player=player_name(name), points=view.scores[name],
                                 stock=view.stock[name], kingdom=view.kingdom[name]))
    if view.hand is not None:
        lines.append(_("Your cards: {cards}").format(cards=" ".join(map(str, view.hand))))
    if view.revealed is not None:
        shown = view.revealed
        lines.append(_("On cartouches 1-4: red {red}, blue {blue}").format(
            red=" ".join(map(str, shown["red"])), blue=" ".join(map(str, shown["blue"]))))
    return "\n".join(lines)


def _options(view: PlayerView) -> str:
    options = view.options()
    if view.pending.kind == "assign":
        listed = " ".join("".join(map(str, o)) for o in options)
    elif view.pending.kind == "exchange":
        listed = " ".join((_("no"), _("yes")))
    else:
        listed = " ".join(options)
    return _("Options: {options}").format(options=listed)


def _parse(view: PlayerView, text: str) -> object:
    """The choice typed for ``view``'s pending decision; RuleError naming the rule if the text
    is no such choice (R5 exchange, R6 cards, R3 squares)."""
    kind = view.pending.kind
    value = text.strip()
    if kind == "exchange":
        word = _plain(value)
        yes, no = _words("yes", _("yes")) | {"y"}, _words("no", _("no")) | {"n"}
        if word not in yes | no:
            raise RuleError("R5", N_("type {yes} to exchange your 4 cards or {no} to keep "
                                     "them, not {typed!r}"), yes=words(N_("yes")),
                            no=words(N_("no")), typed=value)
        value = "yes" if word in yes else "no"
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
        raise ValueError(_("you play red or blue, not {learner!r}").format(learner=learner))
    game = Game.new(seed)
    computer = bots.get(against, seed=seed)
    other = "blue" if learner == "red" else "red"
    mine, theirs = game.view(learner), game.view(other)
    say(_("You play {player} against {level}: it {does}. Type {hint} for the coach's advice, "
          "{quit} to stop.").format(player=player_name(learner),
                                    level=bots.level_name(against), does=bots.LEVELS[against],
                                    hint=_("hint"), quit=_("quit")))
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
            say(_("{prompt}: only {choice} is possible.").format(
                prompt=game.pending.prompt, choice=Decision(game.pending.kind, learner,
                                                            options[0])))
            event = game.decide(options[0])
            if event is not None:
                say(event.text)
            continue
        say("")
        say(board_text(mine.board))
        say(_status(mine))
        say(f"{game.pending.prompt}: {_(TYPE[game.pending.kind])}.")
        say(_options(mine))
        while True:
            try:
                text = ask("> ")
            except EOFError:
                text = "quit"
            word = _plain(text.strip())
            if word in _words("quit", _("quit")):
                say(_("Game stopped."))
                return game
            if word in _words("hint", _("hint")):
                say(coach.advice(mine, "strong").text)
                continue
            try:
                event = game.decide(_parse(mine, text))
            except RuleError as e:
                say(_("Refused: {reason}. Nothing changed; try again.").format(reason=e))
                continue
            if event is not None:
                say(event.text)
            break
    if game.winner == "draw":
        result = _("Game over: a draw. Points: red {red}, blue {blue}.")
    elif game.winner == learner:
        result = _("Game over: you win. Points: red {red}, blue {blue}.")
    else:
        result = _("Game over: {level} wins. Points: red {red}, blue {blue}.")
    say(result.format(level=bots.level_name(against), red=game.scores["red"],
                      blue=game.scores["blue"]))
    return game


__all__ = ["play"]
