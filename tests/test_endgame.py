"""The end trigger, E1-E8."""

from __future__ import annotations

from scorepad.rules.endgame import NEXT_STEP, PLAY_ON, end_status

from .conftest import make_sheet


def status(*marks, library=None):
    sheet = make_sheet({"name": "Ana"}, library=library, timeline=list(marks))
    return end_status(sheet)


EXECUTION = {"kind": "phase", "phase": "execution", "generation": 2}
PLANNING = {"kind": "phase", "phase": "planning", "generation": 2}
END_OF_GEN = {"kind": "phase", "phase": "end_of_generation", "generation": 2}
EVENT = {"kind": "event"}


def empty(n):
    return {"kind": "empty_spaces", "count": n}


def test_E1a_second_event_in_execution_triggers():
    result = status(EXECUTION, {"kind": "round", "round": 3}, EVENT, EVENT)
    assert result.triggered and result.cause == "event"
    assert result.when == "generation 2, Execution, round 3"


def test_E1b_two_or_fewer_empty_spaces_in_execution_triggers():
    assert not status(EXECUTION, empty(3)).triggered
    result = status(EXECUTION, empty(2))
    assert result.triggered and result.cause == "library"


def test_E2_M1_grid_counts_location_tiles_as_empty_and_hash_as_no_space():
    grid = {"rows": ["L M # G*1", "C . # #"]}  # L and . empty: 2 -> triggers
    result = status(EXECUTION, library=grid)
    assert result.empty_spaces == 2 and result.cause == "library"


def test_E2_grid_count_replaces_a_typed_count():
    result = status(EXECUTION, empty(1), library={"rows": [". . . M"]})
    # the typed 1 already triggered (E3 keeps it), the grid says 3 now
    assert result.triggered and result.empty_spaces == 3


def test_E3_triggers_once_first_cause_stands():
    result = status(EXECUTION, EVENT, EVENT, empty(1))
    assert result.cause == "event" and result.rule == "E4"
    assert any("does not shorten" in w for w in result.warnings)


def test_E3_third_event_changes_nothing():
    assert status(EXECUTION, empty(2), EVENT, EVENT, EVENT).cause == "library"


def test_E4_event_in_execution_one_more_turn_each():
    result = status(EXECUTION, EVENT, EVENT)
    assert result.rule == "E4" and result.next == NEXT_STEP["E4"]
    assert "one more turn" in result.next


def test_E5_library_in_execution_scores_after_the_round():
    result = status(EXECUTION, empty(0))
    assert result.rule == "E5" and "score at once" in result.next


def test_E6_event_in_end_of_generation_one_turn_next_execution():
    result = status(EXECUTION, EVENT, END_OF_GEN, EVENT)
    assert (result.cause, result.rule) == ("event", "E6") and result.when == "generation 2, End of Generation"
    assert result.warnings == ()  # E6 is the rules' own procedure here: nothing to warn of (E7 is for Planning)


def test_E7_event_in_planning_warns_and_applies_E6():
    result = status(PLANNING, EVENT, EVENT)
    assert (result.cause, result.rule) == ("event", "E6") and result.next == NEXT_STEP["E6"]
    assert result.warnings == ("The rules name no procedure for a second Event in Planning: "
                               "the End of Generation procedure (E6) is applied (E7).",)


def test_E7_low_library_outside_execution_waits_for_next_execution():
    waiting = status(END_OF_GEN, empty(2))
    assert not waiting.triggered and "next Execution" in waiting.next
    begun = status(END_OF_GEN, empty(2), {"kind": "phase", "phase": "planning", "generation": 3},
                   {"kind": "phase", "phase": "execution", "generation": 3})
    assert begun.triggered and begun.rule == "E5" and begun.when == "generation 3, Execution"


def test_E7_pending_library_then_event_in_execution_event_rules():
    result = status(END_OF_GEN, empty(1), EXECUTION, EVENT)  # library fires at Execution first
    assert result.cause == "library"


def test_E8_one_event_warns_the_next_ends_the_game():
    result = status(EXECUTION, EVENT)
    assert not result.triggered and result.next == PLAY_ON
    assert "One Event so far: the next one ends the game (E8)." in result.warnings


def test_E8_empty_spaces_warning_says_how_many():
    result = status(EXECUTION, empty(4))
    assert any(w.startswith("4 empty spaces left: at most two triggers the end") for w in result.warnings)


