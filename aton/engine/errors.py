"""The one error type of the engine: a broken rule, named by its id.

Refusals quote the bad value through ``shown``, so that a message stays one short line whatever
was passed in: a 50 MB string, a list nested 1,000 deep or an integer of 5,000 digits.
"""

from __future__ import annotations

from ..i18n import N_, Later, plural_translator, translator

_ = translator("engine")
_n = plural_translator("engine")

#: Seeds are whole numbers 0 <= seed < 2**63 (None: no seed given, the game picks one).
SEED_LIMIT = 2**63
_SHUFFLED = {"R1": N_("the decks of a new game"),
             "R4": N_("a discard pile that becomes a draw pile")}
_DEPTH = 3  # how deep ``shown`` looks inside lists and objects; deeper ones show as [...]
_BIG_INT_BITS = 100  # about 30 digits: longer integers are described, not written out
_EXACT_DIGITS_BITS = 1_000_000  # beyond this, counting the digits exactly costs too much


class RuleError(ValueError):
    """An illegal position, move or decision. ``rule`` is the rule id (``"R12"``).

    A refusal keeps its facts and writes its sentence when it is read, as events do: raised
    as ``RuleError("R12", N_("{player}: {square} is in temple {temple}, ..."), player=...,
    square=...)``, its ``detail`` (and ``str()``) is the message, translated and filled in the
    language in force at the moment it is read (``aton.i18n.speaking``), so a refusal made on
    an English page and shown after a switch to Portuguese reads in Portuguese. A fact that is
    itself words (a player's name, another refusal) is given as ``aton.i18n.Later`` (``named``,
    ``words``) or as another refusal's ``said``, and is written then too. A message with a
    singular and a plural form is given as ``N_n(singular, plural)``: the fact ``n`` chooses
    the form. ``str()`` always starts with the rule id, which is the same in every language. A
    message given with no facts is not formatted (it may hold braces).
    """

    def __init__(self, rule: str, message: str | tuple[str, str], /, **facts: object) -> None:
        self.rule = rule
        self.message = message
        self.facts = facts
        super().__init__(rule, message)

    @property
    def detail(self) -> str:
        """The refusal's sentence, without the rule id, in the current language."""
        message = self.message
        text = _n(*message, self.facts["n"]) if isinstance(message, tuple) else _(message)
        return text.format(**self.facts) if self.facts else text

    @property
    def said(self) -> Later:
        """The sentence (without the rule id) as a fact of another sentence, written when that
        one is read: ``RuleError(e.rule, N_("record start: {detail}"), detail=e.said)``."""
        return Later(_detail, self)

    def __str__(self) -> str:
        return f"{self.rule}: {self.detail}"

    def __reduce__(self):  # a refusal crosses to a worker process with its facts
        return (_refusal, (self.rule, self.message, self.facts))


def _detail(error: RuleError) -> str:
    return error.detail


def _refusal(rule: str, message: str | tuple[str, str], facts: dict) -> RuleError:
    return RuleError(rule, message, **facts)


def named(player: str | int) -> Later:
    """A player's name as a fact of a refusal: "red" / "vermelho", written when it is read
    (``player_name``; anything but red and blue stays as it is)."""
    return Later(player_name, player)


def words(message: str) -> Later:
    """An engine message marked with ``N_``, as a fact of a refusal: translated when the
    refusal is read."""
    return Later(_translated, message)


def _translated(message: str) -> str:  # a module function, so that a refusal can be pickled
    return _(message)


