"""The card picker: put the 4 cards drawn on cartouches 1-4 (R6), see what each will mean.

Click a card, then a cartouche (a card already there goes back to the hand); click a filled
cartouche with no card selected to take its card back. Under the cartouches, each card's
meaning where it lies is spelled out ("Cartouche 3 with a 2: you may remove and place in
temples 1 and 2"). The exchange counter (R5) can be handed in once per game. Confirm is
refused until every cartouche holds a card. In hot seat play the hand stays covered until
its owner clicks to see it: until then the picker is given no hand at all, so no widget of it
holds a card of the covered hand (R6).
"""

from __future__ import annotations

from collections.abc import Callable

from ipywidgets import HTML, Button, ButtonStyle, HBox, Layout, VBox

from ..i18n import plural_translator, translator
from ..teaching.cartouches import CARTOUCHE_NAMES, meaning
from .rules_panel import with_rule_links
from .theme import HINT_CLASS, Panel, capitalized, in_language, plain_text, player_name, player_span

_ = translator("app")
_n = plural_translator("app")


def still_empty(missing: list[str]) -> str:
    """'cartouche 3 is still empty' / 'cartouches 1, 4 are still empty'."""
    return _n("cartouche {numbers} is still empty", "cartouches {numbers} are still empty",
              len(missing)).format(numbers=", ".join(missing))