def test_E1_nothing_recorded_plays_on():
    result = status()
    assert not result.triggered and result.cause is None and result.warnings == ()



# -- a Library grid's count, in its place in the game (E1b, E3) -----------------------

def played(*entries, rows=(". . . M", "M M M M")):
    """The sheet after these entries, on a game with a Library grid of 3 empty spaces."""
    from scorepad.rules.board_entries import EnterPhase, RecordEvent, SetLibrary, SetLibraryCell, UndoTimeline
    from scorepad.rules.entries import apply

    names = {"phase": EnterPhase(phase="execution", generation=2), "event": RecordEvent(),
             "planning": EnterPhase(phase="planning", generation=2),
             "fill": SetLibraryCell(row=0, col=0, token="M"), "empty": SetLibraryCell(row=0, col=0, token="."),
             "back": UndoTimeline(), "grid": SetLibrary(rows=rows)}
    sheet = make_sheet({"name": "Ana"}, library={"rows": ["M M M M"]})
    for name in ("grid", *entries):
        sheet = apply(sheet, names[name])
    return sheet


def test_E3_a_grid_that_fell_to_two_empty_before_the_second_event_stays_the_cause():
    """The grid's count is where the table typed it in the game: a second Event recorded
    after the Library ended the game changes nothing (the helper's E5 turned E4)."""
    sheet = played("phase", "event", "fill", "event")
    result = end_status(sheet)
    assert result.cause == "library" and result.rule == "E5" and result.empty_spaces == 2


def test_E3_a_grid_that_falls_to_two_empty_after_the_second_event_does_not_shorten_the_game():
    result = end_status(played("phase", "event", "event", "fill"))
    assert result.cause == "event" and result.rule == "E4"
    assert any("does not shorten" in w for w in result.warnings)


def test_E1b_a_grid_put_back_above_two_empty_triggers_nothing_until_it_falls_again():
    sheet = played("phase", "event", "fill", "empty")  # a typo put right: 3 empty again
    assert not end_status(sheet).triggered and sheet.library.low_from is None
    sheet = played("phase", "event", "fill", "empty", "event", "fill")
    assert end_status(sheet).cause == "event"  # the second Event came first this time


def test_E7_a_grid_low_outside_execution_triggers_as_the_next_execution_begins():
    result = end_status(played("planning", "fill", "event", "phase", "event"))
    assert result.cause == "library" and result.rule == "E5" and result.when.startswith("generation 2")


def test_E3_marks_taken_back_from_before_the_grid_fell_keep_it_after_those_left():
    sheet = played("phase", "event", "fill", "back")
    assert sheet.library.low_from == 1 and len(sheet.timeline) == 1
    sheet = played("phase", "event", "fill", "back", "back")
    assert sheet.library.low_from is None and not sheet.timeline  # no place left in the game
    result = end_status(sheet)  # no phase left: taken as Execution (as a sheet with none is)
    assert result.cause == "library"


def test_E3_a_mark_taken_back_after_the_grid_fell_leaves_the_marks_recorded_then_after_it():
    """A Planning typed by mistake, the grid falls, the mistake taken back, then the
    second Event: the Library ended the game first (the new mark went in before the
    grid's place, and turned E5 into E4; review)."""
    sheet = played("phase", "event", "planning", "fill", "back", "event")
    result = end_status(sheet)
    assert (result.cause, result.rule) == ("library", "E5")


def test_E3_a_grid_typed_before_any_mark_counts_as_the_latest_count_as_always():
    """The final grid typed on Pinax first, then Game progress: no place in the game to
    give it (it took the game over, "generation 1, phase not recorded"; review)."""
    sheet = played("fill", "phase", "event", "event")
    assert sheet.library.low_from is None
    result = end_status(sheet)
    assert (result.cause, result.rule) == ("event", "E4") and result.when.startswith("generation 2")


def test_E1b_a_grid_laid_down_with_two_empty_is_low_from_then():
    sheet = played("phase", "event", "event", rows=(". . . M",))
    assert sheet.library.low_from is None  # a grid of 3 empty, then the Events
    from scorepad.rules.board_entries import SetLibrary
    from scorepad.rules.entries import apply
    sheet = apply(sheet, SetLibrary(rows=(". M M M",)))
    assert sheet.library.low_from == 3 and end_status(sheet).cause == "event"
