"""The page layout and projector mode, without a browser (tests/browser/test_layout.py looks
at the page itself): the Projector toggle, ``?projector=1``, and the step controls that stay
first in the right-hand column whatever the explanation says."""

from __future__ import annotations

import re

from aton.app import build_app, parse_query
from aton.app.board import LABEL_SIZES
from aton.app.layout import BOARD_HEIGHT, BOARD_WIDTH, LAYOUT_CSS, PROJECTOR_CLASS

SEED = 5


def app(query: str = ""):
    return build_app(seed=SEED, query=query, deal_seed=1, how_to_play=False)


def test_query_asks_for_the_projector():
    assert parse_query("projector=1") == {"projector": True}
    assert parse_query("seed=3&projector=yes") == {"seed": 3, "projector": True}
    assert parse_query("projector=0") == {"projector": False}
    assert parse_query("projector") == {"projector": True}  # ?projector on its own
    refused = parse_query("projector=big")
    assert "projector" not in refused
    assert "projector=big" in refused["notices"][0]
    assert "projector=1" in refused["notices"][0]


def test_projector_from_the_address_hides_the_log_and_enlarges_the_board_words():
    a = app("projector=1")
    assert a.projecting and a.projector.value
    assert PROJECTOR_CLASS in a._dom_classes
    assert a.game_log.widget.layout.display == "none"  # the game log
    assert a.board.numbers.default_size > LABEL_SIZES["numbers"]
    assert a.error_message == ""


def test_projector_toggle_turns_it_on_and_off_and_the_game_goes_on():
    a = app()
    assert not a.projecting and a.game_log.widget.layout.display != "none"
    assert a.board.numbers.default_size == LABEL_SIZES["numbers"]
    log = list(a.game_log.texts)
    events = len(a.game.events)
    a.projector.value = True
    assert a.projecting and a.game_log.widget.layout.display == "none"
    assert a.board.titles.default_size > LABEL_SIZES["titles"]
    a.projector.value = False
    assert not a.projecting and a.game_log.widget.layout.display == ""
    assert [m.default_size for m in (a.board.numbers, a.board.titles, a.board.info)] == [
        LABEL_SIZES["numbers"], LABEL_SIZES["titles"], LABEL_SIZES["info"]]
    assert a.game_log.texts == log and len(a.game.events) == events  # nothing lost
    assert a.error_message == ""


def test_projector_toggle_is_in_the_header_set_up_row():
    a = app()
    assert a.projector in a.controls.setup.children
    assert a.projector.description == "Projector"


def test_projector_type_is_at_least_20px():
    # Every rule that applies on a projector sets type of 20 px or more (the rules for the
    # normal page, ``:not(.aton-projector)``, may set it smaller to fit the window).
    projector = [body for where, body in re.findall(r"([^{}]+)\{([^{}]*)\}", LAYOUT_CSS)
                 if PROJECTOR_CLASS in where and f":not(.{PROJECTOR_CLASS})" not in where]
    sizes = [int(s) for body in projector for s in re.findall(r"font-size: (\d+)px", body)]
    assert sizes and min(sizes) >= 20
    assert f".{PROJECTOR_CLASS} .aton-col .aton-explain-text" in LAYOUT_CSS


def test_board_size_follows_the_window():
    a = app()
    layout = a.board.figure.layout
    assert (layout.width, layout.height) == (BOARD_WIDTH, BOARD_HEIGHT)
    assert "var(--aton-board-w)" in BOARD_WIDTH and "100vh" in LAYOUT_CSS


def test_step_controls_stay_first_whatever_the_explanation_shows():
    a = app()
    assert a.right.children[0] is a.controls.steps
    a.click_square("T1.1")  # no board choice now: a warning appears in the explanation
    assert "nothing to choose on the board" in a.explain.widget.value
    assert a.right.children[0] is a.controls.steps
    a.show_error(RuntimeError("test"))  # the error area goes under the controls
    assert a.right.children[0] is a.controls.steps
    assert a.right.children[1] is a.errors


def test_the_lesson_menu_is_as_wide_as_its_chosen_entry():
    """A lesson's title is longer than the free game's entry: the menu widens with the choice
    (and never past that width, where a narrow header lets it grow), so the title shows whole
    (tests/browser/test_fits.py measures it on the page)."""
    a = app()
    menu = a.controls.lesson
    free = int(menu.layout.width.removesuffix("px"))
    menu.value = "03_order_tie"  # "3. Cartouche 2: who goes first, and the tie-break"
    chosen = {value: label for label, value in menu.options}[menu.value]
    wide = int(menu.layout.width.removesuffix("px"))
    assert wide > free and wide >= 8 * len(chosen)
    assert menu.layout.max_width == menu.layout.width
    a.switch_language("pt")  # the Portuguese title is sized in turn
    chosen_pt = {value: label for label, value in menu.options}[menu.value]
    assert chosen_pt != chosen and menu.layout.width == f"{8 * (len(chosen_pt) + 6) + 30}px"
    menu.value = ""
    assert int(menu.layout.width.removesuffix("px")) < wide
