"""Rows of choices (the phase, the progress actions, the exports), and the screens kept in
memory: one game screen at a time, Home only once asked for."""

from __future__ import annotations

import gc
import weakref

from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.home import HomeScreen
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


async def test_a_game_screen_is_let_go_when_another_is_shown(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        progress = weakref.ref(app.screen)
        await pilot.press("pagedown")
        await pilot.pause()
        gc.collect()
        assert progress() is None
        assert app.current_game_screen() == "pinax"


async def test_a_sheet_opened_from_the_command_line_composes_home_only_when_asked(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not any(isinstance(screen, HomeScreen) for screen in app.screen_stack)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.current_game_screen() is None


async def test_a_bad_sheet_from_the_command_line_lands_on_home_with_the_problem(scorepad_home):
    bad = scorepad_home / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    app = ScorepadApp(path=bad)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("bad.json" in n.message for n in app._notifications)


async def test_home_then_continue_shows_the_game_open_here_not_a_lock_question(game_path):
    app = app_on(game_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = app.session
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("down", "enter")  # Continue the last game: this one
        await pilot.pause()
        assert app.current_game_screen() == "progress"
        assert app.session is session and not session.read_only
