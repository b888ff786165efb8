"""Rows of choices: the phase, the progress actions and the exports."""

from __future__ import annotations

from scorepad.tui.widgets.choice_bar import ChoiceBar

from .conftest import app_on
from .helpers import goto, tab_to


async def test_the_phase_bar_marks_the_phase_a_click_chooses_and_undo_follows(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#phase", ChoiceBar)
        assert bar.marked is None
        # "Execution" is the second option, after the label and " Planning " and a gap
        await pilot.click("#phase", offset=(len(bar.label) + len(" Planning ") + 1 + 2, 0))
        await pilot.pause()
        assert app.end().phase == "execution" and bar.marked == "execution"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.end().phase is None and bar.marked is None


async def test_the_action_bar_records_an_event_and_takes_it_back_with_keys(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await tab_to(pilot, "actions")
        await pilot.press("enter")
        await pilot.pause()
        assert [m.kind for m in app.session.sheet.timeline] == ["event"]
        await pilot.press("right", "space")
        await pilot.pause()
        assert app.session.sheet.timeline == ()


async def test_the_export_bar_writes_each_export_beside_the_sheet(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await goto(pilot, "results")
        await tab_to(pilot, "exports")
        await pilot.press("enter", "right", "enter", "right", "enter", "right", "enter")
        await pilot.pause()
    for ending in (".csv", ".md", ".bgstats.json", ".bgg.txt"):
        written = game_path.with_name(game_path.stem + ending)
        assert written.exists() and "Ana" in written.read_text(encoding="utf-8")
