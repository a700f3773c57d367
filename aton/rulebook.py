"""The rules R1-R19 as text a learner can read, from the one copy shipped in the package.

``aton/data/rules.md`` is the rulebook (``docs/rules.md`` is a link to it). This module reads
it once and hands out each rule's text by id, so the app can open "R12" when a learner clicks
it, and every text the app shows is the same as the document.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

#: A short title for each rule, shown beside its id (the app's rule badges and link tooltips).
RULE_TITLES = {
    "R1": "players, cards and counters",
    "R2": "the board",
    "R3": "board layout",
    "R4": "drawing 4 cards",
    "R5": "the exchange counter",
    "R6": "cards on the cartouches",
    "R7": "cartouche 1: points",
    "R8": "cartouche 2: who goes first",
    "R9": "one player after the other",
    "R10": "cartouche 2: removing counters",
    "R11": "no removal in round 1",
    "R12": "cartouche 3: which temples",
    "R13": "cartouche 4: placing counters",
    "R14": "cards to the discard pile",
    "R15": "the Kingdom of the Dead",
    "R16": "the scoring round",
    "R17": "taking counters back",
    "R18": "winning at once",
    "R19": "the end after a scoring round",
}

#: A rule id where it stands alone in a sentence: "R12", not "R120" or "TR1".
RULE_ID = re.compile(r"\bR(1[0-9]|[1-9])\b")
_START = re.compile(r"^- (R\d+)\. ?(.*)$")


def rules_markdown() -> str:
    """The whole rulebook (Markdown), as shipped in the package."""
    return files("aton").joinpath("data", "rules.md").read_text(encoding="utf-8")


@cache
def _rules() -> dict[str, tuple[str, str]]:
    """rule id -> (the section it stands in, its text)."""
    rules: dict[str, tuple[str, list[str]]] = {}
    section, current = "", None
    for line in rules_markdown().splitlines():
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
    return list(_rules())


def rule_text(rule_id: str) -> str:
    """The text of rule ``rule_id`` ('R12'), as written in the rulebook (Markdown).

    An unknown id raises KeyError naming the ids there are."""
    try:
        return _rules()[rule_id][1]
    except KeyError:
        raise KeyError(f"There is no rule {rule_id!r}: the rules are R1 to "
                       f"R{len(_rules())}.") from None


def rule_section(rule_id: str) -> str:
    """The heading of the part of the rulebook the rule stands in ('A round', ...)."""
    rule_text(rule_id)  # the same KeyError for an unknown id
    return _rules()[rule_id][0]
