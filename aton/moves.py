"""One round from files (formats.md): ``play_round(position, moves)``.

This drives the same step-by-step ``Game`` a user interface drives: each decision the game asks
for is answered from the round-moves dict, and every forced step is checked against the lists
given. Nothing passed in is modified; an illegal move raises ``RuleError`` naming the player and
the rule.
"""

from __future__ import annotations

from .board import PLAYERS, SQUARE_INDEX
from .cards import VALUES
from .errors import RuleError, check_seed, shown
from .game import Game

#: moves-file key -> (decision kind, the rule its list follows)
LISTS = {"remove": ("remove", "R10"), "place": ("place", "R13"),
         "after_scoring": ("take_back", "R17")}
#: The most squares a list can name in one round: a 4 on cartouche 2 removes 2 (R10), a 4 on
#: cartouche 4 places 4 (R13), and 4 counters are taken back after a scoring round (R17).
LONGEST = {"remove": 2, "place": 4, "after_scoring": 4}
_EVENT_LIST = {"remove": "remove", "place": "place", "take_back": "after_scoring"}


def _check_form(moves: object) -> dict:
    """Check the shape of a round-moves dict; return per-player copies of the lists."""
    if not isinstance(moves, dict):
        raise RuleError("R6", f"round moves must be a JSON object with 'red' and 'blue', got "
                        f"{type(moves).__name__}")
    out = {}
    for name in PLAYERS:
        m = moves.get(name)
        if not isinstance(m, dict):
            raise RuleError("R6", f"{name}: the round moves need an object for {name}, got "
                            f"{shown(m)}")
        exchange = m.get("exchange", False)
        if not isinstance(exchange, bool):
            raise RuleError("R5", f"{name}: 'exchange' must be true or false, got "
                            f"{shown(exchange)}")
        cards = m.get("cards")
        if (not isinstance(cards, list) or len(cards) != 4
                or not all(isinstance(c, int) and not isinstance(c, bool) and c in VALUES
                           for c in cards)):
            raise RuleError("R6", f"{name}: 'cards' must list the 4 card values (1-4) put on "
                            f"cartouches 1-4, got {shown(cards)}")
        lists: dict[str, list[str] | None] = {}
        for key, (_, rule) in LISTS.items():
            value = m.get(key)
            if value is None:
                lists[key] = None
                continue
            if not isinstance(value, list):
                raise RuleError("R3", f"{name}: '{key}' must be a list of squares like "
                                f"\"T1.5\", got {shown(value)}")
            if len(value) > LONGEST[key]:
                raise RuleError(rule, f"{name}: '{key}' names {len(value)} squares, but at most "
                                f"{LONGEST[key]} are ever {_done(key)} in a round")
            for sq in value:
                if not isinstance(sq, str) or sq not in SQUARE_INDEX:
                    raise RuleError("R3", f"{name}: {shown(sq)} in '{key}' is not a square; "
                                    "squares are T1.1 to T4.12")
            lists[key] = list(value)
        out[name] = {"exchange": exchange, "cards": list(cards), **lists}
    return out


def play_round(position: dict, moves: dict, seed: int | None = None) -> dict:
    """Play one round: ``{"position", "events", "scoring"}`` as ``aton round`` prints it."""
    check_seed(seed, "R4")
    plan = _check_form(moves)
    game = Game.from_position(position, seed)
    if game.over:
        rule = "R19" if game.end == "scoring" else "R18"
        raise RuleError(rule, f"the game is over ({game.winner} won by {game.end}); a finished "
                        "game accepts no further round")
    for name in PLAYERS:
        if plan[name]["exchange"] and not game.exchange[name]:
            raise RuleError("R5", f"{name}: the exchange counter was already handed in; it can "
                            "be used once per game")
    reached: dict[tuple[str, str], str] = {}  # (player, list key) -> rule of the step reached
    game.step()  # the deal (R4)
    while not game.over and not game.at_round_start:
        pending = game.pending
        if pending is None:
            event = game.step()
            _note(event, plan, reached)
            continue
        name, kind = pending.player, pending.kind
        if kind == "exchange":
            game.decide(plan[name]["exchange"])
        elif kind == "assign":
            game.decide(plan[name]["cards"])
        else:
            key = _EVENT_LIST[kind]
            items = plan[name][key]
            if not items:
                raise RuleError(pending.rule, f"{name}: {_need(pending)}, but '{key}' names "
                                f"{'no more squares' if items is not None else 'none'}")
            game.decide(_pick(items, pending, game))
    for name in PLAYERS:
        for key, (_, rule) in LISTS.items():
            left = plan[name][key]
            if left and (name, key) in reached:
                raise RuleError(reached[name, key], f"{name}: '{key}' names {', '.join(left)}, "
                                f"but {_unused(key, reached[name, key])}")
    return {
        "position": game.position(),
        "events": [e.to_dict() for e in game.events],
        "scoring": game.scoring,
    }


def _pick(items: list[str], pending, game: Game) -> str:
    """The next square from a list: in list order, except that take-backs (R17) take the first
    square lying in the temple the rule asks for, whatever order the list gives."""
    if pending.kind == "take_back":
        legal = set(game.options())
        for k, sq in enumerate(items):
            if sq in legal:
                return items.pop(k)
    return items.pop(0)


def _need(pending) -> str:
    if pending.kind == "remove":
        return f"{pending.count} more counter(s) must be removed"
    if pending.kind == "place":
        return f"{pending.count} more counter(s) must be placed"
    return f"{pending.count} more counter(s) must be taken back from temple {pending.temple}"


def _done(key: str) -> str:
    return {"remove": "removed", "place": "placed", "after_scoring": "taken back"}[key]


def _unused(key: str, rule: str) -> str:
    if key == "remove":
        return ("no counter is removed in round 1" if rule == "R11" else
                "no more counters are removed there")
    if key == "place":
        return "no more counters are placed"
    return "no more counters are taken back"


def _note(event, plan: dict, reached: dict) -> None:
    """Check a forced step against the list given for it, and note which steps were reached."""
    t = event.type
    name = event.data.get("player")
    if t == "removal":
        reached[name, "remove"] = event.rule
    elif t == "placement":
        reached[name, "place"] = "R13"
    elif t == "take_back_plan":
        reached[name, "after_scoring"] = "R17"
    elif t in _EVENT_LIST:  # a forced removal, placement or take-back: no choice was left
        key = _EVENT_LIST[t]
        items = plan[name][key]
        sq = event.data["square"]
        if items is not None:
            if sq not in items:
                rule = {"remove": event.rule, "place": "R13", "after_scoring": "R17"}[key]
                raise RuleError(rule, f"{name}: the rules leave no choice here and {sq} must be "
                                f"{'emptied' if key != 'place' else 'filled'}, but '{key}' "
                                f"does not name it ({', '.join(items) or 'empty list'})")
            items.remove(sq)
