"""Events: what happened at one step of the game, with the rule that made it happen.

An event stores only facts (``type``, ``rule`` and a dict of details). Its ``text``, the sentence
a learner reads, is written only when asked for, so that thousands of games a second pay nothing
for prose nobody reads.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import BONUS_VALUE, COLOUR, COLOUR_NAMES, KINGDOM_SIZE, SQUARE_INDEX, temples_text


class Event(NamedTuple):
    """One step of the game: ``type`` (``"points"``, ``"place"``…), ``rule`` id, ``data``.

    Only the facts are kept; ``text`` writes the sentence when it is read. A game without
    story (``Game(..., story=False)``) makes none.
    """

    type: str
    rule: str | None
    data: dict

    @property
    def text(self) -> str:
        """A sentence a learner can read: what happened and why (with the rule id)."""
        return TEXTS[self.type](self.data)

    @property
    def player(self) -> str | None:
        return self.data.get("player")

    @property
    def squares(self) -> list[str]:
        """The squares this event involves (for highlighting)."""
        d = self.data
        if "square" in d:
            return [d["square"]]
        squares = d.get("squares", ())
        if isinstance(squares, dict):  # bonus squares per player
            return [sq for name in ("red", "blue") for sq in squares.get(name, ())]
        return list(squares)

    def to_dict(self) -> dict:
        """JSON-ready form used by ``aton round``: type, rule, text and the details."""
        return {"type": self.type, "rule": self.rule, "text": self.text, **self.data}

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.rule!r}, {self.text!r})"




def _cap(name: str) -> str:
    return name[:1].upper() + name[1:]


def _where(name: str) -> str:
    """'T1.2 (a yellow square)' / 'T1.7 (a +1 bonus square)'."""
    i = SQUARE_INDEX[name]
    c = COLOUR[i]
    kind = f"a {_BONUS_LABEL[i]} bonus" if c == "+" else _a(COLOUR_NAMES[c])
    return f"{name} ({kind} square)"


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


_BONUS_LABEL = {i: f"+{v}" for i, v in enumerate(BONUS_VALUE) if v}


def _cards(cards: list[int]) -> str:
    return ", ".join(f"{c}" for c in cards)


def _round(d: dict) -> str:
    text = (f"Round {d['round']} begins: each player draws the top 4 cards of their own draw "
            "pile (R4).")
    for name in d.get("reshuffled", ()):
        text += (f" {_cap(name)}'s draw pile ran out, so {name}'s discards were shuffled into a "
                 "new draw pile first.")
    return text


def _exchange(d: dict) -> str:
    p = _cap(d["player"])
    if not d["used"]:
        return f"{p} keeps the 4 cards drawn (R5)."
    text = (f"{p} hands in the exchange counter: the 4 cards drawn go to the discard pile and "
            "4 new ones are drawn. This can be done once per game (R5).")
    if d.get("reshuffled"):
        text += " The draw pile ran out, so the discards (those 4 included) were shuffled first."
    return text


def _assign(d: dict) -> str:
    return (f"{_cap(d['player'])} puts one card face down on each of the 4 cartouches; nothing is "
            "shown until both players have done so (R6).")


def _reveal(d: dict) -> str:
    r, b = d["red"], d["blue"]
    return (f"Both players turn their cards up (R6). On cartouches 1 to 4, red has "
            f"{_cards(r)} and blue has {_cards(b)}.")


def _points(d: dict) -> str:
    r, b = d["red"], d["blue"]
    if d["player"] is None:
        return f"Cartouche 1: red {r} against blue {b}. Equal cards score nothing (R7)."
    w = d["player"]
    hi, lo = max(r, b), min(r, b)
    return (f"Cartouche 1: red {r} against blue {b}. The higher card scores twice the "
            f"difference, so {w} scores 2 × ({hi} − {lo}) = {d['points']} and now has "
            f"{d['score']} points (R7).")


def _order(d: dict) -> str:
    f, s = d["first"], d["second"]
    c2 = d["cartouche2"]
    if d["reason"] == "cartouche2":
        return (f"Cartouche 2: {f}'s {c2[f]} is lower than {s}'s {c2[s]}, so {f} goes first "
                f"and plays cartouches 2, 3 and 4 before {s} does (R8, R9).")
    c1 = d["cartouche1"]
    if d["reason"] == "cartouche1":
        return (f"Cartouche 2: both played a {c2[f]}. On a tie the lower cartouche-1 card goes "
                f"first: {f}'s {c1[f]} is lower than {s}'s {c1[s]}, so {f} goes first (R8).")
    turns = "; ".join(f"red {a} / blue {b}" for a, b in d["war"])
    if d.get("exhausted"):
        return (f"Both played a {c2['red']} on cartouche 2 and a {c1['red']} on cartouche 1: war! "
                f"Turned up: {turns}. The cards ran out before either was lower, so red goes "
                "first; the turned-up cards go under their owners' draw piles (R8).")
    return (f"Both played a {c2[f]} on cartouche 2 and a {c1[f]} on cartouche 1: war! Each turns "
            f"up the top card of their draw pile until one is lower. Turned up: {turns}. "
            f"{_cap(f)}'s card is lower, so {f} goes first. The turned-up cards go under their "
            "owners' draw piles (R8).")


def _turn(d: dict) -> str:
    p = d["player"]
    return (f"{_cap(p)} goes {d['position']} and now plays cartouches 2, 3 and 4 (R9). "
            f"Cartouche 3 shows a {d['cartouche3']}: {p} may remove and place counters in "
            f"{temples_text(d['cartouche3'])} (R12).")


def _removal(d: dict) -> str:
    p, card = d["player"], d["card"]
    head = f"{_cap(p)}'s cartouche 2 shows a {card}"
    if card == 2:
        return f"{head}: 2 − 2 = 0, so no counter is removed (R10)."
    if d["first_round"]:
        return f"{head}, but no counter is removed in the first round of the game (R11)."
    whose = "one of their own counters" if card == 1 else (
        f"{d['count']} of {d['target']}'s counters")
    rule = f"{head}: {card} − 2 = {card - 2}, so {p} must remove {whose}".replace("= -", "= −")
    area = temples_text(d["cartouche3"])
    if d["eligible"] == 0:
        owner = "their own" if card == 1 else f"{d['target']}'s"
        return f"{rule} from {area} (R10, R12). There are none of {owner} there: nothing happens."
    if d["eligible"] <= d["count"]:
        return (f"{rule} from {area} (R10, R12). Only {d['eligible']} "
                f"{'is' if d['eligible'] == 1 else 'are'} there, so "
                f"{'it goes' if d['eligible'] == 1 else 'they all go'}.")
    return f"{rule} from {area}, chosen among the {d['eligible']} there (R10, R12)."


def _remove(d: dict) -> str:
    p, t = d["player"], d["owner"]
    whose = "one of their own counters" if p == t else f"a {t} counter"
    text = f"{_cap(p)} removes {whose} from {_where(d['square'])}"
    return text + _destination(d) + "."


def _destination(d: dict) -> str:
    if d["to"] == "kingdom":
        return (f" (R10); it goes to the Kingdom of the Dead, which now holds "
                f"{d['kingdom']}/{KINGDOM_SIZE} (R15)")
    return " (R10); the Kingdom of the Dead is full, so it goes back to its owner's stock (R15)"


def _placement(d: dict) -> str:
    p, card, take = d["player"], d["card"], d["take"]
    area = temples_text(d["cartouche3"])
    head = f"{_cap(p)}'s cartouche 4 shows a {card}"
    if take == 0:
        return f"{head}, but {p}'s stock is empty: nothing is placed (R13)."
    text = f"{head}: {p} takes {take} counter{'s' if take != 1 else ''} from stock"
    if take < card:
        text += " (all that is left, R13)"
    text += (f" and must place {'it' if take == 1 else 'them'} on empty squares of {area} "
             "(R12, R13).")
    free = d["free"]
    if free < take:
        left = take - free
        where = "No square is free there" if free == 0 else (
            f"Only {free} square{'s are' if free != 1 else ' is'} free there")
        room = d.get("kingdom_room", left)
        if room >= left:
            fate = (f"{'it goes' if left == 1 else 'they go'} to the Kingdom of the Dead "
                    "(R13, R15)")
        elif room == 0:
            fate = (f"the Kingdom of the Dead is full, so {'it stays' if left == 1 else 'they stay'}"
                    f" in {p}'s stock (R15)")
        else:
            fate = (f"{room} go{'es' if room == 1 else ''} to the Kingdom of the Dead until it is "
                    f"full, and {left - room} stay{'s' if left - room == 1 else ''} in {p}'s "
                    "stock (R13, R15)")
        text += (f" {where}: {left} counter{'s' if left != 1 else ''} cannot be placed, and "
                 f"{fate}.")
    return text


def _place(d: dict) -> str:
    return f"{_cap(d['player'])} places a counter on {_where(d['square'])} (R13)."


def _overflow(d: dict) -> str:
    p, n = d["player"], d["count"]
    parts = []
    k = d["to_kingdom"]
    if k:
        subject = "it goes" if n == 1 else f"{k} go{'es' if k == 1 else ''}"
        parts.append(f"{subject} to the Kingdom of the Dead, which now holds "
                     f"{d['kingdom']}/{KINGDOM_SIZE}")
    if d["to_stock"]:
        st = d["to_stock"]
        subject = "it stays" if n == 1 else f"{st} stay{'s' if st == 1 else ''}"
        parts.append(f"{subject} in {p}'s stock because the Kingdom of the Dead is full")
    who = f"One of {p}'s counters" if n == 1 else f"{n} of {p}'s counters"
    return f"{who} found no empty square: {' and '.join(parts)} (R13, R15)."


def _end_round(d: dict) -> str:
    text = "Both players have gone; the 8 cards go to their owners' discard piles (R14)."
    if d["scoring"]:
        text += " The Kingdom of the Dead is full, so a scoring round follows (R16)."
    else:
        text += f" The Kingdom of the Dead holds {d['kingdom']}/{KINGDOM_SIZE}: no scoring round."
    return text


def _who(p: int | None) -> str:
    return ("red", "blue")[p] if p is not None else ""


def _score(d: dict) -> str:
    line, r, b = d["line"], d["counts"]["red"], d["counts"]["blue"]
    w = d["player"]
    pts = d["points"][w] if w else 0
    if line == "bonus":
        held = {n: d["squares"][n] for n in ("red", "blue")}
        if not held["red"] and not held["blue"]:
            return "Bonus squares: nobody occupies a bonus square, so nobody scores (R16)."
        bits = [f"{n} scores {d['points'][n]} for {', '.join(held[n])}" for n in ("red", "blue")
                if held[n]]
        return ("Bonus squares: each player scores the value printed on each bonus square they "
                f"occupy: {'; '.join(bits)} (R16).")
    title = "Black squares" if line == "black" else f"Temple {line[-1]}"
    where = "black squares on the whole board" if line == "black" else "counters there"
    count = f"{title}: red {r}, blue {b} {where}"
    if w is None:
        return f"{count}. A tie is no majority, so nobody scores (R16)."
    lose = "blue" if w == "red" else "red"
    c_w, c_l = d["counts"][w], d["counts"][lose]
    why = {
        "temple1": f"the difference, {c_w} − {c_l} = {pts}",
        "temple2": "5",
        "temple3": f"the number of its own counters there, {pts}",
        "temple4": (f"3 for each {COLOUR_NAMES['B']} square it occupies on the whole board: "
                    f"3 × {d.get('blue_squares', 0)} = {pts}"),
        "black": "8",
    }[line]
    if line == "temple4" and not d.get("all_temples", True):
        why = f"3 for the {COLOUR_NAMES['B']} square of temple 4: {pts}"
    return f"{count}. {_cap(w)} has the majority and scores {why} (R16)."


def _scoring(d: dict) -> str:
    t = d["breakdown"]
    return (f"Scoring round complete: red scores {t['red']['total']} "
            f"(now {d['scores']['red']}), blue scores {t['blue']['total']} "
            f"(now {d['scores']['blue']}) (R16).")


def _take_back_plan(d: dict) -> str:
    p = d["player"]
    if d["count"] == 0:
        return f"{_cap(p)} has no counter in the temples, so takes none back (R17)."
    temples = d["temples"]
    lead = f"{_cap(p)} {d['reason']}, so takes back {d['count']} of their own counters"
    if d["count"] < 4:
        return f"{lead}: all they have in the temples (R17)."
    listed = ", ".join(str(t) for t in temples)
    if len(temples) >= 4:
        return f"{lead}, one from each temple (R17)."
    return (f"{lead}: one from each temple holding theirs ({listed}), then the rest from the "
            "highest-numbered temple that still holds theirs (R17).")


def _take_back(d: dict) -> str:
    return (f"{_cap(d['player'])} takes back the counter on {_where(d['square'])} from temple "
            f"{d['temple']} to their stock (R17).")


def _return(d: dict) -> str:
    r, b = d["red"], d["blue"]
    return (f"Every counter in the Kingdom of the Dead goes back to its owner's stock: {r} red "
            f"and {b} blue. The Kingdom is empty again (R17).")


_REASONS = {
    "points": "reached {score} points (40 or more wins at once, R18)",
    "temple": "occupies all 12 squares of temple {temple} (R18)",
    "yellow": "occupies all 14 yellow squares (R18)",
    "green": "occupies all 14 green squares (R18)",
}


def _end(d: dict) -> str:
    w, reason = d["winner"], d["reason"]
    if reason == "scoring":
        s = d["scores"]
        if w == "draw":
            return (f"The scoring round took a player to 40 or more. With red {s['red']} and "
                    f"blue {s['blue']}, the game is a draw (R19).")
        return (f"The scoring round took a player to 40 or more, so the game ends: {w} wins "
                f"with {s[w]} against {s['blue' if w == 'red' else 'red']} (R19).")
    why = _REASONS[reason].format(**d)
    return f"Game over: {w} {why}. Nothing more is played."


TEXTS = {
    "round": _round,
    "exchange": _exchange,
    "assign": _assign,
    "reveal": _reveal,
    "points": _points,
    "order": _order,
    "turn": _turn,
    "removal": _removal,
    "remove": _remove,
    "placement": _placement,
    "place": _place,
    "overflow": _overflow,
    "end_round": _end_round,
    "score": _score,
    "scoring": _scoring,
    "take_back_plan": _take_back_plan,
    "take_back": _take_back,
    "return": _return,
    "end": _end,
}
