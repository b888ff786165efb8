"""Small parts with a clear contract, checked directly: file names from titles, the
Pinax search's bound on disjoint choices, the end status's fields while the game plays
on, and a file edited by hand whose history no longer leads to it."""

from __future__ import annotations

import json
from datetime import date

import pytest

from scorepad.rules.endgame import end_status
from scorepad.rules.pinax_bounds import most_disjoint
from scorepad.storage.paths import elsewhere, free_names, sheet_name, slug
from scorepad.storage.session import SheetSession

from .conftest import make_sheet


@pytest.mark.parametrize("title, name", [
    ("Friday at Ana's", "friday-at-ana-s"), ("  Chloé — 2e partie!  ", "chloe-2e-partie"),
    ("王小明", "game"), ("", "game"), ("---", "game"),
    ("a" * 39 + " b", "a" * 39), ("x" * 50, "x" * 40),
])
def test_a_title_becomes_a_file_name_of_at_most_40_safe_characters(title, name):
    assert slug(title) == name


def test_a_sheet_is_named_by_its_day_and_title_then_numbered_when_taken(tmp_path):
    day = date(2026, 11, 29)
    first = tmp_path / sheet_name("Friday at Ana's", day)
    assert first.name == "2026-11-29-friday-at-ana-s.json"
    assert next(free_names(first)) == first
    first.write_text("{}")
    assert next(free_names(first)).name == "2026-11-29-friday-at-ana-s-2.json"


def test_save_elsewhere_suggests_a_free_name_in_the_home_folder_never_the_sheet_itself(tmp_path, monkeypatch):
    """A sheet in the home folder, its disk full: Save elsewhere suggested the sheet's own
    path, then refused it as the file it is saved in already (attack run)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    sheet = tmp_path / "f.json"
    assert elsewhere(sheet) == sheet  # nothing there yet: the name itself
    sheet.write_text("{}")
    (tmp_path / "f-2.json").symlink_to(tmp_path / "gone.json")  # a dangling link takes a name too
    assert elsewhere(sheet) == tmp_path / "f-3.json"
    assert elsewhere(tmp_path / "games" / "g.json") == tmp_path / "g.json"


@pytest.mark.parametrize("choices, most", [
    ([], 0),
    ([[0b1]], 1),
    ([[]], 0),  # a group with nothing to take
    ([[0b1], [0b1]], 1),  # both want the same Seal
    ([[0b1, 0b10], [0b1]], 2),  # the first must leave the one the second needs
    ([[0b11], [0b1], [0b10]], 2),
    ([[0b1, 0b10, 0b100], [0b1, 0b10], [0b1]], 3),
    ([[0b1], [0b10], [0b100], [0b1000]], 4),
])
def test_S3_the_most_groups_that_can_each_take_a_set_no_two_sharing_a_seal(choices, most):
    assert most_disjoint([(sets, 1) for sets in choices], 1) == most


@pytest.mark.parametrize("groups, most", [
    ([([0b1, 0b10, 0b100], 2)], 2),  # two identical tiles: two of the three sets
    ([([0b1, 0b10], 3)], 2),  # three tiles, two sets: each set once
    ([([0b11, 0b110, 0b1100], 2)], 2),  # 0b11 and 0b1100 are apart
    ([([0b11, 0b110], 2), ([0b1], 1)], 2),
])
def test_S3_identical_tiles_share_a_group_and_take_different_sets(groups, most):
    assert most_disjoint(groups, 1) == most


def test_S3_past_its_budget_the_count_never_undercounts():
    choices = [([1 << i for i in range(8)], 1) for _ in range(8)]  # eight groups, eight Seals: all fit
    assert most_disjoint(choices, 1) == 8
    hard = [([0b1, 0b11], 1), ([0b10, 0b11], 1), ([0b1, 0b10], 1)]  # two of the three at most
    assert most_disjoint(hard, 1) == 2 and most_disjoint(hard, 1, budget=0) == 3


def test_E8_while_the_game_plays_on_the_status_says_where_it_is():
    sheet = make_sheet({"name": "Ana"}, timeline=[{"kind": "phase", "phase": "planning", "generation": 3},
                                                  {"kind": "round", "round": 2}, {"kind": "event"},
                                                  {"kind": "empty_spaces", "count": 5}])
    status = end_status(sheet)
    assert not status.triggered
    assert (status.events, status.empty_spaces, status.phase, status.generation, status.round) == (1, 5, "planning", 3, 2)
    assert status.warnings == ("One Event so far: the next one ends the game (E8).",
                               "5 empty spaces left: at most two triggers the end (E8). "
                               "Location-tile spaces count as empty (M1).")


def test_E7_a_low_count_outside_execution_says_when_it_will_trigger():
    sheet = make_sheet({"name": "Ana"}, timeline=[{"kind": "phase", "phase": "end_of_generation", "generation": 2},
                                                  {"kind": "empty_spaces", "count": 1}])
    waiting = ("1 empty space left: the end triggers when the next Execution phase begins (E7), "
               "then finish that round and score (E5).")
    status = end_status(sheet)
    assert status.next == waiting and status.warnings == (waiting,)


def test_a_file_edited_by_hand_opens_as_the_file_says_with_that_edit_as_a_step(scorepad_home):
    session = SheetSession.create(make_sheet({"name": "Ana"}, {"name": "Ben"}))
    session.close()
    raw = json.loads(session.path.read_text())
    raw["players"][1]["renown"] = 30  # by hand: the history does not say so
    session.path.write_text(json.dumps(raw))
    opened = SheetSession.open(session.path)
    assert opened.sheet.players[1].renown == 30 and opened.history[-1].kind == "begin"
    assert len(opened.history) == 2 and opened.states[0].players[1].renown == 0
    assert len(opened.states) == len(opened.history)
    assert opened.undo() and opened.sheet.players[1].renown == 0  # the edit is one step, undone like any
    opened.close()
