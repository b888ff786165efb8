"""The permissions of what scorepad writes, and what a write-protected sheet means: a
save keeps the mode of the file it replaces, a new file gets the usual mode less the
umask, a journal or a copy is as private as its sheet, and a sheet no one may write is
opened read-only, saying so. (The tests run as root, where ``os.access`` says yes to
everything: the mode bits decide.)"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import contextmanager

import pytest

from scorepad.storage import journal as journal_module
from scorepad.storage.atomic import atomic_write
from scorepad.storage.copies import keep_copy
from scorepad.storage.files import read_sheet
from scorepad.storage.journal import journal_path
from scorepad.storage.session import SheetSession

from .test_journal import crash, new_session, renown


def mode_of(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(mask: int):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_usual_mode_less_the_umask(tmp_path, mask, mode):
    path = tmp_path / "out.csv"
    with umask(mask):
        atomic_write(path, b"saved")
    assert mode_of(path) == mode


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o444])
def test_a_save_keeps_the_mode_of_the_file_it_replaces(tmp_path, mode):
    path = tmp_path / "game.json"
    path.write_bytes(b"old")
    path.chmod(mode)
    atomic_write(path, b"new")
    assert path.read_bytes() == b"new" and mode_of(path) == mode


def test_a_private_sheet_stays_private_and_so_do_its_journal_and_copies():
    session = new_session()
    session.close()
    session.path.chmod(0o600)
    opened = SheetSession.open(session.path)
    opened.apply(renown(7))
    assert mode_of(journal_path(opened.path)) == 0o600
    assert mode_of(keep_copy(b"{}", opened.path, "ours")) == 0o600
    assert mode_of(opened.rescue()) == 0o600
    opened.close()
    assert read_sheet(opened.path).sheet.players[0].renown == 7 and mode_of(opened.path) == 0o600


def test_a_write_protected_sheet_opens_read_only_says_so_and_is_never_written():
    session = new_session()
    session.close()
    session.path.chmod(0o444)
    before = session.path.read_bytes()
    opened = SheetSession.open(session.path)
    assert opened.read_only and opened.lock is None
    assert opened.note == (f"{session.path.name} is write-protected (its permissions let no one write it): "
                           f"it is shown read-only, as saved; `chmod u+w {session.path.name}`, then open it "
                           "again, to go on with it.")
    with pytest.raises(PermissionError):
        opened.apply(renown(3))
    opened.close()
    assert session.path.read_bytes() == before and mode_of(session.path) == 0o444
    session.path.chmod(0o644)  # writable by its owner again: opened to write
    again = SheetSession.open(session.path)
    assert not again.read_only and again.note == ""
    again.close()


# -- a journal that took nothing (a full disk) --------------------------------------


def full_disk(monkeypatch) -> None:
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(journal_module.os, "write", full)


def test_a_journal_the_disk_took_nothing_of_leaves_no_empty_file(monkeypatch):
    session = new_session()
    full_disk(monkeypatch)
    session.apply(renown(5))
    assert session.unsaved and not journal_path(session.path).exists()
    monkeypatch.undo()
    assert session.retry() and session.journal.path.exists()  # made again, whole
    session.close()
    assert read_sheet(session.path).sheet.players[0].renown == 5


@pytest.mark.parametrize("left", [b"", b'{"journal": 1, "ba'])
def test_a_journal_with_no_whole_line_is_nobody_s_work_and_goes_quietly(left):
    """What a full disk (or a kill in the first write) leaves is no "journal of changes
    to another version": nothing set aside, nothing said, and gone once opened."""
    session = new_session()
    session.close()
    journal_path(session.path).write_bytes(left)
    opened = SheetSession.open(session.path)
    assert opened.told == "" and not journal_path(session.path).exists()
    assert not list(session.path.parent.glob("*.set-aside"))
    opened.apply(renown(4))
    opened.close()
    assert read_sheet(session.path).sheet.players[0].renown == 4


@pytest.mark.parametrize("left", [b"{", b'{"journal":1,"base":"0123456789abcdef'])
def test_a_torn_first_write_of_a_few_bytes_goes_quietly_too(left):
    """The first write is the header line (88 bytes) and the first change: a kill in
    it leaves a prefix with no line break, shorter than the header."""
    session = new_session()
    session.close()
    journal_path(session.path).write_bytes(left)
    opened = SheetSession.open(session.path)
    assert opened.told == "" and not journal_path(session.path).exists()
    assert not list(session.path.parent.glob("*.set-aside"))
    opened.close()


def crashed_with_two_values():
    """A sheet whose journal holds renown 7 and 9 (never folded), its writer killed."""
    session = new_session()
    session.apply(renown(7))
    session.apply(renown(9, 1))
    session.sync()
    crash(session)
    return session


def assert_set_aside_with_the_values(session, opened) -> None:
    (aside,) = session.path.parent.glob(".*.set-aside")
    assert "kept as" in opened.told and aside.name in opened.told
    assert b'"value":7' in aside.read_bytes() and b'"value":9' in aside.read_bytes()
    assert not journal_path(session.path).exists()


def test_a_journal_whose_first_line_is_damaged_is_set_aside_not_removed():
    """No whole record is read from it, yet it holds the values typed: not nobody's work."""
    session = crashed_with_two_values()
    journal = journal_path(session.path)
    journal.write_bytes(b"X" + journal.read_bytes()[1:])
    opened = SheetSession.open(session.path)
    assert_set_aside_with_the_values(session, opened)
    opened.close()


def test_a_journal_too_large_to_read_is_set_aside_not_removed(monkeypatch):
    session = crashed_with_two_values()
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_BYTES", 50)
    opened = SheetSession.open(session.path)
    assert_set_aside_with_the_values(session, opened)
    opened.close()


def test_a_damaged_journal_with_no_line_break_but_longer_than_a_header_is_set_aside():
    session = new_session()
    session.close()
    journal_path(session.path).write_bytes(b"x" * 200)
    opened = SheetSession.open(session.path)
    assert "kept as" in opened.told and list(session.path.parent.glob(".*.set-aside"))
    opened.close()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_journal_is_set_aside_not_removed():
    session = crashed_with_two_values()
    journal = journal_path(session.path)
    journal.chmod(0)
    opened = SheetSession.open(session.path)
    (aside,) = session.path.parent.glob(".*.set-aside")
    assert "kept as" in opened.told and not journal.exists()
    aside.chmod(0o600)
    assert b'"value":9' in aside.read_bytes()
    opened.close()


def test_a_journal_that_is_a_folder_is_set_aside_not_removed():
    session = new_session()
    session.close()
    journal_path(session.path).mkdir()
    (journal_path(session.path) / "inside").write_text("kept")
    opened = SheetSession.open(session.path)
    (aside,) = session.path.parent.glob(".*.set-aside")
    assert "kept as" in opened.told and (aside / "inside").read_text() == "kept"
    opened.close()
