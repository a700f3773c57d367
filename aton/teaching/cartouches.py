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
        # What the card does, said as the card's effect (R10), not as the rule's arithmetic.
        n = removal(value)
        facts = {"value": value, "other": other}
        if n == 0:
            return _("Cartouche 2 with a {value}: the lower card goes first (R8); a {value} "
                     "removes no counter (R10).").format(**facts)
        if n < 0:
            text = _("Cartouche 2 with a {value}: the lower card goes first (R8); a {value} "
                     "makes you remove one of your own counters, from the temples your "
                     "cartouche 3 allows (R10, R12).")
        elif n == 1:
            text = _("Cartouche 2 with a {value}: the lower card goes first (R8); a {value} "
                     "makes you remove one of {other}'s counters, from the temples your "
                     "cartouche 3 allows (R10, R12).")
        else:
            text = _("Cartouche 2 with a {value}: the lower card goes first (R8); a {value} "
                     "makes you remove 2 of {other}'s counters, from the temples your "
                     "cartouche 3 allows (R10, R12).")
        if first_round:  # R11: the card still decides the order, but removes nothing
            return text.format(**facts) + " " + _("But nobody removes anything in round 1 "
                                                  "(R11).")
        return text.format(**facts)
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


def on_cartouches(cards: tuple[int, ...] | list[int]) -> str:
    """Cards put on cartouches 1-4, said cartouche by cartouche ("a 3 on cartouche 1, a 4 on
    cartouche 2, a 2 on cartouche 3 and a 2 on cartouche 4"), never as a bare list (R6)."""
    # Translators: one card on one cartouche, in a list ("a 3 on cartouche 1").
    parts = [_("a {card} on cartouche {cartouche}").format(card=card, cartouche=i)
             for i, card in enumerate(cards, 1)]
    if len(parts) < 2:
        return "".join(parts)
    # Translators: the end of a list ("a 2 on cartouche 3 and a 2 on cartouche 4").
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def hand_text(hand: tuple[int, ...] | list[int]) -> str:
    """A hand of cards in words ("3, 1, 3 and 1"), never as a bare list."""
    shown = [str(card) for card in hand]
    if len(shown) < 2:
        return "".join(shown)
    return _("{first} and {last}").format(first=", ".join(shown[:-1]), last=shown[-1])
