"""A file's bytes to JSON, strictly: UTF-8, each key once, and a syntax error's line and
column."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from .errors import SheetFileError, clip


class DuplicateKey(ValueError):
    """A JSON object that names one key twice (JSON allows it; a scoresheet does not)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict; DuplicateKey rather than the last value silently winning."""
    found = dict(pairs)
    # equivalent: with no repeated key the scan below finds nothing; "<" only spares it
    if len(found) < len(pairs):  # rare: only then look for the key, in Python  # pragma: no mutate
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return found


def duplicate_place(text: str) -> str:
    """Where the object with a repeated key starts (``line 3, column 5``), by a second,
    pure-Python pass: the fast parser tells no positions. Skipped for a large text."""
    if len(text) > 1_000_000:
        return ""
    from json import decoder, scanner

    class Found(Exception):
        """The place, out of the middle of the parse."""

    def parse_object(start, strict, scan_once, object_hook, _pairs_hook, memo=None):
        # equivalent: object_hook is None here already, and memo only shares equal key strings
        pairs, end = decoder.JSONObject(start, strict, scan_once, object_hook, list, memo)  # pragma: no mutate
        if len({key for key, _ in pairs}) < len(pairs):
            raise Found(line_and_column(text, start[1] - 1))  # start[1] is just past the "{"
        return dict(pairs), end

    parser = json.JSONDecoder()
    parser.parse_object = parse_object
    parser.scan_once = scanner.py_make_scanner(parser)
    try:
        parser.decode(text)
    except Found as found:
        return str(found)
    except (ValueError, RecursionError):
        pass
    return ""


def line_and_column(text: str, position: int) -> str:
    """``line 3, column 12`` of a position in the text (empty when it was not found)."""
    if position < 0:
        return ""
    # equivalent: a start of None counts from 0 as well
    line = text.count("\n", 0, position) + 1  # pragma: no mutate
    # equivalent: a start of None searches from 0 as well
    column = position - text.rfind("\n", 0, position)  # pragma: no mutate
    return f"line {line}, column {column}"


def decode(data: bytes, source: str) -> dict[str, Any]:
    """Bytes to the top-level JSON object, with line and column on a syntax error."""
    try:
        # equivalent: codec names are not case-sensitive
        text = data.decode("utf-8-sig")  # pragma: no mutate
    except UnicodeDecodeError as err:
        raise SheetFileError(source, f"byte {err.start}", "not UTF-8 text: is this a scoresheet?") from None
    try:
        # integers are read by json's own C code (a hook per number made loading 1.4x slower)
        raw = json.loads(text, object_pairs_hook=unique_keys)
    except DuplicateKey as err:
        raise SheetFileError(source, duplicate_place(text), f'an object names the key "{clip(err.key, 40)}" '
                             "twice: each key may appear once") from None
    except json.JSONDecodeError as err:
        problem = f"not valid JSON ({err.msg})"
        if err.pos >= len(text.rstrip()):
            problem = "the JSON ends too early: the file looks cut short"
        raise SheetFileError(source, f"line {err.lineno}, column {err.colno}", problem) from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        limit = sys.get_int_max_str_digits()
        found = re.search(rf"\d{{{limit + 1},}}", text)
        # equivalent: only an integer over the digit limit gets here, so the search always finds it
        raise SheetFileError(source, line_and_column(text, found.start() if found else -1),  # pragma: no mutate
                             f"a number with more than {limit} digits: not a scoresheet value") from None
    except RecursionError:
        raise SheetFileError(source, "", "the JSON is nested too deeply") from None
    if not isinstance(raw, dict):
        raise SheetFileError(source, "top level", "a scoresheet is a JSON object { ... }")
    return raw
