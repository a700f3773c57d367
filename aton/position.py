"""Positions (formats.md): the JSON a teacher writes to set up a scenario, checked rule by rule.

``state_from_position`` refuses a malformed position with a ``RuleError`` naming the rule
nearest to what is wrong (R1 counts, R3 squares, R5 exchange, R15 Kingdom, R18/R19 the end);
``position_from_state`` writes one. The dict passed in is never modified.
"""

from __future__ import annotations

from . import rules
from .board import COUNTERS, KINGDOM_SIZE, PLAYERS, board_masks, temple_squares
from .cards import COPIES, VALUES
from .errors import RuleError, shown
from .state import State

FORMAT = "aton-position"
VERSION = 1
ENDS = ("points", "temple", "yellow", "green", "scoring")
#: The highest round a position may name. A game lasts some tens of rounds; the bound only
#: keeps absurd numbers out.
MAX_ROUND = 10_000
#: The highest score a position may hold. A game ends at 40 (R18, R19) and one round adds at
#: most about 90 (cartouche 1 and a scoring round), so no game gets near it.
MAX_SCORE = 1_000
_MARKS = {".": 0, "r": 1, "b": 2}
_LETTERS = ".rb"


def _is_int(v: object) -> bool:
    """A whole number: True and False are not (Python counts True as 1)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _per_player(position: dict, key: str, rule: str) -> dict:
    value = position.get(key)
    if not isinstance(value, dict) or not all(name in value for name in PLAYERS):
        raise RuleError(rule, f"position: '{key}' must be an object with 'red' and 'blue', "
                        f"got {shown(value)}")
    return value


def _count(position: dict, key: str, rule: str, most: int) -> list[int]:
    value = _per_player(position, key, rule)
    out = []
    for name in PLAYERS:
        v = value[name]
        if not _is_int(v) or not 0 <= v <= most:
            raise RuleError(rule, f"position: {key}.{name} must be a whole number from 0 to "
                            f"{most}, got {shown(v)}")
        out.append(v)
    return out


def state_from_position(position: dict):
    """Check a position dict and build the engine's state from it (RuleError if malformed)."""
    if not isinstance(position, dict):
        raise RuleError("R1", f"a position must be a JSON object, got {type(position).__name__}")
    form = position.get("format", FORMAT)
    if not isinstance(form, str) or form != FORMAT:
        raise RuleError("R1", f"position: 'format' must be {FORMAT!r}, got {shown(form)}")
    version = position.get("version", VERSION)
    if not _is_int(version) or version != VERSION:  # "version": true is not 1
        raise RuleError("R1", f"position: version {shown(version)} is not understood; this "
                        f"engine reads version {VERSION}")

    rnd = position.get("round")
    if not _is_int(rnd) or not 1 <= rnd <= MAX_ROUND:
        raise RuleError("R11", f"position: 'round' must be a whole number from 1 (the first "
                        f"round) to {MAX_ROUND:,}, got {shown(rnd)}")

    scores = _count(position, "scores", "R1", MAX_SCORE)

    boards = position.get("board")
    if not isinstance(boards, dict):
        raise RuleError("R3", f"position: 'board' must be an object with T1..T4, got "
                        f"{shown(boards)}")
    board = [0] * 48
    for t in (1, 2, 3, 4):
        row = boards.get(f"T{t}")
        if not isinstance(row, str) or len(row) != 12 or set(row) - set(_MARKS):
            raise RuleError("R3", f"position: board T{t} must be 12 characters of r, b and . "
                            f"(squares 1-12), got {shown(row)}")
        for k, i in enumerate(temple_squares(t)):
            board[i] = _MARKS[row[k]]

    kingdom = _count(position, "kingdom", "R15", COUNTERS)
    if sum(kingdom) > KINGDOM_SIZE:
        raise RuleError("R15", f"position: the Kingdom of the Dead has {KINGDOM_SIZE} squares, "
                        f"but holds {kingdom[0]} red + {kingdom[1]} blue = {sum(kingdom)}")

    stock = _count(position, "stock", "R1", COUNTERS)
    for p, name in enumerate(PLAYERS):
        on_board = board.count(p + 1)
        total = stock[p] + on_board + kingdom[p]
        if total != COUNTERS:
            raise RuleError("R1", f"position: {name} has {stock[p]} in stock + {on_board} on the "
                            f"board + {kingdom[p]} in the Kingdom = {total} counters, not "
                            f"{COUNTERS}")

    exchange = _per_player(position, "exchange", "R5")
    for name in PLAYERS:
        if not isinstance(exchange[name], bool):
            raise RuleError("R5", f"position: exchange.{name} must be true or false, got "
                            f"{shown(exchange[name])}")

    piles = {}
    for key in ("draw", "discard"):
        value = _per_player(position, key, "R1")
        for name in PLAYERS:
            pile = value[name]
            if not isinstance(pile, list) or not all(_is_int(c) and c in VALUES for c in pile):
                raise RuleError("R1", f"position: {key}.{name} must be a list of cards 1-4, "
                                f"got {shown(pile)}")
        piles[key] = value
    for name in PLAYERS:
        cards = piles["draw"][name] + piles["discard"][name]
        for v in VALUES:
            if cards.count(v) > COPIES:
                raise RuleError("R1", f"position: {name} has {cards.count(v)} cards of value "
                                f"{v} in draw and discard piles; a deck has {COPIES} of each")

    winner, end = position.get("winner"), position.get("end")
    if not (winner is None or isinstance(winner, str) and winner in ("red", "blue", "draw")):
        raise RuleError("R18", f"position: 'winner' must be null, red, blue or draw, got "
                        f"{shown(winner)}")
    if not (end is None or isinstance(end, str) and end in ENDS):
        raise RuleError("R18", f"position: 'end' must be null or one of {', '.join(ENDS)}, "
                        f"got {shown(end)}")
    if (winner is None) != (end is None):
        raise RuleError("R18", "position: 'winner' and 'end' are both null (game on) or both "
                        f"set (game over), got winner={shown(winner)}, end={shown(end)}")
    if winner == "draw" and end != "scoring":
        raise RuleError("R19", "position: only a scoring round ends in a draw (R19), "
                        f"but end is {shown(end)}")
    if winner is None:
        _refuse_finished(scores, board)
    else:
        _check_ending(winner, end, scores, board)

    s = State.start(rnd, scores, board, [0] * kingdom[0] + [1] * kingdom[1], stock,
                    [exchange["red"], exchange["blue"]],
                    [list(piles["draw"][n]) for n in PLAYERS],
                    [list(piles["discard"][n]) for n in PLAYERS], winner, end)
    return s


