"""The coach: advice for a pending decision, a review of a choice made, and threat warnings.

Pure engine-side functions (no widgets) for the app's Hint button, its "review my move" and its
warning line. The coach reasons only from the learner's own ``PlayerView``: it asks the search
player (``mcts.search``) at one of the levels of ``bots.SEARCH_BUDGETS``, seeded, so the same
view and seed give the same advice, and it never sees a hidden card.

"Expected points" is the search's average, at the end of the round, of the points you gain
minus the points the opponent gains, plus half of what the board would give you in a scoring
round (``heuristic.evaluate``, the same judgement the search uses) and 2 points for keeping the
exchange counter when the opponent has spent theirs, and 40 points for a game won (taken
away for a game lost) (``mcts.ChoiceStats.worth``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import rules
from .board import (
    PLAYERS,
    SQUARE_INDEX,
    TEMPLE_OF,
    board_masks,
    describe_square,
    mask_names,
    temples_text,
)
from .bots import SEARCH_BUDGETS
from .mcts import ChoiceStats, SearchResult, search
from .view import PlayerView

#: What each temple is worth in a scoring round (R16), in a learner's words.
TEMPLE_WORTH = {
    1: "the player with more counters there scores the difference",
    2: "the player with more counters there scores 5",
    3: "the player with more counters there scores one point per counter",
    4: "the player with more counters there scores 3 for each turquoise square they hold",
}


#: How a game is won (``game.end``), in a learner's words with the rule.
WIN_WORDS = {
    "temple": "all 12 squares of a temple are yours (R18)",
    "yellow": "all the yellow squares are yours (R18)",
    "green": "all the green squares are yours (R18)",
    "points": "you reach 40 points (R18)",
    "scoring": "you have more points after a scoring round that reaches 40 (R19)",
}


@dataclass
class Advice:
    """What the coach would do for a pending decision, and why."""

    player: str
    kind: str
    choice: object
    reasons: list[str]  # sentences a learner reads, each ending with the rule ids it relies on
    rules: list[str]  # every rule id the reasons cite, in order
    expected: float  # expected points of the choice (see the module's docstring)
    gain: float  # points the player is expected to gain this round
    gain_other: float  # points the opponent is expected to gain this round
    first: float | None  # chance the player goes first this round (R8), when the search saw it
    temples: tuple[int, ...]  # the temples the choice fights for
    risk: str  # what the choice risks, in one sentence
    simulations: int = 0
    stats: dict = field(default_factory=dict, repr=False)

    @property
    def text(self) -> str:
        return " ".join(self.reasons)


@dataclass
class Review:
    """How a choice compares with the coach's: ``difference`` is the coach's choice's expected
    points minus the chosen one's (0 when they agree)."""

    agrees: bool
    choice: object
    preferred: object
    difference: float
    text: str
    rules: list[str]


@dataclass
class Threat:
    """A player one placement from winning at once (R18): ``area`` is temple, yellow or
    green; ``missing`` the empty squares still to fill."""

    player: str
    area: str
    temple: int
    missing: tuple[str, ...]
    text: str
    rule: str = "R18"


def _key(choice: object) -> object:
    return tuple(choice) if isinstance(choice, list) else choice


def _budget(level: str) -> int:
    try:
        return SEARCH_BUDGETS[level]
    except KeyError:
        raise ValueError(f"the coach searches at one of the levels {', '.join(SEARCH_BUDGETS)},"
                         f" not {level!r}") from None


def _points(x: float) -> str:
    n = round(x, 1)
    if n == int(n):
        n = int(n)
    return f"{n} point" if n in (1, -1) else f"{n} points"


