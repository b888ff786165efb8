"""Game progress with the keyboard alone: the phase commits on Enter and hands the focus
on, a phase that steps back asks first, and a whole screen typed in one burst lands in
the saved file with the right end status (E1-E8)."""

from __future__ import annotations

import pytest

from scorepad.rules.entries import EnterPhase
from scorepad.storage.files import read_sheet
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.dialogs import ConfirmScreen
from scorepad.tui.screens.progress import goes_backwards
from scorepad.tui.widgets.choice_bar import ChoiceBar

from .conftest import app_on, running
from .helpers import burst, count_cell, focused_id, goto, on_disk, tab_to, toasts


def saved(app):
    """The sheet as it is on disk (file and journal) when the screen shows it."""
    return on_disk(app).sheet


def marks(sheet) -> list[tuple]:
    """The timeline in short: ("phase", phase, generation), ("round", n), ("event",), ..."""
    short = {"phase": lambda m: (m.phase, m.generation), "round": lambda m: (m.round,),
             "event": lambda m: (), "empty_spaces": lambda m: (m.count,)}
    return [(m.kind, *short[m.kind](m)) for m in sheet.timeline]


# -- the pure rule: what counts as a step back -------------------------------------------


@pytest.mark.parametrize(("now", "new", "back"), [
    (("execution", 1), ("planning", 1), True),  # the reported case
    (("end_of_generation", 2), ("execution", 2), True),
    (("planning", 3), ("end_of_generation", 2), True),  # a lower generation, whatever the phase
    (("planning", 1), ("execution", 1), False),
    (("execution", 1), ("end_of_generation", 1), False),
    (("end_of_generation", 1), ("planning", 2), False),  # a new generation begins
    (("execution", 2), ("execution", 2), False),  # the same phase: a duplicate, not a step back
    ((None, 1), ("planning", 1), False),  # nothing recorded yet is before every phase
])
def test_E1_E6_E7_goes_backwards_earlier_phase_or_lower_generation(now, new, back):
    assert goes_backwards(*now, *new) is back


# -- Enter on the phase ------------------------------------------------------------------


@pytest.mark.parametrize("key", ["enter", "space"])
async def test_E1_enter_or_space_on_the_phase_commits_it_and_moves_on_to_the_round(game_path, key):
    app = app_on(game_path)
    async with running(app) as pilot:
        await tab_to(pilot, "phase")
        await pilot.press("right", key)
        await pilot.pause()
        assert app.live.end().phase == "execution"
        assert focused_id(app) == "round-0"
        await pilot.press(key)  # now in the Round table: a second Enter is no second phase mark
        await pilot.pause()
        assert marks(app.session.sheet) == [("phase", "execution", 1)]


