"""What a typed cell means: a whole number or a sum like ``3+4+2`` (or a line of cards,
with another parser), and committing it: bad input gets a message and stores nothing."""

from __future__ import annotations

import re
from typing import Callable, NamedTuple

from pydantic import ValidationError

SUM = re.compile(r"^[0-9]+(\+[0-9]+)*$")  # ASCII digits: what is stored is what was typed


def parse_count(text: str) -> int:
    """``"3+4+2"`` -> 9 (spaces around ``+`` are fine); empty means 0; ValueError with
    a message otherwise: ``"1 2"`` is two numbers, never 12."""
    compact = re.sub(r"\s*\+\s*", "+", text.strip())
    if " " in compact:
        raise ValueError("one number per cell, or a sum like 3+4+2")
    if not compact:
        return 0
    if compact.startswith("-"):
        raise ValueError("whole numbers from 0 up")
    if not SUM.match(compact):
        raise ValueError("type a whole number, or a sum like 3+4+2")
    return sum(int(part) for part in compact.split("+"))


def entry_problem(err: ValidationError) -> str:
    """The first validation error of an entry, in short words."""
    first = err.errors()[0]
    context = first.get("ctx") or {}
    if first["type"] == "less_than_equal":
        return f"at most {context['le']}: a typo?"
    if first["type"] == "greater_than_equal":
        return f"at least {context['ge']}"
    return first["msg"].removeprefix("Value error, ")


class Committed(NamedTuple):
    """What committing a typed value left: the stored value and the words for the field."""

    value: int | None
    message: str
    error: bool


def commit_text(send: Callable[[object], str | None], text: str, stored, make_entry: Callable[[object], object],
                parse: Callable[[str], object] = parse_count) -> Committed:
    """Send what ``text`` means (``parse``) if it differs from ``stored``: ``send``
    stores an entry, or says why it is refused.

    ``make_entry`` gives one entry, or a list of them (a line of cards). A typo, a value
    the rules refuse or an entry the sheet refuses says why and stores nothing more; a
    sum like ``3+4+2`` is answered with ``= 9``."""
    if not text.strip() and stored is None:
        return Committed(None, "", False)  # still unknown: nothing to store
    try:
        value = parse(text)
    except ValidationError as err:
        return Committed(stored, entry_problem(err), True)
    except ValueError as err:
        return Committed(stored, str(err), True)
    note = f"= {value}" if "+" in text and isinstance(value, int) else ""
    if value == stored:
        return Committed(value, note, False)
    try:
        made = make_entry(value)
    except ValidationError as err:
        return Committed(stored, entry_problem(err), True)
    for entry in made if isinstance(made, list) else [made]:
        problem = send(entry)
        if problem:
            return Committed(stored, problem, True)
    return Committed(value, note, False)


def value_text(value: int | None) -> str:
    """A stored value as a field shows it (nothing while it is unknown)."""
    return "" if value is None else str(value)


def still_means(text: str, value, parse: Callable[[str], object] = parse_count) -> bool:
    """Whether the typed text still stands for ``value`` (a sum that adds up to it, say):
    a field that follows the sheet after an undo keeps such text as typed."""
    if value is None:
        return not text.strip()
    try:
        return parse(text) == value
    except ValueError:
        return False
