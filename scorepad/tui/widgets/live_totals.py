"""Every player's categories, total and rank, updated the moment a value is committed."""

from __future__ import annotations

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
        """Replace the rows with the given standings."""
        self.clear()
        for score, rank in zip(table.scores, table.ranks):
            values = [getattr(score, c) for c in CATEGORIES]
            mark = "★ " if rank == 1 and not table.solo else ""
            self.add_row(f"{mark}{score.name}", *map(str, values), str(score.total),
                         "" if table.solo else str(rank))
