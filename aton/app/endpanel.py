"""The end of the game: who won and why (R18 at once, R19 after a scoring round); after a
game against a computer level, how the learner did against it in this session and the level
to play next (issue 19, item 2: ``ladder.Ladder``)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ipywidgets import HTML, Button, HBox, Layout, VBox

from ..engine.events import Event
from ..engine.rules import WIN_POINTS
from ..i18n import N_, translator
from ..players import LEVELS, level_name
from .ladder import Ladder, Result
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


#: What the ladder says after a game against a level, by its outcome for the learner.
OUTCOMES = {
    "won": N_("You beat the computer ({level})."),
    "lost": N_("The computer ({level}) won this time."),
    "drawn": N_("A draw against the computer ({level})."),
}
#: What it offers next: one level up after a win, one down after a loss, the same after a draw.
OFFERS = {
    "won": N_("Ready for the next level up? The computer ({level}) {does}."),
    "lost": N_("Play this level again with New game, or try one level down. The computer "
               "({level}) {does}."),
    "drawn": N_("Play the computer ({level}) again: the next game decides."),
}
TOP = N_("That is the strongest level there is: well done!")
BOTTOM = N_("Play this level again with New game: it is the weakest there is.")


class EndPanel(Panel):
    """A banner with the winner, the reason in the game's words, the final scores, and after
    a game against a computer level, how the learner did and the level to play next.
    ``on_level(fn)``: ``fn(level)`` runs when the learner takes the level offered."""

    def __init__(self) -> None:
        self._widget: VBox | None = None  # built at the first end of a game
        self.winner: str | None = None
        self.reason: str | None = None
        self.offered: str | None = None  # the level the button offers, None: no button
        self._shown: tuple | None = None
        self._on_level: Callable[[str], None] | None = None

    @property
    def widget(self) -> VBox:
        return self._build()

    def _build(self) -> VBox:
        if self._widget is None:
            self.text = HTML(layout=Layout(width="100%"))
            self.next = Button(button_style="success", layout=Layout(width="auto"))
            self.next.add_class("aton-next-level")
            self.next.on_click(lambda _b: self._on_level and self.offered
                               and self._on_level(self.offered))
            self.row = HBox([self.next], layout=Layout(display="none"))
            self._widget = VBox([self.text, self.row], layout=Layout(width="100%"))
            self._widget.add_class("aton-end")
        return self._widget

    def on_level(self, fn: Callable[[str], None]) -> None:
        self._on_level = fn

    @in_language
    def relabel(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)

    @in_language
    def show(self, winner: str, reason: str, scores: dict[str, int],
             event: Event | None = None, counted: tuple[str, str, Result] | None = None) -> None:
        """The banner; ``counted`` is (level, outcome, results against it) when the game
        counts on the ladder."""
        self._shown = (winner, reason, scores, event, counted)
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
        # Undo takes back the learner's last decision (and the computer's after it): after a
        # win that is no "try again", so the sentence says what it does, whoever won.
        after = _("Start a new game or a lesson with the controls at the top, or Undo to take "
                  "back your last decision and play it another way.")
        self._build()
        self.offered = None
        self.row.layout.display = "none"
        ladder = self._ladder(*counted) if counted is not None else ""
        self.text.value = with_rule_links(
                             f'<div class="aton-winner">{head}</div><div>{why}</div>'
                             f"<div>{final}</div>{ladder}"
                             f"<div style='font-size:15px;color:#555'>{after}</div>")

    def _ladder(self, level: str, outcome: str, result: Result) -> str:
        """How the learner did against ``level`` in this session, and the level offered."""
        self.offered = Ladder.next_level(level, outcome)
        tally = _("Against this level in this session: {won} won, {lost} lost, {drawn} "
                  "drawn.").format(won=result.won, lost=result.lost, drawn=result.drawn)
        if self.offered is None:
            offer = _(TOP if outcome == "won" else BOTTOM)
        else:
            offer = _(OFFERS[outcome]).format(level=level_name(self.offered),
                                              does=LEVELS[self.offered])
            self.next.description = _("Play the computer ({level}) ▸").format(
                level=level_name(self.offered))
            self.next.tooltip = _("A new game against this level")
            self.row.layout.display = ""
        said = _(OUTCOMES[outcome]).format(level=level_name(level))
        if outcome == "won":
            tally += " " + _("The opponent menu marks the strongest level you have beaten in "
                             "this session with ★.")
        return (f'<div class="aton-ladder"><b>{said}</b> {tally}<br>{offer}</div>')
