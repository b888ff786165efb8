"""Every player's categories, total and rank, updated the moment a value is committed."""

from __future__ import annotations

from rich.table import Table
from textual.widgets import Static

from ...rules.scoring import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings

WIDTHS = {"Player": 20, "Total": 6, "Rank": 5}


def totals_table(table: Standings) -> Table:
    """The standings as a Rich table with fixed column widths (it never jumps)."""
    grid = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold", row_styles=["", "on #202020"])
    for heading in ("Player", *(CATEGORY_LABELS[c] for c in CATEGORIES), "Total", "Rank"):
        grid.add_column(heading, width=WIDTHS.get(heading, 9), no_wrap=True)
    for score, rank in zip(table.scores, table.ranks):
        mark = "★ " if rank == 1 and not table.solo else ""
        grid.add_row(f"{mark}{score.name}", *(str(getattr(score, c)) for c in CATEGORIES),
                     str(score.total), "" if table.solo else str(rank))
    return grid


class LiveTotals(Static):
    """A read-only table of the standings."""

    def show(self, table: Standings) -> None:
        """Show these standings (redrawn only when something changed)."""
        key = tuple((s.name, s.pinax, s.school, s.scholars, s.supplies, s.renown, r)
                    for s, r in zip(table.scores, table.ranks))
        if key != getattr(self, "_shown", None):
            self._shown = key
            self.update(totals_table(table))
