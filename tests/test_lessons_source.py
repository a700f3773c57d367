"""The lessons' Markdown sources (notebooks/en, notebooks/pt) and their notebooks.

(a) Every lesson exists in both languages, and every .ipynb holds exactly the cells of its .md:
    a teacher who edited a .md without rebuilding (`python notebooks/build.py`) is told so.
(b) The hidden `check` cells guard the prose: with a number of the engine changed (R7: cartouche
    1 scores three times the difference instead of twice), lesson 1 stops at the check below the
    sentence that quotes it, and the error names that sentence.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
REPO = NOTEBOOKS.parent


def _build_module():
    spec = importlib.util.spec_from_file_location("lessons_build", NOTEBOOKS / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_module()
SOURCES = build.sources()


def test_every_lesson_exists_in_both_languages():
    names = {lang: sorted(md.name for md in SOURCES if md.parent.name == lang)
             for lang in build.LANGUAGES}
    assert len(names["en"]) == 4, names
    assert names["pt"] == names["en"], "each English lesson needs its Portuguese source, same name"


@pytest.mark.parametrize("md", SOURCES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebook_in_sync_with_its_markdown(md: Path):
    assert build.differences(md) == [], (
        f"{md.relative_to(REPO)} was edited without rebuilding its notebook: "
        f"run python notebooks/build.py {md.parent.name}/{md.name[:2]}")


@pytest.mark.parametrize("md", SOURCES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_hidden_check_cells(md: Path):
    """Each lesson has checks, hidden in Jupyter and printing nothing (so Voilà shows nothing)."""
    nb = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
    checks = [c for c in nb.cells if "check" in c.metadata.get("tags", ())]
    assert len(checks) >= 5, f"{md.name}: only {len(checks)} check cells"
    for cell in checks:
        assert cell.cell_type == "code"
        assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, cell.source
        says = "false sentence" if md.parent.name == "en" else "frase falsa"
        assert "assert" in cell.source and says in cell.source, cell.source
        assert cell.outputs == [], f"a check cell printed something: {cell.source[:80]}"


@pytest.mark.parametrize("lang", ["pt"])
def test_portuguese_lessons_switch_the_language_first(lang: str):
    sources = [md for md in SOURCES if md.parent.name == lang]
    assert sources, f"no lesson in notebooks/{lang}"
    for md in sources:
        nb = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
        first = next(c for c in nb.cells if c.cell_type == "code")
        assert 'aton.set_language("pt")' in first.source, md.name
        assert first.metadata.get("jupyter", {}).get("source_hidden") is True


# Cartouche 1 (R7) changed: three times the difference. The lesson's prose still says twice.
PATCH = """
import aton

def _tripled(red, blue):
    if red == blue:
        return None, 0
    return (0 if red > blue else 1), 3 * abs(red - blue)

aton.rules.cartouche1 = _tripled
"""


@pytest.mark.parametrize("lang, sentence", [
    ("en", "blue's 3 against red's 1 scores 2 × (3 − 1) = 4"),
    ("pt", "o 3 do azul contra o 1 do vermelho marca 2 × (3 − 1) = 4"),
])
def test_changed_engine_fails_the_check_below_the_sentence(lang: str, sentence: str):
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = build.notebook_from(NOTEBOOKS / lang / "01_board_and_first_round.md")
    nb.cells.insert(0, nbformat.v4.new_code_cell(PATCH))
    # The kernel imports aton from this checkout, whatever is installed.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])}
    client = NotebookClient(nb, timeout=60, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS / lang)}})
    with pytest.raises(CellExecutionError) as failed:
        client.execute(env=env)
    message = str(failed.value)
    assert "AssertionError" in message
    assert sentence in message, message[-2000:]
    # It stopped at that check: the cells after it never ran.
    ran = [c for c in nb.cells if c.cell_type == "code" and c.get("execution_count")]
    last = ran[-1]
    assert "check" in last.metadata.get("tags", ()) and "points" in last.source
