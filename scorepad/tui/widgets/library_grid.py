"""The Library grid editor (the README's Library tokens; S2's Seals; S5's best assignment marked).

A typed cell is stored when committed, as one entry (one undo step): Enter, any move of
the cursor, or leaving the grid; Escape puts it back. Enter then goes to the next row,
under the cell where the row's typing began (as a spreadsheet does after Tabs): rows
typed ``M*1 Tab G*1 Enter C Tab L Enter`` fill two rows (it stayed on the cell, and the
next letter, starting the cell anew, replaced the value just stored). Home/End: the row's first/last
cell; Ctrl+Home/Ctrl+End: the first/last row; PageUp/PageDown: the screens, as
everywhere. Tab steps to the next cell, row after row, as in every table (``M*1 Tab
G*1`` typed two cells; when Tab left the grid, the rest went into the next field); past
the last cell, or Down from the last row (Ctrl+End, Down: two keys on any grid), the
focus moves on. A paste is typed the same way: a tab steps right, a line break goes to
the next row, under the paste's first cell.

Drawn line by line: a key redraws the rows it changed (one as a cell is typed, two as
the cursor moves), not the whole grid. A grid wider than the room shows the columns that
fit, the cursor's always among them, with ◀ before or ▶ after the column numbers where more are (at
80x24, 15 of a 16-column grid were drawn, and column 16's cursor and typing were not)."""

from __future__ import annotations

from typing import Callable

from textual.binding import Binding
from textual.events import Click, Key
from textual.reactive import reactive

from ...rules.library import TILE_NAMES, LibraryCell, LibraryGrid, parse_token
from ...columns import wrapped
from .cursor_grid import CursorGrid
from .line_widget import LineWidget
from .muted import clearest_on

WIDTH, LABEL = 5, 4  # characters per cell, and in the row numbers' column
MORE_RIGHT = " ▶"  # after the column numbers, when columns are left out to the right
EDITING = "Enter/move: store · Esc: put back"  # under a cell being typed
LAST_ROW = "The last row: the cursor stays"  # Enter there
# Enter there, a typed cell stored: on one line in the narrowest grid (as wide as EDITING),
# or every commit on the last row laid the screen out anew (a grid's typing 1.2x -> 2.6x)
STORED_LAST = "Last row: kept · Esc to type anew"
# after a refused cell's reason: a letter typed next started it anew, the burst went on,
# and M*1 M*2 were typed over with the next cells' values (new-user run)
AFTER_REFUSED = "the keys typed after it were not used"
PUT_BACK = " (Esc puts the cell back; Tab stores it as shown)"
PUT_BACK_REFUSED = " (Esc puts the cell back)"  # a cell the sheet refused: Tab cannot store it
KEPT = "Not typed: this cell was just stored (the last row) · Esc, then type, to change it"


def next_token(cell: LibraryCell, key: str) -> str | None:
    """The token a key turns this cell into, or None when the key means nothing here. A
    letter starts the cell anew, so a token typed as printed is that token (``M*3`` over
    ``M*3`` had kept the ``*`` and the Seal and then toggled them off); ``*`` and a Seal's
    number toggle on a tile."""
    tile = cell.kind in TILE_NAMES
    if key in ".L#lMGCmgc":
        return key.upper()
    if key == "*" and tile:
        return LibraryCell(cell.kind, not cell.translated, cell.seal).token
    if key in "1234" and tile:  # the same Seal again takes it off
        return LibraryCell(cell.kind, cell.translated, 0 if cell.seal == int(key) else int(key)).token
    return None


def refusal(key: str) -> str:
    """Why a key changed nothing in a cell (``next_token`` gave None); S2: Seals go on tiles."""
    return f"{key} goes on M, G or C only" if key in "*1234" else f'"{key}": type . L # M G C, * or 1-4'


