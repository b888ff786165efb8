"""A bar per player, split into the five scoring categories, as wide as the widget."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ...columns import cell_len, fit
from ...rules.scoring import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings

NAME_WIDTH = 20  # at most: a long name must not squeeze the bars to nothing
MIN_BAR = 10


def segments(values: list[int], top: int, cells: int) -> list[int]:
    """The cells of each part of a bar, ``cells`` standing for ``top``.

    The edges between the parts are rounded, not the parts: rounding each part on its
    own drew 90 and 88 one cell apart, and two equal totals of different parts apart.
    Now a bar's length depends on its total alone.
    """
    parts, edge, running = [], 0, 0
    for value in values:
        running += value
        end = round(running * cells / top)
        parts.append(max(0, end - edge))
        edge = max(edge, end)
    return parts


def bar_text(table: Standings, width: int, styles: dict[str, Style]) -> Text:
    """The legend, then one bar per player scaled so the highest total fills ``width``."""
    text = Text(no_wrap=True, overflow="crop")
    for category in CATEGORIES:
        text.append("■ ", style=styles[category])
        text.append(f"{CATEGORY_LABELS[category]}  ")
    names = min(NAME_WIDTH, max((cell_len(s.name) for s in table.scores), default=4))
    top = max((s.total for s in table.scores), default=0) or 1
    cells = max(MIN_BAR, width - names - len(str(top)) - 2)  # a space each side of the bar
    for score in table.scores:
        text.append(f"\n{fit(score.name, names)} ")
        values = [getattr(score, category) for category in CATEGORIES]
        for category, part in zip(CATEGORIES, segments(values, top, cells)):
            text.append("█" * part, style=styles[category])
        text.append(f" {score.total}")
    return text


class CategoryBars(Widget):
    """The chart; drawn again at each new width, so it always fills the line."""

    COMPONENT_CLASSES = {f"category-bars--{category}" for category in CATEGORIES}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.table: Standings | None = None

    def show(self, table: Standings) -> None:
        """Draw the chart for these standings."""
        self.table = table
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.table is None:
            return Text()
        styles = {c: self.get_component_rich_style(f"category-bars--{c}") for c in CATEGORIES}
        return bar_text(self.table, self.size.width, styles)

    def get_content_height(self, container, viewport, width) -> int:
        return 1 + len(self.table.scores) if self.table is not None else 0
