"""Pinax: per player, quick counts or patterns, and the Library grid with the best
assignment marked on it as it changes (S1-S6)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Tab, Tabs

from ...reports import tile_words
from ...rules.entries import PutPinax, RemoveItem, SetLibrary, SetLibraryCell
from ...rules.library import blank_rows
from ...rules.models import Sheet
from ..widgets.count_field import CountField, parse_count
from ..widgets.library_grid import LibraryGridEditor
from ..widgets.pattern_editor import PatternEditor
from .base import GameScreen


class PinaxScreen(GameScreen):
    """One player at a time (tabs); the grid is shared by all players."""

    HEADING = "Pinax (S1-S6)"
    HINT = "A tile scores 3, 6, 10 or 15 for 1-4 matched Seals. Quick count, or the pattern on a grid."
    BINDINGS = [
        Binding("ctrl+n", "add_quick", "Add quick tile"),
        Binding("ctrl+o", "add_pattern", "Add pattern tile"),
    ]
    EDITS = frozenset({"add_quick", "add_pattern"})

    def __init__(self) -> None:
        super().__init__()
        self.player = 0

    def structure(self, sheet: Sheet) -> object:
        tiles = tuple(tuple(t.seals is None for t in p.pinax) for p in sheet.players)
        grid = sheet.library.grid.height if sheet.library else 0, sheet.library.grid.width if sheet.library else 0
        return super().structure(sheet), tiles, grid, self.player

    def body(self) -> ComposeResult:
        sheet = self.sheet
        self.player = min(self.player, len(sheet.players) - 1)
        yield Tabs(*(Tab(p.name, id=f"player-{i}") for i, p in enumerate(sheet.players)),
                   active=f"player-{self.player}", id="players")
        player = sheet.players[self.player]
        with Vertical(id="tiles"):
            for i, tile in enumerate(player.pinax):
                with Horizontal(classes="item-row"):
                    yield Label(f"Tile {i + 1}", classes="row-label")
                    if tile.seals is not None:
                        yield CountField("Seals matched (0-4)", tile.seals,
                                         lambda v, i=i: PutPinax(player=self.player, index=i, tile={"seals": v}),
                                         id=f"tile-{i}")
                    else:
                        yield PatternEditor(tile.pattern, i, id=f"tile-{i}")
                    yield Label("", id=f"result-{i}", classes="tile-result")
                    yield Button("✕", id=f"remove-{i}", classes="remove", tooltip="Remove tile")
        with Horizontal(classes="buttons"):
            yield Button("+ Quick count (ctrl+n)", id="add-quick")
            yield Button("+ Pattern (ctrl+o)", id="add-pattern")
        yield Label("Library", classes="subheading")
        if sheet.library is None:
            yield Label("Pattern tiles need the Library grid. Size it (rows x columns) and lay it out:",
                        classes="hint")
            with Horizontal(classes="buttons"):
                yield Input(placeholder="rows", id="grid-rows", classes="small")
                yield Input(placeholder="columns", id="grid-cols", classes="small")
                yield Button("Lay out the grid", id="lay-grid")
        else:
            yield Label("Arrows move. Type . L # M G C, * for translated, 1-4 for a Seal; "
                        "marked cells are this player's best assignment.", classes="hint")
            yield LibraryGridEditor(sheet.library.grid, id="grid")
            yield Button("Remove the grid", id="drop-grid")

    def update(self, sheet: Sheet) -> None:
        score = next(s for s in self.app.standings().scores if s.name == sheet.players[self.player].name)
        marks: dict[tuple[int, int], str] = {}
        for i, tile in enumerate(sheet.players[self.player].pinax):
            result = score.pinax_detail[i]
            self.query_one(f"#result-{i}", Label).update(tile_words(result))
            if tile.seals is not None:
                self.query_one(f"#tile-{i}", CountField).show(tile.seals)
            else:
                self.query_one(f"#tile-{i}", PatternEditor).show(tile.pattern)
                for cell in result.cells:
                    marks[cell] = str(i + 1)
        if sheet.library is not None:
            self.query_one(LibraryGridEditor).show(sheet.library.grid, marks)

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        chosen = int((event.tab.id or "player-0").split("-")[1])
        if chosen != self.player:
            self.player = chosen
            self.focus_after = "#players"
            self.follow_sheet()

    def on_pattern_editor_toggled(self, event: PatternEditor.Toggled) -> None:
        if not 1 <= len(event.cells) <= 4:
            self.notify("A Pinax pattern has 1 to 4 cells.", severity="warning")
            return
        self.send(PutPinax(player=self.player, index=event.editor.index, tile={"pattern": event.cells}))

    def on_library_grid_editor_cell_typed(self, event: LibraryGridEditor.CellTyped) -> None:
        self.send(SetLibraryCell(row=event.row, col=event.col, token=event.token))

    def action_add_quick(self) -> None:
        self.focus_after = f"#tile-{len(self.sheet.players[self.player].pinax)} Input"
        self.send(PutPinax(player=self.player, tile={"seals": 0}))

    def action_add_pattern(self) -> None:
        self.focus_after = f"#tile-{len(self.sheet.players[self.player].pinax)}"
        self.send(PutPinax(player=self.player, tile={"pattern": [[0, 0]]}))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.id or ""
        if name == "add-quick":
            self.action_add_quick()
        elif name == "add-pattern":
            self.action_add_pattern()
        elif name.startswith("remove-"):
            self.send(RemoveItem(player=self.player, list="pinax", index=int(name.split("-")[1])))
        elif name == "lay-grid":
            self.lay_grid()
        elif name == "drop-grid":
            self.send(SetLibrary(rows=None))

    def lay_grid(self) -> None:
        try:
            rows = parse_count(self.query_one("#grid-rows", Input).value)
            cols = parse_count(self.query_one("#grid-cols", Input).value)
        except ValueError as err:
            self.notify(f"Grid size: {err}", severity="error")
            return
        if not (1 <= rows <= 64 and 1 <= cols <= 64):
            self.notify("Grid size: rows and columns from 1 to 64.", severity="error")
            return
        self.focus_after = "#grid"
        self.send(SetLibrary(rows=blank_rows(rows, cols)))
