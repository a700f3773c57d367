"""Write the lesson notebooks (``notebooks/0N_*.ipynb``) and run them so they keep their outputs.

    python3 notebooks/build_lessons.py              # write and execute all lessons
    python3 notebooks/build_lessons.py --no-execute # write them without outputs
    python3 notebooks/build_lessons.py 03           # only lessons whose file name starts 03

Each lesson follows one rhythm: a short paragraph, a small call into ``aton``, its output, and a
sentence saying why it came out that way, citing the rule ids of ``rules.md``. The notebooks hold
no game logic: they load scenarios (``aton/scenarios/*.json``), play rounds, step games and print
the engine's own event texts. Edit the text here, never in the notebooks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from textwrap import dedent

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
SAY = '''


def say(text):
    """Print one of the engine's sentences, wrapped at 100 characters."""
    print(fill(text, 100))
'''
#: Cells tagged "worked-answers" (lesson 3's worked scoring lines, after its quiz) are hidden
#: in Voila until the box below the quiz is ticked, so the answers do not sit under the quiz
#: before it is played. Voila (nbconvert) gives each cell its tags as "celltag_..." classes;
#: Jupyter strips the style and shows the cells as usual.
WORKED = "worked-answers"
SHOW_WORKED = """
<style>
.celltag_worked-answers { display: none; }
body:has(#aton-show-worked:checked) .celltag_worked-answers { display: block; }
</style>
<label><input type="checkbox" id="aton-show-worked"> <b>Show the worked answers</b> (sections 4
and 5): tick this only after the class has revealed every line.</label>
"""
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}


class Lesson:
    """A notebook under construction: markdown and code cells in order."""

    def __init__(self, filename: str, title: str, intro: str) -> None:
        self.filename = filename
        self.cells = [new_markdown_cell(f"# {title}\n\n{dedent(intro).strip()}")]
        self.tags: list[str] = []  # given to every cell added while set (see WORKED)

    def _add(self, cell: nbformat.NotebookNode) -> None:
        if self.tags:
            cell.metadata["tags"] = list(self.tags)
        self.cells.append(cell)

    def md(self, text: str) -> None:
        self._add(new_markdown_cell(dedent(text).strip()))

    def code(self, *parts: str) -> None:
        """A code cell; several parts are joined with two blank lines (imports, then defs)."""
        self._add(new_code_cell("\n\n\n".join(dedent(p).strip() for p in parts)))

    def step(self, before: str, source: str, why: str) -> None:
        """One annotated cell: what we do, the call, (its output), why it came out so."""
        self.md(before)
        self.code(source)
        self.md(f"**Why:** {dedent(why).strip()}")

    def notebook(self) -> nbformat.NotebookNode:
        nb = new_notebook(cells=self.cells)
        prefix = self.filename[:2]
        for k, cell in enumerate(nb.cells):  # stable ids keep rebuilds diff-free
            cell.id = f"lesson{prefix}-{k:02d}"
        nb.metadata["kernelspec"] = KERNEL
        nb.metadata["language_info"] = {"name": "python"}
        return nb


# ==================================================================================== lesson 1

def lesson_1() -> Lesson:
    n = Lesson("01_board_and_first_round.ipynb", "Lesson 1 · The board and a first round", """
        Aton is a game for two players, **red** and **blue**. Each round both players secretly
        put four cards on four *cartouches*, then the cartouches are resolved in order: points,
        who goes first and which counters are removed, where counters may go, and how many go
        there.

        In this lesson: what each player has, how the four temples are laid out, and one round
        resolved step by step. Every result below is computed by the `aton` package; the
        notebook only asks it questions. Each sentence the engine prints ends with the rule it
        applied: R1 to R19 in the project's rules page.""")
    n.md("""
        The first cell imports the package and defines `say`, which prints a sentence wrapped
        at 100 characters (a browser would otherwise break long lines in the middle of a
        word).""")
    n.code("""
        from textwrap import fill

        import aton
        import aton.scenarios
        from aton import board
        """, SAY)

    n.md("## 1. What each player has")
    n.step(
        """
        A *position* is everything needed to play on from the start of a round. Scenario
        `01_first_round` is the position of a new game whose cards were shuffled with seed 930.
        """,
        """
        position = aton.scenarios.load("01_first_round")
        say(aton.scenarios.describe("01_first_round"))
        print("cards in each draw pile:", {p: len(position["draw"][p]) for p in ("red", "blue")})
        print("counters in stock:      ", position["stock"])
        print("scores:                 ", position["scores"])
        print("exchange counter held:  ", position["exchange"])
        """,
        """
        Each player starts with 36 cards (nine each of the values 1 to 4), 29 counters and one
        exchange counter, and a score of 0 (R1). All 29 counters are still in stock because
        nothing is on the board yet.""")

    n.md("## 2. The board")
    n.step(
        """
        The board has four temples of 12 squares, a Kingdom of the Dead with 8 squares, and four
        cartouches for each player (R2). `aton.show` draws a position.
        """,
        """
        aton.show(position)
        """,
        """
        Temple 1 is top left, 2 top right, 3 bottom left and 4 bottom right; each temple is 3
        rows of 4 squares, numbered 1 to 12 row by row (R3). The Kingdom of the Dead, on the
        right, is empty (0/8). The cartouches are not drawn: they only hold cards during a
        round.""")
    n.step(
        """
        A square is named `T<temple>.<square>`: `T3.8` is temple 3, row 2, column 4. The engine
        reads the printed board from one table; ask it about a few squares.
        """,
        """
        for name in ["T1.1", "T1.5", "T1.7", "T1.8", "T1.9", "T3.4", "T3.7", "T4.12"]:
            print(board.describe_square(board.square_index(name)))
        """,
        """
        Row 1 is yellow, row 2 black with a blue square at its end, row 3 green (R3). Temples 1
        and 2 have one bonus square (+1, square 7). Temples 3 and 4 have two, at the ends of
        rows 1 and 3 (+1 in temple 3, +2 in temple 4), and three black squares instead of two.
        A bonus square has no other colour.""")
    n.step(
        """
        How many squares of each kind are there on the whole board?
        """,
        """
        print("yellow", len(board.YELLOW_SQUARES), "| green", len(board.GREEN_SQUARES),
              "| black", len(board.BLACK_SQUARES), "| blue", len(board.BLUE_SQUARES),
              "| bonus", len(board.BONUS_SQUARES))
        """,
        """
        14 yellow, 14 green, 10 black, 4 blue and 6 bonus squares: 48 in all (R3). These totals
        matter later: holding all 14 yellow or all 14 green squares wins at once (R18), and
        the scoring round rewards black, blue and bonus squares (R16).""")

    n.md("## 3. A round, one step at a time")
    n.step(
        """
        `aton.Game` plays a round as a queue of automatic steps and decisions. `advance()` runs
        the automatic steps up to the next decision and returns their events; `pending` says who
        must decide what. (The seed would shuffle a discard pile into a new draw pile, R4; that
        cannot happen this early.)
        """,
        """
        game = aton.Game.from_position(position, seed=930)
        for event in game.advance():
            say(event.text)
        say("waiting for: " + game.pending.prompt)
        """,
        """
        Each player has drawn the top 4 cards of their own draw pile (R4). Before placing them,
        a player may hand in the exchange counter, once per game, to swap those 4 cards for 4
        new ones (R5).""")
    n.step(
        """
        A player sees only their own hand: `game.view(player)` is what that player may see.
        """,
        """
        print("red's hand: ", game.view("red").hand)
        print("blue's hand:", game.view("blue").hand)
        """,
        """
        Both hands hold a 1, a 2, a 3 and a 4. The example round in the rules uses exactly these
        hands, so we follow it.""")
    n.step(
        """
        Decisions have a short text form. Both players keep their cards. Red puts 1, 2, 4, 3 on
        cartouches 1 to 4; blue puts 3, 1, 2, 4.
        """,
        """
        for decision in ["red exchange no", "red assign 1243", "blue exchange no", "blue assign 3124"]:
            say(game.play(decision).text)
        """,
        """
        The cards stay face down until both players have put one card on each cartouche (R6),
        so neither can react to the other's choice. The engine asks red first only for its
        bookkeeping: the choices are secret and simultaneous.""")
    n.step(
        """
        Now the cards are turned up and resolved in order, cartouche 1 first. `step()` runs one
        automatic step and returns its event.
        """,
        """
        say(game.step().text)
        say(game.step().text)
        """,
        """
        Cartouche 1 is worth points: the higher card scores twice the difference, so blue's 3
        against red's 1 scores 2 × (3 − 1) = 4 (R7).""")
    n.step(
        """
        Cartouche 2 does two jobs. First it decides who goes first.
        """,
        """
        say(game.step().text)
        """,
        """
        The lower card on cartouche 2 goes first (R8), and the first player resolves cartouches
        2, 3 and 4 completely before the other player starts (R9).""")
    n.step(
        """
        Blue's turn: cartouche 2 again (removal), cartouche 3 (which temples) and cartouche 4
        (how many counters).
        """,
        """
        for event in game.advance():
            say(event.text)
        say("waiting for: " + game.pending.prompt)
        """,
        """
        A 1 on cartouche 2 would make blue remove one of its own counters (R10), but nobody
        removes anything in the first round of the game (R11). Blue's 2 on cartouche 3 allows
        temples 1 and 2 (R12), and the 4 on cartouche 4 means 4 counters from stock onto empty
        squares there (R13).""")
    n.step(
        """
        What if blue tried a square in temple 3? The engine refuses an illegal move with an
        error that names the rule, and nothing changes.
        """,
        """
        try:
            game.play("blue place T3.5")
        except aton.RuleError as error:
            say(str(error))
        """,
        """
        Cartouche 3 limits placement to temples 1 up to its value (R12): with a 2, temple 3 is
        out of reach this round.""")
    n.step(
        """
        Blue takes both black squares of temple 1 and the two +1 bonus squares of temples 1
        and 2.
        """,
        """
        for square in ["T1.5", "T1.6", "T1.7", "T2.7"]:
            say(game.play(f"blue place {square}").text)
        """,
        """
        Placement is compulsory: all 4 counters go onto empty squares of the allowed temples
        (R12, R13).""")
    n.step(
        """
        Red's turn.
        """,
        """
        for event in game.advance():
            say(event.text)
        say("waiting for: " + game.pending.prompt)
        """,
        """
        A 2 on cartouche 2 removes nothing: 2 − 2 = 0 (R10). Red's 4 on cartouche 3 opens all
        four temples (R12), and the 3 on cartouche 4 means 3 counters (R13).""")
    n.step(
        """
        Red takes the +2 bonus square and the blue square of temple 4, and a black square of
        temple 3. One more step ends the round.
        """,
        """
        for square in ["T4.4", "T4.8", "T3.5"]:
            say(game.play(f"red place {square}").text)
        say(game.step().text)
        """,
        """
        After both turns the 8 cards go to their owners' discard piles (R14). No counter went to
        the Kingdom of the Dead, so there is no scoring round (R16).""")

    n.md("## 4. After the round")
    n.step(
        """
        `game.position()` writes the position at the start of the next round.
        """,
        """
        aton.show(game.position())
        """,
        """
        Blue leads 4 to 0 (R7) and has 4 counters on the board to red's 3 (R13); the round
        number is now 2. Lesson 2 starts from this board (scenario `02_cartouche1_tie`).""")
    n.step(
        """
        The same round in one call: `aton.play_round` takes a position and both players' moves
        (the round-moves format) and returns the new position, every event and the scoring.
        """,
        """
        moves = {"red":  {"cards": [1, 2, 4, 3], "place": ["T4.4", "T4.8", "T3.5"]},
                 "blue": {"cards": [3, 1, 2, 4], "place": ["T1.5", "T1.6", "T1.7", "T2.7"]}}
        result = aton.play_round(position, moves, seed=930)
        print(len(result["events"]), "events; the same board as the game above:",
              result["position"]["board"] == game.position()["board"])
        """,
        """
        `play_round` drives the same `Game` and answers its decisions from the moves, so the
        same rules apply (R4 to R14). The next lessons use it when the steps in between are not
        the point.""")
    n.md("""
        **Next:** lesson 2 takes the four cartouches one at a time, with the cases this round did
        not show: equal cards, ties on cartouche 2, removals and counters that do not fit.""")
    return n


# ==================================================================================== lesson 2

HELPER = '''
    from textwrap import fill

    import aton
    import aton.scenarios


    def start(name, *decisions, seed=1):
        """Scenario `name` as a Game, with `decisions` (text form) made in order."""
        game = aton.Game.from_position(aton.scenarios.load(name), seed)
        for decision in decisions:
            game.advance()
            game.play(decision)
        return game


    def say(text):
        """Print one of the engine's sentences, wrapped at 100 characters."""
        print(fill(text, 100))
    '''


def lesson_2() -> Lesson:
    n = Lesson("02_the_four_cartouches.ipynb", "Lesson 2 · The four cartouches", """
        Each round every player puts one card on each of four cartouches (R6). This lesson
        takes them in the order they are resolved:

        1. **Cartouche 1**: points (R7).
        2. **Cartouche 2**: who goes first (R8, R9), then removal of counters (R10, R11).
        3. **Cartouche 3**: which temples a player may use this round (R12).
        4. **Cartouche 4**: how many counters go onto the board, and where the rest go (R13,
           R15).

        Each section loads a scenario (a position from `aton/scenarios/`) and plays it.""")
    n.md("""
        Two helpers: `start` loads a scenario as a game and makes the decisions we give it,
        in their text form (`"red assign 1423"` puts 1, 4, 2, 3 on red's cartouches 1 to 4);
        `say` prints a sentence wrapped at 100 characters. Both only call the engine.""")
    n.code(HELPER)

    # ---------------------------------------------------------------- cartouche 1
    n.md("## 1. Cartouche 1: points")
    n.step(
        """
        Scenario `02_cartouche1_tie` is the position after lesson 1's round.
        """,
        """
        say(aton.scenarios.describe("02_cartouche1_tie"))
        aton.show(aton.scenarios.load("02_cartouche1_tie"))
        """,
        """
        Blue leads 4 to 0 after round 1 (R7). In round 2, removals are allowed again (R11).""")
    n.step(
        """
        Blue puts its 4 on cartouche 1. Red tries three cards against it: 1, then 3, then 4.
        Each time we step through the reveal and print cartouche 1.
        """,
        """
        for red_cards in ["1423", "3412", "4132"]:
            game = start("02_cartouche1_tie", "red exchange no", f"red assign {red_cards}",
                         "blue exchange no", "blue assign 4213")
            game.step()                # the reveal (R6)
            say(game.step().text)    # cartouche 1
        """,
        """
        The higher card scores twice the difference (R7): 2 × (4 − 1) = 6, then
        2 × (4 − 3) = 2. Equal cards score nothing, so red's 4 stops blue from scoring at
        all.""")

    # ---------------------------------------------------------------- cartouche 2: order
    n.md("## 2. Cartouche 2: who goes first")
    n.step(
        """
        In the last game above (red 4, 1, 3, 2 against blue 4, 2, 1, 3) the next step is the
        order of play.
        """,
        """
        say(game.step().text)
        """,
        """
        The lower card on cartouche 2 goes first (R8); the first player resolves cartouches 2,
        3 and 4 before the other (R9). Going first matters: you remove before the other player
        places, and you choose your squares before they do.""")
    n.step(
        """
        Scenario `03_order_tie`: both players put a 3 on cartouche 2.
        """,
        """
        say(aton.scenarios.describe("03_order_tie"))
        game = start("03_order_tie", "red exchange no", "red assign 2341", "blue assign 4321")
        for _ in range(3):             # the reveal, cartouche 1, the order
            say(game.step().text)
        """,
        """
        On a tie on cartouche 2, the lower card on cartouche 1 goes first (R8). Blue's 4 on
        cartouche 1 scored 4 points (R7) but cost blue the first turn: a high card there pays
        in points and may cost the order.""")
    n.step(
        """
        Scenario `04_war`: both players put a 3 on cartouche 1 and a 2 on cartouche 2. The draw
        piles are stacked so that a war follows. This time we play the whole round with
        `aton.play_round` and the round-moves format.
        """,
        """
        say(aton.scenarios.describe("04_war"))
        moves = {"red":  {"cards": [3, 2, 4, 1], "place": ["T1.3"]},
                 "blue": {"exchange": False, "cards": [3, 2, 4, 3],
                          "place": ["T2.2", "T3.2", "T4.3"]}}
        result = aton.play_round(aton.scenarios.load("04_war"), moves, seed=4)
        for event in result["events"]:
            if event["type"] == "order":
                say(event["text"])
        """,
        """
        Equal on cartouche 2 and on cartouche 1, so a war: each player turns up the top card
        of their own draw pile until one card is lower (R8). 3 against 3 is still a tie; then
        red's 1 is lower than blue's 2, so red goes first.""")
    n.step(
        """
        Where did the turned-up cards go? Look at the bottom of each draw pile after the round.
        """,
        """
        for player in ("red", "blue"):
            print(player, "draw pile ends with", result["position"]["draw"][player][-2:])
        """,
        """
        The turned-up cards go under their owner's draw pile, in the order they were turned up
        (R8): red's 3 then 1, blue's 3 then 2. They will be drawn again, much later.""")

    # ---------------------------------------------------------------- cartouche 2: removal
    n.md("## 3. Cartouche 2: removing counters")
    n.md("""
        The card on cartouche 2 also removes counters: n = card − 2 (R10). A 4 removes 2 of the
        opponent's counters, a 3 removes 1, a 2 nothing, and a 1 removes one of your **own**.
        Removal is compulsory, and only from the temples your cartouche 3 allows (R12).
        Removed counters go to the Kingdom of the Dead (R15).""")
    n.step(
        """
        First, round 1. Replay lesson 1's deal, but red puts its 4 on cartouche 2.
        """,
        """
        moves = {"red":  {"cards": [1, 4, 3, 2], "place": ["T3.4", "T3.5"]},
                 "blue": {"cards": [3, 1, 2, 4], "place": ["T1.5", "T1.6", "T1.7", "T2.7"]}}
        result = aton.play_round(aton.scenarios.load("01_first_round"), moves, seed=930)
        for event in result["events"]:
            if event["type"] == "removal":
                say(event["text"])
        """,
        """
        No counter is removed in round 1 of the game (R11): neither blue's own counter for its
        1, nor two of blue's counters for red's 4. (Blue's counters were not on the board yet
        anyway: blue places after its removal.)""")
    n.step(
        """
        Scenario `05_removal_limited`: blue has one counter in temple 1 and eight further out.
        Red puts its 4 on cartouche 2 and a **1** on cartouche 3.
        """,
        """
        say(aton.scenarios.describe("05_removal_limited"))
        game = start("05_removal_limited", "red exchange no", "red assign 2413",
                     "blue exchange no", "blue assign 3412")
        for event in game.advance():
            if event.player == "red":
                say(event.text)
        """,
        """
        Red's 4 asks for 2 of blue's counters (R10), but cartouche 3 shows a 1, so only temple
        1 counts (R12). Only one blue counter is there: with fewer eligible counters than n,
        you remove those there are (R10). The other one is simply lost.""")
    n.step(
        """
        The same hands, but red puts the 3 on cartouche 3 and the 1 on cartouche 4. Now red
        must choose: the engine lists the legal squares.
        """,
        """
        game = start("05_removal_limited", "red exchange no", "red assign 2431",
                     "blue exchange no", "blue assign 3412")
        game.advance()
        say("waiting for: " + game.pending.prompt)
        print("legal:", game.options())
        """,
        """
        A 3 on cartouche 3 allows temples 1 to 3 (R12): six blue counters are in reach, and
        the three in temple 4 are not. Red picks two of the six (R10).""")
    n.step(
        """
        Red takes the blue counters on T3.5 (black) and T2.8 (blue square).
        """,
        """
        for square in ["T3.5", "T2.8"]:
            say(game.play(f"red remove {square}").text)
        """,
        """
        Every removed counter goes to the Kingdom of the Dead while it has room (R15); the
        Kingdom held 2 counters before.""")
    n.step(
        """
        Scenario `06_own_removal`: red holds two 1s. A 1 on cartouche 2 is the lowest card, so
        red goes first (R8), but it costs red one of its own counters. Red's counters are in
        temples 2, 3 and 4, none in temple 1.
        """,
        """
        say(aton.scenarios.describe("06_own_removal"))
        for red_cards in ["4121", "4112"]:
            game = start("06_own_removal", "red exchange no", f"red assign {red_cards}",
                         "blue exchange no", "blue assign 3241")
            for event in game.advance():
                if event.type == "removal":
                    say(event.text)
        """,
        """
        The own removal also obeys cartouche 3 (R10, R12). With a 2 on cartouche 3, red must
        give up one of its three counters in temple 2. With a 1 there, red has no counter in
        temple 1, so nothing happens: red goes first for free, but may only place in temple
        1.""")

    # ---------------------------------------------------------------- cartouches 3 and 4
    n.md("## 4. Cartouches 3 and 4: placing counters")
    n.md("""
        Cartouche 4 says how many counters you take from your stock (fewer if the stock has
        fewer), and you must put each on an empty square of a temple your cartouche 3 allows
        (R12, R13). Counters that do not fit go to the Kingdom of the Dead (R13, R15).""")
    n.step(
        """
        Scenario `07_placement_overflow` is the example from the rules: red has one free square
        in temple 1, 10 counters in stock, and the Kingdom holds 2 of 8. Red plays a 1 on
        cartouche 3 and a 4 on cartouche 4, and goes first.
        """,
        """
        say(aton.scenarios.describe("07_placement_overflow"))
        game = start("07_placement_overflow", "red assign 3214", "blue exchange no",
                     "blue assign 1342")
        for event in game.advance():
            if event.type in ("placement", "place", "overflow"):
                say(event.text)
        """,
        """
        Red takes 4 counters (R13) but temple 1, the only temple a 1 allows (R12), has one
        empty square. One counter goes there and the 3 that do not fit go to the Kingdom of the
        Dead (R13, R15).""")
    n.step(
        """
        What does red have left? A player's view shows stocks and the Kingdom.
        """,
        """
        view = game.view("red")
        print("stock:", view.stock)
        print("Kingdom of the Dead:", view.kingdom)
        """,
        """
        1 placed + 3 in the Kingdom: red's stock went from 10 to 6, and the Kingdom from 2 to 5
        of 8 (R13, R15), as in the rules' example.""")
    n.step(
        """
        Scenario `08_kingdom_one_from_full`: the Kingdom holds 7 of 8. Blue goes first and
        places 2 counters in temple 1. Then red's 4 on cartouche 2 removes two blue counters.
        """,
        """
        say(aton.scenarios.describe("08_kingdom_one_from_full"))
        game = start("08_kingdom_one_from_full", "red assign 2441", "blue assign 3212",
                     "blue place T1.3", "blue place T1.9", "red remove T2.1", "red remove T4.2")
        for event in game.events[-2:]:
            say(event.text)
        """,
        """
        The first removed counter fills the Kingdom (8/8). Once it is full, every further
        counter that would go there goes back to its owner's stock instead (R15).""")
    n.step(
        """
        Red places its last counter, and the round ends.
        """,
        """
        for event in game.advance():
            say(event.text)
        say(game.play("red place T3.2").text)
        say(game.step().text)
        """,
        """
        The 8 cards go to the discard piles (R14). The Kingdom of the Dead is full at the end of
        the round, so a scoring round follows (R16): that is lesson 3.""")

    n.md("""
        ## Summary

        | cartouche | what it does | rules |
        |---|---|---|
        | 1 | the higher card scores 2 × the difference; equal cards score nothing | R7 |
        | 2 | lower card goes first; tie: lower cartouche-1 card; still tied: war | R8, R9 |
        | 2 | removes card − 2 counters: the opponent's for a 3 or 4, your own for a 1; none in round 1 | R10, R11 |
        | 3 | a card v allows temples 1 to v, for removing and for placing | R12 |
        | 4 | place that many counters from stock; what does not fit goes to the Kingdom of the Dead | R13, R15 |
        """)
    return n


# ==================================================================================== lesson 3

def lesson_3() -> Lesson:
    n = Lesson("03_scoring_round.ipynb", "Lesson 3 · The scoring round (for teachers)", """
        When the Kingdom of the Dead is full at the end of a round, a **scoring round** follows
        (R16). This lesson plays the round that fills it, stops just before the scoring, lets
        the class predict each line and reveals it, one line at a time; then it works every
        line out. It ends with the removal of counters that follows a scoring round (R17).

        *For the teacher:* the quiz in section 3 works in Jupyter and in Voilà, and it is the
        same quiz as the app's *Class predicts* switch. Let the class fill in both numbers for
        a line (an empty box means no guess and is not marked), press *Reveal*, and discuss
        the sentence it shows before moving on. In Voilà the worked answers (sections 4 and 5)
        stay hidden until you tick the box under the quiz.""")
    n.code("""
        from textwrap import fill

        import aton
        import aton.scenarios
        import aton.scoring
        from aton.app.predict import ScoringQuiz
        """, SAY)

    n.md("## 1. The Kingdom is about to fill")
    n.step(
        """
        Scenario `09_every_line_scores`: seven counters lie in the Kingdom of the Dead.
        """,
        """
        position = aton.scenarios.load("09_every_line_scores")
        say(aton.scenarios.describe("09_every_line_scores"))
        aton.show(position)
        """,
        """
        The Kingdom has 8 squares (R2) and holds 7 (R15): the next counter removed or not placed
        fills it. Red leads 20 to 17.""")

    n.md("## 2. The round that fills it")
    n.step(
        """
        Red plays 2, 3, 4, 2 and blue 3, 2, 4, 3. Blue goes first and places 3 counters; red
        removes the blue counter on T3.8 and places 2. The round stops just before scoring.
        """,
        """
        game = aton.Game.from_position(position, seed=10)
        for decision in ["red assign 2342", "blue assign 3243",
                         "blue place T2.7", "blue place T4.5", "blue place T4.8",
                         "red remove T3.8", "red place T3.12", "red place T1.9"]:
            game.advance()
            game.play(decision)
        game.step()                    # the end of the round
        for event in game.events:
            if event.type in ("points", "order", "remove", "end_round"):
                say(event.text)
        """,
        """
        Blue's 2 on cartouche 2 is lower than red's 3, so blue goes first (R8). Red's 3 removes
        one blue counter (R10), the 8th in the Kingdom (R15). The Kingdom is full at the end of
        the round, so the scoring round follows (R16).""")
    n.step(
        """
        Here is the board the scoring round will look at. The engine is paused between the end
        of the round and the first scoring line.
        """,
        """
        game
        """,
        """
        Scoring looks only at the temples as they stand now (R16); the cards and the Kingdom
        play no part in it. Blue now has 19 points: cartouche 1 (3 against 2) gave it 2
        (R7).""")

    n.md("""
        ## 3. Predict, then reveal

        The six lines of the scoring round (R16). "Majority" means strictly more counters; a
        tie scores nothing.

        | line | who scores | what |
        |---|---|---|
        | Temple 1 | majority in temple 1 | the difference between the two players' counters there |
        | Temple 2 | majority in temple 2 | 5 |
        | Temple 3 | majority in temple 3 | the number of its own counters there |
        | Temple 4 | majority in temple 4 | 3 for each blue square it occupies on the whole board |
        | Black squares | whoever occupies more black squares on the whole board | 8 |
        | Bonus squares | each player | the value printed on each bonus square they occupy |
        """)
    n.step(
        """
        Ask the class for red's and blue's points on the line shown, type them in (or leave a
        box empty), and press *Reveal*. The next line comes after it; a summary follows the
        last one.
        """,
        """
        ScoringQuiz.from_game(game)
        """,
        """
        The quiz reads its answers from the engine: it plays the scoring round on a copy of
        this game (replayed from its record), so the answers and sentences are the engine's
        own, and `game` itself has not moved (R16).""")

    n.md(SHOW_WORKED)
    n.tags = [WORKED]  # everything after the quiz gives the answers away
    n.md("## 4. Each line, computed and explained")
    n.md("""
        For each line, `aton.scoring.score_line` gives the counts that decide it and the
        points, and `game.step()` scores it and says why. The board is a tuple of 48 squares as one player
        sees it (0 empty, 1 red, 2 blue).""")
    n.code("""
        board = game.view("red").board
        """)
    lines = [
        ("temple1", "Temple 1: the majority scores the difference.",
         ("Red has 4 counters in temple 1 and blue 2: red has the majority and scores "
          "4 − 2 = 2 (R16).")),
        ("temple2", "Temple 2: the majority scores a flat 5.",
         ("Blue has 5 counters in temple 2 against red's 1, so blue scores 5. The size of the "
          "majority does not matter here (R16).")),
        ("temple3", "Temple 3: the majority scores its own counters.",
         ("Red has 5 counters in temple 3 and blue none (red removed blue's only one, T3.8, "
          "this round): red scores 5 (R16).")),
        ("temple4", "Temple 4: the majority scores 3 for each blue square it holds anywhere.",
         ("Blue has the majority in temple 4 (4 to 2), and blue occupies two of the four blue "
          "squares on the board, T2.8 and T4.8: 3 × 2 = 6 (R16). Red's removal of T3.8 took "
          "away a third blue square, which would have made it 9.")),
        ("black", "Black squares: more black squares over the whole board scores 8.",
         "Red occupies 4 of the 10 black squares and blue 3: red scores 8 (R16)."),
        ("bonus", "Bonus squares: everybody scores what they stand on.",
         ("No majority here: each player scores the printed value of each bonus square they "
          "occupy, red 1 + 1 + 1 and blue 1 + 2 (R16).")),
    ]
    counted = {"temple1": "counters in temple 1", "temple2": "counters in temple 2",
               "temple3": "counters in temple 3", "temple4": "counters in temple 4",
               "black": "black squares", "bonus": "bonus squares"}
    for line, before, why in lines:
        extra = ('\n            print("blue squares held by the majority:", facts["blue_squares"])'
                 if line == "temple4" else "")
        n.step(before, f"""
            facts = aton.scoring.score_line(board, "{line}")
            print("{counted[line]} (red, blue):", facts["counts"])
            print("points (red, blue):", facts["points"]){extra}
            say(game.step().text)
            """, why)
    n.md("""
        On temple 4 the rules are read as "blue squares on the whole board". The other reading
        (only temple 4's own blue square) is one switch away in the engine:""")
    n.code("""
        print("temple 4 counts the blue squares of all temples:",
              aton.scoring.TEMPLE4_COUNTS_BLUE_SQUARES_OF_ALL_TEMPLES)
        """)
    n.md("**Why:** The switch is on, so temple 4 counted blue squares in all four temples "
         "(R16); with it off, blue would have scored 3, for T4.8 alone.")
    n.step(
        """
        The round's total:
        """,
        """
        say(game.step().text)
        for player, points in aton.scoring.breakdown(board).items():
            print(player, points)
        """,
        """
        Red scores 2 + 5 + 8 + 3 = 18 and blue 5 + 6 + 3 = 14 (R16). Nobody has reached 40, so
        the game goes on (R19).""")

    n.md("## 5. After the scoring round: each player removes 4 counters")
    n.step(
        """
        After a scoring round each player takes 4 of their own counters off the board, the
        leader first.
        """,
        """
        for event in game.advance():
            say(event.text)
        say("waiting for: " + game.pending.prompt)
        """,
        """
        Red leads 38 to 33, so red goes first (R17). Red has counters in all four temples, so
        it takes back one from each, choosing which square within each temple.""")
    n.step(
        """
        Red gives up T1.1, T3.7 and T4.10 (temple 2 holds only one red counter, so that one is
        forced). Then blue.
        """,
        """
        for decision in ["red take_back T1.1", "red take_back T3.7", "red take_back T4.10"]:
            for event in game.advance():
                say(event.text)
            say(game.play(decision).text)
        for event in game.advance():
            say(event.text)
        say("waiting for: " + game.pending.prompt)
        """,
        """
        One counter from each temple that holds your counters, then the rest from the
        highest-numbered temple that still holds yours (R17). Blue has counters in temples 1, 2
        and 4 only, so its fourth counter comes from temple 4 again.""")
    n.step(
        """
        Blue chooses its squares, and the Kingdom of the Dead empties.
        """,
        """
        for decision in ["blue take_back T1.3", "blue take_back T2.4",
                         "blue take_back T4.5", "blue take_back T4.6"]:
            game.advance()
            say(game.play(decision).text)
        say(game.step().text)
        aton.show(game.position())
        """,
        """
        The taken-back counters and every counter in the Kingdom of the Dead go back to their
        owners' stocks (R17). The Kingdom is empty, so it takes 8 more removed or unplaced
        counters before the next scoring round (R15, R16).""")
    n.tags = []
    return n


# ==================================================================================== lesson 4

def lesson_4() -> Lesson:
    n = Lesson("04_how_games_end.ipynb", "Lesson 4 · How a game ends", """
        A game of Aton ends in one of five ways:

        * **at once** (R18), when a player reaches 40 points, or occupies all 12 squares of one
          temple, all 14 yellow squares or all 14 green squares. This is checked when
          cartouche 1 is resolved and after each player's cartouche 4; nothing more is resolved
          after it;
        * **after a scoring round** that took a player to 40 or more (R19): the higher score
          wins, and equal scores are a draw.

        Each section plays one round from a scenario with `aton.play_round` and prints the
        events that matter.""")
    n.code("""
        from textwrap import fill

        import aton
        import aton.scenarios
        """, SAY)

    n.md("## 1. 40 points")
    n.step(
        """
        Scenario `10_end_by_points`: red has 34 points. Red puts its 4 on cartouche 1 and blue
        its 1.
        """,
        """
        say(aton.scenarios.describe("10_end_by_points"))
        moves = {"red": {"cards": [4, 2, 3, 1]}, "blue": {"cards": [1, 3, 2, 4]}}
        result = aton.play_round(aton.scenarios.load("10_end_by_points"), moves)
        for event in result["events"][-2:]:
            say(event["text"])
        print("winner:", result["position"]["winner"], "| end:", result["position"]["end"])
        """,
        """
        2 × (4 − 1) = 6 takes red from 34 to exactly 40 (R7), and 40 or more wins at once
        (R18). Cartouches 2 to 4 are never resolved, which is why the moves need no squares.""")

    n.md("## 2. A whole temple")
    n.step(
        """
        Scenario `11_end_by_temple`: red holds 10 squares of temple 3. Red puts a 2 on
        cartouche 2 and will go first; blue's 4 there would remove two red counters, if blue
        ever got to play it.
        """,
        """
        say(aton.scenarios.describe("11_end_by_temple"))
        moves = {"red": {"cards": [1, 2, 3, 2], "place": ["T3.3", "T3.9"]},
                 "blue": {"exchange": False, "cards": [3, 4, 4, 1]}}
        result = aton.play_round(aton.scenarios.load("11_end_by_temple"), moves)
        for event in result["events"]:
            if event["type"] in ("points", "order", "place", "end"):
                say(event["text"])
        aton.show(result["position"])
        """,
        """
        The check runs right after red's cartouche 4 (R18): all 12 squares of temple 3 are red,
        so red wins before blue's turn, and blue's 4 on cartouche 2 (R10) never comes. Blue's 4
        points from cartouche 1 (R7) no longer matter: a whole temple wins whatever the
        scores.""")

    n.md("## 3. All yellow squares")
    n.step(
        """
        Scenario `12_end_by_yellow`: blue holds 12 of the 14 yellow squares; T1.2 and T4.3 are
        empty. Blue goes first with a 4 on cartouche 3 and a 2 on cartouche 4.
        """,
        """
        say(aton.scenarios.describe("12_end_by_yellow"))
        moves = {"red": {"cards": [2, 3, 1, 4]},
                 "blue": {"cards": [1, 2, 4, 2], "place": ["T1.2", "T4.3"]}}
        result = aton.play_round(aton.scenarios.load("12_end_by_yellow"), moves)
        for event in result["events"]:
            if event["type"] in ("order", "place", "end"):
                say(event["text"])
        """,
        """
        The yellow squares lie in all four temples, so blue needed a 4 on cartouche 3 to reach
        T4.3 (R12). With both placed, blue occupies all 14 yellow squares and wins at once
        (R18); red's 3 on cartouche 2, which could have removed a yellow counter, comes too
        late.""")

    n.md("## 4. All green squares")
    n.step(
        """
        Scenario `13_end_by_green`: red holds 13 of the 14 green squares; only T2.10 is empty.
        This time red goes second. Blue's 1 on cartouche 3 keeps blue in temple 1.
        """,
        """
        say(aton.scenarios.describe("13_end_by_green"))
        moves = {"red": {"cards": [4, 3, 2, 1], "remove": ["T1.3"], "place": ["T2.10"]},
                 "blue": {"cards": [3, 2, 1, 2], "place": ["T1.1", "T1.2"]}}
        result = aton.play_round(aton.scenarios.load("13_end_by_green"), moves)
        for event in result["events"]:
            if event["type"] in ("order", "placement", "place", "end"):
                say(event["text"])
        """,
        """
        Blue went first but could only place in temple 1 (R12), so it could not block T2.10.
        The check after blue's cartouche 4 finds nothing; the check after red's cartouche 4
        finds all 14 green squares red (R18).""")

    n.md("## 5. A scoring round with a winner")
    n.step(
        """
        Scenario `14_scoring_winner`: red has 37 points, blue 28, and the Kingdom holds 7 of 8.
        Temple 1 is full, so counters that red and blue cannot place there go to the Kingdom
        and fill it. We print each scoring line with the scores after it.
        """,
        """
        say(aton.scenarios.describe("14_scoring_winner"))
        moves = {"red": {"cards": [1, 2, 1, 1]}, "blue": {"cards": [2, 2, 1, 3]}}
        result = aton.play_round(aton.scenarios.load("14_scoring_winner"), moves)
        for event in result["events"]:
            if event["type"] == "score":
                say(event["text"])
                print("    scores now:", event["scores"])
            elif event["type"] in ("overflow", "end"):
                say(event["text"])
        """,
        """
        Red passes 40 on the temple 2 line, but a scoring round is always finished first
        (R19). Blue's temple 3, temple 4 and black-square lines take it to 49 and its +2 bonus
        square to 51; only then does the game end, and the higher score wins (R19): blue, 51
        to 45.""")

    n.md("## 6. A scoring round that ends in a draw")
    n.step(
        """
        Scenario `15_scoring_draw`: red 34, blue 30, the same kind of full temple 1 and a
        Kingdom one counter from full.
        """,
        """
        say(aton.scenarios.describe("15_scoring_draw"))
        moves = {"red": {"cards": [1, 2, 1, 1]}, "blue": {"cards": [2, 2, 1, 3]}}
        result = aton.play_round(aton.scenarios.load("15_scoring_draw"), moves)
        for event in result["events"]:
            if event["type"] in ("score", "scoring", "end"):
                say(event["text"])
        print("winner:", result["position"]["winner"], "| end:", result["position"]["end"])
        """,
        """
        Temple 1 is a tie, 6 against 6, so nobody scores it (R16). Red scores 11 and blue 13
        (blue's 2 on cartouche 1 came first, R7): 45 each. The scoring round took them past
        40, so the game ends, and equal scores are a draw (R19).""")

    n.md("""
        ## Summary

        | end | when it is checked | position's `end` | rules |
        |---|---|---|---|
        | 40 points | cartouche 1 | `points` | R18 |
        | a whole temple | after each player's cartouche 4 | `temple` | R18 |
        | all 14 yellow squares | after each player's cartouche 4 | `yellow` | R18 |
        | all 14 green squares | after each player's cartouche 4 | `green` | R18 |
        | 40 or more after a scoring round | when the scoring round is complete | `scoring` | R19 |
        """)
    return n


LESSONS = [lesson_1, lesson_2, lesson_3, lesson_4]


def execute(path: Path) -> None:
    """Run the notebook in place, from the notebooks folder, keeping its outputs."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=120, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="build only lessons whose file name starts so")
    parser.add_argument("--no-execute", action="store_true", help="write without outputs")
    args = parser.parse_args(argv)
    for make in LESSONS:
        lesson = make()
        if args.only and not any(lesson.filename.startswith(p) for p in args.only):
            continue
        path = HERE / lesson.filename
        nbformat.write(lesson.notebook(), path)
        if not args.no_execute:
            execute(path)
        print("wrote", path.relative_to(HERE.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
