"""Opening a sheet points to a rescue copy holding changes it lacks: the disk refused
them, the app quit (or hung up) keeping them in a rescue copy, and the next opening of
the sheet showed its older values with nothing pointing to the copy (a helper's run)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import uuid

import pytest

from scorepad.storage import journal as journal_module, rescue, sheet_file
from scorepad.storage.document import FORMAT
from scorepad.storage.copies import rescue_dir
from scorepad.storage.atomic import SaveError
from scorepad.storage.files import read_sheet
from scorepad.storage.rescue import rescue_words, take_rescue
from scorepad.storage.session import SheetSession

from .conftest import DATA
from .test_journal import new_session, renown
from .test_session_edges import refuse


def rescued_game():
    """A game whose last value the disk refused, kept in a rescue copy, then closed: the
    sheet on disk lacks that value."""
    session = new_session()
    session.apply(renown(12))
    session.fold()
    return session.path, refused_then_rescued(session, 44)


def refused_then_rescued(session, value: int):
    """Type ``value`` with the disk refusing it, keep a rescue copy, close: the copy."""
    os.utime(session.path, (1_700_000_000, 1_700_000_000))  # saved well before the rescue
    journal_module.os.write, real_write = refuse(errno.ENOSPC), journal_module.os.write
    try:
        session.apply(renown(value))
    finally:
        journal_module.os.write = real_write
    kept = session.rescue()
    session.close()
    return kept


def test_opening_a_sheet_points_to_a_newer_rescue_copy_of_the_same_game():
    path, kept = rescued_game()
    before = path.read_bytes()
    again = SheetSession.open(path)
    assert again.sheet.players[0].renown == 12  # the sheet as saved: nothing is guessed
    assert again.rescued == kept and again.told == ""  # the app asks what to do with it
    again.close()
    assert path.read_bytes() == before


def test_a_rescue_copy_older_than_the_sheet_is_not_pointed_to():
    path, kept = rescued_game()
    os.utime(path)  # saved again since (the table went on with the sheet)
    os.utime(kept, (1_700_000_100, 1_700_000_100))
    again = SheetSession.open(path)
    assert again.rescued is None
    again.close()


def test_another_games_rescue_copy_under_the_same_name_is_not_pointed_to(tmp_path):
    path, kept = rescued_game()
    other = new_session()  # another game, another id, the same file name elsewhere
    other.close()
    shutil.move(other.path, tmp_path / path.name)
    os.utime(tmp_path / path.name, (1_700_000_000, 1_700_000_000))
    again = SheetSession.open(tmp_path / path.name)
    assert again.rescued is None
    again.close()


def test_an_unreadable_rescue_copy_is_passed_over_without_a_word():
    path, kept = rescued_game()
    kept.write_bytes(b"{ not json")
    os.utime(kept)
    (rescue_dir() / f"{path.stem}.rescued-x.json").mkdir()  # not even a file
    again = SheetSession.open(path)
    assert again.rescued is None
    again.close()


def test_where_nothing_can_be_asked_the_command_it_gives_can_be_pasted_whatever_the_name(tmp_path):
    """A name with a space (or * or ?) broke the command pasted from the note (attack run)."""
    words = rescue_words(tmp_path / "friday night.json", tmp_path / "copies" / "friday night.rescued-1.json")
    assert f"`scorepad open '{tmp_path}/friday night.json'` in a terminal offers to take them back" in words
    assert f"{tmp_path}/copies/friday night.rescued-1.json" in words


def test_taking_the_copy_puts_its_changes_in_the_sheet_and_keeps_the_sheet_as_it_was():
    path, kept = rescued_game()
    before = path.read_bytes()
    again = SheetSession.open(path)
    copy = take_rescue(again, again.rescued)
    assert again.sheet.players[0].renown == 44
    assert copy.read_bytes() == before and copy.parent.name == "copies"
    again.apply(renown(45))  # going on from it: saved as ever
    again.close()
    assert read_sheet(path).sheet.players[0].renown == 45
    assert SheetSession.open(path, read_only=True).rescued is None  # the sheet is newer now


def test_a_copy_that_no_longer_reads_as_a_sheet_is_not_taken_and_nothing_changes():
    path, kept = rescued_game()
    before = path.read_bytes()
    again = SheetSession.open(path)
    kept.write_text("{ not a sheet")  # changed since it was offered
    with pytest.raises(SaveError) as refused:
        take_rescue(again, again.rescued)
    assert "no longer holds this game as it is here" in str(refused.value)
    assert path.read_bytes() == before and again.sheet.players[0].renown == 12
    again.close()


def test_a_file_of_the_same_id_that_is_no_sheet_is_not_pointed_to():
    path, kept = rescued_game()
    game_id = json.loads(kept.read_bytes())["id"]
    kept.write_text(json.dumps({"id": game_id}))  # no sheet: opening it would fail
    again = SheetSession.open(path)
    assert again.rescued is None
    again.close()
    kept.write_bytes(json.dumps({"format": FORMAT, "id": game_id}).encode("utf-16"))
    again = SheetSession.open(path)
    assert again.rescued is None  # a sheet is read as UTF-8, as the reader does
    again.close()


def test_the_newest_copy_is_read_first_and_the_rest_are_not_read(monkeypatch):
    """Every newer copy was read whole: forty of 15 MB took 6 s to open (attack run)."""
    path, kept = rescued_game()
    copies = [kept.with_name(kept.name.replace(".json", f"-{n}.json")) for n in range(5)]
    for n, copy in enumerate(copies):
        shutil.copy(kept, copy)
        os.utime(copy, (1_800_000_000 + n, 1_800_000_000 + n))
    read = []
    real = rescue.read_bytes
    monkeypatch.setattr(rescue, "read_bytes", lambda where, *a: read.append(where) or real(where, *a))
    again = SheetSession.open(path)
    assert again.rescued == copies[-1] and copies[-1] in read and not set(copies[:-1]) & set(read)
    again.close()


def test_a_link_named_as_a_copy_is_never_opened_unless_it_leads_to_a_plain_file(monkeypatch):
    path, kept = rescued_game()
    kept.unlink()
    kept.symlink_to("/dev/zero")
    read = []
    monkeypatch.setattr(rescue, "read_bytes", lambda where, *a: read.append(where) or b"")
    again = SheetSession.open(path)
    assert kept not in read
    again.close()


def test_a_sheet_without_an_id_is_pointed_to_its_copy_by_its_title_and_players(tmp_path):
    """A sheet written before ids (or by hand) rescued as a copy with no id: nothing
    pointed to it (a new user's run). Its title and players tell it from another game
    of the same file name; a copy with an id is another game's."""
    path = tmp_path / "f.json"
    shutil.copy(DATA / "friday.json", path)
    session = SheetSession.open(path)
    assert session.sheet.id == ""
    kept = refused_then_rescued(session, 70)
    again = SheetSession.open(path)
    assert again.rescued == kept
    before = path.read_bytes()
    shutil.copy(kept, kept.with_suffix(".keep"))
    assert take_rescue(again, kept).read_bytes() == before  # as written by hand, byte for byte (a new user's run)
    assert again.sheet.players[0].renown == 70
    again.close()
    shutil.copy(kept.with_suffix(".keep"), kept)  # the copy and the sheet as they were, for what follows
    path.write_bytes(before)
    os.utime(path, (1_700_000_000, 1_700_000_000))
    other = json.loads(kept.read_bytes())
    for changed in ({"title": "Saturday"}, {"name": "Bea"}, {"id": str(uuid.uuid4())}):
        copy = json.loads(json.dumps(other))
        if "id" in changed:
            copy["id"] = changed["id"]
        else:  # the same file name, another game: its own title or players from the start
            first = copy["history"][0]["sheet"]
            first["title"] = copy["title"] = changed.get("title", first["title"])
            first["players"][0]["name"] = changed.get("name", first["players"][0]["name"])
            copy["players"][0]["name"] = first["players"][0]["name"]
        kept.write_text(json.dumps(copy))
        again = SheetSession.open(path)
        assert again.rescued is None, changed
        again.close()


def test_a_sheet_someone_else_changed_since_it_was_opened_is_not_replaced_by_the_copy():
    """Review: their version, saved while the question was up, was replaced and kept
    nowhere."""
    path, kept = rescued_game()
    again = SheetSession.open(path)
    theirs = json.loads(path.read_text())
    theirs["players"][0]["name"] = "Bea"
    path.write_text(json.dumps(theirs))
    with pytest.raises(SaveError) as refused:
        take_rescue(again, again.rescued)
    assert "changed by someone else" in str(refused.value) and json.loads(path.read_text()) == theirs
    again.close()


def test_values_typed_here_since_opening_are_not_dropped_by_taking_the_copy():
    path, kept = rescued_game()
    again = SheetSession.open(path)
    again.apply(renown(50, player=1))
    with pytest.raises(SaveError):
        take_rescue(again, again.rescued)
    assert again.sheet.players[1].renown == 50
    again.close()


def test_a_copy_of_an_older_state_is_not_offered_whatever_its_time():
    """Review: a copy restored with a later time (cp -p, another clock) but holding only
    the start of the sheet's history was offered, and taking it moved newer values out."""
    path, kept = rescued_game()
    session = SheetSession.open(path)
    session.apply(renown(44))
    session.apply(renown(45))
    session.close()
    os.utime(path, (1_700_000_000, 1_700_000_000))  # the copy is "newer" than the sheet
    again = SheetSession.open(path)
    assert again.rescued is None
    again.close()


def test_a_copy_whose_history_does_not_replay_is_not_offered():
    path, kept = rescued_game()
    copy = json.loads(kept.read_text())
    copy["history"][-1]["player"] = 9  # no such player
    kept.write_text(json.dumps(copy))
    again = SheetSession.open(path)
    assert again.rescued is None
    again.close()


def test_a_link_repointed_while_the_question_is_up_sends_nothing_to_the_other_file(tmp_path):
    """Attack run: the sheet opened through a link, the link repointed to another game
    before t: that game's file was overwritten with this one."""
    path, kept = rescued_game()
    link = tmp_path / path.name
    link.symlink_to(path)
    copy_for_link = kept.with_name(kept.name)  # the copy is named for the sheet: the link has its name
    again = SheetSession.open(link)
    assert again.rescued == copy_for_link
    other = tmp_path / "other.json"
    other.write_text((DATA / "friday.json").read_text())
    before = other.read_bytes()
    link.unlink()
    link.symlink_to(other)
    with pytest.raises(SaveError) as refused:
        take_rescue(again, again.rescued)
    assert "no longer leads to the file opened" in str(refused.value) and other.read_bytes() == before
    again.close()


def test_a_save_of_theirs_landing_while_the_copy_is_taken_is_kept_and_asked_about(monkeypatch):
    """Attack run: their save landing between the look and the replace was lost without
    trace. It stays in place, the copy is not taken, and the choice is asked."""
    path, kept = rescued_game()
    again = SheetSession.open(path)
    real = sheet_file.atomic_write  # where a save (and so a take) writes

    def theirs_lands_first(*args, **kwargs):
        data = json.loads(path.read_text())
        data["title"] = "THEIRS"
        path.write_text(json.dumps(data))
        return real(*args, **kwargs)

    monkeypatch.setattr(sheet_file, "atomic_write", theirs_lands_first)
    with pytest.raises(SaveError) as refused:
        take_rescue(again, again.rescued)
    assert "while the copy was being taken" in str(refused.value)
    assert json.loads(path.read_text())["title"] == "THEIRS" and again.conflict is not None
    assert not list((path.parent / "copies").glob("*.before-rescue-*"))  # nothing replaced: no copy left
    again.close()
