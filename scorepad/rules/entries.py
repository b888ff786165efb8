"""Entries: every change to a sheet is one small immutable entry.

``apply(sheet, entry)`` is the one way a sheet changes. It returns a new sheet or
raises ``EntryError`` and leaves the sheet as it was. Entries carry validated values
(their fields use the same types as the models), so applying one only has to check
what spans the sheet: player numbers, list positions, distinct names, Library Seals.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, StrictBool, StrictInt

from .library import parse_rows, parse_token
from .models import (
    Count, EmptySpacesMark, EventMark, Model, PhaseMark, Phase, PinaxTile, Player,
    PlayerName, RoundMark, Scholar, Scribe, Sheet, check_sheet,
)


class EntryError(ValueError):
    """An entry that cannot apply to this sheet; the message says why, in plain words."""


Index = Annotated[StrictInt, Field(ge=0, le=499)]
SUPPLY_FIELDS = (
    "kings_grace", "research", "crates_in_ships", "crates_in_supply",
    "stones_in_supply", "stones_in_royal_ships",
)
CountField = Literal[
    "renown", "seals_removed", "kings_requests", "kings_grace", "research",
    "crates_in_ships", "crates_in_supply", "stones_in_supply", "stones_in_royal_ships",
]


class Begin(Model):
    """The first entry of every history: the sheet as it started."""

    kind: Literal["begin"] = "begin"
    sheet: Sheet

    def apply_to(self, sheet: Sheet | None) -> Sheet:
        return self.sheet


class SetTitle(Model):
    """Give the game a title."""

    kind: Literal["set_title"] = "set_title"
    title: Annotated[str, Field(max_length=80)]

    def apply_to(self, sheet: Sheet) -> Sheet:
        return sheet.but(title=self.title)


class AddPlayer(Model):
    """Add a player at the end (1-4 players)."""

    kind: Literal["add_player"] = "add_player"
    name: PlayerName
    colour: Annotated[str, Field(max_length=20)] = ""

    def apply_to(self, sheet: Sheet) -> Sheet:
        if len(sheet.players) >= 4:
            raise EntryError("a game has at most 4 players")
        player = Player(name=self.name, colour=self.colour)
        return _checked(sheet.but(players=(*sheet.players, player)))


class PlayerEntry(Model):
    """Base of the entries that change one player (``player`` counts from 0)."""

    player: Index
    renames: ClassVar[bool] = False  # only a new name can clash with the other players

    def apply_to(self, sheet: Sheet) -> Sheet:
        if self.player >= len(sheet.players):
            raise EntryError(f"there is no player {self.player + 1}")
        players = list(sheet.players)
        players[self.player] = self.change(players[self.player])
        changed = sheet.but(players=tuple(players))
        return _checked(changed) if self.renames else changed

    def change(self, player: Player) -> Player:
        raise NotImplementedError


class RenamePlayer(PlayerEntry):
    """Change a player's name (names stay distinct)."""

    kind: Literal["rename_player"] = "rename_player"
    renames: ClassVar[bool] = True
    name: PlayerName

    def change(self, player: Player) -> Player:
        return player.but(name=self.name)


class SetColour(PlayerEntry):
    """Change a player's colour label."""

    kind: Literal["set_colour"] = "set_colour"
    colour: Annotated[str, Field(max_length=20)]

    def change(self, player: Player) -> Player:
        return player.but(colour=self.colour)


class SetCount(PlayerEntry):
    """Set one of a player's counts: Renown (S10), a supply (S9), T2 or T4."""

    kind: Literal["set_count"] = "set_count"
    field: CountField
    value: Count

    def change(self, player: Player) -> Player:
        if self.field in SUPPLY_FIELDS:
            supplies = player.supplies.but(**{self.field: self.value})
            return player.but(supplies=supplies)
        return player.but(**{self.field: self.value})


class ListEntry(PlayerEntry):
    """Base of add / set / remove on one of a player's lists."""

    list_name: ClassVar[str]
    index: Index | None = None  # None adds at the end

    def item(self):
        return None  # removal

    def change(self, player: Player) -> Player:
        items = list(getattr(player, self.list_name))
        item = self.item()
        if self.index is None:
            if item is None:
                raise EntryError("say which item to remove")
            if len(items) >= 50:
                raise EntryError(f"at most 50 {self.list_name} per player")
            items.append(item)
        elif self.index >= len(items):
            raise EntryError(f"{player.name} has no {self.list_name} item {self.index + 1}")
        elif item is None:
            del items[self.index]
        else:
            items[self.index] = item
        return player.but(**{self.list_name: tuple(items)})


class PutPinax(ListEntry):
    """Add a Pinax tile, or replace tile ``index`` (S1)."""

    kind: Literal["put_pinax"] = "put_pinax"
    list_name: ClassVar[str] = "pinax"
    tile: PinaxTile

    def item(self):
        return self.tile


class PutScribe(ListEntry):
    """Add a Scribe, or replace Scribe ``index`` (S7)."""

    kind: Literal["put_scribe"] = "put_scribe"
    list_name: ClassVar[str] = "scribes"
    scribe: Scribe

    def item(self):
        return self.scribe


