"""Pages of a class built in one process, for the class tests (issue 18): a teacher's page, its
students' pages, and what a page shows, to compare a student's page with the teacher's.

Each page is ``build_app(query=...)`` exactly as Voilà builds it from the address; the class
store is the one ``ATON_CLASS_STORE`` names (the ``class_store`` fixture makes it a file of the
test's own). A page polls the store when its hidden ticker ticks; here ``tick`` does it.
"""

from __future__ import annotations

import re

import pytest
from helpers import page_state

from aton.app import build_app


@pytest.fixture
def class_store(tmp_path, monkeypatch):
    """A class store of the test's own: a SQLite file in its temporary folder."""
    path = tmp_path / "class.sqlite3"
    monkeypatch.setenv("ATON_CLASS_STORE", str(path))
    return path


def teacher(query: str = "class=new", **kwargs):
    """A teacher's page (default: one that starts a class)."""
    kwargs.setdefault("how_to_play", False)
    kwargs.setdefault("deal_seed", 0)
    return build_app(query=query, **kwargs)


def student(code: str, name: str | None = None, **kwargs):
    """A student's page opened on ``?join=CODE``; with ``name`` typed in and Join clicked."""
    kwargs.setdefault("how_to_play", False)
    kwargs.setdefault("deal_seed", 2)
    kwargs.setdefault("seed", 9)
    page = build_app(query=f"join={code}", **kwargs)
    if name is not None:
        box = page.page.classroom
        box.name.value = name
        box.join.click()
    return page


def rejoined(code: str, token: str, **kwargs):
    """A student's page rebuilt from its own link (a reload): ``?join=CODE&me=TOKEN``."""
    kwargs.setdefault("how_to_play", False)
    return build_app(query=f"join={code}&me={token}", **kwargs)


def tick(*pages) -> None:
    """One tick of each page's ticker: it reads the store and redraws what changed."""
    for page in pages:
        page.page.classroom._tick(None)


def link_of(page):
    return page.page.class_link


def box_of(page):
    return page.page.classroom


def shown(page) -> dict:
    """What a page shows of the game: the moment, the board, the cartouche table (when it is
    on the page: looking back before a reveal the stage is hidden) and the explanation's
    sentence."""
    board, table = page.board, page.table
    on_page = page.stage.layout.display != "none" and table.widget in page.stage.children
    return {
        "record": page.game.record(),
        "moment": page.state.moment,
        "board": (list(board.board), list(board.kingdom), board.stock, board.event_cells),
        "cartouches": [table.value_shown(p, c) for p in ("red", "blue") for c in (1, 2, 3, 4)]
        if on_page else None,
        "explained": page.current_text,
    }


def anonymous_state(page) -> list:
    """``page_state`` with the class's own strings (its code, in its three spellings, and the
    page's token) put out: two classes' students' pages that differ in nothing else give the
    same."""
    link = link_of(page)
    code = link.code
    secrets = [s for s in (link.token, link.key, f"{code[:3]}&thinsp;{code[3:]}",
                           " ".join(code), code) if s]
    pattern = re.compile("|".join(re.escape(s) for s in secrets))

    def scrub(value):
        if isinstance(value, str):
            return pattern.sub("CLASS", value)
        if isinstance(value, list):
            return [scrub(v) for v in value]
        if isinstance(value, dict):
            return {k: scrub(v) for k, v in value.items()}
        return value

    return [(kind, scrub(state)) for kind, state in page_state(page)]
