"""Entries in words, for the replay and the history: "Ana: Renown 54"."""

from __future__ import annotations

from .entries import (
    AddPlayer, Begin, CountEmptySpaces, EnterPhase, PutCards, PutPinax, PutScholar, PutScribe,
    RecordEvent, RemoveItem, RemovePlayer, RenamePlayer, SetColour, SetCount, SetLibrary,
    SetLibraryCell, SetTitle, StartRound, UndoTimeline,
)
from .endgame import PHASE_LABELS
from .models import Sheet

FIELD_LABELS = {
    "renown": "Renown in play", "seals_removed": "Seals removed", "kings_requests": "King's Requests",
    "kings_grace": "King's Grace", "research": "Research", "crates_in_ships": "Crates in Ships",
    "crates_in_supply": "Crates in supply", "stones_in_supply": "Stones in supply",
    "stones_in_royal_ships": "Stones in Royal Ships",
}
LIST_LABELS = {"pinax": "Pinax tile", "scribes": "Scribe", "scholars": "Scholar"}


def _tile(tile) -> str:
    if tile.seals is not None:
        return f"{tile.seals} Seal{'' if tile.seals == 1 else 's'}"
    return f"pattern of {len(tile.pattern)} cell{'' if len(tile.pattern) == 1 else 's'}"


def describe(entry, before: Sheet | None) -> str:
    """One line saying what the entry did, naming players as they were before it."""
    def who(index: int) -> str:
        if before is not None and index < len(before.players):
            return before.players[index].name
        return f"player {index + 1}"

    def put(what: str, index) -> str:
        return f"{who(entry.player)}: {'add' if index is None else f'change {what} {index + 1} to'}"

    if isinstance(entry, Begin):
        names = ", ".join(p.name for p in entry.sheet.players)
        return f"Sheet begins: {names}"
    if isinstance(entry, SetTitle):
        return f"Title: {entry.title or '(none)'}"
    if isinstance(entry, AddPlayer):
        return f"Add player {entry.name}"
    if isinstance(entry, RenamePlayer):
        return f"Rename {who(entry.player)} to {entry.name}"
    if isinstance(entry, SetColour):
        return f"{who(entry.player)}: colour {entry.colour or '(none)'}"
    if isinstance(entry, RemovePlayer):
        return f"Remove player {who(entry.player)}"
    if isinstance(entry, SetCount):
        typed = f"{entry.typed} = " if entry.typed else ""
        return f"{who(entry.player)}: {FIELD_LABELS[entry.field]} {typed}{entry.value}"
    if isinstance(entry, PutPinax):
        return f"{put('Pinax tile', entry.index)} Pinax tile, {_tile(entry.tile)}"
    if isinstance(entry, PutScribe):
        young = ", Young" if entry.scribe.young else ""
        return f"{put('Scribe', entry.index)} Scribe, Knowledge {entry.scribe.knowledge}{young}"
    if isinstance(entry, PutScholar):
        name = f" ({entry.scholar.name})" if entry.scholar.name else ""
        return f"{put('Scholar', entry.index)} Scholar, Renown {entry.scholar.renown}{name}"
    if isinstance(entry, PutCards):
        return "; ".join(describe(part, before) for part in entry.entries)
    if isinstance(entry, RemoveItem):
        return f"{who(entry.player)}: remove {LIST_LABELS[entry.list]} {entry.index + 1}"
    if isinstance(entry, SetLibrary):
        if entry.rows is None:
            return "Library grid removed"
        return f"Library grid {len(entry.rows)} x {len(entry.rows[0].split())}"
    if isinstance(entry, SetLibraryCell):
        return f"Library row {entry.row + 1}, column {entry.col + 1}: {entry.token}"
    if isinstance(entry, EnterPhase):
        return f"Generation {entry.generation}, {PHASE_LABELS[entry.phase]} begins"
    if isinstance(entry, StartRound):
        return f"Round {entry.round} begins"
    if isinstance(entry, RecordEvent):
        return "An Event is triggered"
    if isinstance(entry, CountEmptySpaces):
        return f"Empty Library spaces: {entry.count}"
    if isinstance(entry, UndoTimeline):
        return "Last timeline mark taken back"
    return entry.kind
