"""Nothing silent: a key that cannot work says why, is dimmed in the footer, and
changes nothing (read-only sheets, undo away from the game)."""

from __future__ import annotations

from scorepad.columns import cell_len
from scorepad.messages import READ_ONLY
from scorepad.tui.app import ScorepadApp
from scorepad.tui.typed_value import value_text
from scorepad.tui.widgets.count_grid import CountGrid

from .conftest import app_on, running
from .helpers import burst, goto, toasts
from .on_screen import screen_lines


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


async def test_results_of_a_read_only_game_offer_no_key_to_change_whether_it_counts(game_path, scorepad_home):
    """The demo's Results said "Counted in statistics: yes (ctrl+f to change)", with
    ctrl+f dimmed (a new user's run): only a game that can change offers it."""
    from textual.widgets import Static

    for app, offered in ((ScorepadApp(demo=True), False), (app_on(game_path), True)):
        async with running(app) as pilot:
            await goto(pilot, "results")
            record = str(app.screen.query_one("#record", Static).render())
            assert "Counted in statistics:" in record and ("ctrl+f to change" in record) is offered


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
        assert "PageDown goes back to the game" in await toasts(pilot)


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


async def test_pagedown_on_home_with_no_game_is_dimmed_moves_nothing_and_says_why(scorepad_home):
    """PageDown paged Home's menu: the highlight went to Quit without a word, and the
    next Enter quit the app (a new user's run)."""
    app = ScorepadApp()
    async with running(app, (80, 24), notifications=True) as pilot:
        active = {b.binding.action: b.enabled for b in app.screen.active_bindings.values()}
        assert active["next_screen"] is False  # no game: the footer dims it
        await pilot.press("pagedown", "pageup", "pagedown")
        assert app.screen.query_one("#menu").highlighted == 0 and app.is_running
        assert "open or start a game first" in await toasts(pilot)


async def test_typing_on_a_read_only_sheet_is_refused_at_the_first_key_and_traps_nothing(scorepad_home):
    """A tmux run on the demo: ``7`` on Renown showed ``7▏`` in place of 54, Enter then
    refused it, and the refused value kept PageDown, PageUp and F2 from working."""
    app = ScorepadApp(demo=True)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        grid.focus()
        stored = grid.values[0][0]
        await burst(pilot, "7")
        assert grid.texts[0][0] == value_text(stored) and not grid.refused(0, 0)
        words = " ".join(grid.message_lines())
        assert words.endswith(READ_ONLY) and all(cell_len(line) <= grid.size.width for line in grid.message_lines())
        assert READ_ONLY.split()[-1] in " ".join(screen_lines(app))  # the message's end is on screen
        await burst(pilot, "pagedown")
        assert app.current_game_screen() == "results" and app.session.sheet.players[0].renown == stored


async def test_a_message_under_a_table_is_wrapped_whole_at_80_columns(scorepad_home):
    """At 80 columns the read-only note was cut after "nothing"."""
    app = ScorepadApp(demo=True)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "supplies")
        grid = app.screen.query_one(CountGrid)
        grid.focus()
        grid.cursor = (5, len(grid.players) - 1)  # Stones in Royal Ships, the last player
        await burst(pilot, "7")
        lines = grid.message_lines()
        assert len(lines) > 1 and lines[-1].endswith("change.")  # longer than the table is wide
        assert all(cell_len(line) <= grid.size.width for line in lines)
        drawn = " ".join(screen_lines(app))
        assert all(word in drawn for word in " ".join(lines).split())


async def test_a_refused_value_keeps_its_screen_and_the_key_that_would_leave_says_why(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24), notifications=True) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        grid.focus()
        await burst(pilot, *"9999", "enter")  # refused: a typo
        for key in ("pagedown", "pageup", "f2"):
            app.clear_notifications()
            await burst(pilot, key)
            assert app.current_game_screen() == "renown", key
            assert "refused" in await toasts(pilot), key
        assert grid.texts[0][0] == "9999" and app.session.sheet.players[0].renown == 0


async def test_the_demo_says_it_is_the_demo_not_a_file_that_someone_writes(scorepad_home):
    app = ScorepadApp(demo=True)
    async with running(app, (80, 24), notifications=True) as pilot:
        title = str(app.screen.query_one("TitleBar").render())
        assert "READ-ONLY (the demo)" in title and "follows" not in title
        assert "The demo game is read-only" in await toasts(pilot)


async def test_keys_of_the_app_and_the_screen_under_a_dialog_say_they_wait_for_it(game_path):
    """F1, F2 and ctrl+r did nothing with the play record open, without a word, while
    the footer still showed some of them (new-user run). Ctrl+Q works there
    (tests/tui/test_quit_with_forms.py)."""
    from scorepad.tui.screens.record import RecordScreen

    app = app_on(game_path)
    async with running(app, (80, 24), notifications=True) as pilot:
        await goto(pilot, "progress")
        await burst(pilot, "ctrl+e")
        for key, words in (("f1", "f1 (Help)"), ("ctrl+r", "^r (Record Event)")):
            app.clear_notifications()
            await burst(pilot, key)
            assert isinstance(app.screen, RecordScreen) and f"{words} works once this is closed" in await toasts(pilot)
        app.clear_notifications()
        await burst(pilot, "up", "down")  # the keys of the table under it are nobody's here
        assert await toasts(pilot) == ""


async def test_ctrl_f_on_results_says_on_the_heading_line_what_it_did(game_path):
    """At 80 x 24 the line that shows it was out of sight: nothing seemed to happen."""
    from scorepad.tui.widgets.screen_heading import ScreenHeading

    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "results")
        finished = app.session.sheet.finished
        await burst(pilot, "ctrl+f")
        assert app.session.sheet.finished is not finished
        said = str(app.screen.query_one(ScreenHeading).render())
        assert said == ("Finished: counted in statistics." if not finished else "Not finished: left out of statistics.")


async def test_ctrl_c_says_how_to_quit_in_plain_words(scorepad_home):
    """Textual's answer to Ctrl+C carries markup, which the app's toasts show as typed:
    "Press [b]ctrl+q[/b] to quit the app" (a new user's run)."""
    app = ScorepadApp()
    async with running(app, notifications=True) as pilot:
        await burst(pilot, "ctrl+c")
        said = await toasts(pilot)
        assert "Press Ctrl+Q to quit" in said and "[" not in said
        assert app.is_running
