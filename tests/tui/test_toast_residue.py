"""Toasts leave nothing behind on the terminal. Once more toasts were up than the screen
holds (seven at 80 x 24), Textual sent the terminal nothing when they went: their words
stayed drawn over the live totals' right columns, 33 s later, until the screen changed.
Pilot's own picture of the screen (``screen_lines``, drawn afresh) never showed it: the
test reads what the app sent the terminal (``TerminalCopy``)."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from scorepad.tui.widgets.live_totals import LiveTotals

from .conftest import app_on, running
from .helpers import burst, goto, until
from .on_screen import screen_lines, terminal_copy

PINAX = (*"2 3", "enter", "4", "enter", *"1 1", "enter")
SCHOOL = (*"4 4", "enter", *"3y 3", "enter", "2", "enter")
SCHOLARS = (*"3 Hypatia", "enter", *"2 Euclid, 2", "enter", "1", "enter")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_toasts_gone_leave_no_word_and_the_totals_drawn_whole(game_path, size):
    app = app_on(game_path)
    async with running(app, size, notifications=True) as pilot:
        await goto(pilot, "pinax")
        await burst(pilot, *PINAX, "pagedown", *SCHOOL, "pagedown", *SCHOLARS)
        terminal = await terminal_copy(pilot)
        shown = terminal.lines()
        # more than the screen holds (a toast and its gap: four lines), one a frame, as a
        # run of refusals or undos made them, all up before the first goes; nothing else
        # is drawn until they are gone (anything drawn meanwhile hid the fault)
        for number in range(size[1] // 4 + 3):
            app.notify(f"Refused: value {number} Quokka", severity="error", timeout=2)
            await pilot.pause()
        await until(pilot, lambda: not app.screen.query(Toast))
        await pilot.pause()

        now = terminal.lines()
        assert not [line for line in now if "Quokka" in line or "Refused" in line]
        assert now == [line.rstrip() for line in screen_lines(app)]
        assert now == shown  # nothing changed under the toasts
        totals = app.screen.query_one(LiveTotals).region
        rows = now[totals.y:totals.bottom]
        assert "Total" in rows[1] and "Rank" in rows[1]
        assert [row.split()[-2:] for row in rows[2:]] == [["23", "1"], ["22", "2"], ["8", "3"]]
