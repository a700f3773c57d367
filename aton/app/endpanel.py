"""The end of the game: who won and why (R18 at once, R19 after a scoring round)."""

from __future__ import annotations

from html import escape

from ipywidgets import HTML, Layout

from ..events import Event
from ..rules import WIN_POINTS
from .rules_panel import with_rule_links
from .theme import player_span

REASONS = {
    "points": f"reached {WIN_POINTS} points (R18)",
    "temple": "occupies a whole temple (R18)",
    "yellow": "occupies all 14 yellow squares (R18)",
    "green": "occupies all 14 green squares (R18)",
    "scoring": f"has more points after the scoring round that reached {WIN_POINTS} (R19)",
}


class EndPanel:
    """A banner with the winner, the reason in the game's words, and the final scores."""

    def __init__(self) -> None:
        self._widget: HTML | None = None  # built at the first end of a game
        self.winner: str | None = None
        self.reason: str | None = None

    @property
    def widget(self) -> HTML:
        if self._widget is None:
            self._widget = HTML(layout=Layout(width="100%"))
            self._widget.add_class("aton-end")
        return self._widget

    def show(self, winner: str, reason: str, scores: dict[str, int],
             event: Event | None = None) -> None:
        self.winner, self.reason = winner, reason
        if winner == "draw":
            head = "A draw!"
            why = "The scores are equal after the scoring round (R19)."
        else:
            head = f"{player_span(winner, winner.capitalize())} wins!"
            why = f"{winner.capitalize()} {REASONS.get(reason, escape(str(reason)))}."
        if event is not None:
            why = escape(event.text)  # the engine's own sentence, with the rule
        self.widget.value = with_rule_links(
                             f'<div class="aton-winner">{head}</div><div>{why}</div>'
                             f"<div>Final score: {player_span('red')} {scores['red']} · "
                             f"{player_span('blue')} {scores['blue']}</div>"
                             "<div style='font-size:15px;color:#555'>Start a new game or a "
                             "lesson with the controls at the top, or Undo to try again."
                             "</div>")
