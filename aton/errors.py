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
