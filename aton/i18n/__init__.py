"""Languages: every sentence a learner reads, in English or in Brazilian Portuguese.

Sentences are written in English in the code and translated through gettext catalogs
(``aton/i18n/locale/pt_BR/LC_MESSAGES/<domain>.po``, compiled to ``.mo`` and shipped in the
package). A notebook or the command line chooses the language of the whole process::

    import aton
    aton.set_language("pt")          # or "en"; "pt-BR", "pt_BR" and "pt-PT" mean "pt"

and whatever holds a language of its own (an app on a page: two apps in one kernel may speak
two languages) writes its sentences inside ``speaking(code)``, which sets the language of the
current context only (a ``contextvars.ContextVar``), so the engine's sentences follow the app
that asks for them::

    with speaking("pt"):
        event.text                   # in Portuguese, whatever the process speaks

Each module takes the translator of its domain, and translates when the sentence is made, not
when the module is imported, so that switching the language changes every later sentence::

    from . import translator
    _ = translator("engine")
    _("Round {round} begins").format(round=3)

Placeholders are named and in braces, ``{round}``, so a translation may put them in any order.
Constants that must be translated later are marked with ``N_`` (extraction only; ``N_n`` for a
singular and plural pair). The events' facts, the rule ids (R1–R19), square names (T1.1) and the
JSON keys never change with language.

The catalogs are kept up to date with ``python tools/catalogs.py`` (see its docstring).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

#: The languages a learner can choose, by code, each named in its own language.
LANGUAGES = {"en": "English", "pt": "Português"}
DEFAULT = "en"

#: The catalogs' locale for each language (English is the source text, so it needs none).
#: Portuguese follows Brazilian usage (pt-BR) where it differs from European Portuguese.
CATALOG_LOCALE = {"pt": "pt_BR"}

#: The sign between a number's whole part and its decimals, in each language (CLDR's).
DECIMAL_SIGN = {"en": ".", "pt": ","}

LOCALE_DIR = Path(__file__).parent / "locale"

#: Each domain's source files (globs relative to the repository root). Every file that uses
#: ``translator(domain)`` is listed under that domain; ``tools/catalogs.py`` extracts from them.
DOMAINS: dict[str, tuple[str, ...]] = {
    "engine": ("aton/*.py", "aton/engine/*.py", "aton/players/*.py", "aton/teaching/*.py",
               "aton/teaching/scenarios/*.py", "aton/teaching/scenarios/*.json", "aton/cli/*.py"),
    "app": ("aton/app/*.py", "aton/server/*.py"),
    "lessons": ("aton/teaching/lessons/*.json",),
}

_process_language = DEFAULT  # set_language: the language of everything that has none of its own
#: The language of the current context (``speaking``), or None: the process's language.
_context_language: ContextVar[str | None] = ContextVar("aton_language", default=None)
_catalogs: dict[tuple[str, str], gettext.NullTranslations] = {}


def normalize(code: str) -> str:
    """The supported language a code names: ``"pt-BR"``, ``"pt_BR"``, ``"PT"`` → ``"pt"``.

    Raises ``ValueError`` naming the languages there are, for a code that names none of them.
    """
    base = code.strip().replace("_", "-").split("-")[0].lower() if isinstance(code, str) else ""
    if base not in LANGUAGES:
        raise ValueError(f"no language {code!r}; choose one of {', '.join(LANGUAGES)}")
    return base


def set_language(code: str) -> str:
    """Show every later sentence in ``code``'s language (``"en"`` or ``"pt"``); returns the code.

    It sets the language of the process; inside ``speaking(...)`` it also changes the language
    of that block (until the block ends)."""
    global _process_language
    _process_language = normalize(code)
    if _context_language.get() is not None:
        _context_language.set(_process_language)
    return _process_language


def language() -> str:
    """The code of the language sentences are written in now (this context's, else the
    process's)."""
    return _context_language.get() or _process_language


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Write the sentences made inside the block in ``code``'s language, in this context only
    (another app, thread or task keeps its own); None: the language in force already."""
    token = _context_language.set(normalize(code) if code else language())
    try:
        yield language()
    finally:
        _context_language.reset(token)


def best_match(accept_language: str | None) -> str:
    """The supported language a browser prefers, from an HTTP ``Accept-Language`` header
    (``"pt-BR,pt;q=0.9,en;q=0.8"`` → ``"pt"``); English when it names none we have."""
    choices = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        try:
            choices.append((-q, i, normalize(tag)))
        except ValueError:
            continue
    return min(choices)[2] if choices else DEFAULT


def catalog(domain: str, code: str | None = None) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``code``'s language (the current one by default)."""
    code = language() if code is None else normalize(code)
    key = (domain, code)
    found = _catalogs.get(key)
    if found is None:
        if domain not in DOMAINS:
            raise ValueError(f"no message domain {domain!r}; the domains are {', '.join(DOMAINS)}")
        if code in CATALOG_LOCALE:
            found = gettext.translation(domain, LOCALE_DIR, languages=[CATALOG_LOCALE[code]],
                                        fallback=True)
        else:
            found = gettext.NullTranslations()
        _catalogs[key] = found
    return found


def translator(domain: str) -> Callable[[str], str]:
    """``_(message)`` for ``domain``: the message in the current language."""
    def _(message: str) -> str:
        # English is the source text and has no catalog: the message is the sentence. Another
        # language's catalog is found here when it is loaded already. (An event's sentence asks
        # two or three of these, and a round through ``play_round`` writes some twenty.)
        code = _context_language.get() or _process_language
        if code not in CATALOG_LOCALE:
            return message
        return (_catalogs.get((domain, code)) or catalog(domain)).gettext(message)
    return _


def plural_translator(domain: str) -> Callable[[str, str, int], str]:
    """``_n(singular, plural, n)`` for ``domain``: the form for ``n`` in the current language."""
    def _n(singular: str, plural: str, n: int) -> str:
        # As ``_``: English has no catalog, and its plural is the second form unless n is 1.
        code = _context_language.get() or _process_language
        if code not in CATALOG_LOCALE:
            return singular if n == 1 else plural
        return (_catalogs.get((domain, code)) or catalog(domain)).ngettext(singular, plural, n)
    return _n


class Later:
    """A piece of a sentence written only when the sentence is read, in the language in force
    then: ``Later(player_name, "red")`` is "red" in English and "vermelho" in Portuguese.
    ``str()`` and ``format()`` write it, so it goes into ``"{player}".format(player=...)``."""

    __slots__ = ("_args", "_write")

    def __init__(self, write: Callable[..., str], *args: object) -> None:
        self._write = write
        self._args = args

    def __str__(self) -> str:
        return str(self._write(*self._args))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Later({self})"


class Spoken(str):
    """A sentence written now, in the language in force, that can be written again later in
    another: ``spoken(write)`` is the text ``write()`` returns, and its ``.write()`` writes it
    anew (a notice made when a page opens, shown again after the page switches language)."""

    write: Callable[[], str]


def spoken(write: Callable[[], str]) -> Spoken:
    """``write()`` now, as a ``Spoken`` sentence that can be written again."""
    text = Spoken(write())
    text.write = write
    return text


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, as the current language writes it: 3.4 in English,
    3,4 in Portuguese."""
    return f"{value:.{digits}f}".replace(".", DECIMAL_SIGN[language()])


def number(value: float, most: int = 1) -> str:
    """``value`` with no more decimals than it needs, ``most`` at most, as the current
    language writes it: 3, 1.5 and 0.6 in English; 3, 1,5 and 0,6 in Portuguese."""
    digits = next(d for d in range(most + 1) if round(value, d) == round(value, most))
    return decimal(value, digits)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (translate it where used)."""
    return message


def N_n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a singular and a plural form for translation later, as ``N_`` does
    for one form; the pair is what ``ngettext`` takes, with the count, where it is used."""
    return singular, plural


def reload() -> None:
    """Forget the loaded catalogs (after ``tools/catalogs.py`` compiled new ones)."""
    _catalogs.clear()


__all__ = ["DECIMAL_SIGN", "DEFAULT", "DOMAINS", "LANGUAGES", "N_", "Later", "N_n", "Spoken",
           "best_match", "catalog", "decimal", "language", "normalize", "number", "plural_translator",
           "reload", "set_language", "speaking", "spoken", "translator"]