class PutScholar(ListEntry):
    """Add a Scholar card, or replace card ``index`` (S8)."""

    kind: Literal["put_scholar"] = "put_scholar"
    list_name: ClassVar[str] = "scholars"
    scholar: Scholar

    def item(self):
        return self.scholar


class RemoveItem(ListEntry):
    """Remove item ``index`` from a player's Pinax tiles, Scribes or Scholars."""

    kind: Literal["remove_item"] = "remove_item"
    list: Literal["pinax", "scribes", "scholars"]
    index: Index

    @property
    def list_name(self) -> str:  # type: ignore[override]
        return self.list


class SetLibrary(Model):
    """Lay down, replace or (with ``rows`` null) remove the Library grid."""

    kind: Literal["set_library"] = "set_library"
    rows: tuple[str, ...] | None

    def apply_to(self, sheet: Sheet) -> Sheet:
        if self.rows is None:
            return sheet.but(library=None)
        from .models import Library

        try:
            library = Library(rows=self.rows)
        except ValueError as err:
            raise EntryError(_first_error(err)) from None
        return _checked(sheet.but(library=library))


class SetLibraryCell(Model):
    """Put one token in one cell of the Library grid (row and column from 0)."""

    kind: Literal["set_library_cell"] = "set_library_cell"
    row: Index
    col: Index
    token: str

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
        library = sheet.library.but(rows=tuple(rows))
        return _checked(sheet.but(library=library))


class RemovePlayer(PlayerEntry):
    """Remove a player; their Library Seals must be cleared first."""

    kind: Literal["remove_player"] = "remove_player"

    def apply_to(self, sheet: Sheet) -> Sheet:
        if self.player >= len(sheet.players):
            raise EntryError(f"there is no player {self.player + 1}")
        if len(sheet.players) == 1:
            raise EntryError("a game needs at least one player")
        number = self.player + 1
        library = sheet.library
        if library is not None:
            if library.grid.eligible_seals(number) or any(
                cell.seal == number for row in library.grid.cells for cell in row
            ):
                raise EntryError(
                    f"{sheet.players[self.player].name} has Seals in the Library: clear them first"
                )
            rows = tuple(
                " ".join(_renumbered(cell, number) for cell in row) for row in library.grid.cells
            )
            library = library.but(rows=rows)
        players = sheet.players[: self.player] + sheet.players[self.player + 1 :]
        return _checked(sheet.but(players=players, library=library))


def _renumbered(cell, removed: int) -> str:
    if cell.seal > removed:
        cell = type(cell)(cell.kind, cell.translated, cell.seal - 1)
    return cell.token


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

    def mark(self):
        return PhaseMark(phase=self.phase, generation=self.generation)


class StartRound(TimelineEntry):
    """A round of the current phase begins."""

    kind: Literal["start_round"] = "start_round"
    round: Annotated[StrictInt, Field(ge=1, le=99)]

    def mark(self):
        return RoundMark(round=self.round)


class RecordEvent(TimelineEntry):
    """An Event was triggered (E1a)."""

    kind: Literal["record_event"] = "record_event"

    def mark(self):
        return EventMark()


class CountEmptySpaces(TimelineEntry):
    """The table counted the empty Library spaces (E1b, E2)."""

    kind: Literal["count_empty_spaces"] = "count_empty_spaces"
    count: Count

    def mark(self):
        return EmptySpacesMark(count=self.count)


class UndoTimeline(Model):
    """Take back the last timeline mark (a mis-recorded Event, say)."""

    kind: Literal["undo_timeline"] = "undo_timeline"

    def apply_to(self, sheet: Sheet) -> Sheet:
        if not sheet.timeline:
            raise EntryError("the timeline is empty")
        return sheet.but(timeline=sheet.timeline[:-1])


Entry = Annotated[
    Begin | SetTitle | AddPlayer | RenamePlayer | SetColour | RemovePlayer | SetCount
    | PutPinax | PutScribe | PutScholar | RemoveItem | SetLibrary | SetLibraryCell
    | EnterPhase | StartRound | RecordEvent | CountEmptySpaces | UndoTimeline,
    Field(discriminator="kind"),
]


def apply(sheet: Sheet | None, entry) -> Sheet:
    """Apply one entry: the new sheet, or ``EntryError`` with the sheet unchanged."""
    if sheet is None and not isinstance(entry, Begin):
        raise EntryError("a history starts with a 'begin' entry")
    return entry.apply_to(sheet)


def fold(history) -> Sheet:
    """Replay a whole history from its ``begin`` entry; the sheet it produces."""
    sheet = None
    for entry in history:
        sheet = apply(sheet, entry)
    if sheet is None:
        raise EntryError("the history is empty")
    return sheet


def _checked(sheet: Sheet) -> Sheet:
    try:
        check_sheet(sheet)
    except ValueError as err:
        raise EntryError(str(err)) from None
    return sheet


def _first_error(err: ValueError) -> str:
    errors = getattr(err, "errors", None)
    if callable(errors):
        first = errors()[0]
        return first["msg"].removeprefix("Value error, ")
    return str(err)
