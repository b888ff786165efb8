"""The scoresheet file, format 1: state + history as JSON, and its clear errors."""

from __future__ import annotations

import json
import re
import sys
import zlib
from functools import lru_cache
from operator import is_
from typing import Any, Literal, NamedTuple

from pydantic import Field, TypeAdapter, ValidationError

from ..rules.entries import Begin, Entry
from ..rules.model_base import lean
from ..rules.models import Sheet
from .collection import collection_paused
from .errors import SheetFileError, clip
from .migrations import VERSION, migrate

FORMAT = "great-library-scoresheet"


MAX_HISTORY = 100_000  # entries a file may keep: the reader, the writer and the schema share it


class Loaded(NamedTuple):
    """A sheet read from a file, with its history and what the file said when saved."""

    sheet: Sheet
    history: tuple
    totals: dict[str, int]
    saved: str


@lru_cache(maxsize=1)
def history_adapter() -> TypeAdapter:
    """The validator of a file's history (built on first use: it is large)."""
    return TypeAdapter(tuple[Entry, ...])


def let_go_of_history_validator() -> None:
    """Free the history's validator until a file is read again (which builds it anew,
    in about 12 ms): an open game no longer needs it (the app makes its entries, valid
    already), and it held 0.25 MiB of the app's peak memory (issue 15)."""
    history_adapter.cache_clear()


FILE_ONLY = ("format", "version", "history", "saved", "totals")


def document_model() -> type[Sheet]:
    """The whole file as a model (built on demand, for the schema)."""

    class SheetDocument(Sheet):
        """The whole file: the sheet's fields plus ``format``, ``version``, ``history``,
        ``saved`` and ``totals``."""

        format: Literal["great-library-scoresheet"] = FORMAT
        version: Literal[1] = VERSION
        history: tuple[Entry, ...] = Field(default=(), max_length=MAX_HISTORY)
        saved: str = Field(default="", description="when the sheet was last saved (ISO 8601)")
        totals: dict[str, int] = Field(
            default_factory=dict, description="each player's total when saved, for other tools"
        )

    return SheetDocument


def document_schema() -> dict[str, Any]:
    """The JSON schema of the file format (``scorepad schema``)."""
    schema = document_model().model_json_schema()
    schema["title"] = "The Great Library scoresheet (format 1)"
    return schema


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


def check_header(raw: dict[str, Any], source: str) -> int:
    """The file's format version, or an error for a foreign or newer file."""
    if raw.get("format") != FORMAT:
        raise SheetFileError(
            source, "format", f'expected "{FORMAT}", found {json.dumps(raw.get("format"))}: '
            "not a Great Library scoresheet"
        )
    version = raw.get("version", VERSION)
    if type(version) is not int or version < 1:
        raise SheetFileError(source, "version", f"expected a whole number from 1, found {json.dumps(version)}")
    if version > VERSION:
        raise SheetFileError(
            source, "version", f"written by a newer scorepad (version {version}); "
            f"this one reads versions up to {VERSION}: update scorepad"
        )
    return version


def where(loc: tuple, raw: Any) -> str:
    """A pydantic error location as ``players[1] (Ben).pinax[0].seals``."""
    text, node = "", raw
    for step in loc:
        if isinstance(step, str) and isinstance(node, dict) and step not in node and node.get("kind") == step:
            continue  # the union tag pydantic adds to the path, not a key of the file
        if isinstance(step, int):
            text += f"[{step}]"
            node = node[step] if isinstance(node, list) and 0 <= step < len(node) else None
            if text == f"players[{step}]" and isinstance(node, dict) and str(node.get("name", "")).strip():
                text += f" ({clip(str(node['name']), 24)})"
        else:
            text += ("." if text else "") + step
            node = node.get(step) if isinstance(node, dict) else None
    return text or "top level"


