"""A learner who clicks anything, in any order: the app never breaks, never mixes its two
languages, never loses the game, and never shows the computer's cards before the reveal (R6).

Each test opens the app and, a few hundred times, does one thing a person at the screen could
do, drawn from a seeded generator: click a button that is on screen and enabled, choose in a
menu, flip a toggle, type into a box (a seed, a class code, a name: sense or junk), or click a
square of the board or the Kingdom. After every action:

- no error of the app's own is shown (a refused move is a warning naming its rule, not an error);
- every text on screen is in the app's language, even after a switch of language;
- the game replays from its record to exactly the game on screen (nothing is lost, R1);
- before the first reveal, two pages whose games differ only in the computer's face-down
  cards send the browser the same thing (R6).

A failure names the seed and the last actions, so it can be replayed. The computer levels
that search for up to a second a move are left out of the menus here; the class panel is
left to the class tests.
"""

from __future__ import annotations

import json
import random
import re

import ipywidgets as widgets
import pytest
from class_pages import class_store  # noqa: F401 (a fixture)
from helpers import (
    english_sentences,
    page_state,
    page_texts,
    plain,
    portuguese_sentences,
    snapshot,
)
from test_who_sees_what import opened, twin_positions

from aton.app import build_app
from aton.engine.board import SQUARE_NAMES
from aton.engine.records import replay

pytestmark = pytest.mark.usefixtures("class_store")

SLOW_LEVELS = {"medium", "strong", "expert"}  # up to a second a decision: other tests time them
TYPED = ["", "7", "12345", "-3", "99999999999999999999", "abc", "T1.1", "ação", " 42 "]
MENUS = (widgets.Dropdown, widgets.Select, widgets.ToggleButtons, widgets.RadioButtons)
BOXES = (widgets.Text, widgets.Textarea)
KINGDOM = [f"K{k}" for k in range(1, 9)]


def on_screen(root) -> list:
    """The widgets a person sees: ``root`` and its children, but none under a hidden one."""
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        layout = getattr(widget, "layout", None)
        if layout is not None and (layout.display == "none" or layout.visibility == "hidden"):
            continue
        found.append(widget)
        todo.extend(reversed(getattr(widget, "children", ())))
    return found


def reachable(app, leave_out=()) -> list:
    """What a person can act on now: (kind, widget); the board is always there to click."""
    out = [("square", None)] * 4
    for widget in on_screen(app):
        if getattr(widget, "disabled", False) or id(widget) in leave_out:
            continue
        if isinstance(widget, widgets.Button):
            out.append(("click", widget))
        elif isinstance(widget, MENUS) and widget.options:
            out.append(("choose", widget))
        elif isinstance(widget, widgets.ToggleButton | widgets.Checkbox):
            out.append(("flip", widget))
        elif isinstance(widget, BOXES):
            out.append(("type", widget))
    return out


def act(app, kind: str, widget, rng: random.Random) -> str:
    """Do one action on ``app`` with choices from ``rng``; return what was done, for a report."""
    if kind == "square":
        name = rng.choice([*SQUARE_NAMES, *KINGDOM])
        app.board.click(name)
        return f"square {name}"
    label = widget.description or widget.tooltip or type(widget).__name__
    if kind == "click":
        widget.click()
        return f"click {label!r}"
    if kind == "flip":
        widget.value = not widget.value
        return f"flip {label!r}"
    if kind == "type":
        text = rng.choice(TYPED)
        widget.value = text
        return f"type {text!r} into {widget.placeholder or label!r}"
    k = rng.randrange(len(widget.options))
    value = widget.options[k][1] if isinstance(widget.options[k], tuple) else widget.options[k]
    if value in SLOW_LEVELS:
        return f"left {label!r} as it was"
    widget.index = k
    return f"choose {widget.label!r} in {label!r}"


