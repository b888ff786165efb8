"""The record of the play (DESIGN, "The record of the play"): its entries, the game
timer, the id a new sheet gets once, and old files without any of it."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from scorepad.rules.entries import EntryError, RemovePlayer, RenamePlayer, SetRecord, TimeGame, apply, fold, Begin
from scorepad.rules.models import Sheet
from scorepad.rules.play_record import GameTimer, Played, minutes_of, new_play_id
from scorepad.rules.record_text import (
    clock_words, duration_words, moment_text, record_words, typed_minutes, typed_moment, unlikely_change,
)
from scorepad.rules.scoring import score_players
from scorepad.storage.files import read_sheet
from scorepad.storage.session import SheetSession

from .conftest import make_sheet

TWO = make_sheet({"name": "Ana", "renown": 4}, {"name": "Ben"})
EIGHT_PM = datetime(2026, 11, 27, 20, 0, tzinfo=timezone(timedelta(hours=1)))


def at(minutes: float) -> str:
    return (EIGHT_PM + timedelta(minutes=minutes)).isoformat(timespec="seconds")


def test_an_old_file_without_a_record_loads_with_an_empty_one():
    sheet = Sheet.model_validate({"players": [{"name": "Ana"}]})
    assert (sheet.id, sheet.location, sheet.notes, sheet.start_player) == ("", "", "", "")
    assert (sheet.played.started, sheet.duration_minutes, sheet.finished) == ("", 0, False)


def test_the_record_changes_no_score():
    recorded = apply(TWO, SetRecord(location="Ana's", notes="new table", start_player="Ben",
                                    duration_minutes=142, finished=True))
    assert score_players(recorded) == score_players(TWO)
    assert (recorded.location, recorded.notes, recorded.start_player) == ("Ana's", "new table", "Ben")
    assert (recorded.duration_minutes, recorded.timer.seconds, recorded.finished) == (142, 142 * 60, True)


def test_a_field_not_given_is_left_as_it_was():
    recorded = apply(apply(TWO, SetRecord(location="Ana's", notes="n")), SetRecord(notes=""))
    assert (recorded.location, recorded.notes) == ("Ana's", "")


@pytest.mark.parametrize("fields, problem", [
    ({"start_player": "Cy"}, 'the start player "Cy" is not one of the players'),
    ({"played": {"started": at(60), "finished": at(0)}}, "a game cannot finish before it started"),
])
def test_a_record_that_does_not_fit_the_sheet_is_refused(fields, problem):
    with pytest.raises((EntryError, ValidationError)) as refused:
        apply(TWO, SetRecord.model_validate(fields))
    assert problem in str(refused.value)


@pytest.mark.parametrize("started, problem", [
    ("2026-11-27 19:05", "a time needs its UTC offset, as 2026-11-27T19:05:00+01:00"),
    ("Friday", "a time is written as 2026-11-27T19:05:00+01:00 (ISO 8601)"),
])
def test_a_time_in_a_file_that_is_not_one_says_how_to_write_it(started, problem):
    with pytest.raises(ValidationError) as refused:
        Sheet.model_validate({"players": [{"name": "Ana"}], "played": {"started": started}})
    assert refused.value.errors()[0]["msg"] == f"Value error, {problem}"


@pytest.mark.parametrize("fields", [
    {"played": {"started": "2026-11-27 19:05"}},  # no UTC offset
    {"played": {"started": "Friday"}},
    {"duration_minutes": 10_000}, {"duration_minutes": -1}, {"duration_minutes": "60"},
    {"location": "x" * 81}, {"notes": "x" * 2001},
])
def test_a_bad_value_is_refused_by_the_entry_itself(fields):
    with pytest.raises(ValidationError):
        SetRecord.model_validate(fields)


@pytest.mark.parametrize("text", ["not-a-uuid", "1234", "0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1"])
def test_a_sheet_id_must_be_a_uuid(text):
    with pytest.raises(ValidationError) as refused:
        Sheet.model_validate({"players": [{"name": "Ana"}], "id": text})
    assert refused.value.errors()[0]["msg"] == (
        "Value error, a sheet's id is a uuid, as 0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f")


def test_an_id_is_stored_in_its_one_canonical_form():
    sheet = Sheet.model_validate({"players": [{"name": "Ana"}], "id": "0B6F3C2E5D1A4C8E9F7B2A4D6E8C0B1F"})
    assert sheet.id == "0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f"


def test_renaming_the_start_player_keeps_them_start_player_and_removing_them_clears_it():
    ben_starts = apply(TWO, SetRecord(start_player="Ben"))
    assert apply(ben_starts, RenamePlayer(player=1, name="Benedict")).start_player == "Benedict"
    assert apply(ben_starts, RenamePlayer(player=0, name="Anna")).start_player == "Ben"
    assert apply(ben_starts, RemovePlayer(player=1)).start_player == ""
    assert apply(ben_starts, RemovePlayer(player=0)).start_player == "Ben"


def test_the_timer_dates_the_play_and_measures_it():
    sheet = apply(TWO, TimeGame(action="start", at=at(0)))
    assert (sheet.played.started, sheet.timer.running_since) == (at(0), at(0))
    sheet = apply(sheet, TimeGame(action="pause", at=at(50)))  # a break
    assert (sheet.duration_minutes, sheet.timer.running_since) == (50, "")
    sheet = apply(sheet, TimeGame(action="start", at=at(70)))
    assert sheet.played.started == at(0)  # the first start dates the play
    sheet = apply(sheet, TimeGame(action="stop", at=at(162)))
    assert (sheet.duration_minutes, sheet.played.finished) == (142, at(162))


@pytest.mark.parametrize("steps, refusal", [
    ([("pause", 0)], "the game timer is not running"),
    ([("stop", 0)], "the game timer is not running"),
    ([("start", 0), ("start", 1)], "the game timer is already running"),
    ([("start", 0), ("pause", 5), ("pause", 6)], "the game timer is not running (0:05:00 timed)"),
])
def test_a_timer_key_at_the_wrong_moment_is_refused_and_changes_nothing(steps, refusal):
    sheet = TWO
    *before, (action, minute) = steps
    for step, when in before:
        sheet = apply(sheet, TimeGame(action=step, at=at(when)))
    with pytest.raises(EntryError) as refused:
        apply(sheet, TimeGame(action=action, at=at(minute)))
    assert str(refused.value).startswith(refusal)


def test_a_typed_duration_is_what_the_timer_goes_on_from_and_pauses_it_when_running():
    """A duration typed while the timer runs is the time: the timer pauses there (it was
    refused, "pause the game timer", and the play record's form had no way to pause
    it: its keys wait for the form to close, and Esc drops what was typed)."""
    running = apply(TWO, TimeGame(action="start", at=at(0)))
    paused = apply(running, SetRecord(duration_minutes=90))
    assert paused.duration_minutes == 90 and paused.timer.seconds == 90 * 60 and not paused.timer.running_since
    typed = apply(apply(running, TimeGame(action="pause", at=at(10))), SetRecord(duration_minutes=90))
    going_on = apply(apply(typed, TimeGame(action="start", at=at(20))), TimeGame(action="stop", at=at(50)))
    assert going_on.duration_minutes == 120


def test_going_on_after_a_stop_reopens_the_play():
    stopped = fold([Begin(sheet=TWO), TimeGame(action="start", at=at(0)), TimeGame(action="stop", at=at(30))])
    again = apply(stopped, TimeGame(action="start", at=at(40)))
    assert (again.played.started, again.played.finished) == (at(0), "")


def test_a_clock_set_back_adds_no_negative_time():
    sheet = apply(apply(TWO, TimeGame(action="start", at=at(30))), TimeGame(action="stop", at=at(10)))
    assert sheet.duration_minutes == 0 and sheet.played.finished == at(30)


def test_times_in_two_offsets_are_ordered_as_instants_not_as_text():
    """A laptop that changed time zone mid-game: 10:00-05:00 is after 12:00+00:00."""
    sheet = apply(TWO, TimeGame(action="start", at="2026-11-27T12:00:00+00:00"))
    sheet = apply(sheet, TimeGame(action="stop", at="2026-11-27T10:00:00-05:00"))
    assert sheet.played.finished == "2026-11-27T10:00:00-05:00" and sheet.duration_minutes == 180


@given(st.lists(st.integers(min_value=0, max_value=600), min_size=1, max_size=12))
def test_the_duration_is_the_sum_of_the_running_stretches(gaps):
    """Start and pause in turn at growing times: the duration is every running stretch
    added up, to the nearest minute, whatever the order of pauses and stops."""
    sheet, clock, running_seconds = TWO, 0, 0
    for n, gap in enumerate(gaps):
        clock += gap
        action = "start" if n % 2 == 0 else "pause"
        if action == "pause":
            running_seconds += gap * 60
        sheet = apply(sheet, TimeGame(action=action, at=at(clock)))
    if sheet.timer.running_since:
        sheet = apply(sheet, TimeGame(action="stop", at=at(clock + 7)))
        running_seconds += 7 * 60
    assert sheet.duration_minutes == minutes_of(running_seconds)
    assert sheet.timer.timed(EIGHT_PM + timedelta(days=1)) == running_seconds


def test_a_running_timer_counts_up_to_now_and_stops_at_its_limit():
    timer = GameTimer(running_since=at(0), seconds=60)
    assert timer.timed(EIGHT_PM + timedelta(seconds=61)) == 121
    assert timer.timed(EIGHT_PM + timedelta(days=30)) == 9_999 * 60


@pytest.mark.parametrize("minutes, words", [(0, "0 min"), (45, "45 min"), (60, "1 h 00 min"), (142, "2 h 22 min")])
def test_duration_words(minutes, words):
    assert duration_words(minutes) == words


def test_clock_words_and_rounding():
    assert clock_words(3723) == "1:02:03"
    assert [minutes_of(s) for s in (29, 30, 89, 90)] == [0, 1, 1, 2]


def test_a_new_game_gets_an_id_once_and_two_games_never_share_one(tmp_path):
    first = SheetSession.create(TWO, folder=tmp_path)
    second = SheetSession.create(TWO, folder=tmp_path)
    ids = {first.sheet.id, second.sheet.id}
    assert len(ids) == 2 and "" not in ids
    first.apply(SetRecord(location="Ana's"))
    first.sync()
    path = first.path
    first.close()
    assert read_sheet(path).sheet.id == first.sheet.id  # kept by every save
    reopened = SheetSession.open(path)
    assert reopened.sheet.id == first.sheet.id and reopened.history[0].sheet.id == first.sheet.id
    reopened.close()
    second.close()


def test_a_sheet_that_has_an_id_keeps_it():
    keep = new_play_id()
    assert TWO.but(id=keep).id == keep


@pytest.mark.parametrize("typed, minutes", [
    ("142", 142), ("2:22", 142), ("2h22", 142), ("2 h 22 min", 142), ("45 min", 45), ("45m", 45),
    ("1h", 60), ("", 0), ("  90  ", 90), ("9999", 9999), ("0:59", 59),
])
def test_a_typed_duration_in_minutes(typed, minutes):
    assert typed_minutes(typed) == minutes


@pytest.mark.parametrize("typed, problem", [
    ("2:75", "after the hours, minutes are 0 to 59"), ("1:60", "after the hours, minutes are 0 to 59"), ("10000", "at most 9999 minutes"),
    ("166:40", "at most 9999 minutes"), ("an hour", "is not a duration"), ("-5", "is not a duration"),
    ("1.5", "is not a duration"),
])
def test_a_typed_duration_that_is_not_one_says_what_is_expected(typed, problem):
    with pytest.raises(ValueError, match=problem):
        typed_minutes(typed)


def test_a_long_typed_value_is_quoted_cut_short_in_its_message():
    with pytest.raises(ValueError) as duration:
        typed_minutes("x" * 50)
    assert str(duration.value).startswith(f'"{"x" * 20}" is not a duration')
    with pytest.raises(ValueError) as moment:
        typed_moment("y" * 50)
    assert str(moment.value) == f'"{"y" * 30}" is not a date and time: type 2026-11-27 19:05'


@pytest.mark.parametrize("typed", ["0001-01-01 00:00", "9999-12-31 23:59"])
def test_a_typed_time_at_the_calendars_ends_says_what_it_takes_not_pythons_words(typed, monkeypatch):
    """Year 1 at midnight, taken as the machine's local time, falls outside Python's
    calendar once made UTC: "year 0 is out of range" was said of a year the user never
    typed. Local time here is UTC+1, as at a table in Europe."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    import time
    time.tzset()
    try:
        try:
            stored = typed_moment(typed)
        except ValueError as refused:
            assert str(refused) == f'"{typed}" is out of the dates a record takes: type a date from 0002-01-01 to 9998-12-31'
        else:
            assert moment_text(stored) == typed
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_typed_time_is_kept_with_the_offset_it_was_typed_in_or_this_machines():
    assert typed_moment("2026-11-27T19:05:00+05:30") == "2026-11-27T19:05:00+05:30"
    local = typed_moment("2026-11-27  19:05")  # spaces as a person types them
    assert moment_text(local) == "2026-11-27 19:05"
    assert datetime.fromisoformat(local).utcoffset() == datetime(2026, 11, 27, 19, 5).astimezone().utcoffset()
    assert moment_text(typed_moment("2026-11-27")) == "2026-11-27 00:00"
    assert typed_moment("   ") == "" and moment_text("") == ""


