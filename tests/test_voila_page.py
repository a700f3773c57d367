"""What Voilà's page says about itself before and around the app: its language, its title and
the words shown while it gets ready, and "page not found" (the "aton" page template,
``aton/server/voila_template``).

Voilà's own page is declared English (``<html lang="en">``) whatever it holds, and says
"Running …" and "Executing 5 of 14" while it gets ready. The template is chosen in voila.json
and installed with the package; every notebook Voilà serves names its title, and a lesson or
the strategy lab its language. In a browser: tests/browser/test_page_language.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from jupyter_core.paths import jupyter_path

REPO = Path(__file__).resolve().parent.parent
TEMPLATE = REPO / "aton" / "server" / "voila_template"
#: Every notebook a page of Voilà serves (the README's Binder links), with its language
#: (None: the page's, from ?lang= or the browser).
SERVED = {"play.ipynb": None, "strategy_lab.ipynb": "en", "pt/strategy_lab.ipynb": "pt"} | {
    f"{lang}/{nb.name}": lang for lang in ("en", "pt")
    for nb in sorted((REPO / "notebooks" / lang).glob("[0-9][0-9]_*.ipynb"))}


def test_voila_uses_the_template_and_the_package_installs_it():
    config = json.loads((REPO / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "aton"
    assert ('[tool.hatch.build.targets.wheel.shared-data]\n'
            '"aton/server/voila_template" = "share/jupyter/voila/templates/aton"\n'
            ) in (REPO / "pyproject.toml").read_text()
    assert json.loads((TEMPLATE / "conf.json").read_text()) == {"base_template": "lab"}


def test_the_installed_template_is_this_one():
    """An install copies the template (an editable one too): after a change to it, this fails
    until ``pip install -e .`` is run again."""
    installed = [Path(d) / "voila" / "templates" / "aton" for d in jupyter_path()]
    found = [d for d in installed if (d / "index.html.j2").exists()]
    assert found, f"the aton template is not installed in any of {installed}"
    names = sorted(p.name for p in TEMPLATE.iterdir())
    assert names == ["404.html", "conf.json", "index.html.j2", "language.macro.html.j2"]
    for name in names:
        assert (found[0] / name).read_text() == (TEMPLATE / name).read_text(), name


def test_the_template_says_both_languages_and_keeps_voilas_words_out():
    page = (TEMPLATE / "index.html.j2").read_text()
    assert "document.documentElement.lang = lang;" in page
    assert 'language.page_language(nb.metadata.get("aton", {}).get("language", ""))' in page
    rule = (TEMPLATE / "language.macro.html.j2").read_text()
    assert '? "pt-BR" : "en"' in rule and 'get("lang")' in rule and "navigator.language" in rule
    assert "The page is getting ready." in page
    assert "A página está sendo preparada." in page
    assert "window.voila_process = function () {};" in page  # no "Executing k of n"
    assert "#loading_text { visibility: hidden; }" in page  # no "Running ..." painted first


def test_page_not_found_says_both_languages():
    page = (TEMPLATE / "404.html").read_text()
    assert "There is no page at this address." in page
    assert "Não há nenhuma página neste endereço." in page
    assert "document.documentElement.lang = lang;" in page
    assert "language.page_language()" in page  # the same rule as every page, no notebook's


@pytest.mark.parametrize("name", sorted(SERVED))
def test_every_page_has_its_title_and_a_lesson_its_language(name):
    nb = nbformat.read(REPO / "notebooks" / name, as_version=4)
    if name == "play.ipynb":  # the app writes its own heading: the tab says the game's name
        assert nb.metadata["title"] == "Aton" and "aton" not in nb.metadata
        return
    heading = next(line[2:].strip() for cell in nb.cells if cell.cell_type == "markdown"
                   for line in cell.source.splitlines() if line.startswith("# "))
    assert nb.metadata["title"] == heading
    assert nb.metadata["aton"] == {"language": SERVED[name]}
