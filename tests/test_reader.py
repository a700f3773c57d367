"""The board in words (aton/app/board_words.py) and the reader panel (aton/app/reader.py).

After random seeded moves in many games, the words name every counter on the board on its
square and with its owner, every empty square, the Kingdom of the Dead, the stocks, the
exchange counters and the scores, exactly as the game holds them (R3, R5, R13, R15). Before
the reveal they name only the viewer's own hand and cards (R6). In the app the words follow
the board, the live region says each step's sentence, and the controls that have no words of
their own are named, in both languages.
"""

from __future__ import annotations

import random
import re

import pytest
from helpers import assign, new_app, plain

import aton
from aton.app.board_words import as_text, board_words, square_words
from aton.app.reader import SR_ONLY, sections_html, spoken
from aton.engine.board import PLAYERS, SQUARE_NAMES, TEMPLES, temple_squares

SQUARE = re.compile(r"\bT[1-4]\.\d{1,2}\b")


def random_moments(seed: int, every: int = 9):
    """A game played by random legal choices; yields it every ``every`` actions and at its
    end (the same game object, moved on)."""
    rng = random.Random(seed)
    game = aton.Game.new(seed)
    for n in range(3000):
        if game.over:
            break
        if n % every == every - 1:
            yield game
        if game.pending is not None:
            game.decide(rng.choice(game.options()))
        else:
            game.step()
    yield game


def squares_in(line: str) -> list[str]:
    return SQUARE.findall(line)


def check_words(game: aton.Game, viewer: str | None) -> None:
    """The words of ``viewer``'s view name what the game holds, each square once."""
    view = game.view(viewer)
    sections = board_words(view)
    score, *temples, kingdom, supplies, cards = sections
    scores = game.scores
    assert f"red {scores['red']}, blue {scores['blue']}" in score.heading
    named = []
    for t, section in zip(TEMPLES, temples, strict=True):
        board = {SQUARE_NAMES[i]: game.owner(SQUARE_NAMES[i]) for i in temple_squares(t)}
        lines = {line.split(":")[0]: squares_in(line) for line in section.lines}
        for owner, label in (("red", "Red's counters"), ("blue", "Blue's counters"),
                             (None, "Empty")):
            assert lines.get(label, []) == [n for n, o in board.items() if o == owner], (
                t, owner, section)
        red, blue = (sum(o == p for o in board.values()) for p in PLAYERS)
        assert section.heading == (f"Temple {t}: red {red}, blue {blue}, empty "
                                   f"{12 - red - blue}")
        named += [n for line in section.lines for n in squares_in(line)]
    assert sorted(named) == sorted(SQUARE_NAMES)  # every square once, its colour with it (R3)
    assert all(square_words(i) in as_text(sections) for i in range(48))
    k = game.kingdom
    assert kingdom.heading.startswith(f"Kingdom of the Dead: {k['red'] + k['blue']} of 8")
    assert kingdom.lines[0] == f"Red {k['red']}, blue {k['blue']}."
    assert ("It is full" in as_text([kingdom])) == (k["red"] + k["blue"] == 8)  # R15, R16
    for player, line in zip(PLAYERS, supplies.lines, strict=True):
        stock, held = game.stock[player], view.exchange_seen[player]
        assert line.startswith(f"{player.capitalize()}: {stock} counter")
        assert line.endswith(f"exchange counter {'held' if held else 'used'} (R5, R13).")
    if game.revealed is not None:
        assert cards.lines == tuple(f"{p.capitalize()}: {', '.join(map(str, game.revealed[p]))}."
                                    for p in PLAYERS)


@pytest.mark.parametrize("seed", range(24))
def test_the_words_name_every_counter_after_random_moves(seed: int) -> None:
    for game in random_moments(seed):
        for viewer in ("red", "blue", None):
            check_words(game, viewer)


def test_before_the_reveal_only_the_viewers_own_cards_are_named() -> None:
    """R6: during the choice, red's words say red's hand (then red's face-down cards) and
    nothing of blue's; nobody's words say a hand at all."""
    game = aton.Game.new(11)
    game.advance()
    while game.pending.kind == "exchange":
        game.decide(False)
        game.advance()
    red_hand = game.view("red").hand
    text = as_text(board_words(game.view("red")))
    assert f"Your hand: {', '.join(map(str, red_hand))}." in text
    assert "Your" not in as_text(board_words(game.view(None)))
    game.decide(tuple(red_hand))  # red's cards go face down
    game.advance()
    for viewer in ("red", "blue", None):
        cards = board_words(game.view(viewer))[-1]
        mine = game.view(viewer).my_cards if viewer else None
        assert cards.lines[-1] == ("The cards stay face down until both players have chosen "
                                   "(R6).")
        assert len(cards.lines) == (2 if mine is not None or game.view(viewer).hand else 1)
    red = board_words(game.view("red"))[-1].lines[0]
    assert red == f"Your cards on cartouches 1 to 4, face down: {', '.join(map(str, red_hand))}."
    blue = board_words(game.view("blue"))[-1].lines[0]
    assert blue.startswith("Your hand:")
    assert blue == f"Your hand: {', '.join(map(str, game.view('blue').hand))}."


