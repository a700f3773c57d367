"""The board's words and numbers against what they are drawn on: WCAG 2.1 success criterion
1.4.3 (Contrast, Minimum, level AA) asks for a contrast ratio of at least 4.5:1 for text below
the large size (18 pt, or 14 pt bold); the board's square numbers (13 px), bonus values in a
corner (13 px bold) and stocks (15 px bold) are all below it, so every pair is held to 4.5:1.

The colours are the ones ``aton.app.board`` gives its bqplot marks (read from the marks
themselves where they change with the position) and the ones of the SVG drawing
(``aton.engine.render``). Faded squares (a board choice's squares that cannot be chosen) are an
inactive state, exempt from 1.4.3; their numbers are still measured, as the board turns them
dark. The ratio is computed here from the WCAG definition of relative luminance, not with the
board's own helper.
"""

from __future__ import annotations

import pytest

import aton
from aton.app import board as board_module
from aton.app.board import (
    BACKGROUND,
    BONUS,
    BONUS_CORNER_AT,
    BONUS_LABEL,
    CELL_FILL,
    CELLS,
    COUNTER_SIDE,
    INFO_TEXT,
    LABEL_SIZES,
    NUMBER_AT,
    NUMBER_COLOURS,
    TITLE_TEXT,
    UNIT,
    BoardView,
    cell_name,
)
from aton.app.theme import DIMMED, SQUARE_FILL
from aton.engine import render
from aton.engine.board import COLOUR

AA = 4.5  # WCAG 2.1 1.4.3, text below the large size


def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of '#rgb' or '#rrggbb'."""
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    channels = []
    for k in (0, 2, 4):
        c = int(colour[k:k + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def faded(fill: str, opacity: float) -> str:
    """``fill`` drawn at ``opacity`` over the board's cream, as the browser blends it."""
    f = [int(fill.lstrip("#")[k:k + 2], 16) for k in (0, 2, 4)]
    g = [int(BACKGROUND.lstrip("#")[k:k + 2], 16) for k in (0, 2, 4)]
    return "#" + "".join(f"{round(opacity * a + (1 - opacity) * b):02x}" for a, b in zip(f, g))


def test_the_formula_matches_the_reviews_measurements():
    assert ratio("#ffffff", "#000000") == pytest.approx(21)
    assert round(ratio("#ffffff", "#1aa8a0"), 2) == 2.94  # white numbers on turquoise, before
    assert round(ratio("#d62728", "#f5efe0"), 2) == 4.38  # the red stock words, before


def test_every_square_number_stands_out_from_its_square():
    view = BoardView()
    colours = list(view.numbers.colors) + list(view.kingdom_numbers.colors)
    assert colours == NUMBER_COLOURS
    low = {cell_name(c): round(ratio(colours[c], CELL_FILL[c]), 2) for c in range(CELLS)
           if ratio(colours[c], CELL_FILL[c]) < AA}
    assert not low, low
    # Each kind of square: yellow, green, black, turquoise, bonus, the Kingdom's places.
    kinds = {COLOUR[i]: NUMBER_COLOURS[i] for i in range(48)}
    assert set(kinds) == set(SQUARE_FILL)
    for letter, text in kinds.items():
        assert ratio(text, SQUARE_FILL[letter]) >= AA, (letter, text)
    assert ratio(NUMBER_COLOURS[48], render.KINGDOM_FILL) >= AA


