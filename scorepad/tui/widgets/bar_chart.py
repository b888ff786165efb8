"""A bar per player, split into the five scoring categories."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...rules.scoring import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings

COLOURS = {"pinax": "magenta", "school": "cyan", "scholars": "yellow", "supplies": "green",
           "renown": "blue"}
BAR_WIDTH = 60


def bar_text(table: Standings) -> Text:
    """The legend, then one bar per player scaled to the highest total."""
    text = Text()
    for category in CATEGORIES:
        text.append("■ ", style=COLOURS[category])
        text.append(f"{CATEGORY_LABELS[category]}  ")
    text.append("\n")
    width = max((len(s.name) for s in table.scores), default=4)
    top = max((s.total for s in table.scores), default=0) or 1
    for score in table.scores:
        text.append(f"{score.name:<{width}} ")
        for category in CATEGORIES:
            cells = round(getattr(score, category) * BAR_WIDTH / top)
            text.append("█" * cells, style=COLOURS[category])
        text.append(f" {score.total}\n")
    return text


class CategoryBars(Static):
    """The chart as a static widget."""

    def show(self, table: Standings) -> None:
        """Draw the chart for these standings."""
        self.update(bar_text(table))
