"""Edges of the rules core that the other tests leave open: exact words a user reads
(name refusals, end-game notes, replay notes), limits at their boundary (name length,
a full timeline), and small helpers the screens call (blank Library rows, a player's
count, a line of cards applied at once)."""

from __future__ import annotations

import pickle
import unicodedata
from types import SimpleNamespace

import pytest

from scorepad.rules.board_entries import EnterPhase, RecordEvent, UndoTimeline
from scorepad.rules.count_fields import BY_KEY, COUNT_FIELDS, count_of
from scorepad.rules.describe import describe
from scorepad.rules.endgame import PLAY_ON, EndStatus, end_status
from scorepad.rules.entries import (
    AddPlayer, Begin, EntryError, PutCards, PutScholar, PutScribe, RemovePlayer, SetColour, SetCount,
)
from scorepad.rules.entry_base import first_error
from scorepad.rules.library import blank_rows, parse_rows, parse_token
from scorepad.rules.names import MAX_NAME, check_typed_names, clean_name
from scorepad.rules.patterns import normalise
from scorepad.rules.replay import replay, replay_notes
from scorepad.rules.scoring import pinax_renown

from .conftest import make_sheet

EXECUTION = {"kind": "phase", "phase": "execution", "generation": 2}
EVENT = {"kind": "event"}
TIMELINE_LIMIT = 2000  # the refusal's own words name this limit


def empty(n):
    return {"kind": "empty_spaces", "count": n}


def status(*marks):
    return end_status(make_sheet({"name": "Ana"}, timeline=list(marks)))


# --- names ("Input": players have distinct names) ---------------------------------

def test_an_empty_name_is_refused_in_words():
    with pytest.raises(ValueError) as err:
        clean_name("   ")
    assert str(err.value) == "a player needs a name"


def test_a_name_of_exactly_the_limit_is_kept_one_more_is_refused():
    assert clean_name("a" * MAX_NAME) == "a" * MAX_NAME
    with pytest.raises(ValueError) as err:
        clean_name("a" * (MAX_NAME + 1))
    assert str(err.value) == f"names are at most {MAX_NAME} characters"


def test_names_typed_in_two_unicode_forms_are_refused_with_the_stored_form():
    """The message shows the first name as it will be stored: spaces made one, NFC."""
    composed = "Ana  Chlo\u00e9"
    decomposed = unicodedata.normalize("NFD", "Ana Chlo\u00e9")
    with pytest.raises(ValueError) as err:
        check_typed_names([{"name": composed}, {"name": decomposed}])
    assert str(err.value) == ('"Ana Chlo\u00e9" is already a player, written another way '
                              "(the same letters in another Unicode form): names must differ")


def test_typed_names_are_read_from_objects_as_well_as_dicts():
    decomposed = unicodedata.normalize("NFD", "Chlo\u00e9")
    with pytest.raises(ValueError, match="another Unicode form"):
        check_typed_names([SimpleNamespace(name="Chlo\u00e9"), SimpleNamespace(name=decomposed)])


def test_players_without_a_name_are_left_to_the_field_checks():
    assert check_typed_names([object(), {"name": "Ana"}, SimpleNamespace(name=None)]) is None


# --- the Library grid (S2, S6) -----------------------------------------------------

def test_a_tile_token_without_a_seal_keeps_no_seal():
    for token in ("M", "G*", "C"):
        cell = parse_token(token)
        assert cell.seal == 0 and cell.token == token


def test_blank_rows_are_a_grid_of_empty_spaces_of_the_asked_size():
    rows = blank_rows(2, 3)
    assert rows == (". . .", ". . .")
    grid = parse_rows(rows)
    assert (grid.height, grid.width, grid.empty_spaces) == (2, 3, 6)


# --- counts (S9, S10, T2, T4) -------------------------------------------------------

def test_count_of_reads_each_count_where_it_is_kept():
    """S9 supplies live in ``player.supplies``, the other counts on the player."""
    sheet = make_sheet({"name": "Ana"})
    for value, field in enumerate(COUNT_FIELDS, start=1):
        sheet = SetCount(player=0, field=field.key, value=value).apply_to(sheet)
    player = sheet.players[0]
    assert [count_of(player, field.key) for field in COUNT_FIELDS] == list(range(1, len(COUNT_FIELDS) + 1))
    assert BY_KEY["research"].in_supplies and player.supplies.research == count_of(player, "research")


def test_S1_more_than_four_seals_still_count_as_four():
    assert pinax_renown(5) == pinax_renown(4)
    assert pinax_renown(9) == pinax_renown(4)


# --- entries ---------------------------------------------------------------------

def test_an_added_player_keeps_their_colour():
    sheet = AddPlayer(name="Ben", colour="green").apply_to(make_sheet({"name": "Ana"}))
    assert (sheet.players[1].name, sheet.players[1].colour) == ("Ben", "green")


