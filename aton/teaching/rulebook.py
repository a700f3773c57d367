"""The rules R1-R19 as text a learner can read, from the one copy shipped in the package.

``aton/teaching/data/rules.md`` is the rulebook (``docs/rules.md`` is a link to it), and
``aton/teaching/data/rules.pt.md`` its Portuguese (pt-BR) translation with the same ids, structure and
numbers (``docs/rules.pt.md``). This module reads the current language's rulebook once and hands
out each rule's text by id, so the app can open "R12" when a learner clicks it, and every text
the app shows is the same as the document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.resources import files

from ..i18n import N_, language, normalize, translator

_ = translator("engine")

#: The rulebook file of each language (English is the ruling; the others translate it).
RULEBOOKS = {"en": "rules.md", "pt": "rules.pt.md"}

_TITLES = {
    "R1": N_("players, cards and counters"),
    "R2": N_("the board"),
    "R3": N_("board layout"),
    "R4": N_("drawing 4 cards"),
    "R5": N_("the exchange counter"),
    "R6": N_("cards on the cartouches"),
    "R7": N_("cartouche 1: points"),
    "R8": N_("cartouche 2: who goes first"),
    "R9": N_("one player after the other"),
    "R10": N_("cartouche 2: removing counters"),
    "R11": N_("no removal in round 1"),
    "R12": N_("cartouche 3: which temples"),
    "R13": N_("cartouche 4: placing counters"),
    "R14": N_("cards to the discard pile"),
    "R15": N_("the Kingdom of the Dead"),
    "R16": N_("the scoring round"),
    "R17": N_("taking counters back"),
    "R18": N_("winning at once"),
    "R19": N_("the end after a scoring round"),
}


class _Titles(Mapping[str, str]):
    """Each rule's short title, in the language current when it is read."""

    def __getitem__(self, rule_id: str) -> str:
        return _(_TITLES[rule_id])

    def __iter__(self) -> Iterator[str]:
        return iter(_TITLES)

    def __len__(self) -> int:
        return len(_TITLES)


#: A short title for each rule, shown beside its id (the app's rule badges and link tooltips),
#: in the current language: ``RULE_TITLES["R12"]`` → "cartouche 3: which temples".
RULE_TITLES: Mapping[str, str] = _Titles()

#: A rule id where it stands alone in a sentence: "R12", not "R120" or "TR1".
RULE_ID = re.compile(r"\bR(1[0-9]|[1-9])\b")
_START = re.compile(r"^- (R\d+)\. ?(.*)$")


def rules_markdown(code: str | None = None) -> str:
    """The whole rulebook (Markdown) in ``code``'s language (the current one by default), as
    shipped in the package."""
    name = RULEBOOKS[language() if code is None else normalize(code)]
    return files(__package__).joinpath("data", name).read_text(encoding="utf-8")


@cache
def _rules(code: str) -> dict[str, tuple[str, str]]:
    """rule id -> (the section it stands in, its text), in ``code``'s rulebook."""
    rules: dict[str, tuple[str, list[str]]] = {}
    section, current = "", None
    for line in rules_markdown(code).splitlines():
        if line.startswith("## "):
            section, current = line[3:].strip(), None
            continue
        start = _START.match(line)
        if start:
            current = start.group(1)
            rules[current] = (section, [start.group(2)])
        elif current is not None:
            if line.startswith("- "):  # an item that is not a rule ends the rule
                current = None
                continue
            rules[current][1].append(line.removeprefix("  "))
    return {rid: (sec, "\n".join(lines).strip()) for rid, (sec, lines) in rules.items()}


def rule_ids() -> list[str]:
    """Every rule id, in the order of the rulebook: ['R1', ..., 'R19']."""
    return list(_rules(language()))


def rule_title(rule_id: str) -> str:
    """The short title of rule ``rule_id`` in the current language ('' for an unknown id)."""
    return RULE_TITLES.get(rule_id, "")


def rule_text(rule_id: str) -> str:
    """The text of rule ``rule_id`` ('R12'), as written in the current language's rulebook
    (Markdown). An unknown id raises KeyError naming the ids there are."""
    rules = _rules(language())
    try:
        return rules[rule_id][1]
    except KeyError:
        raise KeyError(_("There is no rule {rule}: the rules are R1 to R{last}.").format(
            rule=repr(rule_id), last=len(rules))) from None


def rule_section(rule_id: str) -> str:
    """The heading of the part of the rulebook the rule stands in ('A round', ...)."""
    rule_text(rule_id)  # the same KeyError for an unknown id
    return _rules(language())[rule_id][0]
