"""The Library grid editor: arrows move, keys type a cell's token (DESIGN.md tokens).

``.`` ``L`` ``#`` ``M`` ``G`` ``C`` set what is on the space, ``*`` turns translation
on or off, ``1``-``4`` put that player's Seal (again to take it off), backspace
clears the cell. The cells a player's best Pinax assignment uses are marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from ...rules.library import LibraryCell, LibraryGrid, parse_token
from .cursor_grid import CursorGrid

WIDTH = 5  # characters per cell


def next_token(cell: LibraryCell, key: str) -> str | None:
    """The token a key turns this cell into, or None when the key means nothing here."""
    if key in (".", "L", "#", "l"):
        return key.upper()
    if key.upper() in "MGC":
        kind = key.upper()
        if cell.kind in "MGC":
            return LibraryCell(kind, cell.translated, cell.seal).token
        return kind
    if key == "*" and cell.kind in "MGC":
        return LibraryCell(cell.kind, not cell.translated, cell.seal).token
    if key in "1234" and cell.kind in "MGC":
        seal = 0 if cell.seal == int(key) else int(key)
        return LibraryCell(cell.kind, cell.translated, seal).token
    return None


class LibraryGridEditor(CursorGrid):
    """Shows the grid with a cursor and turns keys into ``CellTyped`` messages."""

    BINDINGS = [Binding("backspace,delete", "clear", "Clear cell", show=False)]

    @dataclass
    class CellTyped(Message):
        """The user typed a new token for a cell."""

        row: int
        col: int
        token: str

    def __init__(self, grid: LibraryGrid, marks: dict[tuple[int, int], str] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.grid = grid
        self.marks = marks or {}

    def show(self, grid: LibraryGrid, marks: dict[tuple[int, int], str]) -> None:
        """Show a new grid state and the marked cells."""
        self.grid, self.marks = grid, marks
        row, col = self.cursor
        self.cursor = (min(row, grid.height - 1), min(col, grid.width - 1))
        self.refresh(layout=True)

    def get_content_width(self, container, viewport) -> int:
        return self.grid.width * WIDTH + 4

    def get_content_height(self, container, viewport, width) -> int:
        return self.grid.height + 1

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        text.append("    " + "".join(f"{c + 1:^{WIDTH}}" for c in range(self.grid.width)) + "\n", style="dim")
        for r, row in enumerate(self.grid.cells):
            text.append(f"{r + 1:>3} ", style="dim")
            for c, cell in enumerate(row):
                style = "dim" if cell.kind == "#" else ("bold" if cell.seal else "")
                mark = self.marks.get((r, c))
                if mark:
                    style = "bold black on green"
                if (r, c) == self.cursor and self.has_focus:
                    style = "reverse"
                label = cell.token
                text.append(f"{label:^{WIDTH}}", style=style)
            text.append("\n")
        return text

    def grid_size(self) -> tuple[int, int]:
        return self.grid.height, self.grid.width

    def action_clear(self) -> None:
        self.post_message(self.CellTyped(*self.cursor, "."))

    def on_key(self, event) -> None:
        if event.character is None:
            return
        row, col = self.cursor
        token = next_token(self.grid.cells[row][col], event.character)
        if token is not None:
            parse_token(token)
            event.stop()
            self.post_message(self.CellTyped(row, col, token))
