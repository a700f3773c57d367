"""The page's address: what ``play.ipynb?scenario=…&seed=…&lang=pt`` asks for, and the links
the app makes (``?game=<record>&step=K``). No widgets here.

``parse_query`` turns a query string into ``build_app`` keyword arguments; a value that cannot
be used is not dropped in silence: it is left out and explained in ``notices`` (sentences
written when shown, in the page's language). ``link_query`` writes the relative link to a game
record at a step; the page puts its own address in front (the kernel does not know it).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from urllib.parse import parse_qs

from ..engine import records
from ..engine.errors import RuleError
from ..i18n import (
    DEFAULT,
    LANGUAGES,
    N_,
    Later,
    best_match,
    normalize,
    speaking,
    spoken,
    translator,
)
from ..players import level_name
from ..teaching import scenarios, tutorial
from .session import OPPONENTS

_ = translator("app")

MAX_SEED = 2**63 - 1
#: A class's keys of a page address (issue 18): ``class=new`` starts a class, ``class=CODE&
#: key=KEY`` is the teacher's link, ``join=CODE`` a student's, ``&me=TOKEN`` after joining. The
#: class store checks each (``aton.classroom``); the class box says what it refuses.
CLASS_KEYS = ("class", "key", "join", "me")


def seed_rule() -> str:
    """What a seed may be, in the current language."""
    return _("a seed is a whole number from 0 to {max}").format(max=f"{MAX_SEED:,}")


def parse_seed(text: str) -> int:
    """A seed typed by a person: a whole number from 0 to 2**63 - 1 (ValueError if not)."""
    cleaned = text.strip().replace(",", "").replace("_", "").replace(" ", "")
    if not cleaned.isdigit() or not cleaned.isascii() or len(cleaned) > 19 or (
            int(cleaned) > MAX_SEED):
        raise ValueError(_("“{text}” cannot be a seed: {rule}.").format(
            text=shown_seed(text), rule=seed_rule()))
    return int(cleaned)


def shown_seed(text: str) -> str:
    """A typed seed as quoted back to the person (``visible``: a long one is cut with "…")."""
    return visible(text)


def visible(text: str, limit: int = 24) -> str:
    """``text`` as a notice quotes it, so that the person sees what was given: an empty
    value as ``""``, a character that does not print (NUL, a newline, a zero-width space) as
    its escape (``\\x00``, ``\\n``, ``\\u200b``), and a value longer than ``limit``
    characters cut with "…" (a 5,001-digit seed is not quoted as if it had 24 digits)."""
    if not text:
        return '""'
    cut = len(text) > limit
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])
    if len(shown) > limit or cut:
        shown = shown[:limit - 1] + "…"
    return shown


def parse_query(query: str, accept_language: str | None = None) -> dict:
    """``'scenario=NAME&seed=3&opponent=random'`` (or ``lesson=NAME``, a guided lesson;
    ``projector=1``, large type for a class; ``lang=pt``, the app in Portuguese; ``game=…&
    step=K``, a game from a link; ``puzzle=ID`` or ``puzzles=1``, Puzzles mode, with
    ``puzzler=TOKEN``, the learner's puzzles, also kept alone for when Puzzles mode opens;
    ``done=1,2,5``, the guided lessons done) -> ``build_app`` keyword arguments.

    Without ``lang=``, ``accept_language`` (the browser's ``Accept-Language`` header, if known)
    chooses the language (``aton.i18n.best_match``). Unknown keys are ignored. A value that
    cannot be used is explained in ``out["notices"]``, in the page's language (each a
    ``Spoken`` sentence, which the page writes again when it switches language)."""
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    out: dict = {}
    notices: list = []
    if "lang" in params:
        try:
            out["lang"] = normalize(params["lang"])
        except ValueError:
            out["lang"] = DEFAULT
            notices.append(_said(N_("The page address asks for lang={value}, but the app speaks "
                                    "{languages}; it is shown in English."),
                                 value=_quoted(params["lang"]), languages=", ".join(
                f"{name} (lang={code})" for code, name in LANGUAGES.items())))
    elif accept_language:
        out["lang"] = best_match(accept_language)
    _read_game_params(params, out, notices)
    if params.get("puzzle") or params.get("puzzles"):  # Puzzles mode (issue 20)
        out["puzzle"] = {"id": params.get("puzzle", "")[:16] or None,
                         "token": params.get("puzzler", "")[:100] or None}
    elif params.get("puzzler"):  # the learner's puzzles, for when Puzzles mode is opened
        out["puzzler"] = params["puzzler"][:100]
    classroom = {k: params[k][:100] for k in CLASS_KEYS if params.get(k)}
    if classroom:
        out["classroom"] = classroom
    if notices:
        with speaking(out.get("lang")):
            out["notices"] = [spoken(notice) for notice in notices]
    return out


def address_choice(level: str) -> str:
    """One value of the page address's ``opponent=``, as the app names it ("guloso
    (<code>greedy</code>)" in Portuguese; in English the name is the value: "<code>greedy</code>")."""
    value = f"<code>{level}</code>"
    # Hot seat's address value is not a word: it is always named.
    name = _("second person") if level == "hotseat" else level_name(level)
    if name == level:
        return value
    # Translators: {name} is how the app names a level or the hot seat ("guloso", "segunda
    # pessoa"), {value} what to type after opponent= in the page address ("greedy").
    return _("{name} ({value})").format(name=name, value=value)


