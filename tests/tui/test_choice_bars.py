"""Rows of choices: the phase, the progress actions and the exports."""

from __future__ import annotations

from scorepad.rules.entries import EnterPhase
from scorepad.tui.widgets.choice_bar import ChoiceBar

from .conftest import app_on, running
from .helpers import burst, focused_id, goto, tab_to


async def test_the_phase_bar_marks_the_phase_a_click_chooses_and_undo_follows(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        bar = app.screen.query_one("#phase", ChoiceBar)
        assert bar.marked is None
        # "Execution" is the second option, after the label and " Planning " and a gap
        await pilot.click("#phase", offset=(len(bar.label) + len(" Planning ") + 1 + 2, 0))
        await pilot.pause()
        assert app.live.end().phase == "execution" and bar.marked == "execution"
        assert app.focused is bar  # a click leaves the focus where the pointer is
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.live.end().phase is None and bar.marked is None


async def test_a_form_bar_moves_on_after_enter_and_its_cursor_follows_the_mark(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        bar = app.screen.query_one("#phase", ChoiceBar)
        assert bar.moves_on and bar.highlighted == 0
        await tab_to(pilot, "phase")
        await pilot.press("right", "right", "enter")
        await pilot.pause()
        assert bar.marked == "end_of_generation" and focused_id(app) == "round-0"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert bar.marked is None and bar.highlighted == 2  # no mark to go to: the cursor stays
        assert focused_id(app) == "phase"  # the undo's field
        await pilot.press("tab")
        app.live.send(EnterPhase(phase="execution", generation=1))  # the bar is not focused
        await pilot.pause()
        assert bar.marked == "execution" and bar.highlighted == 1


async def test_the_action_bar_records_an_event_and_takes_it_back_with_keys(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await tab_to(pilot, "actions")
        await pilot.press("enter")
        await pilot.pause()
        assert [m.kind for m in app.session.sheet.timeline] == ["event"]
        assert focused_id(app) == "actions"  # a bar of actions keeps the focus for the next press
        await pilot.press("right", "space")
        await pilot.pause()
        assert app.session.sheet.timeline == ()


async def test_a_digit_typed_on_the_action_bar_says_it_does_nothing_there_and_changes_nothing(game_path):
    """Typed after a count's Enter had moved on to the bar, a digit vanished without a word."""
    from .helpers import toasts

    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await tab_to(pilot, "actions")
        before = app.session.sheet
        await pilot.press("7")
        assert "'7' does nothing here" in await toasts(pilot)
        await burst(pilot, *"123456")  # a count typed fast after the Enter moved on: one note, not six
        assert (await toasts(pilot)).count("does nothing here") == 1
        assert app.session.sheet == before and focused_id(app) == "actions"
        app.clear_notifications()
        await burst(pilot, "enter")  # the value's Enter, in a burst: not taken as a choice
        assert "Not chosen" in await toasts(pilot) and app.session.sheet == before
        app.clear_notifications()
        await pilot.press("left", "space")  # an arrow, then a key the bar takes: no such note
        await pilot.pause()
        assert "does nothing" not in await toasts(pilot) and "Not chosen" not in await toasts(pilot)
        assert [m.kind for m in app.session.sheet.timeline] == ["event"]


async def test_the_export_bar_writes_each_export_to_the_exports_folder_not_among_the_games(game_path):
    from scorepad.storage.paths import exports_dir

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "results")
        await tab_to(pilot, "exports")
        await pilot.press("enter", "right", "enter", "right", "enter", "right", "enter")
        await pilot.pause()
        assert focused_id(app) == "exports"
    for ending in (".csv", ".md", ".bgsplay", ".bgg.txt"):
        written = exports_dir() / (game_path.stem + ending)
        assert written.exists() and "Ana" in written.read_text(encoding="utf-8")
    assert sorted(p.name for p in game_path.parent.glob("*.json")) == [game_path.name]
