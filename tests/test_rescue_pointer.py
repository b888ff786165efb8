"""Opening a sheet points to a rescue copy holding changes it lacks: the disk refused
them, the app quit (or hung up) keeping them in a rescue copy, and the next opening of
the sheet showed its older values with nothing pointing to the copy (a helper's run)."""

from __future__ import annotations

import errno
import os
import shutil

from scorepad.storage import journal as journal_module
from scorepad.storage.copies import rescue_dir
from scorepad.storage.session import SheetSession

from .test_journal import new_session, renown
from .test_session_edges import refuse


def rescued_game():
    """A game whose last value the disk refused, kept in a rescue copy, then closed: the
    sheet on disk lacks that value."""
    session = new_session()
    session.apply(renown(12))
    session.fold()
    os.utime(session.path, (1_700_000_000, 1_700_000_000))  # saved well before the rescue
    journal_module.os.write, real_write = refuse(errno.ENOSPC), journal_module.os.write
    try:
        session.apply(renown(44))
    finally:
        journal_module.os.write = real_write
    kept = session.rescue()
    session.close()
    return session.path, kept


def test_opening_a_sheet_points_to_a_newer_rescue_copy_of_the_same_game():
    path, kept = rescued_game()
    before = path.read_bytes()
    again = SheetSession.open(path)
    assert again.sheet.players[0].renown == 12  # the sheet as saved: nothing is guessed
    assert str(kept) in again.told and "rescue copy" in again.told
    assert f"scorepad open {kept}" in again.told  # how to see them
    again.close()
    assert path.read_bytes() == before


def test_a_rescue_copy_older_than_the_sheet_is_not_pointed_to():
    path, kept = rescued_game()
    os.utime(path)  # saved again since (the table went on with the sheet)
    os.utime(kept, (1_700_000_100, 1_700_000_100))
    again = SheetSession.open(path)
    assert str(kept) not in again.told
    again.close()


def test_another_games_rescue_copy_under_the_same_name_is_not_pointed_to(tmp_path):
    path, kept = rescued_game()
    other = new_session()  # another game, another id, the same file name elsewhere
    other.close()
    shutil.move(other.path, tmp_path / path.name)
    os.utime(tmp_path / path.name, (1_700_000_000, 1_700_000_000))
    again = SheetSession.open(tmp_path / path.name)
    assert str(kept) not in again.told
    again.close()


def test_an_unreadable_rescue_copy_is_passed_over_without_a_word():
    path, kept = rescued_game()
    kept.write_bytes(b"{ not json")
    os.utime(kept)
    (rescue_dir() / f"{path.stem}.rescued-x.json").mkdir()  # not even a file
    again = SheetSession.open(path)
    assert "rescue" not in again.told
    again.close()
