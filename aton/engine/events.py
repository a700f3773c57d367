"""Events: what happened at one step of the game, with the rule that made it happen.

An event stores only facts (``type``, ``rule`` and a dict of details). Its ``text``, the sentence
a learner reads, is written only when asked for, so that thousands of games a second pay nothing
for prose nobody reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..i18n import N_, language, plural_translator, translator
from .board import (
    BLACK_SQUARES,
    GREEN_SQUARES,
    KINGDOM_SIZE,
    SQUARE_NAMES,
    YELLOW_SQUARES,
    capitalized,
    square_with_kind,
    temple_squares,
    temples_text,
)
from .errors import player_name
from .scoring import temple4_blue_squares

_ = translator("engine")
_n = plural_translator("engine")

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
        return sentence(self.type, self.data)

    @property
    def player(self) -> str | None:
        return self.data.get("player")

    def cells(self, board: Sequence[int]) -> list[str]:
        """The squares this event involves, and the places 'K1'..'K8' of the Kingdom of the
        Dead it fills or empties: what a board rings for it. A scoring line's squares are the
        ones occupied on ``board``, the board it was scored on (nothing moves during a scoring
        round, R16); the temple-4 line adds the turquoise (blue) squares it counted."""
        d, kind = self.data, self.type
        if kind in ("place", "take_back"):
            return [d["square"]]
        if kind == "remove":
            cells = [d["square"]]
            if d.get("to") == "kingdom":
                cells.append(f"K{d['kingdom']}")
            return cells
        if kind == "overflow" and d["to_kingdom"]:
            return [f"K{k}" for k in range(d["kingdom"] - d["to_kingdom"] + 1, d["kingdom"] + 1)]
        if kind == "return":
            return [f"K{k}" for k in range(1, d["red"] + d["blue"] + 1)]
        if kind == "score":
            line = d["line"]
            if line == "bonus":
                return [sq for p in ("red", "blue") for sq in d["squares"][p]]
            if line == "black":
                return _occupied(board, BLACK_SQUARES)
            cells = _occupied(board, temple_squares(int(line[-1])))
            if line == "temple4" and d.get("player"):
                mark = 1 if d["player"] == "red" else 2
                cells += [SQUARE_NAMES[i] for i in temple4_blue_squares() if board[i] == mark]
            return cells
        if kind == "end":
            reason = d.get("reason")
            if reason == "temple":
                return [SQUARE_NAMES[i] for i in temple_squares(d["temple"])]
            if reason in ("yellow", "green"):
                squares = YELLOW_SQUARES if reason == "yellow" else GREEN_SQUARES
                return [SQUARE_NAMES[i] for i in squares]
        return []

    @property
    def cartouches(self) -> dict[str, set[int]]:
        """Which cartouches (1-4) of which player the event reads: cartouche 1 for points
        (R7), 2 for the order (R8) and 1 too on a tie, 2 and 3 for a removal (R10, R12), 3 and 4
        for a placement (R12, R13)."""
        d, kind = self.data, self.type
        both = ("red", "blue")
        if kind == "reveal":
            return {p: {1, 2, 3, 4} for p in both}
        if kind == "points":
            return {p: {1} for p in both}
        if kind == "order":
            return {p: {1, 2} if d.get("reason") != "cartouche2" else {2} for p in both}
        player = d.get("player")
        if kind == "turn":
            return {player: {2, 3, 4}}
        if kind in ("removal", "remove"):
            return {player: {2, 3}}
        if kind in ("placement", "place", "overflow"):
            return {player: {3, 4}}
        return {}

    def to_dict(self) -> dict:
        """JSON-ready form used by ``aton round``: type, rule, text and the details."""
        return {"type": self.type, "rule": self.rule, "text": sentence(self.type, self.data),
                **self.data}

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.rule!r}, {self.text!r})"


def to_dicts(events: Sequence[Event]) -> list[dict]:
    """Each event's ``to_dict``, the language read once for them all (``play_round``)."""
    code = language()
    out = []
    for kind, rule, facts in events:
        # As ``sentence``, without a call for each event: some twenty a round.
        if kind in _FEW_FACTS:
            key = (code, kind, *facts.items())
            text = _written.get(key)
            if text is None:
                text = _written[key] = TEXTS[kind](facts)
        else:
            text = TEXTS[kind](facts)
        out.append({"type": kind, "rule": rule, "text": text, **facts})
    return out


