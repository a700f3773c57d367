"""``aton puzzles``: make, list and check the puzzles (``aton.teaching.puzzles``).

    aton puzzles generate --count 320 --per-theme 8 --workers 2 --out puzzles.json
    aton puzzles list                 # one line per shipped puzzle: id, themes, rating
    aton puzzles check 1a2b3c4d       # exit 0 when its best choice still holds by the margin
    aton puzzles rewrite puzzles.json # the texts again, after a translation changed
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from ..i18n import translator
from ..teaching import puzzlemaker, puzzles

_ = translator("engine")


def add_parser(sub, lang: argparse.ArgumentParser) -> None:
    """The ``puzzles`` command and its three sub-commands."""
    cmd = sub.add_parser("puzzles", parents=[lang],
                         help=_("make, list or check the puzzles (positions where one choice "
                                "is clearly best)"))
    what = cmd.add_subparsers(dest="puzzles", required=True)
    gen = what.add_parser("generate", help=_("make puzzles from seeded games between the "
                                             "levels, each verified by a deep search"))
    gen.add_argument("--count", type=int, default=320, help=_("how many puzzles at least"))
    gen.add_argument("--per-theme", type=int, default=0,
                     help=_("go on until every theme has this many"))
    gen.add_argument("--seed", type=int, default=0, help=_("the games' seed"))
    gen.add_argument("--scan", type=int, default=puzzles.SCAN,
                     help=_("simulations of the scan over all choices"))
    gen.add_argument("--alone", type=int, default=puzzles.ALONE,
                     help=_("simulations for each choice searched alone"))
    gen.add_argument("--workers", type=int, default=1, help=_("processes to use"))
    gen.add_argument("--games", type=int, default=10_000, help=_("the most games to play"))
    gen.add_argument("--out", default="-", help=_("the file to write (default: stdout)"))
    again = what.add_parser("rewrite", help=_("write the puzzles' questions and explanations "
                                              "again, in every language (after a translation "
                                              "changed)"))
    again.add_argument("file", help=_("the puzzle file, rewritten in place"))
    for name, helped in (("list", _("one line per puzzle: its id, themes and rating")),
                         ("check", _("search one puzzle again: exit 0 when its best choice "
                                     "still holds by the margin"))):
        one = what.add_parser(name, help=helped)
        if name == "check":
            one.add_argument("id", help=_("the puzzle's id (from 'aton puzzles list')"))
        one.add_argument("--file", default=None,
                         help=_("a puzzle file (default: the shipped set)"))


def run(args: argparse.Namespace) -> int:
    if args.puzzles == "generate":
        return _generate(args)
    if args.puzzles == "rewrite":
        with open(args.file, encoding="utf-8") as f:
            about = json.load(f).get("about", {})
        made = [puzzlemaker.written(p) for p in puzzles.load(args.file)]
        with open(args.file, "w", encoding="utf-8") as f:
            f.write(puzzles.dumps(made, about))
        return 0
    found = puzzles.load(args.file) if args.file else list(puzzles.shipped())
    if args.puzzles == "list":
        for p in found:
            print(f"{p.id}  {p.kind:<9} {round(p.rating):>5}  {','.join(p.themes)}")
        return 0
    puzzle = next((p for p in found if p.id == args.id), None)
    if puzzle is None:
        print(_("R1: no puzzle {id!r}; 'aton puzzles list' lists them").format(id=args.id),
              file=sys.stderr)
        return 2
    checked = puzzles.check(puzzle)
    holds = _("holds") if checked.holds else _("does NOT hold")
    print(_("{id}: best {best} at {value:.2f} expected points, the best other {other} at "
            "{other_value:.2f}: margin {margin:.2f} (at least {need:g} needed): {holds}").format(
        id=puzzle.id, best="/".join(puzzle.best), value=checked.best, other=checked.other,
        other_value=checked.other_value, margin=checked.margin, need=puzzles.MARGIN,
        holds=holds))
    return 0 if checked.holds else 1


def _generate(args: argparse.Namespace) -> int:
    start = time.perf_counter()

    def progress(game_no: int, made: list) -> None:
        if args.out != "-":  # what is made so far, so that a long run can be stopped
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(puzzles.dumps(made, {"seed": args.seed, "partial": True}))
        themes = Counter(t for p in made for t in p.themes)
        print(f"game {game_no}: {len(made)} puzzles, {time.perf_counter() - start:.0f} s; "
              + " ".join(f"{t} {themes[t]}" for t in puzzles.THEMES),
              file=sys.stderr, flush=True)

    made = puzzlemaker.generate(args.count, seed=args.seed, scan=args.scan, alone=args.alone,
                                per_theme=args.per_theme, workers=args.workers,
                                most_games=args.games, progress=progress)
    about = {"seed": args.seed, "scan": args.scan, "alone": args.alone,
             "margin": puzzles.MARGIN, "count": len(made),
             "seconds": round(time.perf_counter() - start)}
    text = puzzles.dumps(made, about)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 0
