"""Every Binder link the README and binder/lessons.md give opens something that exists: each
``?urlpath=voila/render/…`` a notebook in the repository, each ``?urlpath=lab/tree/…`` a folder."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

REPO = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\?urlpath=([A-Za-z0-9%._-]+)")


def links() -> list[tuple[str, str]]:
    found = []
    for doc in ("README.md", "binder/lessons.md"):
        found += [(doc, unquote(m)) for m in LINK.findall((REPO / doc).read_text())]
    return found


def test_the_docs_give_links_to_the_app_the_lessons_and_the_lab():
    targets = {target for _doc, target in links()}
    assert "voila/render/notebooks/play.ipynb" in targets
    assert "voila/render/notebooks/pt/strategy_lab.ipynb" in targets
    assert len(targets) >= 12


@pytest.mark.parametrize("doc, target", links())
def test_a_binder_link_opens_a_file_that_exists(doc: str, target: str):
    route, _, path = target.partition("/")
    path, _, query = path.partition("?")  # a page's own query (?lang=pt, ?scenario=…)
    for scenario in re.findall(r"scenario=([a-z0-9_]+)", query):
        assert (REPO / "aton/teaching/scenarios" / f"{scenario}.json").is_file(), (doc, target)
    if route == "voila":
        assert path.startswith("render/"), (doc, target)
        assert (REPO / path.removeprefix("render/")).is_file(), (doc, target)
    else:
        assert route == "lab" and path.startswith("tree/"), (doc, target)
        assert (REPO / path.removeprefix("tree/")).is_dir(), (doc, target)
