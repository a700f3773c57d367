"""The coach in a guided lesson: it serves the lesson's goal, not expected points.

Outside a lesson the coach (``coach.advice``) weighs choices by expected points. In a lesson the
learner is asked for one thing (the goal, made of the lesson's own ``checks``), so Coach hint
picks a choice after which the learner can still reach "Well done", and Review says whether a
choice still can. The rest of the round is the lesson's: the opponent plays the lesson's script
(fixed before the game, the same whatever the learner does, ``tutorial.ScriptedPlayer``), so the
coach plays the round out on copies of the game, the script for the opponent and each of the
learner's later choices in turn, and asks ``tutorial.judge``. Its sentences name only the
learner's own cards and the public board, never the opponent's face-down cards (R6).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..engine.board import SQUARE_INDEX, TEMPLE_OF
from ..engine.game import Game
from ..i18n import translator
from . import tutorial
from .coach import Advice, Review, choice_reasons, shown_choice
from .tutorial import Lesson, lesson_text

_ = translator("engine")

#: At most this many of the learner's choices are tried for one hint or review (about 0.2 s):
#: a lesson is one round, and a path to its goal is found in far fewer (the hinted choices
#: come first). A choice whose round is not played through by then counts as missing the goal.
SEARCH_LIMIT = 800
#: At a board choice, at most this many squares are tried: the lesson's hinted squares, then
#: one per temple, then the others (the checks count squares by temple, owner and colour).
BREADTH = 6


def goal_path(lesson: Lesson, game: Game) -> list | None:
    """The learner's choices, from the one pending in ``game`` on, that reach the lesson's
    "Well done" with the script playing the opponent; ``[]`` when the verdict is already a
    success, None when no such choices were found. ``game`` is not changed."""
    return _search(lesson, game.clone(), [SEARCH_LIMIT], set())


def meets_goal(lesson: Lesson, game: Game, choices: list) -> bool:
    """Whether the learner, after making ``choices`` (in order) in ``game``, can still reach
    the lesson's "Well done"."""
    twin = game.clone()
    for choice in choices:
        twin.decide(choice)
    return _search(lesson, twin, [SEARCH_LIMIT], set()) is not None


def lesson_advice(lesson: Lesson, game: Game, path: list | None = None) -> Advice | None:
    """Coach hint in a lesson: the learner's pending choice that leads to the goal, with why
    in the lesson's words and what the choice does (R6-R17); None when the goal can no longer
    be reached (the caller then gives the usual advice)."""
    path = goal_path(lesson, game) if path is None else path
    if not path:
        return None
    choice = path[0]
    view = game.view(lesson.learner)
    reasons, temples = choice_reasons(view, choice, None)
    # Translators: {goal} is the lesson's goal, one sentence ending with a full stop.
    lead = _("This lesson's goal: {goal} With this choice you can still reach it (the coach "
             "played the rest of the round through).").format(goal=lesson_text(lesson.goal))
    reasons = [lead, *reasons]
    cited = list(dict.fromkeys(_rule_ids(" ".join(reasons)) + list(lesson.rules)))
    return Advice(view.player, view.pending.kind, choice, reasons, cited, 0.0, 0.0, 0.0, None,
                  temples, "")


def lesson_hint(lesson: Lesson, game: Game) -> tuple[Advice | None, Advice | None]:
    """Coach hint in a lesson for the learner's pending choice, and for an exchange kept, the
    advice on the cards then (one Confirm does both, R5, R6); (None, None) when the goal can
    no longer be reached."""
    path = goal_path(lesson, game)
    advice = lesson_advice(lesson, game, path)
    if advice is None or advice.kind != "exchange" or advice.choice is not False:
        return advice, None
    twin = game.clone()
    twin.decide(False)
    _play_to_learner(lesson, twin)
    then = lesson_advice(lesson, twin, path[1:]) if twin.pending is not None else None
    return advice, then


def lesson_reviews(lesson: Lesson, game: Game, choices: tuple) -> tuple[Review, ...]:
    """Review in a lesson of the choices one click makes (in order), before they are
    applied to ``game``."""
    reviews = [lesson_review(lesson, game, choices[0])]
    if len(choices) > 1:
        twin = game.clone()
        twin.decide(choices[0])
        _play_to_learner(lesson, twin)
        reviews.append(lesson_review(lesson, twin, choices[1]))
    return tuple(reviews)


