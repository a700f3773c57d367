"""Small builders for positions, round moves and game snapshots used by the rules tests, and
the few helpers the app's tests share (what a widget's HTML reads as, a new app, cards put on
the cartouches, the command line in a process of its own).

A test states only what matters to the rule it proves (``make_position(board={"T1": "rr.b"},
red=[1, 2, 4, 3])``); everything else is filled in so the position is legal: the stock makes 29
counters per colour (R1), each draw pile is the cards asked for on top of the rest of a 36-card
deck (R1, R4).
"""

from __future__ import annotations

import copy
import html
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from aton import Game, play_round

REPO = Path(__file__).resolve().parent.parent

PLAYERS = ("red", "blue")
TEMPLES = ("T1", "T2", "T3", "T4")
FULL_DECK = [v for v in (1, 2, 3, 4) for _ in range(9)]  # R1: nine each of 1-4


def rest_of_deck(*used: list[int]) -> list[int]:
    """The cards of a full deck (R1) left after taking out every card listed in ``used``."""
    rest = list(FULL_DECK)
    for cards in used:
        for c in cards:
            rest.remove(c)
    return rest


def board_strings(board: dict[str, str] | None = None) -> dict[str, str]:
    """Four 12-character temple strings; a shorter string is padded with empty squares."""
    board = board or {}
    return {t: board.get(t, "").ljust(12, ".") for t in TEMPLES}


def on_board(board: dict[str, str], letter: str) -> int:
    return sum(row.count(letter) for row in board.values())


def make_position(
    *,
    round: int = 2,
    scores: tuple[int, int] = (0, 0),
    board: dict[str, str] | None = None,
    kingdom: tuple[int, int] = (0, 0),
    stock: tuple[int, int] | None = None,
    exchange: tuple[bool, bool] = (False, False),
    red: list[int] = (),
    blue: list[int] = (),
    red_draw: list[int] | None = None,
    blue_draw: list[int] | None = None,
    red_discard: list[int] = (),
    blue_discard: list[int] = (),
    winner: str | None = None,
    end: str | None = None,
) -> dict:
    """A legal position (formats.md) built from the facts a test cares about.

    ``red`` / ``blue``: the top cards of that player's draw pile (first = top); the rest of a
    full deck follows in ascending order, minus the discards. ``red_draw`` / ``blue_draw`` give
    a whole draw pile instead (then the deck may hold fewer than 36 cards, as a lesson may).
    ``stock`` defaults to 29 minus the counters on the board and in the Kingdom (R1).
    """
    rows = board_strings(board)
    k = {"red": kingdom[0], "blue": kingdom[1]}
    if stock is None:
        stock = (29 - on_board(rows, "r") - k["red"], 29 - on_board(rows, "b") - k["blue"])
    draws = {}
    for name, top, whole, disc in (("red", red, red_draw, red_discard),
                                   ("blue", blue, blue_draw, blue_discard)):
        draws[name] = list(whole) if whole is not None else (
            list(top) + rest_of_deck(list(top), list(disc)))
    return {
        "format": "aton-position",
        "version": 1,
        "round": round,
        "scores": {"red": scores[0], "blue": scores[1]},
        "board": rows,
        "kingdom": k,
        "stock": {"red": stock[0], "blue": stock[1]},
        "exchange": {"red": exchange[0], "blue": exchange[1]},
        "draw": draws,
        "discard": {"red": list(red_discard), "blue": list(blue_discard)},
        "winner": winner,
        "end": end,
    }


def make_moves(red_cards: list[int], blue_cards: list[int], **lists) -> dict:
    """Round moves (formats.md). Keyword lists: ``red_place=[...]``, ``blue_remove=[...]``,
    ``red_after_scoring=[...]``, ``red_exchange=True``..."""
    moves: dict = {"red": {"cards": list(red_cards)}, "blue": {"cards": list(blue_cards)}}
    for key, value in lists.items():
        player, field = key.split("_", 1)
        moves[player][field] = value
    return moves


def play(position: dict, moves: dict, seed: int | None = 0) -> dict:
    """``aton.play_round`` on deep copies (the caller's dicts stay as written)."""
    return play_round(copy.deepcopy(position), copy.deepcopy(moves), seed=seed)


def events_of(result: dict, type_: str) -> list[dict]:
    return [e for e in result["events"] if e["type"] == type_]