@pytest.mark.parametrize("typed", ["Friday", "27/11/2026", "2026-13-01 10:00", "19:05"])
def test_a_typed_time_that_is_not_one_says_how_to_write_it(typed):
    with pytest.raises(ValueError, match="type 2026-11-27 19:05"):
        typed_moment(typed)


def test_the_record_in_one_line():
    sheet = TWO.but(played=TWO.played.but(started=at(0), finished=at(142)), duration_minutes=142,
                    location="Ana's", start_player="Ben", notes="not in the line")
    assert record_words(sheet) == "Played 2026-11-27 20:00 to 22:22 · 2 h 22 min · at Ana's · Ben started"
    overnight = TWO.but(played=TWO.played.but(started=at(0), finished=at(300)))
    assert record_words(overnight) == "Played 2026-11-27 20:00 to 2026-11-28 01:00"
    assert record_words(TWO.but(played=TWO.played.but(finished=at(5)))) == "Played ? to 2026-11-27 20:05"
    assert record_words(TWO.but(played=TWO.played.but(started=at(5)))) == "Played 2026-11-27 20:05 to ?"
    assert record_words(TWO) == ""


NOW = EIGHT_PM + timedelta(hours=2)
NOTHING = (Played(), 0)


@pytest.mark.parametrize(("started", "finished", "minutes", "problem"), [
    (at(0), at(60), 142, "A duration of 2 h 22 min is longer than Started to Finished (1 h 00 min)."),
    (at(0), at(24 * 60 + 1), 0, "Finished is in the future (2026-11-28 20:01): a typo?"),
    (at(24 * 60 + 1), "", 0, "Started is in the future (2026-11-28 20:01): a typo?"),
    (at(24 * 60), at(25 * 60), 200, "Started is in the future (2026-11-28 20:00): a typo? Finished is in the "
     "future (2026-11-28 21:00): a typo? A duration of 3 h 20 min is longer than Started to Finished (1 h 00 min)."),
])
def test_a_record_that_cannot_be_true_is_said(started, finished, minutes, problem):
    """A new user's run: a play record kept a duration longer than the time from Started
    to Finished, and a Finished time a day ahead. Said before it is stored."""
    assert unlikely_change(NOTHING, (Played(started=started, finished=finished), minutes), NOW) == problem


