"""Every player's categories, total and rank, updated the moment a value is committed."""

from __future__ import annotations

from textual.coordinate import Coordinate
from textual.widgets import DataTable

from ...rules.scoring import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings


class LiveTotals(DataTable):
    """A read-only table of the standings (it never takes focus)."""

    can_focus = False

    def on_mount(self) -> None:
        self.cursor_type = "none"
        self.zebra_stripes = True
        self.add_columns("Player", *(CATEGORY_LABELS[c] for c in CATEGORIES), "Total", "Rank")

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
