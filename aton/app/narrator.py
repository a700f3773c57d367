"""What the page says, in a learner's words, made from what the person at the screen may see.

No widgets here: ``Narrator(state)`` writes the app's own sentences (the engine writes the
events' and the refusals'), as HTML with the players' names in their colours, in the language
in force when it is asked (``aton.i18n.speaking``). Tests call it directly.

- ``decision(pending)``: whose turn it is and what to do ("Your choice: click one of blue's
  counters in temples 1 and 2 to remove it (R10, R12). <b>2 left</b>, this one included.");
- ``next_text()``: what the next step will do, or whose decision it is;
- ``undo_words(decision)``: what Undo gave back; a choice made face down (R5, R6) is named
  only to the player who made it (``PlayerView.sees``);
- the headings of a new game, a scenario, a lesson, a game opened from a link or a file, and
  of an earlier moment; and why a button does nothing now.
"""

from __future__ import annotations

import html

from ..engine.board import temples_text
from ..engine.decision import Decision
from ..engine.game import Game
from ..engine.steps import Ask, upcoming
from ..i18n import N_, plural_translator, translator
from ..players import level_name
from ..teaching import scenarios
from ..teaching.cartouches import on_cartouches
from .state import AppState
from .theme import capitalized, player_name, player_span

_ = translator("app")
_n = plural_translator("app")

#: A computer decision the learner is about to see, by its kind.
COMPUTER_CHOICE = {
    "place": N_("where {player} places a counter"),
    "remove": N_("which counter {player} removes"),
    "take_back": N_("which counter {player} takes back"),
    "exchange": N_("{player}'s cards go face down"),
    "assign": N_("{player}'s cards go face down"),
}
#: Shown above the move list while looking back, and in the live game's buttons' tooltips.
LOOKING = N_("you are looking at an earlier moment: click <b>Back to the game</b> first.")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def countdown(pending: Ask, events: list) -> str:
    """How many removals, placements or take-backs are left, this one included ("<b>2
    left</b>, this one included."); the last of several is called the last one (the player's
    last event is a choice of the same kind), and a single one is not counted at all."""
    if pending.count > 1:
        return _("<b>{n} left</b>, this one included.").format(n=pending.count)
    if events and (events[-1].type, events[-1].player) == (pending.kind, pending.player):
        return _("This is <b>the last one</b>.")
    return ""


