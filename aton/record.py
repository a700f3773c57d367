"""Game records: the seed, the starting position and the decisions; replaying rebuilds the game.

Like a PGN for chess: ``{"format": "aton-record", "version": 1, "seed": 7, "start": null,
"decisions": ["red exchange no", "red assign 3142", …], "steps": 123}``. ``start`` is null for a
game dealt from the seed, or the position it started from; ``steps`` is how many events had
happened, so a replay stops exactly where the game stood.
"""

from __future__ import annotations

import json

from .decision import Decision
from .errors import RuleError, check_seed, shown
from .files import parse_json
from .game import Game

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
        raise RuleError("R1", f"a game record must be a JSON object, got {shown(record)}")
    form, version = record.get("format"), record.get("version")
    if not isinstance(form, str) or form != FORMAT:
        raise RuleError("R1", f"not an Aton game record: 'format' must be {FORMAT!r}, got "
                        f"{shown(form)}")
    if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
        raise RuleError("R1", f"record version {shown(version)} is not understood; this engine "
                        f"reads version {VERSION}")
    start = record.get("start")
    seed = record.get("seed")
    check_seed(seed, "R1" if start is None else "R4")
    decisions = record.get("decisions", [])
    if not isinstance(decisions, list):
        raise RuleError("R1", f"record: 'decisions' must be a list of decision texts, got "
                        f"{shown(decisions)}")
    steps = record.get("steps")
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int)
                              or steps < 0):
        raise RuleError("R1", f"record: 'steps' must be a whole number 0 or more, got "
                        f"{shown(steps)}")
    try:
        game = Game.new(seed) if start is None else Game.from_position(start, seed)
    except RuleError as e:
        raise RuleError(e.rule, f"record start: {e.detail}") from None
    for k, text in enumerate(decisions):
        try:
            decision = Decision.parse(text)
            game.advance()
            if game.pending is None:
                raise RuleError("R19" if game.end == "scoring" else "R18",
                                f"the game is over ({game.winner} won by {game.end}), but the "
                                "record goes on")
            game.play(decision)
        except RuleError as e:
            raise RuleError(e.rule, f"record decision {k + 1}: {e.detail}") from None
    if steps is None:
        return game
    while len(game.events) < steps and not game.over and game.pending is None:
        game.step()
    if len(game.events) != steps:
        raise RuleError("R1", f"record: 'steps' is {shown(steps)}, but its decisions lead to "
                        f"{_where(game)} after {len(game.events)} steps")
    return game


def _where(game: Game) -> str:
    if game.over:
        return "the end of the game"
    if game.pending is not None:
        return "a decision still to make"
    return "this point"


def dumps(game: Game) -> str:
    """The record of ``game`` as JSON text."""
    if not isinstance(game, Game):
        raise RuleError("R1", f"only a Game has a record, got {shown(game)}")
    return json.dumps(make_record(game), indent=1)


def loads(text: str | bytes) -> Game:
    """Replay a record from its JSON text (at most 1 MB); RuleError if it cannot be read."""
    return replay(parse_json(text, "the record", "R1"))