def types(result: dict) -> list[str]:
    return [e["type"] for e in result["events"]]


def squares_of(position: dict, letter: str) -> list[str]:
    """The squares holding ``letter`` ('r' or 'b'), as names ``T<t>.<s>``."""
    return [f"{t}.{k + 1}" for t in TEMPLES for k, c in enumerate(position["board"][t])
            if c == letter]


def per_temple(position: dict, letter: str) -> dict[str, int]:
    """How many of ``letter``'s counters lie in each temple (temples with none left out)."""
    out = {t: position["board"][t].count(letter) for t in TEMPLES}
    return {t: n for t, n in out.items() if n}


# ----------------------------------------------------------------------------- games


def state_dict(game: Game) -> dict:
    """Every field of the engine's state, deep-copied (works whatever the fields are). A
    white-box look inside the engine, for the tests that prove nothing changed."""
    s = game._s
    names = getattr(type(s), "__slots__", None) or list(vars(s))
    return {name: copy.deepcopy(getattr(s, name)) for name in names if hasattr(s, name)}


def event_facts(game: Game) -> list[tuple]:
    """Events without prose: (type, rule, data as canonical JSON)."""
    return [(e.type, e.rule, json.dumps(e.data, sort_keys=True, default=repr))
            for e in game.events]


def snapshot(game: Game) -> dict:
    """Everything that must come back exactly after an undo or a refused decision."""
    return {
        "state": state_dict(game),
        "events": event_facts(game),
        "decisions": [str(d) for d in game.decisions],
        "pending": game.pending,
        "options": game.options(),
        "rng": game.rng.getstate(),
    }


def advance_to(game: Game, kind: str, player: str | None = None,
               answer=None, limit: int = 10_000) -> None:
    """Run the game until a ``kind`` decision (of ``player``) is pending, answering every
    earlier decision with ``answer(game)`` (default: the first legal option)."""
    for _ in range(limit):
        game.advance()
        p = game.pending
        if p is None:
            raise AssertionError(f"the game ended before a {kind} decision")
        if p.kind == kind and (player is None or p.player == player):
            return
        game.decide(answer(game) if answer else game.options()[0])
    raise AssertionError(f"no {kind} decision within {limit} decisions")


def keep_cards(cards: dict[str, list[int]]):
    """An ``answer`` for ``advance_to``: each player puts ``cards[player]`` on the cartouches,
    nobody exchanges, and every other decision takes the first legal option."""
    def answer(game: Game):
        kind = game.pending.kind
        if kind == "assign":
            return cards[game.pending.player]
        return False if kind == "exchange" else game.options()[0]
    return answer


def malformed_position(change) -> object:
    """``EXAMPLE_POSITION`` with ``change`` applied to a copy (``None``: not a position at all)."""
    if change is None:
        return ["not", "a", "position"]
    position = copy.deepcopy(EXAMPLE_POSITION)
    change(position)
    return position


def game_at(kind: str, seed: int = 11) -> Game:
    """A new game (``seed``) run to its first ``kind`` decision, first options chosen."""
    game = Game.new(seed)
    advance_to(game, kind)
    return game


def play_lesson(lesson, game: Game, learner) -> tuple:
    """Play a guided lesson's ``game`` to its verdict: the automatic steps run, the lesson's
    scripted opponent plays its script, and ``learner(game)`` makes each of the learner's
    choices. Returns (the scripted opponent, the verdict)."""
    from aton.teaching import tutorial

    bot = lesson.player(game)
    for _ in range(500):
        verdict = tutorial.judge(lesson, game)
        if verdict is not None:
            return bot, verdict
        pending = game.pending
        if pending is None:
            game.step()
        elif pending.player == lesson.opponent:
            bot.decide()
        else:
            game.decide(learner(game))
    raise AssertionError(f"lesson {lesson.name} never reached its verdict")


LIST_OF_KIND = {"remove": "remove", "place": "place", "take_back": "after_scoring"}


