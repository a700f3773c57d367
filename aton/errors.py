"""The one error type of the engine: a broken rule, named by its id."""

from __future__ import annotations


class RuleError(ValueError):
    """An illegal position, move or decision. ``rule`` is the rule id (``"R12"``).

    The message always starts with the rule id, so a learner reading only the message
    still knows which rule to look up.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.detail = message
        super().__init__(f"{rule}: {message}")


def shown(value: object, limit: int = 40) -> str:
    """A short, safe form of a bad value for a refusal message: never deeper than one level,
    never a huge integer spelt out, cut with "…" past ``limit`` characters."""
    if isinstance(value, (bool, float)) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return repr(value)
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, (list, tuple, dict, set, frozenset)):
        text = f"a {type(value).__name__} of {len(value)}"
        if isinstance(value, (list, tuple)) and len(value) <= 8 and all(isinstance(v, (int, str)) and not isinstance(v, bool)
                                   and (not isinstance(v, int) or v.bit_length() <= 64)
                                   for v in value):
            text = repr(value)
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"
