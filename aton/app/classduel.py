"""Games between classmates (issue 18, item 5): the part of ``ClassLink`` that plays a
classmate, each on their own device. The game is the engine's, stored in the class store move
by move (each decision's text, as in a game record): a page writes its own decisions only,
reads the classmate's into its session's ``inbox`` (``Session.classmate``), and a reload
rebuilds the game from the moves stored. Each page shows only its own player's view (R6).
"""

from __future__ import annotations

import html

from ..classroom import ClassStore, DuelInfo
from ..engine.game import Game
from ..i18n import translator
from .session import Session
from .state import AppState
from .theme import player_name

_ = translator("app")


class Duels:
    """``ClassLink``'s games against classmates (it provides ``store``, ``code``, ``token``,
    ``key``, ``name``, ``duels``, ``_do``, ``_get``, ``refresh``)."""

    state: AppState
    store: ClassStore
    duels: list[DuelInfo]
    duel: DuelInfo | None
    duel_over: bool
    entered: set[int]
    unsent: bool

    def challenge(self, student_id: int) -> None:
        """Challenge a classmate to a game (the challenger plays red)."""
        self._do(self.store.challenge, self.code, self.token, student_id,
                 self.control.secret_seed())
        self.refresh()

    def pair(self, red_id: int, blue_id: int) -> None:
        """The teacher pairs two students: their game starts at once."""
        self._do(self.store.pair, self.code, self.key, red_id, blue_id, self.control.secret_seed())

    def accept(self, duel_id: int) -> None:
        if self._do(self.store.accept, self.code, self.token, duel_id) is not self.FAILED:
            self.refresh()
            self.enter_duel(duel_id)

    def decline(self, duel_id: int) -> None:
        self._do(self.store.decline, self.code, self.token, duel_id)
        self.refresh()

    def playing_now(self) -> dict[str, str]:
        """The teacher: each student in a game under way, and whom they play."""
        playing = {}
        for duel in self._get(self.store.all_duels, self.code, self.key, default=[]):
            if duel.status == "playing":
                playing[duel.red], playing[duel.blue] = duel.blue, duel.red
        return playing

    def colour_in(self, duel: DuelInfo) -> str:
        return "red" if duel.red == self.name else "blue"

    def enter_duel(self, duel_id: int) -> None:
        """This page plays its game against a classmate: the game is rebuilt from the moves
        stored so far, and goes on from there."""
        duel = next((d for d in self.duels if d.id == duel_id), None)
        moves = duel and self._get(self.store.duel_moves, self.code, self.token, duel_id)
        if duel is None or moves is None:
            return
        mine = self.colour_in(duel)
        other = duel.blue if mine == "red" else duel.red
        game = Game.from_position(duel.start, duel.seed) if duel.start else Game.new(duel.seed)
        session = Session(game, learner=mine, classmate=other)
        session.inbox = list(moves)
        self.mode, self.duel, self.duel_over, self.unsent = "duel", duel, False, False
        self.entered.add(duel.id)
        self.state.watched = None
        self.control.start_session(session, heading=lambda: _(
            "<b>Your game against {name}</b>: you play {colour}. Each of you sees only your "
            "own cards (R6).").format(name=html.escape(other), colour=player_name(mine)))

    def _duel_moves(self) -> bool:
        """The classmate's decisions stored since the last poll go to the game's inbox; a
        page waiting for them steps on at once."""
        session, duel = self.state.session, self.duel
        if duel is None or session.classmate is None:
            return False
        if self.unsent:
            self.push_moves()  # this page's own moves first: the classmate's page waits on them
        moves = self._get(self.store.duel_moves, self.code, self.token, duel.id)
        if moves is None:
            return False
        known = len(session.game.decisions) + len(session.inbox)
        session.inbox.extend(moves[known:])
        if self._inbox_waits():
            self.control.next_step()
            return True
        return len(moves) > known

    def _inbox_waits(self) -> bool:
        """The classmate's next move is read and the game waits on it (not while this page
        looks at an earlier moment)."""
        session = self.state.session
        return bool(session.inbox) and session.waits_for_classmate and self.state.moment is None

    def duel_behind(self) -> bool:
        """A game against a classmate that a poll must move on although the class's counter
        has not changed: a move of this page the store refused (stored at the next poll), or
        the classmate's next move read but not played yet (one a poll)."""
        if self.mode != "duel" or self.duel is None or self.state.session.classmate is None:
            return False
        return self.unsent or self._inbox_waits()

    def push_moves(self) -> None:
        """After an action on a classmate game's page: this page's new decisions go to the
        store, move by move, so the classmate's page (and a reload) has them."""
        session, duel = self.state.session, self.duel
        if self.mode != "duel" or duel is None or session.classmate is None:
            return
        self.unsent = True  # until every move of this page is stored
        stored = self._get(self.store.duel_moves, self.code, self.token, duel.id)
        if stored is None:
            return
        texts = session.game.record()["decisions"]
        for index in range(len(stored), len(texts)):
            player = session.game.decisions[index].player
            if player != session.learner:
                break  # the classmate's, not stored yet: it came from their page
            if self._do(self.store.add_move, self.code, self.token, duel.id, index, player,
                        texts[index]) is self.FAILED:
                return
        self.unsent = False
        if session.game.over and not self.duel_over and self._do(
                self.store.finish_duel, self.code, self.token, duel.id,
                session.game.winner) is not self.FAILED:
            self.duel_over = True


__all__ = ["Duels"]
