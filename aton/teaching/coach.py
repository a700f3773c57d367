"""The coach: advice for a pending decision, a review of a choice made, and threat warnings.

Pure engine-side functions (no widgets) for the app's Hint button, its "review my move" and its
warning line. The coach reasons only from the learner's own ``PlayerView``: it asks the search
player (``mcts.search``) at the budget of one of the levels of ``bots.SEARCH_BUDGETS``, seeded, so
the same view and seed give the same advice, and it never sees a hidden card. It searches with
the hand-made judgement of the horizon, not the fitted evaluation of the strongest levels
(``evaluation.py``): its choices are weighed in expected points, which a learner can read, and
its judge (``bench/bench_coach.py``) found it within a point of the best in 96% of decisions.

"Expected points" is the search's average, at the end of the round, of the points you gain
minus the points the opponent gains, plus half of what the board would give you in a scoring
round (``heuristic.evaluate``, the same judgement the search uses) and 2 points for keeping the
exchange counter when the opponent has spent theirs, and 40 points for a game won (taken
away for a game lost) (``mcts.ChoiceStats.worth``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import rules
from ..engine.board import (
    PLAYERS,
    SQUARE_INDEX,
    TEMPLE_OF,
    board_masks,
    describe_square,
    mask_names,
    temples_text,
)
from ..engine.cards import VALUES
from ..engine.errors import player_name
from ..engine.view import PlayerView
from ..i18n import N_, plural_translator, translator
from ..players import SEARCH_BUDGETS
from ..players.mcts import ChoiceStats, SearchResult, search
from .cartouches import hand_text, on_cartouches

_ = translator("engine")
_n = plural_translator("engine")

#: What each temple is worth in a scoring round (R16), in a learner's words (translate with
#: ``_()`` where shown).
# Translators: each ends "in a scoring round in temple {temple}, {worth} (R16)."
TEMPLE_WORTH = {
    1: N_("the player with more counters there scores the difference"),
    2: N_("the player with more counters there scores 5"),
    3: N_("the player with more counters there scores one point per counter"),
    4: N_("the player with more counters there scores 3 for each turquoise square they hold"),
}
_name = player_name  # a player as the coach names them ("blue's card", "red holds ...")


#: How a game is won (``game.end``), in a learner's words with the rule.
WIN_WORDS = {
    "temple": N_("all 12 squares of a temple are yours (R18)"),
    "yellow": N_("all the yellow squares are yours (R18)"),
    "green": N_("all the green squares are yours (R18)"),
    "points": N_("you reach 40 points (R18)"),
    "scoring": N_("you have more points after a scoring round that reaches 40 (R19)"),
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
        raise ValueError(_("the coach searches at one of the levels {levels}, not "
                           "{level!r}").format(levels=", ".join(SEARCH_BUDGETS),
                                               level=level)) from None


def _points(x: float) -> str:
    """'1 point', '3 points': an average rounded to whole points, never below 0 (a learner
    reads no decimals and no minus signs; the sentence says which way a difference goes).
    Below half a point it is 'less than 1 point', never '0 points', which reads as a sure
    nothing when it is an average of many imagined games."""
    n = max(0, round(x))
    if n == 0:
        return _("less than 1 point")
    return _n("{n} point", "{n} points", n).format(n=n)


def _about_points(x: float) -> str:
    """'about 3 points', or 'less than 1 point': an expected gain, said as an estimate."""
    n = max(0, round(x))
    if n == 0:
        return _("less than 1 point")
    return _n("about {n} point", "about {n} points", n).format(n=n)


def _balance(x: float) -> str:
    """What a choice is worth all in all, in words: 'about 6 points in your favour', 'about
    3 points against you', 'about even'."""
    n = round(x)
    if n > 0:
        return _n("about {n} point in your favour", "about {n} points in your favour",
                  n).format(n=n)
    if n < 0:
        return _n("about {n} point against you", "about {n} points against you",
                  -n).format(n=-n)
    return _("about even")


balance = _balance  # public: the puzzles say a choice's worth in the same words
whole_points = _points  # and a difference between two choices


