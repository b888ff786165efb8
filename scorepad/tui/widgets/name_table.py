"""Tables of figures per player (Statistics, History) in the room there is: a DataTable
takes each column as wide as its widest cell, so a name of thirty characters (sixty
cells in CJK) pushed the last columns out of sight, or cut Streak to one letter a line.
The names are shortened instead (an ellipsis says so); the figures are never cut."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.widget import Widget
from textual.widgets import DataTable

from ...columns import cell_len, shortened

PADDING = 2  # a DataTable cell's padding: one cell each side
LEAST = 10  # a name's column at its narrowest: its first letters and an ellipsis


def room_of(container: Widget) -> int:
    """The cells a table has across inside ``container``, its vertical scrollbar's kept
    for it even while it is not shown (the figures may make the page taller)."""
    return container.content_region.width - container.styles.scrollbar_size_vertical


def span(cells: Sequence[object]) -> int:
    """The cells a DataTable gives a column of these cells (its heading among them)."""
    return max(cell_len(str(cell)) for cell in cells) + PADDING


def name_width(names: Sequence[str], room: int, least: int = LEAST) -> int:
    """The cells names may take in ``room``: the longest name's, or ``room`` when that
    is less (``least`` at the least: past that, the table scrolls)."""
    return max(least, min(max(map(cell_len, names), default=0), room))


def shown_name(name: str, width: int) -> Text:
    """A name in a table cell, shortened to ``width`` cells when longer; a Text, not a
    str, as a DataTable reads a str as markup (a name is shown as typed)."""
    return Text(shortened(name, width))


def fill(table: DataTable, headings: Sequence[str], rows: Sequence[tuple], room: int) -> None:
    """Columns ``headings`` and ``rows`` (a player's name, then figures) in ``table``,
    the names shortened so that the table takes at most ``room`` cells."""
    table.clear(columns=True)
    table.add_columns(*headings)
    others = sum(span([heading, *(row[n] for row in rows)]) for n, heading in enumerate(headings) if n)
    width = name_width([row[0] for row in rows], room - others - PADDING)
    for name, *figures in rows:
        table.add_row(shown_name(name, width), *figures)
