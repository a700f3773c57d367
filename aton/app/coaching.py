"""The coach's part of the controller: its hint for the person deciding, and its review of
each choice, kept so that they can be written again in another language.

The coach (``aton.teaching.coach``) is asked on the deciding person's own view only, and only
while that person is at the screen (``AppState.deciding``): a covered hand gets no hint. What
it says is shown by ``CoachPanel``, to the person at the screen only.

In a guided lesson, until its verdict, the coach serves the lesson's goal instead of expected
points (``aton.teaching.lessoncoach``): the hint is a choice that still reaches the lesson's
"Well done", and the review says whether the learner's choice still can.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.game import Game
from ..engine.view import PlayerView
from ..i18n import translator
from ..teaching import coach, lessoncoach, tutorial
from ..teaching.tutorial import Lesson
from .state import AppState

_ = translator("app")

COACH_LEVEL = "strong"  # a hint takes about 0.1 s, a review 0.2 s on this machine
COACH_SEED = 0  # the coach's searches are seeded: the same view, the same advice


@dataclass(frozen=True)
class Hinted:
    """The coach's hint for a pending decision: the view it was asked on (still), its advice,
    and for an exchange kept, the advice on the cards then (one click does both)."""

    view: PlayerView
    advice: coach.Advice
    then: coach.Advice | None = None
    lesson: Lesson | None = None  # a guided lesson's hint: the lesson, and the game (still)
    game: Game | None = None


@dataclass(frozen=True)
class Reviewed:
    """The coach's review of a choice just made: by whom, on which view (still), the choices
    (one click may make two: keep the cards, put them on the cartouches) and the reviews."""

    player: str
    secret: bool
    view: PlayerView
    choices: tuple
    reviews: tuple[coach.Review, ...]
    lesson: Lesson | None = None  # a guided lesson's review: the lesson, and the game (still)
    game: Game | None = None


class Coaching:
    """The coach's actions of the ``Controller`` (a part of it: it uses its ``state``,
    ``warn`` and ``_looking_back``)."""

    state: AppState
    hinted: Hinted | None
    reviewed: Reviewed | None
    lessons: dict[str, Lesson]

    def coach_hint(self) -> None:
        """Coach hint: what the coach (a search at the strong level's budget) would do in the
        deciding person's place, reasoned from their own view only (never a hidden card)."""
        if self._looking_back():
            return
        view = self.state.deciding
        if view is None:
            self.warn(lambda: _("The coach gives a hint when it is your decision: click "
                                "<b>Next step</b> until you have a choice to make."))
            return
        self.state.hint = False  # one hint at a time: the lesson's own gives way
        lesson = self._lesson_coached(view)
        if lesson is not None:
            self.hinted = lesson_hint_of(lesson, self.state.game.clone())
            return
        still = view.still()
        self.hinted = hint_of(still)

    def toggle_lesson_hint(self) -> None:
        """The lesson's Hint, shown or hidden; shown, it takes the coach's hint's place (two
        hints at once would ring two cards, and push the cards off a laptop's screen)."""
        self.state.hint = not self.state.hint
        if self.state.hint:
            self.hinted = None

    def _lesson_coached(self, view: PlayerView) -> Lesson | None:
        """The guided lesson whose goal the coach serves for ``view``'s decision: while the
        lesson has no verdict yet and the decision is the learner's."""
        lesson = self.lessons.get(self.state.lesson)
        if lesson is None or view.player != lesson.learner:
            return None
        return lesson if tutorial.judge(lesson, self.state.game) is None else None

    def _review(self, choices: list) -> Reviewed | None:
        """With Review my moves on: the coach's opinion of ``choices`` (the decisions one
        click makes, in order) on the view BEFORE they are applied."""
        view = self.state.deciding
        if not self.state.review or view is None:
            return None
        still = view.still()
        lesson = self._lesson_coached(view)
        game = self.state.game.clone() if lesson is not None else None
        try:
            reviews = (review_of(still, tuple(choices)) if lesson is None else
                       lessoncoach.lesson_reviews(lesson, game, tuple(choices)))
        except ValueError:  # an illegal choice: the engine explains it, nothing to review
            return None
        return Reviewed(still.player, still.pending.secret, still, tuple(choices), reviews,
                        lesson, game)

    def relabel(self) -> None:
        """The coach's hint and review again in the language now in force (the same seeded
        searches, so the same advice)."""
        h = self.hinted
        if h is not None:
            self.hinted = (hint_of(h.view) if h.lesson is None
                           else lesson_hint_of(h.lesson, h.game))
        r = self.reviewed
        if r is not None:
            reviews = (review_of(r.view, r.choices) if r.lesson is None
                       else lessoncoach.lesson_reviews(r.lesson, r.game, r.choices))
            self.reviewed = Reviewed(r.player, r.secret, r.view, r.choices, reviews, r.lesson,
                                     r.game)

    def review_on(self, on: bool) -> None:
        self.state.review = on
        if not on:
            self.reviewed = None


def hint_of(view: PlayerView) -> Hinted:
    """The coach's hint on ``view`` (a still view with a decision pending)."""
    advice = coach.advice(view, COACH_LEVEL, seed=COACH_SEED)
    then = None
    if advice.kind == "exchange" and advice.choice is False:
        # Confirm keeps the cards and puts them on the cartouches in one click: say where the
        # coach would put them too.
        then = coach.advice(view.after(False), COACH_LEVEL, seed=COACH_SEED)
    return Hinted(view, advice, then)


def lesson_hint_of(lesson: Lesson, game: Game) -> Hinted:
    """The coach's hint in guided ``lesson`` on ``game`` (a copy kept still, the learner's
    decision pending): a choice that reaches the lesson's goal; when none is left, the usual
    hint, said to come after the lesson is missed."""
    advice, then = lessoncoach.lesson_hint(lesson, game)
    view = game.view(lesson.learner)
    if advice is None:
        usual = hint_of(view.still())
        missed = _("This lesson's goal can no longer be reached this time: {goal} Click "
                   "Retry to play the lesson again. Meanwhile, the coach's usual "
                   "advice:").format(goal=tutorial.lesson_text(lesson.goal))
        advice = coach.Advice(**{**usual.advice.__dict__,
                                 "reasons": [missed, *usual.advice.reasons]})
        return Hinted(view, advice, usual.then, lesson, game)
    return Hinted(view, advice, then, lesson, game)


def review_of(view: PlayerView, choices: tuple) -> tuple[coach.Review, ...]:
    """The coach's reviews of the decisions one click makes on ``view``, in order."""
    reviews = [coach.compare(view, choices[0], COACH_LEVEL, seed=COACH_SEED)]
    if len(choices) > 1:
        reviews.append(coach.compare(view.after(choices[0]), choices[1], COACH_LEVEL,
                                     seed=COACH_SEED))
    return tuple(reviews)



__all__ = ["COACH_LEVEL", "COACH_SEED", "Coaching", "Hinted", "Reviewed", "hint_of",
           "lesson_hint_of", "review_of"]
