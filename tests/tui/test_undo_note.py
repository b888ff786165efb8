"""What an undo or redo did is said on the game screen's heading line, one note at a time
(each replaces the last), and the heading comes back after it: as toasts, three undos
in a row stacked over the right half of an 80 x 24 table and its live totals for 2.5 s,
where the user looks to see what was undone."""

from __future__ import annotations

from scorepad.tui.widgets.count_grid import CountGrid
from scorepad.tui.widgets.live_totals import LiveTotals
from scorepad.tui.widgets.screen_heading import ScreenHeading

from .conftest import app_on, running
from .helpers import burst, goto, toasts, until
from .on_screen import four_path, hidden_cells, screen_lines  # noqa: F401

SMALL = (80, 24)


def heading_line(app) -> str:
    """The heading line as the terminal draws it."""
    return screen_lines(app)[app.screen.query_one(ScreenHeading).region.y].strip()


async def test_three_undos_in_a_burst_cover_no_value_and_the_heading_says_the_last(four_path):
    app = app_on(four_path)
    async with running(app, SMALL, notifications=True) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, *"7", "enter", *"8", "enter", *"9", "enter")
        await burst(pilot, "ctrl+z", "ctrl+z", "ctrl+z")
        assert [p.renown for p in app.session.sheet.players] == [0, 0, 0, 0]
        assert await toasts(pilot) == ""
        for widget in (app.screen.query_one(CountGrid), app.screen.query_one(LiveTotals)):
            assert hidden_cells(app, widget, widget.region) == []
        assert heading_line(app).startswith("Undone: Alexandrina")  # the last undo: the first value typed
        await burst(pilot, "ctrl+y")
        assert heading_line(app).startswith("Redone: Alexandrina")
        await until(pilot, lambda: heading_line(app) == "Renown in play and tie-breaks")


async def test_nothing_to_undo_is_said_there_too_and_a_screen_change_shows_its_own_heading(four_path):
    app = app_on(four_path)
    async with running(app, SMALL, notifications=True) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, "ctrl+z")
        assert heading_line(app) == "Nothing to undo."
        assert app.screen.query_one(ScreenHeading).has_class("-warning")
        assert await toasts(pilot) == ""
        await burst(pilot, "pagedown")
        assert heading_line(app).startswith("Results")


async def test_the_results_heading_changed_under_a_note_is_the_one_shown_after_it(four_path):
    app = app_on(four_path)
    async with running(app, SMALL) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, *"7", "enter")
        await goto(pilot, "results")
        assert "Leading so far: Alexandrina" in heading_line(app)  # not finished: no winner yet
        await burst(pilot, "ctrl+z")  # the leader changes while the note shows
        assert heading_line(app).startswith("Undone: Alexandrina")
        await until(pilot, lambda: heading_line(app).startswith("Results"))
        assert "Sharing the lead" in heading_line(app)


async def test_an_undo_that_recomposes_the_screen_still_says_what_it_undid(grid_game_path, answer_at_once):
    """The note went on the heading that the recompose then replaced: an undo that
    brought the Library grid back said nothing at all (review)."""
    from .test_library_grid import on_grid

    app = app_on(grid_game_path)
    async with running(app, SMALL) as pilot:
        await on_grid(pilot)
        await burst(pilot, "ctrl+end", "end", "tab", "enter", "y")  # Remove the grid, asked first
        assert app.session.sheet.library is None
        await burst(pilot, "ctrl+z")
        assert app.session.sheet.library is not None
        assert heading_line(app).startswith("Undone:")
