"""The four cartouches in words: what a card will do on each one (R7-R13), for the app and
the lessons to explain a card before it is played. The rules it words are ``rules.py``'s.
"""

from __future__ import annotations

from ..engine.board import Names, temples_text
from ..engine.errors import player_name
from ..engine.rules import removal
from ..i18n import N_, plural_translator, translator

_ = translator("engine")
_n = plural_translator("engine")

#: What each cartouche decides (R7-R13), read in the current language.
# Translators: what a cartouche decides, a short label under its number.
CARTOUCHE_NAMES = Names({1: N_("points"), 2: N_("order + removal"), 3: N_("temples"),
                         4: N_("placement")})


def meaning(cartouche: int, value: int, player: str, *, first_round: bool = False,
            stock: int | None = None) -> str:
    """What a card of ``value`` on ``cartouche`` will do for ``player``, in a learner's words
    (R7, R8, R10-R13). ``first_round`` notes R11; ``stock`` notes a stock smaller than the card."""
    other = player_name("blue" if player == "red" else "red")
    if cartouche == 1:
        return _("Cartouche 1 with a {value}: if it is higher than {other}'s cartouche-1 card you "
                 "score 2 × the difference; lower, {other} does (R7).").format(value=value,
                                                                              other=other)
    if cartouche == 2:
        n = removal(value)
        facts = {"value": value, "count": n, "other": other}
        if n == 0:
            return _("Cartouche 2 with a {value}: the lower card goes first (R8); {value} − 2 = 0, "
                     "so you remove no counter (R10).").format(**facts)
        if n < 0:
            text = (_("Cartouche 2 with a {value}: the lower card goes first (R8); {value} − 2 = "
                      "−1, so you must remove 1 of your own counters (R10), but nobody removes "
                      "anything in round 1 (R11).") if first_round else
                    _("Cartouche 2 with a {value}: the lower card goes first (R8); {value} − 2 = "
                      "−1, so you must remove 1 of your own counters (R10)."))
            return text.format(**facts)
        if first_round:
            return _n("Cartouche 2 with a {value}: the lower card goes first (R8); {value} − 2 = "
                      "{count}, so you remove {count} of {other}'s counters (R10), but nobody "
                      "removes anything in round 1 (R11).",
                      "Cartouche 2 with a {value}: the lower card goes first (R8); {value} − 2 = "
                      "{count}, so you remove {count} of {other}'s counters (R10), but nobody "
                      "removes anything in round 1 (R11).", n).format(**facts)
        return _n("Cartouche 2 with a {value}: the lower card goes first (R8); {value} − 2 = "
                  "{count}, so you remove {count} of {other}'s counters (R10).",
                  "Cartouche 2 with a {value}: the lower card goes first (R8); {value} − 2 = "
                  "{count}, so you remove {count} of {other}'s counters (R10).", n).format(**facts)
    if cartouche == 3:
        # Translators: {temples} is "in temple 1", "in temples 1 and 2" or "in temples 1 to 3".
        return _("Cartouche 3 with a {value}: you may remove and place counters {temples} "
                 "(R12).").format(value=value, temples=temples_text(value, "in"))
    if stock is not None and stock < value:
        return _n("Cartouche 4 with a {value}: you place {value} counter on empty squares of the "
                  "temples cartouche 3 allows (R13); only {stock} left in your stock, so "
                  "{stock}.",
                  "Cartouche 4 with a {value}: you place {value} counters on empty squares of the "
                  "temples cartouche 3 allows (R13); only {stock} left in your stock, so "
                  "{stock}.", value).format(value=value, stock=stock)
    return _n("Cartouche 4 with a {value}: you place {value} counter on empty squares of the "
              "temples cartouche 3 allows (R13).",
              "Cartouche 4 with a {value}: you place {value} counters on empty squares of the "
              "temples cartouche 3 allows (R13).", value).format(value=value)
