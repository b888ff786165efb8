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


async def test_S7_school_typed_in_one_burst_stores_every_scribe_of_every_player(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await goto(pilot, "school")
        await burst(pilot, *"3 2 4y", "enter", *"5,5", "enter", "enter", "up", "ctrl+n", "1", "enter")
        scribes = [[(s.knowledge, s.young) for s in p.scribes] for p in saved(app).players]
        assert scribes == [[(3, False), (2, False), (4, True)], [(5, False), (5, False)], [(1, False)]]


async def test_S8_scholars_typed_in_one_burst_with_names(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await goto(pilot, "scholars")
        await burst(pilot, *"4 Hypatia 3", "enter", *"6, 2 Euclid", "enter", "7", "tab")
        cards = [[(c.renown, c.name) for c in p.scholars] for p in saved(app).players]
        assert cards == [[(4, "Hypatia"), (3, "")], [(6, ""), (2, "Euclid")], [(7, "")]]


async def test_S1_pinax_quick_counts_in_one_burst_and_ctrl_n_then_a_digit_is_kept(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await goto(pilot, "pinax")
        # ctrl+n then a digit at once: the digit goes to the new tile, not lost
        await burst(pilot, "ctrl+n", "3", "enter", "ctrl+n", "4", "ctrl+n", "1", "enter", "f3", "ctrl+n", "2", "enter")
        seals = [[t.seals for t in p.pinax] for p in saved(app).players]
        assert seals == [[3], [4, 1, 2], []]


async def test_undo_of_a_scholar_name_shows_in_the_table_and_is_not_written_back(game_path):
    from .helpers import count_cell

    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await goto(pilot, "scholars")
        await burst(pilot, *"4", "enter", "up", "ctrl+n", *"Hypatia", "enter")
        assert saved(app).players[0].scholars[0].name == "Hypatia"
        await burst(pilot, "ctrl+z", "up", "tab")  # undo, then leave the row: nothing written back
        assert count_cell(app, "0-0")[0] == "4"
        assert saved(app).players[0].scholars[0].name == ""
