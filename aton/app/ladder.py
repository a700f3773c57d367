"""The ladder of computer levels (issue 19, item 2): how the learner did against each level
in this session, the level to try next, and the strongest level beaten. No widgets.

A game counts once, when it ends on this page, if it was a fresh deal (no scenario, no
lesson) played against one computer level from start to end: not in hot seat, not against a
classmate, not a game followed, not one whose opponent was changed on the way (a win against
"strong" that "random" played half of is not a win against "strong"). An opponent chosen
before the other colour's first decision plays the whole game: that game counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..players import names
from .session import Session

#: The levels, weakest first (``bots.names()``): the ladder's rungs.
RUNGS = tuple(names())


@dataclass
class Result:
    """The games against one level in this session."""

    won: int = 0
    lost: int = 0
    drawn: int = 0


class Ladder:
    """The learner's games against the computer levels in this session (``AppState.ladder``)."""

    def __init__(self) -> None:
        #: Each game counted: its session's serial -> (level, "won" | "lost" | "drawn"). A game
        #: played on after Undo at its end counts by the way it ends last.
        self.games: dict[int, tuple[str, str]] = {}

    @staticmethod
    def level_of(session: Session) -> str | None:
        """The level ``session``'s game counts against, or None if it does not count."""
        game = session.game
        if (session.watch_only or session.classmate is not None or session.hotseat
                or session.scripted or game.start is not None or session.began_over
                or len(session.levels) != 1 or session.opponent not in RUNGS):
            return None
        return session.opponent

    def record(self, session: Session) -> str | None:
        """Count ``session``'s game if it is over and counts; its outcome for the learner
        ("won", "lost", "drawn"), else None."""
        level = self.level_of(session)
        if level is None or not session.game.over:
            return None
        winner = session.game.winner
        outcome = ("drawn" if winner not in ("red", "blue")
                   else "won" if winner == session.learner else "lost")
        self.games[session.serial] = (level, outcome)
        return outcome

    @property
    def results(self) -> dict[str, Result]:
        """The games against each level played in this session."""
        results: dict[str, Result] = {}
        for level, outcome in self.games.values():
            result = results.setdefault(level, Result())
            setattr(result, outcome, getattr(result, outcome) + 1)
        return results

    def counted(self, session: Session) -> tuple[str, str, Result] | None:
        """``session``'s game as counted: (level, outcome, the results against that level),
        or None when it does not count (or has not ended)."""
        game = self.games.get(session.serial)
        return None if game is None else (*game, self.results[game[0]])

    def best(self) -> str | None:
        """The strongest level the learner has beaten in this session."""
        beaten = [level for level in RUNGS if self.results.get(level, Result()).won]
        return beaten[-1] if beaten else None

    @staticmethod
    def next_level(level: str, outcome: str) -> str | None:
        """The level to try after ``outcome`` against ``level``: one up after a win, one down
        after a loss, the same again after a draw (None: there is none that way)."""
        at = RUNGS.index(level)
        if outcome == "won":
            return RUNGS[at + 1] if at + 1 < len(RUNGS) else None
        if outcome == "lost":
            return RUNGS[at - 1] if at > 0 else None
        return level


__all__ = ["RUNGS", "Ladder", "Result"]