def spot(loc: tuple, raw: Any) -> tuple:
    """The value of the file an error is about: its location up to the first union branch.

    Pydantic reports one error per branch of a plain union it tried, each under the
    branch's name (``value.int``, ``value.str``): a step that is not in the file marks a
    branch, and those errors are one problem with the value before it. A tag step of a
    discriminated union is skipped, as in ``where``.
    """
    kept, node = [], raw
    for number, step in enumerate(loc):
        if isinstance(step, int):
            node = node[step] if isinstance(node, list) and 0 <= step < len(node) else None
        elif isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, dict) and node.get("kind") == step:
            continue
        elif number < len(loc) - 1 or not isinstance(node, dict):
            break  # a branch pydantic tried, not a place in the file
        kept.append(step)
    return tuple(kept)


def distinct_problems(errors: list[dict], raw: Any, prefix: tuple) -> list[dict]:
    """One error for each problem, in pydantic's order.

    Dropped: the ``too_short`` a list reports after an item failed (its items were
    dropped, so it looks short: a consequence, not a problem), and further errors
    about a value already counted (union branches).
    """
    inside = {tuple(error["loc"][:size]) for error in errors for size in range(len(error["loc"]))}
    found: dict[tuple, dict] = {}
    for error in errors:
        if error["type"] == "too_short" and tuple(error["loc"]) in inside:
            continue
        found.setdefault(spot(prefix + tuple(error["loc"]), raw), error)
    # equivalent: the error with the longest place is never dropped, so found is never empty
    return list(found.values()) or errors[:1]  # pragma: no mutate


def validation_problem(
    err: ValidationError, raw: Any, source: str, prefix: tuple = (), offset: int = 0
) -> SheetFileError:
    """The first pydantic error in plain words, naming its place in the file, and how
    many other problems the file has (``offset``: the errors are about the list under
    ``prefix`` from that index on)."""
    errors = err.errors()
    for error in errors if offset else ():
        if error["loc"] and type(error["loc"][0]) is int:
            error["loc"] = (error["loc"][0] + offset, *error["loc"][1:])
    problems = distinct_problems(errors, raw, prefix)
    first = problems[0]
    # pydantic's words for a list too long or short name its Python type and its steps
    # ("Tuple should have at most 4 items after validation, not 200000")
    message = re.sub(r"^(?:Tuple|List) should", "should",
                     first["msg"].removeprefix("Value error, ").replace(" after validation", ""))
    value = first.get("input")
    # equivalent: a "missing" error's input is the object or list it is missing from, never a plain value
    if first["type"] != "missing" and isinstance(value, (int, float, str, bool)):  # pragma: no mutate
        shown = clip(value, 40) if isinstance(value, str) else value  # before quoting: a 10 MB value
        # equivalent: ensure_ascii=None is as false as False
        message += f" (found {clip(json.dumps(shown, ensure_ascii=False), 60)})"  # pragma: no mutate
    more = len(problems) - 1
    if more:
        message += f"; {more} more problem{'s' if more > 1 else ''} after this one"
    return SheetFileError(source, where(prefix + tuple(first["loc"]), raw), message)


def parse_document(data: bytes, source: str, keep: bool = False) -> Loaded:
    """Bytes of a file to its sheet and history (a history of ``begin`` when it had none).

    The history is checked for shape here; whether it replays is the replay's question.
    ``keep``: the history is kept (an open sheet): its entries are made small (``lean``).
    """

    with collection_paused():
        return read_document(data, source, keep)


def read_document(data: bytes, source: str, keep: bool) -> Loaded:
    """``parse_document``, the collector's state aside."""
    raw = decode(data, source)
    # equivalent: migrate does not use the source yet (no step to name it in an error)
    raw = migrate(raw, check_header(raw, source), source)  # pragma: no mutate
    sheet = sheet_of(raw, source)
    entries = raw.get("history") or []
    if isinstance(entries, list) and len(entries) > MAX_HISTORY:
        raise SheetFileError(source, "history", f"more than {MAX_HISTORY:,} entries: too many for a scoresheet")
    history = read_history(entries, raw, source, keep)
    history = history or (Begin.model_construct(sheet=sheet),)  # the sheet is validated
    if not isinstance(history[0], Begin):
        raise SheetFileError(source, "history[0]", 'a history starts with a "begin" entry')
    return Loaded(sheet, history, *saved_notes(raw))


