"""Screens of plain counts, one column per player: Supplies (S9), and Renown in play
with the tie-break counts (S10, T2, T4)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Label

from ...rules.count_fields import BY_KEY, SUPPLY_FIELDS, count_of
from ...rules.entries import SetCount
from ...rules.models import Sheet
from ..widgets.count_grid import CountGrid
from .base import GameScreen


def table_rows(*keys: str) -> tuple[tuple[str, str], ...]:
    """A count table's rows: each count's key and its heading (see ``count_fields``)."""
    return tuple((key, BY_KEY[key].heading) for key in keys)


class CountsScreen(GameScreen):
    """One table of counts (a row per count, a column per player); Enter and Tab go
    player by player, row after row."""

    FIELDS: tuple[tuple[str, str], ...] = ()
    REMINDERS: dict[str, str] = {}

    def body(self) -> ComposeResult:
        players = self.sheet.players
        grid = CountGrid(self.FIELDS, tuple(p.name for p in players), self.values(self.sheet),
                         self.count_entry, **self.table_hooks(), id="counts")
        grid.keep_texts(self.sums_typed())
        yield grid
        for field, text in self.REMINDERS.items():
            yield Label(text, classes="reminder", id=f"reminder-{field}")

    def count_entry(self, field: str, p: int, value: int) -> SetCount:
        """The entry a committed cell makes; a sum keeps its text (``3+4+2``)."""
        typed = self.query_one(CountGrid).cursor_text().replace(" ", "")
        return SetCount(player=p, field=field, value=value, typed=typed if "+" in typed else "")

    def sums_typed(self) -> dict[tuple[str, int], str]:
        """The sum last typed for each cell, from the history: shown again on return."""
        typed: dict[tuple[str, int], str] = {}
        for entry in self.live.history:
            if isinstance(entry, SetCount):
                typed[(entry.field, entry.player)] = entry.typed
        return typed

    def values(self, sheet: Sheet) -> list[list[int]]:
        """The stored counts, a row per field and a column per player."""
        return [[count_of(player, field) for player in sheet.players] for field, _ in self.FIELDS]

    def update(self, sheet: Sheet) -> None:
        self.query_one(CountGrid).show(self.values(sheet))


class SuppliesScreen(CountsScreen):
    """S9: King's Grace, Research and Crates 1 per three; 2 per Translation Stone."""

    HEADING = "Supplies (S9)"
    HINT = "King's Grace + Research + Crates: 1 Renown per 3, rounded down. Translation Stones: 2 each."
    FIELDS = table_rows(*SUPPLY_FIELDS)
    REMINDERS = {"kings_grace": "M2: King's Grace counts with Research and Crates here; during play "
                                "it may also be spent as any supply or for +1 Time."}


class RenownScreen(CountsScreen):
    """S10 Renown earned in play, and the tie-break counts T2 and T4."""

    HEADING = "Renown in play and tie-breaks"
    HINT = "Renown earned during the game (S10). Ties: Seals removed (T2), then Scholars, then King's Requests (T4)."
    FIELDS = table_rows("renown", "seals_removed", "kings_requests")
    REMINDERS = {"kings_requests": "M5: Crafts can be wild for King's Requests, with limits for "
                                   "requests naming a specific specialty."}