# ---------------------------------------------------------------------- the panel in the app


def test_the_app_keeps_the_words_and_the_live_region_in_step_with_the_board() -> None:
    app = new_app(seed=10)
    reader = app.reader
    assert SR_ONLY in reader.words._dom_classes  # hidden from the eye, read by a screen reader
    assert SR_ONLY in reader.live._dom_classes  # the explanation shows the same words
    assert "Your turn: put one card on each cartouche below, then Confirm (R6)." in reader.text
    assign(app)
    for _ in range(40):
        if app.session.human_pending is not None and not app.session.human_pending.secret:
            break
        app.controls.next.click()
        # Each step: the live region says the step's sentence and what comes next.
        assert app.explain.text in reader.text
        assert plain(app.explain.next) in reader.text
        assert reader.words.value == in_words(app)
    pending = app.session.human_pending
    assert pending is not None and pending.kind == "place"
    square = app.game.options()[0]
    app.chooser.list.value = square
    app.chooser.choose.click()
    assert app.game.owner(square) == "red"
    assert f"Red's counters: {square_words(SQUARE_NAMES.index(square))}" in reader.description
    assert reader.words.value == in_words(app)
    reader.toggle.value = True
    assert SR_ONLY not in reader.words._dom_classes
    reader.toggle.value = False
    assert SR_ONLY in reader.words._dom_classes


def in_words(app) -> str:
    """The words the panel must show: those of the view of the person at the screen."""
    return sections_html(board_words(app.state.view()))


def test_a_covered_hand_is_never_in_words() -> None:
    """Hot seat (R6): while red's hand is covered, the words say no hand; once red asks to
    see it, red's own."""
    app = new_app(seed=4, opponent="hotseat")
    assert "Your hand" not in app.reader.description
    app.picker.reveal_hand()
    hand = app.state.view().hand
    assert f"Your hand: {', '.join(map(str, hand))}." in app.reader.description
    assign(app)  # red's cards face down; blue's hand covered again
    assert "Your" not in app.reader.description


def test_controls_without_words_are_named_in_the_pages_language() -> None:
    app = new_app(seed=3)
    table = app.reader.names.value
    for label in ("Language", "Squares you may choose", "Card {text}", "One step earlier",
                  "The board of Aton, drawn"):
        assert label in table, label
    assert "&quot;role&quot;: &quot;img&quot;" in table
    assert "aria-live" in table
    for widget in (app.board.figure, app.history.earlier, app.chooser.list,
                   *app.picker.cards):
        assert any(c.startswith("aton-named-") for c in widget._dom_classes)
    app.switch_language("pt")
    table = app.reader.names.value
    assert "Idioma" in table and "Carta {text}" in table and "Language" not in table
    assert app.reader.toggle.description == "O tabuleiro em palavras"
    assert "Templo 1: vermelho 0, azul 0, vazias 12" in app.reader.description
    assert "T1.1 amarela" in app.reader.description


def test_spoken_reads_the_explanation_without_tags() -> None:
    app = new_app(seed=3)
    said = spoken(app.explain)()
    assert app.explain.text in said
    assert "<" not in app.reader.text


def test_to_my_next_decision_reads_every_step_since_the_last_action() -> None:
    """Several steps at once (the cards turned up, the computer's placements among them):
    the live region reads every step's sentence, in order, where the explanation shows the
    last three and leaves the rest to the log (a screen reader has no glance at the log)."""
    app = new_app(seed=10)
    assign(app)
    app.controls.run.click()
    steps = app.explain.events
    assert len(steps) > 3 and any(e.type == "reveal" for e in steps)
    said = app.reader.text
    at = [said.index(plain(event.text)) for event in steps]
    assert at == sorted(at)
    assert "earlier steps are in the log" not in said


def test_a_board_choice_is_said_with_its_keys_not_by_sight_alone() -> None:
    """"Click an empty square with a black frame" rests on sight: the live region says how
    to do it by keyboard as well (WCAG 1.3.3); a choice of cards needs no such words."""
    app = new_app(seed=10)
    assert "Tab to the list" not in app.reader.text
    assign(app)
    app.controls.run.click()
    while app.session.human_pending is not None and not app.session.human_pending.board_choice:
        app.controls.run.click()
    assert app.session.human_pending.board_choice
    assert "Or use the keyboard: Tab to the list" in app.reader.text