def choice_reasons(view: PlayerView, choice: object, st: ChoiceStats | None
                    ) -> tuple[list[str], tuple[int, ...]]:
    """Sentences about what ``choice`` does, with rule ids, and the temples it fights for
    (``st``: the search's figures, None when there was no search)."""
    kind = view.pending.kind
    other = _name(view.opponent)
    if kind == "exchange":
        hand = hand_text(view.hand)
        if choice:
            return [_("Hand in the exchange counter and draw 4 new cards: the coach expects 4 "
                      "new cards to do better than {hand}, and you may do it only once a game "
                      "(R5).").format(hand=hand)], ()
        return [_("Keep these cards {hand} and save the exchange counter for a worse hand: you "
                  "may hand it in only once a game (R5).").format(hand=hand)], ()
    if kind == "assign":
        c1, c2, c3, c4 = choice
        said = [_("Put {placed} (R6).").format(placed=on_cartouches(choice))]
        if c1 == min(VALUES):  # the lowest card beats nothing: it gives the least away
            said.append(_("Cartouche 1: your {card} cannot beat {other}'s card; {other} scores "
                          "twice the difference if theirs is higher (R7).").format(
                card=c1, other=other))
        else:
            said.append(_("Cartouche 1: your {card} scores twice the difference if it beats "
                          "{other}'s card (R7).").format(card=c1, other=other))
        n = rules.removal(c2)
        # Translators: {first} is empty, or "; you went first in 40% of the games the coach
        # imagined" (the message below, after a semicolon).
        first = ("; " + _("you went first in {percent}% of the games the coach imagined").format(
            percent=round(100 * st.first)) if st is not None and st.visits else "")
        if rules.removes_nothing(view.round) and n:
            said.append(_("Cartouche 2: a {card} removes nothing in round 1 (R11); the lower "
                          "card goes first (R8){first}.").format(card=c2, first=first))
        elif n > 0:
            said.append(_n("Cartouche 2: a {card} removes {n} of {other}'s counters (R10); the "
                           "lower card goes first (R8){first}.",
                           "Cartouche 2: a {card} removes {n} of {other}'s counters (R10); the "
                           "lower card goes first (R8){first}.", n).format(
                card=c2, n=n, other=other, first=first))
        elif n < 0:
            said.append(_("Cartouche 2: a {card} costs you one of your own counters (R10); the "
                          "lower card goes first (R8){first}.").format(card=c2, first=first))
        else:
            said.append(_("Cartouche 2: a {card} removes nothing (R10); the lower card goes "
                          "first (R8){first}.").format(card=c2, first=first))
        # Translators: {temples} is e.g. "in temples 1 to 3" ("nos templos 1 a 3").
        said.append(_("Cartouche 3: a {card} lets you remove and place counters {temples} "
                      "(R12).").format(card=c3, temples=temples_text(c3, "in")))
        said.append(_n("Cartouche 4: a {card} places {card} counter, on an empty square of those "
                       "temples (R13).",
                       "Cartouche 4: a {card} places {card} counters, on empty squares of those "
                       "temples, fewer if your stock runs short (R13).", c4).format(card=c4))
        return said, tuple(range(1, c3 + 1))
    i = SQUARE_INDEX[choice]
    temple = TEMPLE_OF[i]
    where = describe_square(i)
    worth = _(TEMPLE_WORTH[temple])
    if kind == "place":
        # Translators: {where} is e.g. "T1.7 (temple 1, bonus +1)"; {worth} a TEMPLE_WORTH.
        said = [_("Place your counter on {where} (R13): in a scoring round in temple {temple}, "
                  "{worth} (R16).").format(where=where, temple=temple, worth=worth)]
    elif kind == "remove":
        if view.pending.whose == PLAYERS.index(view.player):
            said = [_("Remove your own counter on {where} (R10): in a scoring round in temple "
                      "{temple}, {worth} (R16).").format(where=where, temple=temple,
                                                        worth=worth)]
        else:
            said = [_("Remove {other}'s counter on {where} (R10): in a scoring round in temple "
                      "{temple}, {worth} (R16).").format(other=other, where=where,
                                                        temple=temple, worth=worth)]
    else:
        said = [_("Take back your counter on {where} (R17): the coach keeps the counters that "
                  "count most in the next scoring round (R16).").format(where=where)]
    return said, (temple,)