def test_set_colour_changes_only_that_players_colour():
    sheet = make_sheet({"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "blue"})
    after = SetColour(player=1, colour="white").apply_to(sheet)
    assert [p.colour for p in after.players] == ["red", "white"]


def test_S7_S8_a_line_of_cards_puts_every_card_in_order():
    line = PutCards(entries=(
        PutScribe(player=0, scribe={"knowledge": 3}),
        PutScribe(player=0, scribe={"knowledge": 5}),
        PutScholar(player=0, scholar={"renown": 4}),
    ))
    player = line.apply_to(make_sheet({"name": "Ana"})).players[0]
    assert [s.knowledge for s in player.scribes] == [3, 5]
    assert [s.renown for s in player.scholars] == [4]


def test_S2_a_player_with_an_untranslated_seal_cannot_be_removed():
    """A Seal on a tile not yet translated does not score (S2) but is still theirs."""
    sheet = make_sheet({"name": "Ana"}, {"name": "Ben"}, library={"rows": ["M1 ."]})
    with pytest.raises(EntryError) as err:
        RemovePlayer(player=0).apply_to(sheet)
    assert str(err.value) == "Ana has Seals in the Library: clear them first"


def test_a_phase_mark_keeps_its_generation():
    sheet = EnterPhase(phase="execution", generation=3).apply_to(make_sheet({"name": "Ana"}))
    assert (sheet.timeline[-1].phase, sheet.timeline[-1].generation) == ("execution", 3)


def test_undo_takes_back_only_the_last_timeline_mark():
    marks = [EXECUTION, {"kind": "round", "round": 1}, EVENT]
    sheet = UndoTimeline().apply_to(make_sheet({"name": "Ana"}, timeline=marks))
    assert [m.kind for m in sheet.timeline] == ["phase", "round"]


def test_the_timeline_takes_marks_up_to_its_limit_then_refuses():
    rounds = [{"kind": "round", "round": 1}] * (TIMELINE_LIMIT - 1)
    full = RecordEvent().apply_to(make_sheet({"name": "Ana"}, timeline=rounds))
    assert len(full.timeline) == TIMELINE_LIMIT
    with pytest.raises(EntryError) as err:
        RecordEvent().apply_to(full)
    assert str(err.value) == f"the timeline is full ({TIMELINE_LIMIT} marks)"


def test_first_error_of_a_plain_value_error_is_its_message():
    assert first_error(ValueError("the sum does not add up")) == "the sum does not add up"


def test_describe_names_a_player_the_sheet_does_not_have_yet_by_number():
    before = make_sheet({"name": "Ana"})
    assert describe(SetColour(player=1, colour="red"), before) == "player 2: colour red"
    assert describe(SetColour(player=0, colour="red"), before) == "Ana: colour red"


def test_but_remembers_the_fields_set_as_model_copy_does():
    player = make_sheet({"name": "Ana"}).players[0]
    copy = player.but(colour="red")
    assert copy.model_fields_set == player.model_copy(update={"colour": "red"}).model_fields_set
    assert copy.model_dump(exclude_unset=True) == {"name": "Ana", "colour": "red"}


def test_but_makes_a_whole_model_that_survives_a_pickle_round_trip():
    """``but`` builds the copy by hand: it must still carry every slot a pydantic
    model has, or standard tools (pickle, as a worker process would use) fail on it."""
    sheet = make_sheet({"name": "Ana"}, {"name": "Ben"})
    copy = sheet.but(title="Friday", players=(sheet.players[0].but(renown=7), sheet.players[1]))
    assert pickle.loads(pickle.dumps(copy)) == copy


# --- patterns (S1, S4) -------------------------------------------------------------

def test_S4_normalise_shifts_a_shape_to_row_and_column_zero():
    assert normalise(((3, 5), (2, 4), (3, 4))) == ((0, 0), (1, 0), (1, 1))


# --- the end of the game (E1-E8) ---------------------------------------------------

def test_E8_no_mark_yet_is_play_on_with_nothing_to_say():
    assert status() == EndStatus()
    assert status().triggered is False and status().when == "" and status().next == PLAY_ON


def test_E1_when_names_a_phase_not_recorded():
    result = status(EVENT, EVENT)
    assert result.when == "generation 1, phase not recorded"


def test_E3_a_low_count_after_the_event_is_noted_in_words():
    result = status(EXECUTION, EVENT, EVENT, empty(1))
    assert result.warnings == (
        "A Library count at two or fewer after the Event does not shorten the game (E3).",)


def test_E3_a_second_low_count_after_a_library_end_is_not_noted():
    result = status(EXECUTION, empty(2), empty(1))
    assert result.cause == "library" and result.warnings == ()


# --- replay ------------------------------------------------------------------------

def test_a_history_not_starting_with_begin_names_the_step():
    with pytest.raises(EntryError) as err:
        replay([AddPlayer(name="Ben")])
    assert str(err.value) == "step 1 (add_player) does not apply: a history starts with a 'begin' entry"


def test_replay_notes_a_history_that_does_not_lead_to_the_saved_sheet():
    steps = replay([Begin(sheet=make_sheet({"name": "Ana"}))])
    saved = make_sheet({"name": "Ana", "renown": 5})
    assert replay_notes(steps, saved, {}) == [
        "The history does not lead to the saved sheet (edited by hand?): the saved sheet is what counts."]
    assert replay_notes(steps, steps[-1].sheet, {}) == []
