"""An 80x24 terminal (Textual's default and many laptops'): every number on screen whole."""

from __future__ import annotations

from scorepad.tui.widgets.live_totals import LiveTotals

from .conftest import app_on, running
from .helpers import goto, type_line


async def test_live_totals_show_every_total_and_rank_whole_at_80x24_and_follow_a_resize(game_path):
    """A tmux run saw totals 104 / 94 / 27 as "1 / 9 / 2": the Total column cut to its first digit."""
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "104")
        await pilot.pause()
        totals = app.screen.query_one(LiveTotals)
        lines = [totals.line_words(y) for y in range(len(totals.rows) + 1)]
        assert all(len(line.rstrip()) <= totals.size.width for line in lines)
        assert lines[0].split()[-2:] == ["Total", "Rank"]
        assert lines[1].split()[-2:] == ["104", "1"]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        wide = totals.line_words(1)
        assert wide.split()[-2:] == ["104", "1"] and len(wide) > len(lines[1])


async def test_a_screen_composed_ahead_at_120x40_shows_whole_at_80x24_after_a_resize(game_path):
    """The next screen is composed off screen (issue 12): the terminal may shrink before
    it shows; it is laid out for the terminal it shows in."""
    app = app_on(game_path)
    async with running(app, (120, 40)) as pilot:
        await goto(pilot, "supplies")
        renown = app.kept["renown"]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("pagedown")
        assert app.screen is renown and renown.size == (80, 24)
        totals = renown.query_one(LiveTotals)
        lines = [totals.line_words(y) for y in range(len(totals.rows) + 1)]
        assert totals.region.right <= 80 and all(len(line.rstrip()) <= totals.size.width for line in lines)
        assert lines[0].split()[-2:] == ["Total", "Rank"]
