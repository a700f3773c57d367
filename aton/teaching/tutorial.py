"""Guided lessons: a position, a scripted opponent, a goal and a verdict (no widgets here).

Each lesson is a JSON file in ``aton/teaching/lessons/`` (data a teacher edits, not code):

- ``scenario`` (a name in ``aton/teaching/scenarios/``) or ``position`` (an aton-position dict);
- ``learner``: the colour the learner plays; the other colour follows ``script``;
- ``goal`` (one sentence), ``intro``, ``hint`` (``text``, and the ``cartouches`` / ``squares``
  to highlight, ``keep``: squares whose counter to keep, marked apart), ``success`` (the "Well done" sentence) and ``rules`` (the ids it teaches);
- ``told``: the opponent's face-down cards the lesson tells the learner as its premise
  (cartouche -> card value, as the script plays them in the first round); its goal names
  them. In a game they stay hidden until the reveal (R6): the app says so in a sentence of
  its own (``told_text``), and no lesson names a face-down card it does not tell;
- ``script``: the opponent's choices. ``exchange`` and ``assign`` are lists, one entry per round
  (``assign`` entries are card values on cartouches 1-4); ``remove``, ``place`` and
  ``take_back`` are squares in order of preference: the opponent takes the first one that is
  legal at that moment, so a learner's move can never make the script illegal (``"any"``: the
  first legal square, where the lesson does not care);
- ``judge``: the event after which the verdict is given (``points``, ``order``, ``end_round``,
  ``scoring`` or ``end``; ``round_over``: when the next round begins). A lesson is one round:
  a round or a game that ends before the judging point is judged there;
- ``checks``: what the goal means, in a small vocabulary (``CHECKS``). Each check names its rule
  ids and the sentence a learner reads when it fails.

``Lesson.start(seed)`` gives the ``Game``; ``ScriptedPlayer`` plays the opponent through
``game.decide``; ``judge(lesson, game)`` gives a ``Verdict`` (or None before the judging point).

A ``Lesson`` holds its sentences in English, as the file has them; ``lesson_text(text)`` gives
one in the current language (the "lessons" catalog), and the verdict is made in it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources

from ..engine.cards import VALUES
from ..engine.errors import player_name
from ..engine.events import Event
from ..engine.game import Game
from ..engine.steps import ASKS
from ..i18n import translator
from . import scenarios

_ = translator("engine")
#: A lesson file's sentence (title, goal, intro, hint, fail, success) in the current language.
lesson_text = translator("lessons")

#: The events a lesson may be judged after, in the order a round meets them.
JUDGE_POINTS = ("points", "order", "end_round", "scoring", "round_over", "end")
#: The decisions answered by choosing a square of the board (``Ask.board_choice``).
SQUARE_KINDS = tuple(kind for kind, ask in ASKS.items() if ask.board_choice)


@dataclass(frozen=True)
class Hint:
    """What the Hint button says and highlights: cards to put on cartouches (cartouche number
    -> card value), squares of the board to click (ringed in orange) and squares whose counter
    to keep (``keep``, a green diamond: never the same mark as a square to click)."""

    text: str
    cartouches: dict[int, int] = field(default_factory=dict)
    squares: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """The lesson's outcome: ``success``, the sentence to show, and the rule ids it cites."""

    success: bool
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Lesson:
    """One guided lesson, as loaded from its JSON file (see the module docstring)."""

    name: str
    title: str
    goal: str
    intro: str
    learner: str
    scenario: str | None  # a scenario's name, or None when the lesson holds its position
    own_position: dict | None
    script: dict
    judge: str
    checks: tuple[dict, ...]
    hint: Hint
    success: str
    rules: tuple[str, ...]
    told: dict[int, int] = field(default_factory=dict)  # cartouche -> the opponent's card

    @property
    def position(self) -> dict:
        """The lesson's starting position (a fresh dict)."""
        if self.scenario is not None:
            return scenarios.load(self.scenario)  # read when used: loading the app stays cheap
        return json.loads(json.dumps(self.own_position))

    @property
    def opponent(self) -> str:
        return "blue" if self.learner == "red" else "red"

    def start(self, seed: int | None = 0) -> Game:
        """A fresh game at the lesson's position (the seed only matters for reshuffles, R4)."""
        return Game.from_position(self.position, seed)

    def player(self, game: Game) -> ScriptedPlayer:
        """The scripted opponent for ``game``."""
        return ScriptedPlayer(self, game)


