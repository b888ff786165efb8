"""Nothing silent: a key that cannot work says why, is dimmed in the footer, and
changes nothing (read-only sheets, undo away from the game)."""

from __future__ import annotations

from scorepad.tui.app import ScorepadApp

from .conftest import app_on, running
from .helpers import goto, toasts


async def test_read_only_demo_says_why_ctrl_r_and_ctrl_n_do_nothing(scorepad_home):
    app = ScorepadApp(demo=True)
    async with running(app, notifications=True) as pilot:
        before = app.session.sheet
        for screen, key in (("progress", "ctrl+r"), ("school", "ctrl+n"), ("pinax", "ctrl+n")):
            await goto(pilot, screen)
            app.clear_notifications()
            await pilot.press(key)
            await pilot.pause()
            assert "read-only" in await toasts(pilot), (screen, key)
            assert app.session.sheet == before


async def test_read_only_dims_the_keys_that_would_change_the_sheet(scorepad_home):
    app = ScorepadApp(demo=True)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "progress")
        active = {b.binding.action: b.enabled for b in app.screen.active_bindings.values()}
        assert active["event"] is False and active["take_back"] is False and active["undo"] is False
        assert active["next_screen"] is True


async def test_undo_on_home_changes_nothing_and_says_so(game_path):
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "renown")
        await pilot.press(*"12", "enter")
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        app.clear_notifications()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.sheet.players[0].renown == 12
        assert "open the game first" in await toasts(pilot)


async def test_toasts_leave_the_live_totals_visible(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24), notifications=True) as pilot:
        app.notify("a long message " * 6, severity="warning")
        await pilot.pause()
        from textual.widgets._toast import Toast

        assert "a long message" in await toasts(pilot)
        totals = app.screen.query_one("#totals").region
        shown = app.screen.query(Toast)
        assert shown and not any(toast.region.overlaps(totals) for toast in shown)


async def test_pagedown_on_home_is_dimmed_and_pages_the_menu_without_a_warning(scorepad_home):
    app = ScorepadApp()
    async with running(app, (80, 24), notifications=True) as pilot:
        active = {b.binding.action: b.enabled for b in app.screen.active_bindings.values()}
        assert active["next_screen"] is False  # no game: the footer dims it
        await pilot.press("pagedown")
        assert app.screen.query_one("#menu").highlighted > 0  # the menu took the key
        assert "game first" not in await toasts(pilot)