def shown(value: object, limit: int = 60) -> str:
    """A short text of ``value`` for a message: at most ``limit`` characters, cut with "…".

    It never calls a value's own ``repr`` (which could be huge, slow or raise), looks only a
    few levels deep, and describes a long integer ("an integer of 5000 digits") instead of
    writing it out (Python refuses to write integers of more than 4300 digits).
    """
    text = _short(value, limit, _DEPTH)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short(value: object, room: int, depth: int) -> str:
    if value is None or isinstance(value, bool):
        return "None" if value is None else "True" if value else "False"
    if isinstance(value, int):
        if abs(value).bit_length() > _BIG_INT_BITS:
            return _("an integer of {digits} digits").format(digits=_digits(value))
        return int.__repr__(value)
    if isinstance(value, float):
        return float.__repr__(value)
    if isinstance(value, str):
        text = str.__str__(value)
        return repr(text) if len(text) <= room else repr(text[:room]) + "…"
    if isinstance(value, (bytes, bytearray)):
        return repr(bytes(value[:room])) + ("…" if len(value) > room else "")
    if isinstance(value, dict):
        if depth == 0:
            return "{…}"
        items = [f"{_short(k, room, depth - 1)}: {_short(v, room, depth - 1)}"
                 for k, v in _first(iter(dict.items(value)), room)]
        return _joined("{", items, "}", room)
    for kind, (opening, closing) in ((list, "[]"), (tuple, "()"), (set, "{}"),
                                     (frozenset, "{}")):
        if isinstance(value, kind):
            if depth == 0:
                return opening + "…" + closing
            items = [_short(v, room, depth - 1) for v in _first(kind.__iter__(value), room)]
            if kind is tuple and len(items) == 1:
                items[0] += ","
            return _joined(opening, items, closing, room)
    return _("a value of type {kind}").format(kind=type(value).__name__)


def _first(items, room: int) -> list:
    """At most ``room`` + 1 items: more could never be shown in ``room`` characters."""
    out = []
    for item in items:
        out.append(item)
        if len(out) > room:
            break
    return out


def _joined(opening: str, items: list[str], closing: str, room: int) -> str:
    """The items between brackets, stopping with "…" once ``room`` characters are used."""
    parts: list[str] = []
    used = 0
    for text in items:
        if used > room:
            parts.append("…")
            break
        parts.append(text)
        used += len(text) + 2
    return opening + ", ".join(parts) + closing


def _digits(n: int) -> str:
    """How many decimal digits ``n`` has, counted without writing it out."""
    bits = abs(n).bit_length()
    if bits > _EXACT_DIGITS_BITS:
        return _("about {n}").format(n=int(bits * 0.30103))
    digits = max(1, int((bits - 1) * 0.30102999))  # a little under log10(2): never too many
    while abs(n) >= 10**digits:
        digits += 1
    return str(digits)


def check_seed(seed: object, rule: str) -> None:
    """Refuse a seed that is not a whole number 0 <= seed < 2**63 (None: no seed given).

    ``rule`` is what the seed shuffles: ``"R1"`` the decks of a new game, ``"R4"`` the
    reshuffles of discard piles when a game continues from a position.
    """
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise RuleError(rule, N_("the seed shuffles {what} and must be a whole number from 0 to "
                                 "2**63 - 1, got {value}"), what=words(_SHUFFLED[rule]),
                        value=shown(seed))


def player_name(name: str | int) -> str:
    """A player's name as a sentence says it: "red" / "blue" (or 0 / 1), in the current language.
    Anything else (a name from a malformed file) is returned as it is."""
    if name == "red" or type(name) is int and name == 0:
        # Translators: the red player, as in "red: T3.8 is already occupied" or "red goes first".
        return _("red")
    if name == "blue" or type(name) is int and name == 1:
        return _("blue")
    return name


#: How a finished game was won, by its end (a position's "end"), for a refusal.
_WON_BY = {
    "points": N_("{winner} won by points"),
    "temple": N_("{winner} won by temple"),
    "yellow": N_("{winner} won by yellow"),
    "green": N_("{winner} won by green"),
    "scoring": N_("{winner} won by scoring"),
    None: N_("{winner} won"),
}


def game_over(winner: str | None, end: str | None) -> str:
    """How a finished game ended, for a refusal: "red won by temple", "a draw after a scoring
    round"."""
    if winner == "draw":
        return _("a draw after a scoring round")
    return _(_WON_BY.get(end, _WON_BY[None])).format(winner=player_name(str(winner)))
