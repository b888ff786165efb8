"""The scoresheet file, format 1: state + history as JSON, and its clear errors."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from pydantic import Field, TypeAdapter, ValidationError

from ..rules.entries import Begin, Entry
from ..rules.models import Sheet

FORMAT = "great-library-scoresheet"
VERSION = 1


class SheetFileError(Exception):
    """A sheet that cannot be read: which file, where in it, and what is wrong."""

    def __init__(self, source: str, where: str, problem: str) -> None:
        self.source, self.where, self.problem = source, where, problem
        place = f" at {where}" if where else ""
        super().__init__(f"{source}{place}: {problem}")


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


FILE_ONLY = ("format", "version", "history", "saved", "totals")


def document_model() -> type[Sheet]:
    """The whole file as a model (built on demand, for the schema)."""

    class SheetDocument(Sheet):
        """The whole file: the sheet's fields plus ``format``, ``version``, ``history``,
        ``saved`` and ``totals``."""

        format: Literal["great-library-scoresheet"] = FORMAT
        version: Literal[1] = VERSION
        history: tuple[Entry, ...] = Field(default=(), max_length=100_000)
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


def decode(data: bytes, source: str) -> dict[str, Any]:
    """Bytes to the top-level JSON object, with line and column on a syntax error."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise SheetFileError(source, f"byte {err.start}", "not UTF-8 text: is this a scoresheet?") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        problem = f"not valid JSON ({err.msg})"
        if err.pos >= len(text.rstrip()):
            problem = "the JSON ends too early: the file looks cut short"
        raise SheetFileError(source, f"line {err.lineno}, column {err.colno}", problem) from None
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
                text += f" ({node['name']})"
        else:
            text += ("." if text else "") + step
            node = node.get(step) if isinstance(node, dict) else None
    return text or "top level"


def validation_problem(
    err: ValidationError, raw: Any, source: str, prefix: tuple = ()
) -> SheetFileError:
    """The first pydantic error in plain words, naming its place in the file."""
    errors = err.errors()
    first = errors[0]
    message = first["msg"].removeprefix("Value error, ")
    value = first.get("input")
    if first["type"] != "missing" and isinstance(value, (int, float, str, bool)):
        message += f" (found {json.dumps(value)})"
    if len(errors) > 1:
        message += f"; {len(errors) - 1} more problem(s) after this one"
    return SheetFileError(source, where(prefix + tuple(first["loc"]), raw), message)


def parse_document(data: bytes, source: str) -> Loaded:
    """Bytes of a file to its sheet and history (a history of ``begin`` when it had none).

    The history is checked for shape here; whether it replays is the replay's question.
    """
    from .migrations import migrate

    raw = decode(data, source)
    raw = migrate(raw, check_header(raw, source), source)
    body = {key: value for key, value in raw.items() if key not in FILE_ONLY}
    try:
        sheet = Sheet.model_validate(body)
    except ValidationError as err:
        raise validation_problem(err, raw, source) from None
    try:
        history = history_adapter().validate_python(raw.get("history") or [])
    except ValidationError as err:
        raise validation_problem(err, raw, source, prefix=("history",)) from None
    history = history or (Begin.model_construct(sheet=sheet),)  # the sheet is validated
    if not isinstance(history[0], Begin):
        raise SheetFileError(source, "history[0]", 'a history starts with a "begin" entry')
    totals, saved = raw.get("totals"), raw.get("saved")
    if not isinstance(totals, dict) or not all(type(v) is int for v in totals.values()):
        totals = {}
    return Loaded(sheet, history, totals, saved if isinstance(saved, str) else "")


def dump_document(sheet: Sheet, history: tuple, saved: str = "") -> bytes:
    """The file's bytes: UTF-8 JSON, indented for people, keys in contract order."""
    from ..rules.scoring import score_players

    body: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    body.update(sheet.model_dump(mode="json"))
    body["saved"] = saved
    body["totals"] = {score.name: score.total for score in score_players(sheet)}
    body["history"] = [entry.model_dump(mode="json") for entry in history]
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
