"""Positions (formats.md): the JSON a teacher writes to set up a scenario, checked rule by rule.

``state_from_position`` refuses a malformed position with a ``RuleError`` naming the rule
nearest to what is wrong (R1 counts, R3 squares, R5 exchange, R15 Kingdom, R18/R19 the end);
``position_from_state`` writes one. The dict passed in is never modified.
"""

from __future__ import annotations

from ..i18n import N_
from . import rules
from .board import COUNTERS, KINGDOM_SIZE, PLAYERS
from .cards import COPIES, VALUES, are_card_values
from .errors import RuleError, named, shown
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
_MARK_SET = set(_MARKS)
#: A board's letters as bytes -> its marks (0 empty, 1 red, 2 blue), and back.
_MARK_BYTES = bytes.maketrans(b".rb", b"\x00\x01\x02")
_LETTER_BYTES = bytes.maketrans(b"\x00\x01\x02", b".rb")
_LETTERS = ".rb"
#: The board's keys, temple by temple.
TEMPLE_KEYS = ("T1", "T2", "T3", "T4")


def _per_player(position: dict, key: str, rule: str) -> dict:
    value = position.get(key)
    if not isinstance(value, dict) or "red" not in value or "blue" not in value:  # PLAYERS
        raise RuleError(rule, N_("position: '{key}' must be an object with 'red' and 'blue', "
                                 "got {value}"), key=key, value=shown(value))
    return value


def _count(position: dict, key: str, rule: str, most: int) -> list[int]:
    value = _per_player(position, key, rule)
    out = []
    for name in PLAYERS:
        v = value[name]
        if type(v) is not int or not 0 <= v <= most:  # True is not 1, though Python counts it so
            raise RuleError(rule, N_("position: {key}.{name} must be a whole number from 0 to "
                                     "{most}, got {value}"), key=key, name=name, most=most,
                            value=shown(v))
        out.append(v)
    return out


def state_from_position(position: dict):
    """Check a position dict and build the engine's state from it (RuleError if malformed)."""
    if not isinstance(position, dict):
        raise RuleError("R1", N_("a position must be a JSON object, got {kind}"),
                        kind=type(position).__name__)
    form = position.get("format", FORMAT)
    if not isinstance(form, str) or form != FORMAT:
        raise RuleError("R1", N_("position: 'format' must be {format}, got {value}"),
                        format=repr(FORMAT), value=shown(form))
    version = position.get("version", VERSION)
    if type(version) is not int or version != VERSION:  # "version": true is not 1
        raise RuleError("R1", N_("position: version {value} is not understood; this engine "
                                 "reads version {version}"), value=shown(version),
                        version=VERSION)

    rnd = position.get("round")
    if type(rnd) is not int or not 1 <= rnd <= MAX_ROUND:
        raise RuleError("R11", N_("position: 'round' must be a whole number from 1 (the first "
                                  "round) to {most:,}, got {value}"), most=MAX_ROUND,
                        value=shown(rnd))

    scores = _count(position, "scores", "R1", MAX_SCORE)

    boards = position.get("board")
    if not isinstance(boards, dict):
        raise RuleError("R3", N_("position: 'board' must be an object with T1..T4, got "
                                 "{value}"), value=shown(boards))
    rows = []
    for key in TEMPLE_KEYS:
        row = boards.get(key)
        if not isinstance(row, str) or len(row) != 12 or set(row) - _MARK_SET:
            raise RuleError("R3", N_("position: board {temple} must be 12 characters of r, b "
                                     "and . (squares 1-12), got {value}"),
                            temple=key, value=shown(row))
        rows.append(row)
    # The four temples' letters, squares 1-12 each, in the engine's order (temple by temple),
    # turned into 0 / 1 / 2 at once.
    board = list("".join(rows).encode("ascii").translate(_MARK_BYTES))

    kingdom = _count(position, "kingdom", "R15", COUNTERS)
    if sum(kingdom) > KINGDOM_SIZE:
        raise RuleError("R15", N_("position: the Kingdom of the Dead has {size} squares, but "
                                  "holds {red} red + {blue} blue = {total}"),
                        size=KINGDOM_SIZE, red=kingdom[0], blue=kingdom[1], total=sum(kingdom))

    stock = _count(position, "stock", "R1", COUNTERS)
    for p, name in enumerate(PLAYERS):
        on_board = board.count(p + 1)
        total = stock[p] + on_board + kingdom[p]
        if total != COUNTERS:
            raise RuleError("R1", N_("position: {player} has {stock} in stock + {board} on the "
                                     "board + {kingdom} in the Kingdom = {total} counters, not "
                                     "{counters}"),
                            player=named(name), stock=stock[p], board=on_board,
                            kingdom=kingdom[p], total=total, counters=COUNTERS)

    exchange = _per_player(position, "exchange", "R5")
    for name in PLAYERS:
        if not isinstance(exchange[name], bool):
            raise RuleError("R5", N_("position: exchange.{name} must be true or false, got "
                                     "{value}"), name=name, value=shown(exchange[name]))

    piles = {}
    for key in ("draw", "discard"):
        value = _per_player(position, key, "R1")
        for name in PLAYERS:
            pile = value[name]
            if not isinstance(pile, list) or not are_card_values(pile):
                raise RuleError("R1", N_("position: {key}.{name} must be a list of cards 1-4, "
                                         "got {value}"), key=key, name=name, value=shown(pile))
        piles[key] = value
    for name in PLAYERS:
        cards = piles["draw"][name] + piles["discard"][name]
        for v in VALUES:
            if cards.count(v) > COPIES:
                raise RuleError("R1", N_("position: {player} has {n} cards of value {value} in "
                                         "draw and discard piles; a deck has {copies} of each"),
                                player=named(name), n=cards.count(v), value=v, copies=COPIES)

    winner, end = position.get("winner"), position.get("end")
    if not (winner is None or isinstance(winner, str) and winner in ("red", "blue", "draw")):
        raise RuleError("R18", N_("position: 'winner' must be null, red, blue or draw, got "
                                  "{value}"), value=shown(winner))
    if not (end is None or isinstance(end, str) and end in ENDS):
        raise RuleError("R18", N_("position: 'end' must be null or one of {ends}, got {value}"),
                        ends=", ".join(ENDS), value=shown(end))
    if (winner is None) != (end is None):
        raise RuleError("R18", N_("position: 'winner' and 'end' are both null (game on) or both "
                                  "set (game over), got winner={winner}, end={end}"),
                        winner=shown(winner), end=shown(end))
    if winner == "draw" and end != "scoring":
        raise RuleError("R19", N_("position: only a scoring round ends in a draw (R19), but end "
                                  "is {end}"), end=shown(end))

    s = State.start(rnd, scores, board, [0] * kingdom[0] + [1] * kingdom[1], stock,
                    [exchange["red"], exchange["blue"]],
                    [list(piles["draw"][n]) for n in PLAYERS],
                    [list(piles["discard"][n]) for n in PLAYERS], winner, end)
    # The end is checked on the state's own masks of the board (made once, as every round
    # read through play_round passes here).
    if winner is None:
        _refuse_finished(scores, s.owned)
    else:
        _check_ending(winner, end, scores, s.owned)
    return s


