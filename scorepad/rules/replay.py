"""Replay: the state and standings after each entry of a history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator

from .board_entries import leads_to
from .describe import describe
from .entries import EntryError, apply
from .models import Sheet
from .scoring import score_players
from .standings import Standings, rank_scores, standings
from .states import States


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


class Replay(Sequence):
    """The steps of a history, each made when it is asked for: a step per entry kept
    whole held a sheet per entry (446 MiB for ``replay --print`` at 100,000 entries);
    their sheets come from sparse ``States``."""

    def __init__(self, history) -> None:
        """Fold the history once; EntryError names the step that does not apply."""
        self.history = list(history)
        self.states, state = States(self.history), None
        for number, entry in enumerate(self.history, start=1):
            try:
                state = apply(state, entry)
            except EntryError as err:
                raise EntryError(f"step {number} ({entry.kind}) does not apply: {err}") from None
            self.states.append(state)

    def __len__(self) -> int:
        return len(self.history)

    def __getitem__(self, at: int) -> Step:  # type: ignore[override]  # no slices
        n = at + len(self.history) if at < 0 else at
        before = self.states[n - 1] if n > 0 else None
        return Step(n + 1, describe(self.history[n], before), self.states[n])

    def __iter__(self) -> Iterator[Step]:
        before = None
        for number, (entry, after) in enumerate(zip(self.history, self.states), start=1):
            yield Step(number, describe(entry, before), after)
            before = after

    def with_standings(self) -> Iterator[tuple[Step, Standings]]:
        """Every step with the standings after it, in order: a player the entry left
        alone keeps the score worked out for the step before."""
        scored = None
        for step in self:
            scored = (step.sheet, score_players(step.sheet, scored))
            yield step, rank_scores(scored[1])


def replay(history) -> Replay:
    """Fold the history step by step; EntryError names the step that does not apply."""
    return Replay(history)


def replay_notes(steps: Sequence[Step], saved: Sheet, saved_totals: dict[str, int]) -> list[str]:
    """What a replay should warn about: a history that does not lead to the saved sheet,
    and saved totals that today's rules compute differently."""
    notes = []
    if steps and not leads_to(steps[-1].sheet, saved):
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
