"""The teacher's questions to the class (issue 18, item 4): the part of ``ClassLink`` that asks,
reveals and marks. The teacher asks what the next step of the live game answers (a scoring
line's points, R16; cartouche 1's points, R7; who goes first, R8); each student's page sends its
own answer; Reveal steps the teacher's game once, and the engine's event is the truth every
answer is marked against. Before Reveal the teacher's page knows only how many answered.
"""

from __future__ import annotations

from ..classroom import ClassStore, Mark, Question
from .state import AppState

#: What the teacher may ask the class, by the kind of the step that answers it.
ASKABLE = {"score": "line", "points": "points", "order": "order"}
def truth_of(kind: str, event) -> dict:
    """The right answer to a question of ``kind`` from the engine's event that answers it: a
    scoring line's points (R16), cartouche 1's points (R7), who goes first (R8)."""
    data = event.data
    if kind == "line":
        return {"red": data["points"]["red"], "blue": data["points"]["blue"]}
    if kind == "points":
        return {p: data["points"] if data["player"] == p else 0 for p in ("red", "blue")}
    return {"first": data["first"]}


class Questions:
    """``ClassLink``'s questions (it provides ``store``, ``code``, ``key``, ``token``,
    ``teacher``, ``control``, ``_do``, ``_get`` and ``FAILED``)."""

    state: AppState
    store: ClassStore
    question: Question | None
    asked_in: object | None  # the Session the open or revealed question is of
    answered: int
    marks: list[Mark]
    mine: Mark | None
    tally: tuple[int, int]

    def askable(self) -> tuple[str, str | None] | None:
        """What the teacher may ask now: (kind, scoring line) when the next step of the live
        game answers a question (a scoring line, cartouche 1's points, who goes first)."""
        s = self.state
        if not self.teacher or s.moment is not None or s.game.over or (
                s.session.human_pending is not None):
            return None
        coming = s.game.coming
        kind = ASKABLE.get(getattr(coming, "kind", None))
        if kind is None:
            return None
        return kind, getattr(coming, "line", None)

    @property
    def asking(self) -> bool:
        """The teacher's question is open: the class answers before the game steps on."""
        return self.question is not None and self.question.status == "open"

    def ask(self) -> None:
        """Open the question the next step answers."""
        what = self.askable()
        if what is None:
            return
        kind, line = what
        game = self.state.game
        prompt = {"line": line, "step": len(game.events)}
        question = self._do(self.store.open_question, self.code, self.key, kind, prompt,
                            game.round)
        if question is not self.FAILED:
            self.question, self.answered, self.marks, self.revealed = question, 0, [], None
            self.asked_in = self.state.session
            self.state.asking = True

    def retire_question(self) -> None:
        """The teacher's page has moved on from its question (another game, lesson or
        scenario; once revealed, the next round): it is closed in the store, so neither the
        teacher's page nor a student's shows it as the live one, nor its old marks. A page
        reopened by its link takes the game it shows as the question's."""
        question, session = self.question, self.state.session
        if question is None or question.status == "closed":
            return
        if self.asked_in is None:
            self.asked_in = session
        if session is self.asked_in and (question.status == "open"
                                         or self.state.game.round == question.round):
            return
        if self._do(self.store.close_question, self.code, self.key, question.id) is self.FAILED:
            return  # the next action tries again
        self.marks, self.revealed, self.asked_in = [], None, None
        self._read_question()

    def reveal(self) -> None:
        """Reveal: the game steps once (the engine answers), and every guess is marked."""
        question = self.question
        if not self.asking:
            return
        game = self.state.game
        self.state.asking = False
        if len(game.events) != question.prompt["step"] or self.askable() is None or (
                self.askable()[0] != question.kind):
            truth = {}  # the game moved on (Undo, another game): nothing to mark
        else:
            start = len(game.events)
            self.control.next_step()
            event = game.events[start] if len(game.events) > start else None
            truth = truth_of(question.kind, event) if event is not None else {}
            self.revealed = event
        self.publish()  # the step first: a student's page then shows it with its mark
        marks = self._do(self.store.reveal, self.code, self.key, question.id, truth)
        if marks is self.FAILED:
            self.state.asking = True  # not marked: Reveal again once the store answers
            return
        self.marks = marks
        self._read_question()

    def _read_question(self) -> None:
        """The class's latest question, and this page's side of it: the teacher's count of
        answers (or the marks once revealed), a student's own answer and tally."""
        question = self._get(self.store.question, self.code)
        self.question = question
        if question is None:
            self.state.asking = False
            return
        if self.teacher:
            self.state.asking = question.status == "open"
            if question.status == "open":
                self.answered = self._get(self.store.answered, self.code, self.key,
                                          question.id, default=0)
            elif question.status == "revealed" and not self.marks:
                self.marks = self._get(self.store.marks, self.code, self.key, question.id,
                                       default=[])
        else:
            self.mine = self._get(self.store.my_answer, self.code, self.token, question.id)
            self.tally = self._get(self.store.tally, self.code, self.token, question.round,
                                   default=(0, 0))

    def send(self, value: dict) -> bool:
        """A student's answer to the open question (kept until the teacher reveals)."""
        question = self.question
        if question is None or question.status != "open":
            return False
        if self._do(self.store.answer, self.code, self.token, question.id, value) is self.FAILED:
            return False
        self.problem = None
        self.mine = self._get(self.store.my_answer, self.code, self.token, question.id)
        return True


__all__ = ["ASKABLE", "Questions", "truth_of"]
