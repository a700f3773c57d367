"""No English left on the page in Portuguese: a whole game at ``?lang=pt`` in a real browser.

Voilà serves notebooks/play.ipynb?lang=pt; chromium plays a whole game against the computer by
clicks (cards onto cartouches, Confirm, squares from the keyboard list, To my next decision,
Auto-play once), and reads the WHOLE page's text (``inner_text("body")``) at several moments:
the first screen (How to play open, a rule open), a placement, a scoring round and the end.

The English words to look for come from the catalogs themselves: every word of the English
messages (the msgids of aton/i18n/locale/pt_BR/LC_MESSAGES/*.po) that is not also a word of
their Portuguese translations, minus the names that never change (``ALLOWED``). A word of that
list on the page is English left over; the failure lists each one with the line it is in.

A second test opens the page with no ``lang=`` in a browser whose language is Brazilian
Portuguese (Playwright's ``locale`` sends it as Accept-Language): the page is Portuguese.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, expect

from aton.i18n import LOCALE_DIR

pytestmark = pytest.mark.browser

SEED = 3
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
#: Words that are the same in every language: names, and the language menu, which names each
#: language in its own words.
ALLOWED = {"aton", "voilà", "voila", "binder", "ok", "english", "português"}
WORD = re.compile(r"[^\W\d_]{2,}")
LOAD_TIMEOUT = 120_000


def words(text: str) -> set[str]:
    """The words of a message or a page (tags and {placeholders} left out), lower case."""
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\{\w*\}", " ", text)
    return {w.lower() for w in WORD.findall(text)}


def prose(text: str) -> str:
    """A translation without what it quotes from code: 'round' (a JSON key), `aton round`
    command lines, "…" values. Those stay English in Portuguese too, so their words must not
    count as Portuguese words."""
    text = "\n".join(line for line in text.splitlines() if not re.match(r"\s*aton\s", line))
    return re.sub(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`", " ", text)


@cache
def english_words() -> frozenset[str]:
    """Words of the English messages that are not words of their Portuguese translations."""
    english: set[str] = set()
    portuguese: set[str] = set()
    catalogs = sorted((LOCALE_DIR / "pt_BR" / "LC_MESSAGES").glob("*.po"))
    assert catalogs, "no catalogs"
    for path in catalogs:
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in ids:
                english |= words(text)
            for text in strings:
                portuguese |= words(prose(text or ""))
    return frozenset(english - portuguese - ALLOWED)


def english_left(text: str) -> dict[str, list[str]]:
    """{english word: [the lines of ``text`` it is in]}."""
    found: dict[str, list[str]] = {}
    bad = english_words()
    for line in text.splitlines():
        for word in sorted(words(line) & bad):
            found.setdefault(word, []).append(line.strip()[:160])
    return found


def test_the_word_list_finds_english_and_spares_portuguese():
    """The check itself: English words of the app's messages are in the list, their Portuguese
    translations and the names are not."""
    bad = english_words()
    assert {"cartouche", "counter", "round", "confirm", "undo"} <= bad
    assert not {"cartucho", "pedra", "rodada", "confirmar", "desfazer", "aton"} & bad
    assert english_left("Próximo passo ▸ o vermelho coloca uma pedra (R13)") == {}
    assert set(english_left("Next step ▸ red places a counter (R13)")) >= {"next", "counter"}


# ---------------------------------------------------------------------- the page


def log_steps(page: Page) -> str:
    """The game log's head ("Histórico do jogo (12 passos, …)"): it changes at every step."""
    return page.locator(".aton-log > div").first.inner_text()


def after(page: Page, action) -> None:
    """Do ``action`` and wait until the game has moved on (the log counts one step more)."""
    before = log_steps(page)
    action()
    page.wait_for_function(
        "b => { const d = document.querySelector('.aton-log > div');"
        " return d && d.innerText !== b; }", arg=before, timeout=30_000)


def put_cards(page: Page) -> None:
    """Put the four cards of the hand on cartouches 1-4 as they lie, then Confirmar (R6)."""
    for c in range(1, 5):
        page.locator(".aton-cardbtn:not([disabled])").first.click()
        slot = page.get_by_role("button", name=re.compile(rf"^Cartucho {c}: "))
        slot.click()
        expect(slot).not_to_have_text(f"Cartucho {c}: —")
    after(page, lambda: page.get_by_role("button", name="Confirmar: cartas viradas").click())


def choose_square(page: Page) -> None:
    """A board decision from the keyboard list: its first square, then its button."""
    label = page.locator(".aton-square-list select").select_option(index=0)[0]
    square = label.split(":")[0]  # an option's value is its label: "T1.1: templo 1, ..."
    # Pressed once the button names the square: the kernel has the pick (squares.ACTIONS_ON).
    expect(page.locator(".aton-chooser button")).to_have_text(
        re.compile(rf" {re.escape(square)}$"))
    after(page, lambda: page.locator(".aton-chooser button").click())


