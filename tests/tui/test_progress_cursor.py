"""One cursor on Game progress, where the keys go. A tmux run at 80 x 24: after
``1`` Enter Enter ``2`` Enter Tab Up Up, both Round and Empty Library spaces were drawn
in the cursor's colours and ``5`` went to the Round; with "Record an Event" focused the
empty spaces still looked focused, so digits typed there vanished and Enter recorded an
Event. Each test reads the cursors off what the screen draws, not off the widgets."""

from __future__ import annotations

from .conftest import app_on, running
from .helpers import burst, count_cell, focused_id, on_disk
from .on_screen import drawn_cursors

# Setup's keys done: the generation, the phase (Planning), round 2, Tab past the empty
# spaces to the action bar, then Up twice, back to the Round
REPORTED = ("1", "enter", "enter", "2", "enter", "tab", "up", "up")


def marks(app) -> list[tuple]:
    """The saved timeline in short: ("round", 2), ("event",), ..."""
    return [(m.kind, *((m.round,) if m.kind == "round" else (m.count,) if m.kind == "empty_spaces" else ()))
            for m in on_disk(app).sheet.timeline]


async def test_one_key_at_a_time_one_field_looks_focused_and_takes_the_keys(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        assert drawn_cursors(app) == ["generation-0"]
        walked = []
        for key in (*REPORTED, "5", "enter", "tab", "up", "3", "enter", "tab"):
            await pilot.press(key)
            drawn = drawn_cursors(app)
            assert drawn == [focused_id(app)], f"after {walked + [key]}: drawn {drawn}, focused {focused_id(app)}"
            walked.append(key)
        # the 5 went to the Round, where the cursor was drawn; the empty spaces got the 3
        assert marks(app) == [("phase",), ("round", 2), ("round", 5), ("empty_spaces", 3)]
        assert focused_id(app) == "actions"


async def test_in_a_burst_the_keys_go_where_the_cursor_is_drawn(game_path):
    """Bursts, the screen looked at after each (a frame between bursts, as a terminal
    draws them); the last one is the tester's "3 Enter Tab" back from the Round, which
    left the empty spaces looking focused as if Enter had stayed on the Round."""
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await burst(pilot, *REPORTED)
        assert drawn_cursors(app) == [focused_id(app)] == ["round-0"]
        await burst(pilot, "5")
        assert count_cell(app, "round-0")[0] == "5" and count_cell(app, "empty-0")[0] == ""
        await burst(pilot, "enter", "tab")
        assert drawn_cursors(app) == [focused_id(app)] == ["actions"]
        await burst(pilot, "up", "up", "3", "enter")
        assert drawn_cursors(app) == [focused_id(app)] == ["empty-0"]  # Enter on the Round moves on
        await burst(pilot, "tab")
        assert drawn_cursors(app) == [focused_id(app)] == ["actions"]
        assert marks(app) == [("phase",), ("round", 2), ("round", 5), ("round", 3)]


async def test_after_tab_the_action_bar_alone_looks_focused_and_enter_there_records_an_event(game_path):
    """The tester's burst: Tab leaves the empty spaces for the action bar (Enter there
    records an Event, and a digit is no action's key, nor the Enter after it a choice); the bar is what looks focused,
    so nothing typed vanishes behind a field that only looks focused. The table is left
    twice, its cursor moved in between: the first time a widget of its kind loses the
    focus it is restyled in full (``focus_look``), which hid the stale cursor."""
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await burst(pilot, "1", "enter", "enter", "2", "enter", "tab")
        assert drawn_cursors(app) == [focused_id(app)] == ["actions"]
        await burst(pilot, "up", "up", "down")
        assert drawn_cursors(app) == [focused_id(app)] == ["empty-0"]
        await burst(pilot, "tab", "7")
        assert drawn_cursors(app) == [focused_id(app)] == ["actions"]
        assert count_cell(app, "empty-0") == ("", "")
        await burst(pilot, "enter", "ctrl+r", "ctrl+r")  # the 7's Enter is no choice (it may end the game)
        assert marks(app) == [("phase",), ("round", 2), ("event",), ("event",)]
        assert drawn_cursors(app) == ["actions"]