def sentence(kind: str, facts: dict) -> str:
    """The sentence of an event of type ``kind`` with these facts, in the current language."""
    if kind not in _FEW_FACTS:
        return TEXTS[kind](facts)
    key = (language(), kind, *facts.items())
    text = _written.get(key)
    if text is None:
        text = _written[key] = TEXTS[kind](facts)
    return text


#: The events whose facts take few values (a counter placed: 2 players × 48 squares; a turn:
#: 2 players × 4 cards × first or second; cartouche 1's points: two cards, the gain and a
#: score under 50; a removal: the player, the cards on cartouches 2 and 3 and how many squares
#: qualify): each of their sentences is written once per language and then remembered, a few
#: thousand at most. They are most of the sentences a round through ``play_round`` writes.
_FEW_FACTS = frozenset({"place", "take_back", "turn", "assign", "secret", "exchange",
                        "removal", "points", "end_round", "return"})
_written: dict[tuple, str] = {}  # (language, type, *facts) -> sentence


def _occupied(board: Sequence[int], squares) -> list[str]:
    return [SQUARE_NAMES[i] for i in squares if board[i]]


# Each sentence is one whole message. Where the English starts with a player's name the message
# starts with "{player}" and the finished sentence gets a capital letter (``capitalized``), so
# that a translation may put an article first ("O vermelho…").

def _sentences(*sentences: str) -> str:
    """Whole sentences, each with its first letter in capitals, one space apart."""
    if len(sentences) == 1:  # most events say one sentence: no join to build
        return capitalized(sentences[0])
    return " ".join([capitalized(text) for text in sentences])


def _cards(cards: list[int]) -> str:
    return ", ".join(map(str, cards))


def _round(d: dict) -> str:
    texts = [_("Round {round} begins: each player draws the top 4 cards of their own draw pile "
               "(R4).").format(round=d["round"])]
    for name in d.get("reshuffled", ()):
        texts.append(_("{player}'s draw pile ran out, so {player}'s discards were shuffled into a "
                       "new draw pile first.").format(player=player_name(name)))
    return _sentences(*texts)


def _exchange(d: dict) -> str:
    p = player_name(d["player"])
    if not d["used"]:
        return _sentences(_("{player} keeps the 4 cards drawn (R5).").format(player=p))
    texts = [_("{player} hands in the exchange counter: the 4 cards drawn go to the discard pile "
               "and 4 new ones are drawn. This can be done once per game (R5).").format(player=p)]
    if d.get("reshuffled"):
        texts.append(_("The draw pile ran out, so the discards (those 4 included) were shuffled "
                       "first."))
    return _sentences(*texts)


def _secret(d: dict) -> str:
    # What someone who may not see a player's exchange (R5) is told of it before the reveal.
    return _sentences(_("{player} has decided, face down, whether to hand in the exchange "
                        "counter; it is shown when the cards are revealed (R5, R6).").format(
                            player=player_name(d["player"])))


def _assign(d: dict) -> str:
    return _sentences(_("{player} puts one card face down on each of the 4 cartouches; nothing is "
                        "shown until both players have done so (R6).").format(
                            player=player_name(d["player"])))


def _reveal(d: dict) -> str:
    return _("Both players turn their cards up (R6). On cartouches 1 to 4, red has {red} and "
             "blue has {blue}.").format(red=_cards(d["red"]), blue=_cards(d["blue"]))


