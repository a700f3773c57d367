"""The class box's sentences that depend on what the store says: a question, an answer, and a
refusal of the class store (``StoreError.reason``) in a learner's or a teacher's words."""

from __future__ import annotations

import html

from ..classroom import StoreError
from ..engine.scoring import LINE_TITLES
from ..i18n import N_, translator
from .theme import plain_text, player_name

_ = translator("app")

#: What each refusal of the class store means to the person at the page.
PROBLEMS = {
    "no-class": N_("There is no class with this code. Check the code on the teacher's screen "
                   "(letters and digits, no O, I, 0 or 1)."),
    "bad-code": N_("A class code is 6 letters and digits, as on the teacher's screen (no O, "
                   "I, 0 or 1)."),
    "ended": N_("This class has ended (its teacher ended it, or nobody used it for a day)."),
    "wrong-key": N_("This teacher's link is not this class's: only the link the teacher's page "
                    "was given takes the class back."),
    "name-taken": N_("Someone in this class already uses that name: add a letter (Ana B.) "
                     "and join again."),
    "bad-name": N_("Type a first name of 1 to 30 letters (plain text)."),
    "unknown-student": N_("This page's link names no student of this class: join again with "
                          "your name."),
    "no-question": N_("That question is no longer asked."),
    "not-open": N_("The teacher has already revealed this question: answers are closed."),
    "bad-answer": N_("That answer cannot be sent: type the points as whole numbers."),
    "not-yours": N_("Only the students of that game (or the teacher) can do that."),
    "no-game": N_("That game is not in this class."),
    "stale": N_("Your classmate's page moved first: your page catches up."),
    "unavailable": N_("The class store cannot be reached just now, so nothing was saved; "
                      "what you typed is still here: try again in a moment."),
    "read-only": N_("The class store cannot be written on this server, so nothing was saved; "
                    "what you typed is still here. Tell the teacher (the server's class store "
                    "needs a folder it can write: docs/classroom.md)."),
    "too-big": N_("That is too big for the class store."),
    "newer-schema": N_("The class store was made by a newer version of this app: the server "
                       "needs that version."),
}


def problem_words(err: StoreError) -> str:
    """A refusal of the class store, as a notice of the class box."""
    said = _(PROBLEMS.get(err.reason, PROBLEMS["unavailable"]))
    return f'<div class="aton-warn" role="alert">{said}</div>'


def question_words(kind: str, line: str | None, plain: bool = False) -> str:
    """What the teacher asks: a scoring line's points (R16), cartouche 1's points (R7), who
    goes first (R8)."""
    if kind == "line":
        said = _("<b>Guess:</b> how many points do red and blue score for {line} (R16)?").format(
            line=html.escape(LINE_TITLES.get(line or "", line or "")))
    elif kind == "points":
        said = _("<b>Guess:</b> how many points does each player score from cartouche 1 "
                 "(R7)?")
    else:
        said = _("<b>Guess:</b> who goes first this round (R8)?")
    return plain_text(said) if plain else said


def value_words(value: dict, short: bool = False) -> str:
    """An answer or a guess in words ("red 3, blue 1"; ``short``: "3–1"; "red first")."""
    if "first" in value:
        return _("{player} first").format(player=player_name(str(value["first"])))
    red, blue = value.get("red"), value.get("blue")
    if short:
        return f"{red}–{blue}"
    return _("red {red}, blue {blue}").format(red=red, blue=blue)


__all__ = ["PROBLEMS", "problem_words", "question_words", "value_words"]
