"""A leaf evaluation fitted by self-play: how likely a position at a round's end is to be won.

The search (``mcts.search``) looks one round ahead and must then say how good the position it
reached is. The hand-made judgement (``heuristic.evaluate`` plus the point margin) weighs a
scoring round's worth the same whether the Kingdom of the Dead is empty or one counter from full
(R15, R16), and a 5-point lead the same at 5-0 as at 38-33. This evaluation instead reads a few
facts of the position (``FEATURES``) and turns them into a chance of winning with a logistic
model whose weights were fitted on the results of self-play games by
``tools/fit_evaluation.py`` (anyone can rerun it) and ship as ``data/evaluation.json``.

Every feature is "mine minus theirs" (or such a difference times something both share), so the
model is the same for red and blue: the chance for blue is one minus the chance for red.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources

from ..engine import rules
from ..engine.scoring import LINES, line_points
from .heuristic import area_progress

#: The facts the model reads, each from the evaluating player's side.
FEATURES = (
    "margin",  # score difference
    "margin_late",  # score difference times how near the leader is to 40 (R18, R19)
    *LINES,  # what each line of a scoring round would give now (R16), mine minus theirs
    *(f"{line}_soon" for line in LINES),  # the same, times how full the Kingdom is (R15)
    "temple_near",  # progress towards a whole temple (R18) no opponent counter blocks
    "colour_near",  # the same for all yellow or all green (R18)
    "stock",  # counters in stock (R13: a player with none places nothing)
    "exchange",  # still holding the exchange counter (R5)
)


def features(owned: tuple[int, int] | list[int], scores: tuple[int, int], kingdom: int,
             stock: tuple[int, int], exchange: tuple[bool, bool], me: int) -> list[float]:
    """The ``FEATURES`` of a position for player index ``me`` (0 red, 1 blue): each player's
    squares as bit masks, scores, stocks and exchange counters by player index, and how many
    counters lie in the Kingdom of the Dead."""
    them = 1 - me
    margin = scores[me] - scores[them]
    lead = max(scores[me], scores[them])
    soon = kingdom / rules.KINGDOM_SIZE
    lines = []
    for line in LINES:
        points = line_points(owned, line)
        lines.append(points[me] - points[them])
    temple, colour = area_progress(owned, me)
    return [margin, margin * lead / rules.WIN_POINTS, *lines, *(d * soon for d in lines),
            temple, colour, stock[me] - stock[them], float(exchange[me]) - float(exchange[them])]


def game_features(game, me: int) -> list[float]:
    """``features`` of a game (``engine.Game``) for player index ``me``."""
    scores, stock, exchange, kingdom = game.scores, game.stock, game.exchange, game.kingdom
    return features(game.masks, (scores["red"], scores["blue"]), kingdom["red"] + kingdom["blue"],
                    (stock["red"], stock["blue"]), (exchange["red"], exchange["blue"]), me)


class Evaluation:
    """A fitted logistic model over ``FEATURES``: ``chance(game, me)`` is the chance that
    player index ``me`` wins from ``game``'s position."""

    def __init__(self, weights: dict[str, float], meta: dict | None = None,
                 exchange_worth: dict | None = None) -> None:
        missing = [f for f in FEATURES if f not in weights]
        if missing:
            raise ValueError(f"the evaluation's weights lack {', '.join(missing)}")
        self.weights = dict(weights)
        self.meta = dict(meta or {})
        #: The exchange counter's worth measured apart (``tools/fit_evaluation.py
        #: --exchange-worth``): its ``weight`` and how it was measured, or None.
        self.exchange_worth = dict(exchange_worth) if exchange_worth else None
        self._w = [float(weights[f]) for f in FEATURES]

    def with_measured_exchange(self) -> Evaluation:
        """This evaluation with the exchange counter (R5) weighed by its measured worth instead
        of the fitted weight: in self-play between unequal levels, still holding the counter
        goes with losing (the level that spends it readily is the stronger one), so the fit
        gives it a negative weight that a search would follow by spending it on any hand."""
        if self.exchange_worth is None:
            raise ValueError("the evaluation has no measured exchange worth: run "
                             "tools/fit_evaluation.py --exchange-worth LEVEL")
        weights = dict(self.weights, exchange=self.exchange_worth["weight"])
        return Evaluation(weights, self.meta, self.exchange_worth)

    def chance(self, game, me: int) -> float:
        x = sum(w * f for w, f in zip(self._w, game_features(game, me)))
        if x < -40:  # math.exp would overflow on the far side
            return 0.0
        return 1.0 / (1.0 + math.exp(-x))

    def to_json(self) -> str:
        data = {"features": list(FEATURES), "weights": self.weights, "fitted": self.meta}
        if self.exchange_worth is not None:
            data["exchange_worth"] = self.exchange_worth
        return json.dumps(data, indent=1, sort_keys=True) + "\n"


def from_json(text: str) -> Evaluation:
    """An ``Evaluation`` from the JSON ``Evaluation.to_json`` writes."""
    data = json.loads(text)
    return Evaluation(data["weights"], data.get("fitted"), data.get("exchange_worth"))


@lru_cache(maxsize=2)
def shipped(measured_exchange: bool = False) -> Evaluation:
    """The evaluation shipped with the package (``aton/players/data/evaluation.json``); with
    ``measured_exchange``, the exchange counter weighed by its measured worth
    (``Evaluation.with_measured_exchange``)."""
    text = resources.files("aton.players").joinpath("data/evaluation.json").read_text("utf-8")
    model = from_json(text)
    return model.with_measured_exchange() if measured_exchange else model


__all__ = ["FEATURES", "Evaluation", "features", "from_json", "game_features", "shipped"]
