"""Puzzles mode (issue 20): a decision from a real game where one choice is clearly best,
served at the learner's rating, answered by the same clicks as in a game. It opens from the
Lesson menu's Puzzles entry (``state.puzzles``) or the page address (``?puzzle=ID``).

``PuzzleMode`` is the screen (the game's screen is hidden while it shows): the board, the
cards on the cartouches, the card picker or the list of squares, the question, then the
verdict with the explanation, the better choice ringed on the board and the values in words;
the learner's rating (Glicko-2, ``aton.teaching.puzzlerating``), a chart of it, the themes and
the streak. Progress is kept in the class store (``aton.classroom``): a student's under their
own token, so the teacher sees it; anyone else's under a token the page keeps in its address
(``?puzzler=``), so a reload finds it. Nothing of the puzzle's game is shown but what its
player may see (``Puzzle.view``: the record holds no real hidden card either, R6).
"""

from __future__ import annotations

import html
import math
import secrets
from urllib.parse import parse_qsl

from bqplot import Axis, Figure, LinearScale, Lines
from ipywidgets import HTML, Button, Dropdown, HBox, Layout, VBox

from ..classroom import Standing, StoreError
from ..engine.errors import RuleError
from ..i18n import translator
from ..teaching import coach, puzzlerating, puzzles
from ..teaching.puzzles import THEMES, Puzzle, choice_of, theme_name
from .address import page_title, rewrite_address
from .board import BoardView
from .board_words import board_words
from .cartouche_table import CartoucheTable
from .classwords import problem_words
from .controls import PUZZLES_ENTRY
from .layout import BOARD_HEIGHT, BOARD_WIDTH
from .narrator import countdown
from .picker import CardPicker
from .reader import sections_html
from .rules_panel import with_rule_links
from .squares import SquareChooser
from .theme import Panel, in_language, player_span, refusal_text, relabel_options

_ = translator("app")

ALL = ""  # the theme menu's value for every theme