def _points(d: dict) -> str:
    r, b = d["red"], d["blue"]
    if d["player"] is None:
        return _("Cartouche 1: red {red} against blue {blue}. Equal cards score nothing "
                 "(R7).").format(red=r, blue=b)
    return _("Cartouche 1: red {red} against blue {blue}. The higher card scores twice the "
             "difference, so {player} scores 2 × ({high} − {low}) = {points} and now has {score} "
             "points (R7).").format(red=r, blue=b, player=player_name(d["player"]),
                                    high=max(r, b), low=min(r, b), points=d["points"],
                                    score=d["score"])


def _order(d: dict) -> str:
    f, s = d["first"], d["second"]
    c1, c2 = d.get("cartouche1"), d["cartouche2"]
    names = {"first": player_name(f), "second": player_name(s)}
    if d["reason"] == "cartouche2":
        return _("Cartouche 2: {first}'s {first_card} is lower than {second}'s {second_card}, "
                 "so {first} goes first and plays cartouches 2, 3 and 4 before {second} does "
                 "(R8, R9).").format(first_card=c2[f], second_card=c2[s], **names)
    if d["reason"] == "cartouche1":
        return _("Cartouche 2: both played a {card}. On a tie the lower cartouche-1 card goes "
                 "first: {first}'s {first_card} is lower than {second}'s {second_card}, so "
                 "{first} goes first (R8).").format(card=c2[f], first_card=c1[f],
                                                    second_card=c1[s], **names)
    turns = "; ".join(_("red {red} / blue {blue}").format(red=a, blue=b) for a, b in d["war"])
    if d.get("exhausted"):
        return _("Both played a {card2} on cartouche 2 and a {card1} on cartouche 1: war! Turned "
                 "up: {turns}. The cards ran out before either was lower, so red goes first; the "
                 "turned-up cards go under their owners' draw piles (R8).").format(
                     card2=c2["red"], card1=c1["red"], turns=turns)
    return _sentences(
        _("Both played a {card2} on cartouche 2 and a {card1} on cartouche 1: war! Each turns up "
          "the top card of their draw pile until one is lower. Turned up: {turns}.").format(
              card2=c2[f], card1=c1[f], turns=turns),
        _("{first}'s card is lower, so {first} goes first.").format(**names),
        _("The turned-up cards go under their owners' draw piles (R8)."))


_POSITIONS = {
    "first": N_("{player} goes first and now plays cartouches 2, 3 and 4 (R9)."),
    "second": N_("{player} goes second and now plays cartouches 2, 3 and 4 (R9)."),
}


def _turn(d: dict) -> str:
    p = player_name(d["player"])
    return _sentences(
        _(_POSITIONS[d["position"]]).format(player=p),
        # Translators: {temples} is "in temple 1", "in temples 1 and 2" or "in temples 1 to 3".
        _("Cartouche 3 shows a {card}: {player} may remove and place counters {temples} "
          "(R12).").format(card=d["cartouche3"], player=p,
                           temples=temples_text(d["cartouche3"], "in")))