def trouble(app) -> str | None:
    """What is wrong with the page now, or None."""
    if app.error_message:
        return "an error is shown: " + plain(app.error_message)[-600:]
    text = page_texts(app, on_screen(app))  # what a person sees
    foreign = (english_sentences(text) if app.state.language == "pt"
               else portuguese_sentences(text))
    if foreign:
        return f"the page speaks {app.state.language} but shows {foreign[:3]}"
    game = app.game
    if game.keeps_record and snapshot(replay(game.record())) != snapshot(game):
        return "the game's record does not replay to the game on screen"
    return None


def report(seed: int, done: list[str], problem: str) -> str:
    return f"seed {seed}, after: " + " · ".join(done[-12:]) + f"\n{problem}"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_any_clicks_in_any_order_break_nothing(seed):
    rng = random.Random(seed)
    app = build_app(seed=seed, deal_seed=seed, how_to_play=seed % 2 == 1,
                    lang="pt" if seed % 2 == 0 else "en")
    class_panel = app.page.classroom
    panel = {id(w) for part in (class_panel.widget, class_panel.overlay, class_panel.button)
             for w in on_screen(part)}
    done: list[str] = []
    for _ in range(200):
        kind, widget = rng.choice(reachable(app, panel))
        done.append(act(app, kind, widget, rng))
        problem = trouble(app)
        assert problem is None, report(seed, done, problem)
    assert len({line.split(" ")[0] for line in done}) >= 4  # it did click, type and choose


#: A page's own puzzle token, drawn at random for its puzzle rating (not part of any game).
PUZZLER = re.compile(r"(puzzler.{1,20}?)[A-Za-z0-9_-]{24}")


def differences(one, other) -> list[str]:
    """Where two pages' states differ (``helpers.page_differences``), each page's puzzle
    token aside."""
    a, b = ([PUZZLER.sub(r"\1…", json.dumps(state)) for state in page_state(page)]
            for page in (one, other))
    if len(a) != len(b):
        return [f"{len(a)} widgets against {len(b)}"]
    return [f"{x[:160]} / {y[:160]}" for x, y in zip(a, b, strict=True) if x != y]


def secret_yet(app) -> bool:
    """The first round's cards are not revealed yet."""
    return app.game.round == 1 and app.game.phase in ("deal", "choose")


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_any_clicks_before_the_reveal_show_nothing_of_the_computers_cards(seed):
    """Two pages, the same clicks: their games differ only in the order of the computer's
    (blue's) draw pile, so in its hand. Until the reveal the pages must send the same.

    Copy link is left out: the link of a game begun from a position holds that position,
    draw piles and all, as the file or link the game was opened from did (the person at the
    screen already holds it); a game dealt from a seed or a scenario is checked in
    test_who_sees_what."""
    rng = random.Random(seed)
    lang = "pt" if seed % 2 == 0 else "en"
    one, other = (opened(position, lang=lang) for position in twin_positions(seed, ("blue",)))
    assert one.game.hand("blue") != other.game.hand("blue")
    left_out = {id(one.history.copy), id(other.history.copy)}
    for app in (one, other):
        panel = app.page.classroom
        left_out |= {id(w) for part in (panel.widget, panel.overlay, panel.button)
                     for w in on_screen(part)}
    done: list[str] = []
    for _ in range(120):
        if not (secret_yet(one) and secret_yet(other)):
            break
        choices = reachable(one, left_out)
        k = rng.randrange(len(choices))
        twins = reachable(other, left_out)
        assert len(twins) == len(choices), report(seed, done, "the pages offer other controls")
        state = rng.getstate()
        done.append(act(one, *choices[k], rng))
        rng.setstate(state)  # the same choices on the other page
        act(other, *twins[k], rng)
        unlike = differences(one, other)
        assert unlike == [], report(seed, done, "\n".join(unlike[:6]))
        for app in (one, other):
            assert trouble(app) is None, report(seed, done, trouble(app))
    assert len(done) >= 20