def _choice_reasons(view: PlayerView, choice: object, st: ChoiceStats
                    ) -> tuple[list[str], tuple[int, ...]]:
    """Sentences about what ``choice`` does, with rule ids, and the temples it fights for."""
    kind = view.pending.kind
    other = view.opponent
    if kind == "exchange":
        if choice:
            return [(f"Hand in the exchange counter and draw 4 new cards: the coach expects 4 "
                     f"new cards to do better than {list(view.hand)}, and you may do it only "
                     "once a game (R5).")], ()
        return [(f"Keep these cards {list(view.hand)} and save the exchange counter for a "
                "worse hand: you may hand it in only once a game (R5).")], ()
    if kind == "assign":
        c1, c2, c3, c4 = choice
        said = [f"Put {c1}, {c2}, {c3}, {c4} on cartouches 1 to 4 (R6)."]
        said.append(f"Cartouche 1: your {c1} scores twice the difference if it beats {other}'s "
                    "card (R7).")
        n = rules.removal(c2)
        if rules.removes_nothing(view.round) and n:
            does = "removes nothing in round 1 (R11)"
        elif n > 0:
            does = f"removes {n} of {other}'s counters (R10)"
        elif n < 0:
            does = "costs you one of your own counters (R10)"
        else:
            does = "removes nothing (R10)"
        first = (f"; you went first in {round(100 * st.first)}% of the rounds the coach tried"
                 if st.visits else "")
        said.append(f"Cartouche 2: a {c2} {does}; the lower card goes first (R8){first}.")
        said.append(f"Cartouche 3: a {c3} opens {temples_text(c3)} for your removal and "
                    "placement (R12).")
        said.append(f"Cartouche 4: a {c4} places up to {c4} counters (R13).")
        return said, tuple(range(1, c3 + 1))
    i = SQUARE_INDEX[choice]
    temple = TEMPLE_OF[i]
    where = describe_square(i)
    if kind == "place":
        said = [(f"Place your counter on {where} (R13): in a scoring round in temple {temple}, "
                f"{TEMPLE_WORTH[temple]} (R16).")]
    elif kind == "remove":
        own = view.pending.whose == PLAYERS.index(view.player)
        whose = "your own" if own else f"{other}'s"
        said = [(f"Remove {whose} counter on {where} (R10): in a scoring round in temple "
                f"{temple}, {TEMPLE_WORTH[temple]} (R16).")]
    else:
        said = [(f"Take back your counter on {where} (R17): the coach keeps the counters that "
                "count most in the next scoring round (R16).")]
    return said, (temple,)


def advice(view: PlayerView, level: str = "strong", seed: int = 0) -> Advice:
    """What the search player of ``level`` would choose for ``view``'s pending decision, with
    its reasons in a learner's words: the expected points, who goes first, the temples it
    fights for, what it risks, and the rule ids. Uses only ``view``."""
    pending = view.pending
    if pending is None:
        raise ValueError(f"{view.player} has no decision pending: the coach has nothing to "
                         "advise")
    result = search(view, _budget(level), seed=seed)
    return _advice(view, result.choice, result)


def _advice(view: PlayerView, choice: object, result: SearchResult) -> Advice:
    st = result.stats[_key(choice)]
    other = view.opponent
    reasons, temples = _choice_reasons(view, choice, st)
    worth = st.worth
    if st.won >= 0.05:
        how = max(st.won_by, key=st.won_by.get)
        reasons.append(f"You won the game in {round(100 * st.won)}% of the rounds the coach "
                       f"tried with this choice: {WIN_WORDS[how]}.")
    counted = " and a game won or lost counted as 40 points" if st.won + st.lost >= 0.05 else ""
    reasons.append(f"The coach expects you to gain {_points(st.gain)} this round and {other} "
                   f"{_points(st.gain_other)}; with what the board would give in a scoring "
                   f"round{counted}, this choice is worth {_points(worth)} to you (R7, R16).")
    if st.lost >= 0.01:
        risk = (f"Risk: in {round(100 * st.lost)}% of the rounds the coach tried, {other} won "
                "at once (R18).")
    elif st.won >= 0.5:
        risk = ("Risk: small; this choice wins the game in most of the rounds the coach tried "
                "(R18).")
    elif st.gain_other > st.gain:
        risk = (f"Risk: {other} is expected to score more than you this round "
                f"({_points(st.gain_other)} against {_points(st.gain)}) (R7, R16).")
    else:
        risk = (f"Risk: small; {other} is expected to gain {_points(st.gain_other)} this round "
                "(R7, R16).")
    for threat in threats(view):
        risk += " " + threat.text
    reasons.append(risk)
    cited = []
    for sentence in reasons:
        for part in sentence.replace(")", "(").split("("):
            for rid in part.replace(",", " ").split():
                if rid.startswith("R") and rid[1:].isdigit() and rid not in cited:
                    cited.append(rid)
    went_first = st.first if view.pending.kind in ("exchange", "assign") and st.visits else None
    return Advice(view.player, view.pending.kind, choice, reasons, cited, worth, st.gain,
                  st.gain_other, went_first, temples, risk, result.simulations, result.stats)