def _removal(d: dict) -> str:
    p, card = player_name(d["player"]), d["card"]
    if card == 2:
        return _sentences(_("{player}'s cartouche 2 shows a 2, and a 2 removes no counter "
                            "(R10).").format(player=p))
    if d["first_round"]:
        return _sentences(_("{player}'s cartouche 2 shows a {card}, but no counter is removed in "
                            "the first round of the game (R11).").format(player=p, card=card))
    facts = {"player": p, "card": card, "temples": temples_text(d["cartouche3"], "from"),
             "count": d["count"], "eligible": d["eligible"]}
    own = card == 1
    target = player_name(d["target"]) if d.get("target") else ""
    if d["eligible"] > d["count"]:
        if own:
            # Translators: {temples} is "from temple 1", "from temples 1 and 2" or "from
            # temples 1 to 3".
            return _sentences(_("{player}'s cartouche 2 shows a 1, and a 1 makes {player} remove "
                                "one of their own counters {temples}, chosen among the "
                                "{eligible} there (R10, R12).").format(**facts))
        return _sentences(_n(
            "{player}'s cartouche 2 shows a {card}, and a {card} makes {player} remove {count} of "
            "{target}'s counters {temples}, chosen among the {eligible} there (R10, R12).",
            "{player}'s cartouche 2 shows a {card}, and a {card} makes {player} remove {count} of "
            "{target}'s counters {temples}, chosen among the {eligible} there (R10, R12).",
            d["count"]).format(target=target, **facts))
    if own:
        rule = _("{player}'s cartouche 2 shows a 1, and a 1 makes {player} remove one of their "
                 "own counters {temples} (R10, R12).").format(**facts)
    else:
        rule = _n("{player}'s cartouche 2 shows a {card}, and a {card} makes {player} remove "
                  "{count} of {target}'s counters {temples} (R10, R12).",
                  "{player}'s cartouche 2 shows a {card}, and a {card} makes {player} remove "
                  "{count} of {target}'s counters {temples} (R10, R12).",
                  d["count"]).format(target=target, **facts)
    if d["eligible"] == 0:
        none = (_("There are none of their own there: nothing happens.") if own else
                _("There are none of {target}'s there: nothing happens.").format(target=target))
        return _sentences(rule, none)
    return _sentences(rule, _n("Only {eligible} is there, so it goes.",
                               "Only {eligible} are there, so they all go.",
                               d["eligible"]).format(eligible=d["eligible"]))


# (whose counter, where it goes) -> the sentence of one removal (R10, R15).
_REMOVES = {
    ("own", "kingdom"): N_("{player} removes one of their own counters from {square} (R10); it "
                           "goes to the Kingdom of the Dead, which now holds {kingdom}/{size} "
                           "(R15)."),
    ("red", "kingdom"): N_("{player} removes a red counter from {square} (R10); it goes to the "
                           "Kingdom of the Dead, which now holds {kingdom}/{size} (R15)."),
    ("blue", "kingdom"): N_("{player} removes a blue counter from {square} (R10); it goes to the "
                            "Kingdom of the Dead, which now holds {kingdom}/{size} (R15)."),
    ("own", "stock"): N_("{player} removes one of their own counters from {square} (R10); the "
                         "Kingdom of the Dead is full, so it goes back to its owner's stock "
                         "(R15)."),
    ("red", "stock"): N_("{player} removes a red counter from {square} (R10); the Kingdom of the "
                         "Dead is full, so it goes back to its owner's stock (R15)."),
    ("blue", "stock"): N_("{player} removes a blue counter from {square} (R10); the Kingdom of "
                          "the Dead is full, so it goes back to its owner's stock (R15)."),
}


def _remove(d: dict) -> str:
    p, t = d["player"], d["owner"]
    key = ("own" if p == t else t, "kingdom" if d["to"] == "kingdom" else "stock")
    return _sentences(_(_REMOVES[key]).format(
        player=player_name(p), square=square_with_kind(d["square"]), kingdom=d.get("kingdom"),
        size=KINGDOM_SIZE))


# (one counter goes to the Kingdom, one stays in the stock) -> the rest of a placement's
# sentence when some counters do not fit (R13, R15); {place} says how many squares are free.
_PARTLY_TO_KINGDOM = {
    # Translators: {place} is "No square is free there" or "Only 2 squares are free there".
    (True, True): N_("{place}: {left} counters cannot be placed, and {room} goes to the Kingdom "
                     "of the Dead until it is full, and {rest} stays in {player}'s stock (R13, "
                     "R15)."),
    (True, False): N_("{place}: {left} counters cannot be placed, and {room} goes to the Kingdom "
                      "of the Dead until it is full, and {rest} stay in {player}'s stock (R13, "
                      "R15)."),
    (False, True): N_("{place}: {left} counters cannot be placed, and {room} go to the Kingdom of "
                      "the Dead until it is full, and {rest} stays in {player}'s stock (R13, "
                      "R15)."),
    (False, False): N_("{place}: {left} counters cannot be placed, and {room} go to the Kingdom "
                       "of the Dead until it is full, and {rest} stay in {player}'s stock (R13, "
                       "R15)."),
}


