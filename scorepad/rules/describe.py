"""Entries in words, for the replay, the history and undo: "Ana: Renown in play 54".
Each entry class says its own words (``words``); this names the players as they were
before the entry."""

from __future__ import annotations

from .models import Sheet


def describe(entry, before: Sheet | None) -> str:
    """One line saying what the entry did, naming players as they were before it."""
    def who(index: int) -> str:
        if before is not None and index < len(before.players):
            return before.players[index].name
        return f"player {index + 1}"

    return entry.words(who)
