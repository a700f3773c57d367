"""The command line (formats.md): ``aton new`` and ``aton round``."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import RuleError
from .game import Game
from .moves import play_round

EPILOG = """\
examples:
  aton new --seed 7 > start.json
  aton round start.json moves.json --seed 7 > after.json

A round-moves file gives every decision both players make in one round:
  {"red":  {"exchange": false, "cards": [3, 1, 4, 2], "remove": ["T1.1"], "place": ["T2.2"]},
   "blue": {"cards": [2, 4, 2, 1], "remove": ["T1.2", "T2.2"], "place": ["T1.5"]}}
cards: the values put on cartouches 1-4 (a permutation of the 4 cards drawn, R6);
remove / place / after_scoring: the squares emptied or filled (T<temple>.<square>);
a list may be left out where the rules leave no choice.

'aton round' prints {"position": ..., "events": [...], "scoring": ...}. An illegal position
or move exits with status 2 and one line on stderr naming the rule broken (R1-R19).
"""


def _load(path: str, what: str) -> object:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise SystemExit(_fail(f"cannot read the {what} file {path}: {e.strerror}"))
    except json.JSONDecodeError as e:
        rule = "R1" if what == "position" else "R6"
        raise SystemExit(_fail(f"{rule}: the {what} file {path} is not valid JSON ({e.msg}, "
                               f"line {e.lineno})"))


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="aton", description="Play Aton by the rules, one round at a time, from JSON files.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="print the position at the start of a new game")
    new.add_argument("--seed", type=int, default=None, help="seed for shuffling the decks")
    rnd = sub.add_parser("round", help="play one round and print the result",
                         epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    rnd.add_argument("position", help="position JSON file (aton-position)")
    rnd.add_argument("moves", help="round-moves JSON file")
    rnd.add_argument("--seed", type=int, default=None,
                     help="seed for any reshuffle of a discard pile (R4)")
    args = parser.parse_args(argv)

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