#: R18 refusals of a position with no winner whose board already won (by the way it won).
_ALREADY_WON = {
    "temple": N_("position: {player} occupies all of temple {temple}; the game is already over, "
                 "so 'winner' cannot be null"),
    "yellow": N_("position: {player} occupies all yellow squares; the game is already over, so "
                 "'winner' cannot be null"),
    "green": N_("position: {player} occupies all green squares; the game is already over, so "
                "'winner' cannot be null"),
}
#: R18 refusals of a winner whose board does not show the way it is said to have won.
_NOT_WON_BY = {
    "points": N_("position: {player} is said to have won by points, but does not have "
                 "{points} or more points"),
    "temple": N_("position: {player} is said to have won by temple, but does not have a whole "
                 "temple"),
    "yellow": N_("position: {player} is said to have won by yellow, but does not have all "
                 "yellow squares"),
    "green": N_("position: {player} is said to have won by green, but does not have all green "
                "squares"),
}


def _refuse_finished(scores: list[int], masks: list[int]) -> None:
    """R18: a game in which someone already won cannot be a position without a winner
    (``masks``: each player's squares, ``board.board_masks``)."""
    for p, owned in enumerate(masks):
        if rules.wins_by_points(scores[p]):
            raise RuleError("R18", N_("position: {player} has {score} points; at {points} the "
                                      "game is already over, so 'winner' cannot be null"),
                            player=named(PLAYERS[p]), score=scores[p], points=rules.WIN_POINTS)
        won = rules.win_at_once(owned)
        if won is not None:
            reason, temple = won
            raise RuleError("R18", _ALREADY_WON[reason], player=named(PLAYERS[p]),
                            temple=temple)


def _check_ending(winner: str, end: str, scores: list[int], masks: list[int]) -> None:
    """R18, R19: the winner and the reason must agree with the scores and the board."""
    if end == "scoring":
        if not rules.game_over_after_scoring(scores):
            raise RuleError("R19", N_("position: a game ends after a scoring round only when a "
                                      "player has {points} or more, but the scores are "
                                      "{red}-{blue}"), points=rules.WIN_POINTS,
                            red=scores[0], blue=scores[1])
        expected = rules.final_result(scores)
        if winner != expected:
            raise RuleError("R19", N_("position: after a scoring round the higher score wins "
                                      "and equal scores draw; with {red}-{blue} the result is "
                                      "{expected}, not {winner}"),
                            red=scores[0], blue=scores[1], expected=expected, winner=winner)
        return
    p = PLAYERS.index(winner)
    if end == "points":
        ok = rules.wins_by_points(scores[p])
    else:
        # Any way to win at once that the board shows will do, not only the first.
        ok = any(reason == end for reason, _won in rules.wins_at_once(masks[p]))
    if not ok:
        raise RuleError("R18", _NOT_WON_BY[end], player=named(winner), points=rules.WIN_POINTS)


def board_strings(board: list[int]) -> dict[str, str]:
    """The 48-entry board as the position's four 12-character strings."""
    letters = bytes(board).translate(_LETTER_BYTES).decode("ascii")
    return {"T1": letters[:12], "T2": letters[12:24], "T3": letters[24:36], "T4": letters[36:]}


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
