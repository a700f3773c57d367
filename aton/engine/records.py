"""Game records: the seed, the starting position and the decisions; replaying rebuilds the game.

Like a PGN for chess: ``{"format": "aton-record", "version": 1, "seed": 7, "start": null,
"decisions": ["red exchange no", "red assign 3142", …], "steps": 123}``. ``start`` is null for a
game dealt from the seed, or the position it started from; ``steps`` is how many events had
happened, so a replay stops exactly where the game stood. ``Game.record()`` writes it (the
format is defined there, once); this module reads it back, in three forms:

- ``replay(record)`` / ``loads(text)``: the game itself, checked decision by decision;
- ``moment(record, step)``: a new game as it stood after ``step`` events (looking back);
- ``encode_game`` / ``decode_game``: the record in a link, ``?game=<text>``: the record's JSON
  compressed with zlib and written in URL-safe base64 (``docs/links.md``). A game that started
  from a named scenario keeps the name instead of the position, so the link stays short.

``public_record(game)`` is the record a link or a download may carry while something is still
secret: the choices made face down in the round being chosen (R5, R6) are left out.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable

from ..i18n import N_, Later
from .decision import Decision
from .errors import RuleError, check_seed, game_over, shown, words
from .files import loads_json, parse_json
from .game import RECORD_FORMAT, RECORD_VERSION, Game

FORMAT, VERSION = RECORD_FORMAT, RECORD_VERSION
MAX_LINK = 20_000  # characters of a link's game= value: a whole game needs about 1,500
MAX_RECORD = 1_000_000  # bytes of JSON it may unpack to (a whole game: about 3,000)
MAX_DECISIONS = 10_000  # a whole game has a few hundred: more is refused before replaying


def replay(record: dict) -> Game:
    """Rebuild a game from its record; RuleError if the record is malformed or a decision in
    it is illegal. The record's own shape (format, version, decisions, steps) follows R1,
    like a position's; its seed R1 for a new game's decks, R4 for a game from a position."""
    if not isinstance(record, dict):
        raise RuleError("R1", N_("a game record must be a JSON object, got {value}"),
                        value=shown(record))
    form, version = record.get("format"), record.get("version")
    if not isinstance(form, str) or form != FORMAT:
        raise RuleError("R1", N_("not an Aton game record: 'format' must be {format}, got "
                                 "{value}"), format=repr(FORMAT), value=shown(form))
    if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
        raise RuleError("R1", N_("record version {value} is not understood; this engine reads "
                                 "version {version}"), value=shown(version), version=VERSION)
    start = record.get("start")
    seed = record.get("seed")
    check_seed(seed, "R1" if start is None else "R4")
    decisions = record.get("decisions", [])
    if not isinstance(decisions, list):
        raise RuleError("R1", N_("record: 'decisions' must be a list of decision texts, got "
                                 "{value}"), value=shown(decisions))
    if len(decisions) > MAX_DECISIONS:
        raise RuleError("R1", N_("record: 'decisions' holds {n:,} decisions, more than any "
                                 "game needs (at most {most:,})"), n=len(decisions),
                        most=MAX_DECISIONS)
    steps = record.get("steps")
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int)
                              or steps < 0):
        raise RuleError("R1", N_("record: 'steps' must be a whole number 0 or more, got "
                                 "{value}"), value=shown(steps))
    try:
        game = Game.new(seed) if start is None else Game.from_position(start, seed)
    except RuleError as e:
        raise RuleError(e.rule, N_("record start: {detail}"), detail=e.said) from None
    for k, text in enumerate(decisions):
        try:
            decision = Decision.parse(text)
            game.advance()
            if game.pending is None:
                raise RuleError("R19" if game.end == "scoring" else "R18",
                                N_("the game is over ({how}), but the record goes on"),
                                how=Later(game_over, game.winner, game.end))
            game.play(decision)
        except RuleError as e:
            raise RuleError(e.rule, N_("record decision {n}: {detail}"), n=k + 1,
                            detail=e.said) from None
    if steps is None:
        return game
    while len(game.events) < steps and not game.over and game.pending is None:
        game.step()
    if len(game.events) != steps:
        raise RuleError("R1", _where(game), value=shown(steps), n=len(game.events))
    return game


def _where(game: Game) -> str:
    """The refusal (untranslated) of a record whose 'steps' its decisions do not reach."""
    if game.over:
        return N_("record: 'steps' is {value}, but its decisions lead to the end of the game "
                  "after {n} steps")
    if game.pending is not None:
        return N_("record: 'steps' is {value}, but its decisions lead to a decision still to "
                  "make after {n} steps")
    return N_("record: 'steps' is {value}, but its decisions lead to this point after {n} "
              "steps")


def dumps(game: Game) -> str:
    """The record of ``game`` as JSON text."""
    if not isinstance(game, Game):
        raise RuleError("R1", N_("only a Game has a record, got {value}"), value=shown(game))
    return json.dumps(game.record(), indent=1)


def loads(text: str | bytes) -> Game:
    """Replay a record from its JSON text (at most 1 MB); RuleError if it cannot be read."""
    return replay(parse_json(text, words(N_("the record")), "R1"))


# ---------------------------------------------------------------------- moments


def _walk(record: dict, stop: int) -> tuple[Game, list[bool]]:
    """Replay ``record`` up to ``stop`` events; also whether each event was a decision."""
    game = replay({**record, "decisions": [], "steps": 0})
    decisions = record["decisions"]
    made: list[bool] = []
    i = 0
    while len(game.events) < stop:
        if game.pending is not None:
            if i >= len(decisions):
                raise RuleError("R1", N_("the record has no decision for step {step}"),
                                step=len(made) + 1)
            game.play(decisions[i])
            i += 1
            made.append(True)
        elif game.over:
            raise RuleError("R1", N_("the game ends after {n} steps, not {step}"),
                            n=len(made), step=stop)
        else:
            game.step()
            made.append(False)
    return game, made


def moment(record: dict, step: int) -> Game:
    """A new game as it stood after ``step`` events of ``record`` (the record's game itself is
    not touched). RuleError if the record does not reach that step."""
    return _walk(record, step)[0]


def decision_steps(game: Game) -> list[bool]:
    """For each event of ``game``: True if a player decided it, False for an automatic step."""
    made = [False] * len(game.events)
    for i in game.decided:
        made[i] = True
    return made


def public_record(game: Game) -> dict:
    """``game``'s record without what is still secret: while the players choose their cards
    (R5, R6), the record stops before the first choice made face down this round, so a link
    or a download shows nobody's exchange or cards before the reveal. Otherwise the whole
    record."""
    record = game.record()
    if game.phase != "choose":
        return record
    events = game.events
    start = max((i for i, e in enumerate(events) if e.type == "round"), default=0)
    made = decision_steps(game)
    decided = sum(made[:start])  # the decisions made before this round began
    for k in range(start, len(events)):
        if made[k]:
            if game.decisions[decided].secret:
                return {**record, "decisions": record["decisions"][:decided], "steps": k}
            decided += 1
    return record


# ---------------------------------------------------------------------- links


def encode_game(record: dict, scenario: str | None = None) -> str:
    """A game record as the ``game=`` part of a link: its JSON, zlib, base64url without
    padding. ``scenario``: the name of the scenario the game started from, kept instead of its
    position (the caller vouches that the record's start is that scenario's)."""
    payload = {"seed": record["seed"], "decisions": record["decisions"],
               "steps": record["steps"]}
    if record["start"] is not None:
        if scenario:
            payload["scenario"] = scenario
        else:
            payload["start"] = record["start"]
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


_DAMAGED = N_("the link's game= part is damaged (it may have been cut off when it was copied)")


def decode_game(text: str, scenario: Callable[[str], dict]) -> tuple[dict, str | None]:
    """``encode_game``'s text -> (the game record, the scenario's name or None).
    ``scenario(name)`` gives a named scenario's position (KeyError if there is none).

    RuleError (R1) if the text holds no game; the record itself is checked when it is
    replayed (``replay``)."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise RuleError("R1", N_("the link's game= part is too long to be a game"))
    try:
        unzip = zlib.decompressobj()
        raw = unzip.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)),
                               MAX_RECORD)
        too_big = bool(unzip.unconsumed_tail)
        json_text = raw.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error):  # UnicodeDecodeError is a ValueError
        raise RuleError("R1", _DAMAGED) from None
    if too_big:
        raise RuleError("R1", N_("the link's game= part unpacks to more than any game needs"))
    # Deep nesting, NaN, 1e309, huge integers: refused with R1 like a file's (files.py).
    payload = loads_json(json_text, words(N_("the link's game= part")), "R1", _DAMAGED)
    if not isinstance(payload, dict):
        raise RuleError("R1", N_("the link's game= part does not hold a game"))
    name = payload.get("scenario")
    start = payload.get("start")
    if name is not None:
        try:
            start = scenario(name) if isinstance(name, str) else None
        except KeyError:
            start = None
        if start is None:
            raise RuleError("R1", N_("the link names a scenario that does not exist: {name}"),
                            name=shown(name, 40))
    record = {"format": FORMAT, "version": VERSION, "seed": payload.get("seed"),
              "start": start, "decisions": payload.get("decisions", []),
              "steps": payload.get("steps")}
    return record, name
