"""The record of the play on screen: the game timer and the record form on Game progress,
the summary and the finished mark on Results (DESIGN, "The record of the play")."""

from __future__ import annotations

import pytest

from scorepad.rules.entries import RecordEvent, SetRecord
from scorepad.rules.record_text import moment_text
from scorepad.storage.session import SheetSession
from scorepad.tui.screens.dialogs import ConfirmScreen
from scorepad.tui.screens.record import RecordScreen
from textual.widgets import Input, Static

from .conftest import app_on, running, three_players
from .helpers import burst, goto, on_disk, post_paste, toasts


def text_of(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_the_timer_starts_pauses_and_stops_from_game_progress(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+g")
        sheet = app.session.sheet
        assert sheet.timer.running_since and sheet.played.started == sheet.timer.running_since
        assert "running" in text_of(app, "#timer")
        await burst(pilot, "ctrl+g")
        assert not app.session.sheet.timer.running_since and "paused" in text_of(app, "#timer")
        app.screen.query_one("#record-actions").focus()
        await burst(pilot, "right", "enter")  # Stop timer
        assert app.session.sheet.played.finished and "stopped at" in text_of(app, "#timer")
        assert on_disk(app).sheet.played == app.session.sheet.played  # shown, so saved


async def test_the_record_form_typed_in_one_burst_is_stored_as_one_step(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e")
        assert isinstance(app.screen, RecordScreen)
        await burst(pilot, *"2026-11-27 19:05", "enter", *"2026-11-27 21:40", "enter", *"Ana's", "enter",
                    *"2:22", "enter", *"new table", "ctrl+s")
        assert not isinstance(app.screen, RecordScreen)
        sheet = app.session.sheet
        assert (moment_text(sheet.played.started), moment_text(sheet.played.finished)) == (
            "2026-11-27 19:05", "2026-11-27 21:40")
        assert (sheet.location, sheet.duration_minutes, sheet.notes) == ("Ana's", 142, "new table")
        assert isinstance(app.session.history[-1], SetRecord) and len(app.session.history) == 2
        assert on_disk(app).sheet == sheet
        await burst(pilot, "ctrl+z")  # one step to undo
        assert app.session.sheet.location == ""


async def test_down_and_up_move_between_the_record_forms_text_fields(game_path):
    """Down did nothing in the play record's form (a new user's run): it moves on, as
    Enter does, and Up comes back, as in Setup; the text typed stays."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e")
        await burst(pilot, *"2026-11-27 19:05", "down")
        assert app.focused.id == "finished"
        await burst(pilot, "up")
        assert app.focused.id == "started" and app.focused.value == "2026-11-27 19:05"


async def test_up_and_down_go_past_the_start_player_and_leave_it_as_it_is(game_path):
    """Up onto the start player opened its list, the next Up moved in it and Enter chose
    a player, unnoticed (a new user's run). Up and Down go from field to field over it,
    as in the rest of the form; Enter or Space opens its list."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "down", "down")
        assert app.focused.id == "start"
        await burst(pilot, "down")
        assert app.focused.id == "location"
        await burst(pilot, "up", "up", "up", "enter", *"2026-11-27 21:40", "ctrl+s")
        assert app.session.sheet.start_player == "" and app.session.sheet.played.finished


async def test_escape_with_something_typed_asks_before_dropping_it(game_path, answer_at_once):
    """Esc closed the form at once and everything typed in it was lost (a new user's
    run). With something changed it asks first; No keeps the form as it was."""
    from scorepad.tui.screens.dialogs import ConfirmScreen

    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "escape")
        assert not isinstance(app.screen, RecordScreen)  # nothing typed: closed at once
        await burst(pilot, "ctrl+e", "down", "down", "down", *"Ana's", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await burst(pilot, "n")
        assert isinstance(app.screen, RecordScreen) and app.screen.query_one("#location", Input).value == "Ana's"
        await burst(pilot, "escape", "y")
        assert not isinstance(app.screen, (RecordScreen, ConfirmScreen)) and app.session.sheet.location == ""


async def test_the_start_player_is_chosen_from_the_players(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "tab", "tab", "enter", "down", "down", "enter", "ctrl+s")
        assert app.session.sheet.start_player == "Ben"


async def test_typing_over_a_recorded_value_replaces_it(scorepad_home):
    session = SheetSession.create(three_players(location="Home"))
    session.close()
    app = app_on(session.path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "enter", "enter", *"Ana's", "ctrl+s")
        assert app.session.sheet.location == "Ana's"


async def test_a_bad_value_is_said_in_the_form_which_keeps_what_was_typed(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", *"Friday", "enter", "enter", *"Ana's", "ctrl+s")
        assert isinstance(app.screen, RecordScreen)
        assert "is not a date and time" in text_of(app, "#record-problem")
        assert app.screen.query_one("#location", Input).value == "Ana's"
        assert len(app.session.history) == 1  # nothing stored
        await burst(pilot, "escape")
        assert app.session.sheet.location == "" and len(app.session.history) == 1



async def test_a_paste_too_long_for_a_field_is_cut_and_said_and_its_lines_joined(game_path):
    """A field holds one line, and at most so many characters: a paste of several lines
    is one line, words apart; a paste too long is cut at the limit and the form says so
    (Textual's field dropped all of it in silence), as does a key typed past it."""
    from scorepad.rules.play_record import MAX_NOTES

    async def paste(text: str) -> None:
        post_paste(app, text)
        await burst(pilot)

    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "enter", "enter")  # to Location
        await paste("Ana's\r\n  back room\n")
        assert app.screen.query_one("#location", Input).value == "Ana's back room"
        assert text_of(app, "#record-problem") == ""
        await burst(pilot, "enter", "enter")  # to Notes
        await paste("x" * (MAX_NOTES + 500))
        notes = app.screen.query_one("#notes", Input)
        assert notes.value == "x" * MAX_NOTES
        assert text_of(app, "#record-problem") == f"Notes: cut to {MAX_NOTES:,} characters, the most it holds"
        await burst(pilot, *"yz")
        assert notes.value == "x" * MAX_NOTES
        assert text_of(app, "#record-problem") == f"Notes: {MAX_NOTES:,} characters at most"
        await burst(pilot, "ctrl+s")
        assert (app.session.sheet.location, app.session.sheet.notes) == ("Ana's back room", "x" * MAX_NOTES)

async def test_a_duration_typed_while_the_timer_runs_is_kept_and_pauses_the_timer(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+g", "ctrl+e", "enter", "enter", "enter", *"90", "ctrl+s")
        assert not isinstance(app.screen, RecordScreen)
        assert app.session.sheet.duration_minutes == 90 and not app.session.sheet.timer.running_since


async def test_nothing_changed_stores_nothing(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "ctrl+s")
        assert not isinstance(app.screen, RecordScreen) and len(app.session.history) == 1


@pytest.fixture
def ended_game_path(scorepad_home):
    """A game whose end is triggered: the second Event (E1a)."""
    session = SheetSession.create(three_players())
    session.apply(RecordEvent())
    session.apply(RecordEvent())
    session.close()
    return session.path


async def test_E1_results_reached_after_the_end_marks_the_game_finished_once(ended_game_path):
    app = app_on(ended_game_path)
    async with running(app) as pilot:
        await goto(pilot, "results")
        assert app.session.sheet.finished
        assert "Counted in statistics: yes" in text_of(app, "#record")
        await burst(pilot, "ctrl+f")
        assert not app.session.sheet.finished
        await goto(pilot, "progress")
        await goto(pilot, "results")
        assert not app.session.sheet.finished  # the table said so: not marked again
        assert on_disk(app).sheet.finished is False


async def test_results_before_the_end_leave_the_game_unfinished_and_show_the_record(scorepad_home):
    session = SheetSession.create(three_players(location="Ana's", start_player="Cy", notes="rematch"))
    session.close()
    app = app_on(session.path)
    async with running(app) as pilot:
        await goto(pilot, "results")
        assert not app.session.sheet.finished
        shown = text_of(app, "#record")
        assert "at Ana's · Cy started" in shown and "Notes: rematch" in shown
        assert "Counted in statistics: no, not finished" in shown


async def test_a_read_only_sheet_opens_no_record_form_and_marks_nothing():
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp(demo=True)  # the bundled finished game, read-only, opens on Results
    async with running(app, notifications=True) as pilot:
        before = app.session.sheet
        await goto(pilot, "progress")
        await burst(pilot, "ctrl+e")
        assert not isinstance(app.screen, RecordScreen)
        await goto(pilot, "results")
        await burst(pilot, "ctrl+f")
        assert app.session.sheet == before


async def test_typing_in_the_first_field_replaces_the_time_the_timer_recorded(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+g", "ctrl+g", "ctrl+e", *"2026-11-27 19:05", "ctrl+s")
        assert moment_text(app.session.sheet.played.started) == "2026-11-27 19:05"


async def test_E1_undoing_the_finished_mark_is_not_undone_by_coming_back(ended_game_path):
    app = app_on(ended_game_path)
    async with running(app) as pilot:
        await goto(pilot, "results")
        assert app.session.sheet.finished
        await burst(pilot, "ctrl+z")
        assert not app.session.sheet.finished
        await goto(pilot, "progress")
        await goto(pilot, "results")
        assert not app.session.sheet.finished


async def test_E1_reaching_results_after_the_end_stops_a_running_timer(ended_game_path):
    app = app_on(ended_game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+g")
        await goto(pilot, "results")
        sheet = app.session.sheet
        assert sheet.finished and not sheet.timer.running_since and sheet.played.finished
        assert "running" not in text_of(app, "#record")


async def test_results_say_a_timer_still_runs(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+g")
        await goto(pilot, "results")  # the end not triggered: the game goes on
        assert "The game timer is running" in text_of(app, "#record")


async def test_the_same_duration_in_another_form_is_no_change_even_while_the_timer_runs(scorepad_home):
    session = SheetSession.create(three_players(duration_minutes=142))
    session.close()
    app = app_on(session.path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+g", "ctrl+e", "enter", "enter", "enter", *"2:22", "ctrl+s")
        assert not isinstance(app.screen, RecordScreen)
        assert app.session.sheet.duration_minutes == 142


async def test_the_clock_ticking_while_game_progress_has_no_widgets_shows_nothing_and_raises_nothing(game_path):
    """The once-a-second tick reached a Game progress screen being composed again (or
    closed with the app): its timer line was not there, and a traceback ended the app."""
    app = app_on(game_path)
    async with running(app) as pilot:
        screen = app.screen
        await screen.query_one("#timer").remove()
        screen.show_timer()  # what the interval calls
        await pilot.pause()
        assert app.is_running and not screen.query("#timer")


async def test_a_duration_longer_than_the_play_is_said_in_the_form_and_nothing_is_stored(game_path, answer_at_once):
    """A new user's run: Started 19:00, Finished 20:00 and a duration of 142 minutes
    were kept without a word."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", *"2026-11-27 19:00", "enter", *"2026-11-27 20:00", "enter",
                    "enter", *"142", "ctrl+s")
        assert isinstance(app.screen, ConfirmScreen)  # the table may know better: it is asked
        assert "longer than Started to Finished (1 h 00 min). Keep the record as typed?" in app.screen.question
        await burst(pilot, "enter")  # No has the focus: back to the form, nothing stored
        assert isinstance(app.screen, RecordScreen)
        assert "longer than Started to Finished (1 h 00 min)" in text_of(app, "#record-problem")
        assert len(app.session.history) == 1 and on_disk(app).sheet.duration_minutes == 0
        await burst(pilot, "backspace", "backspace", "backspace", *"55", "ctrl+s")  # what fits is kept
        assert not isinstance(app.screen, RecordScreen)
        assert app.session.sheet.duration_minutes == 55


async def test_a_finish_ahead_of_the_clock_is_kept_when_the_table_says_so(game_path, answer_at_once):
    """The laptop's clock may be the one that is wrong: y keeps the record as typed."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", "enter", *"2999-01-01 20:00", "ctrl+s")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Finished is in the future (2999-01-01 20:00): a typo? Keep the record as typed?"
        await burst(pilot, "y")
        assert not isinstance(app.screen, (ConfirmScreen, RecordScreen))
        assert moment_text(on_disk(app).sheet.played.finished) == "2999-01-01 20:00"


def test_the_timer_line_says_not_run_for_times_typed_by_hand():
    """Started and Finished typed in the form, the timer never run: the line said "Game
    timer 0:00:00, stopped at 12:00" (a new user's run). A timer started and stopped in
    the same second still says it stopped."""
    from datetime import datetime, timezone

    from scorepad.rules.play_record import GameTimer, Played
    from scorepad.tui.screens.progress import timer_words

    now = datetime(2026, 11, 27, 22, 0, tzinfo=timezone.utc)
    typed = three_players().but(played=Played(started="2026-11-27T19:00:00+00:00", finished="2026-11-27T21:00:00+00:00"))
    assert timer_words(typed, now) == "Game timer not run (the play record's times were typed)"
    same_second = typed.but(played=Played(started="2026-11-27T19:00:00+00:00", finished="2026-11-27T19:00:00+00:00"))
    assert timer_words(same_second, now) == "Game timer 0:00:00, stopped at 2026-11-27 19:00"
    timed = typed.but(timer=GameTimer(seconds=3723))
    assert timer_words(timed, now) == "Game timer 1:02:03, stopped at 2026-11-27 21:00"
    assert timer_words(timed.but(played=Played(started="2026-11-27T19:00:00+00:00")), now) == "Game timer 1:02:03, paused"
    running = typed.but(timer=GameTimer(seconds=60, running_since="2026-11-27T21:59:00+00:00"))
    assert timer_words(running, now) == "Game timer 0:02:00, running"
