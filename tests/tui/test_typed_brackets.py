"""Typed text that looks like Textual markup (``[/x]``, ``[b]Bo``) is shown as typed on
every screen: a title, a name, a note or a file name is never read as markup. A closing
tag with no opening one used to stop the app with a MarkupError, at Setup (a paste or
a duplicate name said under the form) and on every start of a game so titled."""

from __future__ import annotations

from textual.widgets import Static

from scorepad.rules.models import Sheet
from scorepad.storage.session import SheetSession
from scorepad.tui.app import ScorepadApp
from scorepad.tui.kept_screens import ORDER
from scorepad.tui.widgets.title_bar import TitleBar

from .conftest import app_on, running
from .helpers import goto
from .on_screen import screen_lines
from .test_setup_keys import open_setup, paste, problem

BRACKETED = Sheet.model_validate({
    "title": "[/t]", "location": "[/l] Ana's", "notes": "[/n]", "start_player": "[/a]",
    "players": [{"name": "[/a]", "renown": 3}, {"name": "[b]Bo", "renown": 3}]})


async def test_setup_says_left_out_pieces_and_duplicate_names_as_typed(scorepad_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press("tab")
        await paste(pilot, "A\tB\tC\tD\t[/x]\t[b]y")
        assert "2 not pasted" in problem(app) and "'[/x]'" in problem(app)
        await pilot.press("up", "ctrl+u")  # Cy's field, cleared
        await paste(pilot, "[/d]\t[/d]")
        await pilot.press("ctrl+s")
        assert app.session is None and '"[/d]"' in problem(app)


async def test_a_game_titled_and_named_with_brackets_shows_them_on_every_screen(scorepad_home):
    session = SheetSession.create(BRACKETED)
    session.close()
    app = app_on(session.path)
    async with running(app) as pilot:
        for name in ORDER:
            await goto(pilot, name)
            assert "[/t]" in str(app.screen.query_one(TitleBar).render())
        shown = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "[/n]" in shown and "[/l] Ana's" in shown
        app.notify("[/x] as typed")  # a file's name or a value in a toast: no markup
        await pilot.pause()


async def test_history_and_statistics_show_bracketed_names_as_typed(scorepad_home):
    from textual.widgets import DataTable

    from scorepad.tui.screens.games import HistoryScreen
    from scorepad.tui.screens.statistics import StatisticsScreen

    from .helpers import listed

    for _ in range(2):  # two games: the trends and the head-to-head grid are drawn
        session = SheetSession.create(BRACKETED.model_copy(update={"finished": True}))
        session.close()
    app = ScorepadApp()
    async with running(app) as pilot:
        for screen in (HistoryScreen(), StatisticsScreen()):
            app.push_screen(screen)
            await listed(pilot)
            cells = [str(cell) for table in app.screen.query(DataTable)
                     for n in range(table.row_count) for cell in table.get_row_at(n)]
            assert "[/a]" in cells and "[b]Bo" in cells
            await pilot.press("escape")


async def test_home_offers_the_last_game_by_its_file_name_as_it_is(scorepad_home):
    """A file named ``[red]Bo [b]x.json`` was offered as a red "Bo x"."""
    session = SheetSession.create(BRACKETED)
    session.close()
    session.path.rename(session.path.with_name("[red]Bo [b]x.json"))
    app = ScorepadApp()
    async with running(app) as pilot:
        await pilot.pause()
        assert any("Continue the last game: [red]Bo [b]x" in line for line in screen_lines(app))
