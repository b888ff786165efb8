"""Results' chart (issue 12): equal totals draw equal bars, and the bars take the width
the terminal gives them."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from rich.style import Style

from scorepad.rules.scoring import CATEGORIES
from scorepad.tui.widgets.bar_chart import CategoryBars, bar_text

from .conftest import app_on, running
from .helpers import goto
from .on_screen import demo_path  # noqa: F401  (a fixture)

PLAIN = {category: Style() for category in CATEGORIES}


def score(name: str, *parts: int):
    return SimpleNamespace(name=name, total=sum(parts), **dict(zip(CATEGORIES, parts)))


def bars(text: str) -> dict[str, int]:
    """Each player's bar length, from the chart's lines."""
    return {line.split()[0]: line.count("█") for line in text.splitlines()[1:]}


@pytest.mark.parametrize("width", range(20, 160, 7))
def test_equal_totals_draw_equal_bars_and_the_highest_fills_the_width(width):
    """Rounded part by part, 12+4+7+6+61 and 10+3+11+6+60 (both 90) drew 61 and 60 cells."""
    table = SimpleNamespace(scores=[score("Chloé", 12, 4, 7, 6, 61), score("Ben", 10, 3, 11, 6, 60),
                                    score("Ana", 16, 4, 9, 4, 54), score("Dee", 30, 0, 0, 0, 15)])
    text = bar_text(table, width, PLAIN).plain
    drawn, lines = bars(text), text.splitlines()
    cells = drawn["Chloé"]  # the highest total: the whole bar
    assert drawn == {"Chloé": cells, "Ben": cells, "Ana": round(87 * cells / 90), "Dee": round(45 * cells / 90)}
    if width >= 30:  # narrower, a bar keeps 10 cells and the line is cropped when drawn
        assert cell_len(lines[1]) == width and all(cell_len(line) <= width for line in lines[1:])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_results_chart_uses_the_width_of_the_terminal(size, demo_path):  # noqa: F811
    app = app_on(demo_path)
    async with running(app, size) as pilot:
        await goto(pilot, "results")
        chart = app.screen.query_one(CategoryBars)
        lines = chart.render().plain.splitlines()
        top = max(lines[1:], key=lambda line: line.count("█"))
        assert cell_len(top) == chart.size.width == chart.parent.scrollable_content_region.width
        assert chart.region.height == 1 + len(app.session.sheet.players)