def drive_round(game: Game, moves: dict) -> list[tuple]:
    """Play the current round of ``game`` step by step, answering each decision from ``moves``
    (the round-moves shape of formats.md; a missing list means "the first legal option").

    Returns a trace: one ``(event, facts)`` per event, ``facts`` being what the red player's
    view shows right after it (kingdom, stock, scores), so a test can see the game mid-round.
    """
    lists = {name: {k: list(v) for k, v in moves[name].items() if isinstance(v, list)}
             for name in PLAYERS}
    trace = []
    started = False
    while not game.over and not (started and game.at_round_start):
        started = True
        pending = game.pending
        if pending is None:
            event = game.step()
        else:
            mine = moves[pending.player]
            if pending.kind == "exchange":
                choice = mine.get("exchange", False)
            elif pending.kind == "assign":
                choice = list(mine["cards"])
            else:
                queue = lists[pending.player].get(LIST_OF_KIND[pending.kind]) or []
                legal = game.options()
                choice = next((sq for sq in queue if sq in legal), legal[0])
                if choice in queue:
                    queue.remove(choice)
            event = game.decide(choice)
        view = game.view("red")
        trace.append((event, {"kingdom": view.kingdom, "stock": view.stock,
                              "scores": view.scores}))
    return trace


def board_list(board: dict[str, str]) -> list[int]:
    """Temple strings as the engine's 48 squares: 0 empty, 1 red, 2 blue."""
    rows = board_strings(board)
    return [".rb".index(c) for t in TEMPLES for c in rows[t]]


def answer_with(moves: dict):
    """An ``answer`` for ``advance_to``: exchange, cards and squares from ``moves`` (the first
    listed square that is legal), else the first legal option."""
    def answer(game: Game):
        p = game.pending
        mine = moves[p.player]
        if p.kind == "assign":
            return list(mine["cards"])
        if p.kind == "exchange":
            return mine.get("exchange", False)
        legal = game.options()
        listed = mine.get(LIST_OF_KIND[p.kind]) or []
        return next((sq for sq in listed if sq in legal), legal[0])
    return answer


# The worked example of formats.md, verbatim (position and round moves).
EXAMPLE_POSITION = {
    "format": "aton-position", "version": 1,
    "round": 3,
    "scores": {"red": 12, "blue": 8},
    "board": {"T1": "rr.b........", "T2": "r...........", "T3": "............",
              "T4": "b..........."},
    "kingdom": {"red": 1, "blue": 1},
    "stock": {"red": 25, "blue": 26},
    "exchange": {"red": True, "blue": False},
    "draw": {"red": [3, 1, 4, 2, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3,
                     4, 4, 4, 4, 4, 4],
             "blue": [2, 4, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3,
                      3, 3, 4, 4, 4, 4, 4]},
    "discard": {"red": [4, 4, 1, 2, 3], "blue": [4, 4, 4, 1, 2]},
    "winner": None, "end": None,
}
EXAMPLE_MOVES = {
    "red": {"exchange": False, "cards": [3, 1, 4, 2], "remove": ["T1.1"],
            "place": ["T2.2", "T3.8"]},
    "blue": {"exchange": False, "cards": [2, 4, 2, 1], "remove": ["T1.2", "T2.2"],
             "place": ["T1.5"]},
}


def a_record(decisions: int = 12, seed: int = 4) -> dict:
    """The record of a game's first ``decisions`` decisions, each the first legal option."""
    game = Game.new(seed)
    for _ in range(decisions):
        game.advance()
        game.decide(game.options()[0])
    return game.record()


# ----------------------------------------------------------------------------- the app


def plain(value: str) -> str:
    """What a person reads in a widget's HTML: the tags dropped (a rule button keeps its id:
    ``<button …>R7</button>`` reads ``R7``), runs of white space read as one space, as a
    browser shows them, and entities decoded (``&#x27;`` reads ``'``)."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", value))).strip()


def cited_rules(value: str) -> set[str]:
    """The rule ids (R1-R19) a widget's HTML cites, as a person reads them."""
    return set(re.findall(r"\bR1?\d\b", plain(value)))


def page_text(widget) -> str:
    """Every string a widget and its children put on the page (values, labels, tooltips)."""
    parts = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            parts.append(value)
    for child in getattr(widget, "children", ()):
        parts.append(page_text(child))
    return "\n".join(parts)


