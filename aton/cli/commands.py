"""The command line (formats.md): ``aton new`` and ``aton round``; ``aton play`` to play a
level in the terminal (``console.py``).

``--lang pt`` (or the ``ATON_LANG`` environment variable) writes the sentences in Portuguese:
the events' texts, the refusals and the help. The JSON keys, event types, rule ids and square
names never change with the language.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import NoReturn

from .. import players as bots
from ..engine.board import PLAYERS
from ..engine.errors import RuleError, check_seed, shown
from ..engine.files import read_json_file
from ..engine.game import Game
from ..engine.moves import play_round
from ..i18n import LANGUAGES, N_, language, normalize, set_language, translator
from . import console, puzzlecli

_ = translator("engine")

#: The environment variable that chooses the language when ``--lang`` is not given.
LANG_VARIABLE = "ATON_LANG"

# Translators: the end of "aton --help". Keep the command lines and the JSON exactly as they are
# (only the sentences change).
EPILOG = N_("""\
examples:
  aton new --seed 7 > start.json
  aton round start.json moves.json --seed 7 > after.json
  aton play --against strong --seed 7      # play a game at a prompt (quit to stop)

A round-moves file gives every decision both players make in one round; these are round 1's
of the game dealt from seed 7 (red drew 4, 3, 2, 1 and blue 4, 3, 4, 2):
  {"red":  {"exchange": false, "cards": [3, 1, 4, 2], "place": ["T1.1", "T4.8"]},
   "blue": {"cards": [2, 4, 3, 4], "place": ["T1.5", "T2.2", "T3.8", "T1.2"]}}
cards: the values put on cartouches 1-4 (a permutation of the 4 cards drawn, R6);
remove / place / after_scoring: the squares emptied or filled (T<temple>.<square>);
nothing is removed in round 1 (R11): "remove": ["T1.2"] comes from round 2 on;
a list may be left out where the rules leave no choice.

