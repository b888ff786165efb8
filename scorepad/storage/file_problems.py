"""Pydantic's errors about a file said in plain words, at their place in the file
(``players[1] (Ben).pinax[0].seals``), one for each problem."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

from .errors import SheetFileError, clip


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