def in_fresh_thread(fn):
    """Run ``fn`` in a thread of its own, where no event loop runs: once a browser test has
    run, pytest-playwright keeps its event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn).result()


def new_app(**kwargs):
    """``build_app(**kwargs)`` with How to play closed and the "New game" seeds drawn from
    ``deal_seed=1`` unless ``kwargs`` say otherwise."""
    from aton.app import build_app  # here: the rules tests that use this module need no widgets

    kwargs.setdefault("deal_seed", 1)
    kwargs.setdefault("how_to_play", False)
    return build_app(**kwargs)


def assign(app, cards=None) -> None:
    """Put ``cards`` (default: the hand as it lies) on cartouches 1-4 and Confirm (R6)."""
    app.picker.place(tuple(app.picker.hand if cards is None else cards))
    app.picker.confirm.click()


def put_by_clicks(app, cards: tuple[int, ...]) -> None:
    """Click a card, then its cartouche, four times, as a learner does (R6); Confirm is left
    to the caller."""
    picker = app.picker
    for c, value in enumerate(cards):
        i = next(k for k in range(4) if picker.hand[k] == value and k not in picker.slot_of)
        picker.cards[i].click()
        picker.slots[c].click()


def deck(top: list[int]) -> list[int]:
    """A 36-card draw pile (R1): ``top`` first, then the rest of a deck in a fixed order."""
    left = {v: 9 - list(top).count(v) for v in (1, 2, 3, 4)}
    rest = []
    while any(left.values()):  # 1, 2, 3, 4, 1, 2, 3, 4, ...
        for v in (1, 2, 3, 4):
            if left[v]:
                rest.append(v)
                left[v] -= 1
    return list(top) + rest


def full_kingdom_position() -> dict:
    """Round 3, the Kingdom of the Dead full (4 red + 4 blue): the round must end in a scoring
    round (R15, R16). Red draws 4, 3, 2, 4; blue draws 1, 2, 3, 3."""
    board = {"T1": "rrbbrb..r...", "T2": "r.b...b.....", "T3": "b...r.......",
             "T4": "....b......."}
    red_on = sum(row.count("r") for row in board.values())
    blue_on = sum(row.count("b") for row in board.values())
    return {
        "format": "aton-position", "version": 1, "round": 3,
        "scores": {"red": 10, "blue": 12}, "board": board,
        "kingdom": {"red": 4, "blue": 4},
        "stock": {"red": 29 - 4 - red_on, "blue": 29 - 4 - blue_on},
        "exchange": {"red": True, "blue": True},
        "draw": {"red": deck([4, 3, 2, 4]), "blue": deck([1, 2, 3, 3])},
        "discard": {"red": [], "blue": []},
        "winner": None, "end": None,
    }


#: The one scenario the ``lessons`` fixture (tests/conftest.py) puts in place of the shipped ones.
LESSONS = {"full_kingdom": "Round 3: the Kingdom of the Dead is full, a scoring round follows."}


# ----------------------------------------------------------------------------- the CLI


def run_cli(*args: str, env: dict | None = None, cwd=None,
            input: str | None = None) -> subprocess.CompletedProcess:
    """``python -m aton ARGS`` in a process of its own, as a shell runs it: this checkout's
    package first on the path, ``ATON_LANG`` unset unless ``env`` sets it, ``input`` (or
    nothing) on stdin; text out."""
    environment = {k: v for k, v in os.environ.items() if k != "ATON_LANG"}
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])
    environment.update(env or {})
    return subprocess.run([sys.executable, "-m", "aton", *args], capture_output=True, text=True,
                          timeout=120, check=False, env=environment, cwd=cwd, input=input,
                          stdin=None if input is not None else subprocess.DEVNULL)


# ----------------------------------------------------------------------------- what a page holds


def page_widgets(app) -> list:
    """Every widget of ``app``'s page, in a fixed order: those on the page (through their
    synced traits: children, layouts, a figure's marks and scales) and those its panels keep
    aside for later (the card picker while the cartouche table is shown): a widget off the
    page still has its model in the browser, where a curious person can read it."""
    from ipywidgets import Widget

    from aton.app.app import PANELS

    found, seen = [], set()
    todo = [app, *(getattr(app, name) for name in PANELS)]
    while todo:
        item = todo.pop(0)
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, Widget):
            found.append(item)
            todo.extend(getattr(item, key, None) for key in item.keys)
            todo.extend(v for v in vars(item).values() if isinstance(v, Widget))
        elif isinstance(item, (list, tuple)):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif type(item).__module__.startswith("aton.app.") and hasattr(item, "__dict__"):
            # a panel: its widgets (not the state, the controller or the game it reads)
            todo.extend(v for v in vars(item).values()
                        if isinstance(v, (Widget, list, tuple, dict))
                        or (type(v).__module__.startswith("aton.app.")
                            and type(v).__name__ not in ("AppState", "Controller", "Narrator",
                                                         "Page", "Guard")))
    return found


def _normal(value):
    if isinstance(value, str):
        return re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normal(v) for v in value]
    return value


def page_state(app) -> list[tuple[str, dict]]:
    """What the browser is sent of ``app``'s page: each widget's synced state (its texts,
    tooltips, options, classes, a chart's numbers), without the ids that differ from page to
    page. Two pages that differ only in what nobody at the screen may see must give the same."""
    return [(type(w).__name__, {k: _normal(v) for k, v in w.get_state().items()
                                if not k.startswith(("_model_", "_view_"))})
            for w in page_widgets(app)]


def page_differences(one, other) -> list[str]:
    """Where two pages' states differ (widget type, trait, the two values), for a message."""
    a, b = page_state(one), page_state(other)
    if len(a) != len(b):
        return [f"{len(a)} widgets against {len(b)}"]
    out = []
    for (kind, x), (_kind, y) in zip(a, b, strict=True):
        for key in x.keys() | y.keys():
            if x.get(key) != y.get(key):
                out.append(f"{kind}.{key}: {str(x.get(key))[:120]!r} / {str(y.get(key))[:120]!r}")
    return out


def page_texts(app, widgets: list | None = None) -> str:
    """Every text of ``app``'s page (each widget's strings: values, labels, tooltips, options,
    the board's words), as a person reads them, one per line; of ``widgets`` only, if given."""
    texts = []

    def strings(value) -> None:
        if isinstance(value, str):
            texts.append(plain(value))
        elif isinstance(value, (list, tuple)):
            for item in value:
                strings(item)

    for widget in page_widgets(app) if widgets is None else widgets:
        for key, value in widget.get_state().items():
            if not key.startswith(("_model_", "_view_", "_dom_classes")) and key != "layout":
                strings(value)
    return "\n".join(t for t in texts if t)


def _catalog_pieces(foreign: bool) -> list[str]:
    """Pieces of the catalogs' sentences, long enough to be a language's own (three words at
    least): of the English messages (``foreign`` False) or of their Portuguese translations,
    where the two differ."""
    from babel.messages.pofile import read_po

    from aton.i18n import LOCALE_DIR

    pieces = set()
    for domain in ("app", "engine", "lessons"):
        with (LOCALE_DIR / "pt_BR" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id or not message.string:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strs = message.string if isinstance(message.string, tuple) else (message.string,)
            own, other = (strs, ids) if foreign else (ids, strs)
            for text in own:
                for piece in re.split(r"\{[^}]*\}|<[^>]*>|\(R\d+[^)]*\)", text):
                    piece = html.unescape(piece).strip(" .,:;!?()—–-")
                    if len(piece.split()) >= 3 and len(piece) >= 15 and not any(
                            piece in o for o in other):
                        pieces.add(piece)
    return sorted(pieces)


_PIECES: dict[bool, list[str]] = {}


def english_sentences(text: str) -> list[str]:
    """The pieces of the app's, the engine's and the lessons' English messages found in
    ``text``: a Portuguese page must show none."""
    pieces = _PIECES.setdefault(False, _catalog_pieces(False))
    return [p for p in pieces if p in text]


def portuguese_sentences(text: str) -> list[str]:
    """The pieces of the Portuguese translations found in ``text``: an English page, none."""
    pieces = _PIECES.setdefault(True, _catalog_pieces(True))
    return [p for p in pieces if p in text]


def address_written(widget) -> dict:
    """What an app's hidden address widget last asked the page to write into its address
    (``aton.app.address.rewrite_address``): ``{"set": keys and values, "drop": keys}``, or {}
    for nothing."""
    code = html.unescape(widget.value)
    if not code:
        return {}
    keys = json.loads(re.search(r"const s=(\{.*?\}),d=", code).group(1))
    dropped = json.loads(re.search(r",d=(\[.*?\]);", code).group(1))
    return {"set": keys, "drop": dropped}


def title_written(widget) -> str | None:
    """The tab title an app's hidden address widget last asked the page to set
    (``rewrite_address(..., title=)``), or None."""
    found = re.search(r"document\.title=(\".*?(?<!\\)\");", html.unescape(widget.value))
    return json.loads(found.group(1)) if found else None
