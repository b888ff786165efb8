"""The screen stack: the open game's screens kept and brought up to date, let go when
another game opens; Home composed only when asked for, and a game opened from Home shown
again rather than locked against itself."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from scorepad.tui.app import ScorepadApp
from scorepad.tui.kept_screens import neighbours
from scorepad.tui.screens.home import HomeScreen

from .conftest import app_on, running
from .helpers import goto, post_keys, toasts, until


async def test_a_game_screen_is_kept_and_shows_the_sheet_as_it_is_now_when_back(game_path):
    """Issue 12: going back to a screen shows the one composed before (a third of the
    time of composing it), with every value changed meanwhile in its first frame."""
    from scorepad.tui.widgets.live_totals import LiveTotals

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        supplies = app.screen
        await goto(pilot, "renown")
        await pilot.press(*"12", "enter")  # Ana's S10 Renown, on another screen
        await pilot.pause()
        first_frame: list = []
        display = app._display

        def frame(screen, update) -> None:
            if update is not None and screen is supplies and not first_frame:
                first_frame.append(list(screen.query_one(LiveTotals).rows))
            display(screen, update)

        app._display = frame
        await pilot.press("pageup")
        await pilot.pause()
        assert app.screen is supplies and app.current_game_screen() == "supplies"
        ana = next(row for row in first_frame[0] if row[0].lstrip("★ ") == "Ana")
        assert ana[5] == "12" and ana[6] == "12"  # Renown and Total, in the first frame back


async def test_a_kept_screen_whose_structure_changed_meanwhile_is_composed_anew(grid_game_path):
    """S1-S6: a pattern tile taken back (undo) on another screen: Pinax, kept with the
    tile's editor, is composed again without it."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await pilot.press("ctrl+o")  # a pattern tile: a new structure
        await pilot.pause()
        pinax = app.screen
        assert pinax.query("#tile-0")
        await goto(pilot, "school")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.sheet.players[0].pinax == ()
        await goto(pilot, "pinax")
        assert app.screen is not pinax and not app.screen.query("#tile-0")


async def test_opening_another_game_lets_go_of_the_last_games_screens(game_path, scorepad_home):
    from scorepad.storage.session import SheetSession

    from .conftest import three_players

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        kept = [weakref.ref(app.screen)]
        await goto(pilot, "school")
        kept.append(weakref.ref(app.screen))
        other = SheetSession.create(three_players(title="Other"))
        app.use_session(other)
        for _ in range(100):  # removing a screen runs as a task of its own: up to a second
            await pilot.pause(0.01)
            gc.collect()
            if not any(screen() for screen in kept):
                break
        assert [screen() for screen in kept] == [None, None]
        assert app.screen is app.kept["progress"]
        assert all(screen.live.sheet.title == "Other" for screen in app.kept.values())
        assert app.live.sheet.title == "Other"


async def test_only_the_screen_showing_and_its_pageup_and_pagedown_neighbours_are_kept(game_path):
    """Issue 15: every game screen kept put the app's peak memory at 1.6x a bare app's.
    A screen more than a key away is let go once the next one is drawn, and freed; the
    game's first screen, frozen with the game's objects, is kept (let go, it would never
    be freed)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        shown = []
        for _ in range(4):  # Game progress to Supplies
            shown.append(weakref.ref(app.screen))
            await pilot.press("pagedown")
            await pilot.pause()
        await until_kept(pilot, {"progress", "scholars", "supplies", "renown"})
        assert app.current_game_screen() == "supplies"
        progress, pinax, school, scholars = shown
        await until_freed(pilot, pinax, school)
        renown = weakref.ref(app.kept["renown"])
        await pilot.press("pageup")  # one key back: the screen kept, not composed again
        await pilot.pause()
        assert app.screen is scholars() and app.kept["progress"] is progress()
        app.action_go("school")  # a jump: School's neighbours stay (the next composed ahead)
        await pilot.pause()
        await until_kept(pilot, {"progress", "school", "scholars"})
        await until_freed(pilot, renown)
        assert app.kept["scholars"] is scholars()


async def test_a_walk_back_with_pageup_finds_each_screen_composed_ahead(game_path):
    """Only the screens next to the one showing are kept: walking back with PageUp, the
    screen before was let go, and was composed again on the key (35-90 ms, against
    15-20 for one composed ahead). After a PageUp, PageUp's screen is composed ahead."""
    app = app_on(game_path)
    async with running(app) as pilot:
        app.action_go("results")
        await pilot.pause()
        for name in ("renown", "supplies", "scholars", "school", "pinax"):
            await until_kept(pilot, {"progress", *neighbours(app.current_game_screen())})  # the first, frozen: kept
            ahead = app.kept[name]
            await pilot.press("pageup")
            await pilot.pause()
            assert app.screen is ahead, name