class CardPicker(Panel):
    """Assign a hand of 4 cards to cartouches 1-4; ``on_confirm(cb)`` gets the 4-tuple,
    ``on_uncover(cb)`` the player whose covered hand asks to be shown (hot seat)."""

    def __init__(self) -> None:
        style = ButtonStyle()  # shared: fewer widget models to send to the browser
        card_layout = Layout(width="64px", height="46px")
        slot_layout = Layout(width="auto", height="auto")
        self.title = HTML()
        self.title.add_class("aton-picker-title")
        self.cards = [Button(layout=card_layout, style=style) for _ in range(4)]
        for b in self.cards:
            b.add_class("aton-cardbtn")
        self.slots = [Button(layout=slot_layout, style=style) for _ in range(4)]
        self.meaning = HTML()
        self.meaning.add_class("aton-meaning")
        self.exchange = Button(layout=Layout(width="auto"), style=style)
        self.exchange.add_class("aton-picker-exchange")
        self.clear = Button(layout=Layout(width="auto"), style=style)
        self.confirm = Button(button_style="success", layout=Layout(width="auto"), style=style)
        self.confirm.add_class("aton-picker-confirm")
        self.status = HTML()
        self._status: Callable[[], str] | None = None  # what the status line says, rewritable
        self._style = style
        self._covered: VBox | None = None  # built the first time a hand is hidden (hot seat)
        hand_row = HBox(self.cards, layout=Layout(align_items="center"))
        slot_row = HBox(self.slots, layout=Layout())
        slot_row.add_class("aton-slots")
        # The exchange counter (R5) sits with Confirm: the hand and the cartouches keep a
        # row each, so the picker stays short enough to fit beside the board.
        action_row = HBox([self.confirm, self.clear, self.exchange, self.status],
                          layout=Layout(align_items="center"))
        for row in (hand_row, slot_row, action_row):
            row.add_class("aton-row")
        self.picking = VBox([hand_row, slot_row, self.meaning, action_row])
        self.widget = VBox([self.title, self.picking], layout=Layout(width="100%"))
        self.widget.add_class("aton-box")
        self.widget.add_class("aton-picker")

        for i, b in enumerate(self.cards):
            b.on_click(lambda _b, i=i: self.click_card(i))
        for c, b in enumerate(self.slots):
            b.on_click(lambda _b, c=c: self.click_slot(c))
        self.clear.on_click(lambda _b: self.take_all_back())
        self.confirm.on_click(lambda _b: self._confirm())
        self.exchange.on_click(lambda _b: self._exchange())

        self._confirm_callbacks: list[Callable[[tuple[int, ...]], None]] = []
        self._exchange_callbacks: list[Callable[[], None]] = []
        self._uncover_callbacks: list[Callable[[str], None]] = []
        self._change_callbacks: list[Callable[[], None]] = []
        self.player = "red"
        self.hand: tuple[int, ...] = ()
        self.slot_of: list[int | None] = [None] * 4  # cartouche -> index in hand
        self.selected: int | None = None
        self.spelled: int | None = None  # the cartouche whose card's meaning is spelled out
        self.can_exchange = False
        self.first_round = False
        self.stock: int | None = None
        self.hidden = False
        self.round_no = 1

    @property
    def covered(self) -> VBox:
        """The cover shown instead of a hidden hand (hot seat), with its Show button."""
        if self._covered is None:
            self.cover = HTML()
            self.cover.add_class("aton-cover")
            self.show_hand = Button(button_style="warning", layout=Layout(width="220px"),
                                    style=self._style)
            self.show_hand.on_click(lambda _b: self.reveal_hand())
            self._covered = VBox([self.cover, self.show_hand])
        return self._covered

    # ------------------------------------------------------------------ set up

    def on_confirm(self, callback: Callable[[tuple[int, ...]], None]) -> None:
        self._confirm_callbacks.append(callback)

    def on_exchange(self, callback: Callable[[], None]) -> None:
        self._exchange_callbacks.append(callback)

    def on_uncover(self, callback: Callable[[str], None]) -> None:
        self._uncover_callbacks.append(callback)

    def on_change(self, callback: Callable[[], None]) -> None:
        """``callback()`` runs each time the picker is drawn again (a click, a new hand)."""
        self._change_callbacks.append(callback)

    @in_language
    def load(self, player: str, hand: tuple[int, ...] | None, *, can_exchange: bool,
             round_no: int, stock: int | None = None, keep: bool = False) -> None:
        """Show ``player``'s ``hand`` for assignment; ``None``: the hand is covered until its
        owner asks to see it (hot seat), and the picker holds none of its cards. ``keep``:
        keep the cards already placed if the hand is the same."""
        hidden = hand is None
        hand = () if hand is None else tuple(hand)
        same = keep and (hidden or hand == self.hand) and player == self.player
        self.player = player
        if not hidden or not same:
            self.hand = hand
        if not same:
            self.slot_of = [None] * 4
            self.selected = None
        self.can_exchange = can_exchange
        self.first_round = round_no == 1
        self.stock = stock
        self.hidden = hidden
        self.round_no = round_no
        self._say(None)
        self._render()

    def reveal_hand(self) -> None:
        """Hot seat: the owner asks to see their hand (the page then gives it)."""
        for callback in self._uncover_callbacks:
            callback(self.player)

    @in_language
    def relabel(self) -> None:
        self._render()

    def _say(self, status: Callable[[], str] | None) -> None:
        """The status line under the cartouches (written again when the page relabels)."""
        self._status = status
        self.status.value = status() if status is not None else ""

    # ------------------------------------------------------------------ clicks

    @in_language
    def click_card(self, i: int) -> None:
        """Select card ``i`` of the hand (again: unselect). A placed card is taken back."""
        placed = self._cartouche_of(i)
        if placed is not None:
            self.slot_of[placed] = None
            self.selected = i
        else:
            self.selected = None if self.selected == i else i
        self._say(None)
        self._render()

    @in_language
    def click_slot(self, c: int) -> None:
        """Put the selected card on cartouche ``c`` (0-based); else take its card back."""
        if self.selected is not None:
            old = self._cartouche_of(self.selected)
            if old is not None:
                self.slot_of[old] = None
            self.slot_of[c] = self.selected
            self.selected = None
            self.spelled = c
        elif self.slot_of[c] is not None:
            self.selected = self.slot_of[c]
            self.slot_of[c] = None
        else:
            self._say(lambda: _("Click a card of your hand first, then this cartouche."))
            return
        self._say(None)
        self._render()

    @in_language
    def place(self, cards: tuple[int, ...]) -> None:
        """Put card values on cartouches 1-4 in one go (as four clicks would)."""
        remaining = list(range(4))
        self.slot_of = [None] * 4
        for c, v in enumerate(cards):
            i = next(k for k in remaining if self.hand[k] == v)
            remaining.remove(i)
            self.slot_of[c] = i
        self.selected = None
        self._render()

    @in_language
    def take_all_back(self) -> None:
        self.slot_of = [None] * 4
        self.selected = None
        self._say(None)
        self._render()

    @property
    def assignment(self) -> tuple[int, ...] | None:
        """The card values on cartouches 1-4, or None while one is empty."""
        if any(s is None for s in self.slot_of):
            return None
        return tuple(self.hand[s] for s in self.slot_of)

    @in_language
    def _confirm(self) -> None:
        cards = self.assignment
        if cards is None:
            missing = [str(c + 1) for c, s in enumerate(self.slot_of) if s is None]
            self._say(lambda: with_rule_links(
                '<span style="color:#b00">'
                + _("Every cartouche needs a card (R6): {empty}.").format(
                    empty=still_empty(missing)) + "</span>"))
            return
        for callback in self._confirm_callbacks:
            callback(cards)

    @in_language
    def _exchange(self) -> None:
        if not self.can_exchange:
            self._say(lambda: with_rule_links(
                '<span style="color:#b00">'
                + _("The exchange counter can be handed in once per game, and it is used (R5).")
                + "</span>"))
            return
        for callback in self._exchange_callbacks:
            callback()

    def _cartouche_of(self, i: int) -> int | None:
        return self.slot_of.index(i) if i in self.slot_of else None

    # ------------------------------------------------------------------ drawing

    def _render(self) -> None:
        who = player_span(self.player)
        self.exchange.tooltip = _("Once per game (R5): discard these 4 cards, draw 4 new")
        self.clear.description = _("Take all back")
        self.confirm.description = _("Confirm: cards face down")
        if self._status is not None:
            self.status.value = self._status()
        if self.hidden:
            covered = self.covered
            other = "blue" if self.player == "red" else "red"
            self.title.value = capitalized(_("<b>{player}'s cards, round {round}</b>").format(
                player=who, round=self.round_no))
            # Translators: {other} starts a sentence (it is written with a capital letter).
            self.cover.value = _("It is {player}'s turn to put cards on the cartouches. "
                                 "{other}, please look away.").format(
                player=who, other=player_span(other, player_name(other, capital=True)))
            self.show_hand.description = _("Show {player}'s cards").format(
                player=player_name(self.player))
            # Nothing of a covered hand, or of the hand before it, stays in the picker's
            # widgets (R5, R6).
            for b in (*self.cards, *self.slots, self.exchange):
                with b.hold_sync():
                    b.description, b.tooltip, b.button_style = "", None, ""
                    b.disabled = True
                    if HINT_CLASS in b._dom_classes:
                        b.remove_class(HINT_CLASS)
            self.meaning.value = ""
            self.widget.children = [self.title, covered]
            self._changed()
            return
        self.title.value = with_rule_links(capitalized(
            _("<b>{player}'s hand, round {round}:</b> click a card, then a cartouche. Each "
              "card goes on one cartouche (R6).").format(player=who, round=self.round_no)))
        for i, b in enumerate(self.cards):
            placed = self._cartouche_of(i)
            with b.hold_sync():  # one message per button, not one per trait
                b.description = str(self.hand[i]) if i < len(self.hand) else ""
                b.button_style = "warning" if i == self.selected else ""
                b.disabled = placed is not None or i >= len(self.hand)
                b.tooltip = (_("on cartouche {number}").format(number=placed + 1)
                             if placed is not None else _("click, then click a cartouche"))
        texts: dict[int, str] = {}
        for c, b in enumerate(self.slots):
            s = self.slot_of[c]
            value = self.hand[s] if s is not None else None
            if value is not None:
                texts[c] = meaning(c + 1, value, self.player, first_round=self.first_round,
                                   stock=self.stock)
            with b.hold_sync():
                b.description = _("Cartouche {number}: {card}").format(
                    number=c + 1, card=value if value is not None else "—")
                b.button_style = "info" if value is not None else ""
                b.tooltip = plain_text(texts[c]) if c in texts else CARTOUCHE_NAMES[c + 1]
                b.disabled = False
        # The card just put down is spelled out ("Cartouche 3 with a 2: ..."); every placed
        # card's meaning is its cartouche's tooltip. One sentence keeps Confirm on screen.
        shown = self.spelled if self.spelled in texts else max(texts, default=None)
        lines = []
        if shown is not None:
            head, colon, rest = texts[shown].partition(":")
            lines.append(f"<div><b>{head}{colon}</b>{rest}</div>" if colon else
                         f"<div>{texts[shown]}</div>")
        self.meaning.value = with_rule_links("".join(lines))
        with self.exchange.hold_sync():
            self.exchange.disabled = not self.can_exchange
            self.exchange.description = (_("Hand in exchange counter: 4 new cards")
                                         if self.can_exchange
                                         else _("Exchange counter already used (R5)"))
        self.confirm.disabled = self.assignment is None
        missing = [str(c + 1) for c, s in enumerate(self.slot_of) if s is None]
        self.confirm.tooltip = (
            _("Put the cards face down on the cartouches") if not missing else
            _("Not yet: every cartouche needs a card (R6); {empty}").format(
                empty=still_empty(missing)))
        self.widget.children = [self.title, self.picking]
        self._changed()

    def _changed(self) -> None:
        for callback in self._change_callbacks:
            callback()
