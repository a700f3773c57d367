"""The coach in the app: a Coach hint button, a "Review my moves" toggle and the threat line.

The coach (``aton.teaching.coach``) reasons from the deciding person's own ``PlayerView`` only, never from
the game, so it cannot give away a hidden card. It searches at the "strong" level: one search
takes about 40 ms (80 ms at the 95th percentile) alone on this machine (bench/bench_bots.py),
and a review makes two, well under the 0.3 s a click may wait, so no weaker level is needed.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable

from ipywidgets import HTML, Button, HBox, Layout, ToggleButton, VBox

from ..engine.view import PlayerView
from ..i18n import N_, translator
from ..players.determinize import sample_game
from ..teaching import coach
from .rules_panel import with_rule_links

_ = translator("app")

HINT_CLASS = "aton-hint"  # the ring a lesson's hint puts on picker cards and slots (theme.py)
LEVEL = "strong"  # fast enough here: see the module's docstring
BOARD = ("place", "remove", "take_back")
# Translators: the coach's hint for a square, after "Coach: ".
SQUARE_HEADLINES = {"place": N_("place a counter on {square} (ringed on the board)"),
                    "remove": N_("remove the counter on {square} (ringed on the board)"),
                    "take_back": N_("take back your counter on {square} (ringed on the board)")}
HINT_TIP = N_("What the strong computer player would do now, and why")


def after_keeping(view: PlayerView, seed: int) -> PlayerView:
    """``view`` (an exchange pending, R5) as it would be once the cards are kept: the
    assignment pending (R6). Built on a game sampled from the view alone, so no hidden card
    of the real game is used."""
    game = sample_game(view, random.Random(seed))
    game.decide(False)
    game.advance()
    return game.view(view.player)


class CoachPanel:
    """The Coach hint button, the Review my moves toggle, and what they say; the threat
    warning (R18) under them. ``board``: the app's ``BoardView``; ``picker``: its
    ``CardPicker``; ``seed``: the coach's searches are seeded, so a hint is the same each
    time it is asked for."""

    def __init__(self, board, picker, seed: int = 0) -> None:
        self.board = board
        self.picker = picker
        self.seed = seed
        self.hint = Button(description=_("Coach hint"), icon="lightbulb-o", disabled=True,
                           tooltip=_(HINT_TIP), layout=Layout(width="auto"))
        self.review = ToggleButton(description=_("Review my moves"), value=False,
                                   tooltip=_("After each of your choices, say whether the coach "
                                             "agreed"), layout=Layout(width="auto"))
        self.hint_box = HTML(layout=Layout(max_height="260px", overflow="auto"))
        self.review_box = HTML()
        self.threat_box = HTML()
        self.advice: coach.Advice | None = None
        self.last_review: list[coach.Review] = []
        # The view and choices behind ``last_review``: to make it again in another language.
        self.reviewed: tuple[PlayerView, list] | None = None
        self._judged: tuple[PlayerView, list, list[coach.Review]] | None = None
        self.threats: list[coach.Threat] = []
        self._ringed = False  # the board's hint ring is ours (a lesson's hint uses it too)
        # The threat first: it is short and matters most; the hint's reasons scroll.
        self.widget = VBox([self.threat_box,
                            HBox([self.hint, self.review], layout=Layout(grid_gap="6px")),
                            self.review_box, self.hint_box],
                           layout=Layout(width="100%"))
        self.widget.add_class("aton-coach")
        self.review.observe(lambda ch: self._review_toggled(ch["new"]), "value")

    def on_hint(self, callback: Callable[[], None]) -> None:
        self.hint.on_click(lambda _b: callback())

    # ------------------------------------------------------------------ hint

    def show_hint(self, view: PlayerView) -> coach.Advice:
        """What the coach would do for ``view``'s pending decision: its sentences with rule
        buttons, and the suggested square ringed or the suggested cards marked."""
        self.clear_hint()
        advice = coach.advice(view, LEVEL, seed=self.seed)
        reasons = advice.reasons
        cards = None
        if advice.kind == "assign":
            cards = advice.choice
            headline = _("put {cards} on cartouches 1 to 4").format(
                cards=", ".join(map(str, cards)))
        elif advice.kind == "exchange" and advice.choice is False:
            # Confirm keeps the cards and puts them on the cartouches in one click: say
            # where the coach would put them too (its own expected points and risk).
            then = coach.advice(after_keeping(view, self.seed), LEVEL, seed=self.seed)
            cards = then.choice
            reasons = reasons[:1] + then.reasons
            headline = _("keep your cards, put {cards} on cartouches 1 to 4, then "
                         "Confirm").format(cards=", ".join(map(str, cards)))
        elif advice.kind == "exchange":
            headline = _("click Hand in exchange for 4 new cards")
        else:
            headline = _(SQUARE_HEADLINES[advice.kind]).format(square=advice.choice)
        self.advice = advice
        items = "".join(f"<li>{html.escape(s)}</li>" for s in reasons)
        # Translators: {headline} is what to do, e.g. "put 4, 1, 2, 3 on cartouches 1 to 4".
        said = html.escape(_("Coach: {headline}.").format(headline=headline))
        why = _("Why:")
        self.hint_box.value = with_rule_links(
            f'<div class="aton-hint-text"><b>{said}</b> {why}'
            f'<ul style="margin:2px 0 0 0; padding-left:18px">{items}</ul></div>')
        if advice.kind in BOARD:
            self.board.show_hint([advice.choice])
            self._ringed = True
        if cards is not None:
            self._mark_cards(cards)
        self.hint.button_style = "info"
        return advice

    def _mark_cards(self, cards: tuple[int, ...]) -> None:
        used: set[int] = set()
        hand = self.picker.hand or ()
        for slot, value in enumerate(cards):
            self.picker.slots[slot].add_class(HINT_CLASS)
            i = next((k for k, v in enumerate(hand) if v == value and k not in used), None)
            if i is not None:
                used.add(i)
                self.picker.cards[i].add_class(HINT_CLASS)

    def clear_hint(self) -> None:
        """The hint goes (a new decision, a new game): its text, ring and marks."""
        self.advice = None
        self.hint_box.value = ""
        self.hint.button_style = ""
        for button in (*self.picker.slots, *self.picker.cards):
            if HINT_CLASS in button._dom_classes:
                button.remove_class(HINT_CLASS)
        if self._ringed:
            self.board.show_hint(())
            self._ringed = False

    # ------------------------------------------------------------------ review

    def _review_toggled(self, on: bool) -> None:
        self.review.button_style = "info" if on else ""
        if not on:
            self.review_box.value = ""
            self.last_review = []
            self.reviewed = None

    def judge(self, view: PlayerView, choices: list) -> list[coach.Review]:
        """With Review my moves on: the coach's opinion of ``choices`` (the decisions one
        click makes, in order) on ``view`` BEFORE they are applied; shown at ``show_review``.
        For Confirm with the exchange still open, ``choices`` is [False, cards]."""
        if not self.review.value:
            return []
        try:
            reviews = [coach.compare(view, choices[0], LEVEL, seed=self.seed)]
            if len(choices) > 1:
                reviews.append(coach.compare(after_keeping(view, self.seed), choices[1],
                                             LEVEL, seed=self.seed))
        except ValueError:  # an illegal choice: the engine explains it, nothing to review
            return []
        # A view is a live window on the game: keep a still copy (a game agreeing with all
        # the view shows, as the coach itself samples), to review the same choice again.
        still = sample_game(view, random.Random(self.seed)).view(view.player)
        self._judged = (still, list(choices), reviews)
        return reviews

    def show_review(self, reviews: list[coach.Review]) -> None:
        """Say what the coach thought of the choice just made (nothing when the toggle is
        off)."""
        if not reviews:
            return
        self.last_review = reviews
        judged = self._judged
        self.reviewed = judged[:2] if judged is not None and judged[2] is reviews else None
        disagree = [r for r in reviews if not r.agrees]
        if not disagree:
            body, style = _("The coach agrees with your choice."), "aton-notice"
        else:
            body = " ".join(html.escape(r.text) for r in disagree)
            style = "aton-warn"
        head = _("Review of your last choice:")
        self.review_box.value = (f'<div class="{style}"><b>{head}</b> '
                                 f"{with_rule_links(body)}</div>")

    # ------------------------------------------------------------------ after every step

    def update(self, view: PlayerView | None, board: PlayerView) -> None:
        """After every step: the old hint goes; the hint button works when ``view`` (the
        deciding person's own) has a decision pending; the threat warning (R18) is worked out
        again from ``board`` (any player's view: the board and stocks are public)."""
        self.clear_hint()
        able = view is not None and view.pending is not None
        self.hint.disabled = not able
        self.hint.tooltip = (_(HINT_TIP) if able
                             else _("The coach gives a hint when it is your decision"))
        found = coach.threats(board)
        self.threat_box.value = "".join(
            f'<div class="aton-warn">{with_rule_links(html.escape(t.text))}</div>'
            for t in found)
        self.threats = found

    def reset(self) -> None:
        """A new game, a lesson or an undo: no hint and no review of an earlier choice."""
        self.clear_hint()
        self.review_box.value = ""
        self.last_review = []
        self.reviewed = None

    def take_over(self, other: CoachPanel) -> None:
        """Show ``other``'s review of the last choice again, made anew in the current
        language (the same seeded search, so the same verdict); the app built again in
        another language. Call it after the page is drawn (drawing clears the review)."""
        if not other.last_review:
            return
        again = self.judge(*other.reviewed) if other.reviewed is not None else []
        self.show_review(again or other.last_review)

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
        """The picker's cards the hint marks, by value."""
        hand = self.picker.hand or ()
        return [hand[i] for i, b in enumerate(self.picker.cards) if HINT_CLASS in b._dom_classes]


__all__ = ["CoachPanel", "after_keeping"]
