"""Entries: every change to a sheet is one small immutable entry.

``apply(sheet, entry)`` is the one way a sheet changes. It returns a new sheet or
raises ``EntryError`` and leaves the sheet as it was. Entries carry validated values
(their fields use the same types as the models), so applying one only has to check
what spans the sheet: player numbers, list positions, distinct names, Library Seals.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .board_entries import (
    CountEmptySpaces, EnterPhase, RecordEvent, SetLibrary, SetLibraryCell, StartRound, UndoTimeline,
)
from .entry_base import EntryError, checked
from .models import Colour, Model, Player, PlayerName, Sheet, Title
from .record_entries import SetRecord, TimeGame
from .player_entries import (
    PutPinax, PutScholar, PutScribe, RemoveItem, RemovePlayer, RenamePlayer,
    SetColour, SetCount,
)

__all__ = [
    "AddPlayer", "Begin", "CountEmptySpaces", "Entry", "EntryError", "EnterPhase", "PutCards", "PutPinax",
    "PutScholar", "PutScribe", "RecordEvent", "RemoveItem", "RemovePlayer", "RenamePlayer",
    "SetColour", "SetCount", "SetLibrary", "SetLibraryCell", "SetRecord", "SetTitle",
    "StartRound", "TimeGame", "UndoTimeline", "apply", "fold",
]


class Begin(Model):
    """The first entry of every history: the sheet as it started."""

    kind: Literal["begin"] = "begin"
    sheet: Sheet

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Sheet begins: {', '.join(p.name for p in self.sheet.players)}"

    def apply_to(self, sheet: Sheet | None) -> Sheet:
        return self.sheet


class SetTitle(Model):
    """Give the game a title."""

    kind: Literal["set_title"] = "set_title"
    title: Title

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Title: {self.title or '(none)'}"

    def apply_to(self, sheet: Sheet) -> Sheet:
        return sheet.but(title=self.title)


class AddPlayer(Model):
    """Add a player at the end (1-4 players)."""

    kind: Literal["add_player"] = "add_player"
    name: PlayerName
    colour: Colour = ""

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Add player {self.name}"

    def apply_to(self, sheet: Sheet) -> Sheet:
        if len(sheet.players) >= 4:
            raise EntryError("a game has at most 4 players")
        player = Player(name=self.name, colour=self.colour)
        return checked(sheet.but(players=(*sheet.players, player)))


CardEntry = Annotated[PutPinax | PutScribe | PutScholar | RemoveItem, Field(discriminator="kind")]


class PutCards(Model):
    """A player's line of cards typed at once (S1, S7, S8): the card entries it makes,
    applied together, so one line typed is one step to undo and to replay."""

    kind: Literal["put_cards"] = "put_cards"
    entries: Annotated[tuple[CardEntry, ...], Field(min_length=2, max_length=200)]

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return "; ".join(part.words(who) for part in self.entries)

    def apply_to(self, sheet: Sheet) -> Sheet:
        for entry in self.entries:  # a refusal part-way raises: the sheet stays as it was
            sheet = entry.apply_to(sheet)
        return sheet


Entry = Annotated[
    Begin | SetTitle | AddPlayer | RenamePlayer | SetColour | RemovePlayer | SetCount
    | PutPinax | PutScribe | PutScholar | RemoveItem | PutCards | SetLibrary | SetLibraryCell
    | EnterPhase | StartRound | RecordEvent | CountEmptySpaces | UndoTimeline | SetRecord | TimeGame,
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
