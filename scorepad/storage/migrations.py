"""Migrations: pure functions that lift an older file's JSON to the current version.

Each step takes the raw JSON object of version N and returns that of version N+1.
Format 1 is the first version, so the chain is empty today; a golden file per
version in ``tests/data/`` proves each step when one is added.
"""

from __future__ import annotations

from typing import Any, Callable

#: The file format's version this scorepad writes (older ones are lifted to it).
VERSION = 1

Migration = Callable[[dict[str, Any]], dict[str, Any]]

#: STEPS[n] lifts version n to n + 1.
STEPS: dict[int, Migration] = {}


def migrate(raw: dict[str, Any], version: int, source: str) -> dict[str, Any]:
    """Apply every step from ``version`` up to the current one; the input is not changed."""
    for step in range(version, VERSION):
        raw = STEPS[step](dict(raw))
    return {**raw, "version": VERSION}
