"""The map of a round beside the board: its steps in order, the one the game is at lit.

Deal (R4) → cards face down (R5, R6) → reveal (R6) → cartouche 1 (R7) → who goes first
(R8) → the first player's cartouches 2, 3, 4 (R9–R13) → the other's → end of the round (R14,
R15) → a scoring round when the Kingdom of the Dead is full (R16, R17). Each step is a rule
button: a click opens its rule in the rules panel. ``round_stage(game)`` says which step the
game is at from public facts only (the phase, whose decision, who goes first), never a card.
"""

from __future__ import annotations

import html

from ipywidgets import HTML, Layout

from ..engine.board import PLAYERS
from ..engine.game import Game
from ..i18n import N_, translator
from ..teaching.rulebook import RULE_TITLES
from .rules_panel import with_rule_links
from .theme import Panel, in_language

_ = translator("app")

#: The steps of a round: (id, what the map says, the rule its button opens).
STAGES = (
    ("deal", N_("Deal"), "R4"),
    ("cards", N_("Cards face down"), "R6"),
    ("reveal", N_("Reveal"), "R6"),
    ("points", N_("Cartouche 1"), "R7"),
    ("order", N_("Who goes first"), "R8"),
    ("first", N_("First: 2, 3, 4"), "R9"),
    ("second", N_("Second: 2, 3, 4"), "R9"),
    ("end", N_("End of round"), "R14"),
    ("scoring", N_("Scoring round"), "R16"),
)
#: Steps of a scoring round and of the end of a round, by the engine's kind of step.
_SCORING = {"score", "scoring_end", "take_back_plan", "auto_take_back", "return", "take_back"}
_TURN = {"turn", "removal", "auto_remove", "placement", "auto_place", "overflow", "remove",
         "place"}


def round_stage(game: Game) -> str | None:
    """The id of the step of the round the game is at (``STAGES``), None once it is over."""
    if game.over:
        return None
    step = game.pending or game.coming
    if step is None:
        return None
    kind = step.kind
    if step.ask and step.secret:  # the exchange and the cards, face down (R5, R6)
        return "cards"
    if kind in ("deal", "reveal", "points", "order"):
        return kind
    if kind in _SCORING:
        return "scoring"
    if kind in _TURN or (kind == "win_check" and game.first is not None):
        p = getattr(step, "p", None)
        if p is None or game.first is None:
            return "first"
        return "first" if PLAYERS[p] == game.first else "second"
    if kind == "win_check":  # after cartouche 1's points (R18)
        return "points"
    return "end"


class RoundMap(Panel):
    """One HTML widget: the round's steps as rule buttons, the current one lit."""

    def __init__(self) -> None:
        self.widget = HTML(layout=Layout(width="100%"))
        self.widget.add_class("aton-map")
        self.stage: str | None = None
        self.first: str | None = None

    @in_language
    def show(self, stage: str | None, first: str | None = None) -> None:
        self.stage, self.first = stage, first
        self._render()

    @in_language
    def relabel(self) -> None:
        self._render()

    def _render(self) -> None:
        items = []
        for key, words, rule in STAGES:
            now = key == self.stage
            title = _("Read rule {rule}: {title}").format(rule=rule,
                                                          title=RULE_TITLES.get(rule, ""))
            label = html.escape(_(words))
            current = (' aria-current="step"' if now else "")
            items.append(f'<button type="button" class="aton-rule-link aton-map-step'
                         f'{" aton-map-now" if now else ""}" data-rule="{rule}"{current} '
                         f'title="{html.escape(title)}">{label}</button>')
        # The map is named for a screen reader; on screen the lit step says where we are.
        heading = html.escape(_("The steps of a round (a scoring round only when the Kingdom "
                                "of the Dead is full)"))
        arrow = '<span class="aton-map-arrow" aria-hidden="true">›</span>'
        # Each step keeps its arrow: a row that wraps ends on an arrow, and the next begins
        # with a step, never with a lone arrow.
        stages = [f'<span class="aton-map-stage">{item}{arrow if i < len(items) - 1 else ""}'
                  '</span>' for i, item in enumerate(items)]
        self.widget.value = with_rule_links(
            f'<nav class="aton-map-row" aria-label="{heading}" title="{heading}">'
            + "".join(stages) + "</nav>")


__all__ = ["STAGES", "RoundMap", "round_stage"]