def _refuse_finished(scores: list[int], board: list[int]) -> None:
    """R18: a game in which someone already won cannot be a position without a winner."""
    for p, owned in enumerate(board_masks(board)):
        name = PLAYERS[p]
        if rules.wins_by_points(scores[p]):
            raise RuleError("R18", f"position: {name} has {scores[p]} points; at "
                            f"{rules.WIN_POINTS} the game is already over, so 'winner' cannot "
                            "be null")
        won = rules.win_at_once(owned)
        if won is not None:
            reason, temple = won
            what = f"all of temple {temple}" if reason == "temple" else f"all {reason} squares"
            raise RuleError("R18", f"position: {name} occupies {what}; the game is already "
                            "over, so 'winner' cannot be null")


def _check_ending(winner: str, end: str, scores: list[int], board: list[int]) -> None:
    """R18, R19: the winner and the reason must agree with the scores and the board."""
    if end == "scoring":
        if not rules.game_over_after_scoring(scores):
            raise RuleError("R19", "position: a game ends after a scoring round only when a "
                            f"player has {rules.WIN_POINTS} or more, but the scores are "
                            f"{scores[0]}-{scores[1]}")
        expected = rules.final_result(scores)
        if winner != expected:
            raise RuleError("R19", f"position: after a scoring round the higher score wins and "
                            f"equal scores draw; with {scores[0]}-{scores[1]} the result is "
                            f"{expected}, not {winner}")
        return
    p = PLAYERS.index(winner)
    if end == "points":
        ok = rules.wins_by_points(scores[p])
        need = f"{rules.WIN_POINTS} or more points"
    else:
        # Any way to win at once that the board shows will do, not only the first.
        ok = any(reason == end for reason, _ in rules.wins_at_once(board_masks(board)[p]))
        need = "a whole temple" if end == "temple" else f"all {end} squares"
    if not ok:
        raise RuleError("R18", f"position: {winner} is said to have won by {end}, but does not "
                        f"have {need}")


def board_strings(board: list[int]) -> dict[str, str]:
    """The 48-entry board as the position's four 12-character strings."""
    return {f"T{t}": "".join(_LETTERS[board[i]] for i in temple_squares(t)) for t in (1, 2, 3, 4)}


def position_from_state(s) -> dict:
    """Write the state as a position dict (JSON-ready)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "round": s.round,
        "scores": {"red": s.scores[0], "blue": s.scores[1]},
        "board": board_strings(s.board),
        "kingdom": {"red": s.kingdom.count(0), "blue": s.kingdom.count(1)},
        "stock": {"red": s.stock[0], "blue": s.stock[1]},
        "exchange": {"red": s.exchange[0], "blue": s.exchange[1]},
        "draw": {"red": list(s.draw[0]), "blue": list(s.draw[1])},
        "discard": {"red": list(s.discard[0]), "blue": list(s.discard[1])},
        "winner": s.winner,
        "end": s.end,
    }
