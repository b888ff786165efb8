"""The screen stack: one game screen in memory at a time, Home composed only when asked
for, and a game opened from Home shown again rather than locked against itself."""

from __future__ import annotations

import gc
import weakref

from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.home import HomeScreen

from .conftest import app_on, running
from .helpers import toasts


async def test_a_game_screen_is_let_go_when_another_is_shown(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        progress = weakref.ref(app.screen)
        await pilot.press("pagedown")
        await pilot.pause()
        gc.collect()
        assert progress() is None
        assert app.current_game_screen() == "pinax"


async def test_memory_stays_flat_however_many_screens_are_shown(game_path):
    """Textual's render caches kept the strips of up to 1024 widgets that were gone
    (Textual issue 6665): every screen change left about 2,000 objects behind, and
    made the next garbage collection longer."""
    app = app_on(game_path)
    async with running(app) as pilot:

        async def round_trip() -> int:
            for _ in range(7):  # every game screen once
                await pilot.press("pagedown")
                await pilot.pause()
            await pilot.pause()
            gc.collect()
            return len(gc.get_objects())

        first = await round_trip()
        for _ in range(3):
            later = await round_trip()
        assert app.current_game_screen() == "progress"
        assert later < first * 1.05, f"{later - first} more objects after 21 more screen changes"


async def test_a_new_game_screen_never_shows_up_without_its_totals(game_path, monkeypatch):
    from scorepad.tui.widgets.live_totals import LiveTotals

    app = app_on(game_path)
    async with running(app) as pilot:
        first_frames: list = []
        display = app._display

        def frame(screen, update) -> None:
            if update is not None and screen is not before and not first_frames:
                first_frames.append(list(screen.query_one(LiveTotals).rows))
            display(screen, update)

        monkeypatch.setattr(app, "_display", frame)
        before = app.screen
        await pilot.press("pagedown")
        await pilot.pause()
        assert app.current_game_screen() == "pinax"
        assert first_frames and [row[0].lstrip("★ ") for row in first_frames[0]] == ["Ana", "Ben", "Cy"]


async def test_a_sheet_opened_from_the_command_line_composes_home_only_when_asked(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        assert not any(isinstance(screen, HomeScreen) for screen in app.screen_stack)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.current_game_screen() is None


async def test_a_bad_sheet_from_the_command_line_lands_on_home_with_the_problem(scorepad_home):
    bad = scorepad_home / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    app = ScorepadApp(path=bad)
    async with running(app, notifications=True) as pilot:
        assert isinstance(app.screen, HomeScreen)
        assert "bad.json" in await toasts(pilot)  # on screen, where the user looks


async def test_home_then_continue_shows_the_game_open_here_not_a_lock_question(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        session = app.session
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("down", "enter")  # Continue the last game: this one
        await pilot.pause()
        assert app.current_game_screen() == "progress"
        assert app.session is session and not session.read_only
