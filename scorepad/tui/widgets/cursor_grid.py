"""A focusable grid of cells with a cursor that the arrow keys move; up from the top row
or down from the bottom one go to the field above or below. The cursor never goes round
an edge: Down on a table's last row, with no field below, stays (it went to the top row,
and the next value typed replaced the first row's)."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .form_focus import focus_neighbour

LEFT_AFTER_TYPING = "Stored; the keys typed straight after leaving were not used: type them again"


class CursorGrid(Widget, can_focus=True):
    """Base of the Library grid, the count tables and the Pinax pattern editors."""

    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("home", "jump(None, 0)", "First cell of the row", show=False),
        Binding("end", "jump(None, -1)", "Last cell of the row", show=False),
        # not PageUp / PageDown: they go to the next screen here too (two new users
        # finished Pinax, pressed PageDown and typed School's values into the grid);
        # not Ctrl+Up / Ctrl+Down: the screen's previous and next player
        Binding("ctrl+home", "jump(0, None)", "First row", show=False),
        Binding("ctrl+end", "jump(-1, None)", "Last row", show=False),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))
    # a terminal's paste is typed here key by key (``ordered_keys``): a line break an
    # Enter, a tab a Tab, as if typed; a grid has no paste of its own
    pastes_as_keys = True

    class PasteStopped(Message):
        """A paste typed into ``grid`` stops ``where`` it did (its last cell: the rest
        would run past the grid, round to its first cell over values just stored or out
        of it; a value refused: the rest would be typed onto it): the rest is not typed."""

        def __init__(self, grid: CursorGrid, where: str = "at the end of the table it went into") -> None:
            super().__init__()
            self.grid, self.where = grid, where

    class RunHalted(Message):
        """The grid took the last key of its run it should: one it refused, or a Tab or
        an arrow that stored a value typed and took the focus out of the grid (past its
        last cell or before its first). The App takes no key of that run that would type
        (``ordered_keys``, ``screens.halted_runs``); ``words`` say so, or the grid does
        itself (``note_not_taken``) when None."""

        def __init__(self, grid: CursorGrid, words: str | None = None) -> None:
            super().__init__()
            self.grid, self.words = grid, words

    def left_after_typing(self, typed: bool) -> None:
        """After a Tab or a move that stored a value typed (or pasted) in the cell it left:
        if the focus left the grid, the keys typed on were meant for cells it does not
        have (``3`` Tab, a pasted ``2<Tab>``), and the run is halted."""
        if typed and self.screen.focused is not self:
            self.post_message(self.RunHalted(self, LEFT_AFTER_TYPING))

    def note_not_taken(self) -> None:
        """Say that the keys typed on after the grid halted its run were not used (a
        grid that halts with no words of its own says it here)."""

    def grid_size(self) -> tuple[int, int]:
        """Rows and columns of the grid."""
        raise NotImplementedError

    def leave_cell(self) -> bool:
        """Called before the cursor leaves its cell (a grid that types in a cell stores
        it here); False keeps the cursor where it is."""
        return True

    def action_move(self, rows: int, cols: int) -> None:
        """Move by rows and columns, up to the edges; past the top or the bottom row the
        focus goes to the field above or below, if the screen has one (as in a form: a
        table of one row is one field among others)."""
        if self.leave_cell():
            height, width = self.grid_size()
            row, col = self.cursor
            if not 0 <= row + rows < height and focus_neighbour(self, 1 if rows > 0 else -1):
                return
            self.cursor = (min(max(row + rows, 0), height - 1), min(max(col + cols, 0), width - 1))

    def action_step(self, step: int) -> None:
        """Tab / Shift+Tab: leave the cell for the next (previous) one, row after row;
        past the last (first) cell the focus moves on. With nothing else to focus, the
        cursor stays (going round, the next value typed replaced the first cell's)."""
        if self.leave_cell():
            height, width = self.grid_size()
            at = self.cursor[0] * width + self.cursor[1] + step
            if 0 <= at < height * width:
                self.cursor = divmod(at, width)
            else:
                self.screen.focus_next() if step > 0 else self.screen.focus_previous()

    def action_jump(self, row: int | None, col: int | None) -> None:
        """Go to a row and a column (-1: the last one; None: stay in the current one)."""
        if self.leave_cell():
            height, width = self.grid_size()
            here = self.cursor
            self.cursor = (here[0] if row is None else row % height, here[1] if col is None else col % width)

    def on_focus(self) -> None:
        self.refresh()  # the cursor shows only while focused

    def on_blur(self) -> None:
        self.refresh()
