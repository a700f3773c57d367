"""The board in words: the position as a screen reader reads it, made from one player's view.

No widgets here (the panel that shows it is ``aton/app/reader.py``). ``board_words(view)``
says, section by section, the round and the scores, each temple square by square (by the names
the board shows: ``T3.8`` is temple 3, square 8, counted row by row, R3) with its colour and
whose counter is on it, the Kingdom of the Dead (R15), the stocks, the exchange counters (R5)
and the cards: face up once revealed, and before the reveal only the viewer's own hand and
cards (R6). ``view`` is ``state.view()``, the view of the person at the screen, so nothing of
a covered hand or of the other player's face-down cards can be put into words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.board import (
    BONUS,
    BONUS_VALUE,
    COLOUR,
    KINGDOM_SIZE,
    PLAYERS,
    SQUARE_NAMES,
    TEMPLES,
    temple_squares,
)
from ..engine.view import PlayerView
from ..i18n import N_, plural_translator, translator
from .theme import capitalized, player_name

_ = translator("app")
_n = plural_translator("app")

#: A square's name and colour, one whole message per colour (in Portuguese the colour agrees
#: with "casa"). The rules' blue squares are turquoise, so a colour is never read as a player.
SQUARE_WORDS = {
    "Y": N_("{square} yellow"),
    "G": N_("{square} green"),
    "K": N_("{square} black"),
    "B": N_("{square} turquoise"),
    BONUS: N_("{square} bonus +{value}"),
}


@dataclass(frozen=True)
class Section:
    """One part of the description: a heading and its lines."""

    heading: str
    lines: tuple[str, ...] = ()


def square_words(index: int) -> str:
    """'T1.7 bonus +1', 'T3.8 turquoise': a square's name as the board shows it, and its
    colour (R3)."""
    return _(SQUARE_WORDS[COLOUR[index]]).format(square=SQUARE_NAMES[index],
                                                 value=BONUS_VALUE[index])


def _cards(cards) -> str:
    return ", ".join(str(v) for v in cards)


def temple_section(view: PlayerView, temple: int) -> Section:
    """Temple ``temple``: how many counters each player has there, then each player's squares
    and the empty squares, in board order."""
    board = view.board
    squares = {mark: [i for i in temple_squares(temple) if board[i] == mark] for mark in (0, 1, 2)}
    heading = _("Temple {temple}: {red} {red_count}, {blue} {blue_count}, empty "
                "{empty}").format(temple=temple, red=player_name("red"),
                                  red_count=len(squares[1]), blue=player_name("blue"),
                                  blue_count=len(squares[2]), empty=len(squares[0]))
    lines = []
    for mark, player in ((1, "red"), (2, "blue")):
        if squares[mark]:
            lines.append(capitalized(_("{player}'s counters: {squares}.").format(
                player=player_name(player),
                squares=", ".join(square_words(i) for i in squares[mark]))))
    if squares[0]:
        lines.append(_("Empty: {squares}.").format(
            squares=", ".join(square_words(i) for i in squares[0])))
    return Section(heading, tuple(lines))


def score_section(view: PlayerView) -> Section:
    """The round and the scores (40 points wins at once, R18)."""
    # The round goes up by one as the game ends: say the round it ended in (as the track does).
    round_no = view.round - 1 if view.phase == "over" else view.round
    return Section(_("Round {round}. Scores: {red} {red_points}, {blue} {blue_points} (40 "
                     "points wins, R18).").format(
        round=round_no, red=player_name("red"), red_points=view.scores["red"],
        blue=player_name("blue"), blue_points=view.scores["blue"]))


def kingdom_section(view: PlayerView) -> Section:
    """The Kingdom of the Dead: how full, and whose counters lie there (R15, R16)."""
    kingdom = view.kingdom
    taken = kingdom["red"] + kingdom["blue"]
    lines = [capitalized(_("{red} {red_count}, {blue} {blue_count}.").format(
        red=player_name("red"), red_count=kingdom["red"], blue=player_name("blue"),
        blue_count=kingdom["blue"]))]
    if taken >= KINGDOM_SIZE:
        lines.append(_("It is full: a scoring round follows at the end of the round (R16)."))
    return Section(_("Kingdom of the Dead: {taken} of {size} places taken (R15).").format(
        taken=taken, size=KINGDOM_SIZE), tuple(lines))


def supplies_section(view: PlayerView) -> Section:
    """The stocks (R13) and the exchange counters as this viewer has seen them (R5)."""
    stock = view.stock
    held = view.exchange_seen  # another player's exchange this round is secret until the reveal
    state = {p: _("held") if held[p] else _("used") for p in PLAYERS}
    return Section(_("Stocks and exchange counters"), tuple(
        capitalized(_n("{player}: {n} counter in stock, exchange counter {state} (R5, R13).",
                       "{player}: {n} counters in stock, exchange counter {state} (R5, R13).",
                       stock[p]).format(player=player_name(p), n=stock[p], state=state[p]))
        for p in PLAYERS))


def cards_section(view: PlayerView, own: bool = True) -> Section:
    """The cards on the cartouches once revealed; before that, only the viewer's own hand or
    own face-down cards (R6). ``own``: the person at the screen is the view's player (not a
    student following the teacher's screen, whose cards these are)."""
    revealed = view.revealed
    if revealed is not None:
        return Section(_("Cards on cartouches 1 to 4"), tuple(
            capitalized(_("{player}: {cards}.").format(player=player_name(p),
                                                       cards=_cards(revealed[p])))
            for p in PLAYERS))
    lines = []
    if view.player is not None:
        mine = view.my_cards
        hand = view.hand
        whose = player_name(view.player)
        if mine is not None:
            lines.append(_("Your cards on cartouches 1 to 4, face down: {cards}.").format(
                cards=_cards(mine)) if own else capitalized(_(
                    "{player}'s cards on cartouches 1 to 4, face down: {cards}.").format(
                    player=whose, cards=_cards(mine))))
        elif view.phase == "choose" and hand:
            lines.append(_("Your hand: {cards}.").format(cards=_cards(hand)) if own else
                         capitalized(_("{player}'s hand: {cards}.").format(
                             player=whose, cards=_cards(hand))))
    if view.phase == "choose":
        lines.append(_("The cards stay face down until both players have chosen (R6)."))
    else:
        lines.append(_("No cards on the cartouches now."))
    return Section(_("Cards"), tuple(lines))


def board_words(view: PlayerView, own: bool = True) -> list[Section]:
    """The whole position in words, as ``view``'s player may know it (``own``: told to that
    player, "your hand"; else named, "Red's hand")."""
    return [score_section(view), *(temple_section(view, t) for t in TEMPLES),
            kingdom_section(view), supplies_section(view), cards_section(view, own)]


def as_text(sections: list[Section]) -> str:
    """The sections as plain text, one line each (for tests and the command line)."""
    return "\n".join(line for s in sections for line in (s.heading, *s.lines))


__all__ = ["SQUARE_WORDS", "Section", "as_text", "board_words", "square_words"]
