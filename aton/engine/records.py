"""Game records: the seed, the starting position and the decisions; replaying rebuilds the game.

Like a PGN for chess: ``{"format": "aton-record", "version": 1, "seed": 7, "start": null,
"decisions": ["red exchange no", "red assign 3142", …], "steps": 123}``. ``start`` is null for a
game dealt from the seed, or the position it started from; ``steps`` is how many events had
happened, so a replay stops exactly where the game stood.
"""

from __future__ import annotations

import json

from ..i18n import translator
from .decision import Decision
from .errors import RuleError, check_seed, game_over, shown
from .files import parse_json
from .game import Game

_ = translator("engine")

FORMAT = "aton-record"
VERSION = 1


def make_record(game: Game) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "start": game.start,
        "decisions": [str(d) for d in game.decisions],
        "steps": len(game.events),
    }


def replay(record: dict) -> Game:
    """Rebuild a game from its record; RuleError if the record is malformed or a decision in
    it is illegal. The record's own shape (format, version, decisions, steps) follows R1,
    like a position's; its seed R1 for a new game's decks, R4 for a game from a position."""
    if not isinstance(record, dict):
        raise RuleError("R1", _("a game record must be a JSON object, got {value}").format(
            value=shown(record)))
    form, version = record.get("format"), record.get("version")
    if not isinstance(form, str) or form != FORMAT:
        raise RuleError("R1", _("not an Aton game record: 'format' must be {format}, got "
                                "{value}").format(format=repr(FORMAT), value=shown(form)))
    if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
        raise RuleError("R1", _("record version {value} is not understood; this engine reads "
                                "version {version}").format(value=shown(version),
                                                            version=VERSION))
    start = record.get("start")
    seed = record.get("seed")
    check_seed(seed, "R1" if start is None else "R4")
    decisions = record.get("decisions", [])
    if not isinstance(decisions, list):
        raise RuleError("R1", _("record: 'decisions' must be a list of decision texts, got "
                                "{value}").format(value=shown(decisions)))
    steps = record.get("steps")
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int)
                              or steps < 0):
        raise RuleError("R1", _("record: 'steps' must be a whole number 0 or more, got "
                                "{value}").format(value=shown(steps)))
    try:
        game = Game.new(seed) if start is None else Game.from_position(start, seed)
    except RuleError as e:
        raise RuleError(e.rule, _("record start: {detail}").format(detail=e.detail)) from None
    for k, text in enumerate(decisions):
        try:
            decision = Decision.parse(text)
            game.advance()
            if game.pending is None:
                raise RuleError("R19" if game.end == "scoring" else "R18",
                                _("the game is over ({how}), but the record goes on").format(
                                    how=game_over(game.winner, game.end)))
            game.play(decision)
        except RuleError as e:
            raise RuleError(e.rule, _("record decision {n}: {detail}").format(
                n=k + 1, detail=e.detail)) from None
    if steps is None:
        return game
    while len(game.events) < steps and not game.over and game.pending is None:
        game.step()
    if len(game.events) != steps:
        raise RuleError("R1", _where(game).format(value=shown(steps), n=len(game.events)))
    return game


def _where(game: Game) -> str:
    """The refusal of a record whose 'steps' its decisions do not reach (placeholders left)."""
    if game.over:
        return _("record: 'steps' is {value}, but its decisions lead to the end of the game "
                 "after {n} steps")
    if game.pending is not None:
        return _("record: 'steps' is {value}, but its decisions lead to a decision still to "
                 "make after {n} steps")
    return _("record: 'steps' is {value}, but its decisions lead to this point after {n} steps")


def dumps(game: Game) -> str:
    """The record of ``game`` as JSON text."""
    if not isinstance(game, Game):
        raise RuleError("R1", _("only a Game has a record, got {value}").format(
            value=shown(game)))
    return json.dumps(make_record(game), indent=1)


def loads(text: str | bytes) -> Game:
    """Replay a record from its JSON text (at most 1 MB); RuleError if it cannot be read."""
    return replay(parse_json(text, _("the record"), "R1"))