def shown(locator) -> bool:
    return locator.count() > 0 and locator.first.is_visible()


def test_a_whole_game_in_portuguese_leaves_no_english_on_the_page(
        voila_server: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="pt-BR")
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{voila_server}?lang=pt&seed={SEED}", timeout=LOAD_TIMEOUT)
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=LOAD_TIMEOUT)
    moments: dict[str, str] = {}

    # The first screen, with How to play open, then a rule opened from a rule id.
    expect(page.locator(".aton-howto")).to_be_visible()
    moments["first screen"] = page.inner_text("body")
    page.locator(".aton-explain .aton-rule-link").first.click()
    expect(page.locator(".aton-rule-drawer")).to_be_visible()
    moments["a rule open"] = page.inner_text("body")
    page.locator(".aton-rule-drawer button.widget-button").last.click()  # close the rule
    expect(page.locator(".aton-rule-drawer")).to_be_hidden()
    page.locator(".aton-howto button.widget-button").last.click()  # close How to play
    expect(page.locator(".aton-howto")).to_be_hidden()

    auto_played = False
    for _ in range(600):
        if shown(page.locator(".aton-end")):
            break
        if shown(page.locator(".aton-cardbtn:not([disabled])")) and shown(
                page.get_by_role("button", name="Confirmar: cartas viradas")):
            put_cards(page)
            if not auto_played:  # Auto-play once, fast, until it stops by itself
                auto_played = True
                page.locator(".aton-steps select").select_option(label="rápido")
                page.get_by_role("button", name="Automático ▶").click()
                expect(page.get_by_role("button", name="Pausar ⏸")).to_be_visible()
                moments["auto-play"] = page.inner_text("body")
                expect(page.get_by_role("button", name="Automático ▶")).to_be_visible(
                    timeout=120_000)
        elif shown(page.locator(".aton-square-list select")):
            moments.setdefault("a placement", page.inner_text("body"))
            choose_square(page)
        else:
            after(page, lambda: page.get_by_role(
                "button", name="Até a minha decisão ▸▸").click())
        if "a scoring round" not in moments and shown(
                page.locator(".aton-col .aton-table.aton-compact tr.aton-hl")):
            moments["a scoring round"] = page.inner_text("body")  # a line just scored
    expect(page.locator(".aton-end")).to_be_visible()
    moments["the end"] = page.inner_text("body")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "portuguese_end.png"))
    assert {"first screen", "a placement", "a scoring round", "the end"} <= set(moments)
    assert "Próximo passo ▸" in moments["first screen"]
    assert "Placar final" in moments["the end"]

    for name, text in moments.items():  # kept to read (tests/artifacts is not committed)
        (ARTIFACTS / f"portuguese_{name.replace(' ', '_')}.txt").write_text(text)
    # Each line with English in it once, with its English words, first where it appeared.
    lines: dict[str, tuple[str, set[str]]] = {}
    for name, text in moments.items():
        for word, found in english_left(text).items():
            for line in found:
                lines.setdefault(line, (name, set()))[1].add(word)
    report = "\n".join(f"[{name}] {', '.join(sorted(found))}: {line}"
                       for line, (name, found) in lines.items())
    assert not lines, f"English left on the page ({len(lines)} lines):\n{report}"
    assert errors == []
    context.close()


@pytest.mark.parametrize(("locale", "button"), [("pt-BR", "Próximo passo ▸"),
                                                 ("en-US", "Next step ▸")])
def test_the_browser_language_is_the_page_language(
        voila_server: str, browser: Browser, locale: str, button: str) -> None:
    """No ``lang=``: the browser's language (Accept-Language, which Voilà hands the kernel as
    HTTP_ACCEPT_LANGUAGE because voila.json lists it in http_header_envs) chooses."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale=locale)
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(f"{voila_server}?seed={SEED}", timeout=LOAD_TIMEOUT)
    expect(page.get_by_role("button", name=button)).to_be_visible(timeout=LOAD_TIMEOUT)
    context.close()


def test_the_language_menu_switches_the_page_and_keeps_the_game(
        voila_server: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(f"{voila_server}?seed={SEED}&lang=en", timeout=LOAD_TIMEOUT)
    expect(page.locator(".aton-cardbtn")).to_have_count(4, timeout=LOAD_TIMEOUT)
    hand = page.locator(".aton-cardbtn").all_inner_texts()
    page.locator(".aton-language select").select_option(label="Português")
    expect(page.get_by_role("button", name="Próximo passo ▸")).to_be_visible(timeout=30_000)
    expect(page.locator(".aton-explain")).to_contain_text("O app agora fala português")
    assert page.locator(".aton-cardbtn").all_inner_texts() == hand  # the same hand
    expect(page.locator(".aton-app input").first).to_have_value(str(SEED))
    context.close()
