"""The end-game trigger from the sheet's timeline (E1-E8).

The timeline is a list of marks: phase changes (with the generation), rounds,
Events and empty-space counts. When the sheet has a Library grid, its count of
empty spaces (E2) is the latest count, as if typed last; and once it is two or fewer,
it also counts where it fell there in the game (``Library.low_from``: after that many
marks), so an Event recorded after the Library ended the game changes nothing (E3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..messages import counted
from .models import EmptySpacesMark, EventMark, PhaseMark, RoundMark, Sheet

PHASE_LABELS = {
    "planning": "Planning",
    "execution": "Execution",
    "end_of_generation": "End of Generation",
}
NEXT_STEP = {
    "E4": "Finish the current round, then every player takes one more turn, then score.",
    "E5": "Finish the current round, then score at once.",
    "E6": "Each player takes one turn in the next Execution phase, then score.",
}
PLAY_ON = "Play on: the end has not been triggered."
LIBRARY_THRESHOLD = 2


@dataclass(frozen=True, slots=True)
class EndStatus:
    """Whether the end triggered (E1), its cause and procedure, and early warnings (E8)."""

    triggered: bool = False
    cause: str | None = None  # "event" | "library"
    rule: str | None = None  # the procedure: E4, E5 or E6
    when: str = ""
    next: str = PLAY_ON
    warnings: tuple[str, ...] = ()
    events: int = 0
    empty_spaces: int | None = None
    phase: str | None = None
    generation: int = 1
    round: int | None = None


@dataclass
class _Walk:
    phase: str | None = None
    generation: int = 1
    round: int | None = None
    events: int = 0
    empty: int | None = None
    library_pending: bool = False
    trigger: tuple[str, str, str] | None = None  # cause, rule, when
    notes: list[str] = field(default_factory=list)

    def where(self) -> str:
        parts = [f"generation {self.generation}", PHASE_LABELS.get(self.phase or "", "phase not recorded")]
        if self.round is not None:
            parts.append(f"round {self.round}")
        return ", ".join(parts)

    def in_execution(self) -> bool:
        # Interpretation: a sheet that never recorded a phase is taken to be in Execution,
        # where Events and the Library threshold normally happen.
        return self.phase in (None, "execution")

    def fire(self, cause: str, rule: str) -> None:
        if self.trigger is None:  # E3: the end triggers once; the first cause stands
            self.trigger = (cause, rule, self.where())
        elif cause == "library" and self.trigger[0] == "event":
            note = "A Library count at two or fewer after the Event does not shorten the game (E3)."
            if note not in self.notes:
                self.notes.append(note)

    def phase_begins(self, mark: PhaseMark) -> None:
        self.phase, self.generation, self.round = mark.phase, mark.generation, None
        if self.library_pending and mark.phase == "execution":
            # equivalent: the flag is only tested for truth, and the end triggers just below,
            # after which a pending flag can only re-fire the Library cause, which E3 ignores
            self.library_pending = False  # pragma: no mutate
            self.fire("library", "E5")  # E7: the low count triggers as Execution begins

    def event(self) -> None:
        self.events += 1
        if self.events != 2:
            return
        if self.in_execution():
            self.fire("event", "E4")
        elif self.phase == "end_of_generation":
            self.fire("event", "E6")
        else:
            self.notes.append(
                "The rules name no procedure for a second Event in Planning: "
                "the End of Generation procedure (E6) is applied (E7)."
            )
            self.fire("event", "E6")

    def count(self, empty: int) -> None:
        self.empty = empty
        if empty > LIBRARY_THRESHOLD:
            return
        if self.in_execution():
            self.fire("library", "E5")
        elif self.trigger is None:
            self.library_pending = True


def end_status(sheet: Sheet) -> EndStatus:
    """E1-E8: fold the timeline (and the grid's empty count) into the end status."""
    walk = _Walk()
    grid = sheet.library.grid if sheet.library is not None else None
    low_from = sheet.library.low_from if grid is not None and grid.empty_spaces <= LIBRARY_THRESHOLD else None
    for at, mark in enumerate(sheet.timeline):
        if at == low_from:  # the grid fell to two or fewer here (marks taken back since: at the end)
            walk.count(grid.empty_spaces)
        if isinstance(mark, PhaseMark):
            walk.phase_begins(mark)
        elif isinstance(mark, RoundMark):
            walk.round = mark.round
        elif isinstance(mark, EventMark):
            walk.event()
        elif isinstance(mark, EmptySpacesMark):
            walk.count(mark.count)
    if grid is not None:
        walk.count(grid.empty_spaces)
    return _status(walk)


def _status(walk: _Walk) -> EndStatus:
    warnings = list(walk.notes)
    common = dict(
        events=walk.events, empty_spaces=walk.empty, phase=walk.phase,
        generation=walk.generation, round=walk.round,
    )
    if walk.trigger is not None:
        cause, rule, when = walk.trigger
        return EndStatus(True, cause, rule, when, NEXT_STEP[rule], tuple(warnings), **common)
    next_step = PLAY_ON
    if walk.library_pending:
        next_step = (
            f"{counted(walk.empty, 'empty space')} left: the end triggers when the next Execution "
            "phase begins (E7), then finish that round and score (E5)."
        )
        warnings.append(next_step)
    if walk.events == 1:
        warnings.append("One Event so far: the next one ends the game (E8).")
    if walk.empty is not None and not walk.library_pending:
        warnings.append(
            f"{counted(walk.empty, 'empty space')} left: at most two triggers the end (E8). "
            "Location-tile spaces count as empty (M1)."
        )
    return EndStatus(False, None, None, "", next_step, tuple(warnings), **common)
