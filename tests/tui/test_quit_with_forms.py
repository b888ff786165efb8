"""Ctrl+Q on a form typed and not yet kept (Setup, the play record): it asks first, No
focused, as Esc asks on Setup; a blank form quits at once. A hang-up (the terminal
closed) has nobody to ask: the play record typed is kept as ctrl+s keeps it, when the
sheet takes it; a Setup never started makes no game (attack run: Ctrl+Q threw both
away in silence)."""

from __future__ import annotations

from scorepad.storage.files import read_sheet
from scorepad.storage.paths import games_dir
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.dialogs import ConfirmScreen
from scorepad.tui.screens.record import RecordScreen
from scorepad.tui.screens.setup import SetupScreen
from scorepad.tui.widgets.setup_form import SetupForm

from .conftest import app_on, running
from .helpers import burst


def ended(app) -> bool:
    """Whether the app has been told to exit (the test's app runs on until its block ends)."""
    return app.return_code is not None


def names(app) -> list[str]:
    form = app.screen.query_one(SetupForm)
    return [form.value(f"name-{n}") for n in range(2)]


async def test_ctrl_q_on_a_blank_setup_quits_at_once():
    app = ScorepadApp()
    async with running(app) as pilot:
        await burst(pilot, "enter", "ctrl+q")  # Home's New game, then quit
        assert ended(app) and app.return_code == 0


async def test_ctrl_q_on_setup_with_names_typed_asks_first_and_enter_stays(answer_at_once):
    """The attack run's keys, in one burst: Enter (the quick key after Ctrl+Q) answers
    No, the focused button; the form keeps every name."""
    app = ScorepadApp()
    async with running(app) as pilot:
        await burst(pilot, "enter", *"Quit night", "enter", *"Ana", "enter", *"Ben", "enter", "ctrl+q", "enter")
        assert isinstance(app.screen, SetupScreen) and not ended(app)
        assert names(app) == ["Ana", "Ben"]
        await burst(pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen) and "not kept" in app.screen.question
        await burst(pilot, "ctrl+q")  # pressed again: one question, not a second over it
        assert sum(isinstance(s, ConfirmScreen) for s in app.screen_stack) == 1 and not ended(app)
        await burst(pilot, "y")
        assert ended(app) and app.return_code == 0
    assert not list(games_dir().glob("*.json"))  # never started: no game


async def test_ctrl_q_on_an_untouched_play_record_quits_at_once(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "ctrl+q")
        assert ended(app)


async def test_ctrl_q_on_a_play_record_typed_asks_first_then_quits_without_it(game_path, answer_at_once):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "enter", "enter", *"Ana's", "ctrl+q", "enter")
        assert isinstance(app.screen, RecordScreen) and not ended(app)
        assert app.screen.query_one("#location").value == "Ana's"
        await burst(pilot, "ctrl+q", "y")
        assert ended(app)
    assert read_sheet(game_path).sheet.location == ""  # not kept: the question said so


async def test_a_hang_up_keeps_the_play_record_typed_as_ctrl_s_would(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "enter", "enter", *"Ana's", "enter", *"2:22")
        app.hung_up()
        await pilot.pause()
        assert ended(app) and app.return_code == 0 and not app.crash_words
    sheet = read_sheet(game_path).sheet
    assert (sheet.location, sheet.duration_minutes) == ("Ana's", 142)


async def test_a_hang_up_on_a_play_record_the_sheet_refuses_ends_keeping_the_rest_as_it_was(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", *"someday", "enter", "enter", *"Ana's")
        app.hung_up()
        await pilot.pause()
        assert ended(app) and app.return_code == 0 and not app.crash_words
    assert read_sheet(game_path).sheet.location == ""  # one entry, refused whole: nothing half kept


async def test_a_hang_up_on_setup_or_on_its_quit_question_ends_and_starts_no_game():
    for keys in ([*"Ana", "enter", *"Ben"], [*"Ana", "ctrl+q"]):
        app = ScorepadApp()
        async with running(app) as pilot:
            await burst(pilot, "enter", *keys)
            app.hung_up()
            await pilot.pause()
            assert ended(app) and app.return_code == 0 and not app.crash_words
        assert not list(games_dir().glob("*.json"))