@pytest.mark.parametrize(("started", "finished", "minutes"), [
    (at(0), at(60), 60),  # the whole span timed
    (at(0), at(60), 61),  # a minute's rounding: the timer rounds to the nearest
    (at(0), "", 142),  # no span to compare with
    ("", at(60), 142),
    (at(0), at(125), 0),  # a few minutes ahead of this machine's clock: another clock
    (at(0.98), at(60), 61),  # 20:00:59 to 21:00, shown as 20:00 to 21:00 (attack run)
])
def test_a_record_that_can_be_true_is_not_questioned(started, finished, minutes):
    assert unlikely_change(NOTHING, (Played(started=started, finished=finished), minutes), NOW) == ""


def test_a_duration_typed_before_the_timer_ran_is_asked_about_only_when_a_change_makes_it_worse():
    """Typed 30 minutes, then timed 60 (the timer goes on from what was typed): 90
    minutes from 20:00 to 21:00. Moving Finished ten minutes on asked whether 90 minutes
    fit in 70 (attack run): the app made that record itself."""
    sheet = fold([Begin(sheet=TWO), SetRecord(duration_minutes=30), TimeGame(action="start", at=at(0)),
                  TimeGame(action="stop", at=at(60))])
    assert (sheet.duration_minutes, sheet.played.finished) == (90, at(60))
    before = (sheet.played, sheet.duration_minutes)
    assert unlikely_change(before, (sheet.played.but(finished=at(70)), 90), NOW) == ""
    assert unlikely_change(before, (sheet.played, 91), NOW) == ""  # a minute's rounding more
    assert "A duration of 1 h 35 min is longer" in unlikely_change(before, (sheet.played, 95), NOW)


def test_a_time_ahead_that_was_stored_already_is_not_asked_about_again():
    """A clock set wrong stored a time ahead, kept by the table: a duration typed later
    is not asked about the time it did not change."""
    ahead = Played(started=at(0), finished=at(24 * 60))
    assert unlikely_change((ahead, 0), (ahead, 30), NOW) == ""
