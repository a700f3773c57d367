"""Reading the JSON of positions, round moves and records, refusing what cannot be read.

Whatever a file or a link holds (another encoding, 100,000 nested lists, an integer of 5,000
digits, NaN, 1e309, 50 MB of anything), reading it either gives a JSON value or raises one short ``RuleError``.
"""

from __future__ import annotations

import json
import math

from ..i18n import N_, Later, translator
from .errors import RuleError, shown

_ = translator("engine")

#: The largest file or text read: a position is a few KB and a record of a long game some
#: tens of KB, so anything bigger is a mistake, refused before it is parsed.
MAX_BYTES = 1_000_000
LIMIT_TEXT = "1 MB"
#: How a message names the file read, by what it holds (``what``), as the start of a sentence.
_FILES = {"position": N_("the position file {path}"), "moves": N_("the moves file {path}"),
          "record": N_("the record file {path}")}


def read_json_file(path: str, what: str, rule: str) -> object:
    """The JSON value in the file at ``path``; ``what`` names it ("position") in messages.

    OSError (a missing file, a directory) is left to the caller; anything unreadable in
    the file raises RuleError(``rule``).
    """
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    return parse_json(data, Later(_file, what, shown(path, 40)), rule)


def _file(what: str, path: str) -> str:
    """How a message names the file read ("the position file start.json"), in the language
    the message is read in."""
    named = _(_FILES[what]) if what in _FILES else _("the {what} file {path}")
    return named.format(what=what, path=path)


def parse_json(data: bytes | str, what: str | Later, rule: str) -> object:
    """The JSON value in ``data`` (UTF-8 bytes or a string); RuleError(``rule``) otherwise.

    ``what`` names the text in messages ("the record", "the position file start.json"); a
    ``Later`` (``errors.words``) names it in the language the refusal is read in.
    """
    if not isinstance(data, (bytes, str)):
        raise RuleError(rule, N_("{what} must be JSON text, got {value}"), what=what,
                        value=shown(data))
    if len(data) > MAX_BYTES:
        raise RuleError(rule, N_("{what} is larger than {limit}, so it was not read (a "
                                 "position, a round's moves or a whole game is a few KB)"), what=what, limit=LIMIT_TEXT)
    if isinstance(data, bytes):
        try:
            # utf-8-sig: a byte-order mark, as some editors write, is no reason to refuse
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RuleError(rule, N_("{what} is not UTF-8 text (byte {n} cannot be read); save "
                                     "it as UTF-8"), what=what, n=e.start + 1) from None
    else:
        text = data
    return loads_json(text, what, rule)


def loads_json(text: str, what: str | Later, rule: str, invalid: str | None = None) -> object:
    """The JSON value in ``text``; RuleError(``rule``) for anything ``json.loads`` would
    refuse or mis-read: nesting too deep for Python's parser, NaN and Infinity (not JSON, but
    Python reads them), a number too large for a float (1e309 reads as infinity) or an
    integer too long to read. ``what`` names the text as in ``parse_json``; ``invalid``, if
    given, is the refusal (marked with ``N_``) of text that is not JSON at all."""
    try:
        return json.loads(text, parse_constant=_not_a_number(what, rule),
                          parse_float=_finite(what, rule))
    except RuleError:
        raise
    except json.JSONDecodeError as e:
        if invalid is not None:
            raise RuleError(rule, invalid) from None
        raise RuleError(rule, N_("{what} is not valid JSON ({reason}, line {line})"),
                        what=what, reason=e.msg, line=e.lineno) from None
    except RecursionError:
        raise RuleError(rule, N_("{what} nests lists or objects too deeply to read (a position "
                                 "or a game record nests 3 deep)"), what=what) from None
    except ValueError:  # Python reads integers of at most 4300 digits
        raise RuleError(rule, N_("{what} holds a number too long to read"),
                        what=what) from None


def _not_a_number(what: str | Later, rule: str):
    """json's hook for NaN, Infinity and -Infinity, which JSON does not have: refused."""
    def refuse(name: str) -> float:
        raise RuleError(rule, N_("{what} holds {value}, which is not a JSON number"),
                        what=what, value=name)
    return refuse


def _finite(what: str | Later, rule: str):
    """json's hook for a number with a fraction or an exponent: refused when it is too large
    for a float (1e309 would read as infinity)."""
    def number(text: str) -> float:
        value = float(text)
        if math.isinf(value):
            raise RuleError(rule, N_("{what} holds a number too large to read ({value})"),
                            what=what, value=shown(text, 24))
        return value
    return number
