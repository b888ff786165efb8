"""Every player's categories, total and rank, updated the moment a value is committed."""

from __future__ import annotations

from ...rules.scoring import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings
from .line_widget import LineWidget

HEADINGS = ("Player", *(CATEGORY_LABELS[c] for c in CATEGORIES), "Total", "Rank")
WIDTHS = (20, *(9 for _ in CATEGORIES), 6, 5)
GAP = "  "


def table_line(cells: tuple[str, ...]) -> str:
    """One line of the table: every cell cut or padded to its column's width (the table
    never jumps as the numbers change)."""
    return GAP.join(cell[:width].ljust(width) for cell, width in zip(cells, WIDTHS))


def table_rows(table: Standings) -> list[tuple[str, ...]]:
    """The cells of each player's line, in rank order, the leaders starred."""
    rows = []
    for score, rank in zip(table.scores, table.ranks):
        mark = "★ " if rank == 1 and not table.solo else ""
        rows.append((f"{mark}{score.name}", *(str(getattr(score, c)) for c in CATEGORIES),
                     str(score.total), "" if table.solo else str(rank)))
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
        return [HEADINGS, *self.rows]

    def line_text(self, y: int) -> tuple:
        if y == 0:
            return table_line(HEADINGS), self.component_style("live-totals--heading")
        # every other line striped, in the theme's colours (readable in light themes too)
        return table_line(self.rows[y - 1]), self.component_style("live-totals--stripe") if y % 2 == 0 else None

    def get_content_width(self, container, viewport) -> int:
        return sum(WIDTHS) + len(GAP) * (len(WIDTHS) - 1)
