"""Keys in bursts: every key is handled against the field it was typed for, in order,
however fast keys arrive (a paste, a fast typist, a busy laptop, tmux sending a line).

Each test sends its whole sequence at once (``burst``: no key waits for the one before),
then checks the saved file, not only the screen."""

from __future__ import annotations

from scorepad.storage.files import read_sheet

from .conftest import app_on
from .helpers import burst, goto


def saved(app):
    """The sheet as it is on disk, once pending saves are written."""
    app.save_now()
    return read_sheet(app.session.path).sheet


async def test_S9_supplies_typed_in_one_burst_land_player_by_player(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await goto(pilot, "supplies")
        await burst(pilot, "5", "enter", "6", "enter", "7", "enter", "1", "2", "tab", "3", "+", "4", "enter")
        sheet = saved(app)
        assert [p.supplies.kings_grace for p in sheet.players] == [5, 6, 7]
        assert [p.supplies.research for p in sheet.players] == [12, 7, 0]
