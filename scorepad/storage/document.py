"""The scoresheet file, format 1: state + history as JSON, read with clear errors (its
JSON text: ``json_text``; its problems in words: ``file_problems``; writing it:
``document_writer``)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from pydantic import Field, TypeAdapter, ValidationError

from ..rules.entries import Begin, Entry
from ..rules.model_base import lean
from ..rules.models import Sheet
from .collection import collection_paused
from .errors import SheetFileError
from .file_problems import validation_problem
from .json_text import decode
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
