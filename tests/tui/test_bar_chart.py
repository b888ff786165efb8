"""Results' chart (issues 12 and 16): equal totals draw equal bars, the bars take the
width the terminal gives them, each part says its value where it has room, and each bar
its gap to the winner."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from rich.style import Style

from scorepad.rules.categories import CATEGORIES
from scorepad.tui.widgets.bar_chart import Bar, CategoryBars, bar_text, standings_bars

from .conftest import app_on, running
from .helpers import goto
from .on_screen import demo_path  # noqa: F401  (a fixture)

STYLES = {category: Style(bgcolor=f"color({n + 1})") for n, category in enumerate(CATEGORIES)}


def score(name: str, *parts: int):
    return SimpleNamespace(name=name, total=sum(parts), **dict(zip(CATEGORIES, parts)))


def chart(scores, width: int):
    return bar_text(standings_bars(SimpleNamespace(scores=scores)), width, STYLES)


def bars(text) -> dict[str, int]:
    """Each player's bar length: the cells drawn in a category's style, line by line."""
    return {line.plain.split()[0]: sum(span.end - span.start for span in line.spans if span.style in STYLES.values())
            for line in text.split("\n")[1:]}


@pytest.mark.parametrize("width", range(20, 160, 7))
def test_equal_totals_draw_equal_bars_and_the_lines_fill_the_width(width):
    """Rounded part by part, 12+4+7+6+61 and 10+3+11+6+60 (both 90) drew 61 and 60 cells."""
    text = chart([score("Chloé", 12, 4, 7, 6, 61), score("Ben", 10, 3, 11, 6, 60),
                  score("Ana", 16, 4, 9, 4, 54), score("Dee", 30, 0, 0, 0, 15)], width)
    drawn, lines = bars(text), text.plain.splitlines()
    cells = drawn["Chloé"]  # the highest total: the whole bar
    assert drawn == {"Chloé": cells, "Ben": cells, "Ana": round(87 * cells / 90), "Dee": round(45 * cells / 90)}
    if width >= 36:  # narrower, a bar keeps 10 cells and the line is cropped when drawn
        assert [cell_len(line) for line in lines[1:]] == [width] * 4  # totals and gaps in columns at the right


def test_a_new_game_with_every_total_at_zero_shows_no_one_behind():
    """T5: two players on 0 share the first place; their bars said "0 −1" (the scale's
    stand-in for a highest total of 0 was taken for the winner's total)."""
    lines = chart([score("Zoë", 0, 0, 0, 0, 0), score("Max", 0, 0, 0, 0, 0)], 80).plain.splitlines()
    assert [line.split()[-1] for line in lines[1:]] == ["0", "0"]
    assert "−" not in "".join(lines)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_results_chart_uses_the_width_of_the_terminal(size, demo_path):  # noqa: F811
    app = app_on(demo_path)
    async with running(app, size) as pilot:
        await goto(pilot, "results")
        chart = app.screen.query_one(CategoryBars)
        lines = chart.render().plain.splitlines()
        assert {cell_len(line) for line in lines[1:]} == {chart.size.width}
        assert chart.size.width == chart.parent.scrollable_content_region.width
        assert chart.region.height == 1 + len(app.session.sheet.players)


def test_each_part_says_its_value_where_it_fits_and_each_bar_its_gap_to_the_winner():
    text = chart([score("Ana", 25, 4, 9, 4, 54), score("Ben", 16, 4, 9, 6, 61), score("Cy", 12, 1, 7, 5, 66)], 80)
    ana, ben, cy = text.plain.splitlines()[1:]
    assert ana.split() == ["Ana", "25", "4", "9", "4", "54", "96"]  # the winner: no gap
    assert ben.split() == ["Ben", "16", "4", "9", "6", "61", "96"]  # a shared first place: no gap either
    assert cy.split()[-2:] == ["91", "−5"] and cy.split()[1] == "12"
    assert ana.index("96") == cy.index("91")  # the totals in one column
    narrow = chart([score("Ana", 25, 1, 9, 4, 54)], 30).plain.splitlines()[1]
    assert "1" not in narrow.split()[1:-1]  # School's 1 has no cell to spare at this width: not written


def test_a_part_too_narrow_for_its_value_keeps_its_cells():
    """Two parts' values must never run together (10 and 4 read as 104)."""
    text = bar_text([Bar("Ana", (10, 4, 0, 0, 0), ("10", "4", "0", "0", "0"), 14, "14")], 3 + 1 + 10 + 3, STYLES)
    assert bars(text) == {"Ana": 10} and "104" not in text.plain


def test_a_long_name_is_whole_where_a_quarter_of_the_line_holds_it_and_cut_at_80_columns():
    """At 120 columns a 24-character name was cut at 20 cells with the bars wide enough."""
    long = "Bartholomew Featherstone"  # 24 characters
    wide = chart([score(long, 12, 4, 7, 6, 61), score("Ben", 10, 3, 11, 6, 60)], 116)
    narrow = chart([score(long, 12, 4, 7, 6, 61), score("Ben", 10, 3, 11, 6, 60)], 76)
    assert wide.plain.split("\n")[1].startswith(f"{long} ")
    assert narrow.plain.split("\n")[1].startswith("Bartholomew Feather… ")
    assert all(cell_len(line.plain) <= width for text, width in ((wide, 116), (narrow, 76)) for line in text.split("\n"))