def advice(view: PlayerView, level: str = "strong", seed: int = 0) -> Advice:
    """What the search player of ``level`` would choose for ``view``'s pending decision, with
    its reasons in a learner's words: the expected points, who goes first, the temples it
    fights for, what it risks, and the rule ids. Uses only ``view``."""
    pending = view.pending
    if pending is None:
        raise ValueError(_("{player} has no decision pending: the coach has nothing to "
                           "advise").format(player=_name(view.player)))
    result = search(view, _budget(level), seed=seed)
    return _advice(view, result.choice, result)


def _advice(view: PlayerView, choice: object, result: SearchResult) -> Advice:
    st = result.stats[_key(choice)]
    other = _name(view.opponent)
    reasons, temples = choice_reasons(view, choice, st)
    worth = st.worth
    if st.won >= 0.05:
        how = max(st.won_by, key=st.won_by.get)
        reasons.append(_("In {percent}% of the games the coach imagined with this choice, "
                         "you won the game: {how}.").format(percent=round(100 * st.won),
                                                  how=_(WIN_WORDS[how])))
    if st.won + st.lost >= 0.05:
        sentence = _("The coach expects you to gain {gain} more this round and {other} "
                     "{gain_other}; with what the board would give in a scoring round, "
                     "and a game won or lost as 40 points, the game after this choice stands "
                     "{worth} (R7, R16).")
    else:
        # The worth is where the game stands after the choice, not what the choice costs: a
        # learner read "this choice comes out 2 points against you" as advice against it.
        sentence = _("The coach expects you to gain {gain} more this round and {other} "
                     "{gain_other}; with what the board would give in a scoring round, "
                     "the game after this choice stands {worth} (R7, R16).")
    reasons.append(sentence.format(gain=_about_points(st.gain), other=other,
                                   gain_other=_about_points(st.gain_other),
                                   worth=_balance(worth)))
    if st.lost >= 0.01:
        risk = _("Risk: in {percent}% of the games the coach imagined, {other} won at once "
                 "(R18).").format(percent=round(100 * st.lost), other=other)
    elif st.won >= 0.5:
        risk = _("Risk: small; this choice wins the game in most of the games the coach "
                 "imagined (R18).")
    elif round(st.gain_other) > round(st.gain):
        # Compared in whole points, as said: "about 1 point against about 1 point" is no risk.
        risk = _("Risk: {other} is expected to score more than you this round ({theirs} "
                 "against {yours}) (R7, R16).").format(other=other,
                                                       theirs=_about_points(st.gain_other),
                                                       yours=_points(st.gain))
    else:
        risk = _("Risk: small; {other} is expected to gain {theirs} this round "
                 "(R7, R16).").format(other=other, theirs=_about_points(st.gain_other))
    for threat in threats(view):
        risk += " " + threat.text
    reasons.append(risk)
    cited = []
    for sentence in reasons:
        for part in sentence.replace(")", "(").split("("):
            for rid in part.replace(",", " ").split():
                if rid.startswith("R") and rid[1:].isdigit() and rid not in cited:
                    cited.append(rid)
    # Who goes first (R8) is still open only while the cards are chosen face down (R5, R6).
    went_first = st.first if view.pending.secret and st.visits else None
    return Advice(view.player, view.pending.kind, choice, reasons, cited, worth, st.gain,
                  st.gain_other, went_first, temples, risk, result.simulations, result.stats)