def lesson_review(lesson: Lesson, game: Game, choice: object) -> Review:
    """Review in a lesson, before ``choice`` is applied to ``game``: whether the learner can
    still reach the lesson's goal with it, and if not, what the coach would choose."""
    goal = lesson_text(lesson.goal)
    if meets_goal(lesson, game, [choice]):
        text = _("Your choice keeps the lesson's goal within reach: {goal}").format(goal=goal)
        return Review(True, choice, choice, 0.0, text, list(lesson.rules))
    path = goal_path(lesson, game)
    if path:
        text = _("With this choice the lesson's goal can no longer be reached: {goal} The "
                 "coach would choose {preferred}.").format(goal=goal,
                                                          preferred=shown_choice(path[0]))
        return Review(False, choice, path[0], 0.0, text, list(lesson.rules))
    text = _("The lesson's goal could no longer be reached before this choice: {goal} Click "
             "Retry to play the lesson again.").format(goal=goal)
    return Review(False, choice, choice, 0.0, text, list(lesson.rules))


# ---------------------------------------------------------------------- the search


def _play_to_learner(lesson: Lesson, game: Game) -> None:
    """Run the automatic steps and the script until the learner has a choice (or the game
    is over)."""
    bot = lesson.player(game)
    while not game.over:
        pending = game.pending
        if pending is None:
            game.advance()
        elif pending.player == lesson.opponent:
            bot.decide()
        else:
            return


def _search(lesson: Lesson, game: Game, budget: list[int], failed: set) -> list | None:
    """Depth first: play the script and the automatic steps up to the learner's next choice,
    then try the learner's choices in order (``budget``: choices left to try; ``failed``: the
    positions already known to miss the goal)."""
    bot = lesson.player(game)
    while True:
        verdict = tutorial.judge(lesson, game)
        if verdict is not None:
            return [] if verdict.success else None
        pending = game.pending
        if pending is None:
            if game.over:
                return None
            game.advance()
        elif pending.player == lesson.opponent:
            bot.decide()
        else:
            break
    key = (game.board, tuple(sorted(game.stock.items())), tuple(sorted(game.scores.items())),
           game.kingdom_counters, pending.kind, getattr(pending, "count", 0), len(game.events))
    if key in failed:
        return None
    for choice in _candidates(lesson, game):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        twin = game.clone()
        twin.decide(choice)
        rest = _search(lesson, twin, budget, failed)
        if rest is not None:
            return [choice, *rest]
    failed.add(key)
    return None


def _candidates(lesson: Lesson, game: Game) -> Iterator[object]:
    """The learner's choices worth trying, the lesson's hinted ones first."""
    pending = game.pending
    options = game.options()
    if pending.kind == "exchange":
        yield from (o for o in (False, True) if o in options)
        return
    if pending.kind == "assign":
        hinted = lesson.hint.cartouches
        fits = [o for o in options if all(o[c - 1] == v for c, v in hinted.items())]
        yield from fits
        yield from (o for o in options if o not in fits)
        return
    last = game.decisions[-1] if game.decisions else None
    if last is not None and (last.kind, last.player) == (pending.kind, pending.player):
        # Counters placed (or removed) one after another in one turn land the same in any
        # order: try each set of squares once, in board order.
        options = [q for q in options if SQUARE_INDEX[q] > SQUARE_INDEX[last.choice]] or options
    tried = [q for q in lesson.hint.squares if q in options]
    by_temple: dict[int, str] = {}
    for q in options:
        by_temple.setdefault(TEMPLE_OF[SQUARE_INDEX[q]], q)
    for q in [*by_temple.values(), *options]:
        if len(tried) >= BREADTH:
            break
        if q not in tried:
            tried.append(q)
    yield from tried


def _rule_ids(text: str) -> list[str]:
    """The rule ids (R1-R19) a text cites, in order."""
    found = []
    for part in text.replace(")", "(").split("("):
        for word in part.replace(",", " ").split():
            if word.startswith("R") and word[1:].isdigit() and word not in found:
                found.append(word)
    return found


__all__ = ["BREADTH", "SEARCH_LIMIT", "goal_path", "lesson_advice", "lesson_hint",
           "lesson_review", "lesson_reviews", "meets_goal"]
