"""Every name on screen (issue 12): tables line up by display cells with CJK and
combining names, a typed sum is never hidden in its cell, and a name typed or pasted
in two Unicode forms is one name ("Input" in docs/rules.md: distinct names)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from rich.cells import cell_len
from textual import events
from textual.widgets import Static

from scorepad.rules.standings import standings
from scorepad.rules.models import Sheet
from scorepad.storage.session import SheetSession
from scorepad.tui.app import ScorepadApp
from scorepad.tui.widgets.card_table import CardTable
from scorepad.tui.widgets.count_grid import CountGrid
from scorepad.tui.widgets.live_totals import NARROW, WIDTHS, LiveTotals, table_line, table_rows

from ..conftest import examples
from .conftest import app_on, running
from .helpers import count_cell, goto, on_disk

WIDE_NAMES = ("王小明", "Chloe\u0301", "Ana")


def game_of(*names: str):
    session = SheetSession.create(Sheet.model_validate(
        {"title": "Names", "players": [{"name": n, "renown": 10 * i} for i, n in enumerate(names)]}))
    session.close()
    return session.path


def after_cells(line: str, cells: int) -> str:
    """What follows the first ``cells`` cells of ``line``; fails if no character starts there."""
    for at in range(len(line) + 1):
        if cell_len(line[:at]) == cells:
            return line[at:]
    raise AssertionError(f"no character starts at cell {cells} of {line!r}")


def lines_of(widget) -> list[str]:
    return [widget.line_words(y) for y in range(len(widget.line_keys()))]


async def test_live_totals_line_up_with_cjk_and_combining_names(scorepad_home):
    app = app_on(game_of(*WIDE_NAMES))
    async with running(app) as pilot:
        await goto(pilot, "renown")
        heading, *rows = lines_of(app.screen.query_one(LiveTotals))
        assert len(rows) == 3 and any("王小明" in row for row in rows)
        assert {cell_len(line) for line in (heading, *rows)} == {cell_len(heading)}
        total_at = cell_len(heading[:heading.index("Total")])
        assert sorted(int(after_cells(row, total_at).split()[0]) for row in rows) == [0, 10, 20]


names = st.text(st.sampled_from("aZ é王小明ﾊ\u0301\u0308"), min_size=1, max_size=30).filter(str.strip)


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(names, min_size=1, max_size=4))
def test_every_totals_line_takes_the_same_cells_whatever_the_names(typed):
    try:
        sheet = Sheet.model_validate({"players": [{"name": n} for n in typed]})
    except ValidationError:
        return  # the same name twice: refused (tests/test_names.py)
    for widths in (WIDTHS, NARROW):
        lines = [table_line(row, widths) for row in table_rows(standings(sheet))]
        assert {cell_len(line) for line in lines} == {sum(widths) + 2 * (len(widths) - 1)}


async def test_count_table_headings_and_rows_line_up_with_wide_names(scorepad_home):
    app = app_on(game_of(*WIDE_NAMES))
    async with running(app) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        heading, *rows = lines_of(grid)[:1 + len(grid.rows)]
        assert "王小明" in heading and "Chloé" in heading  # whole, not cut
        assert {cell_len(line) for line in (heading, *rows)} == {cell_len(heading)}
        second = grid.label_width + grid.column_width  # where the second player's column starts
        assert after_cells(heading, second).startswith("Chloé")


async def test_card_table_rows_named_in_cjk_start_their_cards_at_one_column(scorepad_home):
    app = app_on(game_of(*WIDE_NAMES))
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        table = app.screen.query_one(CardTable)
        rows = [table.line_text(table.top + r) for r in range(len(table.rows))]
        assert {cell_len(parts[0][0]) for parts in rows} == {table.label_width}
        assert {cell_len(parts[0][0] + parts[1][0]) for parts in rows} == {table.label_width + table.column_width}


async def test_a_long_sum_being_typed_shows_whole_in_its_cell_then_its_value(scorepad_home):
    app = app_on(game_of(*WIDE_NAMES))
    async with running(app, (100, 40)) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        await pilot.press(*"12+13+14+15")
        heading, typing, *others = lines_of(grid)[:1 + len(grid.rows)]
        assert "12+13+14+15▏" in typing  # nothing typed hidden: the column widened
        assert {cell_len(line) for line in (heading, typing, *others)} == {cell_len(heading)}
        await pilot.press("enter")
        await pilot.pause()
        assert count_cell(app, "renown-0")[0] == "12+13+14+15"
        assert app.session.sheet.players[0].renown == 54
        assert "=54" in lines_of(grid)[1]  # at rest the sum keeps its end: the value


async def test_a_line_longer_than_the_room_shows_its_end_where_the_typing_is(scorepad_home):
    app = app_on(game_of(*WIDE_NAMES))
    async with running(app, (80, 40)) as pilot:
        await goto(pilot, "scholars")
        table = app.screen.query_one(CardTable)
        typed = ", ".join(f"{n} 李{n}" for n in range(1, 16))
        await pilot.press(*typed)
        line = lines_of(table)[table.top]
        assert line.count("…") == 1 and "14 李14, 15 李15▏" in line
        assert cell_len(line) <= table.size.width
        rows = [table.line_text(table.top + r) for r in range(len(table.rows))]
        starts = [cell_len(parts[0][0] + parts[1][0]) for parts in rows]  # where each summary starts
        # the other rows' summaries start at one column (widths in cells, CJK too); the
        # row being typed is wider, its summary after the typed text and still whole
        assert len(set(starts[1:])) == 1 and starts[0] > starts[1]
        assert cell_len("".join(words for words, _ in rows[0])) <= table.size.width


async def start_with_names(pilot, pasted: str) -> None:
    """On Setup, paste the players' names (tab between them) and start the game."""
    pilot.app.new_game()
    await pilot.pause()
    await pilot.press("tab")
    pilot.app.post_message(events.Paste(pasted))
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_setup_stores_a_decomposed_name_precomposed(scorepad_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        await start_with_names(pilot, "Chloe\u0301\tBen")
        assert [p.name for p in app.session.sheet.players] == ["Chloé", "Ben"]
        assert [p.name for p in on_disk(app).sheet.players] == ["Chloé", "Ben"]


async def test_setup_refuses_one_name_written_two_ways_and_says_so(scorepad_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        await start_with_names(pilot, "Chlo\u00e9\tChloe\u0301")
        problem = str(app.screen.query_one("#problem", Static).render())
        assert app.session is None
        assert '"Chloé" is already a player, written another way' in problem