async def test_an_open_game_holds_no_history_validator_and_the_next_file_builds_it_again(game_path, scorepad_home):
    """Issue 15: the history's validator is needed while a file is read, not while the
    game it opened is played."""
    from scorepad.storage.document import history_adapter
    from scorepad.storage.files import read_sheet

    app = app_on(game_path)
    async with running(app):
        assert history_adapter.cache_info().currsize == 0
        assert len(read_sheet(game_path).history) == len(app.session.history)  # built again


async def until_kept(pilot, names: set[str]) -> None:
    """Until the app keeps these game screens and no other (the next one is composed
    ahead once the screen showing is drawn)."""
    for _ in range(100):
        if set(pilot.app.kept) == names:
            return
        await pilot.pause(0.01)
    assert set(pilot.app.kept) == names


async def until_freed(pilot, *screens) -> None:
    """Until these screens (weak references) are gone from memory."""
    for _ in range(100):
        gc.collect()
        if not any(screen() for screen in screens):
            return
        await pilot.pause(0.01)
    assert [screen() for screen in screens] == [None] * len(screens)


@pytest.mark.slow
async def test_memory_stays_flat_however_many_screens_are_shown(game_path):
    """Textual's render caches kept the strips of up to 1024 widgets that were gone
    (Textual issue 6665): every screen change left about 2,000 objects behind, and
    made the next garbage collection longer."""
    app = app_on(game_path)
    async with running(app) as pilot:

        async def round_trip() -> int:
            for key in ("pagedown", "pageup"):  # every game screen, there and back (the walk stops at its ends)
                for _ in range(6):
                    await pilot.press(key)
                    await pilot.pause()
            await pilot.pause()
            gc.collect()
            return len(gc.get_objects())

        first = await round_trip()
        for _ in range(3):
            later = await round_trip()
        assert app.current_game_screen() == "progress"
        assert later < first * 1.05, f"{later - first} more objects after 36 more screen changes"


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


async def test_a_kept_screen_shown_again_after_a_theme_change_wears_the_new_theme(game_path):
    from scorepad.tui.widgets.live_totals import LiveTotals

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        dark = app.screen.query_one(LiveTotals).component_style("live-totals--stripe")
        await goto(pilot, "renown")
        app.theme = "textual-light"
        await pilot.pause()
        light = app.screen.query_one(LiveTotals).component_style("live-totals--stripe")
        await goto(pilot, "supplies")
        kept = app.screen.query_one(LiveTotals).component_style("live-totals--stripe")
        assert light != dark and kept == light


async def test_a_screen_composed_ahead_then_shown_after_a_theme_change_wears_the_new_theme(game_path):
    from scorepad.tui.widgets.live_totals import LiveTotals

    app = app_on(game_path)
    async with running(app) as pilot:
        dark = app.screen.query_one(LiveTotals).component_style("live-totals--stripe")
        assert "pinax" in app.kept and not app.kept["pinax"].is_current  # composed ahead, never shown
        app.theme = "textual-light"
        await pilot.pause()
        light = app.screen.query_one(LiveTotals).component_style("live-totals--stripe")
        await pilot.press("pagedown")
        assert app.current_game_screen() == "pinax"
        assert light != dark and app.screen.query_one(LiveTotals).component_style("live-totals--stripe") == light


async def test_pagedown_shows_the_next_screen_composed_ahead_with_every_value(game_path):
    """Issue 12: while a screen is read, the next is composed off screen, so PageDown
    only lays it out and draws it; its values are the sheet's as they are at PageDown."""
    from scorepad.tui.widgets.live_totals import LiveTotals

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        # composed once School is drawn, off screen: on a loaded machine, after the pause
        await until(pilot, lambda: "scholars" in app.kept and bool(app.kept["scholars"].query(LiveTotals)))
        scholars = app.kept["scholars"]
        assert not scholars.is_current  # composed, never shown
        before = list(scholars.query_one(LiveTotals).rows)
        await pilot.press(*"3 4y", "enter")  # Ana's Scribes (S7), after it was composed
        shown = list(app.screen.query_one(LiveTotals).rows)
        await pilot.press("pagedown")
        assert app.screen is scholars
        assert scholars.query_one(LiveTotals).rows == shown != before


@pytest.fixture
def slow_results_title(monkeypatch):
    """The Results screen's title takes 200 ms to mount: a window in which the screen,
    composed ahead, is still mounting."""
    from scorepad.tui.screens.results import ResultsScreen
    from scorepad.tui.widgets.title_bar import TitleBar

    mount = TitleBar.on_mount

    async def slow_mount(self) -> None:
        mount(self)
        if isinstance(self.screen, ResultsScreen):
            await asyncio.sleep(0.2)

    monkeypatch.setattr(TitleBar, "on_mount", slow_mount)


