"""How to play Aton, in one minute: the text the app shows on its first screen.

Plain data (no widgets), so the app, a notebook or the command line can show the same words.
Each section is a title and its lines; a line starting with "• " is one item of a list. Rule
ids (R7, ...) point into the rulebook (``aton.rulebook``).
"""

from __future__ import annotations

HOW_TO_PLAY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("How to win", (
        ("You and the other player put counters on the squares of 4 temples. You win at once "
         "when you (R18):"),
        "• reach 40 points, or",
        "• fill all 12 squares of one temple, or",
        "• fill all 14 yellow squares, or all 14 green squares.",
        ("If a scoring round takes someone to 40 or more, the higher score wins, and equal "
         "scores are a draw (R19)."),
    )),
    ("Each round: 4 cards on 4 cartouches", (
        ("You draw 4 cards (1 to 4) and put one face down on each of your 4 cartouches. Then "
         "both players turn them up (R6)."),
        "• Cartouche 1, points: the higher card scores 2 × the difference (R7).",
        ("• Cartouche 2, who goes first and removing: the lower card goes first (R8). A 4 "
         "removes 2 of the other player's counters, a 3 removes 1, a 2 nothing, a 1 one of your "
         "own (R10)."),
        "• Cartouche 3, which temples: a 3 lets you use temples 1, 2 and 3 (R12).",
        "• Cartouche 4, placing: put that many counters on empty squares (R13).",
    )),
    ("The Kingdom of the Dead and scoring rounds", (
        ("Removed counters, and counters that find no empty square, go to the Kingdom of the "
         "Dead (8 places, R15). When it is full at the end of a round, a scoring round follows: "
         "points for having more counters in each temple, for the most black squares, and for "
         "each bonus square you hold (R16). Then each player takes 4 counters back (R17)."),
    )),
    ("Square names", (
        ("T3.8 means temple 3, square 8. Each temple has 3 rows of 4 squares, counted row by row: "
         "1 to 4 on top, 5 to 8 in the middle, 9 to 12 at the bottom. The small number on each "
         "square is its number."),
    )),
)


def how_to_play_text() -> str:
    """How to play as plain text (titles, then their lines)."""
    return "\n\n".join(f"{title}\n" + "\n".join(lines) for title, lines in HOW_TO_PLAY)
