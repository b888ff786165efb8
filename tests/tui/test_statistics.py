"""The Statistics, History and Open screens (issue 16): the figures worked out by hand
on tests/data/stats (see tests/test_stats.py), the filters, and the games read in a
thread so that the app never waits for them."""

from __future__ import annotations

import shutil
import threading

import pytest
from textual.widgets import DataTable, Input, SelectionList, Sparkline

from scorepad.storage import catalog
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.games import GamesScreen, HistoryScreen
from scorepad.tui.screens.statistics import StatisticsScreen
from scorepad.tui.widgets.bar_chart import CategoryBars
from scorepad.tui.widgets.game_list import GameList

from ..conftest import DATA
from .conftest import running
from .helpers import listed, until


@pytest.fixture
def fixture_home(scorepad_home):
    shutil.copytree(DATA / "stats", scorepad_home / "games")
    return scorepad_home


def rows(table: DataTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(n)] for n in range(table.row_count)]


async def statistics(pilot) -> StatisticsScreen:
    pilot.app.push_screen(StatisticsScreen())
    await pilot.pause()
    await listed(pilot)
    return pilot.app.screen


async def test_the_statistics_screen_shows_the_figures_worked_out_by_hand(fixture_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        screen = await statistics(pilot)
        assert str(screen.query_one("#heading").render()) == \
            "Statistics over 7 finished games, 2026-01-10 to 2026-04-18"
        assert rows(screen.query_one("#players", DataTable)) == [
            ["Ana", "5", "3", "60.0 %", "54.0", "60", "50", "lost 1"],
            ["Dev", "3", "1", "50.0 %", "53.3", "70", "34", "won 1"],
            ["Ben", "5", "2", "40.0 %", "54.0", "60", "48", "won 1"],
            ["Chloé", "4", "1", "25.0 %", "52.2", "60", "44", "lost 2"]]
        trends = [line.data[::2] for line in screen.query(Sparkline)]  # two cells a game
        assert trends == [[54, 50, 52, 60, 54], [34, 56, 70], [48, 50, 60, 55, 57], [45, 60, 44, 60]]
        bars = screen.query_one(CategoryBars).bars
        assert [(b.name, b.values, b.total_label) for b in bars][0] == ("Ana", (4.4, 0.4, 1.0, 0.2, 48.0), "54.0")
        assert rows(screen.query_one("#meetings", DataTable)) == [
            ["Ana", "", "0-1 (1)", "1-2 (4)", "3-0 (3)"],
            ["Dev", "1-0 (1)", "", "1-1 (2)", "1-1 (2)"],
            ["Ben", "2-1 (4)", "1-1 (2)", "", "2-1 (3)"],
            ["Chloé", "0-3 (3)", "1-1 (2)", "1-2 (3)", ""]]
        assert "1 unfinished game" in str(screen.query_one("#left-out").render())


async def test_dates_and_players_choose_the_games_and_a_shows_all_again(fixture_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        screen = await statistics(pilot)
        await pilot.press("d")
        await pilot.press(*"2026-03-07", "enter", *"2026-13-01", "enter")
        assert "A day is written" in str(app.screen.query_one("#dates-message").render())
        app.screen.query_one("#until", Input).value = "2026-04-04"
        await pilot.press("enter")
        await listed(pilot)  # the figures are worked out in a thread
        assert app.screen is screen and [r[0] for r in rows(screen.query_one("#players", DataTable))] == \
            ["Dev", "Ana", "Chloé", "Ben"]
        await pilot.press("p")
        await pilot.pause()
        assert [str(o.prompt) for o in app.screen.query_one(SelectionList).options] == ["Ana", "Ben", "Chloé", "Dev"]
        await pilot.press("space", "down", "down", "space", "enter")  # Ana and Chloé
        await listed(pilot)
        assert screen.filters.group == ("Ana", "Chloé")
        assert rows(screen.query_one("#players", DataTable)) == [  # March and April, both there
            ["Ana", "2", "1", "50.0 %", "56.0", "60", "52", "won 1"],
            ["Chloé", "2", "0", "0.0 %", "52.0", "60", "44", "lost 2"]]
        await pilot.press("a")
        await listed(pilot)
        assert screen.query_one("#players", DataTable).row_count == 4


async def test_escape_takes_a_question_back_and_changes_nothing(fixture_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        screen = await statistics(pilot)
        for key in ("d", "p"):
            await pilot.press(key)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and screen.query_one("#players", DataTable).row_count == 4


async def test_history_keeps_unfinished_games_apart_and_s_shows_the_statistics(fixture_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        app.push_screen(HistoryScreen())
        await listed(pilot)
        assert rows(app.screen.query_one("#records", DataTable))[0] == ["Ana", "5", "3", "60.0 %", "54.0", "60", "50"]
        shown = app.screen.query_one(GameList).rows
        apart = shown.index("Not finished, not counted: 1 game")
        assert [g.title for g in shown[apart + 1:]] == ["Scratch, not finished"]
        assert all(g.finished for g in shown[1:apart]) and len(shown[1:apart]) == 7
        await pilot.press("s")
        # Statistics is pushed by the key's action: a busy worker can see the pilot's
        # press return first, and ``listed`` would then find History's games shown
        await until(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await listed(pilot)
        assert app.screen.loaded and app.screen.query(CategoryBars)


async def test_the_games_list_moves_past_its_headings_and_opens_the_game_chosen(fixture_home):
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        app.push_screen(GamesScreen())
        await listed(pilot)
        games = app.screen.query_one(GameList)
        assert games.game.title == "Scratch, not finished"  # the unfinished first: to go on with
        await pilot.press("down")
        assert games.cursor == 3 and games.game.title == "Patterns"  # past "Finished: 7 games"
        await pilot.press("end", "up", "pageup", "home")
        assert games.cursor == 1
        await pilot.press("end")
        assert games.game.title == "January"
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.path.name == "g1-january.json"


async def test_the_screen_is_up_and_answers_keys_while_the_games_are_read(fixture_home, monkeypatch, key_clock):
    """10,000 games froze the Open list for 16.7 s: they are read in a thread now."""
    go_on, reading = threading.Event(), threading.Event()
    real = catalog.saved_games

    def slow(*args, **kwargs):
        reading.set()
        go_on.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(catalog, "saved_games", slow)
    app = ScorepadApp()
    async with running(app) as pilot:
        app.push_screen(StatisticsScreen())
        await pilot.pause()
        assert reading.wait(5)
        screen = app.screen
        assert "Reading the saved games" in str(screen.query_one("#loading").render()) and not screen.loaded
        await pilot.press("f1")  # the app answers meanwhile (keys wait a second at most for the list)
        for _ in range(60):
            if app.screen is not screen:
                break
            await pilot.pause(0.05)
        assert app.screen is not screen and not screen.loaded
        key_clock.advance(1)  # a look at the help: a key typed straight after F1 is not used
        await pilot.press("escape")
        go_on.set()
        await listed(pilot)
        assert app.screen is screen and screen.loaded and screen.query_one("#players", DataTable).row_count == 4


async def test_a_file_that_is_no_game_is_named_on_the_screen(fixture_home):
    (fixture_home / "games" / "junk.json").write_text("{")
    app = ScorepadApp()
    async with running(app) as pilot:
        screen = await statistics(pilot)
        assert "1 file could not be read" in str(screen.query_one("#loading").render())
        assert screen.query_one("#players", DataTable).row_count == 4


async def test_a_click_puts_the_cursor_on_a_game_and_a_second_one_opens_it(fixture_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        app.push_screen(GamesScreen())
        await listed(pilot)
        games = app.screen.query_one(GameList)
        await pilot.click(GameList, offset=(5, 5))  # the third finished game (a heading, a game, a heading)
        assert games.game.title == "Solo" and app.screen.query_one(GameList) is games
        await pilot.click(GameList, offset=(5, 5))
        await pilot.pause()
        assert app.session.path.name == "g6-solo.json"


@pytest.mark.slow
async def test_every_word_of_the_statistics_and_the_history_reads_in_every_theme(fixture_home):
    """As the game screens do (issue 12): the chart's values, the hints, the lists."""
    from .test_every_theme import unreadable_text

    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        problems = []
        for screen in (StatisticsScreen(), HistoryScreen()):
            app.push_screen(screen)
            await listed(pilot)
            for theme in sorted(app.available_themes):
                app.theme = theme
                await pilot.pause()
                # above the key bar: its keys that cannot work here (PageDown) are dimmed on purpose
                problems += [f"{theme} {type(screen).__name__}: {words}"
                             for words in unreadable_text(app.screen, slice(0, -1))]
            await pilot.press("escape")
        assert problems == []


@pytest.mark.parametrize("key, suffix", [("e", ".csv"), ("m", ".md")])
async def test_history_exports_every_game_at_once_as_the_command_does(fixture_home, key, suffix):
    from scorepad.storage.all_games import export_all_text

    app = ScorepadApp()
    async with running(app) as pilot:
        app.push_screen(HistoryScreen())
        await listed(pilot)
        await pilot.press(key)
        await app.workers.wait_for_complete()
        await pilot.pause()
    [written] = list((fixture_home / "exports").glob(f"all-games*{suffix}"))
    assert written.read_text(encoding="utf-8") == export_all_text(suffix.strip("."))[0]
    assert written.read_text(encoding="utf-8").count("\n") > 8  # every player of every game
