"""How to play Aton, in one minute: the text the app shows on its first screen.

Plain data (no widgets), so the app, a notebook or the command line can show the same words.
Each section is a title and its lines; a line starting with "• " is one item of a list. Rule
ids (R7, ...) point into the rulebook (``aton.teaching.rulebook``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..i18n import N_, translator

_ = translator("engine")

#: The sections in English, marked for translation: each line is one whole message.
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("How to win"), (
        N_("You and the other player put counters on the squares of 4 temples. You win at once "
           "when you (R18):"),
        N_("• reach 40 points, or"),
        N_("• fill all 12 squares of one temple, or"),
        N_("• fill all 14 yellow squares, or all 14 green squares."),
        N_("If a scoring round takes someone to 40 or more, the higher score wins, and equal "
           "scores are a draw (R19)."),
    )),
    (N_("Each round: 4 cards on 4 cartouches"), (
        N_("You draw 4 cards (1 to 4) and put one face down on each of your 4 cartouches. Then "
           "both players turn them up (R6)."),
        N_("• Cartouche 1, points: the higher card scores 2 × the difference (R7)."),
        N_("• Cartouche 2, who goes first and removing: the lower card goes first (R8). A 4 "
           "removes 2 of the other player's counters, a 3 removes 1, a 2 nothing, a 1 one of your "
           "own (R10)."),
        N_("• Cartouche 3, which temples: a 3 lets you use temples 1, 2 and 3 (R12)."),
        N_("• Cartouche 4, placing: put that many counters on empty squares (R13)."),
        N_("Once a game you may hand in your exchange counter for 4 new cards (R5). Nothing is "
           "removed in round 1 (R11)."),
    )),
    (N_("The Kingdom of the Dead and scoring rounds"), (
        N_("Removed counters, and counters that find no empty square, go to the Kingdom of the "
           "Dead (8 places, R15). When it is full at the end of a round, a scoring round follows: "
           "points for having more counters in each temple, for the most black squares, and for "
           "each bonus square you hold (R16). Then each player takes 4 counters back (R17)."),
    )),
    (N_("Square names"), (
        N_("T3.8 means temple 3, square 8. Each temple has 3 rows of 4 squares, counted row by row: "
           "1 to 4 on top, 5 to 8 in the middle, 9 to 12 at the bottom. The small number on each "
           "square is its number."),
    )),
)


def how_to_play() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The sections of How to play, each a title and its lines, in the current language."""
    return tuple((_(title), tuple(_(line) for line in lines)) for title, lines in SECTIONS)


class _HowToPlay(Sequence[tuple[str, tuple[str, ...]]]):
    """``how_to_play()`` read afresh at each use, so it follows the language of the moment."""

    def __getitem__(self, index):  # type: ignore[override]
        return how_to_play()[index]

    def __iter__(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        return iter(how_to_play())

    def __len__(self) -> int:
        return len(SECTIONS)


#: How to play as the app shows it: ``for title, lines in HOW_TO_PLAY`` gives the sections in
#: the current language (``aton.set_language``).
HOW_TO_PLAY: Sequence[tuple[str, tuple[str, ...]]] = _HowToPlay()


def how_to_play_text() -> str:
    """How to play as plain text (titles, then their lines), in the current language."""
    return "\n\n".join(f"{title}\n" + "\n".join(lines) for title, lines in how_to_play())