def sheet_of(raw: dict[str, Any], source: str) -> Sheet:
    """The sheet a file's JSON object holds (its own fields, not the file's), validated."""
    body = {key: value for key, value in raw.items() if key not in FILE_ONLY}
    try:
        return Sheet.model_validate(body)
    except ValidationError as err:
        raise validation_problem(err, raw, source) from None


def saved_notes(raw: dict[str, Any]) -> tuple[dict[str, int], str]:
    """What the file says of itself when it was saved: each player's total, and when
    (empty when missing or not of that shape: they are notes for other tools)."""
    totals, saved = raw.get("totals"), raw.get("saved")
    if not isinstance(totals, dict) or not all(type(v) is int for v in totals.values()):
        totals = {}
    return totals, saved if isinstance(saved, str) else ""


# how ``dump_document`` starts the history, always the last key: only a line break and
# two spaces can put a key of the top-level object at the start of a line
HISTORY_MARK = b',\n  "history": '
TOP_KEY = b'\n  "'


def parse_head(data: bytes, source: str) -> Loaded:
    """The sheet, totals and saved time of a file, without reading its history (a
    history of none): what a listing of many games needs, at a fraction of the cost.

    A file as scorepad writes it has its history last: the text before it, closed, is
    the rest of the file. Any other file (written by hand, say) is read whole, so its
    errors are the ones ``parse_document`` names. The history is not checked here.
    """
    cut = data.find(HISTORY_MARK)
    if cut > 0 and data.find(TOP_KEY, cut + len(HISTORY_MARK)) == -1:
        try:
            raw = decode(data[:cut] + b"\n}", source)
        except SheetFileError:
            raw = decode(data, source)
    else:
        raw = decode(data, source)
    # equivalent: migrate does not use the source yet (no step to name it in an error)
    raw = migrate(raw, check_header(raw, source), source)  # pragma: no mutate
    return Loaded(sheet_of(raw, source), (), *saved_notes(raw))


SAVE_SEARCH = 0.05  # seconds a save may search a Pinax answer not known yet


CHUNK = 1000  # history entries validated at a time


def read_history(entries: Any, raw: dict, source: str, keep: bool) -> tuple:
    """The history's entries, validated a ``CHUNK`` at a time, each chunk's objects read
    from the file let go as its entries are made (both, whole, were 125 MiB at the peak
    for 100,000 entries). A chunk that does not validate is said as the rest of the
    history from it would be: its first problem, and how many more."""
    if not isinstance(entries, list):  # not a list at all: pydantic says what it is
        try:
            return history_adapter().validate_python(entries)
        except ValidationError as err:
            raise validation_problem(err, raw, source, prefix=("history",)) from None
    history: list = []
    for start in range(0, len(entries), CHUNK):
        chunk = entries[start:start + CHUNK]
        try:
            part = history_adapter().validate_python(chunk)
        except ValidationError as err:
            raise validation_problem(failure(entries[start:]) or err, raw, source, ("history",), start) from None
        history.extend(map(lean, part) if keep else part)
        entries[start:start + CHUNK] = [None] * len(chunk)  # let go of what the file said
    return tuple(history)


def failure(entries: list) -> ValidationError | None:
    """Why these history entries do not validate (None when they do)."""
    try:
        history_adapter().validate_python(entries)
    except ValidationError as err:
        return err
    return None


def dump_document(sheet: Sheet, history: tuple, saved: str = "", texts: EntryTexts | None = None) -> bytes:
    """The file's bytes: UTF-8 JSON, indented for people, keys in contract order.

    ``texts`` keeps each entry's text from one save to the next (entries never change),
    so a save of a long history writes it without working it out again.
    """
    return b"".join(document_pieces(sheet, history, saved, texts))