def _read_game_params(params: dict[str, str], out: dict, notices: list) -> None:
    """The game's keys of a page address (all but ``lang``) into ``out``; what cannot be used
    is explained in ``notices``."""
    if params.get("scenario"):
        out["scenario"] = params["scenario"]
    if params.get("lesson"):
        out["lesson"] = params["lesson"]
    if "seed" in params:
        try:
            out["seed"] = parse_seed(params["seed"])
        except ValueError:
            notices.append(_said(N_("The page address asks for seed={value}, but {rule}. A new "
                                    "random deal was dealt instead."),
                                 value=_quoted(params["seed"]), rule=Later(seed_rule)))
    if "opponent" in params:
        if params["opponent"] in OPPONENTS:
            out["opponent"] = params["opponent"]
        else:
            notices.append(_said(N_("The page address asks for opponent={value}, which is not "
                                    "one of {choices}; the computer (greedy) plays instead."),
                                 value=_quoted(params["opponent"]), choices=Later(_choices)))
    if "learner" in params:
        if params["learner"] in ("red", "blue"):
            out["learner"] = params["learner"]
        else:
            notices.append(_said(N_("The page address asks for learner={value}, but you can "
                                    "play red or blue; you play red."),
                                 value=_quoted(params["learner"])))
    if params.get("game"):
        try:
            out["record"], linked = records.decode_game(params["game"], scenarios.load)
        except RuleError as err:
            notices.append(_said(N_("This link could not be opened: {reason}. Here is a new "
                                    "game instead."), reason=Later(_escaped, err)))
        else:
            out["scenario"] = linked
    if "step" in params:
        if params["step"].isdigit() and len(params["step"]) < 7:
            out["moment"] = int(params["step"])
        else:
            notices.append(_said(N_("The page address asks for step={value}, which is not a "
                                    "step number; the game is shown as it stands."),
                                 value=_quoted(params["step"])))
    if "done" in params:
        out["done"] = _lessons_done(params["done"], notices)
    if "projector" in params:
        value = params["projector"].strip().lower()
        if value in ("1", "yes", "true", "on", ""):
            out["projector"] = True
        elif value in ("0", "no", "false", "off"):
            out["projector"] = False
        else:
            notices.append(_said(N_("The page address asks for projector={value}: use "
                                    "projector=1 for large type, projector=0 for the usual "
                                    "page."), value=_quoted(value)))