class LibraryGridEditor(LineWidget, CursorGrid, can_focus=True):
    """Shows the grid with a cursor; stores each committed cell through ``store``."""

    BINDINGS = [
        Binding("enter", "next_row", "Store, next row", show=False),
        Binding("tab", "step(1)", "Store, next cell", show=False),
        Binding("shift+tab", "step(-1)", "Store, previous cell", show=False),
        Binding("escape", "commit('')", "Put the cell back", show=False),
        Binding("backspace,delete", "commit('.')", "Clear the cell", show=False),
    ]
    COMPONENT_CLASSES = {f"library-grid--{part}" for part in
                         ("heading", "wall", "sealed", "marked", "cursor", "editing", "message", "note")}

    cursor: reactive[tuple[int, int]] = reactive((0, 0), repaint=False)  # redraw() repaints

    def __init__(self, grid: LibraryGrid, store: Callable[[int, int, str], object],
                 marks: dict[tuple[int, int], str] | None = None, *,
                 refusal: Callable[[], str | None] = lambda: None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.grid, self.marks = grid, marks or {}
        self.store = store  # (row, column, token): a callback, so a cell is stored at once; why not
        self.refusal = refusal  # why nothing may be typed now (a read-only sheet), or None
        self.message_shown = [""]  # the lines under the grid, as last drawn
        self.editing: tuple[int, int, str] | None = None  # the cell typed, not stored yet
        self.row_start = 0  # the column the row's typing began in (a paste's): Enter goes under it
        self.tabbing = False  # the cursor moves by Tab: along the row being typed
        self.past_edge = False  # a paste's line ran past the right edge: its rest is not typed
        self.edge_said = False
        self.message = ""  # why the last key changed nothing
        self.stayed = False  # Enter stored a typed cell on the last row: what is typed on is refused
        self.halted = False  # a typed cell was refused: what is typed next is not typed over it
        self.left = 0  # the first column drawn (a grid wider than the room)

    def show(self, grid: LibraryGrid, marks: dict[tuple[int, int], str]) -> None:
        """Show a new grid state and the marked cells (a cell being typed stays)."""
        if (grid, marks) == (self.grid, self.marks):
            return  # a value typed elsewhere: nothing here to draw again
        resized = grid.height != self.grid.height or grid.width != self.grid.width
        before, self.grid, self.marks = self.grid, grid, marks
        row, col = self.cursor = (min(self.cursor[0], grid.height - 1), min(self.cursor[1], grid.width - 1))
        if self.stayed and (resized or grid.cells[row][col] != before.cells[row][col]):
            self.stayed = False  # undone, say: no longer the cell just stored
            self.message = "" if self.message in (STORED_LAST, KEPT) else self.message
        if self.editing and self.editing[:2] != (row, col):
            self.editing = None  # its cell is gone (a smaller grid): nothing to store
        if resized:
            self.refresh(layout=True)  # a new size: a new layout (and every line anew)
        self.redraw()

    def grid_size(self) -> tuple[int, int]:
        return self.grid.height, self.grid.width

    def cancel_typing(self) -> bool:
        """Put back the cell being typed, if it is (ctrl+z then undoes the typing first)."""
        if self.editing is None:
            return False
        self.action_commit("")
        return True

    def store_typing(self) -> bool:
        """Store the cell being typed (before the screen is left or the app quits)."""
        return self.leave_cell()

    def leave_cell(self) -> bool:
        """Store the typed cell if it changed (one entry): Enter and every way out come here."""
        if self.halted:
            return False  # the cell refused, unchanged since: refused still, as said
        if self.editing:
            row, col, token = self.editing
            if token != self.grid.cells[row][col].token:
                # at once, not by a message: leaving the screen (F2) must not lose the cell
                problem = self.store(row, col, token)
                if problem and self.refusal():  # nothing may be stored now: nothing to put right
                    self.editing, self.message = None, problem
                    self.redraw()
                    return True
                if problem:  # the cell stays as typed, to be put right (or Esc)
                    self.message, self.halted = f"{token} not stored: {problem}", True
                    self.redraw()
                    return False
        self.editing, self.message = None, ""
        self.redraw()
        return True

    def action_commit(self, typed: str | None = None) -> None:
        """Enter stores the cell; Escape (``""``) puts it back; Delete (``"."``) clears it."""
        if typed is not None:
            self.editing = (*self.cursor, typed) if typed else None
            self.stayed = self.halted = False  # Esc or Delete: this cell is meant now
        self.leave_cell()

    def action_step(self, step: int) -> None:
        """Tab / Shift+Tab: the next (previous) cell, along the row being typed (past a
        row's end, a new row's typing begins where Tab went)."""
        if self.stayed:  # Enter stored the last row's cell: a Tab went on, and a burst's next row over it
            self.refuse_key(KEPT)
            return
        row, typed, self.tabbing = self.cursor[0], self.editing is not None, True
        try:
            super().action_step(step)
        finally:
            self.tabbing = False
        if self.cursor[0] != row:
            self.row_start = self.cursor[1]
        self.left_after_typing(typed)

    def action_move(self, rows: int, cols: int) -> None:
        typed = self.editing is not None
        super().action_move(rows, cols)
        self.left_after_typing(typed)

    def action_next_row(self) -> None:
        """Enter: store the cell and go to the next row, under the cell where this row's
        typing began; on the last row the cursor stays, and says so (a letter typed next
        starts the cell anew)."""
        row, typed = self.cursor[0], self.editing is not None
        if row + 1 < self.grid.height:
            self.action_jump(row + 1, self.row_start)
        elif typed and self.leave_cell():  # else refused, and said
            self.message, self.stayed = STORED_LAST, True
            self.redraw()
        elif not typed and not self.stayed:  # a refused burst's Enter keeps saying so
            self.message = LAST_ROW
            self.redraw()

    def on_key(self, event: Key) -> None:
        if getattr(event, "opens_paste", False):  # rows of a paste start at its first column
            self.row_start, self.past_edge, self.edge_said = self.cursor[1], False, False
        if getattr(event, "pasted", False) and event.key in ("tab", "enter"):
            self.paste_step(event)
            return
        if self.past_edge and getattr(event, "pasted", False):
            event.stop()  # a cell past the grid's right edge: not typed, up to the line's end
            return
        if not event.is_printable or (event.character == "?" and not getattr(event, "pasted", False)):
            return  # "?" typed stays the help key (no token has it); pasted, it is refused as a token
        event.stop()
        if self.halted:  # a letter would start the refused cell anew, and the burst go on from there
            self.note_not_taken()
            return
        if self.stayed:  # a burst's next row, past the last
            self.refuse_key(KEPT, getattr(event, "pasted", False))
            return
        if refused := self.refusal():  # a read-only sheet: nothing typed can be stored, no run to halt
            self.message = refused
            self.redraw()
            return
        cell = parse_token(self.editing[2]) if self.editing else self.grid.cells[self.cursor[0]][self.cursor[1]]
        token = next_token(cell, event.character)
        if token is None:
            self.refuse_key(refusal(event.character), getattr(event, "pasted", False))
            return
        self.message, self.editing = "", (*self.cursor, token)
        self.redraw()

    def refuse_key(self, why: str, pasted: bool = False) -> None:
        """Say why a key typed nothing, and halt its run: the keys typed or pasted on
        after it are not used (a Tab in it went on to the next cell, and the rest of the
        burst was typed over cells already stored)."""
        self.message = why
        self.redraw()
        self.post_message(self.PasteStopped(self, "at a key the grid refused") if pasted else self.RunHalted(self))

    def note_not_taken(self) -> None:
        """Say, once, that the keys typed on after a refusal were not used."""
        words = AFTER_REFUSED + ((PUT_BACK_REFUSED if self.halted else PUT_BACK) if self.editing else "")
        if not self.message.endswith(words):
            self.message = f"{self.message} · {words}"
            self.redraw()

    def paste_step(self, key: Key) -> None:
        """A copied spreadsheet's tab steps right and its line break goes to the next row,
        under the paste's first cell, as typed (but a tab typed at a row's end goes on to
        the next row). A line's cells past the right edge are not typed (said once); past
        the last row, the paste ends."""
        row, col = self.cursor
        height, width = self.grid_size()
        key.stop()
        key.prevent_default()
        if self.editing and not self.leave_cell():  # refused: the rest would be typed onto it
            self.post_message(self.PasteStopped(self, "at a value the table refused"))
        elif key.key == "tab" and col + 1 >= width:
            self.leave_cell()
            self.past_edge = True
            if not self.edge_said:
                self.edge_said = True
                self.notify(f"Cells past the grid's right edge are not typed (it is {width} wide).",
                            severity="warning")
        elif key.key == "tab":
            self.action_step(1)
        elif row + 1 >= height:
            self.post_message(self.PasteStopped(self))
            self.leave_cell()
        else:
            self.past_edge = False
            self.action_next_row()

    def on_click(self, event: Click) -> None:
        at = event.get_content_offset(self)
        row, col = (at.y - 1, (at.x - LABEL) // WIDTH) if at and at.x >= LABEL else (-1, -1)
        shown = self.columns_shown()
        if 0 <= row < self.grid.height and 0 <= col < len(shown) and self.leave_cell():
            col = shown[col]
            self.cursor = (row, col)

    on_blur = leave_cell  # leaving the grid stores the cell, as leaving a field does (and redraws)

    def on_resize(self) -> None:
        self.redraw()  # another room: other columns may fit

    def watch_cursor(self, cursor: tuple[int, int]) -> None:
        self.stayed = False
        if not self.tabbing:  # an arrow, Home, a click, Enter: a row's typing begins here
            self.row_start = cursor[1]
        self.redraw()

    def get_content_width(self, container, viewport) -> int:
        return max(self.grid.width * WIDTH + LABEL, len(EDITING))  # the messages fit too

    def columns_shown(self) -> range:
        """The columns drawn: as many as fit across (all of them before the grid is laid
        out), the cursor's among them; they move only as far as the cursor goes past them."""
        width = self.grid.width
        room = self.outer_size.width - self.styles.gutter.width  # ``size`` lays out an unseen screen
        if room - LABEL < width * WIDTH:
            room -= len(MORE_RIGHT)  # some are left out: room for the ▶ after the columns
        fit = min(width, max(1, (room - LABEL) // WIDTH)) if room > 0 else width
        col = self.cursor[1]
        self.left = min(max(self.left, col - fit + 1), col, width - fit)
        return range(self.left, self.left + fit)

    def line_keys(self) -> list:
        """Per row, what ``look`` reads: its cells, and the cursor, the typing and the
        marks on it (a commit compares 12 rows, not the looks of 144 cells)."""
        cursor, editing = (self.cursor if self.has_focus else None), self.editing
        marked: dict[int, list[int]] = {}
        for r, c in self.marks:
            marked.setdefault(r, []).append(c)
        rows = [(row, cursor[1] if cursor and cursor[0] == r else None,
                 editing[1:] if editing and editing[0] == r else None, tuple(sorted(marked.get(r, ()))))
                for r, row in enumerate(self.grid.cells)]
        shown = self.columns_shown()
        self.message_shown = self.message_lines()  # what line_text draws under the rows, until the next redraw
        return [(self.grid.width, shown), *((*row, shown) for row in rows),
                *((line, editing is not None) for line in self.message_shown)]

    def message_lines(self) -> list[str]:
        """The words under the grid (why a key did nothing, or the keys of a cell being
        typed), wrapped to its width: cut, a 3-column grid showed "M*4 not stored: the
        Library has a" (review)."""
        words = self.message or (EDITING if self.editing else "")
        if not words:
            return [""]
        room = self.outer_size.width - self.styles.gutter.width
        width = self.get_content_width(None, None)  # the grid's width, or EDITING's
        return wrapped(words, min(width, room) if room > 0 else width)

    def point_at(self, entry) -> None:
        """After an undo or a redo, the cursor on the cell it changed (not from under typing)."""
        row, col = getattr(entry, "row", None), getattr(entry, "col", None)
        if self.editing is None and isinstance(row, int) and isinstance(col, int) \
                and 0 <= row < self.grid.height and 0 <= col < self.grid.width:
            self.cursor = (row, col)

    def component_style(self, name: str):
        """A part's style; a marked cell's words in black or white, whichever reads best
        on its green (Textual's ``auto`` chose white at 3.3:1 in catppuccin-latte)."""
        if name == "library-grid--marked" and name not in self._styles:
            self._styles[name] = clearest_on(self.get_component_rich_style(name))
        return super().component_style(name)

    def line_text(self, y: int) -> list:
        heading = self.component_style("library-grid--heading")
        shown = self.columns_shown()
        if y == 0:  # the column numbers, with ◀ before and ▶ after them when columns are left out that way
            left = f"{'◀' if shown.start else ' ':<{LABEL}}"
            right = MORE_RIGHT if shown.stop < self.grid.width else ""
            return [(left + "".join(f"{c + 1:^{WIDTH}}" for c in shown) + right, heading)]
        if y <= self.grid.height:  # a row: its number, then each cell's words in its part's style
            r = y - 1
            cells = [self.look(r, c, self.grid.cells[r][c]) for c in shown]
            return [(f"{y:>{LABEL - 1}} ", heading), *((f"{words:^{WIDTH}}", part and self.component_style(
                f"library-grid--{part}")) for words, part in cells)]
        lines, line = self.message_shown, y - self.grid.height - 1
        if line < len(lines) and lines[line]:
            return [(lines[line], self.component_style(f"library-grid--{'message' if self.message else 'note'}"))]
        return [("", None)]

    def look(self, r: int, c: int, cell: LibraryCell) -> tuple[str, str | None]:
        """A cell's words and part: typed, cursor, best assignment (S5), not a space, Seal."""
        if self.editing and self.editing[:2] == (r, c):
            return self.editing[2] + "▏", "editing"
        if (r, c) == self.cursor and self.has_focus:
            return cell.token, "cursor"
        if (r, c) in self.marks:
            return cell.token, "marked"
        return cell.token, "wall" if cell.kind == "#" else ("sealed" if cell.seal else None)