async def test_E1_choosing_the_current_phase_records_nothing_and_moves_on(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        app.live.send(EnterPhase(phase="execution", generation=1))
        await pilot.pause()
        await tab_to(pilot, "phase")
        assert app.screen.query_one("#phase", ChoiceBar).highlighted == 1  # the cursor starts on the phase
        await pilot.press("enter")
        await pilot.pause()
        assert marks(app.session.sheet) == [("phase", "execution", 1)]
        assert focused_id(app) == "round-0"


async def test_E6_a_new_generation_begins_with_planning_and_asks_nothing(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        app.live.send(EnterPhase(phase="end_of_generation", generation=1))
        await pilot.pause()
        await tab_to(pilot, "generation-0")
        await burst(pilot, "2", "enter", "enter")  # generation 2, then Enter on its phase
        assert not isinstance(app.screen, ConfirmScreen)
        assert marks(app.session.sheet) == [("phase", "end_of_generation", 1), ("phase", "planning", 2)]
        assert focused_id(app) == "round-0"


# -- a step back asks first --------------------------------------------------------------


async def test_E1_E7_execution_back_to_planning_asks_no_records_nothing(game_path, answer_at_once):
    app = app_on(game_path)
    async with running(app) as pilot:
        app.live.send(EnterPhase(phase="execution", generation=1))
        await pilot.pause()
        await tab_to(pilot, "phase")
        await pilot.press("left", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Planning" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert marks(app.session.sheet) == [("phase", "execution", 1)]
        # back on the Phase row, the cursor on the phase the game is in, to choose again
        bar = app.screen.query_one("#phase", ChoiceBar)
        assert app.focused is bar and bar.highlighted == 1


async def test_E1_E7_going_back_asks_with_no_focused_so_a_burst_of_enters_records_nothing(game_path):
    """``left enter enter`` typed in a burst went back a phase: Yes had the focus."""
    app = app_on(game_path)
    async with running(app) as pilot:
        app.live.send(EnterPhase(phase="execution", generation=1))
        await pilot.pause()
        await tab_to(pilot, "phase")
        await burst(pilot, "left", "enter", "enter")
        assert marks(app.session.sheet) == [("phase", "execution", 1)]
        assert isinstance(app.screen, ConfirmScreen)  # the burst's Enter answered nothing: not yet read


async def test_E1_E7_execution_back_to_planning_yes_records_it(game_path, answer_at_once):
    app = app_on(game_path)
    async with running(app) as pilot:
        app.live.send(EnterPhase(phase="execution", generation=1))
        await pilot.pause()
        await tab_to(pilot, "phase")
        await pilot.press("left", "enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert marks(app.session.sheet) == [("phase", "execution", 1), ("phase", "planning", 1)]
        assert app.live.end().phase == "planning" and focused_id(app) == "round-0"


async def test_E1_E7_a_lower_generation_asks_first(game_path, answer_at_once):
    app = app_on(game_path)
    async with running(app) as pilot:
        app.live.send(EnterPhase(phase="execution", generation=2))
        await pilot.pause()
        await tab_to(pilot, "generation-0")
        await burst(pilot, "1", "enter")
        assert isinstance(app.screen, ConfirmScreen) and "Generation 1" in app.screen.question
        await burst(pilot, "n")
        assert app.live.end().generation == 2 and count_cell(app, "generation-0")[0] == "2"
        assert focused_id(app) == "generation-0"
        await burst(pilot, "1", "enter", "y")
        assert marks(app.session.sheet)[-1] == ("phase", "planning", 1)
        assert focused_id(app) == "phase"


# -- whole screens in one burst ----------------------------------------------------------


async def test_E1_E4_a_whole_progress_screen_in_one_burst_second_event_in_execution_ends(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "2", "enter", "right", "enter", "3", "enter", "5", "enter", "ctrl+r", "ctrl+r")
        assert marks(saved(app)) == [
            ("phase", "planning", 2), ("phase", "execution", 2), ("round", 3), ("empty_spaces", 5),
            ("event",), ("event",),
        ]
        end = app.live.end()
        assert (end.triggered, end.cause, end.rule) == (True, "event", "E4")
        assert end.generation == 2 and end.round == 3


async def test_E1_E5_a_burst_down_to_two_empty_spaces_in_execution_ends(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "1", "enter", "right", "enter", "4", "enter", "2", "enter", "ctrl+r")
        assert marks(saved(app)) == [("phase", "execution", 1), ("round", 4), ("empty_spaces", 2), ("event",)]
        end = app.live.end()  # E3: the Event after the Library threshold changes nothing
        assert (end.triggered, end.cause, end.rule) == (True, "library", "E5")


async def test_E6_a_second_event_in_end_of_generation_in_one_burst(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "3", "enter", "right", "right", "enter", "ctrl+r", "ctrl+r")
        assert marks(saved(app)) == [
            ("phase", "planning", 3), ("phase", "end_of_generation", 3), ("event",), ("event",),
        ]
        assert focused_id(app) == "round-0"
        assert (app.live.end().cause, app.live.end().rule) == ("event", "E6")


async def test_E7_a_step_back_is_not_answered_by_the_rest_of_its_burst_but_by_a_key_after_a_pause(game_path, key_clock):
    """``n`` or ``y`` typed on in the burst that asked was an answer given unseen (a name
    typed on after Esc in Setup answered its question with its ``y``): the question
    stays, says so, and the next key after a pause answers it."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "tab", "right", "enter", "shift+tab", "left", "enter", "y", "7", "enter")
        assert marks(saved(app)) == [("phase", "execution", 1)]
        assert isinstance(app.screen, ConfirmScreen) and app.screen.query_one("#not-taken").display
        key_clock.advance(1.0)  # the typist reads the question
        await burst(pilot, "y")
        await burst(pilot, "7", "enter")
        assert marks(saved(app)) == [("phase", "execution", 1), ("phase", "planning", 1), ("round", 7)]


async def test_E1_E8_the_grid_game_burst_skips_the_empty_count(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await burst(pilot, "1", "enter", "right", "enter", "2", "enter", "ctrl+r")
        assert marks(saved(app)) == [("phase", "execution", 1), ("round", 2), ("event",)]
        assert focused_id(app) == "round-0"  # Enter on the last count stays, for the next round
        assert not app.live.end().triggered and any("E8" in w for w in app.live.end().warnings)


async def test_E2_enter_on_the_round_stores_it_and_stays_for_the_next_round(grid_game_path):
    """Rounds are typed one after another through the game: Enter on the last count
    stores it and keeps the cursor there (the next key typed replaces it); Tab moves on."""
    app = app_on(grid_game_path)  # with a Library grid, the Round is the table's one cell
    async with running(app) as pilot:
        await tab_to(pilot, "round-0")
        await burst(pilot, "2", "enter", "3", "enter")
        assert marks(saved(app)) == [("round", 2), ("round", 3)]
        assert focused_id(app) == "round-0"
        await burst(pilot, "4", "tab")
        assert marks(saved(app))[-1] == ("round", 4) and focused_id(app) == "actions"


async def test_E2_without_a_library_enter_goes_from_the_round_to_the_empty_spaces_and_stays(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await tab_to(pilot, "round-0")
        await burst(pilot, "2", "enter", "9", "enter", "8", "enter")
        assert marks(saved(app)) == [("round", 2), ("empty_spaces", 9), ("empty_spaces", 8)]
        assert focused_id(app) == "empty-0"


# -- nothing silent ----------------------------------------------------------------------


async def test_a_refused_phase_says_why_and_asks_nothing(scorepad_home):
    app = ScorepadApp(demo=True)  # read-only
    async with running(app, notifications=True) as pilot:
        app.action_go("progress")
        await pilot.pause()
        before = app.session.sheet
        await tab_to(pilot, "phase")  # the cursor starts on Execution, the demo's phase
        app.clear_notifications()
        for _ in range(2):  # End of Generation, then Planning (a step back): no question either way
            await pilot.press("right", "enter")
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmScreen)
            assert "read-only" in await toasts(pilot)
            app.clear_notifications()
            await pilot.press("shift+tab")
        assert app.session.sheet == before


async def test_a_refused_round_in_a_burst_says_why_and_stays(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "1", "enter", "enter", "0", "enter")
        assert "at least 1" in count_cell(app, "round-0")[1]
        assert focused_id(app) == "round-0" and marks(saved(app)) == [("phase", "planning", 1)]



async def test_the_arrows_walk_the_form_and_stop_at_the_ends_of_a_bar(game_path):
    """A tmux run: Up did nothing on the action bar, Left wrapped from "Record an
    Event" round to "Take back the last mark", and Enter then took the Event back."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "tab", "right", "enter", *"7", "enter", "ctrl+r")  # Execution, round 7, an Event
        assert marks(saved(app))[-1] == ("event",)
        app.screen.query_one("#actions").focus()
        walked = []
        for key in ("up", "up", "up", "up", "down", "down", "down", "down"):
            await burst(pilot, key)
            walked.append(focused_id(app))
        assert walked == ["empty-0", "round-0", "phase", "generation-0", "phase", "round-0", "empty-0", "actions"]
        bar = app.screen.query_one("#actions", ChoiceBar)
        bar.highlighted = 0
        await burst(pilot, "left", "enter")  # the first option stays the one under the cursor
        assert bar.highlighted == 0
        assert marks(saved(app)).count(("event",)) == 2


async def test_up_on_the_first_field_and_down_on_the_last_go_nowhere_round_the_screen(grid_game_path):
    """Textual's focus_previous wraps round: Up on Generation landed on the action bar
    (Enter there records an Event), and on Pinax on the button that removes the grid."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await burst(pilot, "up")
        assert focused_id(app) == "generation-0"
        app.screen.query_one("#actions").focus()
        await burst(pilot, "down", "down")
        assert focused_id(app) == "record-actions"
        await goto(pilot, "pinax")
        quick = app.screen.query_one("#quick")
        quick.focus()
        await burst(pilot, "up")  # the first field: the cursor stays on the table's top row
        assert app.focused is quick and quick.cursor[0] == 0
        assert app.session.sheet.library is not None


async def test_an_event_is_not_recorded_while_a_refused_value_waits_in_a_table(game_path):
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await burst(pilot, "tab", "right", "enter", *"999", "enter")  # a round of 999: a typo
        before = marks(saved(app))
        await burst(pilot, "ctrl+r")
        assert marks(saved(app)) == before and "refused" in await toasts(pilot)
        await burst(pilot, "ctrl+t")
        assert marks(saved(app)) == before


async def test_E1_fields_not_recorded_yet_show_a_muted_mark_where_they_are(game_path):
    """Round and the empty Library spaces, not recorded yet, were drawn blank: no box,
    no placeholder, nothing to tell where the field is (a new user's run)."""
    from scorepad.tui.widgets.count_grid import EMPTY

    from .on_screen import screen_lines

    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        def line(label: str) -> str:
            return next(text for text in screen_lines(app) if text.strip().startswith(label))

        assert line("Round").split() == ["Round", EMPTY] and line("Empty Library").split()[-1] == EMPTY
        await tab_to(pilot, "round-0")
        await burst(pilot, "3", "enter")
        assert line("Round").split() == ["Round", "3"] and app.session.sheet.timeline[-1].round == 3


async def test_E1_a_value_typed_onto_the_phase_bar_is_not_chosen_by_its_enter_nor_typed_into_the_round(game_path):
    """``3`` Enter ``2`` Enter ``5`` Enter from Generation: the 2 did nothing on the phase
    bar, but its Enter chose the phase shown and moved on, and the 5 became a Round
    (new-user run; on the action bar such an Enter recorded an Event, E4). The Enter of a
    value the bar does not take chooses nothing; an arrow, then Enter, chooses."""
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await burst(pilot, *"3", "enter", *"2", "enter", *"5", "enter")
        assert focused_id(app) == "phase" and app.live.end().generation == 3
        assert [m.kind for m in app.session.sheet.timeline if m.kind != "phase"] == []
        await burst(pilot, "right", "enter")
        assert app.live.end().phase == "execution"


async def test_undo_on_game_progress_puts_the_focus_on_the_field_it_changed(game_path):
    """Round 3 Enter (the cursor on to the empty spaces), Ctrl+Z, then 4 Enter: the 4
    went into the empty spaces where a Round was meant (new-user run)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, *"2", "enter", "right", "enter", *"3", "enter")
        assert focused_id(app) == "empty-0"
        await burst(pilot, "ctrl+z")
        assert focused_id(app) == "round-0"
        await burst(pilot, *"4", "enter")
        assert app.live.end().round == 4 and app.live.end().empty_spaces is None
        await burst(pilot, "ctrl+z", "ctrl+z")  # the Round, then Execution: the phase bar
        assert focused_id(app) == "phase"
        await burst(pilot, "ctrl+z")  # the generation typed (a Planning entered): its field
        assert focused_id(app) == "generation-0"


async def test_E3_an_event_recorded_after_the_end_says_it_changes_nothing(game_path):
    """Ctrl+R after the second Event recorded a third without a word (a new user's run):
    the end triggers once, and a later condition changes nothing (E3). It is recorded,
    as the table played it, and said."""
    from scorepad.rules.board_entries import RecordEvent
    from scorepad.storage.session import SheetSession

    session = SheetSession.open(game_path)
    session.apply(RecordEvent())
    session.apply(RecordEvent())
    session.close()
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+r")
        assert len(app.session.sheet.timeline) == 3
        heading = str(app.screen.query_one("#heading").render())
        assert "the end was triggered already" in heading and "(E3)" in heading