# ---------------------------------------------------------------------- loading


def _files() -> dict[str, object]:
    folder = resources.files(__package__) / "lessons"
    return {f.name[:-5]: f for f in folder.iterdir() if f.name.endswith(".json")}


def names() -> list[str]:
    """The lesson names, in order (file names sort by their numeric prefix)."""
    return sorted(_files())


def load(name: str) -> Lesson:
    """The lesson called ``name``; KeyError (with the known names) if there is none, and
    ValueError naming the problem if its file is broken."""
    files = _files()
    if name not in files:
        raise KeyError(_("There is no lesson called {name!r}. Known lessons: {known}").format(
            name=name, known=", ".join(sorted(files))))
    return lesson_from_dict(name, json.loads(files[name].read_text(encoding="utf-8")))


def load_all() -> list[Lesson]:
    """Every lesson, in order."""
    return [load(name) for name in names()]


def lesson_from_dict(name: str, data: dict) -> Lesson:
    """Build a ``Lesson`` from its JSON dict, checking every part (ValueError if broken)."""
    if "position" in data:
        Game.from_position(data["position"])  # a broken position is refused, naming the rule
    elif "scenario" not in data:
        raise ValueError(_("lesson {name}: it needs a 'scenario' or a 'position'").format(
            name=name))
    learner = data.get("learner", "red")
    if learner not in ("red", "blue"):
        raise ValueError(_("lesson {name}: learner must be red or blue, not {learner!r}").format(
            name=name, learner=learner))
    judge_at = data["judge"]
    if judge_at not in JUDGE_POINTS:
        raise ValueError(_("lesson {name}: judge must be one of {points}").format(
            name=name, points=", ".join(JUDGE_POINTS)))
    for check in data["checks"]:
        if check.get("check") not in CHECKS:
            raise ValueError(_("lesson {name}: unknown check {check!r}; known: {known}").format(
                name=name, check=check.get("check"), known=", ".join(CHECKS)))
        if not check.get("fail") or not check.get("rules"):
            raise ValueError(_("lesson {name}: check {check} needs 'fail' and 'rules'").format(
                name=name, check=check["check"]))
    hint = data["hint"]
    told = _told(name, data)
    return Lesson(
        name=name, title=data["title"], goal=data["goal"], intro=data.get("intro", ""),
        learner=learner, scenario=data.get("scenario") if "position" not in data else None,
        own_position=data.get("position"), script=data.get("script", {}), judge=judge_at,
        checks=tuple(data["checks"]),
        hint=Hint(hint["text"], {int(c): int(v) for c, v in hint.get("cartouches", {}).items()},
                  tuple(hint.get("squares", ())), tuple(hint.get("keep", ()))),
        success=data["success"], rules=tuple(data["rules"]), told=told)


def _told(name: str, data: dict) -> dict[int, int]:
    """The lesson's ``told`` cards, checked against what its script plays in the first round:
    a lesson may tell its premise, never a card the opponent does not hold there (R6)."""
    told: dict[int, int] = {}
    assigned = data.get("script", {}).get("assign") or [None]
    given = data.get("told", {})
    if type(given) is not dict:  # a broken lesson file is a ValueError, as the rest
        raise ValueError(_("lesson {name}: told maps cartouches (1-4) to cards (1-4), like "
                           "{example}, not {value!r}").format(name=name, example='{"1": 4}',
                                                               value=given))
    for key, value in given.items():
        cartouche = int(key) if str(key) in ("1", "2", "3", "4") else None
        if cartouche is None or type(value) is not int or value not in VALUES:
            raise ValueError(_("lesson {name}: told maps a cartouche 1-4 to a card 1-4, not "
                               "{key!r}: {value!r}").format(name=name, key=key, value=value))
        played = assigned[0][cartouche - 1] if assigned[0] else None
        if played != value:
            raise ValueError(_("lesson {name}: it tells a {value} on cartouche {cartouche}, "
                               "but the script plays a {played} there").format(
                name=name, value=value, cartouche=cartouche, played=played))
        told[cartouche] = value
    return dict(sorted(told.items()))


