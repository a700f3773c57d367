"""Making puzzles: decisions from seeded games between the levels where one choice is clearly
best, found and verified by a deep search (``puzzles.py`` reads and serves them).

For each decision of a player in a game between two levels:

1. **The player's view only.** ``public_record`` writes the round so far as a game record
   that holds nothing the player could not see: the position at the start of the round with
   every card the player has not seen dealt again at random (the opponent's hand before the
   reveal, R6, and both draw and discard piles, R4), and the round's decisions with the
   opponent's face-down cards (R6) put again from that random hand. The record replays to a
   view that is the player's own in every public detail, or the decision is skipped (a round
   with a war, R8, or a reshuffle, R4, turns up cards that a new deal would not).
2. **A scan.** The strongest level's search with ``SCAN`` simulations over all the choices;
   when its most visited choice is what the greedy level plays, the decision teaches nothing
   and is skipped (the cheap test first), and so is one whose most visited choice is worth
   less than half the margin more than the next three most visited.
3. **Each choice weighed alone.** Choices that the rules make equivalent are grouped
   (``group_of``); the most promising groups, then every group, are searched alone
   (``search(..., only=[choice])``) with ``ALONE`` simulations, then the best and the next
   three again with two more seeds (``AGAIN_SEEDS``). The decision is a puzzle when the best
   group (with up to two more within ``TIE`` of it) is worth at least ``MARGIN`` expected points
   more than every other group in all three passes, and greedy's choice is not among the best.

A puzzle's themes come from where the best choice's worth comes from (``themes_of``), its
explanation from the coach's facts (``coach.choice_reasons``) in both languages, and its
starting rating from how often the levels find it (``rating_of``).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from ..engine.board import PLAYERS
from ..engine.cards import ORDERED_DECK, shuffle
from ..engine.decision import Decision
from ..engine.errors import RuleError, player_name
from ..engine.game import Game
from ..engine.records import replay
from ..engine.view import PlayerView
from ..i18n import speaking, translator
from ..players import SEARCH_BUDGETS, get
from ..players.mcts import ChoiceStats, search
from . import coach
from .puzzles import (
    ALONE,
    MARGIN,
    PAIRS,
    SCAN,
    THEMES,
    TIE,
    Puzzle,
    choice_of,
    choice_text,
    group_of,
    question_text,
    weigh,
)

_ = translator("engine")

#: The levels' ratings from the README's round-robin of 2026-11-30 (greedy = 1000), when every
#: search level used the hand-made judgement, as ``rating_of`` still searches: a puzzle's
#: starting rating is the rating at which a player would find it as often as the levels do.
LEVEL_RATINGS = {"random": 246, "greedy": 1000, "easy": 1113, "medium": 1260, "strong": 1296}
#: The seeds of the passes that must agree with the first (seed 1, ``puzzles.CHECK_SEED``).
AGAIN_SEEDS = (2, 3)
#: The highest starting rating: the strongest level's and 400 more (Elo's 10 to 1).
HIGHEST = 1700
#: How many seeds each search level tries a puzzle with, for its starting rating.
SOLVER_SEEDS = (0, 1, 2)
#: Rounds whose draw piles hold fewer cards than this may reshuffle a discard pile (R4)
#: within the round, which a record from the round's start would not replay the same way.
FULL_PILE = 8
#: At most this many groups of equally good choices make one puzzle's answer: more, and the
#: puzzle asks to avoid a mistake rather than to find a move.
MOST_BEST = 3


# ---------------------------------------------------------------------- 1. the view only

def public_record(start: dict, decisions: list[Decision], view: PlayerView,
                  seed: int) -> dict:
    """The record of a game from ``start`` (the position at the start of the round) through
    the round's ``decisions`` to ``view``'s pending decision, holding only what ``view``'s
    player may see: every unseen card dealt again from ``seed``, the opponent's face-down
    choices (R5, R6) made again on the hand dealt to them."""
    rng = random.Random(seed)
    me, other = view.player, view.opponent
    position = copy.deepcopy(start)
    # R6: once the cards were turned up this round (they may lie on the discard piles by a
    # take-back, R14), both players' cards are known; the viewer always knows their own.
    events = view.events
    begun = max((i for i, e in enumerate(events) if e.type == "round"), default=0)
    shown = any(e.type == "reveal" for e in events[begun:])
    exchanged = {p: any(d.kind == "exchange" and d.player == p and d.choice for d in decisions)
                 for p in PLAYERS}
    assigned = {d.player: tuple(d.choice) for d in decisions if d.kind == "assign"}
    known_of = {me: view.hand if view.hand is not None else assigned.get(me, ()),
                other: assigned[other] if shown else ()}
    hands: dict[str, list[int]] = {}
    for name in PLAYERS:
        draw = start["draw"][name]
        pool = list(ORDERED_DECK)
        known = list(known_of[name])
        for card in known:
            pool.remove(card)
        top: list[int] = []
        if name == me:
            if exchanged[me]:  # the 4 handed in (R5): their owner, the viewer, saw them
                top = list(draw[:4])
                for card in top:
                    pool.remove(card)
            hand = list(known)
        else:
            shuffle(pool, rng)
            if exchanged[other]:  # 4 cards more drawn, for all to see; which ones, unseen
                top, pool = pool[:4], pool[4:]
            if shown:
                hand = list(known)
            else:
                hand, pool = pool[:4], pool[4:]  # the opponent's hand, never seen (R6)
        hands[name] = hand
        shuffle(pool, rng)
        pile = top + hand
        n_draw = len(draw)
        position["draw"][name] = pile + pool[:n_draw - len(pile)]
        position["discard"][name] = pool[n_draw - len(pile):]
    made: list[str] = []
    for d in decisions:
        if d.secret and d.player == other and not shown and d.kind == "assign":
            cards = list(hands[other])
            shuffle(cards, rng)
            d = Decision("assign", other, tuple(cards))
        # (The opponent's exchange is kept: 4 cards more drawn from their pile show it, R5.)
        made.append(str(d))
    # The record's own seed orders only a reshuffle (R4), which no puzzle's round has: 0, so
    # that nothing in the record points back at the game it came from.
    game = Game.from_position(position, 0)
    game.advance()
    for text in made:
        game.play(text)
        game.advance()
    return game.record()


def seen(view: PlayerView) -> tuple:
    """Everything ``view`` shows, to compare two views of one decision."""
    events = view.events
    start = max((i for i, e in enumerate(events) if e.type == "round"), default=0)
    story = tuple((e.type, e.rule, json.dumps(e.data, sort_keys=True, default=str))
                  for e in events[start:])
    return (view.round, view.phase, view.scores, view.board, view.kingdom, view.stock,
            view.exchange_seen, view.pile_sizes, view.hand, view.my_cards, view.revealed,
            view.pending.kind if view.pending else None, tuple(map(str, view.options())),
            story)


# ---------------------------------------------------------------------- 2, 3. the analysis

def _groups(view: PlayerView) -> dict[object, list]:
    kind = view.pending.kind
    groups: dict[object, list] = {}
    for choice in view.options():
        groups.setdefault(group_of(kind, choice), []).append(choice)
    return groups


def analyse(view: PlayerView, *, scan: int = SCAN, alone: int = ALONE,
            margin: float = MARGIN) -> dict | None:
    """The puzzle's analysis for ``view``'s decision, or None when it is no puzzle: the best
    choices, every group's worth in expected points, the stats that give the themes."""
    groups = _groups(view)
    if len(groups) < 2:
        return None
    greedy = get("greedy", seed=0).choose(view)
    kind = view.pending.kind
    scanned = search(view, scan, seed=0)
    if group_of(kind, scanned.choice) == group_of(kind, greedy):
        return None
    heads = {g: members[0] for g, members in groups.items()}
    by_visits = sorted(heads, key=lambda g: -scanned.stats[_key(heads[g])].visits)
    # The scan's own worths of its most visited choices already tell most decisions that are
    # no puzzle (measured: no puzzle came from a gap under half the margin): skip those.
    worths = [scanned.stats[_key(heads[g])].worth for g in by_visits[:4]]
    if worths[0] - max(worths[1:]) < margin / 2:
        return None
    first = by_visits[:3] + [group_of(kind, greedy)]
    worth: dict = {}
    stats: dict = {}
    for passes in (first, list(heads)):  # the promising groups, then (if still a puzzle) all
        for g in passes:
            if g not in worth:
                st = weigh(view, heads[g], alone, seed=1)
                worth[g], stats[g] = st.worth, st
        best = _best(worth, margin)
        if best is None or group_of(kind, greedy) in best:
            return None
    # Two more passes with other seeds: the best must stay best by the margin in each.
    rest = sorted((g for g in worth if g not in best), key=lambda g: -worth[g])[:3]
    for seed in AGAIN_SEEDS:
        again = {g: weigh(view, heads[g], alone, seed=seed).worth for g in [*best, *rest]}
        if min(again[g] for g in best) - max(again[g] for g in rest) < margin:
            return None
    runner = rest[0]
    return {"best": [c for g in best for c in groups[g]], "groups": groups, "worth": worth,
            "stats": stats, "best_groups": best, "runner": runner, "greedy": greedy,
            "heads": heads}


