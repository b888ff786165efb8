"""The state after each entry of a history, without keeping every one of them.

A sheet copy per entry made memory grow with every value typed (3.7 KiB a value, no
plateau). Kept here: the states of the last ``WINDOW`` entries (undo, redo and the
journal's replay reach those), and one in every ``EVERY`` before them. Any other state
is worked out again from the nearest state kept before it, applying the entries in
between: ``apply`` is pure, so it is exactly the state it was.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .entries import apply
from .models import Sheet

WINDOW = 64  # the last states, kept whole (undo goes back through them at no cost)
EVERY = 64  # one state kept in every EVERY before them: at most EVERY - 1 entries applied to reach any


class States:
    """Behaves as the list of the state after each entry of ``history`` (the list it
    follows, which grows and shrinks with it: ``append`` and ``pop`` keep both in step)."""

    def __init__(self, history: list, kept: Iterable[Sheet | None] = ()) -> None:
        self.history = history
        self._kept: list[Sheet | None] = []
        for state in kept:
            self.append(state)

    @classmethod
    def replayed(cls, history: list) -> States:
        """Apply every entry of the history (EntryError, ValidationError)."""
        states, state = cls(history), None
        for entry in history:
            state = apply(state, entry)
            states.append(state)
        return states

    def __len__(self) -> int:
        return len(self._kept)

    def __getitem__(self, at: int) -> Sheet:
        n = at + len(self._kept) if at < 0 else at
        if not 0 <= n < len(self._kept):
            raise IndexError(f"no state {at} in {len(self._kept)}")
        state = self._kept[n]
        if state is not None:
            return state
        start = n
        while self._kept[start] is None:  # a state at a multiple of EVERY is always kept
            start -= 1
        state = self._kept[start]
        low = len(self._kept) - WINDOW
        for k in range(start + 1, n + 1):
            state = apply(state, self.history[k])
            if k >= low:  # back in the window (after undos): kept again
                self._kept[k] = state
        return state

    def __iter__(self) -> Iterator[Sheet]:
        state = None
        for n, kept in enumerate(self._kept):
            state = kept if kept is not None else apply(state, self.history[n])
            yield state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (States, list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]  # it changes: no hash

    def append(self, state: Sheet | None) -> None:
        """The state after the entry just appended to the history. ``None`` (a state
        not at hand) only for one that is worked out again later: never the first."""
        self._kept.append(state)
        old = len(self._kept) - 1 - WINDOW  # the state that left the window
        if old > 0 and old % EVERY:
            self._kept[old] = None

    def pop(self) -> None:
        """Forget the state of the entry just taken off the history."""
        self._kept.pop()

    def prefix(self, length: int, history: list) -> States:
        """The first ``length`` states, following ``history`` (which starts with the same
        ``length`` entries as ours)."""
        return States(history, self._kept[:length])

    def follow(self, history: list) -> States:
        """These states, following ``history`` from now on (a copy of ours)."""
        self.history = history
        return self
