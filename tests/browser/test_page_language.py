"""Every page says its language and its name from its first byte, and while it gets ready
says so in that language (the "aton" Voilà page template; tests/test_voila_page.py).

Before: a Portuguese page was ``<html lang="en">`` (a screen reader read it with an English
voice, WCAG 2.1, 3.1.1), its tab was titled "03_scoring_round", and the spinner said "Running
..." and "Executing 5 of 14". Now the spinner's every word, recorded as the page is parsed
(a ``MutationObserver`` installed before the page's first byte, so no moment is missed), is
the page's own sentence; ``<html lang>`` and the tab's title are the page's; and in the app,
``<html lang>`` follows the Language menu. A link typed wrong gets "page not found" in the
visitor's language.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: Every text the spinner's line shows while it is visible, in order (no repeats).
RECORD = """
window.atonSpinner = [];
new MutationObserver(() => {
  const line = document.getElementById('loading_text');
  if (!line || getComputedStyle(line).visibility !== 'visible') return;
  const said = window.atonSpinner;
  if (said[said.length - 1] !== line.textContent) said.push(line.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""
SAID = {"en": "The page is getting ready.", "pt": "A página está sendo preparada."}
GAME = {"en": "Your game is getting ready.", "pt": "Sua partida está sendo preparada."}
HTML_LANG = {"en": "en", "pt": "pt-BR"}
LESSON = {"en": ("en/02_the_four_cartouches.ipynb", "Lesson 2 · The four cartouches"),
          "pt": ("pt/02_the_four_cartouches.ipynb", "Lição 2 · Os quatro cartuchos")}
NOT_FOUND = {"en": ("Page not found (404)", "There is no page at this address."),
             "pt": ("Página não encontrada (404)", "Não há nenhuma página neste endereço.")}
LOAD_TIMEOUT = 120_000


@pytest.fixture
def folder(voila_factory) -> str:
    """Voilà serving the notebooks folder, as Binder's links do: the lessons and the lab."""
    return voila_factory("notebooks")


def spinner(page: Page) -> list[str]:
    return page.evaluate("() => window.atonSpinner")


def drawn(page: Page) -> None:
    """Voilà has shown the cells (its spinner is gone)."""
    page.wait_for_function("() => !document.getElementById('loading')", timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_lesson_says_its_language_and_its_title(page: Page, folder, lang) -> None:
    """A Portuguese lesson opened by an English browser is still Portuguese: its language is
    the lesson's, not the browser's."""
    path, title = LESSON[lang]
    page.add_init_script(RECORD)
    page.goto(f"{folder}voila/render/{path}")
    drawn(page)
    assert page.evaluate("() => document.documentElement.lang") == HTML_LANG[lang]
    expect(page).to_have_title(title)
    said = spinner(page)
    assert said and all(text.startswith(SAID[lang]) for text in said), said


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_app_says_its_language_and_follows_the_language_menu(page: Page, voila_server,
                                                                 lang) -> None:
    page.add_init_script(RECORD)
    page.goto(f"{voila_server}?lang={lang}&seed=4")
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=LOAD_TIMEOUT)
    # The page template's sentence, then the app notebook's own (its first cell), no other.
    said = spinner(page)
    assert said and said[0].startswith(SAID[lang]), said
    assert all(t.startswith((SAID[lang], GAME[lang])) for t in said), said
    assert page.evaluate("() => document.documentElement.lang") == HTML_LANG[lang]
    expect(page).to_have_title("Aton")
    other = "pt" if lang == "en" else "en"
    page.locator(".aton-language select").select_option(
        label={"en": "English", "pt": "Português"}[other])
    page.wait_for_function(f"() => document.documentElement.lang === '{HTML_LANG[other]}'")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_link_typed_wrong_is_said_in_the_visitors_language(browser, folder, lang) -> None:
    """Voilà's own answer was "404: Not Found. You are requesting a page that does not
    exist!", in English: now the browser's language chooses (a Portuguese teacher who typed
    a lesson's link wrong on Binder)."""
    context = browser.new_context(locale={"en": "en-US", "pt": "pt-BR"}[lang])
    try:
        page = context.new_page()
        answer = page.goto(f"{folder}voila/render/pt/03_scoring.ipynb")
        assert answer is not None and answer.status == 404
        heading, sentence = NOT_FOUND[lang]
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        assert sentence in page.inner_text("body")
        other = NOT_FOUND["pt" if lang == "en" else "en"][1]
        assert other not in page.inner_text("body")  # the other language's is hidden
        assert page.evaluate("() => document.documentElement.lang") == HTML_LANG[lang]
        expect(page).to_have_title(heading)
    finally:
        context.close()