async def results_mounting_ahead(pilot) -> None:
    """From Supplies, PageDown to Renown; back as soon as Results, composed ahead, is
    mounting."""
    await goto(pilot, "supplies")
    post_keys(pilot.app, "pagedown")
    while "results" not in pilot.app.kept:
        await asyncio.sleep(0.001)


async def test_quitting_while_the_next_screen_is_composed_ahead_ends_cleanly(game_path, slow_results_title):
    """Issue 12: a screen composed ahead went on mounting while the app quit, its widgets
    closed under it: a traceback on the way out. Here its title takes 200 ms to mount."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await results_mounting_ahead(pilot)
        app.exit()
    assert app.return_code == 0


async def test_a_screen_shown_the_moment_it_is_composed_ahead_is_waited_for(game_path, recwarn):
    """A screen started off screen whose task had not yet taken a step was not waited
    for: shown before its widgets existed, it was thrown away and leaked (review)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        app.let_go("scholars")
        await pilot.pause()
        app.compose_ahead()
        ahead = app.kept["scholars"]
        await app.swap_game_screen("scholars")
        await pilot.pause()
        assert app.screen is ahead and app.current_game_screen() == "scholars"
        assert not [w for w in recwarn.list if "never awaited" in str(w.message)]


async def test_a_screen_let_go_while_it_was_composed_ahead_is_freed_not_frozen(game_path, scorepad_home,
                                                                                 slow_results_title):
    """Another game opened while the next screen was still mounting off screen: the
    screen was still reachable (the last message the screen below had handled named
    one of its widgets) when the new game's objects were frozen, and stayed in memory
    until the game after (review)."""
    from scorepad.storage.session import SheetSession
    from .conftest import three_players

    app = app_on(game_path)
    async with running(app) as pilot:
        await results_mounting_ahead(pilot)
        ahead = weakref.ref(app.kept["results"])
        app.use_session(SheetSession.create(three_players(title="Other")))
        for _ in range(100):
            await pilot.pause(0.01)
            gc.collect()
            if ahead() is None:
                break
        assert ahead() is None and app.live.sheet.title == "Other"


async def test_a_search_reporting_while_the_app_closes_shows_nothing(game_path):
    """The Pinax search's last slice may report while the app closes, its screens'
    widgets already gone: showing the sheet then raised NoMatches (seen once in CI)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        screen = app.screen
        await screen.query_one("#body").remove()  # as closing the app removes them
        app.exit()
        screen.follow_sheet()  # what a PinaxSearched message does; no NoMatches
    assert app.return_code == 0


async def test_a_game_opened_again_after_a_pageup_composes_pagedowns_screen_ahead(game_path):
    """The way of the last move outlived the game: reopened after a PageUp, its first
    screen composed PageUp's screen ahead, and the first PageDown composed its own."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await pilot.press("pageup")
        await pilot.pause()
        app.show_home()
        await pilot.pause()
        app.open_path(game_path)
        await pilot.pause()
        await until_kept(pilot, {"progress", "pinax"})


async def test_home_is_up_and_continues_the_newest_game_past_a_broken_link_and_a_folder(scorepad_home):
    """A link to nowhere named ``*.json`` in the games folder stopped the app on Home
    (its time was looked up and was not there); a folder named so was offered as the
    last game. Home passes over both and continues the newest real file."""
    import os
    import shutil

    from ..conftest import DATA

    games = scorepad_home / "games"
    games.mkdir()
    real = shutil.copy(DATA / "friday.json", games / "friday.json")
    (games / "gone.json").symlink_to(scorepad_home / "nowhere.json")
    (games / "folder.json").mkdir()
    os.utime(real, (1_000_000_000, 1_000_000_000))  # older than the folder
    app = ScorepadApp()
    async with running(app) as pilot:
        assert isinstance(app.screen, HomeScreen)
        menu = [str(option.prompt) for option in app.screen.query_one("#menu").options]
        assert "Continue the last game: friday" in menu
        await pilot.press("down", "enter")
        await until(pilot, lambda: app.current_game_screen() == "progress")
        assert app.session.path.name == "friday.json"


async def test_f2_on_home_is_shown_unavailable_and_says_this_is_home(scorepad_home):
    """F2 looked like a key that works on Home, and did nothing there (new-user run)."""
    from .helpers import toasts

    app = ScorepadApp()
    async with running(app, notifications=True) as pilot:
        assert app.why_not("home") is not None
        await pilot.press("f2")
        assert "This is Home" in await toasts(pilot)
        assert isinstance(app.screen, HomeScreen)
        app.new_game()
        await pilot.pause()
        assert app.why_not("home") is None  # from Setup, F2 goes Home