def _key(choice: object) -> object:
    return tuple(choice) if isinstance(choice, list) else choice


def _best(worth: dict, margin: float) -> list | None:
    """The best groups: the best one and any within ``TIE`` of it (at most ``MOST_BEST``,
    and fewer than half of all), when every other group is at least ``margin`` below them
    all; None when no small set of choices stands out so."""
    order = sorted(worth, key=lambda g: -worth[g])
    best = [g for g in order if worth[g] >= worth[order[0]] - TIE]
    rest = order[len(best):]
    if not rest or len(best) > min(MOST_BEST, (len(order) - 1) // 2 or 1):
        return None
    if worth[best[-1]] - worth[rest[0]] < margin:
        return None
    return best


# ---------------------------------------------------------------------- themes, words, rating

def themes_of(kind: str, best: ChoiceStats, runner: ChoiceStats) -> list[str]:
    """The themes (``puzzles.THEMES``) of a puzzle, from where the best choice's worth beats
    the obvious choice's, greedy's (``runner``; ``ChoiceStats``): a game won or a win stopped
    (R18), points this round (R7, R16), points kept from the opponent, the board's majorities
    for the scoring round (R16), going first (R8); the exchange (R5) by its kind."""
    found = []
    if kind == "exchange":
        found.append("exchange")
    if best.won - runner.won >= 0.2:
        found.append("win")
    if runner.lost - best.lost >= 0.2:
        found.append("stop")
    parts = {"points": best.gain - runner.gain, "deny": runner.gain_other - best.gain_other,
             "majority": 0.5 * (best.board - runner.board)}
    found += [t for t, v in parts.items() if v >= 1.5]
    if kind == "assign" and best.first - runner.first >= 0.3:
        found.append("order")
    if not any(t in found for t in ("win", "stop", "points", "deny", "majority")):
        found.append(max(parts, key=parts.get))
    return found


def explanation(view: PlayerView, best: object, st: ChoiceStats, runner: object,
                runner_st: ChoiceStats, greedy: object, greedy_worth: float) -> str:
    """Why the best choice is best, in the page's language: the coach's facts about it, what
    it comes to, and how far the next best and greedy's choice fall behind."""
    reasons, _temples = coach.choice_reasons(view, best, st)
    said = list(reasons)
    other = player_name(view.opponent)
    if st.won >= 0.2:
        how = max(st.won_by, key=st.won_by.get)
        said.append(_("In {percent}% of the games the analysis imagined with this choice, "
                      "you won the game at once: {how}.").format(
            percent=round(100 * st.won), how=_(coach.WIN_WORDS[how])))
    # "This choice", not "it": the sentences before it are about the cartouches one by one.
    said.append(_("All in all this choice comes out {worth} by the end of the round (R7, "
                  "R16).").format(worth=coach.balance(st.worth)))
    said.append(_("The next best choice, {runner}, comes out {worth}.").format(
        runner=coach.shown_choice(runner), worth=coach.balance(runner_st.worth)))
    if _key(greedy) != _key(runner):
        said.append(_("The obvious choice, {greedy} (what the computer at the greedy level "
                      "plays), comes out {worth}.").format(
            greedy=coach.shown_choice(greedy), worth=coach.balance(greedy_worth)))
    if runner_st.lost - st.lost >= 0.2:
        said.append(_("With the next best choice {other} won at once in {percent}% of the "
                      "games the analysis imagined (R18).").format(
            other=other, percent=round(100 * runner_st.lost)))
    return " ".join(said)


def rating_of(view: PlayerView, best: list) -> tuple[float, dict[str, float]]:
    """A starting rating, and how often each level found the best choice (``rating_from``)."""
    options = view.options()
    wanted = {_key(c) for c in best}
    found = {"random": len(wanted) / len(options),
             "greedy": float(_key(get("greedy", seed=0).choose(view)) in wanted)}
    for level in ("easy", "medium", "strong"):
        hits = [_key(search(view, SEARCH_BUDGETS[level], seed=s).choice) in wanted
                for s in SOLVER_SEEDS]
        found[level] = sum(hits) / len(hits)
    return rating_from(found), found


def rating_from(found: dict[str, float]) -> float:
    """The rating at which a player expected to score like the levels (Elo's curve against
    each level's rating, ``LEVEL_RATINGS``) would find the best choice as often as they did
    (``found``: level -> share), in steps of 10. At most ``HIGHEST``: a puzzle no level found
    says only that it is harder than the strongest level, not by how much."""
    def error(r: float) -> float:
        return sum((found[lv] - 1 / (1 + 10 ** ((r - LEVEL_RATINGS[lv]) / 400))) ** 2
                   for lv in found)

    return float(min(range(0, HIGHEST + 1, 10), key=error))


def make(view: PlayerView, record: dict, where: str, *, scan: int = SCAN,
         alone: int = ALONE, margin: float = MARGIN) -> Puzzle | None:
    """A puzzle from ``view``'s decision (``record`` replays to it), or None."""
    found = analyse(view, scan=scan, alone=alone, margin=margin)
    if found is None:
        return None
    kind = view.pending.kind
    worth, stats, heads = found["worth"], found["stats"], found["heads"]
    top = found["best_groups"][0]
    runner = found["runner"]
    greedy = found["greedy"]
    values = {choice_text(kind, c): round(worth[g], 2)
              for g, members in found["groups"].items() for c in members}
    facts = {"top": choice_text(kind, heads[top]), "runner": choice_text(kind, heads[runner]),
             "stats": {"top": _facts(stats[top]), "runner": _facts(stats[runner])}}
    rating, solved = rating_of(view, found["best"])
    ident = hashlib.sha1(json.dumps(record, sort_keys=True).encode()).hexdigest()[:8]
    puzzle = Puzzle(
        id=ident, kind=kind, player=view.player, record=record,
        best=[choice_text(kind, c) for c in found["best"]], values=values,
        greedy=choice_text(kind, greedy), margin=round(
            min(worth[g] for g in found["best_groups"]) - worth[runner], 2),
        themes=themes_of(kind, stats[top], stats[group_of(kind, greedy)]), rating=rating,
        solved=solved,
        where=where, question={}, explanation={}, facts=facts)
    return written(puzzle, view)


def _facts(st: ChoiceStats) -> dict:
    return {"gain": round(st.gain, 2), "gain_other": round(st.gain_other, 2),
            "board": round(st.board, 2), "worth": round(st.worth, 2),
            "first": round(st.first, 3), "won": round(st.won, 3), "lost": round(st.lost, 3),
            "won_by": dict(st.won_by), "visits": st.visits}


def written(puzzle: Puzzle, view: PlayerView | None = None) -> Puzzle:
    """The puzzle with its question and explanation written (again) in every language, from
    its view and the analysis's facts (after a catalog's translations change, for one)."""
    view = view or puzzle.view()
    kind, facts = puzzle.kind, puzzle.facts
    st = {k: ChoiceStats(**{**v, "won_by": dict(v["won_by"])}) for k, v in facts["stats"].items()}
    top, runner = choice_of(kind, facts["top"]), choice_of(kind, facts["runner"])
    for code in ("en", "pt"):
        with speaking(code):
            puzzle.question[code] = question_text(view)
            puzzle.explanation[code] = explanation(
                view, top, st["top"], runner, st["runner"], choice_of(kind, puzzle.greedy),
                puzzle.values[puzzle.greedy])
    return puzzle


# ---------------------------------------------------------------------- the games

def decisions(game_no: int, seed: int = 0) -> Iterator[tuple[str, dict, PlayerView]]:
    """Each decision with more than one choice in game ``game_no`` of the seeded games
    between the levels (``PAIRS``, seats alternated): where it was, its public record and the
    player's view of it (from the record, so only what the player saw)."""
    red, blue = PAIRS[(game_no // 2) % len(PAIRS)]
    if game_no % 2:
        red, blue = blue, red
    players = {"red": get(red, seed=seed + 2 * game_no),
               "blue": get(blue, seed=seed + 2 * game_no + 1)}
    game_seed = seed + game_no
    game = Game.new(game_seed)
    start, first, full = None, 0, False
    made = 0
    while not game.over:
        if game.pending is None:
            if game.at_round_start:
                start, first = game.position(), len(game.decisions)
                full = all(len(start["draw"][p]) >= FULL_PILE for p in PLAYERS)
            game.step()  # one step at a time, so that no round's start is passed by
            continue
        view = game.view(game.pending.player)
        if full and len(view.options()) > 1:
            try:
                record = public_record(start, game.decisions[first:], view,
                                       seed=_dealing_seed(game_seed, made))
                twin = _replayed(record)
            except RuleError:  # a war (R8) turned up cards dealt again otherwise
                twin = None
            if twin is not None and seen(twin) == seen(view):
                # Where it came from, without the game's seed (which deals the real cards).
                yield f"{red} v {blue}, round {view.round}", record, twin
        game.decide(players[view.player].choose(view))
        made += 1


def _dealing_seed(game_seed: int, made: int) -> int:
    """The seed that deals a puzzle's unseen cards again: from the game and the decision, by
    a hash, so that the same games give the same puzzles and the seed says nothing of the
    game's own."""
    digest = hashlib.sha256(f"aton-puzzle {game_seed} {made}".encode()).digest()
    return int.from_bytes(digest[:7], "big")


def _replayed(record: dict) -> PlayerView:
    game = replay(record)
    return game.view(game.pending.player)


def from_game(game_no: int, seed: int = 0, scan: int = SCAN, alone: int = ALONE,
              margin: float = MARGIN) -> list[Puzzle]:
    """The puzzles of one seeded game (see ``decisions``)."""
    return [p for where, record, view in decisions(game_no, seed)
            if (p := make(view, record, where, scan=scan, alone=alone, margin=margin))]


def generate(count: int, *, seed: int = 0, scan: int = SCAN, alone: int = ALONE,
             margin: float = MARGIN, per_theme: int = 0, workers: int = 1,
             most_games: int = 10_000,
             progress: Callable[[int, list[Puzzle]], None] | None = None) -> list[Puzzle]:
    """Puzzles from the seeded games, game after game, until there are ``count`` and every
    theme has ``per_theme``: whole games in order, so the set is the same for any number of
    ``workers`` (processes)."""
    made: list[Puzzle] = []

    def enough() -> bool:
        themes = Counter(t for p in made for t in p.themes)
        return len(made) >= count and all(themes[t] >= per_theme for t in THEMES)

    work = partial(from_game, seed=seed, scan=scan, alone=alone, margin=margin)
    if workers <= 1:
        for game_no in range(most_games):
            made += work(game_no)
            if progress is not None:
                progress(game_no, made)
            if enough():
                break
        return made
    with ProcessPoolExecutor(workers) as pool:
        for game_no, found in enumerate(pool.map(work, range(most_games))):
            made += found
            if progress is not None:
                progress(game_no, made)
            if enough():
                pool.shutdown(wait=False, cancel_futures=True)
                break
    # The texts once more, here: the workers' catalogs may predate a translation.
    return [written(p) for p in made]


__all__ = ["HIGHEST", "LEVEL_RATINGS", "analyse", "decisions", "from_game", "generate", "make",
           "public_record", "rating_from", "rating_of", "seen", "themes_of", "written"]
