"""The lesson notebooks show their boards and widgets without being run, in every front end.

(a) Every board a lesson draws is stored as an image of embedded SVG, never as ``<svg>``
    written into the output's HTML: JupyterLab before a notebook is trusted and GitHub sanitize
    a notebook's HTML, drop ``<svg>`` and leave its words ("Temple 1Temple 2…"), but keep an
    ``<img>`` with embedded data. Its squares have the app's colours (turquoise for the rules'
    blue squares, R3) and the Kingdom of the Dead's places the app's too (R15).
(b) The notebooks keep their widgets' state (``notebooks/build.py`` runs them with
    ``store_widget_state``): every widget output (lesson 3's class quiz) has its model, and the
    models it refers to, in the notebook's metadata, under ids that a rebuild does not change.
(c) The app's bqplot board is given its colours itself, not by a style sheet only the app's
    page loads, so a board widget is drawn alike in Voilà, JupyterLab and nbviewer.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest
from test_lessons_source import NOTEBOOKS, build

from aton.app.board import CELL_FILL, BoardView
from aton.app.layout import LAYOUT_CSS
from aton.app.theme import CSS, TURQUOISE
from aton.engine.board import COLOUR, KINGDOM_SIZE
from aton.engine.render import COUNTER, FILL, KINGDOM_FILL

LESSONS = sorted(NOTEBOOKS.glob("[a-z][a-z]/[0-9][0-9]_*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
IMAGE = re.compile(r'<img src="data:image/svg\+xml;base64,([^"]+)"')
SVG = "{http://www.w3.org/2000/svg}"


def outputs(nb: nbformat.NotebookNode) -> list[dict]:
    return [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]


def html_of(out: dict) -> str:
    text = out.get("data", {}).get("text/html", "")
    return "".join(text) if isinstance(text, list) else text


def test_every_lesson_notebook_is_looked_at():
    assert len(LESSONS) == 8 and {p.parent.name for p in LESSONS} == {"en", "pt"}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_boards_are_images_with_the_apps_colours(path: Path):
    nb = nbformat.read(path, as_version=4)
    pages = [html_of(out) for out in outputs(nb)]
    assert not [p for p in pages if "<svg" in p], "an <svg> in HTML: sanitizers drop it"
    boards = [base64.b64decode(m) for page in pages for m in IMAGE.findall(page)]
    assert boards, f"{path.name} draws no board"
    for svg in boards:
        root = ET.fromstring(svg)
        rects = list(root.iter(f"{SVG}rect"))
        squares = [r for r in rects if r.find(f"{SVG}title") is not None]
        places = [r for r in rects if r.find(f"{SVG}title") is None]
        fills = [r.get("fill") for r in squares]
        # The same colours as the app's board, square by square (R3); blue squares turquoise.
        assert fills == [FILL[COLOUR[i]] for i in range(48)] == CELL_FILL[:48]
        assert fills.count(TURQUOISE) == COLOUR.count("B") > 0
        assert [r.get("fill") for r in places] == [KINGDOM_FILL] * KINGDOM_SIZE
        assert KINGDOM_FILL == CELL_FILL[48]


def references(value: object) -> set[str]:
    """The model ids a widget's state refers to ("IPY_MODEL_<id>")."""
    return set(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(value)))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_widgets_are_stored_with_their_state(path: Path):
    nb = nbformat.read(path, as_version=4)
    shown = [out["data"][WIDGET_VIEW]["model_id"] for out in outputs(nb)
             if WIDGET_VIEW in out.get("data", {})]
    if path.name.startswith("03"):
        assert shown, "lesson 3 shows its class quiz"  # the predict-then-reveal quiz (R16)
    if not shown:
        return
    state = nb.metadata["widgets"][build.WIDGET_STATE]["state"]
    # Every widget shown, and every widget it is made of, has its state in the notebook.
    todo, seen = list(shown), set()
    while todo:
        model = todo.pop()
        if model in seen:
            continue
        seen.add(model)
        assert model in state, f"widget {model} shown but not stored"
        assert state[model]["model_name"] and "state" in state[model]
        todo += references(state[model]["state"])
    assert len(seen) > 10  # the quiz is a box of boxes, texts and buttons
    quiz = state[shown[0]]["state"]
    assert quiz["_view_name"] == "VBoxView" and quiz["children"]
    texts = [m["state"]["value"] for m in state.values() if m["model_name"] == "HTMLModel"]
    # The quiz's words are stored, not only its box: its first line of the scoring round (R16).
    assert any(("<b>Temple 1</b>" if path.parent.name == "en" else "<b>Templo 1</b>") in text
               for text in texts), texts
    # The ids are the build's own, made from the lesson's name: a rebuild writes the same file.
    prefix = f"{path.parent.name}{path.name[:2]}"
    assert set(state) == {hashlib.md5(f"{prefix}-{k}".encode(), usedforsecurity=False)
                          .hexdigest() for k in range(len(state))}


def test_stable_widget_ids_rename_every_reference():
    nb = nbformat.v4.new_notebook()
    a, b = "a" * 32, "b" * 32
    nb.metadata["widgets"] = {build.WIDGET_STATE: {"state": {
        a: {"model_name": "VBoxModel", "state": {"children": [f"IPY_MODEL_{b}"]}},
        b: {"model_name": "HTMLModel", "state": {"value": "x"}}}}}
    cell = nbformat.v4.new_code_cell("w")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        WIDGET_VIEW: {"model_id": a, "version_major": 2, "version_minor": 0}})]
    nb.cells.append(cell)
    out = build.stable_widget_ids(nb, "en03")
    text = nbformat.writes(out)
    assert a not in text and b not in text
    state = out.metadata["widgets"][build.WIDGET_STATE]["state"]
    new_a, new_b = (hashlib.md5(f"en03-{k}".encode(), usedforsecurity=False).hexdigest()
                    for k in (0, 1))
    assert set(state) == {new_a, new_b}
    assert out.cells[0].outputs[0]["data"][WIDGET_VIEW]["model_id"] == new_a
    assert state[new_a]["state"]["children"] == [f"IPY_MODEL_{new_b}"]
    assert new_a != new_b and nbformat.writes(build.stable_widget_ids(nb, "en03")) == text
    assert build.stable_widget_ids(nb, "pt03").metadata != out.metadata


def test_the_board_widget_carries_its_own_colours():
    """The squares' colours are in the bqplot mark's own state (what a stored notebook or any
    front end receives), and no style sheet of the app paints the board's marks."""
    board = BoardView()
    state = board.squares.get_state()
    assert state["colors"] == CELL_FILL and state["fill"] is True
    assert [state["colors"][i] for i in range(48) if COLOUR[i] == "B"] == [TURQUOISE] * COLOUR[:48].count("B")
    board.update([1] + [0] * 47, ["blue"])  # a red counter on T1.1, a blue one in the Kingdom
    assert board.counters.get_state()["colors"] == [COUNTER[1], COUNTER[2]]
    for sheet in (CSS, LAYOUT_CSS):
        for rule in re.findall(r"([^{}]*)\{([^}]*)\}", sheet):
            if ".aton-board" in rule[0] or ".dot" in rule[0]:
                assert not re.search(r"(^|;|\s)fill\s*:", rule[1]), rule