class Narrator:
    """The app's sentences for ``state`` (its session and the person at its screen)."""

    def __init__(self, state: AppState) -> None:
        self.state = state

    # ------------------------------------------------------------------ decisions

    def decision(self, pending: Ask) -> str:
        """Whose decision it is and what to do, with the rules it follows."""
        player = pending.player
        hotseat = self.state.hotseat
        # The person who decides, in their colour: "Your turn" (the learner), "Red's turn"
        # (hot seat, where the screen is shared).
        if pending.secret:
            label = _("{player}'s turn") if hotseat else _("Your turn")
        else:
            label = _("{player}'s choice") if hotseat else _("Your choice")
        who = player_span(player, capitalized(label.format(player=player_name(player))))
        if pending.secret:
            return _("{who}: put one card on each cartouche below, then <b>Confirm</b> "
                     "(R6).").format(who=who)
        if pending.kind == "place":
            # The squares one may click have a black frame; the others are faded (board.py).
            text = _("{who}: click an empty square with a black frame in {temples} to place a "
                     "counter (R12, R13).")
        elif pending.kind == "remove" and pending.target == player:
            text = _("{who}: click one of your own counters in {temples} to remove it (R10, "
                     "R12).")
        elif pending.kind == "remove":
            text = _("{who}: click one of {target}'s counters in {temples} to remove it (R10, "
                     "R12).")
        else:
            text = _("{who}: click one of your counters in temple {temple} to take it back to "
                     "your stock (R17).")
        temples = temples_text(pending.temples) if pending.kind in ("place", "remove") else ""
        target = player_name(pending.target) if pending.kind == "remove" else ""
        text = text.format(who=who, temples=temples, target=target,
                           temple=getattr(pending, "temple", ""))
        left = countdown(pending, self.state.game.events)
        return f"{text} {left}" if left else text

    def next_text(self) -> str:
        """What comes next: the game's end, a person's decision, or the next step."""
        session = self.state.session
        game = session.game
        if game.over:
            return _("The game is over.")
        pending = session.human_pending
        if pending is not None:
            return self.decision(pending)
        if session.watch_only:  # a student following the class's teacher
            return _("Next: the teacher's page goes on, and yours with it.")
        if session.waits_for_classmate and not session.inbox:
            return _("Next: {name} decides on their own device.").format(
                name=html.escape(session.classmate))
        if game.pending is not None:
            p = game.pending
            seen = _(COMPUTER_CHOICE[p.kind]).format(player=player_span(p.player))
            return _("Next: click <b>Next step</b> to see {what}.").format(what=seen)
        coming = game.coming
        if coming is None:
            return _("Next: click <b>Next step</b>.")
        kingdom = sum(self.state.view().kingdom.values())  # public: is the Kingdom full (R15)
        return _("<b>Next step</b> ▸ {preview}.").format(
            preview=upcoming(coming, player_span, kingdom))

    # ------------------------------------------------------------------ undo

    def undo_words(self, undone: Decision) -> str:
        """What Undo gave back, in plain words, as the page then shows it ("Your cards are
        taken back before the reveal: they stay on the cartouches where you put them (a 3 on
        cartouche 1, ...)"). The cards or the exchange of a choice made face down (R5, R6) are
        named only to the player who made it, and only while that player is at the screen."""
        view = self.state.view()
        sees = view.sees(undone)
        mine = not self.state.hotseat
        text = _undo_words(undone.kind, undone.choice, mine, player_name(undone.player),
                           sees or not undone.secret)
        if undone.kind == "assign" and sees:
            # The picker keeps the cards where they were while the hand is the same; a hand
            # handed in by exchange and taken back with the cards (hot seat) starts afresh.
            hand = view.hand or ()
            stays = sorted(hand) == sorted(undone.choice)
            text = _assign_undone(undone.choice, mine, player_name(undone.player), stays)
            pending = self.state.game.pending
            if pending is not None and pending.kind == "exchange":
                text += " " + (_("You may also hand in the exchange counter first (R5).") if mine
                               else capitalized(_("{player} may also hand in the exchange counter "
                                                  "first (R5).").format(
                                   player=player_name(undone.player))))
        return _cap(text)

    # ------------------------------------------------------------------ headings

    def new_game(self, seed: int) -> str:
        if self.state.hotseat:
            return _("New game (seed {seed}): {red} and {blue} share this screen").format(
                seed=seed, red=player_span("red"), blue=player_span("blue"))
        return _("New game (seed {seed}): you play {player}").format(
            seed=seed, player=player_span(self.state.learner))

    @staticmethod
    def scenario(name: str) -> str:
        # A shipped scenario is named by its number ("09_every_line_scores" is scenario 9):
        # its file name is English, and its description says the rest in the page's language.
        number, _sep, rest = name.partition("_")
        label = str(int(number)) if number.isdigit() and rest else name.replace("_", " ")
        heading = _("Scenario {name}").format(name=html.escape(label))
        description = scenarios.describe(name)  # in the current language
        if description:
            heading += (f": <span style='font-weight:normal'>"
                        f"{html.escape(description)}</span>")
        return heading

    @staticmethod
    def lesson(number: int, title: str) -> str:
        return _("Lesson {number}: {title}").format(number=number, title=html.escape(title))

    @staticmethod
    def opened(game: Game, scenario: str | None, lesson_title: str | None) -> str:
        """The heading of a game opened from a link or a file, where it stood."""
        steps = len(game.events)
        if game.over:  # nothing to play on: say how to read it
            what = (_("lesson “{name}”").format(name=html.escape(lesson_title))
                    if lesson_title is not None
                    else _("scenario {name}").format(name=html.escape(scenario.replace("_", " ")))
                    if scenario else _("seed {seed}").format(seed=game.seed))
            return _("Game opened at its end ({what}): look back through it in the move list, "
                     "or start a new game above.").format(what=what)
        if lesson_title is not None:  # a guided lesson's position: say the lesson's title
            heading = _n("Game opened (lesson “{name}”, {n} step): play on from here",
                         "Game opened (lesson “{name}”, {n} steps): play on from here", steps)
            name = lesson_title
        elif scenario:
            heading = _n("Game opened (scenario {name}, {n} step): play on from here",
                         "Game opened (scenario {name}, {n} steps): play on from here", steps)
            name = scenario.replace("_", " ")
        else:
            heading = _n("Game opened (seed {seed}, {n} step): play on from here",
                         "Game opened (seed {seed}, {n} steps): play on from here", steps)
            name = ""
        return heading.format(name=html.escape(name), seed=game.seed, n=steps)

    @staticmethod
    def looking_back(step: int, total: int, round_no: int) -> str:
        heading = (_("Looking back: the game after step {step} of {total}, round {round}")
                   if step else _("Looking back: the game after step {step} of {total}"))
        return heading.format(step=step, total=total, round=round_no)

    @staticmethod
    def looking_next() -> str:
        return _("◂ ▸ (or the arrow keys in the move list) step through the game; <b>Back to "
                 "the game</b> goes on where you were. Nothing has been undone.")

    @staticmethod
    def opponent_changed(player: str, opponent: str) -> str:
        if opponent == "hotseat":
            notice = _("{player} is now played by a second person at this screen.")
        else:
            notice = _("{player} is now played by the computer ({level}).")
        return notice.format(player=player_span(player), level=level_name(opponent))

    @staticmethod
    def colour_changed(colour: str) -> str:
        return _("You now play {player}: the same deal starts again from the beginning.").format(
            player=player_span(colour))

    # ------------------------------------------------------------------ why not

    def why_not_now(self) -> str:
        """Why Next step, To my next decision and Auto-play are greyed out ('' when they
        work), for their tooltips."""
        session = self.state.session
        pending = session.human_pending
        if self.state.moment is not None:
            return _(LOOKING).replace("<b>", "").replace("</b>", "")
        if session.game.over:
            return _("the game is over. Start a new game above.")
        if pending is not None and pending.secret:
            return _("first put your cards on the cartouches and click Confirm (R6).")
        if pending is not None:
            return _("first make your choice on the board (or in the list under it).")
        if session.waits_for_classmate and not session.inbox:
            return _("{name} is deciding on their device; your page goes on by itself once "
                     "they have.").format(name=session.classmate)
        return ""

    def not_stepping(self) -> str | None:
        """The warning of a click on Next step (or To my next decision, or Auto-play) that
        cannot step now, or None when it can."""
        state, session = self.state, self.state.session
        if state.moment is not None:
            return self.looking()
        if session.game.over:
            return _("The game is over: start a new game or a lesson above.")
        pending = session.human_pending
        if pending is not None:
            return _("Nothing runs until this decision is made: {decision}").format(
                decision=self.decision(pending))
        if session.watch_only:
            return _("You are following the teacher: the teacher's page moves the game. Look "
                     "at earlier steps in the move list, or press <b>Play on my own</b> in the "
                     "class box.")
        if session.waits_for_classmate and not session.inbox:
            return _("Waiting for {name} to decide on their device: your page goes on by "
                     "itself as soon as they have.").format(name=html.escape(session.classmate))
        if state.asking:
            return _("The class is answering your question on their devices: press "
                     "<b>Reveal</b> in the class box to step the game and mark the answers.")
        if state.predicts and getattr(session.game.coming, "kind", None) == "score":
            return _("The class is predicting this line of the scoring round: type the guesses "
                     "and press <b>Reveal</b> in the Class predicts box, above the scoring "
                     "table, or switch off <b>Class predicts</b> (R16).")
        return None

    @staticmethod
    def looking() -> str:
        """The warning of an action of the live game while an earlier moment is shown."""
        return _("Not now: {why}").format(why=_(LOOKING))