def _placement(d: dict) -> str:
    p, card, take = player_name(d["player"]), d["card"], d["take"]
    if take == 0:
        return _sentences(_("{player}'s cartouche 4 shows a {card}, but {player}'s stock is "
                            "empty: nothing is placed (R13).").format(player=p, card=card))
    facts = {"player": p, "card": card, "count": take,
             "temples": temples_text(d["cartouche3"], "of")}
    if take < card:
        # Translators: {temples} is "of temple 1", "of temples 1 and 2" or "of temples 1 to 3".
        text = _n("{player}'s cartouche 4 shows a {card}: {player} takes {count} counter from "
                  "stock (all that is left, R13) and must place it on an empty square {temples} "
                  "(R12, R13).",
                  "{player}'s cartouche 4 shows a {card}: {player} takes {count} counters from "
                  "stock (all that is left, R13) and must place them on empty squares {temples} "
                  "(R12, R13).", take).format(**facts)
    else:
        text = _n("{player}'s cartouche 4 shows a {card}: {player} takes {count} counter from "
                  "stock and must place it on an empty square {temples} (R12, R13).",
                  "{player}'s cartouche 4 shows a {card}: {player} takes {count} counters from "
                  "stock and must place them on empty squares {temples} (R12, R13).",
                  take).format(**facts)
    free = d["free"]
    if free >= take:
        return _sentences(text)
    left = take - free
    place = _("No square is free there") if free == 0 else _n(
        "Only {free} square is free there", "Only {free} squares are free there",
        free).format(free=free)
    room = d.get("kingdom_room", left)
    if room >= left:
        rest = _n("{place}: {left} counter cannot be placed, and it goes to the Kingdom of the "
                  "Dead (R13, R15).",
                  "{place}: {left} counters cannot be placed, and they go to the Kingdom of the "
                  "Dead (R13, R15).", left)
    elif room == 0:
        rest = _n("{place}: {left} counter cannot be placed, and the Kingdom of the Dead is full, "
                  "so it stays in {player}'s stock (R15).",
                  "{place}: {left} counters cannot be placed, and the Kingdom of the Dead is "
                  "full, so they stay in {player}'s stock (R15).", left)
    else:
        rest = _(_PARTLY_TO_KINGDOM[room == 1, left - room == 1])
    return _sentences(text, rest.format(place=place, left=left, room=room, rest=left - room,
                                        player=p))


def _place(d: dict) -> str:
    return _sentences(_("{player} places a counter on {square} (R13).").format(
        player=player_name(d["player"]), square=square_with_kind(d["square"])))


# (one goes to the Kingdom, one stays in the stock) -> the sentence when several of a player's
# counters found no square and part of them went to the Kingdom (R13, R15).
_OVERFLOW_SPLIT = {
    (True, True): N_("{count} of {player}'s counters found no empty square: {kingdom_count} goes "
                     "to the Kingdom of the Dead, which now holds {kingdom}/{size} and "
                     "{stock_count} stays in {player}'s stock because the Kingdom of the Dead is "
                     "full (R13, R15)."),
    (True, False): N_("{count} of {player}'s counters found no empty square: {kingdom_count} goes "
                      "to the Kingdom of the Dead, which now holds {kingdom}/{size} and "
                      "{stock_count} stay in {player}'s stock because the Kingdom of the Dead is "
                      "full (R13, R15)."),
    (False, True): N_("{count} of {player}'s counters found no empty square: {kingdom_count} go "
                      "to the Kingdom of the Dead, which now holds {kingdom}/{size} and "
                      "{stock_count} stays in {player}'s stock because the Kingdom of the Dead "
                      "is full (R13, R15)."),
    (False, False): N_("{count} of {player}'s counters found no empty square: {kingdom_count} go "
                       "to the Kingdom of the Dead, which now holds {kingdom}/{size} and "
                       "{stock_count} stay in {player}'s stock because the Kingdom of the Dead "
                       "is full (R13, R15)."),
}


