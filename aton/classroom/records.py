"""What the class store hands out: small frozen values, and its one error with a machine reason.

The store speaks no language: a refusal is a ``StoreError`` whose ``reason`` is one of
``REASONS``; the app turns the reason into a sentence in the learner's language.
"""

from __future__ import annotations

from dataclasses import dataclass

REASONS = ("no-class", "ended", "wrong-key", "name-taken", "bad-name", "unknown-student",
           "no-question", "not-open", "bad-answer", "not-yours", "no-game", "stale",
           "unavailable", "read-only", "too-big", "newer-schema", "bad-code")


class StoreError(Exception):
    """A refusal or a failure of the class store: ``reason`` (one of REASONS) says which,
    ``detail`` says more for a log (a path, the database's own message), never for a learner."""

    def __init__(self, reason: str, detail: str = "") -> None:
        if reason not in REASONS:
            raise ValueError(f"unknown StoreError reason {reason!r}")
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Started:
    """A new class: the join code for the board, the teacher's key for the teacher's page only."""
    code: str
    key: str


@dataclass(frozen=True)
class Student:
    """A student of a class; ``token`` is given only to the student it belongs to."""
    id: int
    name: str
    token: str | None


@dataclass(frozen=True)
class Moment:
    """The teacher's latest published moment (opaque JSON) and the class seq it was written at."""
    seq: int
    data: dict


@dataclass(frozen=True)
class Question:
    """A question to the class; ``truth`` is given only once it is revealed."""
    id: int
    kind: str
    prompt: dict
    status: str  # "open" | "revealed" | "closed" (the teacher's game has moved on)
    truth: dict | None
    round: int
    opened: float


@dataclass(frozen=True)
class Mark:
    """A student's answer; ``right`` is None until the question is revealed."""
    student: str
    value: dict
    right: bool | None


@dataclass(frozen=True)
class DuelInfo:
    """A game between two students: red and blue by name and id, the seed and start position it
    was dealt from, how many decisions are stored, and the winner's colour once it is over."""
    id: int
    red: str
    blue: str
    red_id: int
    blue_id: int
    status: str  # "offered" | "playing" | "over" | "declined"
    seed: int
    start: dict | None
    moves: int
    winner: str | None


@dataclass(frozen=True)
class Progress:
    """One student's record: lessons with their latest verdict, predictions right and wrong
    (revealed questions they answered), games finished and won."""
    student: str
    lessons: list[tuple[str, str]]
    right: int
    wrong: int
    games: int
    wins: int
    puzzles_tried: int = 0  # puzzles answered (issue 20)
    puzzles_solved: int = 0  # ... right at the first try
    puzzle_rating: float | None = None  # the learner's puzzle rating, None before the first


@dataclass(frozen=True)
class Standing:
    """A learner's puzzle progress: their Glicko-2 rating, the right answers in a row now
    and at best, and every answer in order as (puzzle, answer, right, rating after it)."""
    rating: float
    rd: float
    vol: float
    streak: int
    best_streak: int
    history: list[tuple[str, str, bool, float]]

    @property
    def tried(self) -> set[str]:
        return {h[0] for h in self.history}

    @property
    def solved(self) -> int:
        """Puzzles solved at the first try."""
        first: dict[str, bool] = {}
        for puzzle, _answer, right, _rating in self.history:
            first.setdefault(puzzle, right)
        return sum(first.values())