def compare(view: PlayerView, choice: object, level: str = "strong", seed: int = 0) -> Review:
    """Review ``choice`` for ``view``'s pending decision before it is applied: whether the
    coach agrees, and if not what it preferred and the difference in expected points."""
    if view.pending is None:
        raise ValueError(_("{player} has no decision pending: nothing to review").format(
            player=_name(view.player)))
    legal = {_key(o) for o in view.options()}
    if _key(choice) not in legal:
        raise ValueError(_("{choice!r} is not a legal choice for {prompt}").format(
            choice=choice, prompt=view.pending.prompt))
    budget = _budget(level)
    best = search(view, budget, seed=seed)
    preferred = best.choice
    if _key(preferred) == _key(choice):
        return Review(True, choice, preferred, 0.0, _("The coach agrees with your choice."),
                      [])
    # The learner's choice weighed by a search of its own, so a choice the coach hardly tried
    # is still judged on enough simulated rounds.
    own = search(view, max(50, budget // 4), seed=seed, only=[choice])
    difference = best.stats[_key(preferred)].worth - own.stats[_key(choice)].worth
    coach = _advice(view, preferred, best)
    # Translators: {preferred} and {chosen} are e.g. "a 4 on cartouche 1, a 1 on cartouche 2,
    # a 2 on cartouche 3 and a 3 on cartouche 4", "T3.8", "keeping your cards"; {points}
    # e.g. "3 points".
    if round(difference) >= 1:
        text = _("The coach preferred {preferred}. Your choice, {chosen}, is about {points} "
                 "worse than the coach's choice in expected points.")
    else:
        text = _("The coach preferred {preferred}, but your choice, {chosen}, is about as "
                 "good in expected points.")
    why = coach.reasons[0]
    if view.pending.kind == "assign":
        # The first reason only says the coach's cards again: what the coach's cards do on
        # the cartouches where the two assignments differ says why (R7, R8, R10-R13).
        # They are said of the coach's cards ("your 4" is the 4 the coach would put there),
        # so they are introduced as such: the learner's own card there is another.
        why = _("Where your cards and the coach's differ, the coach's do this: {reasons}").format(
            reasons=" ".join(coach.reasons[1 + k] for k in range(4) if preferred[k] != choice[k]))
    text = text.format(preferred=shown_choice(preferred), points=_points(difference),
                       chosen=shown_choice(choice)) + " " + why
    return Review(False, choice, preferred, difference, text, coach.rules)


def shown_choice(choice: object) -> str:
    if isinstance(choice, bool):
        return _("handing in the exchange counter") if choice else _("keeping your cards")
    if isinstance(choice, (tuple, list)):
        return on_cartouches(choice)
    return str(choice)


#: The threat warning for each area a player may fill at once (R18).
THREATS = {
    "temple": N_("Watch out: {name} holds {held} of the {total} squares of temple {temple}; "
                 "filling {squares} in one placement (a {left} or more on cartouche 4 and {need} "
                 "on cartouche 3) wins at once (R18, R12, R13)."),
    "yellow": N_("Watch out: {name} holds {held} of the {total} squares of the yellow squares; "
                 "filling {squares} in one placement (a {left} or more on cartouche 4 and {need} "
                 "on cartouche 3) wins at once (R18, R12, R13)."),
    "green": N_("Watch out: {name} holds {held} of the {total} squares of the green squares; "
                "filling {squares} in one placement (a {left} or more on cartouche 4 and {need} "
                "on cartouche 3) wins at once (R18, R12, R13)."),
}


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
            total = area.bit_count()
            need = max(TEMPLE_OF[SQUARE_INDEX[s]] for s in missing)
            squares = (_("{first} and {second}").format(first=missing[0], second=missing[1])
                       if left == 2 else ", ".join(missing))
            # Translators: what cartouche 3 needs, in "... and {need} on cartouche 3)".
            need_text = (_("any card") if need == 1 else
                         _("{need} or more").format(need=need) if need < 4 else str(need))
            # Translators: {squares} e.g. "T3.3 and T3.9"; {need} e.g. "any card", "2 or more".
            text = _(THREATS[reason]).format(
                name=_name(name), held=total - left, total=total, temple=temple,
                squares=squares, left=left, need=need_text)
            found.append(Threat(name, reason, temple, missing, text))
    return found


__all__ = [
    "TEMPLE_WORTH",
    "WIN_WORDS",
    "Advice",
    "Review",
    "Threat",
    "advice",
    "balance",
    "choice_reasons",
    "compare",
    "shown_choice",
    "threats",
]