def _overflow(d: dict) -> str:
    n, k, st = d["count"], d["to_kingdom"], d["to_stock"]
    facts = {"player": player_name(d["player"]), "count": n, "kingdom_count": k,
             "stock_count": st, "kingdom": d.get("kingdom"), "size": KINGDOM_SIZE}
    if n == 1:
        text = (_("One of {player}'s counters found no empty square: it goes to the Kingdom of the "
                  "Dead, which now holds {kingdom}/{size} (R13, R15).") if k else
                _("One of {player}'s counters found no empty square: it stays in {player}'s stock "
                  "because the Kingdom of the Dead is full (R13, R15)."))
    elif not st:
        text = _n("{count} of {player}'s counters found no empty square: {kingdom_count} goes to "
                  "the Kingdom of the Dead, which now holds {kingdom}/{size} (R13, R15).",
                  "{count} of {player}'s counters found no empty square: {kingdom_count} go to "
                  "the Kingdom of the Dead, which now holds {kingdom}/{size} (R13, R15).", k)
    elif not k:
        text = _n("{count} of {player}'s counters found no empty square: {stock_count} stays in "
                  "{player}'s stock because the Kingdom of the Dead is full (R13, R15).",
                  "{count} of {player}'s counters found no empty square: {stock_count} stay in "
                  "{player}'s stock because the Kingdom of the Dead is full (R13, R15).", st)
    else:
        text = _(_OVERFLOW_SPLIT[k == 1, st == 1])
    return _sentences(text.format(**facts))


def _end_round(d: dict) -> str:
    first = _("Both players have gone; the 8 cards go to their owners' discard piles (R14).")
    if d["scoring"]:
        return _sentences(first, _("The Kingdom of the Dead is full, so a scoring round follows "
                                   "(R16)."))
    return _sentences(first, _("The Kingdom of the Dead holds {kingdom}/{size}: no scoring "
                               "round.").format(kingdom=d["kingdom"], size=KINGDOM_SIZE))


# Why the majority of a scoring line scores what it does (R16), line by line.
_MAJORITY = {
    "temple1": N_("{player} has the majority and scores the difference, {high} − {low} = {points} "
                  "(R16)."),
    "temple2": N_("{player} has the majority, and the majority in temple 2 always scores 5 "
                  "(R16)."),
    "temple3": N_("{player} has the majority and scores the number of its own counters there, "
                  "{points} (R16)."),
    "temple4": N_("{player} has the majority and scores 3 for each turquoise square it occupies "
                  "on the whole board: 3 × {squares} = {points} (R16)."),
    "black": N_("{player} has the majority, and whoever holds more black squares always "
                "scores 8 (R16)."),
}


def _score(d: dict) -> str:
    line, r, b = d["line"], d["counts"]["red"], d["counts"]["blue"]
    w = d["player"]
    if line == "bonus":
        held = {n: d["squares"][n] for n in ("red", "blue")}
        if not held["red"] and not held["blue"]:
            return _("Bonus squares: nobody occupies a bonus square, so nobody scores (R16).")
        # Translators: one player's part of the bonus line, e.g. "red scores 3 for T1.7, T4.4".
        bits = [_("{player} scores {points} for {squares}").format(
            player=player_name(n), points=d["points"][n], squares=", ".join(held[n]))
            for n in ("red", "blue") if held[n]]
        return _("Bonus squares: each player scores the value printed on each bonus square they "
                 "occupy: {scores} (R16).").format(scores="; ".join(bits))
    if line == "black":
        count = _("Black squares held on the whole board: red {red}, blue {blue}.").format(
            red=r, blue=b)
    else:
        # "red 1, blue 2", never "1 counters": the count of each player after their name.
        count = _("Counters in temple {temple}: red {red}, blue {blue}.").format(
            temple=line[-1], red=r, blue=b)
    if w is None:
        return _sentences(count, _("A tie is no majority, so nobody scores (R16)."))
    lose = "blue" if w == "red" else "red"
    why = _MAJORITY[line]
    if line == "temple4" and not d.get("all_temples", True):
        why = N_("{player} has the majority and scores 3 for the turquoise square of temple 4: "
                 "{points} (R16).")
    return _sentences(count, _(why).format(
        player=player_name(w), high=d["counts"][w], low=d["counts"][lose],
        points=d["points"][w], squares=d.get("blue_squares", 0)))


