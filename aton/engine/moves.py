"""One round from files (formats.md): ``play_round(position, moves)``.

This drives the same step-by-step ``Game`` a user interface drives: each decision the game asks
for is answered from the round-moves dict, and every forced step is checked against the lists
given. Nothing passed in is modified; an illegal move raises ``RuleError`` naming the player and
the rule.
"""

from __future__ import annotations

from ..i18n import N_, Later, N_n
from .board import PLAYERS, SQUARE_INDEX
from .cards import are_card_values
from .errors import RuleError, check_seed, game_over, named, shown, words
from .events import to_dicts
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
        raise RuleError("R6", N_("round moves must be a JSON object with 'red' and 'blue', got "
                                 "{kind}"), kind=type(moves).__name__)
    out = {}
    for name in PLAYERS:
        m = moves.get(name)
        if not isinstance(m, dict):
            raise RuleError("R6", N_("{player}: the round moves need an object for {name}, got "
                                     "{value}"), player=named(name), name=name, value=shown(m))
        exchange = m.get("exchange", False)
        if not isinstance(exchange, bool):
            raise RuleError("R5", N_("{player}: 'exchange' must be true or false, got {value}"),
                            player=named(name), value=shown(exchange))
        cards = m.get("cards")
        if not isinstance(cards, list) or len(cards) != 4 or not are_card_values(cards):
            raise RuleError("R6", N_("{player}: 'cards' must list the 4 card values (1-4) put "
                                     "on cartouches 1-4, got {value}"), player=named(name),
                            value=shown(cards))
        lists: dict[str, list[str] | None] = {}
        for key, (_kind, rule) in LISTS.items():
            value = m.get(key)
            if value is None:
                lists[key] = None
                continue
            if not isinstance(value, list):
                raise RuleError("R3", N_("{player}: '{key}' must be a list of squares like "
                                         "\"T1.5\", got {value}"), player=named(name), key=key,
                                value=shown(value))
            if len(value) > LONGEST[key]:
                raise RuleError(rule, _TOO_MANY[key], player=named(name), n=len(value),
                                most=LONGEST[key])
            for sq in value:
                if not isinstance(sq, str) or sq not in SQUARE_INDEX:
                    raise RuleError("R3", N_("{player}: {value} in '{key}' is not a square; "
                                             "squares are T1.1 to T4.12"),
                                    player=named(name), value=shown(sq), key=key)
            lists[key] = list(value)
        out[name] = {"exchange": exchange, "cards": list(cards), **lists}
    return out


def play_round(position: dict, moves: dict, seed: int | None = None) -> dict:
    """Play one round: ``{"position", "events", "scoring"}`` as ``aton round`` prints it."""
    check_seed(seed, "R4")
    plan = _check_form(moves)
    game = Game.from_position(position, seed, record=False)  # the events tell the round
    if game.over:
        rule = "R19" if game.end == "scoring" else "R18"
        raise RuleError(rule, N_("the game is over ({how}); a finished game accepts no further "
                                 "round"), how=Later(game_over, game.winner, game.end))
    holds = game.exchange
    for name in PLAYERS:
        if plan[name]["exchange"] and not holds[name]:
            raise RuleError("R5", N_("{player}: the exchange counter was already handed in; it "
                                     "can be used once per game"), player=named(name))
    reached: dict[tuple[str, str], str] = {}  # (player, list key) -> rule of the step reached
    events = game.events
    game.step()  # the deal (R4)
    while True:
        seen = len(events)
        pending = game.next_decision(this_round=True)  # the steps up to a decision
        for event in events[seen:]:
            if event.type in _NOTED:
                _note(event, plan, reached)
        if pending is None:  # the round (or the game) is over
            break
        name, kind = PLAYERS[pending.p], pending.kind
        if kind == "exchange":
            game.decide(plan[name]["exchange"])
        elif kind == "assign":
            game.decide(plan[name]["cards"])
        else:
            key = _EVENT_LIST[kind]
            items = plan[name][key]
            if not items:
                raise RuleError(pending.rule, _need(pending, items is not None),
                                player=named(name), n=pending.count, key=key,
                                temple=getattr(pending, "temple", ""))
            game.decide(_pick(items, pending, game))
    for name in PLAYERS:
        for key, (_kind, rule) in LISTS.items():
            left = plan[name][key]
            if left and (name, key) in reached:
                raise RuleError(reached[name, key], _unused(key, reached[name, key]),
                                player=named(name), key=key, squares=", ".join(left))
    return {
        "position": game.position(),
        "events": to_dicts(game.events),
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


#: Too many squares in a list, by its key (R10, R13, R17).
_TOO_MANY = {
    "remove": N_("{player}: 'remove' names {n} squares, but at most {most} are ever removed in "
                 "a round"),
    "place": N_("{player}: 'place' names {n} squares, but at most {most} are ever placed in a "
                "round"),
    "after_scoring": N_("{player}: 'after_scoring' names {n} squares, but at most {most} are "
                        "ever taken back in a round"),
}


def _need(pending, emptied: bool) -> tuple[str, str]:
    """The refusal (untranslated, singular and plural: the fact ``n`` counts the counters) of
    a list that runs out while counters are still to remove, place or take back: ``emptied``
    when the list named squares but none is left, otherwise it named none."""
    if pending.kind == "remove":
        return (N_n("{player}: {n} more counter must be removed, but '{key}' names no more "
                    "squares",
                    "{player}: {n} more counters must be removed, but '{key}' names no more "
                    "squares") if emptied else
                N_n("{player}: {n} more counter must be removed, but '{key}' names none",
                    "{player}: {n} more counters must be removed, but '{key}' names none"))
    if pending.kind == "place":
        return (N_n("{player}: {n} more counter must be placed, but '{key}' names no more "
                    "squares",
                    "{player}: {n} more counters must be placed, but '{key}' names no more "
                    "squares") if emptied else
                N_n("{player}: {n} more counter must be placed, but '{key}' names none",
                    "{player}: {n} more counters must be placed, but '{key}' names none"))
    return (N_n("{player}: {n} more counter must be taken back from temple {temple}, but "
                "'{key}' names no more squares",
                "{player}: {n} more counters must be taken back from temple {temple}, but "
                "'{key}' names no more squares") if emptied else
            N_n("{player}: {n} more counter must be taken back from temple {temple}, but "
                "'{key}' names none",
                "{player}: {n} more counters must be taken back from temple {temple}, but "
                "'{key}' names none"))


def _unused(key: str, rule: str) -> str:
    """The refusal (untranslated) of squares left in a list once its step is done."""
    if key == "remove":
        return (N_("{player}: '{key}' names {squares}, but no counter is removed in round 1")
                if rule == "R11" else
                N_("{player}: '{key}' names {squares}, but no more counters are removed there"))
    if key == "place":
        return N_("{player}: '{key}' names {squares}, but no more counters are placed")
    return N_("{player}: '{key}' names {squares}, but no more counters are taken back")


#: The automatic steps' events that say something of the lists: a removal's, a placement's
#: or a take-back's plan (the step is reached), and the forced removals, placements and
#: take-backs (the square must be in the list).
_NOTED = frozenset({"removal", "placement", "take_back_plan", *_EVENT_LIST})


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
                text = (N_("{player}: the rules leave no choice here and {square} must be "
                           "filled, but '{key}' does not name it ({squares})") if key == "place"
                        else N_("{player}: the rules leave no choice here and {square} must be "
                                "emptied, but '{key}' does not name it ({squares})"))
                raise RuleError(rule, text, player=named(name), square=sq, key=key,
                                squares=", ".join(items) if items else words(N_("empty list")))
            items.remove(sq)
