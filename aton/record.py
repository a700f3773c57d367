"""Game records: the seed, the starting position and the decisions; replaying rebuilds the game.

Like a PGN for chess: ``{"format": "aton-record", "version": 1, "seed": 7, "start": null,
"decisions": ["red exchange no", "red assign 3142", …], "steps": 123}``. ``start`` is null for a
game dealt from the seed, or the position it started from; ``steps`` is how many events had
happened, so a replay stops exactly where the game stood.
"""

from __future__ import annotations

import json

from .decision import Decision
from .errors import RuleError
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
    """Rebuild a game from its record (RuleError if a decision in it is illegal)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError("not an Aton game record (format must be 'aton-record')")
    if record.get("version") != VERSION:
        raise ValueError(f"record version {record.get('version')!r} is not understood; this "
                         f"engine reads version {VERSION}")
    seed = record.get("seed")
    start = record.get("start")
    game = Game.new(seed) if start is None else Game.from_position(start, seed)
    for k, text in enumerate(record.get("decisions", [])):
        game.advance()
        try:
            game.play(Decision.parse(text))
        except RuleError as e:
            raise RuleError(e.rule, f"record decision {k + 1} ({text!r}): {e.detail}") from None
    steps = record.get("steps", len(game.events))
    while len(game.events) < steps and not game.over:
        game.step()
    return game


def dumps(game: Game) -> str:
    return json.dumps(make_record(game), indent=1)


def loads(text: str) -> Game:
    return replay(json.loads(text))