def _scoring(d: dict) -> str:
    t, s = d["breakdown"], d["scores"]
    return _("Scoring round complete: red scores {red} (now {red_score}), blue scores {blue} "
             "(now {blue_score}) (R16).").format(red=t["red"]["total"], red_score=s["red"],
                                                 blue=t["blue"]["total"], blue_score=s["blue"])


_TAKE_BACK_REASONS = {
    # Translators: why a player takes counters back first or second after a scoring round
    # (R17), as in "{player} {reason}, so takes back 4 of their own counters…".
    "leads": N_("leads"),
    "goes first (scores tied: red first)": N_("goes first (scores tied: red first)"),
    "goes second": N_("goes second"),
}


def _take_back_plan(d: dict) -> str:
    p, count, temples = player_name(d["player"]), d["count"], d["temples"]
    if count == 0:
        return _sentences(_("{player} has no counter in the temples, so takes none back "
                            "(R17).").format(player=p))
    reason = d["reason"]
    facts = {"player": p, "count": count, "temples": ", ".join(str(t) for t in temples),
             "reason": _(_TAKE_BACK_REASONS[reason]) if reason in _TAKE_BACK_REASONS else reason}
    if count < 4:
        text = _n("{player} {reason}, so takes back {count} of their own counters: all they have "
                  "in the temples (R17).",
                  "{player} {reason}, so takes back {count} of their own counters: all they have "
                  "in the temples (R17).", count)
    elif len(temples) >= 4:
        text = _("{player} {reason}, so takes back {count} of their own counters, one from each "
                 "temple (R17).")
    else:
        text = _("{player} {reason}, so takes back {count} of their own counters: one from each "
                 "temple holding theirs ({temples}), then the rest from the highest-numbered "
                 "temple that still holds theirs (R17).")
    return _sentences(text.format(**facts))


def _take_back(d: dict) -> str:
    return _sentences(_("{player} takes back the counter on {square} from temple {temple} to "
                        "their stock (R17).").format(player=player_name(d["player"]),
                                                     square=square_with_kind(d["square"]),
                                                     temple=d["temple"]))


def _return(d: dict) -> str:
    return _("Every counter in the Kingdom of the Dead goes back to its owner's stock: {red} red "
             "and {blue} blue. The Kingdom is empty again (R17).").format(red=d["red"],
                                                                          blue=d["blue"])


# How a game ends at once (R18), by the position's ``end``.
_ENDS = {
    "points": N_("Game over: {winner} reached {score} points (40 or more wins at once, R18). "
                 "Nothing more is played."),
    "temple": N_("Game over: {winner} occupies all 12 squares of temple {temple} (R18). Nothing "
                 "more is played."),
    "yellow": N_("Game over: {winner} occupies all 14 yellow squares (R18). Nothing more is "
                 "played."),
    "green": N_("Game over: {winner} occupies all 14 green squares (R18). Nothing more is "
                "played."),
}


def _end(d: dict) -> str:
    w, reason = d["winner"], d["reason"]
    if reason == "scoring":
        s = d["scores"]
        if w == "draw":
            return _("The scoring round took a player to 40 or more. With red {red} and blue "
                     "{blue}, the game is a draw (R19).").format(red=s["red"], blue=s["blue"])
        return _("The scoring round took a player to 40 or more, so the game ends: {winner} wins "
                 "with {score} against {other} (R19).").format(
                     winner=player_name(w), score=s[w], other=s["blue" if w == "red" else "red"])
    return _(_ENDS[reason]).format(**{**d, "winner": player_name(w)})


TEXTS = {
    "round": _round,
    "exchange": _exchange,
    "secret": _secret,
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
