"""The end of the game: who won and why (R18 at once, R19 after a scoring round)."""

from __future__ import annotations

from html import escape

from ipywidgets import HTML, Layout

from ..engine.events import Event
from ..engine.rules import WIN_POINTS
from ..i18n import N_, translator
from .rules_panel import with_rule_links
from .theme import Panel, capitalized, in_language, player_name, player_span

_ = translator("app")

#: Why the winner won (the engine's own sentence is shown when there is one).
REASONS = {
    "points": N_("{player} reached {points} points (R18)."),
    "temple": N_("{player} occupies a whole temple (R18)."),
    "yellow": N_("{player} occupies all 14 yellow squares (R18)."),
    "green": N_("{player} occupies all 14 green squares (R18)."),
    "scoring": N_("{player} has more points after the scoring round that reached {points} "
                  "(R19)."),
}


class EndPanel(Panel):
    """A banner with the winner, the reason in the game's words, and the final scores."""

    def __init__(self) -> None:
        self._widget: HTML | None = None  # built at the first end of a game
        self.winner: str | None = None
        self.reason: str | None = None
        self._shown: tuple | None = None

    @property
    def widget(self) -> HTML:
        if self._widget is None:
            self._widget = HTML(layout=Layout(width="100%"))
            self._widget.add_class("aton-end")
        return self._widget

    @in_language
    def relabel(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)

    @in_language
    def show(self, winner: str, reason: str, scores: dict[str, int],
             event: Event | None = None) -> None:
        self._shown = (winner, reason, scores, event)
        self.winner, self.reason = winner, reason
        if winner == "draw":
            head = _("A draw!")
            why = _("The scores are equal after the scoring round (R19).")
        else:
            head = capitalized(_("{player} wins!").format(player=player_span(winner)))
            why = (capitalized(_(REASONS[reason]).format(player=player_name(winner),
                                                         points=WIN_POINTS))
                   if reason in REASONS else escape(str(reason)))
        if event is not None:
            why = escape(event.text)  # the engine's own sentence, with the rule
        final = _("Final score: {red} {red_points} · {blue} {blue_points}").format(
            red=player_span("red"), red_points=scores["red"], blue=player_span("blue"),
            blue_points=scores["blue"])
        after = _("Start a new game or a lesson with the controls at the top, or Undo to try "
                  "again.")
        self.widget.value = with_rule_links(
                             f'<div class="aton-winner">{head}</div><div>{why}</div>'
                             f"<div>{final}</div>"
                             f"<div style='font-size:15px;color:#555'>{after}</div>")