def _assign_undone(cards: tuple[int, ...], mine: bool, player: str, stays: bool) -> str:
    """The cards put on the cartouches, taken back before the reveal (R6): where the page now
    shows them (``stays``: still on the cartouches, else back in the hand)."""
    placed = on_cartouches(cards)
    if stays:
        text = (_("your cards are taken back before the reveal: they stay on the cartouches "
                  "where you put them ({placed}). Move any card you want to change, then "
                  "click <b>Confirm</b> again.") if mine else
                _("{player}'s cards are taken back before the reveal: they stay on the "
                  "cartouches where {player} put them ({placed}); {player} may move any card, "
                  "then click <b>Confirm</b> again."))
    else:
        text = (_("your cards are taken back before the reveal ({placed}) and are in your "
                  "hand again. Put one on each cartouche, then click <b>Confirm</b>.") if mine
                else _("{player}'s cards are taken back before the reveal ({placed}) and are "
                       "in {player}'s hand again, for {player} to put one on each cartouche "
                       "and click <b>Confirm</b>."))
    return text.format(placed=placed, player=player)


def _undo_words(kind: str, c: object, mine: bool, player: str, sees: bool) -> str:
    """``mine``: the learner's own decision ("your cards"); else the hot seat player's
    ("red's cards"). ``sees``: the person at the screen may see the choice (False only for a
    choice made face down by someone else)."""
    if not sees:  # a choice made face down, by someone not at the screen (R5, R6)
        return _("{player}'s choices of this round are taken back, face down, for {player} to "
                 "make again.").format(player=player)
    if kind == "exchange":
        if c:
            text = (_("your exchange counter is back, with the 4 cards first drawn. Choose "
                      "again.") if mine else
                    _("{player}'s exchange counter is back, with the 4 cards first drawn. "
                      "Choose again."))
        else:
            text = (_("you may choose again whether to hand in the exchange counter.")
                    if mine else
                    _("{player} may choose again whether to hand in the exchange counter."))
        return text.format(player=player)
    if kind == "place":
        text = (_("the counter you placed on {square} is back in your stock. Choose a "
                  "square again.") if mine else
                _("the counter {player} placed on {square} is back in {player}'s stock. "
                  "Choose a square again."))
    elif kind == "remove":
        text = (_("the counter you removed from {square} is back on {square}. Choose again.")
                if mine else
                _("the counter {player} removed from {square} is back on {square}. Choose "
                  "again."))
    else:
        text = (_("your counter is back on {square}, in the temple. Choose again which "
                  "counter to take back.") if mine else
                _("{player}'s counter is back on {square}, in the temple. Choose again "
                  "which counter to take back."))
    return text.format(player=player, square=c)


__all__ = ["COMPUTER_CHOICE", "LOOKING", "Narrator", "countdown"]
