"""A focusable grid of cells with a cursor that the arrow keys move (wrapping round)."""

from __future__ import annotations

from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget


class CursorGrid(Widget, can_focus=True):
    """Base of the Library grid and the Pinax pattern editors."""

    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    def grid_size(self) -> tuple[int, int]:
        """Rows and columns of the grid."""
        raise NotImplementedError

    def action_move(self, rows: int, cols: int) -> None:
        height, width = self.grid_size()
        row, col = self.cursor
        self.cursor = ((row + rows) % height, (col + cols) % width)

    def on_focus(self) -> None:
        self.refresh()  # the cursor shows only while focused

    def on_blur(self) -> None:
        self.refresh()
