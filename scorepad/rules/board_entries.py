"""Entries about the board and the game's progress: the Library grid (S6, E2) and the
end-game timeline (E1-E8)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt

from .endgame import LIBRARY_THRESHOLD, PHASE_LABELS
from .entry_base import EntryError, Index, checked, first_error
from .library import parse_rows, parse_token
from .models import Count, EmptySpacesMark, EventMark, Library, Model, PhaseMark, Phase, RoundMark, Sheet


def library_at(rows: tuple[str, ...], sheet: Sheet) -> Library:
    """E1b, E3: the sheet's Library with these rows, and when in the game its empty spaces
    fell to two or fewer (``Library.low_from``): now, after the timeline's marks so far,
    unless they had already, and they still are. With no mark yet there is no place in
    the game to give it (a grid typed for the Pinax before Game progress): it counts as
    the latest count, as it always did. ValueError for rows that are no grid."""
    library = Library(rows=rows)
    if library.grid.empty_spaces > LIBRARY_THRESHOLD or not sheet.timeline:
        return library
    before = sheet.library
    was_low = before is not None and before.low_from is not None and before.grid.empty_spaces <= LIBRARY_THRESHOLD
    return library.but(low_from=before.low_from if was_low else len(sheet.timeline))


def leads_to(replayed: Sheet, saved: Sheet) -> bool:
    """Whether a history's last state is the saved sheet: one saved before a Library grid
    kept where its count fell (``low_from``) has none there, and is the same game (it
    read as a hand edit: a ``Begin`` added, and `replay` warned)."""
    if replayed == saved:
        return True
    low, library = replayed.library, saved.library
    return (low is not None and library is not None and library.low_from is None
            and replayed == saved.but(library=library.but(low_from=low.low_from)))


class SetLibrary(Model):
    """Lay down, replace or (with ``rows`` null) remove the Library grid."""

    kind: Literal["set_library"] = "set_library"
    rows: tuple[str, ...] | None

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        if self.rows is None:
            return "Library grid removed"
        return f"Library grid {len(self.rows)} x {len(self.rows[0].split())}"

    def apply_to(self, sheet: Sheet) -> Sheet:
        if self.rows is None:
            return sheet.but(library=None)
        try:
            library = library_at(self.rows, sheet)
        except ValueError as err:
            raise EntryError(first_error(err)) from None
        return checked(sheet.but(library=library))


class SetLibraryCell(Model):
    """Put one token in one cell of the Library grid (row and column from 0)."""

    kind: Literal["set_library_cell"] = "set_library_cell"
    row: Index
    col: Index
    token: str

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Library row {self.row + 1}, column {self.col + 1}: {self.token}"

    def apply_to(self, sheet: Sheet) -> Sheet:
        if sheet.library is None:
            raise EntryError("there is no Library grid yet")
        grid = sheet.library.grid
        if self.row >= grid.height or self.col >= grid.width:
            raise EntryError(f"the Library is {grid.height} x {grid.width}")
        try:
            cell = parse_token(self.token)
        except ValueError as err:
            raise EntryError(str(err)) from None
        tokens = sheet.library.rows[self.row].split()
        tokens[self.col] = cell.token
        rows = list(sheet.library.rows)
        rows[self.row] = " ".join(tokens)
        parse_rows(tuple(rows))
        return checked(sheet.but(library=library_at(tuple(rows), sheet)))


class TimelineEntry(Model):
    """Base of the entries that add a mark to the end-game timeline (E1-E8)."""

    def mark(self):
        raise NotImplementedError

    def apply_to(self, sheet: Sheet) -> Sheet:
        if len(sheet.timeline) >= 2000:
            raise EntryError("the timeline is full (2000 marks)")
        return sheet.but(timeline=(*sheet.timeline, self.mark()))


class EnterPhase(TimelineEntry):
    """A phase of a generation begins."""

    kind: Literal["enter_phase"] = "enter_phase"
    phase: Phase
    generation: Annotated[StrictInt, Field(ge=1, le=99)] = 1

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Generation {self.generation}, {PHASE_LABELS[self.phase]} begins"

    def mark(self):
        return PhaseMark(phase=self.phase, generation=self.generation)


class StartRound(TimelineEntry):
    """A round of the current phase begins."""

    kind: Literal["start_round"] = "start_round"
    round: Annotated[StrictInt, Field(ge=1, le=99)]

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Round {self.round} begins"

    def mark(self):
        return RoundMark(round=self.round)


class RecordEvent(TimelineEntry):
    """An Event was triggered (E1a)."""

    kind: Literal["record_event"] = "record_event"

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return "An Event is triggered"

    def mark(self):
        return EventMark()


class CountEmptySpaces(TimelineEntry):
    """The table counted the empty Library spaces (E1b, E2)."""

    kind: Literal["count_empty_spaces"] = "count_empty_spaces"
    count: Count

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Empty Library spaces: {self.count}"

    def mark(self):
        return EmptySpacesMark(count=self.count)


class UndoTimeline(Model):
    """Take back the last timeline mark (a mis-recorded Event, say)."""

    kind: Literal["undo_timeline"] = "undo_timeline"

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return "Last timeline mark taken back"

    def apply_to(self, sheet: Sheet) -> Sheet:
        if not sheet.timeline:
            raise EntryError("the timeline is empty")
        marks, library = sheet.timeline[:-1], sheet.library
        if library is not None and library.low_from is not None and library.low_from > len(marks):
            # the grid fell after the mark taken back: marks recorded now come after it (E3)
            return sheet.but(timeline=marks, library=library.but(low_from=len(marks) or None))
        return sheet.but(timeline=marks)
