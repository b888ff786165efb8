"""Replay: the state and standings after each entry of a history."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .describe import describe
from .entries import EntryError, apply
from .models import Sheet
from .standings import Standings, standings


@dataclass
class Step:
    """One entry of the history, what it did, and the sheet after it."""

    number: int
    text: str
    sheet: Sheet

    @cached_property
    def standings(self) -> Standings:
        """The standings after this step (computed when first asked for)."""
        return standings(self.sheet)


def replay(history) -> list[Step]:
    """Fold the history step by step; EntryError names the step that does not apply."""
    steps: list[Step] = []
    sheet = None
    for number, entry in enumerate(history, start=1):
        try:
            after = apply(sheet, entry)
        except EntryError as err:
            raise EntryError(f"step {number} ({entry.kind}) does not apply: {err}") from None
        steps.append(Step(number, describe(entry, sheet), after))
        sheet = after
    return steps


def replay_notes(steps: list[Step], saved: Sheet, saved_totals: dict[str, int]) -> list[str]:
    """What a replay should warn about: a history that does not lead to the saved sheet,
    and saved totals that today's rules compute differently."""
    notes = []
    if steps and steps[-1].sheet != saved:
        notes.append("The history does not lead to the saved sheet (edited by hand?): "
                     "the saved sheet is what counts.")
    notes += [f"The saved totals differ from today's rules: {line}" for line in differences(saved_totals, saved)]
    return notes


def totals_of(sheet: Sheet) -> dict[str, int]:
    """Each player's total, by name."""
    return {score.name: score.total for score in standings(sheet).scores}


def differences(saved: dict[str, int], sheet: Sheet) -> list[str]:
    """Where totals saved in a file differ from what today's rules compute."""
    now = totals_of(sheet)
    return [
        f"{name}: saved {saved[name]}, today's rules give {now[name]}"
        for name in saved
        if name in now and saved[name] != now[name]
    ]
