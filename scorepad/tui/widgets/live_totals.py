"""Every player's categories, total and rank, updated the moment a value is committed."""

from __future__ import annotations

from textual.coordinate import Coordinate
from textual.widgets import DataTable

from ...rules.scoring import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings


class LiveTotals(DataTable):
    """A read-only table of the standings (it never takes focus)."""

    can_focus = False

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="none", zebra_stripes=True, **kwargs)
        # fixed widths: the table never jumps as values change, and pictures of it are stable
        self.add_column("Player", width=20)
        for category in CATEGORIES:
            self.add_column(CATEGORY_LABELS[category], width=9)
        self.add_column("Total", width=6)
        self.add_column("Rank", width=5)

    def show(self, table: Standings) -> None:
        """Show the given standings; cells change in place, so only they are redrawn."""
        rows = []
        for score, rank in zip(table.scores, table.ranks):
            mark = "★ " if rank == 1 and not table.solo else ""
            rows.append([f"{mark}{score.name}", *(str(getattr(score, c)) for c in CATEGORIES),
                         str(score.total), "" if table.solo else str(rank)])
        if self.row_count != len(rows):
            self.clear()
            self.add_rows(rows)
            return
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if self.get_cell_at(Coordinate(r, c)) != value:
                    self.update_cell_at(Coordinate(r, c), value)