def document_pieces(sheet: Sheet, history: tuple, saved: str = "", texts: EntryTexts | None = None) -> list[bytes]:
    """The file's bytes in pieces, in order (``dump_document`` joins them): the pieces
    of a long history are its texts as kept, a block of entries each. Joined into one
    string, then one bytes, the texts of 100,000 entries held Python's lock about 9 ms
    a copy in the save's thread (the UI's stall); a piece at a time, a save hashes and
    writes them letting go of it."""
    from ..rules.pinax import until
    from ..rules.scoring import score_players

    body: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    # equivalent: any mode but "json" dumps tuples and the same plain values, which json.dumps writes alike
    body.update(sheet.model_dump(mode="json"))  # pragma: no mutate
    body["saved"] = saved
    # for people and other tools: a save (on closing, too) waits for no hard Pinax search
    # (S5), it writes what is known, or found in a moment
    body["totals"] = {score.name: score.total for score in score_players(sheet, stop=until(SAVE_SEARCH))}
    # equivalent: ensure_ascii=None is as false as False
    head = json.dumps(body, indent=2, ensure_ascii=False)[:-2]  # the object, open: history goes last  # pragma: no mutate
    entries = (texts or EntryTexts()).of(history)
    if not entries:
        # equivalent: codec names are not case-sensitive
        return [f'{head},\n  "history": []\n}}\n'.encode("utf-8")]  # pragma: no mutate
    # equivalent: codec names are not case-sensitive
    pieces = [f'{head},\n  "history": [\n'.encode("utf-8")]  # pragma: no mutate
    for text in entries:
        pieces += (text, b",\n")
    pieces[-1] = b"\n  ]\n}\n"  # after the last entry, no comma: the list and the object close
    return pieces


class EntryTexts:
    """Each history entry as the file writes it (at its indent, UTF-8), kept while the
    entry stays in the history: the same text ``json.dumps`` of the whole file gives.
    Texts are kept ``BLOCK`` entries to a piece, compressed: a text of its own per entry
    cost more memory than the entry itself (240 bytes); compressed, about 10 bytes an
    entry. Not fewer to a block: each compression lets go of Python's lock and takes it
    back, and 64 to a block held the UI up for 60-150 ms in a long history's first save."""

    BLOCK = 512

    def __init__(self) -> None:
        self.entries: list = []  # the entries whose texts are kept, in history order
        self.blocks: list[bytes] = []  # each whole BLOCK of them: their texts joined by ",\n", compressed
        self.tail: list[bytes] = []  # the texts of the entries after the last whole block

    def of(self, history: tuple) -> list[bytes]:
        """The texts of these entries, in pieces to join with ",\n" (a piece is the
        text of one entry or of a block of them); worked out only for entries not
        seen last time (the very same objects: an entry never changes)."""
        pieces: list[bytes] = []
        for number, block in enumerate(self.blocks):
            start, end = number * self.BLOCK, (number + 1) * self.BLOCK
            # the same entries? a block at a time, in C (one at a time, in Python, took 45 ms
            # at 100,000 entries), each block's look followed by its decompression, which
            # lets go of Python's lock: all blocks looked at first held it 4 ms at a stretch
            if len(history) < end or not all(map(is_, self.entries[start:end], history[start:end])):
                del self.blocks[number:], self.entries[start:]  # an entry of it changed: from it on
                self.tail = []
                break
            pieces.append(zlib.decompress(block))  # the UI runs meanwhile
        same, most = len(self.blocks) * self.BLOCK, min(len(history), len(self.entries))
        while same < most and self.entries[same] is history[same]:
            same += 1
        del self.tail[same - len(self.blocks) * self.BLOCK:], self.entries[same:]
        for entry in history[same:]:
            # equivalent: codec names are not case-sensitive
            text = entry_text(entry).encode("utf-8")  # pragma: no mutate
            self.entries.append(entry)  # once its text is made: the two lists stay in step
            self.tail.append(text)
            if len(self.tail) == self.BLOCK:
                pieces.append(b",\n".join(self.tail))
                self.blocks.append(zlib.compress(pieces[-1], 1))
                self.tail = []
        return [*pieces, *self.tail]


def entry_text(entry) -> str:
    """One history entry as the file writes it, at its indent."""
    # equivalent: another mode dumps tuples and the same plain values (json.dumps writes them alike);
    # ensure_ascii=None is as false as False
    return "    " + json.dumps(entry.model_dump(mode="json"), indent=2, ensure_ascii=False).replace("\n", "\n    ")  # pragma: no mutate
