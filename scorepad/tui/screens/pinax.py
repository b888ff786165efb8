"""Pinax: per player, quick counts or patterns, and the Library grid with the best
assignment marked on it as it changes (S1-S6)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label

from ...reports import tile_words
from ...rules.entries import PutPinax, RemoveItem, SetLibrary, SetLibraryCell
from ...rules.library import blank_rows
from ...rules.models import Sheet
from ..card_text import QuickPinaxText, card_entry
from ..widgets.card_table import CardTable
from ..widgets.field_button import FieldButton
from ..typed_value import parse_count
from ..widgets.library_grid import LibraryGridEditor
from ..widgets.pattern_editor import PatternEditor
from ..widgets.pattern_tiles import PatternTiles
from ..host import host
from ..widgets.words import show_words
from .base import GameScreen
from .lists import PLAYER_KEYS
from ..widgets.in_sight import Words


GRID_HINT = "Arrows move. Type . L # M G C, * for translated, 1-4 for a Seal; marked cells are this player's best assignment."
# while a hard sheet is searched on in the background (S5): the same length, so no line moves
SEARCHING_HINT = ("Still searching: the marked cells are the best assignment found so far. "
                  "Arrows move; type . L # M G C, * or 1-4.")


class PinaxScreen(GameScreen):
    """Quick counts for every player in one table (a row per player, ``3 4 1``); the
    pattern tiles of the player whose row the cursor is on; the Library grid, shared."""

    HEADING = "Pinax (S1-S6)"
    HINT = "A tile scores 3, 6, 10 or 15 for 1-4 matched Seals. Quick count, or the pattern on a grid."
    BINDINGS = [
        Binding("ctrl+n", "add_quick", "Add quick tile"),
        Binding("ctrl+o", "add_pattern", "Add pattern tile"),
        *PLAYER_KEYS,
    ]
    EDITS = frozenset({"add_quick", "add_pattern"})

    def __init__(self) -> None:
        super().__init__()
        self.player = 0

    def structure(self, sheet: Sheet) -> object:
        # where pattern tiles are (quick counts are values in the one table; the player
        # shown is not structure: PatternTiles follows it on its own)
        patterns = tuple(tuple(i for i, t in enumerate(p.pinax) if t.pattern is not None) for p in sheet.players)
        grid = sheet.library.grid.height if sheet.library else 0, sheet.library.grid.width if sheet.library else 0
        return super().structure(sheet), patterns, grid

    def body(self) -> ComposeResult:
        sheet = self.sheet
        self.player = min(self.player, len(sheet.players) - 1)
        yield CardTable(QuickPinaxText, tuple(p.name for p in sheet.players),
                        [self.quick_tiles(p) for p in sheet.players], self.quick_entries, self.summary,
                        **self.table_hooks(), row=self.player, row_changed=self.row_changed, id="quick")
        player = sheet.players[self.player]
        yield PatternTiles(player.name, player.pinax, id="tiles")
        yield Label("Library", classes="subheading")
        if sheet.library is None:
            yield Label("Pattern tiles need the Library grid. Size it (rows x columns) and lay it out:",
                        classes="hint")
            with Horizontal(classes="buttons"):
                yield Input(placeholder="rows", id="grid-rows", classes="small")
                yield Input(placeholder="columns", id="grid-cols", classes="small")
                yield FieldButton("Lay out the grid", id="lay-grid")
        else:
            yield Words(GRID_HINT, classes="hint", id="grid-hint")
            yield LibraryGridEditor(sheet.library.grid, self.store_cell, refusal=self.cannot_change, id="grid")
            yield FieldButton("Remove the grid", id="drop-grid")

    @staticmethod
    def quick_tiles(player) -> tuple:
        """A player's quick-count tiles, in order."""
        return tuple(t for t in player.pinax if t.seals is not None)

    def quick_entries(self, key: str, _column: int, tiles: tuple) -> list:
        """The entries that store a player's typed line of quick counts (S1); pattern
        tiles stay where they are."""
        p = int(key)
        pinax = self.sheet.players[p].pinax
        places = [i for i, t in enumerate(pinax) if t.seals is not None]
        return card_entry(p, places, tuple(pinax[i] for i in places), tiles, QuickPinaxText.put, "pinax")

    def summary(self, row: int) -> str:
        score = self.live.standings().score_of(self.sheet.players[row].name)
        return f"Pinax {'' if score.pinax_proven else '≥'}{score.pinax} Renown"

    def row_changed(self, row: int) -> None:
        """The pattern tiles shown follow the player whose row the cursor is on: once
        the frame with the new totals is drawn (the next key waits for it)."""
        if row != self.player:
            self.player = row
            self.call_after_refresh(self.show_player_tiles)

    async def show_player_tiles(self) -> None:
        """Show the pattern tiles of the player whose row the cursor is on."""
        player = self.sheet.players[self.player]
        with host(self).holding_keys():  # the next key may be for a tile not built yet
            await self.query_one(PatternTiles).show_player(player.name, player.pinax)
            self.show_sheet()

    def action_player(self, step: int) -> None:
        """Show the next (or previous) player's tiles (the focus stays where it is)."""
        self.query_one(CardTable).step_player(step)

    def update(self, sheet: Sheet) -> None:
        self.query_one(CardTable).show([[self.quick_tiles(p)] for p in sheet.players])
        score = self.live.standings().score_of(sheet.players[self.player].name)
        marks: dict[tuple[int, int], str] = {}
        for i, tile in enumerate(sheet.players[self.player].pinax):
            if tile.pattern is None:
                continue
            result = score.pinax_detail[i]
            show_words(self.query_one(f"#result-{i}", Label), tile_words(result), layout=False)
            self.query_one(f"#tile-{i}", PatternEditor).show(tile.pattern)
            for cell in result.cells:
                marks[cell] = str(i + 1)
        if sheet.library is not None:
            self.query_one(LibraryGridEditor).show(sheet.library.grid, marks)
            show_words(self.query_one("#grid-hint", Label), GRID_HINT if score.pinax_proven else SEARCHING_HINT)

    def on_pattern_editor_toggled(self, event: PatternEditor.Toggled) -> None:
        if not 1 <= len(event.cells) <= 4:
            self.notify("A Pinax pattern has 1 to 4 cells.", severity="warning")
            return
        self.send(PutPinax(player=self.player, index=event.editor.index, tile={"pattern": event.cells}))

    def store_cell(self, row: int, col: int, token: str) -> None:
        """One Library cell typed in the grid: one entry (S2, S6). Why it was refused,
        or None: the grid says it under itself, where the cell is."""
        return self.live.send(SetLibraryCell(row=row, col=col, token=token))

    def action_add_quick(self) -> None:
        """Another quick-count tile: the cursor goes to the end of the player's line."""
        self.query_one(CardTable).add_card(self.player)

    def action_add_pattern(self) -> None:
        self.focus_after = f"#tile-{len(self.sheet.players[self.player].pinax)}"
        self.send(PutPinax(player=self.player, tile={"pattern": [[0, 0]]}))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the grid's size: from rows on to columns, and from columns lay it
        out, as Setup's fields go (Enter did nothing there; only the button did)."""
        if event.input.id == "grid-rows":
            self.set_focus(self.query_one("#grid-cols", Input))
        elif event.input.id == "grid-cols":
            self.lay_grid()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.id or ""
        if name.startswith("remove-"):
            self.ask_to_remove_tile(int(name.split("-")[1]))
        elif name == "lay-grid":
            self.lay_grid()
        elif name == "drop-grid":
            self.ask_to_drop_grid()

    def ask_to_remove_tile(self, index: int) -> None:
        """Remove a pattern tile once the table says so, as the grid: one Enter on its ✕
        removed it without a word, and changed the winner (a new user's run)."""
        from .dialogs import ConfirmScreen

        refused = self.cannot_change()
        if refused:
            self.notify(refused, severity="warning")
            return
        player = self.sheet.players[self.player]

        def answer(remove: bool | None) -> None:
            if remove:
                self.send(RemoveItem(player=self.player, list="pinax", index=index))

        question = f"Remove {player.name}'s pattern tile {index + 1}? (ctrl+z brings it back)"
        self.app.push_screen(ConfirmScreen(question, risky=True), answer)

    def ask_to_drop_grid(self) -> None:
        """Remove the Library grid once the table says so: Tab from the grid's last cell
        leaves it for this button, so Tab and Enter (a cell stored and the next, in any
        other table) had removed the grid without a word (new-user run)."""
        from .dialogs import ConfirmScreen

        refused = self.cannot_change()
        if refused:  # said before asking (a read-only sheet), not after a yes
            self.notify(refused, severity="warning")
            return

        def answer(remove: bool | None) -> None:
            if remove:
                self.send(SetLibrary(rows=None))

        cells = sum(cell.kind != "." for row in self.sheet.library.grid.cells for cell in row)
        question = f"Remove the Library grid and the {cells} cell(s) typed in it? (ctrl+z brings it back)"
        self.app.push_screen(ConfirmScreen(question, risky=True), answer)

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