def compare(view: PlayerView, choice: object, level: str = "strong", seed: int = 0) -> Review:
    """Review ``choice`` for ``view``'s pending decision before it is applied: whether the
    coach agrees, and if not what it preferred and the difference in expected points."""
    if view.pending is None:
        raise ValueError(f"{view.player} has no decision pending: nothing to review")
    legal = {_key(o) for o in view.options()}
    if _key(choice) not in legal:
        raise ValueError(f"{choice!r} is not a legal choice for {view.pending.prompt}")
    budget = _budget(level)
    best = search(view, budget, seed=seed)
    preferred = best.choice
    if _key(preferred) == _key(choice):
        return Review(True, choice, preferred, 0.0, "The coach agrees with your choice.", [])
    # The learner's choice weighed by a search of its own, so a choice the coach hardly tried
    # is still judged on enough simulated rounds.
    own = search(view, max(50, budget // 4), seed=seed, only=[choice])
    difference = best.stats[_key(preferred)].worth - own.stats[_key(choice)].worth
    coach = _advice(view, preferred, best)
    text = (f"The coach preferred {_shown(preferred)}: about {_points(max(difference, 0.0))} "
            f"better than {_shown(choice)} in expected points. " + coach.reasons[0])
    return Review(False, choice, preferred, difference, text, coach.rules)


def _shown(choice: object) -> str:
    if isinstance(choice, bool):
        return "handing in the exchange counter" if choice else "keeping your cards"
    if isinstance(choice, (tuple, list)):
        return "cards " + ", ".join(str(c) for c in choice)
    return str(choice)


def threats(game) -> list[Threat]:
    """Players one placement from winning at once (R18): the opponent has no counter in a
    temple, all yellow or all green squares, and the empty ones left could all be filled by one
    cartouche 4 (at most 4 counters, and no more than the player's stock, R13). Works on a game
    or a view (both show the board and the stocks)."""
    board = game.board
    stock = game.stock
    owned = board_masks(board)
    found = []
    for p, name in enumerate(PLAYERS):
        for reason, temple, area in rules.WHOLE_AREAS:
            if owned[1 - p] & area:
                continue
            empty = area & ~owned[p]
            left = empty.bit_count()
            if not 0 < left <= min(4, stock[name]):
                continue
            missing = tuple(mask_names(empty))
            what = (f"temple {temple}" if reason == "temple" else f"the {reason} squares")
            total = area.bit_count()
            need = max(TEMPLE_OF[SQUARE_INDEX[s]] for s in missing)
            squares = " and ".join(missing) if left <= 2 else ", ".join(missing)
            text = (f"Watch out: {name} holds {total - left} of the {total} squares of {what}; "
                    f"filling {squares} in one placement (a {left} or more on cartouche 4 and "
                    f"{need if need > 1 else 'any card'}{' or more' if 1 < need < 4 else ''} "
                    f"on cartouche 3) wins at once (R18, R12, R13).")
            found.append(Threat(name, reason, temple, missing, text))
    return found


__all__ = ["TEMPLE_WORTH", "WIN_WORDS", "Advice", "Review", "Threat", "advice", "compare", "threats"]
