"""The class store's games between students (issue 18, item 5) and each student's progress
(item 6). A game is its seed, its start position (or None) and its decisions in order: the
engine replays it, so a reloaded page continues the game.
"""

from __future__ import annotations

import csv
import io

from sqlalchemy import func, insert, or_, select, update
from sqlalchemy.engine import Connection, Row

from . import schema as t
from .base import StoreBase, dump, folded, load
from .records import DuelInfo, Progress, StoreError

#: One decision of a game is a few fields; a start position is a position file (1 MB at most).
DECISION_LIMIT = 10_000
START_LIMIT = 1_000_000
LABEL_LIMIT = 120
COLOURS = ("red", "blue")
CSV_HEADER = ("name", "lessons_done", "lessons", "right", "wrong", "games", "wins",
              "puzzles_tried", "puzzles_solved", "puzzle_rating")


def csv_cell(value: object) -> str:
    """A cell a spreadsheet shows as text: a name such as "=HYPERLINK(...)" would otherwise be
    run as a formula when the teacher opens the file (CSV injection)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class GamesMixin(StoreBase):
    """Duels and progress; ClassStore brings the rest."""

    def _duel(self, conn: Connection, class_id: int, duel_id: int) -> Row:
        row = conn.execute(select(t.duels).where(t.duels.c.id == duel_id,
                                                 t.duels.c.class_id == class_id)).first()
        if row is None:
            raise StoreError("no-game", str(duel_id))
        return row

    def _info(self, conn: Connection, duel: Row, names: dict[int, str]) -> DuelInfo:
        count = conn.execute(select(func.count()).where(
            t.moves.c.duel_id == duel.id)).scalar_one()
        return DuelInfo(duel.id, names[duel.red_id], names[duel.blue_id], duel.red_id,
                        duel.blue_id, duel.status, duel.seed, load(duel.start), count,
                        duel.winner)

    def _new_duel(self, conn: Connection, class_id: int, red_id: int, blue_id: int, seed: int,
                  start: dict | None, status: str) -> DuelInfo:
        names = self._names(conn, class_id)
        if red_id == blue_id or red_id not in names or blue_id not in names:
            raise StoreError("unknown-student", f"{red_id} against {blue_id}")
        text = None if start is None else dump(start, START_LIMIT, "too-big")
        new = conn.execute(insert(t.duels).values(
            class_id=class_id, red_id=red_id, blue_id=blue_id, status=status, seed=int(seed),
            start=text, created=self._clock())).inserted_primary_key[0]
        self._touch(conn, class_id)
        return self._info(conn, self._duel(conn, class_id, new), names)

    def challenge(self, code: str, token: str, opponent_id: int, seed: int,
                  start: dict | None = None) -> DuelInfo:
        """A student offers a game to a classmate; the challenger plays red."""
        with self._tx(write=True) as conn:
            row, me = self._student(conn, code, token, lock=True)
            return self._new_duel(conn, row.id, me.id, opponent_id, seed, start, "offered")

    def pair(self, code: str, key: str, red_id: int, blue_id: int, seed: int,
             start: dict | None = None) -> DuelInfo:
        """The teacher pairs two students; their game is on at once."""
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, key, lock=True)
            return self._new_duel(conn, row.id, red_id, blue_id, seed, start, "playing")

    def _answer_offer(self, code: str, token: str, duel_id: int, status: str) -> DuelInfo:
        with self._tx(write=True) as conn:
            row, me = self._student(conn, code, token, lock=True)
            duel = self._duel(conn, row.id, duel_id)
            # accepting is the challenged player's; either player may decline (or withdraw)
            allowed = (duel.blue_id,) if status == "playing" else (duel.red_id, duel.blue_id)
            if me.id not in allowed:
                raise StoreError("not-yours", str(duel_id))
            if duel.status != "offered":
                raise StoreError("stale", f"{duel_id} is {duel.status}")
            conn.execute(update(t.duels).where(t.duels.c.id == duel_id).values(status=status))
            self._touch(conn, row.id)
            return self._info(conn, self._duel(conn, row.id, duel_id), self._names(conn, row.id))

    def accept(self, code: str, token: str, duel_id: int) -> DuelInfo:
        """The challenged student takes the game on ("not-yours" for anyone else)."""
        return self._answer_offer(code, token, duel_id, "playing")

    def decline(self, code: str, token: str, duel_id: int) -> None:
        """Either player turns down (or withdraws) an offered game."""
        self._answer_offer(code, token, duel_id, "declined")

    def duels(self, code: str, token: str) -> list[DuelInfo]:
        """The student's own games, oldest first."""
        with self._tx() as conn:
            row, me = self._student(conn, code, token)
            return self._duels(conn, row.id, me.id)

    def all_duels(self, code: str, key: str) -> list[DuelInfo]:
        """Every game of the class, oldest first (the teacher)."""
        with self._tx() as conn:
            return self._duels(conn, self._teacher(conn, code, key).id, None)

    def _duels(self, conn: Connection, class_id: int, student_id: int | None) -> list[DuelInfo]:
        query = select(t.duels).where(t.duels.c.class_id == class_id).order_by(t.duels.c.id)
        if student_id is not None:
            query = query.where(or_(t.duels.c.red_id == student_id,
                                    t.duels.c.blue_id == student_id))
        names = self._names(conn, class_id)
        return [self._info(conn, d, names) for d in conn.execute(query).all()]

    def _player(self, conn: Connection, code: str, token: str, duel_id: int,
                lock: bool = False) -> tuple[Row, Row, str]:
        """(class, duel, the token's colour in it); "not-yours" for anyone not playing it."""
        row, me = self._student(conn, code, token, lock)
        duel = self._duel(conn, row.id, duel_id)
        if me.id not in (duel.red_id, duel.blue_id):
            raise StoreError("not-yours", str(duel_id))
        return row, duel, "red" if me.id == duel.red_id else "blue"

    def duel_moves(self, code: str, token: str, duel_id: int) -> list:
        """The game's decisions in order (its two players only)."""
        with self._tx() as conn:
            _row, duel, _colour = self._player(conn, code, token, duel_id)
            return [load(d) for d in conn.execute(select(t.moves.c.decision).where(
                t.moves.c.duel_id == duel.id).order_by(t.moves.c.idx)).scalars().all()]

    def add_move(self, code: str, token: str, duel_id: int, index: int, player: str,
                 decision) -> None:
        """Store decision ``index`` of a game being played, by the token's own colour
        ("not-yours"); "stale" unless ``index`` is the number stored (the other page wrote
        first: reload the moves)."""
        text = dump(decision, DECISION_LIMIT, "too-big")
        with self._tx(write=True) as conn:
            row, duel, colour = self._player(conn, code, token, duel_id, lock=True)
            if player != colour:
                raise StoreError("not-yours", f"{player} in {duel_id}")
            if duel.status != "playing":
                raise StoreError("not-open", f"{duel_id} is {duel.status}")
            stored = conn.execute(select(func.count()).where(
                t.moves.c.duel_id == duel_id)).scalar_one()
            if index != stored:
                raise StoreError("stale", f"index {index}, {stored} stored")
            conn.execute(insert(t.moves).values(duel_id=duel_id, idx=stored, player=player,
                                                decision=text))
            self._touch(conn, row.id)

    def finish_duel(self, code: str, token: str, duel_id: int, winner: str | None) -> None:
        """Either player records the end ("red", "blue" or None for a draw); the second page
        saying the same again changes nothing, a different winner is "stale"."""
        if winner not in (*COLOURS, None):
            raise ValueError(f"winner {winner!r} is not red, blue or None")
        with self._tx(write=True) as conn:
            row, duel, _colour = self._player(conn, code, token, duel_id, lock=True)
            if duel.status == "over":
                if duel.winner != winner:
                    raise StoreError("stale", f"{duel_id} was won by {duel.winner}")
                return
            if duel.status != "playing":
                raise StoreError("not-open", f"{duel_id} is {duel.status}")
            conn.execute(update(t.duels).where(t.duels.c.id == duel_id).values(
                status="over", winner=winner))
            self._touch(conn, row.id)

    # ------------------------------------------------------------------ progress (item 6)

    def record_lesson(self, code: str, token: str, lesson: str, verdict: str) -> None:
        """The student finished a guided lesson; the latest verdict per lesson is kept."""
        for label in (lesson, verdict):
            if not isinstance(label, str) or not 0 < len(label) <= LABEL_LIMIT:
                raise StoreError("too-big", f"lesson and verdict: 1 to {LABEL_LIMIT} characters")
        with self._tx(write=True) as conn:
            row, me = self._student(conn, code, token, lock=True)
            done = conn.execute(update(t.lessons).where(
                t.lessons.c.student_id == me.id, t.lessons.c.lesson == lesson).values(
                verdict=verdict, at=self._clock())).rowcount
            if not done:
                conn.execute(insert(t.lessons).values(student_id=me.id, lesson=lesson,
                                                      verdict=verdict, at=self._clock()))
            self._touch(conn, row.id)

    def my_lessons(self, code: str, token: str) -> list[tuple[str, str]]:
        """The student's own guided lessons with their latest verdicts, by lesson (a reloaded
        page ticks the ones done again); no other student's."""
        with self._tx() as conn:
            _row, me = self._student(conn, code, token)
            return [tuple(x) for x in conn.execute(
                select(t.lessons.c.lesson, t.lessons.c.verdict).where(
                    t.lessons.c.student_id == me.id).order_by(t.lessons.c.lesson)).all()]

    def progress(self, code: str, key: str) -> list[Progress]:
        """One record per student of the class, by name (the teacher)."""
        with self._tx() as conn:
            row = self._teacher(conn, code, key)
            names = self._names(conn, row.id)
            over = [d for d in self._duels(conn, row.id, None) if d.status == "over"]
            found = []
            for sid, name in names.items():
                done = conn.execute(select(t.lessons.c.lesson, t.lessons.c.verdict).where(
                    t.lessons.c.student_id == sid).order_by(t.lessons.c.lesson)).all()
                right, wrong = self._tally(conn, sid, None)
                mine = [d for d in over if sid in (d.red_id, d.blue_id)]
                wins = sum(1 for d in mine if d.winner == ("red" if d.red_id == sid else "blue"))
                found.append(Progress(name, [tuple(x) for x in done], right, wrong, len(mine),
                                      wins, *self._puzzles_of(conn, sid)))
        return sorted(found, key=lambda p: folded(p.student))

    def progress_csv(self, code: str, key: str) -> str:
        """progress() as CSV for a spreadsheet; ``lessons`` reads "lesson:verdict; ..."."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_HEADER)
        for p in self.progress(code, key):
            lessons = "; ".join(f"{lesson}:{verdict}" for lesson, verdict in p.lessons)
            rating = "" if p.puzzle_rating is None else round(p.puzzle_rating)
            writer.writerow([csv_cell(v) for v in (p.student, len(p.lessons), lessons,
                                                  p.right, p.wrong, p.games, p.wins,
                                                  p.puzzles_tried, p.puzzles_solved,
                                                  rating)])
        return out.getvalue()
