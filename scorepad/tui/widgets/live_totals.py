"""Every player's categories, total and rank, updated the moment a value is committed."""

from __future__ import annotations

from ...columns import fit
from ...rules.categories import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings
from .line_widget import LineWidget

HEADINGS = ("Player", *(CATEGORY_LABELS[c] for c in CATEGORIES), "Total", "Rank")
WIDTHS = (20, *(9 for _ in CATEGORIES), 6, 5)
# an 80-column terminal: every column still whole (a Total cut to "1" read as a score)
NARROW = (13, *(8 for _ in CATEGORIES), 5, 4)
GAP = "  "


def table_width(widths: tuple[int, ...]) -> int:
    """Columns this table takes with these column widths."""
    return sum(widths) + len(GAP) * (len(widths) - 1)


def widths_for(columns: int) -> tuple[int, ...]:
    """The column widths that fit ``columns``: the wide ones when they fit."""
    return WIDTHS if columns >= table_width(WIDTHS) else NARROW


def table_line(cells: tuple[str, ...], widths: tuple[int, ...] = WIDTHS) -> str:
    """One line of the table: every cell cut or padded to its column's width in terminal
    cells (the table never jumps as the numbers change, nor for a name like 王小明)."""
    return GAP.join(fit(cell, width) for cell, width in zip(cells, widths))


def table_rows(table: Standings) -> list[tuple[str, ...]]:
    """The cells of each player's line, in rank order, the leaders starred. A Pinax
    figure still searched (S5) is the best found so far: at least that, "≥"."""
    rows = []
    for score, rank in zip(table.scores, table.ranks):
        mark = "★ " if rank == 1 and not table.solo else ""
        least = "" if score.pinax_proven else "≥"
        rows.append((f"{mark}{score.name}", *(least * (c == "pinax") + str(getattr(score, c)) for c in CATEGORIES),
                     least + str(score.total), "" if table.solo else str(rank)))
    return rows


class LiveTotals(LineWidget):
    """A read-only table of the standings; a new value redraws only the lines it moved."""

    COMPONENT_CLASSES = {"live-totals--heading", "live-totals--stripe"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[tuple[str, ...]] = []

    def show(self, table: Standings) -> None:
        """Show these standings."""
        self.rows = table_rows(table)
        self.redraw()

    def line_keys(self) -> list:
        widths = widths_for(self.size.width)  # in the keys: a new width draws every line anew
        return [(HEADINGS, widths), *((row, widths) for row in self.rows)]

    def line_text(self, y: int) -> tuple:
        widths = widths_for(self.size.width)
        if y == 0:
            return table_line(HEADINGS, widths), self.component_style("live-totals--heading")
        # every other line striped, in the theme's colours (readable in light themes too)
        line = table_line(self.rows[y - 1], widths)
        return line, self.component_style("live-totals--stripe") if y % 2 == 0 else None

    def on_resize(self) -> None:
        self.redraw()

    def get_content_width(self, container, viewport) -> int:
        return table_width(WIDTHS)
