"""Reading the JSON of positions, round moves and records, refusing what cannot be read.

Whatever a file holds (another encoding, 1,000 nested lists, an integer of 5,000 digits, 50 MB
of anything), reading it either gives a JSON value or raises one short ``RuleError``.
"""

from __future__ import annotations

import json

from .errors import RuleError, shown

#: The largest file or text read: a position is a few KB and a record of a long game some
#: tens of KB, so anything bigger is a mistake, refused before it is parsed.
MAX_BYTES = 1_000_000
LIMIT_TEXT = "1 MB"


def read_json_file(path: str, what: str, rule: str) -> object:
    """The JSON value in the file at ``path``; ``what`` names it ("position") in messages.

    OSError (a missing file, a directory) is left to the caller; anything unreadable in
    the file raises RuleError(``rule``).
    """
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    return parse_json(data, f"the {what} file {shown(path, 40)}", rule)


def parse_json(data: bytes | str, what: str, rule: str) -> object:
    """The JSON value in ``data`` (UTF-8 bytes or a string); RuleError(``rule``) otherwise.

    ``what`` names the text in messages ("the record", "the position file start.json").
    """
    if not isinstance(data, (bytes, str)):
        raise RuleError(rule, f"{what} must be JSON text, got {shown(data)}")
    if len(data) > MAX_BYTES:
        raise RuleError(rule, f"{what} is larger than {LIMIT_TEXT}, so it was not read "
                        "(a position is a few KB)")
    if isinstance(data, bytes):
        try:
            # utf-8-sig: a byte-order mark, as some editors write, is no reason to refuse
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RuleError(rule, f"{what} is not UTF-8 text (byte {e.start + 1} cannot be "
                            "read); save it as UTF-8") from None
    else:
        text = data
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RuleError(rule, f"{what} is not valid JSON ({e.msg}, line {e.lineno})") from None
    except RecursionError:
        raise RuleError(rule, f"{what} nests lists or objects too deeply to read (a position "
                        "nests 3 deep)") from None
    except ValueError:  # Python reads integers of at most 4300 digits
        raise RuleError(rule, f"{what} holds a number too long to read") from None
