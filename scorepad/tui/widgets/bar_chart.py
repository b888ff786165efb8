"""A bar per player, split into the five scoring categories, as wide as the widget: each
part says its value when it has the room, and each bar ends with its total and how far
it is behind the first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ...columns import cell_len, fit
from ...rules.categories import CATEGORIES, CATEGORY_LABELS
from ...rules.standings import Standings
from .muted import clearest_on

NAME_WIDTH = 20  # at most, or a quarter of the line when wider: a long name must not squeeze the bars
# to nothing, yet at 120 columns a 24-character name was cut with room to spare
MIN_BAR = 10
MINUS = "−"


@dataclass(frozen=True)
class Bar:
    """One player's bar: a value per category (``CATEGORIES`` order), the labels to
    write on the parts, and the total with its label."""

    name: str
    values: tuple[float, ...]
    labels: tuple[str, ...]
    total: float
    total_label: str


def standings_bars(table: Standings) -> list[Bar]:
    """The bars of a game's results, in ranking order."""
    bars = []
    for score in table.scores:
        values = tuple(getattr(score, c) for c in CATEGORIES)
        bars.append(Bar(score.name, values, tuple(map(str, values)), score.total, str(score.total)))
    return bars


def segments(values: Sequence[float], top: float, cells: int) -> list[int]:
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


def gap_words(bar: Bar, top: float, label) -> str:
    """``−5``: how far behind the first this bar ends ("" for the first)."""
    return f"{MINUS}{label(top - bar.total)}" if bar.total < top else ""


def bar_text(bars: Sequence[Bar], width: int, styles: dict[str, Style], gaps: bool = True, label=str) -> Text:
    """The legend, then one bar per player scaled so the highest total fills the line:
    a part's value written on it where it fits with a cell to spare (two parts' values
    must not run together), then in columns at the right the total and (``gaps``) how
    far behind the highest it is, written by ``label``."""
    text = Text(no_wrap=True, overflow="crop")
    for category in CATEGORIES:
        text.append(f" {CATEGORY_LABELS[category]} ", style=styles[category])
        text.append(" ")
    names = min(max(NAME_WIDTH, width // 4), max((cell_len(b.name) for b in bars), default=4))
    highest = max((b.total for b in bars), default=0)
    top = highest or 1  # the scale: a new game's bars (all 0) are drawn empty
    behind = [gap_words(b, highest, label) if gaps else "" for b in bars]
    totals_width = max((cell_len(b.total_label) for b in bars), default=0)
    gaps_width = max(map(cell_len, behind), default=0)
    ends = [f" {fit(b.total_label, totals_width, right=True)}" + (f" {fit(words, gaps_width, right=True)}"
            if gaps_width else "") for b, words in zip(bars, behind)]
    cells = max(MIN_BAR, width - names - 1 - cell_len(ends[0]) if ends else MIN_BAR)
    for bar, end in zip(bars, ends):
        text.append(f"\n{fit(bar.name, names)} ")
        parts = segments(bar.values, top, cells)
        for category, part, words in zip(CATEGORIES, parts, bar.labels):
            text.append(words.center(part) if len(words) < part else " " * part, style=styles[category])
        text.append(" " * (cells - sum(parts)) + end)
    return text


class CategoryBars(Widget):
    """The chart; drawn again at each new width, so it always fills the line."""

    COMPONENT_CLASSES = {f"category-bars--{category}" for category in CATEGORIES}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bars: list[Bar] = []
        self.gaps, self.label = True, str

    def show(self, table: Standings) -> None:
        """Draw the chart for these standings."""
        self.show_bars(standings_bars(table))

    def show_bars(self, bars: list[Bar], gaps: bool = True, label=str) -> None:
        """Draw these bars (``label`` writes a gap)."""
        self.bars, self.gaps, self.label = bars, gaps, label
        self.refresh(layout=True)

    def render(self) -> Text:
        if not self.bars:
            return Text()
        styles = {c: clearest_on(self.get_component_rich_style(f"category-bars--{c}")) for c in CATEGORIES}
        return bar_text(self.bars, self.size.width, styles, self.gaps, self.label)

    def get_content_height(self, container, viewport, width) -> int:
        return 1 + len(self.bars) if self.bars else 0
