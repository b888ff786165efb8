"""An open sheet's file replaced under it by something that is not a sheet: a link to
an unrelated file (never followed, read or written through), a folder (ours is saved
beside it), or nothing at all (ours goes back where it was; after a crash, opening the
sheet brings it back from its journal). Ours is never left in the hidden journal alone
without a word of where it is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorepad.storage.document import SheetFileError
from scorepad.storage.files import read_sheet
from scorepad.storage.journal import journal_path
from scorepad.storage.session import SheetSession

from .conftest import make_sheet
from .test_journal import crash, new_session, renown


def copies(session: SheetSession) -> list[Path]:
    folder = session.path.parent / "copies"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_a_link_put_in_the_sheets_place_is_said_and_never_read_nor_written_through(tmp_path):
    session = new_session()
    session.apply(renown(41))
    assert session.fold()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious unrelated data")
    session.path.unlink()
    session.path.symlink_to(victim)
    session.apply(renown(42))
    assert session.check_file() and session.conflict == b""  # nothing of theirs read through it
    assert session.what_became() == f"replaced by a link to {victim}"
    assert session.keep_ours() is None
    assert victim.read_text() == "precious unrelated data"
    assert not session.path.is_symlink() and read_sheet(session.path).sheet.players[0].renown == 42
    assert copies(session) == []  # the unrelated file is copied nowhere
    session.apply(renown(43))
    session.close()
    assert victim.read_text() == "precious unrelated data"
    assert read_sheet(session.path).sheet.players[0].renown == 43


def test_a_sheet_kept_behind_a_link_is_saved_where_the_link_pointed_when_it_was_opened(tmp_path):
    session = new_session()
    session.close()
    real = tmp_path / "real.json"
    os.replace(session.path, real)
    session.path.symlink_to(real)
    opened = SheetSession.open(session.path)
    opened.apply(renown(5))
    assert opened.fold()
    assert session.path.is_symlink() and read_sheet(real).sheet.players[0].renown == 5
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    real.unlink()
    real.symlink_to(victim)  # the file it points at, swapped for a link in turn
    opened.apply(renown(6))
    assert opened.check_file() and opened.what_became() == f"replaced by a link to {victim}"
    opened.keep_ours()
    opened.close()
    assert victim.read_text() == "precious" and read_sheet(real).sheet.players[0].renown == 6


@pytest.mark.parametrize("what, words", [
    (lambda p: p.unlink(), "deleted"),
    (lambda p: (p.unlink(), p.mkdir()), "replaced by a folder"),
    (lambda p: p.write_bytes(b"garbage{{{"), "made unreadable"),
    (lambda p: (p.unlink(), os.mkfifo(p)), "replaced by a named pipe"),
])
def test_what_was_put_in_the_sheets_place_is_said_as_it_is(what, words):
    session = new_session()
    session.apply(renown(3))
    what(session.path)
    assert session.check_file() and session.what_became() == words
    session.close()


def test_keep_ours_with_a_folder_in_the_sheets_place_saves_ours_beside_it_and_goes_on_there():
    session = new_session()
    first = session.path
    session.apply(renown(41))
    first.unlink()
    first.mkdir()
    session.apply(renown(42))
    assert session.check_file()
    assert session.keep_ours() is None
    assert session.path == first.with_name(f"{first.stem}-2.json") and session.conflict is None
    assert read_sheet(session.path).sheet.players[0].renown == 42
    assert first.is_dir() and not journal_path(first).exists()  # the folder left, nothing hidden behind
    session.apply(renown(43))
    assert session.close() == ""
    assert read_sheet(session.path).sheet.players[0].renown == 43


def test_quitting_undecided_says_where_ours_is_kept():
    session = new_session()
    session.apply(renown(41))
    session.path.unlink()
    session.path.mkdir()
    session.apply(renown(42))
    assert session.check_file()
    said = session.close()
    (copy,) = copies(session)
    assert said == f"Our version is kept as {copy} ({session.path.name} was replaced by a folder elsewhere)."
    assert read_sheet(copy).sheet.players[0].renown == 42 and not journal_path(session.path).exists()
    assert session.close() == "" and copies(session) == [copy]  # closing again keeps no second copy


def test_quitting_finds_a_folder_put_there_since_the_last_look_and_keeps_ours_all_the_same():
    session = new_session()
    session.apply(renown(42))
    session.path.unlink()
    session.path.mkdir()
    said = session.close()  # nobody looked since: the last save finds it
    (copy,) = copies(session)
    assert said.startswith(f"Our version is kept as {copy}") and read_sheet(copy).sheet.players[0].renown == 42


def test_quitting_when_the_file_cannot_be_written_says_which_journal_holds_the_changes(monkeypatch):
    from scorepad.storage import atomic
    from .test_session_edges import refuse
    import errno

    session = new_session()
    session.apply(renown(42))
    monkeypatch.setattr(atomic.os, "replace", refuse(errno.ENOSPC))
    said = session.close()
    assert said.startswith(f"{session.path.name} could not be saved (cannot save {session.path}: the disk is full")
    assert said.endswith(f"every change is in {journal_path(session.path)}, and goes into the file when it is "
                         "opened again.")
    monkeypatch.undo()
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 42
    again.close()


def test_a_sheet_deleted_while_open_and_the_app_killed_comes_back_from_its_journal():
    session = new_session()
    session.apply(renown(41))
    assert session.fold()
    session.path.unlink()
    session.apply(renown(42))
    assert session.check_file()  # the question is up: ours is in the journal, whole
    crash(session)
    with pytest.raises(SheetFileError) as gone:
        read_sheet(session.path)
    assert str(gone.value) == (f"{session.path}: no such file; the game typed into it is kept in its journal, "
                               f"{journal_path(session.path).name}: `scorepad open {session.path.name}` brings it back")
    back = SheetSession.open(session.path)
    assert back.sheet.players[0].renown == 42 and "is back, from its journal" in back.told
    assert not journal_path(session.path).exists()
    back.apply(renown(43))
    back.close()
    assert read_sheet(session.path).sheet.players[0].renown == 43


def test_a_sheet_made_a_folder_and_the_app_killed_says_how_to_get_the_game_back():
    session = new_session()
    session.apply(renown(41))
    session.path.unlink()
    session.path.mkdir()
    assert session.check_file()
    crash(session)
    with pytest.raises(SheetFileError) as taken:
        read_sheet(session.path)
    assert str(taken.value).endswith(f"`scorepad open {session.path.name}` brings it back once "
                                     f"{session.path.name} is moved away")


def test_a_missing_sheet_whose_journal_holds_no_whole_game_is_simply_missing():
    session = new_session()
    session.apply(renown(41))
    crash(session)
    session.path.unlink()  # its journal holds changes to a file that is gone: no game in it
    with pytest.raises(SheetFileError) as gone:
        read_sheet(session.path)
    assert str(gone.value) == f"{session.path}: no such file"


@pytest.mark.parametrize("damage", ['"ours": [{"kind": "nope"}]', '"ours": "not a history"'])
def test_a_missing_sheet_whose_journal_keeps_a_damaged_game_is_not_promised_back(damage):
    """What ``score`` says of a missing sheet and what ``open`` does agree: a journal
    whose kept game does not read is no game to bring back (it was promised, and
    ``open`` then said "no such file")."""
    session = new_session()
    session.close()
    journal_path(session.path).write_text(f'{{"journal": 1, "base": "x"}}\n{{{damage}}}\n')
    session.path.unlink()
    with pytest.raises(SheetFileError) as gone:
        read_sheet(session.path)
    assert str(gone.value) == f"{session.path}: no such file"
    with pytest.raises(SheetFileError) as opened:
        SheetSession.open(session.path)
    assert str(opened.value) == f"{session.path}: no such file"


# -- their version moving on while ours waits, or while ours is written -----------------

def their_version(session: SheetSession, title: str) -> bytes:
    """Someone else saves a version of the sheet titled ``title`` (write, then rename)."""
    data = session.path.read_bytes().replace(b'"title": "', f'"title": "{title} '.encode(), 1)
    fresh = session.path.with_name("their.tmp")
    fresh.write_bytes(data)
    os.replace(fresh, session.path)
    return data


def kept_titles(session: SheetSession) -> set[str]:
    return {read_sheet(copy).sheet.title.split()[0] for copy in copies(session)}


def test_keep_ours_keeps_their_version_saved_again_after_the_question_as_well():
    """They saved twice; the question was about the first: answering keeps both, never
    writing over the second (it was lost: no copy, no file held it)."""
    session = new_session()
    assert session.fold()
    their_version(session, "One")
    assert session.check_file()
    newer = their_version(session, "Two")  # while the question waits (Esc: choose later)
    kept = session.keep_ours()
    assert kept is not None and kept.read_bytes() == newer
    assert kept_titles(session) == {"One", "Two"}
    assert not read_sheet(session.path).sheet.title.startswith(("One", "Two"))
    session.close()


def test_keep_ours_after_their_file_was_deleted_then_put_back_keeps_the_one_put_back():
    session = new_session()
    assert session.fold()
    data = session.path.read_bytes()
    session.path.unlink()
    assert session.check_file() and session.conflict == b""  # seen gone
    session.path.write_bytes(data.replace(b'"title": "', b'"title": "Back ', 1))
    kept = session.keep_ours()
    assert kept is not None and kept_titles(session) == {"Back"}
    session.close()


def test_their_save_landing_while_ours_is_written_is_found_not_written_over(monkeypatch):
    """Checked again just before ours replaces the file: their write in the gap (60 ms
    at 300 entries, half a second at 30,000) is a conflict, not overwritten."""
    from scorepad.storage import sheet_file

    session = new_session()
    assert session.fold()
    session.apply(renown(8))
    pieces = sheet_file.sheet_pieces
    landed = []

    def theirs_land_meanwhile(*args):
        made = pieces(*args)
        landed.append(their_version(session, "Meanwhile"))
        return made

    monkeypatch.setattr(sheet_file, "sheet_pieces", theirs_land_meanwhile)
    assert not session.fold()
    assert session.conflict == landed[0] and session.path.read_bytes() == landed[0]
    monkeypatch.undo()
    kept = session.keep_ours()
    assert kept is not None and kept.read_bytes() == landed[0]
    assert read_sheet(session.path).sheet.players[0].renown == 8
    session.close()


def test_ours_kept_after_a_link_was_put_in_the_sheets_place_and_scorepad_was_killed():
    """Ours was recorded whole in the journal beside the sheet's name; reopening looked
    for a journal beside the file the link points at, and left ours unsaid (review)."""
    session = new_session()
    session.apply(renown(41))
    assert session.fold()
    other = new_session()  # their sheet, elsewhere
    other.close()
    ours = session.journal.path
    session.path.unlink()
    session.path.symlink_to(other.path)
    session.apply(renown(42))
    assert session.check_file()
    crash(session)
    again = SheetSession.open(session.path)
    (kept,) = copies(session)
    assert "ours is kept" in again.told and kept.name in again.told
    assert read_sheet(kept).sheet.players[0].renown == 42 and not ours.exists()
    again.close()


def test_the_command_that_brings_a_sheet_back_can_be_pasted_whatever_its_name(tmp_path):
    """A name with a space broke the command pasted from the message (attack run)."""
    session = SheetSession.create_at(tmp_path / "friday night.json", make_sheet({"name": "Ana"}))
    session.apply(renown(41))
    session.path.unlink()
    assert session.check_file()
    crash(session)
    with pytest.raises(SheetFileError) as gone:
        read_sheet(session.path)
    assert str(gone.value).endswith("`scorepad open 'friday night.json'` brings it back")
