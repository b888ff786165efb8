"""A table of counts, a row per kind of count and a column per player, typed like a
spreadsheet: the cursor's cell takes a whole number or a sum like ``3+4+2``; Enter or
Tab commits it and moves to the next player. Bad input shows a message under the table
and stores nothing.

One widget for the whole table, not an Input per cell: committing a value then redraws
this widget and the totals, and the focus never has to move."""

from __future__ import annotations

from typing import Callable

from rich.style import Style
from textual.binding import Binding
from textual.events import Click, Key
from textual.reactive import reactive

from ...columns import cell_len, fit, tail, wrapped
from ..typed_value import Committed, commit_text, parse_count, still_means, value_text
from .cursor_grid import CursorGrid
from .stay_guard import StayGuard
from .line_widget import LineWidget

MIN_COLUMN = 8  # a count (at most 500) and a name's first letters, or a sum's end
# an empty cell, muted (a Round or an empty space count not recorded yet, a player with
# no cards): blank, its field could not be told from the screen (a new user's run)
EMPTY = "·"


class CountGrid(StayGuard, LineWidget, CursorGrid, can_focus=True):
    """Rows of ``(key, label)`` counts across the players' columns."""

    BINDINGS = [
        Binding("enter", "store_enter", "Store, move on (the last cell: stay)", show=False),
        Binding("tab", "step(1)", "Store, move on", show=False),
        Binding("shift+tab", "step(-1)", "Store, move back", show=False),
        Binding("backspace", "erase", "Erase a character", show=False),
        Binding("ctrl+u,delete", "clear", "Clear the cell", show=False),
        Binding("escape", "revert", "Back to the stored value", show=False),
    ]
    COMPONENT_CLASSES = {"count-grid--heading", "count-grid--cursor", "count-grid--error", "count-grid--note",
                         "count-grid--empty"}

    MAX_TYPED = 24  # a count, a sum: longer is a slip of the hand
    takes_names = False  # whether a cell's text may name things (any character then types)
    AFTER = 0  # cells drawn right of the columns, kept when a typed cell widens its column
    # fits an 80-column terminal, table border and all
    HINT = "A number or a sum (3+4+2) · Enter/Tab: store, move on · Esc: put back"
    cursor: reactive[tuple[int, int]] = reactive((0, 0), repaint=False)  # redraw() repaints

    def __init__(self, rows: tuple[tuple[str, str], ...], players: tuple[str, ...],
                 values: list[list], make_entry: Callable[[str, int, object], object], *,
                 send: Callable[[object], str | None], refusal: Callable[[], str | None] = lambda: None,
                 hint: bool = True, label_width: int = 0, parse: Callable[[str], object] = parse_count,
                 words: Callable[[object], str] = value_text, **kwargs) -> None:
        super().__init__(**kwargs)
        self.hint = hint  # the keys, under the table, while it has the focus
        self.rows, self.players, self.make_entry = rows, players, make_entry
        self.send = send  # stores an entry; the reason when it is refused
        self.refusal = refusal  # why nothing may be typed now (a read-only sheet), or None
        self.message_shown: list[str] = [""]  # the lines under the table, as last drawn
        self.parse, self.words = parse, words  # what a cell's text means, and back
        self.values = values
        self.texts = [[words(v) for v in row] for row in values]
        self.done: dict[tuple[int, int], Committed] = {}
        self.fresh = True  # the next character typed replaces the cell, as in a selected field
        # widths in terminal cells, not characters: 王小明 takes six (issue 12); what the
        # table would take, given the room (``fitted``)
        self.label_need = max(label_width, max(cell_len(label) for _, label in rows) + 2)
        self.top = 1 if any(players) else 0  # a line of column headings, when they have names
        self.column_need = min(max(10, *(cell_len(name) + 2 for name in players)), 22)

    # -- widths ------------------------------------------------------------------------------

    def room(self) -> int:
        """The cells the table has across (0 before it is laid out), read from the size it
        was laid out at: asking ``size`` of a widget out of sight lays out the screen."""
        return max(0, self.outer_size.width - self.styles.gutter.width)

    def fitted(self) -> tuple[int, int]:
        """The row labels' width and each player's column's, in the room there is: the
        labels (counts' names) whole; the players' columns narrower, down to MIN_COLUMN,
        rather than the last ones pushed off the terminal (a long name's heading is
        shortened, the counts are short)."""
        room, players = self.room(), len(self.players)
        if not room:
            return self.label_need, self.column_need
        share = (room - self.label_need - self.AFTER) // players
        return self.label_need, max(MIN_COLUMN, min(self.column_need, share))

    @property
    def label_width(self) -> int:
        """The width of the row labels, in cells."""
        return self.fitted()[0]

    @property
    def column_width(self) -> int:
        """The width of a player's column at rest, in cells."""
        return self.fitted()[1]

    def headings_cut(self) -> bool:
        """Whether a column heading is drawn shortened (its name does not fit)."""
        return any(cell_len(name) >= self.column_width for name in self.players)

    # -- what the tests and the screen read ----------------------------------------------

    def cell_id(self, row: int, col: int) -> str:
        """The id a cell answers to, ``<count>-<player index>`` (``renown-1``)."""
        return f"{self.rows[row][0]}-{col}"

    def find(self, cell_id: str) -> tuple[int, int]:
        """The (row, column) of a cell id."""
        key, col = cell_id.rsplit("-", 1)
        return next(r for r, (k, _) in enumerate(self.rows) if k == key), int(col)

    def message(self, row: int, col: int) -> str:
        """The words under the table for a cell: its problem, or what its sum adds up to."""
        done = self.done.get((row, col))
        return done.message if done else ""

    def cursor_text(self) -> str:
        """The text typed in the cursor's cell."""
        r, c = self.cursor
        return self.texts[r][c]

    def keep_texts(self, typed: dict[tuple[str, int], str]) -> None:
        """Show these texts (sums typed earlier, by ``(row key, column)``) where they
        still stand for the stored value."""
        for r, (key, _) in enumerate(self.rows):
            for c, value in enumerate(self.values[r]):
                text = typed.get((key, c))
                if text and still_means(text, value, self.parse):
                    self.texts[r][c] = text

    def show(self, values: list[list[int | None]]) -> None:
        """Follow the sheet (after an undo, say), keeping sums that still add up."""
        before, self.values = self.values, values
        typing = None if self.fresh else self.cursor  # a cell being typed keeps its text
        for r, row in enumerate(values):
            for c, value in enumerate(row):
                if value is before[r][c] or value == before[r][c] or (r, c) == typing:
                    continue  # unchanged: its text still says it (reading it again costs)
                if (r, c) == self.cursor:
                    self.unstay()  # undone, say: no longer the value just stored
                if not still_means(self.texts[r][c], value, self.parse):
                    self.texts[r][c] = self.words(value)
                    self.done.pop((r, c), None)
        self.redraw()

    # -- keys ------------------------------------------------------------------------------

    def grid_size(self) -> tuple[int, int]:
        return len(self.rows), len(self.players)

    def commit(self) -> bool:
        """Store the cursor's cell if it changed; False (with a message) when refused."""
        r, c = self.cursor
        if self.texts[r][c] == self.words(self.values[r][c]):
            # nothing typed, or typed as it was: never stored anew, and the next key starts
            # the cell anew as after a store (the caret stayed, and undo would not move it)
            self.fresh = True
            return True
        done = commit_text(self.send, self.texts[r][c], self.values[r][c],
                           lambda value: self.make_entry(self.rows[r][0], c, value), self.parse)
        if not done.error:  # a refused value leaves what the sheet holds (show() follows it)
            self.values[r][c] = done.value
            self.fresh = True  # stored: the next key typed here starts the cell anew
        self.done[(r, c)] = done
        self.redraw()
        return not done.error

    def action_move(self, rows: int, cols: int) -> None:
        here, typed = self.cursor, self.typed()
        if self.store_then(super().action_move, rows, cols):
            self.moved_on(here, typed)

    def action_jump(self, row: int | None, col: int | None) -> None:
        here, typed = self.cursor, self.typed()
        if self.store_then(super().action_jump, row, col):
            self.moved_on(here, typed)

    def action_step(self, step: int) -> None:
        """Tab / Shift+Tab (and Enter, but on the last cell): store the cell, then the
        next one; past the table's end the focus moves on, halting the run of keys
        (``left_after_typing``), but from a form's one-cell field (``LEAVES_ON_ENTER``:
        the Generation), which the keys typed on are meant to leave."""
        here, typed = self.cursor, self.typed()
        if self.store_then(super().action_step, step):
            self.moved_on(here, typed)

    def moved_on(self, here: tuple[int, int], typed: bool) -> None:
        """After a Tab, an arrow, Home or End stored the cell: at an edge with nowhere to
        go, a value typed stays guarded (``stay``: Down on the last row, Shift+Tab on the
        first cell, End on the last column, and the next value replaced it, unsaid); out
        of the table, the run is halted."""
        if self.cursor == here and self.screen.focused is self and typed:
            self.stay()
        self.left_after_typing(typed and not self.LEAVES_ON_ENTER)

    def store_then(self, move: Callable[..., None], *args) -> bool:
        """Store the cursor's cell, then ``move`` the cursor (a refused value keeps it
        there): one redraw for both. Whether it was stored."""
        with self.drawn_once():
            if self.halted:
                return False  # the text refused, unchanged since: refused still, as said
            if not self.commit():
                self.halted = self.message_is_error()  # not while a question is open
                return False
            move(*args)
            return True

    def at_last_cell(self) -> bool:
        """Whether the cursor is on the table's last cell (the last row's last player)."""
        return self.cursor == (len(self.rows) - 1, len(self.players) - 1)

    def watch_cursor(self) -> None:
        self.fresh = True
        self.halted = False
        self.unstay()
        self.redraw()

    def on_key(self, event: Key) -> None:
        if getattr(event, "pasted", False) and event.key in ("enter", "tab"):
            # stored first: a value refused keeps the cursor on it, and the rest of the
            # paste would be typed onto it; else the key does what it does typed (moves
            # on), and from the last cell what follows would go round over the first rows
            # the value pasted is stored by its key, as a typed one is: the move it makes
            # halts the run out of the table, and Enter on the last cell guards it
            self.pasted_store = not self.fresh
            if not self.commit():
                event.stop()
                event.prevent_default()
                self.post_message(self.PasteStopped(self, "at a value the table refused"))
                return
            if self.at_last_cell():
                self.post_message(self.PasteStopped(self))
        # "?" typed stays the help key where no value has one (a count); pasted, or in a
        # line of names, it is a character
        if event.is_printable and (event.character != "?" or getattr(event, "pasted", False) or self.takes_names):
            event.stop()
            r, c = self.cursor
            if self.guarded():
                self.refuse_key()
                return
            self.type_in(("" if self.fresh else self.texts[r][c]) + event.character)

    def type_in(self, text: str, fresh: bool = False) -> None:
        """Put this text in the cursor's cell (not stored until committed); on a sheet
        that takes no change, say so at the first key and type nothing."""
        r, c = self.cursor
        self.unstay()  # Backspace, Ctrl+U, Esc, a card added: typing here is meant now
        self.halted = False  # putting the refused value right: its message stays till stored
        refused = self.refusal()
        if refused:
            self.done[(r, c)] = Committed(self.values[r][c], refused, False)
            self.redraw()
            return
        if len(text) > self.MAX_TYPED:  # said, not dropped in silence
            self.done[(r, c)] = Committed(self.values[r][c], f"at most {self.MAX_TYPED} characters here", True)
        self.texts[r][c] = text[:self.MAX_TYPED]
        self.fresh = fresh
        self.redraw()

    def action_erase(self) -> None:
        # on a cell just reached too: the text stays, less its last character
        r, c = self.cursor
        self.type_in(self.texts[r][c][:-1])

    def action_clear(self) -> None:
        self.type_in("")

    def cell_of(self, entry) -> tuple[int, int] | None:
        """The cell an entry changed (a player's count), or None."""
        field, player = getattr(entry, "field", None), getattr(entry, "player", None)
        keys = [key for key, _ in self.rows]
        if field in keys and isinstance(player, int) and 0 <= player < len(self.players):
            return keys.index(field), player
        return None

    def point_at(self, entry) -> None:
        """After an undo or a redo, the cursor on the cell it changed: it stayed where
        Enter had moved it, and the value typed to put the undone one right replaced
        the next player's."""
        cell = self.cell_of(entry)
        if cell is not None and cell != self.cursor and self.fresh:  # never from under typing
            self.cursor = cell

    def store_typing(self) -> bool:
        """Store the cell being typed (before the screen is left or the app quits)."""
        return self.commit()

    def cancel_typing(self) -> bool:
        """Put back the cell being typed, if it is (ctrl+z while typing undoes the
        typing first, not a stored value); whether there was anything to put back."""
        r, c = self.cursor
        if self.fresh or still_means(self.texts[r][c], self.values[r][c], self.parse):
            return False
        self.action_revert()
        return True

    def action_revert(self) -> None:
        r, c = self.cursor
        self.done.pop((r, c), None)
        self.type_in(self.words(self.values[r][c]), fresh=True)

    def on_click(self, event: Click) -> None:
        at = event.get_content_offset(self)
        if at is None or at.x < self.label_width:
            return
        row, col, x = at.y - self.top, 0, at.x - self.label_width
        for col, width in enumerate(self.drawn_widths(row, self.widths())):
            if x < width:
                break
            x -= width
        else:
            return  # right of the last column
        if 0 <= row < len(self.rows) and self.commit():
            self.cursor = (row, col)

    def on_focus(self) -> None:
        # the cursor itself is drawn once has_focus is set (LineWidget.watch_has_focus)
        r, c = self.cursor
        if self.texts[r][c] == self.words(self.values[r][c]):
            self.fresh = True  # coming back to a stored cell: typing replaces it
            self.redraw()  # the focus may have been set before this event came (a screen's first focus)

    def on_blur(self) -> None:
        self.unstay()
        self.commit()  # leaving the table stores what was typed, as leaving a field does

    def on_resize(self) -> None:
        self.redraw()  # a widened column takes the room there is

    # -- drawing ---------------------------------------------------------------------------

    def get_content_width(self, container, viewport) -> int:
        return self.label_need + self.column_need * len(self.players) + self.AFTER

    def typed_words(self) -> str:
        """The cursor's cell as drawn while it has the focus: its text, and the typing
        cursor once something is typed."""
        r, c = self.cursor
        return f"{self.texts[r][c]}{'' if self.fresh else '▏'}"

    def widths(self) -> tuple[int, ...]:
        """Each column's width in cells. While its cell is typed in, the cursor's column
        widens to show all the text (issue 12: a typed sum is never cut), as far as the
        widget has room; past that the cell shows the end, where the typing is. Only
        typing widens it: moving the cursor never moves the columns."""
        widths = [self.column_width] * len(self.players)
        if self.has_focus and not self.fresh:
            need = cell_len(self.typed_words()) + 1  # and the space before the next column
            if need > self.column_width:
                room = self.size.width - self.label_width - self.AFTER - self.column_width * (len(widths) - 1)
                widths[self.cursor[1]] = max(self.column_width, min(need, room))
        return tuple(widths)

    def drawn_widths(self, row: int | None, widths: tuple[int, ...]) -> tuple[int, ...]:
        """The column widths line ``row`` is drawn with (None: the headings), given the
        table's ``widths``: the same on every line, so a widened column moves the ones
        after it in every row and the columns stay in line."""
        return widths

    def line_keys(self) -> list:
        r, c = self.cursor
        widths = self.widths()  # in each line's key: a wider column moves the ones after it
        label = self.label_width  # a new room may shorten the labels: every line anew
        keys: list = [(self.players, self.drawn_widths(None, widths), label)] if self.top else []
        for row, (texts, values) in enumerate(zip(self.texts, self.values)):
            here = (c, self.fresh) if row == r and self.has_focus else None
            errors = tuple(self.refused(row, col) for col in range(len(texts)))
            keys.append((tuple(texts), tuple(values), errors, here, self.drawn_widths(row, widths), label))
        error = self.message_is_error()
        self.message_shown = self.message_lines()  # what line_text draws under the rows, until the next redraw
        return [*keys, *((line, error) for line in self.message_shown)]  # headings, rows, message

    def line_text(self, y: int) -> list:
        style = self.component_style
        row = y - self.top
        if row < 0:
            return [(" " * self.label_width, None),
                    *((self.fit(name, width), style("count-grid--heading"))
                      for name, width in zip(self.players, self.drawn_widths(None, self.widths())))]
        if row < len(self.rows):
            # two cells before the first column, a label shortened too
            return [(fit(self.rows[row][1], self.label_width - 2) + "  ", None),
                    *(self.cell(row, c, width) for c, width in enumerate(self.drawn_widths(row, self.widths())))]
        lines = self.message_shown
        line = row - len(self.rows)
        if line >= len(lines) or not lines[line]:
            return []
        return [(lines[line], style("count-grid--error" if self.message_is_error() else "count-grid--note"))]

    def message_lines(self) -> list[str]:
        """The lines under the table: why the cursor's value was refused, the sum it
        makes, or the keys (while the table has the focus), under the cursor's cell by
        its player's whole name when a heading is shortened; wrapped, never cut."""
        r, c = self.cursor
        done = self.done.get((r, c))
        where = ", ".join(filter(None, (self.rows[r][1], self.players[c])))
        if self.key_refused:
            words = f"{where}: {self.KEPT}"
        elif done and done.message:
            words = f"{where}: {done.message}"
        elif self.has_focus and self.hint:
            words = self.STAYS if self.stayed else self.HINT
            if self.headings_cut():  # the cursor's cell by its player's whole name, over the keys
                width = self.size.width or cell_len(where)
                return [*wrapped(where, width), *wrapped(words, width)]
        else:
            return [""]
        return wrapped(words, self.size.width or cell_len(words))

    def message_is_error(self) -> bool:
        """Whether the message under the table says a value was refused."""
        done = self.done.get(self.cursor)
        return self.key_refused or bool(done and done.message and done.error)

    def refused(self, r: int, c: int) -> bool:
        """Whether the last value committed in this cell was refused."""
        done = self.done.get((r, c))
        return done is not None and done.error

    def cell(self, r: int, c: int, width: int) -> tuple[str, Style | None]:
        """A cell's words and style in ``width`` cells: as typed under the cursor, else
        with its sum (the sum's end kept: it says the value)."""
        typed = self.texts[r][c]
        if (r, c) == self.cursor and self.has_focus:
            return self.fit(tail(self.typed_words(), width - 1), width), self.component_style("count-grid--cursor")
        if self.refused(r, c):
            return self.fit(typed or "?", width), self.component_style("count-grid--error")
        if "+" in typed:
            return self.fit(tail(f"{typed}={self.values[r][c]}", width - 1), width), None
        if not typed:  # nothing recorded: a mark, so that the field shows where it is
            return self.fit(EMPTY, width), self.component_style("count-grid--empty")
        return self.fit(typed, width), None

    @staticmethod
    def fit(words: str, width: int) -> str:
        """Words cut or padded to a column of ``width`` cells, with a space before the next."""
        return fit(words, width - 1) + " "