def _lessons_done(text: str, notices: list) -> list[str]:
    """The guided lessons ``done=1,2,5`` marks done (their numbers in the Lesson menu), by
    name; a number that is no lesson's is left out and explained in ``notices``."""
    names = tutorial.names()
    done, wrong = [], []
    for part in filter(None, (p.strip() for p in text[:200].split(","))):
        number = int(part) if part.isdigit() and part.isascii() and len(part) < 4 else 0
        if 1 <= number <= len(names):
            done.append(names[number - 1])
        else:
            wrong.append(part)
    if wrong:
        notices.append(_said(N_("The page address marks lessons done with done={value}, but the "
                                "lessons are numbered 1 to {total}; left out: {wrong}."),
                             value=_quoted(text), total=len(names),
                             wrong=_quoted(", ".join(wrong))))
    return done


def done_value(done: set[str] | frozenset[str]) -> str:
    """The lessons ``done`` as the page address's ``done=`` writes them: "1,2,5" (numbered as
    in the Lesson menu); "" for none."""
    return ",".join(str(i + 1) for i, name in enumerate(tutorial.names()) if name in done)


def rewrite_address(set_keys: dict[str, str], drop: tuple[str, ...] = (),
                    title: str | None = None) -> str:
    """HTML that rewrites the page's address in place once it is on the page (the kernel
    cannot, and does not know the page's address): each key of ``set_keys`` is set to its
    value (an empty value removes the key), each key of ``drop`` removed, the rest kept. A
    reload or a bookmark then opens what the address names. ``title``: the tab's title
    (``page_title``) for what the address now names, which a tab strip, a bookmark and a
    screen reader give (WCAG 2.4.2)."""
    # window.URL: in an inline handler, a bare URL is document.URL (a string).
    code = ("(()=>{const u=new window.URL(location.href),q=u.searchParams;"
            f"const s={json.dumps(set_keys)},d={json.dumps(list(drop))};"
            "for(const k in s){if(s[k]){q.set(k,s[k]);}else{q.delete(k);}}"
            "for(const k of d){q.delete(k);}"
            "const t=q.toString().replace(/%2C/g,',');"
            "history.replaceState(null,'',u.pathname+(t?'?'+t:''));"
            + (f"document.title={json.dumps(title)};" if title else "") + "})()")
    return (f'<img src="data:," alt="" style="display:none" '
            f'onerror="{html.escape(code, quote=True)}">')


def page_title(part: str | None = None) -> str:
    """The tab's title: "Aton", or "Aton — " and what the page is at (a lesson, Puzzles)."""
    return f"Aton — {part}" if part else "Aton"


def _said(message: str, **facts: object) -> Callable[[], str]:
    """A notice written when it is shown: ``message`` translated then, filled with ``facts``
    (a fact that is words, ``Later``, is written then too)."""
    return lambda: _(message).format(**facts)


def _quoted(value: str) -> str:
    """A value of the page address as a notice quotes it: visible, short, safe in HTML."""
    return html.escape(visible(value))


def _escaped(error: RuleError) -> str:
    return html.escape(str(error))


def _choices() -> str:
    return ", ".join(address_choice(level) for level in OPPONENTS)


def link_query(record: dict, *, step: int | None = None, scenario: str | None = None,
               opponent: str | None = None, learner: str | None = None,
               lang: str | None = None, projector: bool = False) -> str:
    """The relative link (``?game=…&step=K&lang=pt&projector=1``) to the game of ``record``
    at step ``step`` (its end when None or the end), so that opening it shows the same page:
    the same language (always named, so the browser's language does not choose another) and
    projector mode when it is on. ``scenario``: the scenario the game started from, named in
    the link instead of its position when the record's start is it."""
    named = scenario if scenario and record["start"] is not None and (
        scenarios.start(scenario) == record["start"]) else None
    parts = [f"game={records.encode_game(record, named)}"]
    if step is not None and step != record["steps"]:
        parts.append(f"step={step}")
    if opponent:
        parts.append(f"opponent={opponent}")
    if learner:
        parts.append(f"learner={learner}")
    parts.append(f"lang={lang or DEFAULT}")
    if projector:
        parts.append("projector=1")
    return "?" + "&".join(parts)


__all__ = ["MAX_SEED", "address_choice", "link_query", "page_title", "parse_query", "parse_seed",
           "rewrite_address", "seed_rule", "visible"]