def told_text(lesson: Lesson) -> str:
    """The lesson's premise that the learner knows some of the opponent's face-down cards (its
    goal names them), in the current language; "" when it tells none. In a game they stay
    hidden until the reveal (R6)."""
    if not lesson.told:
        return ""
    return _("Only in this lesson do you know {player}'s cards: in a game they stay face down "
             "until both players reveal them (R6).").format(player=player_name(lesson.opponent))


# ---------------------------------------------------------------------- the scripted opponent


class ScriptedPlayer:
    """Plays the lesson's opponent from its script, through ``game.decide`` only.

    It keeps no count of its own: which round's cards to play is read from the decisions the
    game holds, so Undo and Retry need nothing special. ``fallbacks`` lists the decisions the
    script did not cover (it then takes the first legal choice): a good lesson has none in its
    round (the tests check that); a learner who plays on after the verdict meets them.
    """

    def __init__(self, lesson: Lesson, game: Game) -> None:
        self.lesson = lesson
        self.game = game
        self.player = lesson.opponent
        self.fallbacks: list[tuple[int, str]] = []  # (round, what) the script did not cover

    def choose(self, view=None) -> object:
        """The script's choice for the opponent's pending decision (``view`` is ignored: the
        script was fixed before the game, it sees nothing)."""
        game = self.game
        pending = game.pending
        if pending is None or pending.player != self.player:
            raise ValueError(_("The scripted opponent has no decision pending."))
        options = game.options()
        kind = pending.kind
        wanted = self.lesson.script.get(kind, [])
        if pending.secret:  # the exchange and the cards: one choice a round each (R5, R6)
            done = sum(1 for d in game.decisions if d.player == self.player and d.kind == kind)
            if done < len(wanted):
                choice = tuple(wanted[done]) if kind == "assign" else bool(wanted[done])
                if choice in options:
                    return choice
        elif wanted == "any":  # the lesson says this choice does not matter
            return options[0]
        else:  # a board choice: the first square of the script still legal
            for square in wanted:
                if square in options:
                    return square
        self.fallbacks.append((game.round, f"{self.player} {kind}"))
        return options[0] if kind != "exchange" else False

    def decide(self) -> Event:
        """Make the pending scripted decision."""
        return self.game.decide(self.choose())


# ---------------------------------------------------------------------- judging


def _who(lesson: Lesson, name: str) -> str:
    return {"learner": lesson.learner, "opponent": lesson.opponent}.get(name, name)


def _judged_events(lesson: Lesson, game: Game) -> list[Event] | None:
    """The events up to the judging point, or None while it has not been reached."""
    events = game.events
    for i, e in enumerate(events):
        if e.type == "round" and i > 0:  # a lesson is one round: the next one has begun
            return events[:i]
        if e.type in (lesson.judge, "end"):
            return events[:i + 1]
    return None


def _count(events: list[Event], kind: str, **match) -> int:
    return sum(1 for e in events if e.type == kind
               and all(e.data.get(k) == v for k, v in match.items()))


def _limits(check: dict, value: int) -> bool:
    return check.get("min", value) <= value <= check.get("max", value)


def _points(lesson, game, events, check) -> bool:
    """Points scored on cartouche 1 by ``player`` (R7): within ``min`` / ``max``."""
    who = _who(lesson, check["player"])
    got = sum(e.data["points"] for e in events if e.type == "points" and e.player == who)
    return _limits(check, got)


def _first(lesson, game, events, check) -> bool:
    """``player`` goes first (R8); ``reason`` optionally: cartouche2, cartouche1 or war."""
    order = next((e for e in events if e.type == "order"), None)
    if order is None:
        return False
    if "reason" in check and order.data["reason"] != check["reason"]:
        return False
    return order.data["first"] == _who(lesson, check["player"])


def _removed(lesson, game, events, check) -> bool:
    """How many of ``owner``'s counters were removed (R10), by ``by`` if given, within
    ``min`` / ``max``."""
    match = {"owner": _who(lesson, check["owner"])}
    if "by" in check:
        match["player"] = _who(lesson, check["by"])
    return _limits(check, _count(events, "remove", **match))


def _placed(lesson, game, events, check) -> bool:
    """How many counters ``player`` placed (R13), in ``temples`` if given."""
    who = _who(lesson, check["player"])
    temples = check.get("temples")
    got = sum(1 for e in events if e.type == "place" and e.player == who
              and (temples is None or int(e.data["square"][1]) in temples))
    return _limits(check, got)


