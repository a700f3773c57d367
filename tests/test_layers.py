"""The folder tree is the architecture: ``aton.i18n`` ← ``aton.engine`` ← ``aton.players`` ←
``aton.teaching`` and ``aton.classroom`` (the class store, side by side) ← ``aton.app``,
``aton.cli`` and ``aton.server`` (the Voilà server's own code, side by side at the top). Every module under ``aton/`` is read (the app included): an import that
points up a layer, or across between the top three, an import cycle, or an import made inside a
function fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import aton

PACKAGE = Path(aton.__file__).resolve().parent
#: Each layer may import the layers before it, and itself. The app and the command line are
#: both at the top, side by side: neither imports the other; so are the teaching and the
#: class store (what teaches knows nothing of classes, the store nothing of lessons).
LAYERS = {"i18n": 0, "engine": 1, "players": 2, "teaching": 3, "classroom": 3, "app": 4, "cli": 4,
          "server": 4}
#: Only the app draws: these never load below it.
WIDGETS = ("ipywidgets", "bqplot", "traitlets", "IPython", "anywidget")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    """'engine' for aton.engine.game; 'root' for aton itself and aton.__main__."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "root"


def imports(module: str, source: str | None = None) -> list[tuple[int, str, bool]]:
    """(line, imported name, inside a function?) for every import of ``module`` (its file, or
    ``source``); relative imports resolved, ``from pkg import mod`` counted as an import of
    ``pkg.mod``."""
    path = MODULES.get(module, PACKAGE / "x.py")
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    inner = {id(node) for func in ast.walk(tree)
             if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
             for node in ast.walk(func) if isinstance(node, (ast.Import, ast.ImportFrom))}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, id(node) in inner) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for a in node.names:
                full = f"{source}.{a.name}"
                found.append((node.lineno, full if full in MODULES else source, id(node) in inner))
    return found


def edges() -> dict[str, set[str]]:
    return {m: {name for _line, name, _inner in imports(m) if name in MODULES and name != m}
            for m in MODULES}


def test_every_module_is_in_a_layer():
    """Nothing lies loose in aton/: every module is in a layer's package, but the package's
    own face (``aton/__init__.py``) and ``python -m aton`` (``aton/__main__.py``)."""
    loose = [m for m in MODULES if layer(m) == "root" and m not in ("aton", "aton.__main__")]
    assert loose == []
    assert {layer(m) for m in MODULES} == {*LAYERS, "root"}


def upward(module: str, source: str | None = None) -> list[str]:
    """The imports of ``module`` that do not point down the layers."""
    here = layer(module)
    if here == "root":
        return []
    wrong = []
    for line, name, _inner in imports(module, source):
        if not name.startswith("aton"):
            if name.split(".")[0] in WIDGETS and LAYERS[here] < LAYERS["app"]:
                wrong.append(f"line {line}: {name} (widgets belong to the app)")
            continue
        there = layer(name)
        if there == "root":
            wrong.append(f"line {line}: {name} (the package's face)")
        elif LAYERS[there] > LAYERS[here] or (there != here and LAYERS[there] == LAYERS[here]):
            wrong.append(f"line {line}: {name} ({there} is not below {here})")
    return wrong


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers_only(module):
    """A module imports its own layer and the layers below it, never one above, and never the
    package's face ``aton`` (which would import every layer)."""
    wrong = upward(module)
    assert wrong == [], f"{module} imports upward: " + "; ".join(wrong)


def test_no_import_is_made_inside_a_function():
    """Every import is at the top of its module, where the layer test reads it: an import in a
    function would hide a dependency (and its cost) until the function runs."""
    hidden = [f"{m} line {line}: {name}" for m in MODULES for line, name, inner in imports(m)
              if inner]
    assert hidden == []


def test_no_import_cycle():
    """The modules' imports form no cycle, within a layer or across layers."""
    graph = edges()
    done: set[str] = set()
    visiting: list[str] = []

    def visit(module: str) -> None:
        if module in visiting:
            cycle = visiting[visiting.index(module):] + [module]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        visiting.append(module)
        for dep in sorted(graph[module]):
            visit(dep)
        visiting.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


def test_the_checks_see_what_they_claim():
    """The layer test reads what it says it reads: the app's modules are among them, the
    engine's game imports its rules, and made-up upward, sideways and hidden imports are
    caught."""
    assert "aton.app.app" in MODULES and "aton.engine.game" in MODULES
    assert "aton.engine.rules" in edges()["aton.engine.game"]
    assert upward("aton.engine.game", "from ..app import app\n") == [
        "line 1: aton.app.app (app is not below engine)"]
    assert upward("aton.players.mcts", "from ..teaching.coach import advice\n") != []
    assert upward("aton.cli.console", "from ..app.board import BoardView\n") != []
    assert upward("aton.teaching.coach", "import ipywidgets\n") != []
    assert upward("aton.engine.game", "from .. import Game\n") != []
    assert upward("aton.app.app",
                  "from ..teaching import coach\nfrom ..engine import rules\n") == []
    assert [inner for *_, inner in imports("aton.engine.game", "def f():\n    import json\n")] \
        == [True]


def class_lengths() -> dict[str, int]:
    """Every class under aton/ and its length in lines."""
    lengths = {}
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lengths[f"{module}.{node.name}"] = node.end_lineno - node.lineno + 1
    return lengths


def test_no_class_is_longer_than_about_400_lines():
    """A class does one job: none is longer than about 400 lines (the engine's Game, the
    app's page and controller included), and the app itself is the wiring of a few hundred
    lines at most (its state, actions, sentences and panels live in their own classes)."""
    lengths = class_lengths()
    assert {name: n for name, n in lengths.items() if n > 400} == {}
    assert lengths["aton.app.app.AtonApp"] <= 250
    assert lengths["aton.engine.game.Game"] <= 400 and len(lengths) > 40
