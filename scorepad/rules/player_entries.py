"""Entries that change one player: name, colour, counts, and the lists of tiles,
Scribes and Scholars (S1, S7-S10, T2-T4)."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from ..messages import counted
from .count_fields import BY_KEY, COUNT_KEYS, with_count
from .entry_base import EntryError, Index, checked
from .models import MAX_CARDS, Colour, Count, Model, PinaxTile, Player, PlayerName, Scholar, Scribe, Sheet

LIST_LABELS = {"pinax": "Pinax tile", "scribes": "Scribe", "scholars": "Scholar"}
CountKey = Literal[COUNT_KEYS]  # type: ignore[valid-type]  (the table's keys, checked by pydantic)


class PlayerEntry(Model):
    """Base of the entries that change one player (``player`` counts from 0)."""

    player: Index
    renames: ClassVar[bool] = False  # only a new name can clash with the other players

    def apply_to(self, sheet: Sheet) -> Sheet:
        if self.player >= len(sheet.players):
            raise EntryError(f"there is no player {self.player + 1}")
        players = list(sheet.players)
        old = players[self.player]
        players[self.player] = self.change(old)
        changed = sheet.but(players=tuple(players))
        if not self.renames:
            return changed
        if sheet.start_player and sheet.start_player == old.name:  # the start player keeps their seat
            changed = changed.but(start_player=players[self.player].name)
        return checked(changed)

    def change(self, player: Player) -> Player:
        raise NotImplementedError


class RenamePlayer(PlayerEntry):
    """Change a player's name (names stay distinct)."""

    kind: Literal["rename_player"] = "rename_player"
    renames: ClassVar[bool] = True
    name: PlayerName

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Rename {who(self.player)} to {self.name}"

    def change(self, player: Player) -> Player:
        return player.but(name=self.name)


class SetColour(PlayerEntry):
    """Change a player's colour label."""

    kind: Literal["set_colour"] = "set_colour"
    colour: Colour

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"{who(self.player)}: colour {self.colour or '(none)'}"

    def change(self, player: Player) -> Player:
        return player.but(colour=self.colour)


class SetCount(PlayerEntry):
    """Set one of a player's counts: Renown (S10), a supply (S9), T2 or T4."""

    kind: Literal["set_count"] = "set_count"
    field: CountKey
    value: Count
    # the sum as it was typed (``3+4+2``), kept for the record: shown again on the
    # screen and in the replay; empty for a plain number
    typed: Annotated[str, Field(max_length=40, pattern=r"^([0-9]+(\+[0-9]+)+)?$")] = ""

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        typed = f"{self.typed} = " if self.typed else ""
        return f"{who(self.player)}: {BY_KEY[self.field].label} {typed}{self.value}"

    @model_validator(mode="after")
    def _sum_adds_up(self) -> SetCount:
        if self.typed and sum(int(part) for part in self.typed.split("+")) != self.value:
            raise ValueError(f"the sum {self.typed} does not add up to {self.value}")
        return self

    def change(self, player: Player) -> Player:
        return with_count(player, self.field, self.value)


class ListEntry(PlayerEntry):
    """Base of add / set / remove on one of a player's lists."""

    list_name: ClassVar[str]
    index: Index | None = None  # None adds at the end

    def item(self):
        return None  # removal

    def put_words(self, who) -> str:
        """How a put begins in words: ``Ana: add`` or ``Ana: change Scribe 2 to``."""
        what = LIST_LABELS[self.list_name]
        return f"{who(self.player)}: {'add' if self.index is None else f'change {what} {self.index + 1} to'}"

    def change(self, player: Player) -> Player:
        items = list(getattr(player, self.list_name))
        item = self.item()
        if self.index is None:
            if item is None:
                raise EntryError("say which item to remove")
            if len(items) >= MAX_CARDS:
                raise EntryError(f"at most {MAX_CARDS} {self.list_name} per player")
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

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        seals = self.tile.seals
        tile = counted(seals, "Seal") if seals is not None else f"pattern of {counted(len(self.tile.pattern), 'cell')}"
        return f"{self.put_words(who)} Pinax tile, {tile}"

    def item(self):
        return self.tile


class PutScribe(ListEntry):
    """Add a Scribe, or replace Scribe ``index`` (S7)."""

    kind: Literal["put_scribe"] = "put_scribe"
    list_name: ClassVar[str] = "scribes"
    scribe: Scribe

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        young = ", Young" if self.scribe.young else ""
        return f"{self.put_words(who)} Scribe, Knowledge {self.scribe.knowledge}{young}"

    def item(self):
        return self.scribe


class PutScholar(ListEntry):
    """Add a Scholar card, or replace card ``index`` (S8)."""

    kind: Literal["put_scholar"] = "put_scholar"
    list_name: ClassVar[str] = "scholars"
    scholar: Scholar

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        name = f" ({self.scholar.name})" if self.scholar.name else ""
        return f"{self.put_words(who)} Scholar, Renown {self.scholar.renown}{name}"

    def item(self):
        return self.scholar


class RemoveItem(ListEntry):
    """Remove item ``index`` from a player's Pinax tiles, Scribes or Scholars."""

    kind: Literal["remove_item"] = "remove_item"
    list: Literal["pinax", "scribes", "scholars"]
    index: Index

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"{who(self.player)}: remove {LIST_LABELS[self.list]} {self.index + 1}"

    @property
    def list_name(self) -> str:  # type: ignore[override]
        return self.list


class RemovePlayer(PlayerEntry):
    """Remove a player; their Library Seals must be cleared first."""

    kind: Literal["remove_player"] = "remove_player"

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        return f"Remove player {who(self.player)}"

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
        start = "" if sheet.start_player == sheet.players[self.player].name else sheet.start_player
        return checked(sheet.but(players=players, library=library, start_player=start))


def _renumbered(cell, removed: int) -> str:
    # equivalent: a Seal of the removed player was refused above, so seal == removed never gets here
    if cell.seal > removed:  # pragma: no mutate
        cell = type(cell)(cell.kind, cell.translated, cell.seal - 1)
    return cell.token
