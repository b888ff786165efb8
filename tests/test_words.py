"""What the user reads, word for word: every entry as the history, undo and replay say
it, and every refusal of an entry that does not apply (each one names what to fix)."""

from __future__ import annotations

import pytest

from scorepad.rules.describe import describe
from scorepad.rules.entries import (
    AddPlayer, Begin, CountEmptySpaces, EnterPhase, EntryError, PutCards, PutPinax, PutScholar, PutScribe,
    RecordEvent, RemoveItem, RemovePlayer, RenamePlayer, SetColour, SetCount, SetLibrary, SetLibraryCell, SetRecord, TimeGame,
    SetTitle, StartRound, UndoTimeline, apply, fold,
)
from scorepad.rules.models import Sheet

from .conftest import make_sheet

TWO = make_sheet({"name": "Ana"}, {"name": "Ben", "scribes": [{"knowledge": 2}]})


@pytest.mark.parametrize("entry, words", [
    (Begin(sheet=TWO), "Sheet begins: Ana, Ben"),
    (SetTitle(title="Friday"), "Title: Friday"),
    (SetTitle(title=""), "Title: (none)"),
    (AddPlayer(name="Cy"), "Add player Cy"),
    (RenamePlayer(player=1, name="Bea"), "Rename Ben to Bea"),
    (SetColour(player=0, colour="red"), "Ana: colour red"),
    (SetColour(player=0, colour=""), "Ana: colour (none)"),
    (RemovePlayer(player=1), "Remove player Ben"),
    (SetCount(player=0, field="renown", value=54), "Ana: Renown in play 54"),
    (SetCount(player=1, field="research", value=9, typed="4+5"), "Ben: Research tokens 4+5 = 9"),
    (SetCount(player=5, field="kings_requests", value=1), "player 6: King's Requests 1"),  # no such player yet
    (PutPinax(player=0, tile={"seals": 1}), "Ana: add Pinax tile, 1 Seal"),
    (PutPinax(player=0, tile={"seals": 0}), "Ana: add Pinax tile, 0 Seals"),
    (PutPinax(player=0, index=1, tile={"pattern": [[0, 0]]}), "Ana: change Pinax tile 2 to Pinax tile, pattern of 1 cell"),
    (PutPinax(player=0, tile={"pattern": [[0, 0], [0, 1]]}), "Ana: add Pinax tile, pattern of 2 cells"),
    (PutScribe(player=1, scribe={"knowledge": 3, "young": True}), "Ben: add Scribe, Knowledge 3, Young"),
    (PutScribe(player=1, index=0, scribe={"knowledge": 4}), "Ben: change Scribe 1 to Scribe, Knowledge 4"),
    (PutScholar(player=0, scholar={"renown": 4, "name": "Hypatia"}), "Ana: add Scholar, Renown 4 (Hypatia)"),
    (PutScholar(player=0, index=2, scholar={"renown": 2}), "Ana: change Scholar 3 to Scholar, Renown 2"),
    (RemoveItem(player=1, list="scribes", index=0), "Ben: remove Scribe 1"),
    (RemoveItem(player=0, list="pinax", index=3), "Ana: remove Pinax tile 4"),
    (RemoveItem(player=0, list="scholars", index=1), "Ana: remove Scholar 2"),
    (PutCards(entries=[PutScribe(player=0, scribe={"knowledge": 1}), RemoveItem(player=0, list="scribes", index=0)]),
     "Ana: add Scribe, Knowledge 1; Ana: remove Scribe 1"),
    (SetLibrary(rows=None), "Library grid removed"),
    (SetLibrary(rows=[". . .", ". . ."]), "Library grid 2 x 3"),
    (SetLibraryCell(row=1, col=2, token="M*1"), "Library row 2, column 3: M*1"),
    (EnterPhase(generation=2, phase="end_of_generation"), "Generation 2, End of Generation begins"),
    (StartRound(round=3), "Round 3 begins"),
    (RecordEvent(), "An Event is triggered"),
    (CountEmptySpaces(count=2), "Empty Library spaces: 2"),
    (UndoTimeline(), "Last timeline mark taken back"),
    (SetRecord(location="Ana's", start_player="Ben"), "Location: Ana's; Start player: Ben"),
    (SetRecord(duration_minutes=142, notes="x"), "Duration: 2 h 22 min; Notes changed"),
    (SetRecord(played={"started": "2026-11-27T19:05:00+01:00"}), "Played: 2026-11-27 19:05 to ?"),  # the table's wall time, not ISO 8601
    (SetRecord(finished=False), "Game marked not finished"),
    (SetRecord(finished=True, location="", start_player=""), "Location: (none); Start player: (none); Game marked finished"),
    (SetRecord(played={"started": "2026-11-27T19:05:00+01:00", "finished": "2026-11-27T21:05:00+01:00"}),
     "Played: 2026-11-27 19:05 to 21:05"),
    (SetRecord(played={"started": "2026-11-27T19:05:00+01:00", "finished": "2026-11-28T01:05:00+01:00"}),
     "Played: 2026-11-27 19:05 to 2026-11-28 01:05"),
    (SetRecord(played={"finished": "2026-11-28T01:05:00+01:00"}), "Played: ? to 2026-11-28 01:05"),
    (SetRecord(played={}), "Played: (none)"),  # both times cleared
    (SetRecord(), "Record unchanged"),
    (TimeGame(action="start", at="2026-11-27T19:05:00+01:00"), "Game timer started at 19:05"),
    (TimeGame(action="pause", at="2026-11-27T20:05:59+01:00"), "Game timer paused at 20:05"),
    (TimeGame(action="stop", at="2026-11-27T21:40:00-05:00"), "Game timer stopped at 21:40"),
])
def test_every_entry_says_what_it_did_naming_players_as_they_were(entry, words):
    assert describe(entry, TWO) == words