def test_numbers_on_faded_squares_are_dark_and_readable():
    """During a board choice the other squares fade to ``DIMMED``; a white number on a faded
    black square would vanish, so it turns dark (and back when the choice is over)."""
    view = BoardView()
    legal = ["T1.1", "T2.8", "K1"]
    view.update([0] * 48, ["red"], legal=legal)
    colours = list(view.numbers.colors) + list(view.kingdom_numbers.colors)
    opacities = list(view.squares.opacities)
    assert sorted(c for c in range(CELLS) if opacities[c] == 1.0) == [0, 19, 48]
    for c in range(CELLS):
        seen = faded(CELL_FILL[c], opacities[c])
        assert ratio(colours[c], seen) >= AA, (cell_name(c), colours[c], seen)
    black = aton.board.SQUARE_INDEX["T1.5"]  # a black square, faded
    assert COLOUR[black] == "K" and colours[black] == render.NUMBER_DARK
    assert colours[48] == render.NUMBER_LIGHT and colours[49] == render.NUMBER_DARK  # K1, K2
    view.update([0] * 48, ["red"])
    assert list(view.numbers.colors) + list(view.kingdom_numbers.colors) == NUMBER_COLOURS


def test_bonus_values_stand_out_from_the_bonus_squares():
    view = BoardView()
    for mark in (view.bonus_labels, view.bonus_corner):
        assert list(mark.colors) == [BONUS_LABEL]
        for i in BONUS:
            assert ratio(BONUS_LABEL, CELL_FILL[i]) >= AA
            assert ratio(BONUS_LABEL, faded(CELL_FILL[i], DIMMED)) >= AA


def test_the_words_beside_the_temples_stand_out_from_the_cream():
    view = BoardView()
    assert view.figure.background_style["fill"] == BACKGROUND
    assert list(view.titles.colors) == [TITLE_TEXT]
    assert list(view.info.colors) == [TITLE_TEXT, TITLE_TEXT, INFO_TEXT["red"],
                                      INFO_TEXT["blue"]]
    for colour in (TITLE_TEXT, INFO_TEXT["red"], INFO_TEXT["blue"]):
        assert ratio(colour, BACKGROUND) >= AA, colour
    # The stocks' words stay in their player's hue: red is reddest, blue bluest.
    r, g, b = (int(INFO_TEXT["red"][k:k + 2], 16) for k in (1, 3, 5))
    assert r > 2 * max(g, b)
    r, g, b = (int(INFO_TEXT["blue"][k:k + 2], 16) for k in (1, 3, 5))
    assert b > 2 * max(r, g)


def test_no_text_is_drawn_over_a_counter():
    """A square's number (top left) and an occupied bonus square's value (bottom right) stay
    outside the counter, with its white edge, and inside the rings drawn around a square
    (0.44 of a unit from its centre at the nearest), so no text lies on a red or blue disc.
    The type's size is that of Arial/Liberation Sans: digits 0.556 em wide, a bold '+'
    0.584 em, capitals 0.716 em high."""
    counter = COUNTER_SIDE / 2 + 1.25 / UNIT  # the disc and half its 2.5 px white edge
    em = LABEL_SIZES["numbers"] / UNIT
    right, bottom = NUMBER_AT[0] + 2 * 0.556 * em, NUMBER_AT[1] + 0.716 * em / 2  # "12"
    top = NUMBER_AT[1] - 0.716 * em / 2
    assert (right ** 2 + bottom ** 2) ** 0.5 > counter
    assert min(NUMBER_AT[0], top) >= -0.44
    em = LABEL_SIZES["bonus_corner"] / UNIT
    left, top = BONUS_CORNER_AT[0] - (0.584 + 0.556) * em, BONUS_CORNER_AT[1] - 0.716 * em / 2
    assert (left ** 2 + top ** 2) ** 0.5 > counter
    assert max(BONUS_CORNER_AT[0], BONUS_CORNER_AT[1] + 0.716 * em / 2) <= 0.44


def test_the_svg_drawing_uses_the_same_readable_colours():
    for letter, fill in render.FILL.items():
        assert ratio(render.NUMBER_FILL[letter], fill) >= AA, letter
    assert ratio(render.BONUS_TEXT, render.FILL["+"]) >= AA
    svg = render.board_svg([0] * 48, [])
    turquoise = COLOUR.index("B")
    assert f'fill="{render.NUMBER_FILL["B"]}">{turquoise % 12 + 1}</text>' in svg
    assert board_module.NUMBER_COLOURS[turquoise] == render.NUMBER_FILL["B"]
