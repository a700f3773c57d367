"""An information-set Monte Carlo tree search player (single observer, as OpenSpiel's ismcts.py).

The player sees only its own ``PlayerView``. Each simulation:

1. samples a determinization: a whole game that agrees with the view, the unseen cards drawn at
   random (``determinize.sample_game``);
2. walks down one shared tree of decisions (both players' exchanges, assignments, removals,
   placements and take-backs), choosing by UCT among the actions legal in this sample
   (``availability`` counts, since a sampled opponent hand has other legal assignments);
3. adds one new node, then plays on at random to the end of the horizon (by default the end of
   the current round, its scoring round and take-backs included), except that a playout never
   leaves a whole area to chance: it fills a temple, all yellow or all green when this turn's
   placements can (R18, it wins at once), and a removal breaks such an area the other player
   could fill with one placement (``_urgent``);
4. backs the value up: 1 for a win, 0.5 for a draw, 0 for a loss when the game ended;
   otherwise a logistic of the point margin plus half of ``heuristic.evaluate`` (what the board
   would give in a scoring round, and progress towards a whole temple, all yellow or all green)
   plus 2 points for still holding the exchange counter (R5) when the opponent does not.

Why a horizon and not random play to the end: a random game from here says little about a good
game from here, and it costs ten rounds; one round of search on top of the greedy player's
judgement of the board is stronger per second, and a game that ends within the horizon still
counts as a plain win or loss.

The search stops before its budget once the most visited choice can no longer be overtaken
(the remaining simulations could not change it), so a clear choice costs less. The same seed
and the same view give the same choice; ``seconds`` optionally caps the time too (then the
number of simulations, and so the choice, may vary: the levels do not use it).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..engine import rules
from ..engine.board import PLAYERS, SQUARE_BIT, SQUARE_INDEX, SQUARE_NAMES
from ..engine.cards import below
from ..engine.errors import SEED_LIMIT
from ..engine.view import PlayerView
from .determinize import sample_game
from .evaluation import Evaluation
from .heuristic import evaluate_masks

#: How many points of margin move the value from 0.5 to about 0.73 (the logistic's scale).
POINT_SCALE = 8.0
#: Weight of ``heuristic.evaluate`` (a scoring round's worth that may never come) against points.
BOARD_WEIGHT = 0.5
#: What still holding the exchange counter (R5) is worth, in points: a horizon of one round
#: would otherwise spend it on any hand, since its use in a later round is never seen.
EXCHANGE_WORTH = 2.0
#: What a game won adds to a choice's worth, in points (a loss takes it away): as much
#: as the 40 points that also win (R18), so a coach never prices a win below a few points.
WIN_WORTH = 40.0


class Node:
    """One decision point of the tree. ``children`` maps an action to its node, whose
    ``total`` is seen from the side of the player who took that action."""

    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who took the action leading here (-1 at the root)
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


@dataclass
class ChoiceStats:
    """What the simulations through one of the root's choices saw, averaged over its visits:
    ``value`` (0 loss .. 1 win), points each player gained by the horizon, how often the
    searching player went first this round (R8) and how often the game ended (and who won)."""

    visits: int = 0
    value: float = 0.0
    gain: float = 0.0  # the searching player's points by the horizon
    gain_other: float = 0.0  # the opponent's
    board: float = 0.0  # heuristic.evaluate at the horizon (scoring-round worth and threats)
    worth: float = 0.0  # expected points: gain - gain_other + board, exchange and win worth
    first: float = 0.0  # share of simulations in which the searching player went first
    won: float = 0.0  # share ending in a win for the searching player within the horizon
    lost: float = 0.0
    won_by: dict = field(default_factory=dict)  # how those wins came (game.end: count)


@dataclass
class SearchResult:
    """The choice with the most visits and the statistics of every choice tried."""

    choice: object
    stats: dict = field(default_factory=dict)
    simulations: int = 0
    seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.simulations / self.seconds if self.seconds else 0.0


def _key(choice: object) -> object:
    return choice if not isinstance(choice, list) else tuple(choice)


def _top_two(stats: dict) -> tuple[int, int]:
    """The visits of the two most visited root choices."""
    first = second = 0
    for st in stats.values():
        v = st.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first, second


#: The decisions at which a playout looks for a whole area before choosing at random.
URGENT = frozenset(("place", "remove"))


def _urgent(game, ask) -> str | None:
    """The square a playout must not leave to chance, or None: a placement that goes on
    completing a whole temple, all yellow or all green this turn (R18: it wins at once), or a
    removal that breaks such an area the other player could complete with one placement (R13).
    Random playouts would rarely find the two or three squares a whole area needs."""
    p = ask.p
    allowed = rules.allowed_squares(ask.temples)  # R12
    if ask.kind == "place":
        owned = game.masks
        mine, theirs = owned[p], owned[1 - p]
        if mine.bit_count() + ask.count < 12:  # no whole area within reach (a temple is 12)
            return None
        free = allowed & ~(mine | theirs)
        for _, _, area in rules.WHOLE_AREAS:
            if theirs & area:
                continue
            empty = area & ~mine
            if empty and empty.bit_count() <= ask.count and empty & free == empty:
                return SQUARE_NAMES[(empty & -empty).bit_length() - 1]
        return None
    if ask.whose == p:  # a removal of one's own counter (R10) never breaks a threat
        return None
    owned = game.masks
    mine, theirs = owned[p], owned[1 - p]
    if theirs.bit_count() < 8:  # no area within one placement (at most 4 counters, R13)
        return None
    for _, _, area in rules.WHOLE_AREAS:
        held = theirs & area
        if mine & area or (area & ~theirs).bit_count() > 4:
            continue
        target = held & allowed
        if target:
            return SQUARE_NAMES[(target & -target).bit_length() - 1]
    return None


def _greedy_square(game, ask, legal: list) -> str:
    """A playout's square for a placement or a removal, as the greedy player would choose it:
    the one after which ``heuristic.evaluate`` is best for the player deciding (ties to the
    first listed). Dearer than a random pick, and a truer picture of a sensible opponent."""
    p = ask.p
    owned = list(game.masks)
    if ask.kind == "place":
        side = p
    else:
        side = ask.whose  # whose counter a removal takes (R10)
    base = owned[side]
    best, best_value = legal[0], None
    for name in legal:
        bit = SQUARE_BIT[SQUARE_INDEX[name]]
        owned[side] = base | bit if ask.kind == "place" else base & ~bit
        value = evaluate_masks(owned, p + 1)
        if best_value is None or value > best_value:
            best, best_value = name, value
    return best


class ISMCTSPlayer:
    """A computer player that searches: ``simulations`` per decision (and at most ``seconds``
    if given), exploration constant ``c``, ``horizon`` rounds of look-ahead, the horizon judged
    by ``evaluation`` (fitted, ``evaluation.py``) or by hand, playouts ``"random"`` or
    ``"greedy"`` (placements and removals as greedy would: four times dearer a simulation, and
    not stronger for the time, README). Seeded."""

    def __init__(self, simulations: int = 1000, seconds: float | None = None, c: float = 0.7,
                 horizon: int = 1, seed: int | None = None, name: str = "ismcts",
                 evaluation: Evaluation | None = None, playout: str = "random",
                 widen: int | None = None) -> None:
        self.playout = playout
        self.widen = widen
        self.simulations = simulations
        self.seconds = seconds
        self.c = c
        self.horizon = horizon
        self.evaluation = evaluation
        self.name = name
        self.rng = random.Random(seed)
        self.last: SearchResult | None = None  # the last search, for a coach or a benchmark
        self.simulations_run = 0  # over all decisions so far (simulations per second, lab.py)

    def choose(self, view: PlayerView) -> object:
        options = view.options()
        if len(options) == 1:  # nothing to weigh (a forced choice costs no search)
            self.last = SearchResult(options[0], {}, 0, 0.0)
            return options[0]
        # Each decision draws its own seed from the player's generator: the same seed and the
        # same sequence of views give the same choices.
        result = search(view, self.simulations, seconds=self.seconds, c=self.c,
                        horizon=self.horizon, seed=self.rng.randrange(SEED_LIMIT),
                        evaluation=self.evaluation, playout=self.playout, widen=self.widen)
        self.last = result
        self.simulations_run += result.simulations
        return result.choice


def _widest(view: PlayerView, options: list, keep: int, rng: random.Random) -> list:
    """The ``keep`` squares of a placement or removal after which the board is best for the
    player deciding (``heuristic.evaluate``, ties to the first listed), in board order, and any
    square a whole area needs (``_urgent``): what the search weighs when there are more."""
    game = sample_game(view, rng)
    ask = game.pending
    owned = list(game.masks)
    side = ask.p if ask.kind == "place" else ask.whose  # whose counter moves (R10, R13)
    base = owned[side]
    values = {}
    for name in options:
        bit = SQUARE_BIT[SQUARE_INDEX[name]]
        owned[side] = base | bit if ask.kind == "place" else base & ~bit
        values[name] = evaluate_masks(owned, ask.p + 1)
    best = set(sorted(options, key=lambda name: -values[name])[:keep])
    urgent = _urgent(game, ask)
    if urgent is not None:
        best.add(urgent)
    return [name for name in options if name in best]


def search(view: PlayerView, simulations: int = 1000, *, seconds: float | None = None,
           c: float = 0.7, horizon: int = 1, seed: int = 0,
           only: list | None = None, evaluation: Evaluation | None = None,
           playout: str = "random", widen: int | None = None) -> SearchResult:
    """Run IS-MCTS for ``view``'s pending decision and return the most visited legal choice
    with the statistics of each choice at the root. ``only`` limits the root to some of the
    legal choices (the coach uses it to weigh a learner's own choice). ``evaluation`` (a fitted
    ``evaluation.Evaluation``) judges the horizon's position instead of the hand-made logistic
    of margin and board; the expected points (``ChoiceStats.worth``) stay the same either way."""
    start = time.perf_counter()
    options = view.options()
    if not options:
        raise ValueError(f"{view.player} has no decision pending")
    if only is not None:
        wanted = {_key(o) for o in only}
        options = [o for o in options if _key(o) in wanted]
        if not options:
            raise ValueError(f"none of {only!r} is a legal choice for {view.player}")
    rng = random.Random(seed)
    if widen is not None and len(options) > widen and view.pending.kind in URGENT:
        options = _widest(view, options, widen, random.Random(seed))
    greedy = playout == "greedy"
    me = PLAYERS.index(view.player)
    me_mark = me + 1
    root = Node(-1)
    stats = {_key(o): ChoiceStats() for o in options}
    scores0 = view.scores
    base = (scores0[PLAYERS[me]], scores0[PLAYERS[1 - me]])
    last_round = view.round + horizon - 1
    deadline = start + seconds if seconds else None
    done = 0
    log, sqrt = math.log, math.sqrt
    while done < simulations:
        if deadline is not None and done % 16 == 0 and done and time.perf_counter() > deadline:
            break
        game = sample_game(view, rng)
        node = root
        path = [root]
        first_action = None
        went_first = None
        expanding = True
        ask = game.pending
        while True:
            if ask is None:  # automatic steps are due (a decision never ends the game)
                ask = game.next_decision()
                first = game.first
                if first is not None and game.round == view.round:
                    went_first = first
                if ask is None or game.round > last_round:  # the game is over, or the horizon
                    break
                continue
            legal = game.options() if node is not root else options
            p = ask.p
            if expanding:
                children = node.children
                # The legal choices are squares' names, True/False and tuples of cards, never
                # lists (``Game.options``): each is its own key in the tree, looked up as it is.
                fresh = [a for a in legal if a not in children]
                if fresh:  # expansion: one new node, then play on at random
                    action = fresh[below(len(fresh), rng)]
                    child = Node(p)
                    children[action] = child
                    for a in legal:
                        if a in children:
                            children[a].avail += 1
                    expanding = False
                else:  # selection: UCT over the actions legal in this sample
                    best, best_value = None, -1.0
                    for a in legal:
                        ch = children[a]
                        ch.avail += 1
                        value = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                        if value > best_value:
                            best, best_value = a, value
                    action = best
                    child = children[action]
                node = child
                path.append(child)
            else:  # playout
                action = _urgent(game, ask) if ask.kind in URGENT else None
                if action is None:
                    if greedy and ask.kind in URGENT and len(legal) > 1:
                        action = _greedy_square(game, ask, legal)
                    else:
                        action = legal[below(len(legal), rng)]
            if first_action is None:
                first_action = action
            game.decide(action)
            ask = game.pending
        # The value for the searching player.
        scores = game.scores
        mine, theirs = scores[PLAYERS[me]] - base[0], scores[PLAYERS[1 - me]] - base[1]
        board = 0.0
        worth = mine - theirs
        if game.over:
            winner = game.winner
            value = 1.0 if winner == view.player else 0.5 if winner == "draw" else 0.0
            worth += (2 * value - 1) * WIN_WORTH
        else:
            board = evaluate_masks(game.masks, me_mark)
            held = game.exchange
            worth += BOARD_WEIGHT * board + EXCHANGE_WORTH * (held[PLAYERS[me]]
                                                               - held[PLAYERS[1 - me]])
            if evaluation is not None:
                value = evaluation.chance(game, me)
            else:
                margin = base[0] - base[1] + worth
                value = 1.0 / (1.0 + math.exp(-margin / POINT_SCALE))
        for n in path:
            n.visits += 1
            n.total += value if n.player == me else 1.0 - value
        st = stats[first_action]
        st.visits += 1
        st.value += value
        st.gain += mine
        st.gain_other += theirs
        st.board += board
        st.worth += worth
        if went_first is not None:
            st.first += went_first == view.player
        if game.over:
            if game.winner == view.player:
                st.won += 1
                st.won_by[game.end] = st.won_by.get(game.end, 0) + 1
            st.lost += game.winner not in (view.player, "draw")
        done += 1
        # Stop once the most visited choice can no longer be overtaken: the remaining
        # simulations could not change the answer (deterministic, unlike a time cap).
        left = simulations - done
        if 2 * done >= simulations and len(stats) > 1:
            first, second = _top_two(stats)
            if first - second > left:
                break
    for st in stats.values():
        if st.visits:
            for name in ("value", "gain", "gain_other", "board", "worth", "first", "won", "lost"):
                setattr(st, name, getattr(st, name) / st.visits)
    # The most visited choice; ties (rare) go to the better value, then to the first listed.
    best = max(options, key=lambda o: (stats[_key(o)].visits, stats[_key(o)].value))
    return SearchResult(best, stats, done, time.perf_counter() - start)


__all__ = ["ChoiceStats", "ISMCTSPlayer", "SearchResult", "search"]
