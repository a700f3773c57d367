"""The coach in the app: a Coach hint button, a "Review my moves" toggle and the threat line.

The coach (``aton.teaching.coach``) reasons from the deciding person's own ``PlayerView``
only, never from the game, so it cannot give away a hidden card; the controller asks it
(``Controller.coach_hint``, ``Controller._review``) and this panel shows what it said, to the
person at the screen only: a hint only to the player it was asked for, a review of a choice
made face down (R5, R6) only to the player who made it. It searches at the "strong" level: one
search takes about 40 ms (80 ms at the 95th percentile) alone on this machine
(bench/bench_bots.py), and a review makes two, well under the 0.3 s a click may wait.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from ipywidgets import HTML, Button, HBox, Layout, ToggleButton, VBox

from ..engine.steps import ASKS
from ..engine.view import PlayerView
from ..i18n import N_, translator
from ..teaching import coach
from ..teaching.cartouches import on_cartouches
from .coaching import COACH_SEED, Hinted, Reviewed
from .hints import HintMarks
from .rules_panel import with_rule_links
from .state import AppState
from .theme import Panel, capitalized, in_language, player_name

_ = translator("app")

# Translators: the coach's hint for a square, after "Coach: ".
SQUARE_HEADLINES = {"place": N_("place a counter on {square} (ringed on the board)"),
                    "remove": N_("remove the counter on {square} (ringed on the board)"),
                    "take_back": N_("take back your counter on {square} (ringed on the board)")}
HINT_TIP = N_("What the coach would do now, and why")


class CoachPanel(Panel):
    """The Coach hint button, the Review my moves toggle, and what they say; the threat
    warning (R18) under them. ``hints``: where the hint marks the picker and the board."""

    def __init__(self, state: AppState, hints: HintMarks) -> None:
        self.state = state
        self.hints = hints
        self.seed = COACH_SEED
        self.hint = Button(icon="lightbulb-o", disabled=True, layout=Layout(width="auto"))
        self.hint.add_class("aton-coach-hint")
        self.review = ToggleButton(value=False, layout=Layout(width="auto"))
        self.hint_box = HTML(layout=Layout(overflow="auto"))  # its height: layout.LAYOUT_CSS
        self.hint_box.add_class("aton-hint-box")
        self.review_box = HTML()
        self.threat_box = HTML()
        self.advice: coach.Advice | None = None
        self.last_review: list[coach.Review] = []
        self.threats: list[coach.Threat] = []
        self._shown: tuple | None = None  # what show was last given, to write it again
        # The threat first: it is short and matters most; the hint's reasons scroll.
        self.row = HBox([self.hint, self.review], layout=Layout(grid_gap="6px",
                                                                flex_flow="row wrap"))
        self.widget = VBox([self.threat_box, self.row,
                            self.review_box, self.hint_box],
                           layout=Layout(width="100%"))
        self.widget.add_class("aton-coach")
        self.relabel()

    def on_hint(self, callback: Callable[[], None]) -> None:
        self.hint.on_click(lambda _b: callback())

    def on_review(self, callback: Callable[[bool], None]) -> None:
        self.review.observe(lambda ch: callback(ch["new"]), "value")

    @in_language
    def relabel(self) -> None:
        self.hint.description = _("Coach hint")
        self.review.description = _("Review my moves")
        self.review.tooltip = _("After each of your choices, say whether the coach agreed")
        if self._shown is not None:
            self.show(*self._shown)

    # ------------------------------------------------------------------ drawing

    @in_language
    def show(self, hinted: Hinted | None, reviewed: Reviewed | None,
             board: PlayerView | None) -> None:
        """After every step: the hint (if it is for the person at the screen), the review
        of the last choice (if that person may see it), the hint button (working when the
        person at the screen has a decision to make), and the threat warning (R18) worked out
        from ``board`` (any view: the board and stocks are public)."""
        self._shown = (hinted, reviewed, board)
        screen = self.state.screen
        self._show_hint(hinted if hinted is not None and hinted.view.player == screen else None)
        visible = reviewed is not None and (not reviewed.secret or reviewed.player == screen
                                            or self.state.game.phase != "choose")
        self._show_review(reviewed if visible else None, hidden=reviewed is not None)
        able = self.state.deciding is not None and self.state.moment is None
        self.hint.disabled = not able
        self.hint.tooltip = (_(HINT_TIP) if able
                             else _("The coach gives a hint when it is your decision"))
        self.review.button_style = "info" if self.review.value else ""
        found = coach.threats(board) if board is not None else []
        self.threat_box.value = "".join(
            f'<div class="aton-warn">{with_rule_links(html.escape(t.text))}</div>'
            for t in found)
        self.threats = found

    def _show_hint(self, hinted: Hinted | None) -> None:
        if hinted is None:
            self.advice = None
            self.hint_box.value = ""
            self.hint.button_style = ""
            self.hints.clear("coach")
            return
        advice, then = hinted.advice, hinted.then
        reasons, cards = advice.reasons, None
        if advice.kind == "assign":
            cards = advice.choice
            # Said so that it stays true once the cards lie as advised (no ring left).
            headline = _("put {placed} (follow the rings: a card, then its "
                         "cartouche)").format(placed=on_cartouches(cards))
        elif then is not None:
            # Confirm keeps the cards and puts them on the cartouches in one click: say
            # where the coach would put them too (its own expected points and risk).
            cards = then.choice
            # Both decisions may give the same first reason (a lesson's goal): said once.
            reasons = list(dict.fromkeys(reasons[:1] + then.reasons))
            headline = _("keep the exchange counter, put {placed} (follow the rings: a card, then "
                         "its cartouche), then Confirm").format(
                placed=on_cartouches(cards))
        elif advice.kind == "exchange":
            # The button's own words, as the picker shows them.
            headline = _("click “{button}”").format(
                button=_("Hand in exchange counter: 4 new cards"))
        else:
            headline = _(SQUARE_HEADLINES[advice.kind]).format(square=advice.choice)
        self.advice = advice
        items = "".join(f"<li>{html.escape(s)}</li>" for s in reasons)
        # Translators: {headline} is what to do, e.g. "put a 4 on cartouche 1, ...".
        said = html.escape(_("Coach: {headline}.").format(headline=headline))
        # How the coach thinks, said once: its reasons speak of "the games the coach imagined",
        # and a newcomer read that as a figure of speech. It guesses the hidden cards (R6). A
        # lesson's coach plays the round out with the lesson's script instead: just "Why:".
        why = html.escape(_("Why:") if hinted.lesson is not None else _(
            "Why (for each choice the coach imagined many games from here, guessing {other}'s "
            "hidden cards):").format(other=player_name(hinted.view.opponent)))
        self.hint_box.value = with_rule_links(
            f'<div class="aton-hint-text"><b>{said}</b> {why}'
            f'<ul style="margin:2px 0 0 0; padding-left:18px">{items}</ul></div>')
        squares = [advice.choice] if ASKS[advice.kind].board_choice else []
        self.hints.show("coach", dict(enumerate(cards, 1)) if cards else {}, squares)
        self.hint.button_style = "info"

    def _show_review(self, reviewed: Reviewed | None, hidden: bool = False) -> None:
        """The review of the last choice (``hidden``: there is one, not for this screen)."""
        if reviewed is None or not self.review.value:
            # Turned on, with no choice reviewed yet (or since a new game or an undo): say
            # what it does, or the button seems to do nothing.
            self.review_box.value = (
                '<div class="aton-notice">' + html.escape(_(
                    "Review is on: after each of your choices from now on, the coach says "
                    "whether it would have chosen the same.")) + "</div>"
                if self.review.value and not hidden else "")
            self.last_review = []
            return
        reviews = list(reviewed.reviews)
        self.last_review = reviews
        disagree = [r for r in reviews if not r.agrees]
        if not disagree:  # in a guided lesson the review says how the choice serves its goal
            body = " ".join(dict.fromkeys(html.escape(r.text) for r in reviews))
            style = "aton-notice"
        else:
            body = " ".join(html.escape(r.text) for r in disagree)
            style = "aton-warn"
        head = (capitalized(_("Review of {player}'s last choice:").format(
            player=player_name(reviewed.player))) if self.state.hotseat
            else _("Review of your last choice:"))
        self.review_box.value = (f'<div class="{style}"><b>{head}</b> '
                                 f"{with_rule_links(body)}</div>")

    # ------------------------------------------------------------------ for tests

    @property
    def hint_text(self) -> str:
        return self.hint_box.value

    @property
    def review_text(self) -> str:
        return self.review_box.value

    @property
    def threat_text(self) -> str:
        return self.threat_box.value

    @property
    def marked_cards(self) -> list[int]:
        """The picker's cards the hints mark, by value."""
        return self.hints.cards()


__all__ = ["CoachPanel"]