class PuzzleMode(Panel):
    """The Puzzles screen of one page. ``link`` is the page's ``ClassLink`` (its store, and a
    student's token); ``guard(fn)`` runs a click as an action of the page; ``shown(on)``
    shows or hides the game's screen."""

    def __init__(self, state, link, guard, shown) -> None:
        self.state, self.link, self._shown = state, link, shown
        self.token: str | None = None
        self.standing: Standing | None = None  # from the store, None before the first answer
        self.offline: list[tuple[str, str, bool, float]] = []  # answers the store refused
        self._offline_rating = puzzlerating.Rating.learner()  # the rating after those
        self.puzzle: Puzzle | None = None
        self.answer: object = None  # the learner's answer to the puzzle shown, None: not yet
        self.before: float | None = None  # the rating before that answer
        self.problem: StoreError | None = None
        self.refused: RuleError | None = None  # the last illegal click, with its rule
        self.on = False
        self.heading = HTML()
        self.themes = Dropdown(options=[("", ALL)], value=ALL, layout=Layout(width="auto"))
        self.themes.add_class("aton-puzzle-themes")
        self.score = HTML()
        self.score.add_class("aton-puzzle-score")
        self.next = Button(button_style="primary", layout=Layout(width="auto"))
        self.next.add_class("aton-puzzle-next")
        self.back = Button(layout=Layout(width="auto"))
        self.back.add_class("aton-puzzle-back")
        self.question = HTML(layout=Layout(width="100%"))
        self.question.add_class("aton-puzzle-question")
        self.verdict = HTML(layout=Layout(width="100%"))
        self.verdict.add_class("aton-puzzle-verdict")
        self.address = HTML(layout=Layout(display="none"))
        self.words = HTML(layout=Layout(width="100%"))  # the board in words (screen readers)
        self.words.add_class("aton-puzzle-words")
        self.board = BoardView()
        self.board.figure.layout.width = BOARD_WIDTH
        self.board.figure.layout.height = BOARD_HEIGHT
        self.table = CartoucheTable()
        self.picker = CardPicker()
        self.chooser = SquareChooser()
        self.stage = VBox(layout=Layout(width="100%"))
        sx, sy = LinearScale(), LinearScale()
        self.line = Lines(x=[0], y=[puzzlerating.LEARNER_START[0]], scales={"x": sx, "y": sy},
                          marker="circle", colors=["#6a3d9a"])
        self.x_axis = Axis(scale=sx, tick_format="d", tick_values=[0])
        self.y_axis = Axis(scale=sy, side="left", tick_format="d")
        self.chart = Figure(marks=[self.line], axes=[
            self.x_axis,
            self.y_axis],
            fig_margin={"top": 30, "bottom": 42, "left": 50, "right": 12},
            layout=Layout(width="320px", height="180px"), animation_duration=0,
            display_toolbar=False)
        self.chart.add_class("aton-puzzle-chart")
        top = HBox([self.heading, self.themes, self.score, self.next, self.back],
                   layout=Layout(align_items="center", flex_flow="row wrap",
                                 grid_gap="8px"))
        left = VBox([self.board.figure, self.chart],
                    layout=Layout(width=f"calc({BOARD_WIDTH} + 6px)"))
        right = VBox([self.question, self.stage, self.verdict, self.words],
                     layout=Layout(min_width="0", flex="1 1 0"))
        # Its parts join the page at the first open: a figure drawn hidden has no size, and
        # bqplot says so in the browser's console.
        body = HBox([left, right], layout=Layout(grid_gap="12px"))
        body.add_class("aton-puzzle-body")  # the board above the question on a narrow screen
        self._parts = [top, body, self.address]
        self.widget = VBox([], layout=Layout(width="100%", display="none"))
        self.widget.add_class("aton-puzzles")
        # The Lesson menu's Puzzles entry (and Back to the game) set ``state.puzzles``.
        state.observe(lambda ch: (self.open() if ch["new"] else self.close())
                      if ch["new"] != self.on else None, "puzzles")
        self.back.on_click(guard(lambda _b: self.close()))
        self.next.on_click(guard(lambda _b: self.serve()))
        self.themes.observe(lambda ch: guard(self.serve)() if self.on else None, "value")
        self.board.on_click(guard(self.answer_square))
        self.chooser.on_choose(guard(self.answer_square))
        self.chooser.on_browse(self.board.point_at)
        self.picker.on_confirm(guard(self.answer_cards))
        self.picker.on_exchange(guard(lambda: self.give(True)))

    def name_controls(self, reader) -> None:
        """Accessible names for the controls with no words of their own (``ReaderPanel``)."""
        reader.name(self.board.figure, lambda: _(
            "The board of the puzzle, drawn. The same in words is under “The board in "
            "words”."), role="img")
        reader.name(self.chooser.list, lambda: _("Squares you may choose"), inner="select")
        reader.name(self.picker.cards, lambda: _("Card {text}"))

    # ------------------------------------------------------------------ the mode

    def open(self, ident: str | None = None, token: str | None = None) -> None:
        """Show the Puzzles screen: puzzle ``ident`` (from ``?puzzle=``), else the next one at
        the learner's rating; ``token`` (``?puzzler=``) names a learner's progress."""
        self.on = self.state.puzzles = True
        self._learner(token)
        self._shown(False)
        if not self.widget.children:
            self.widget.children = self._parts
        self.widget.layout.display = ""
        puzzle = puzzles.by_id(ident) if ident else None
        self.refused = None
        if ident and puzzle is None:
            self.verdict.value = self._warn(_("There is no puzzle {id}: here is one at your "
                                              "rating instead.").format(id=html.escape(ident)))
            self._show(self._next(), keep_verdict=True)
            return
        self._show(puzzle or self._next())

    def close(self) -> None:
        """Back to the game, as it was."""
        self.on = self.state.puzzles = False
        self.widget.layout.display = "none"
        self._shown(True)
        self.address.value = ""

    def remember(self, token: str) -> None:
        """The learner whose puzzles these are (``?puzzler=`` in an address that opens the
        game): Puzzles mode, opened later from the Lesson menu, goes on with their progress."""
        self._learner(token)

    def _learner(self, token: str | None) -> None:
        if self.link.role == "student":  # a student's progress, for the teacher to see
            token = self.link.token
        if token and token != self.token:
            self.token = token
            self.standing = self._store_call(lambda: self.link.store.standing(token))
        elif self.token is None:
            self.token = secrets.token_urlsafe(18)  # a new learner: kept in the address

    def _store_call(self, call):
        """``call()``, a store call (opening the store included); a refusal is kept in
        ``problem``, which the verdict says, and None is returned."""
        try:
            result = call()
        except StoreError as err:
            self.problem = err
            return None
        self.problem = None
        return result

    @property
    def history(self) -> list[tuple[str, str, bool, float]]:
        return (self.standing.history if self.standing else []) + self.offline

    @property
    def rating(self) -> puzzlerating.Rating:
        if self.offline:
            return self._offline_rating
        if self.standing is None:
            return puzzlerating.Rating.learner()
        return puzzlerating.Rating(self.standing.rating, self.standing.rd, self.standing.vol)

    def _next(self) -> Puzzle | None:
        chosen = {self.themes.value} if self.themes.value else None
        tried = {h[0] for h in self.history}
        moved = self._store_call(lambda: self.link.store.puzzle_ratings()) or {}
        return puzzles.pick(puzzles.shipped(), self.rating.rating, themes=chosen, done=tried,
                            moved=moved)

    def serve(self) -> None:
        """The next puzzle at the learner's rating, of the theme chosen."""
        self.refused = None
        self._show(self._next())

    # ------------------------------------------------------------------ answering

    def answer_square(self, name: str) -> None:
        """A square clicked on the board or chosen in the list."""
        if self.puzzle is None or self.answer is not None or not self.puzzle.on_the_board:
            return
        self.give(name)

    def answer_cards(self, cards: tuple[int, ...]) -> None:
        """The cards put on the cartouches: an assignment, or keeping them (no exchange)."""
        if self.puzzle is None or self.answer is not None:
            return
        self.give(False if self.puzzle.kind == "exchange" else tuple(cards))

    def give(self, choice: object) -> None:
        """Answer the puzzle shown. An illegal choice is refused with its rule and nothing
        changes; a legal one is judged, kept in the store and explained."""
        puzzle = self.puzzle
        if puzzle is None or self.answer is not None:
            return
        try:
            puzzle.game().decide(choice)  # the engine says why a choice is illegal
        except RuleError as err:
            self.refused = err
            self._render()
            return
        self.refused = None
        right = puzzle.is_best(choice)
        self.before = self.rating.rating
        said = puzzles.choice_text(puzzle.kind, choice)
        standing = self._answer_in_store(puzzle, said, right)
        if standing is not None:
            self.standing = standing
        else:  # kept on the page: the store could not be written (the notice says so)
            after = puzzlerating.rated(self.rating, puzzlerating.Rating.puzzle(puzzle.rating),
                                       right)[0] if puzzle.id not in {
                h[0] for h in self.history} else self.rating
            self._offline_rating = after
            self.offline.append((puzzle.id, said, right, after.rating))
        self.answer = choice
        self._render()

    def _answer_in_store(self, puzzle: Puzzle, said: str, right: bool) -> Standing | None:
        def rate(mine, its, solved):
            a, b = puzzlerating.rated(puzzlerating.Rating(*mine), puzzlerating.Rating(*its),
                                      solved)
            return (a.rating, a.rd, a.vol), (b.rating, b.rd, b.vol)

        start = puzzlerating.Rating.puzzle(puzzle.rating)
        return self._store_call(
            lambda: self.link.store.answer_puzzle(
                self.token, puzzle.id, said, right, learner_start=puzzlerating.LEARNER_START,
                puzzle_start=(start.rating, start.rd, start.vol), rate=rate))

    @property
    def streak(self) -> int:
        run = 0
        for _p, _a, right, _r in reversed(self.history):
            if not right:
                break
            run += 1
        return run

    # ------------------------------------------------------------------ drawing

    def _show(self, puzzle: Puzzle | None, keep_verdict: bool = False) -> None:
        self.puzzle, self.answer, self.before = puzzle, None, None
        if not keep_verdict:
            self.verdict.value = ""
        if puzzle is not None:
            view = puzzle.view()
            if not puzzle.on_the_board:
                self.picker.load(view.player, view.hand, can_exchange=puzzle.kind == "exchange",
                                 round_no=view.round, stock=view.stock[view.player])
        self._render(keep_verdict)

    @in_language
    def relabel(self) -> None:
        self.themes.description = _("Theme:")
        relabel_options(self.themes, [(_("all themes"), ALL)] + [
            (theme_name(t), t) for t in THEMES])
        self.next.description = _("Next puzzle ▸")
        self.back.description = _("Back to the game")
        self.chart.title = _("Your puzzle rating")
        self.x_axis.label = _("answers")
        self._render()

    @in_language
    def _render(self, keep_verdict: bool = False) -> None:
        puzzle = self.puzzle
        lang = self.speaks() or "en"
        self.heading.value = "<h3 class='aton-puzzle-title'>" + _("Puzzles") + "</h3>"
        rating = self.rating
        firsts = _firsts(self.history)
        # Before a first answer there is nothing to count: the rating is a first guess.
        self.score.value = (_("Your rating: <b>{rating}</b> (± {rd}) · right in a row: "
                              "<b>{streak}</b> · solved {solved} of {tried}") if firsts else
                            _("Your rating: <b>{rating}</b> (± {rd}), a first guess that "
                              "settles as you answer")).format(
            rating=round(rating.rating), rd=round(rating.rd), streak=self.streak,
            solved=sum(1 for h in firsts if h), tried=len(firsts))
        ys = [puzzlerating.LEARNER_START[0]] + [h[3] for h in self.history]
        # The ratings' range in round steps, with room above and below: a single rating (no
        # answer yet) sits in the middle of the chart, between two marked numbers.
        low, high = min(ys), max(ys)
        unit = next((u for u in (10, 20, 25, 50, 100, 200, 250, 500) if (high - low) / u < 2),
                    1000)
        ticks = list(range(math.floor(low / unit - 0.5) * unit,
                           math.ceil(high / unit + 0.5) * unit + 1, unit))
        y_scale = self.y_axis.scale
        with self.line.hold_sync(), y_scale.hold_sync(), self.y_axis.hold_sync():
            y_scale.min, y_scale.max = ticks[0], ticks[-1]
            self.y_axis.tick_values = ticks
            self.line.x, self.line.y = list(range(len(ys))), ys
        step = max(1, (len(ys) - 1 + 4) // 5)  # at most about five whole answers marked
        self.x_axis.tick_values = list(range(0, len(ys), step))
        if puzzle is None:
            self.question.value = "<p>" + _("You have tried every puzzle of this theme: choose "
                                            "another theme, or all themes.") + "</p>"
            self.stage.children = []
            return
        game = puzzle.game()
        view = game.view(puzzle.player)  # as puzzle.view(), with the game's events at hand
        board_choice = puzzle.on_the_board
        legal = view.options() if board_choice and self.answer is None else []
        best_squares = puzzle.best if board_choice and self.answer is not None else []
        chosen = [self.answer] if board_choice and self.answer is not None else []
        self.board.update(view.board, _kingdom(view), legal=legal, event=chosen,
                          stock=view.stock)
        self.board.show_hint(best_squares)
        self.words.value = ("<details><summary>" + _("The board in words") + "</summary>"
                            + sections_html(board_words(view)) + "</details>")
        themes = ", ".join(theme_name(t) for t in puzzle.themes)
        self.question.value = with_rule_links(
            f"<div class='aton-box aton-puzzle-ask'><p><b>{html.escape(puzzle.question[lang])}"
            f"</b> {countdown(view.pending, game.events)}</p>"
            "<p class='aton-puzzle-about'>"
            + _("Puzzle {id} · round {round} · {red} {rs}, {blue} {bs} · themes: {themes} · "
                "rating {rating}").format(
                id=puzzle.id, round=view.round, red=player_span("red"),
                rs=view.scores["red"], blue=player_span("blue"), bs=view.scores["blue"],
                themes=html.escape(themes), rating=round(puzzle.rating)) + "</p></div>")
        children = []
        if self.answer is not None and puzzle.kind == "assign":  # the better cards, drawn
            best = choice_of(puzzle.kind, puzzle.best[0])
            self.table.show({view.player: best, view.opponent: None}, first=None,
                            title=lambda: _("The best choice: the cards on the cartouches"))
            children.append(self.table.widget)
        elif view.revealed is not None:
            self.table.show(dict(view.revealed), first=None, title=lambda: _(
                "The cards on the cartouches (R6)"))
            children.append(self.table.widget)
        if self.answer is None:
            if board_choice:
                self.chooser.load(puzzle.kind, legal, {n: view.board_owner(n) for n in legal})
                children.append(self.chooser.widget)
            else:
                children.append(self.picker.widget)
        self.stage.children = children
        if self.refused is not None:
            self.verdict.value = self._warn(html.escape(refusal_text(self.refused)))
        elif self.answer is not None:
            self.verdict.value = self._verdict(puzzle, lang)
        elif not keep_verdict:
            self.verdict.value = ""
        if self.problem is not None:
            self.verdict.value += problem_words(self.problem)
        self._write_address()

    def _verdict(self, puzzle: Puzzle, lang: str) -> str:
        choice = self.answer
        right = puzzle.is_best(choice)
        mine, best = puzzle.value(choice), puzzle.best_value
        best_text = _(" or ").join(coach.shown_choice(choice_of(puzzle.kind, c))
                                  for c in puzzle.best)
        head = (_("✔ Right: that is the best choice.") if right else
                _("✘ Not the best choice: the best was {best}.").format(best=best_text))
        # The difference first: "about 27 points against you" alone reads as a bad choice
        # when every choice of a losing position is worth less than nothing.
        if right:
            runner = puzzle.facts["runner"]
            values = _("Your choice is {gain} better than the next best, {runner}: yours "
                       "comes to {mine_worth}, the next best to {runner_worth} (expected "
                       "points by the end of the round, as the coach counts them).").format(
                gain=coach.whole_points(mine - puzzle.values[runner]),
                mine_worth=coach.balance(mine),
                runner=html.escape(coach.shown_choice(choice_of(puzzle.kind, runner))),
                runner_worth=coach.balance(puzzle.values[runner]))
        else:
            values = _("Your choice, {mine}, is {loss} worse than the best: yours comes to "
                       "{mine_worth}, the best to {best_worth} (expected points by the end of "
                       "the round, as the coach counts them).").format(
                mine=html.escape(coach.shown_choice(choice)),
                loss=coach.whole_points(best - mine), mine_worth=coach.balance(mine),
                best_worth=coach.balance(best))
        after = self.rating.rating
        if puzzle.id in {h[0] for h in self.history[:-1]}:
            moved = _("You had tried this puzzle before: your rating moves only at the first "
                      "try.")
        else:
            moved = _("Your rating: {before} → {after}.").format(
                before=round(self.before), after=round(after))
        marks = (" " + _("The best square is ringed in orange on the board.")
                 if puzzle.on_the_board else "")
        css = "aton-puzzle-right" if right else "aton-puzzle-wrong"
        return with_rule_links(
            f"<div class='aton-box {css}'><p><b>{head}</b> {moved}</p>"
            f"<p>{values}{marks}</p><p>{html.escape(puzzle.explanation[lang])}</p></div>")

    def _warn(self, text: str) -> str:
        return with_rule_links(f'<div class="aton-warn" role="alert">{text}</div>')

    def _write_address(self) -> None:
        """The page's address names this puzzle and this learner: a reload comes back here.
        The rest of it stays: a lesson and the lessons done (``Tutor``) come back after."""
        if self.puzzle is None or not self.on:
            return
        if self.link.role == "student":  # the class link, with the puzzle
            keys = dict(parse_qsl(self.state.class_query.lstrip("?")))
        else:
            keys = {"puzzler": self.token, "lang": self.speaks() or "en"}
        self.address.value = rewrite_address({**keys, "puzzle": self.puzzle.id}, drop=("puzzles",),
                                             title=page_title(_(PUZZLES_ENTRY)))


def _firsts(history) -> list[bool]:
    first: dict[str, bool] = {}
    for puzzle, _a, right, _r in history:
        first.setdefault(puzzle, right)
    return list(first.values())


def _kingdom(view) -> list[str]:
    k = view.kingdom
    return ["red"] * k["red"] + ["blue"] * k["blue"]


__all__ = ["PuzzleMode"]
