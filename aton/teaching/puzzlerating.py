"""Ratings for puzzles and the learners who solve them, by Glicko-2 (the ``glicko2``
library: Glickman's formulas, not written again here).

An answer is one game between the learner and the puzzle: solved, the learner wins. Both
ratings move, each by the other's rating and deviation. Ratings are on the levels' scale of
the README's round-robin (the greedy level is 1000), so a puzzle's starting rating says which
level finds it (``puzzlemaker.rating_of``).
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

#: A learner's first rating: the greedy level's, with the deviation of someone new (350).
LEARNER_START = (1000.0, 350.0, 0.06)
#: A shipped puzzle's deviation: its rating comes from the levels' answers, so it is surer
#: than a newcomer's, and still moves as learners answer it.
PUZZLE_RD = 150.0
#: The lowest deviation either may reach: a rating that can no longer move teaches nothing.
MIN_RD = 45.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (the levels' scale), ``rd`` (its deviation), ``vol``."""

    rating: float
    rd: float
    vol: float = 0.06

    @classmethod
    def learner(cls) -> Rating:
        return cls(*LEARNER_START)

    @classmethod
    def puzzle(cls, rating: float) -> Rating:
        return cls(rating, PUZZLE_RD, 0.06)


def _moved(me: Rating, other: Rating, score: float) -> Rating:
    player = glicko2.Player(rating=me.rating, rd=me.rd, vol=me.vol)
    player.update_player([other.rating], [other.rd], [score])
    return Rating(round(player.rating, 2), round(max(MIN_RD, player.rd), 2),
                  round(player.vol, 6))


def rated(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one answer (both from the ratings
    before it)."""
    score = 1.0 if solved else 0.0
    return _moved(learner, puzzle, score), _moved(puzzle, learner, 1.0 - score)


__all__ = ["LEARNER_START", "MIN_RD", "PUZZLE_RD", "Rating", "rated"]