def _to_kingdom(lesson, game, events, check) -> bool:
    """Counters of ``player`` that found no square and went to the Kingdom (R13, R15)."""
    who = _who(lesson, check["player"])
    got = sum(e.data["to_kingdom"] for e in events if e.type == "overflow" and e.player == who)
    return _limits(check, got)


def _scoring_round(lesson, game, events, check) -> bool:
    """A scoring round took place (R16), or did not (``happens``: false)."""
    return any(e.type == "scoring" for e in events) == check.get("happens", True)


def _line(lesson, game, events, check) -> bool:
    """Scoring line ``line`` went to ``player`` (R16), with ``min`` points or more if given;
    ``player`` null: to nobody (a tie)."""
    e = next((e for e in events if e.type == "score" and e.data["line"] == check["line"]), None)
    if e is None:
        return False
    want = check.get("player")
    who = _who(lesson, want) if want else None
    if who is not None and e.data["points"][who] < check.get("min", 0):
        return False
    return e.data["player"] == who


def _scoring_points(lesson, game, events, check) -> bool:
    """Points ``player`` scored in the whole scoring round (R16), within ``min`` / ``max``."""
    who = _who(lesson, check["player"])
    got = sum(e.data["points"][who] for e in events if e.type == "score")
    return _limits(check, got)


def _winner(lesson, game, events, check) -> bool:
    """The game ended, won by ``player`` ('draw' for a draw) for ``end`` (R18, R19)."""
    e = next((e for e in events if e.type == "end"), None)
    if e is None:
        return False
    want = check["player"]
    if e.data["winner"] != (want if want == "draw" else _who(lesson, want)):
        return False
    return "end" not in check or e.data["reason"] == check["end"]


def _game_goes_on(lesson, game, events, check) -> bool:
    """Nobody has won (the game goes on)."""
    return not any(e.type == "end" for e in events)


def _keeps(lesson, game, events, check) -> bool:
    """``player`` still holds ``square`` at the judging point (e.g. after the take-back, R17)."""
    board = _board_after(lesson, events)
    return board.get(check["square"]) == _who(lesson, check["player"])


def _took_back(lesson, game, events, check) -> bool:
    """``player`` took back counters (R17): how many, within ``min`` / ``max``."""
    who = _who(lesson, check["player"])
    return _limits(check, _count(events, "take_back", player=who))


def _board_after(lesson: Lesson, events: list[Event]) -> dict[str, str]:
    """The board (square -> owner) after ``events``, replayed from the lesson's position."""
    board = {f"{t}.{i + 1}": {"r": "red", "b": "blue"}[c]
             for t, row in lesson.position["board"].items() for i, c in enumerate(row) if c != "."}
    for e in events:
        if e.type == "place":
            board[e.data["square"]] = e.player
        elif e.type in ("remove", "take_back"):
            board.pop(e.data["square"], None)
    return board


#: The checks a lesson's goal is made of: name -> test on the events up to the judging point.
CHECKS: dict[str, Callable] = {
    "points": _points, "first": _first, "removed": _removed, "placed": _placed,
    "to_kingdom": _to_kingdom, "scoring_round": _scoring_round, "line": _line,
    "scoring_points": _scoring_points, "winner": _winner, "game_goes_on": _game_goes_on,
    "keeps": _keeps, "took_back": _took_back,
}


def judge(lesson: Lesson, game: Game) -> Verdict | None:
    """The verdict once the judging point is reached (None before): success when every check
    holds, else "try again" with the reasons of the checks that failed and their rule ids, in
    the current language."""
    events = _judged_events(lesson, game)
    if events is None:
        return None
    failed = [c for c in lesson.checks if not CHECKS[c["check"]](lesson, game, events, c)]
    if not failed:
        return Verdict(True, lesson_text(lesson.success), lesson.rules)
    rules = tuple(dict.fromkeys(r for c in failed for r in c["rules"]))
    # Each reason is a whole sentence of the lesson file, followed by its rule ids.
    reasons = " ".join(f"{lesson_text(c['fail'])} ({', '.join(c['rules'])})" for c in failed)
    # Translators: {reasons} are the lesson's sentences saying what went wrong, with rule ids.
    return Verdict(False, _("Try again: {reasons}").format(reasons=reasons), rules)


__all__ = ["CHECKS", "Hint", "Lesson", "ScriptedPlayer", "Verdict", "judge", "lesson_from_dict",
           "lesson_text", "load", "load_all", "names"]