'aton round' prints {"position": ..., "events": [...], "scoring": ...}. An illegal position
or move exits with status 2 and one line on stderr naming the rule broken (R1-R19); so does a
file that cannot be read (missing, over 1 MB, not UTF-8 JSON) or a bad command line.
A seed is a whole number from 0 to 2**63 - 1.
""")


class _Parser(argparse.ArgumentParser):
    """argparse, except that a bad command line gives one line on stderr and exit status 2
    (argparse prints the usage and then the error: two lines). The line starts with the rule
    broken, like every refusal: a seed's own (R1 or R4, which ``_seed`` puts in the message),
    else R1, the rule of the files and the command line that read them (formats.md)."""

    def error(self, message: str) -> NoReturn:
        cited = _CITED.match(message)
        rule = cited.group(2) if cited else "R1"
        if cited:
            message = cited.group(1) + message[cited.end():]
        message = message if len(message) <= 160 else message[:159] + "…"
        raise SystemExit(_refuse(rule, _("aton: {message} (aton --help shows how to use "
                                         "it)").format(message=message)))


# argparse's message for a refused --seed: "argument --seed: R4: the seed ..." (the rule id
# comes from the refusal, never from what was typed: a bad choice is quoted after it).
_CITED = re.compile(r"(argument [^ :]+: )(R\d{1,2}): ")


def _seed(rule: str):
    """The --seed argument's type: a whole number 0 <= seed < 2**63 (R1 or R4)."""
    def seed(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # not a number, or more than 4300 digits
            value = text
        try:
            check_seed(value, rule)
        except RuleError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return value
    return seed


# Which file could not be read: (what, the name is no file name) -> the refusal.
_UNREADABLE = {
    ("position", False): N_("cannot read the position file {path}: {reason}"),
    ("moves", False): N_("cannot read the moves file {path}: {reason}"),
    ("position", True): N_("cannot read the position file {path}: that is not a file name"),
    ("moves", True): N_("cannot read the moves file {path}: that is not a file name"),
}


def _load(path: str, what: str) -> object:
    rule = "R1" if what == "position" else "R6"
    try:
        return read_json_file(path, what, rule)
    except RuleError as e:
        raise SystemExit(_fail(str(e)))
    except OSError as e:  # R1: a file that cannot be read (missing, a directory, no access)
        raise SystemExit(_refuse("R1", _(_UNREADABLE[what, False]).format(
            path=shown(path, 40), reason=e.strerror or e)))
    except ValueError:  # a file name with a NUL character in it
        raise SystemExit(_refuse("R1", _(_UNREADABLE[what, True]).format(
            path=shown(path, 40))))


def _refuse(rule: str, message: str) -> int:
    """A refusal that is not a ``RuleError``: one line on stderr, starting with ``rule``."""
    return _fail(f"{rule}: {message}")


def _fail(message: str) -> int:
    """Print one line on stderr; the exit status 2 of any refusal."""
    print(" ".join(message.splitlines()), file=sys.stderr)  # one line, whatever it quotes
    return 2


class _Chooser(argparse.ArgumentParser):
    """Reads only ``--lang``; a problem is raised (the full parser reports the rest)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _language(argv: list[str]) -> str:
    """The language ``--lang`` names (anywhere on the command line), else ``ATON_LANG``, else
    English. An unknown one is refused with exit status 2, before anything else is read."""
    chooser = _Chooser(add_help=False, allow_abbrev=False)
    chooser.add_argument("--lang")
    try:
        chosen, _rest = chooser.parse_known_args(argv)
    except ValueError:  # "--lang" with no language after it
        chosen = argparse.Namespace(lang="")
    if chosen.lang is not None:
        code, source = chosen.lang, "--lang"
    else:
        code, source = os.environ.get(LANG_VARIABLE) or "en", LANG_VARIABLE
    try:
        return normalize(code)
    except ValueError:
        # Said in English and in Portuguese: no language is chosen yet.
        raise SystemExit(_refuse(
            "R1", f"aton: {source}: no language {shown(code, 20)}; choose one of "
            f"{', '.join(LANGUAGES)} / nenhum idioma {shown(code, 20)}; escolha um destes: "
            f"{', '.join(LANGUAGES)}")) from None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; sentences come in the language of ``--lang`` (or ``ATON_LANG``),
    and the language before the call is restored afterwards."""
    argv = sys.argv[1:] if argv is None else list(argv)
    before = language()
    set_language(_language(argv))
    try:
        return _run(argv)
    except BrokenPipeError:
        # The reader stopped early (`aton puzzles list | head`): no traceback for that. Python's
        # own advice: point stdout at nothing, so that the flush at exit cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    finally:
        set_language(before)


def _run(argv: list[str]) -> int:
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", metavar="LANG",
                      help=_("the language of the sentences: en (English) or pt (Portuguese); "
                             "default: the {variable} environment variable, else en").format(
                                 variable=LANG_VARIABLE))
    parser = _Parser(
        prog="aton", parents=[lang], epilog=_(EPILOG),
        description=_("Play Aton by the rules, one round at a time, from JSON files."),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", parents=[lang],
                         help=_("print the position at the start of a new game"))
    new.add_argument("--seed", type=_seed("R1"), default=None,
                     help=_("seed for shuffling the decks (0 to 2**63 - 1)"))
    rnd = sub.add_parser("round", parents=[lang], help=_("play one round and print the result"),
                         epilog=_(EPILOG), formatter_class=argparse.RawDescriptionHelpFormatter)
    rnd.add_argument("position", help=_("position JSON file (aton-position, at most 1 MB)"))
    rnd.add_argument("moves", help=_("round-moves JSON file (at most 1 MB)"))
    rnd.add_argument("--seed", type=_seed("R4"), default=None,
                     help=_("seed for any reshuffle of a discard pile (R4; 0 to 2**63 - 1)"))
    play = sub.add_parser("play", parents=[lang], help=_("play a game in the terminal against a computer level"))
    play.add_argument("--against", choices=bots.names(), default="strong",
                      help=_("the computer's level, weakest first (default strong)"))
    play.add_argument("--seed", type=_seed("R1"), default=None,
                      help=_("seed for shuffling the decks and the computer's choices"))
    play.add_argument("--as", dest="learner", choices=PLAYERS, default="red",
                      help=_("the colour you play (default red)"))
    puzzlecli.add_parser(sub, lang)
    args = parser.parse_args(argv)

    if args.command == "puzzles":
        return puzzlecli.run(args)
    if args.command == "play":
        console.play(args.against, args.seed, args.learner)
        return 0
    if args.command == "new":
        print(json.dumps(Game.new(args.seed).position()))
        return 0
    position = _load(args.position, "position")
    moves = _load(args.moves, "moves")
    try:
        result = play_round(position, moves, seed=args.seed)
    except RuleError as e:
        return _fail(str(e))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