def test_every_kind_of_entry_has_its_words():
    """An entry without words would fail on undo and in the replay (a new entry is one
    edit: its class, with its words)."""
    from typing import get_args

    from scorepad.rules.entries import Entry

    kinds = get_args(get_args(Entry)[0])
    assert len(kinds) == 21 and all("words" in vars(kind) for kind in kinds)


def test_without_the_sheet_before_players_are_named_by_number():
    assert describe(RenamePlayer(player=0, name="Zed"), None) == "Rename player 1 to Zed"


WITH_GRID = make_sheet({"name": "Ana"}, {"name": "Ben"}, library={"rows": [". M*2 .", ". . ."]})


@pytest.mark.parametrize("sheet, entry, refusal", [
    (TWO, SetCount(player=2, field="renown", value=1), "there is no player 3"),
    (TWO, RemoveItem(player=1, list="scribes", index=1), "Ben has no scribes item 2"),
    (TWO, PutScribe(player=0, index=0, scribe={"knowledge": 1}), "Ana has no scribes item 1"),
    (TWO, RemovePlayer(player=2), "there is no player 3"),
    (make_sheet({"name": "Ana"}), RemovePlayer(player=0), "a game needs at least one player"),
    (WITH_GRID, RemovePlayer(player=1), "Ben has Seals in the Library: clear them first"),
    (make_sheet(*({"name": n} for n in "ABCD")), AddPlayer(name="E"), "a game has at most 4 players"),
    (TWO, AddPlayer(name="Ana"), 'two players are named "Ana": names must differ'),
    (TWO, SetLibraryCell(row=0, col=0, token="M"), "there is no Library grid yet"),
    (WITH_GRID, SetLibraryCell(row=2, col=0, token="M"), "the Library is 2 x 3"),
    (WITH_GRID, SetLibraryCell(row=0, col=3, token="M"), "the Library is 2 x 3"),
    (TWO, UndoTimeline(), "the timeline is empty"),
])
def test_an_entry_that_does_not_apply_says_why_and_changes_nothing(sheet, entry, refusal):
    with pytest.raises(EntryError) as refused:
        apply(sheet, entry)
    assert str(refused.value) == refusal


def test_a_player_has_at_most_50_of_each_list_and_the_50th_still_goes_in():
    sheet = make_sheet({"name": "Ana", "scribes": [{"knowledge": 1}] * 49})
    full = apply(sheet, PutScribe(player=0, scribe={"knowledge": 2}))
    assert len(full.players[0].scribes) == 50
    with pytest.raises(EntryError) as refused:
        apply(full, PutScribe(player=0, scribe={"knowledge": 2}))
    assert str(refused.value) == "at most 50 scribes per player"
    with pytest.raises(EntryError) as refused:
        apply(sheet, RemoveItem.model_construct(player=0, list="scribes", index=None))
    assert str(refused.value) == "say which item to remove"


def test_removing_a_player_renumbers_the_seals_of_those_after_them():
    sheet = make_sheet({"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}, library={"rows": ["M*3 G*1 C"]})
    after = apply(sheet, RemovePlayer(player=1))
    assert [p.name for p in after.players] == ["Ana", "Cy"] and after.library.rows == ("M*2 G*1 C",)


def test_a_history_must_begin_with_the_sheet_and_not_be_empty():
    with pytest.raises(EntryError) as refused:
        fold([SetTitle(title="x")])
    assert str(refused.value) == "a history starts with a 'begin' entry"
    with pytest.raises(EntryError) as refused:
        fold([])
    assert str(refused.value) == "the history is empty"
    assert fold([Begin(sheet=Sheet(players=TWO.players))]).players == TWO.players


@pytest.mark.parametrize("rows, refusal", [
    (["M Q"], 'Library row 1, cell 2: "Q" is not a Library token (use . L # or M, G, C with an optional * '
              '(translated) and Seal 1-4)'),
    ([". .", "."], "Library row 2 has 1 cells but row 1 has 2: all rows need the same number"),
])
def test_a_library_that_cannot_be_says_which_row_and_cell_in_short_words(rows, refusal):
    with pytest.raises(EntryError) as refused:
        apply(TWO, SetLibrary(rows=rows))
    assert str(refused.value) == refusal  # the first problem only, without pydantic's wrapping
