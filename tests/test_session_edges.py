"""The storage of an open game at its edges: atomic
saves (a new file never replaces one, the temporary file and its mode, folders made on
the way), the journal's lines and their durability (what waits for ``sync``, a torn or
garbage line, a file it cannot remove or is a link), the session's refusals and
messages (read-only, a full history, a save problem), someone else's version, a
read-only window following a writer, and the words the screens show for undo and redo."""

from __future__ import annotations

import errno
import json
import os
import stat
from datetime import date, datetime
from pathlib import Path

import pytest

from scorepad.rules.board_entries import RecordEvent
from scorepad.rules.describe import describe
from scorepad.rules.entries import Begin, EntryError, RenamePlayer, SetCount, apply, fold
from scorepad.rules.states import States
from scorepad.storage import atomic, journal as journal_module, live_sheet as live_sheet_module
from scorepad.storage import journal_replay, session as session_module
from scorepad.storage.atomic import SaveError, atomic_write, link_new, real_target
from scorepad.storage.copies import rescue_dir
from scorepad.storage.document import MAX_HISTORY
from scorepad.storage.files import read_sheet
from scorepad.storage.journal import Journal, changes_to_replay, damaged, digest, journal_path, line, read_journal
from scorepad.storage.live_sheet import LiveSheet
from scorepad.storage.paths import sheet_name
from scorepad.storage.session import SheetSession

from .conftest import make_sheet
from .test_journal import crash, new_session, renown

DISK_FULL = "the disk is full (or the file is over its size limit)"
NOT_YOURS = "the file or its folder is read-only or not yours"
NAMES_TRIED = 999  # a new game tries its name, then -2 to -999


class OsWithout:
    """The ``os`` module as a platform that lacks some names (``missing``) or where some
    calls fail (``failing``: name -> errno)."""

    def __init__(self, missing=(), failing=None) -> None:
        self._missing, self._failing = set(missing), failing or {}

    def __getattr__(self, name):
        if name in self._missing:
            raise AttributeError(name)
        if name in self._failing:
            code = self._failing[name]

            def fail(*args, **kwargs):
                raise OSError(code, os.strerror(code))

            return fail
        return getattr(os, name)


def refuse(code: int):
    """A system call that fails with ``code``."""
    def call(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    return call


def refuse_unlink(monkeypatch, target: Path) -> None:
    """Removing ``target`` is refused (a folder that is not ours); any other file goes."""
    real = os.unlink

    def unlink(path, *args, **kwargs):
        if Path(path) == target:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(journal_module.os, "unlink", unlink)


def someone_else_saves(session: SheetSession) -> bytes:
    """Another program writes its own version of the sheet file; its bytes."""
    theirs = session.path.read_bytes().replace(b'"Ben"', b'"Bea"')
    session.path.write_bytes(theirs)
    return theirs


# -- atomic saves ----------------------------------------------------------------------


def test_a_save_makes_the_missing_folders_on_the_way(tmp_path):
    path = tmp_path / "a" / "b" / "game.json"
    atomic_write(path, b"saved")
    assert path.read_bytes() == b"saved"


def test_a_save_replaces_the_file_unless_told_never_to(tmp_path):
    path = tmp_path / "game.json"
    atomic_write(path, b"old")
    atomic_write(path, b"new")
    assert path.read_bytes() == b"new"
    with pytest.raises(SaveError):
        atomic_write(path, b"newer", replace=False)
    assert path.read_bytes() == b"new"


def test_a_saved_file_is_readable_by_all_and_writable_by_its_owner_under_the_usual_umask(tmp_path):
    path = tmp_path / "game.json"
    umask = os.umask(0o022)
    try:
        atomic_write(path, b"saved")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # more: tests/test_file_modes.py


def test_the_temporary_file_is_hidden_and_named_after_the_sheet(tmp_path, monkeypatch):
    """So a save cut short leaves no file in the games list, and the next writer of
    that sheet finds it and removes it (``.NAME.*.tmp``)."""
    names, real = [], os.replace
    monkeypatch.setattr(atomic.os, "replace", lambda src, dst: (names.append(Path(src).name), real(src, dst))[1])
    path = tmp_path / "game.json"
    atomic_write(path, b"saved")
    (name,) = names
    assert name.startswith(f".{path.name}.") and name.endswith(".tmp")


def test_a_failed_save_names_the_file_as_given_even_in_a_linked_folder(tmp_path, monkeypatch):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "linked").symlink_to(real)
    path = tmp_path / "linked" / "game.json"
    assert real_target(path) == path  # only a link to the file itself is followed
    monkeypatch.setattr(atomic, "new_temporary", refuse(errno.EACCES))
    with pytest.raises(SaveError) as refused:
        atomic_write(path, b"saved")
    assert str(refused.value) == f"cannot save {path}: {NOT_YOURS}"


def test_where_links_are_not_supported_a_new_file_is_still_written_and_never_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic.os, "link", refuse(errno.EPERM))
    path = tmp_path / "copy.json"
    atomic_write(path, b"kept", replace=False)
    assert path.read_bytes() == b"kept" and [p.name for p in tmp_path.iterdir()] == [path.name]
    with pytest.raises(SaveError) as refused:
        atomic_write(path, b"other", replace=False)
    assert str(refused.value) == f"cannot save {path}: a file of that name exists (it is left as it was)"
    assert path.read_bytes() == b"kept"


def test_without_links_a_taken_name_is_refused_as_a_link_refuses_it(tmp_path, monkeypatch):
    taken, spare = tmp_path / "taken.json", tmp_path / "spare"
    taken.write_bytes(b"theirs")
    spare.write_bytes(b"ours")
    with pytest.raises(FileExistsError) as native:
        os.link(spare, taken)
    monkeypatch.setattr(atomic.os, "link", refuse(errno.EXDEV))  # another file system
    with pytest.raises(FileExistsError) as ours:
        link_new(str(spare), taken)
    assert (ours.value.errno, ours.value.strerror) == (native.value.errno, native.value.strerror)
    assert ours.value.filename == str(taken) and taken.read_bytes() == b"theirs"


def test_a_save_works_where_folders_cannot_be_opened_or_synced(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    real_open = os.open

    def open_no_folder(name, flags, *args):
        if Path(name).is_dir():
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))
        return real_open(name, flags, *args)

    monkeypatch.setattr(atomic.os, "open", open_no_folder)
    atomic_write(path, b"one")
    monkeypatch.undo()
    monkeypatch.setattr(atomic, "os", OsWithout(missing={"O_RDONLY"}))  # no such thing here
    atomic_write(path, b"two")
    assert path.read_bytes() == b"two"


# -- the journal -----------------------------------------------------------------------


def test_a_journal_counts_only_the_changes_to_the_history(tmp_path):
    """``changes`` is what a fold records as done: puts and keeps, not its own notes."""
    journal = Journal(tmp_path / "game.json")
    assert journal.changes == 0 and not journal.started
    journal.begin("base")
    journal.put(1, {"kind": "set_title", "title": "x"})
    journal.keep(1)
    journal.folding(2, "folded")
    journal.ours([{"kind": "set_title", "title": "x"}])
    assert journal.changes == 2
    records, _ = read_journal(journal.path)
    assert [next(iter(r)) for r in records] == ["journal", "put", "keep", "folding", "ours"]
    journal.close()


def test_a_change_waits_for_sync_but_a_fold_or_our_version_is_fsynced_at_once(tmp_path):
    """A typed change, an undo's ``keep`` too, is written and fsynced after the frame;
    the record of a fold, or of our version beside theirs, is durable before it returns."""
    journal = Journal(tmp_path / "game.json")
    journal.begin("base")
    journal.put(1, {"kind": "set_title", "title": "x"})
    journal.keep(1)
    assert len(journal.written) == 3  # header, put and keep: on disk, not yet fsynced
    journal.folding(2, "folded")
    assert journal.written == []
    journal.put(1, {"kind": "set_title", "title": "y"})
    journal.ours([])
    assert journal.written == []
    journal.close()


def test_journal_lines_are_compact_and_keep_names_as_typed():
    assert line({"name": "Chloé", "n": 1}) == '{"name":"Chloé","n":1}\n'.encode("utf-8")


def test_a_retry_with_nothing_waiting_writes_no_journal():
    session = new_session()
    assert session.retry() and session.save_problem is None
    assert session.folded and not journal_path(session.path).exists()
    session.close()


def test_the_journal_has_its_sheets_permissions():
    session = new_session()
    session.path.chmod(0o640)
    umask = os.umask(0)
    try:
        session.apply(renown(1))
    finally:
        os.umask(umask)
    assert stat.S_IMODE(journal_path(session.path).stat().st_mode) == 0o640
    session.close()


def test_a_journal_that_is_a_link_is_never_written_through(tmp_path):
    """A new journal is a file of its own put at its name: a link there is replaced, not
    followed. One with our lines in it (a journal going on) is refused, not read through."""
    session = new_session()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    journal_path(session.path).symlink_to(victim)
    session.apply(renown(5))
    session.sync()
    assert victim.read_text() == "precious" and not journal_path(session.path).is_symlink()
    assert session.save_problem is None and not session.unsaved
    session.journal.close()
    journal_path(session.path).unlink()
    journal_path(session.path).symlink_to(victim)
    session.apply(renown(6))
    assert victim.read_text() == "precious" and session.unsaved
    assert session.save_problem == f"cannot save {journal_path(session.path)}: {os.strerror(errno.ELOOP)}"
    session.close()


def test_the_journal_is_written_where_the_platform_cannot_refuse_links(monkeypatch):
    monkeypatch.setattr(journal_module, "os", OsWithout(missing={"O_NOFOLLOW"}))
    session = new_session()
    session.apply(renown(5))
    session.sync()
    assert session.save_problem is None and not session.unsaved
    crash(session)
    monkeypatch.undo()
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 5
    again.close()


def test_a_change_costs_one_write_the_journal_is_cut_back_only_when_opened(monkeypatch):
    session = new_session()
    cuts, real = [], os.ftruncate
    monkeypatch.setattr(journal_module.os, "ftruncate", lambda fd, size: (cuts.append(size), real(fd, size))[1])
    for value in (1, 2, 3):
        session.apply(renown(value))
        session.sync()
    assert cuts == [0]
    session.close()


def test_changes_after_a_torn_line_left_by_a_crash_are_kept_even_after_a_failed_write(monkeypatch):
    """The journal a crash left ends in half a line: the next lines go after the whole
    ones (the half cut off), also when the first write after opening fails halfway."""
    session = new_session()
    session.close()
    header = line({"journal": 1, "base": digest(session.path.read_bytes())})
    journal_path(session.path).write_bytes(header + b'{"put":1,"ent')
    opened = SheetSession.open(session.path)
    assert opened.told == "" and opened.sheet == session.sheet
    real_write = os.write

    def half_then_full(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(journal_module.os, "write", half_then_full)
    opened.apply(renown(12))
    assert opened.unsaved
    monkeypatch.undo()
    opened.apply(renown(13, player=1))
    assert not opened.unsaved
    crash(opened)
    again = SheetSession.open(session.path)
    assert (again.sheet.players[0].renown, again.sheet.players[1].renown) == (12, 13)
    again.close()


def test_after_several_writes_a_failed_fsync_rewrites_from_the_last_synced_line(monkeypatch):
    session = new_session()
    session.apply(renown(12))
    session.apply(renown(13, player=1))  # written apart: the journal's size adds up
    session.sync()
    session.apply(renown(14))
    monkeypatch.setattr(journal_module.os, "fsync", refuse(errno.EIO))
    session.sync()
    assert session.unsaved
    monkeypatch.undo()
    assert session.retry()
    crash(session)
    again = SheetSession.open(session.path)
    assert again.history == session.history
    again.close()


def test_a_journal_that_cannot_be_removed_says_so_and_the_next_change_goes_on_after_it(monkeypatch):
    session = new_session()
    session.apply(renown(4))
    journal = journal_path(session.path)
    refuse_unlink(monkeypatch, journal)
    assert not session.fold()
    assert session.save_problem == f"cannot remove {journal}: {NOT_YOURS}"
    assert not session.folded  # the journal is still there, and said to be
    monkeypatch.undo()
    session.apply(renown(5))
    assert session.save_problem is None and not session.unsaved
    assert session.fold() and session.save_problem is None and session.folded
    assert read_sheet(session.path).sheet.players[0].renown == 5
    session.close()


def test_a_journal_is_set_aside_under_its_name_and_the_time(tmp_path, monkeypatch):
    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2026, 11, 27, 21, 5, 9)

    monkeypatch.setattr(journal_module, "datetime", Clock)
    journal = Journal(tmp_path / "game.json")
    journal.path.write_bytes(b'{"journal":1,"base":"x"}\n')
    aside = journal.set_aside()
    assert aside == journal.path.with_name(f"{journal.path.name}-20261127-210509.set-aside")
    assert aside.read_bytes() == b'{"journal":1,"base":"x"}\n' and not journal.path.exists()
    assert not journal.started
    gone = Journal(tmp_path / "other.json")
    with pytest.raises(SaveError) as refused:
        gone.set_aside()
    assert str(refused.value) == f"cannot move {gone.path}: {os.strerror(errno.ENOENT)}"


def test_closing_a_journal_fsyncs_what_was_only_written(tmp_path):
    journal = Journal(tmp_path / "game.json")
    journal.begin("base")
    journal.put(1, {"kind": "set_title", "title": "x"})
    assert journal.written
    journal.close()
    assert journal.written == [] and journal.fd is None


def test_closing_a_journal_never_fails(tmp_path, monkeypatch):
    """Not when its lines cannot be fsynced, nor when its file is closed already."""
    journal = Journal(tmp_path / "game.json")
    journal.begin("base")
    journal.put(1, {"kind": "set_title", "title": "x"})
    monkeypatch.setattr(journal_module.os, "fsync", refuse(errno.EIO))
    journal.close()
    assert journal.fd is None
    monkeypatch.undo()
    journal.put(2, {"kind": "set_title", "title": "y"})
    journal.flush()
    os.close(journal.fd)
    journal.close()
    assert journal.fd is None


def test_reading_a_journal_stops_at_a_damaged_line_and_counts_the_whole_lines(tmp_path):
    path = tmp_path / ".game.json.journal"
    whole = line({"journal": 1, "base": "b"}) + line({"put": 1, "entry": {}}) + line({"keep": 1})
    path.write_bytes(whole + b"not json\n" + line({"keep": 1}) + b'{"put')
    assert read_journal(path) == ([{"journal": 1, "base": "b"}, {"put": 1, "entry": {}}, {"keep": 1}], len(whole))
    header = line({"journal": 1, "base": "b"})
    path.write_bytes(header + b"[1]\n" + line({"keep": 1}))
    assert read_journal(path) == ([{"journal": 1, "base": "b"}], len(header))


def test_a_journal_is_damaged_when_a_bad_line_has_whole_lines_after_it_not_at_a_torn_end(tmp_path):
    path = tmp_path / ".game.json.journal"
    whole = line({"journal": 1, "base": "b"}) + line({"put": 1, "entry": {}})
    for damage in (b"not json\n", b"[1]\n", b"\0\0\n"):
        path.write_bytes(whole + damage + line({"keep": 1}))
        assert damaged(path)
        path.write_bytes(whole + damage)  # a last line: torn, or not, nothing after it
        assert not damaged(path)
    path.write_bytes(whole + b'{"put')  # a torn end, no line break
    assert not damaged(path)


CHANGES = [{"put": 1, "entry": {}}, {"keep": 1}, {"put": 1, "entry": {"x": 1}}]


@pytest.mark.parametrize("done, left", [(0, CHANGES), (2, CHANGES[2:]), (3, []), (4, None), (-1, None),
                                        ("1", None)])
def test_a_fold_recorded_in_the_journal_says_which_changes_the_file_holds(done, left):
    records = [{"journal": 1, "base": "old"}, *CHANGES, {"folding": done, "hash": "new"}]
    assert changes_to_replay(records, "new") == left


def test_a_journal_whose_folds_wrote_another_file_is_not_replayed():
    records = [{"journal": 1, "base": "old"}, *CHANGES, {"folding": 1, "hash": "new"}]
    assert changes_to_replay(records, "someone-elses") is None


# -- the session -----------------------------------------------------------------------


def test_a_new_game_has_nothing_to_tell_and_nothing_unsaved():
    session = new_session()
    assert (session.note, session.told, session.save_problem, session.conflict) == ("", "", None, None)
    assert session.folded and not session.unsaved and not session.read_only
    session.close()
    assert session.lock is None


def test_a_session_made_from_a_history_saves_to_its_own_file(tmp_path):
    path = tmp_path / "game.json"
    session = SheetSession(path, (Begin(sheet=make_sheet({"name": "Ana"})),))
    session.apply(renown(3))
    assert session.fold() and read_sheet(path).sheet.players[0].renown == 3


def test_opening_a_sheet_replays_its_history_once(monkeypatch):
    session = new_session()
    session.apply(renown(3))
    session.close()
    replays, real = [], session_module.replay_states
    monkeypatch.setattr(session_module, "replay_states", lambda history: replays.append(1) or real(history))
    opened = SheetSession.open(session.path)
    assert replays == [] and opened.sheet.players[0].renown == 3
    opened.close()


def test_a_journal_left_under_a_new_games_name_is_started_afresh(tmp_path):
    """A game deleted after a crash can leave its journal; a new game of that name must
    not add its changes to it (they would be set aside, as another version's, on opening)."""
    sheet, day = make_sheet({"name": "Ana"}, {"name": "Ben"}), date(2026, 11, 27)
    journal_path(tmp_path / sheet_name(sheet.title, day)).write_bytes(line({"journal": 1, "base": "gone"}))
    session = SheetSession.create(sheet, folder=tmp_path, day=day)
    session.apply(renown(12))
    crash(session)
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 12 and "kept as" not in again.told
    again.close()


def test_only_the_writer_removes_what_a_cut_save_left(tmp_path):
    """A read-only window leaves a temporary file alone (its writer may be mid-save);
    the writer removes it, and a folder of that name does not stop it opening."""
    session = new_session()
    session.close()
    leftover = session.path.with_name(f".{session.path.name}.cut.tmp")
    leftover.write_bytes(b"half a save")
    odd = session.path.with_name(f".{session.path.name}.odd.tmp")
    odd.mkdir()
    SheetSession.open(session.path, read_only=True)
    assert leftover.exists()
    writer = SheetSession.open(session.path)
    assert not leftover.exists() and odd.is_dir()
    writer.close()


def test_a_window_opened_while_the_writer_types_tells_nothing_was_recovered():
    writer = new_session()
    writer.apply(renown(3))
    viewer = SheetSession.open(writer.path, read_only=True)
    assert viewer.told == "" and viewer.sheet.players[0].renown == 3
    writer.close()


def test_a_read_only_session_refuses_a_change_in_words():
    writer = new_session()
    viewer = SheetSession.open(writer.path, read_only=True)
    with pytest.raises(PermissionError) as refused:
        viewer.apply(renown(1))
    assert str(refused.value) == "this sheet is open read-only"
    writer.close()


def test_a_full_history_refuses_the_next_change_and_says_what_to_do(tmp_path):
    """The history keeps at most MAX_HISTORY entries (a longer file would not be read
    back); up to that, a change is taken."""
    first = Begin(sheet=make_sheet({"name": "Ana"}))
    change = renown(1)
    states = [apply(None, first)]
    states.append(apply(states[0], change))  # the same value again changes nothing more
    history = [first] + [change] * (MAX_HISTORY - 2)
    session = SheetSession(tmp_path / "long.json", tuple(history),
                           states=States(history, [states[0]] + [states[1]] * (MAX_HISTORY - 2)))
    session.apply(change)
    assert len(session.history) == MAX_HISTORY
    with pytest.raises(EntryError) as refused:
        session.apply(change)
    assert str(refused.value) == (f"the sheet's history is full ({MAX_HISTORY:,} changes): "
                                  "start a new game from its results")
    assert len(session.history) == MAX_HISTORY


def test_a_sheet_too_long_to_read_back_is_never_written_even_as_a_rescue(tmp_path):
    first = Begin(sheet=make_sheet({"name": "Ana"}))
    path = tmp_path / "long.json"
    session = SheetSession(path, (first,) * (MAX_HISTORY + 1), states=States([first], [apply(None, first)]))
    with pytest.raises(SaveError) as refused:
        session.rescue()
    assert str(refused.value).startswith(f"cannot save {path}: the sheet is too large")


def test_a_rescue_copy_goes_to_the_rescue_folder_with_the_whole_history():
    session = new_session()
    session.apply(renown(8))
    kept = session.rescue()
    assert kept.parent == rescue_dir() and kept.name.startswith(f"{session.path.stem}.rescued-")
    saved = read_sheet(kept)
    assert saved.sheet == session.sheet and list(saved.history) == session.history
    session.close()


def test_a_retry_that_fails_again_says_why(monkeypatch):
    session = new_session()
    monkeypatch.setattr(journal_module.os, "write", refuse(errno.ENOSPC))
    session.apply(renown(12))
    assert session.retry() is False and session.unsaved
    assert session.save_problem == f"cannot save {journal_path(session.path)}: {DISK_FULL}"
    monkeypatch.undo()
    assert session.retry() and session.save_problem is None
    session.close()


def test_their_version_is_not_overwritten_even_once_it_holds_our_last_bytes():
    """Until the user chooses, nothing is saved: not even when the file goes back to
    the bytes we last wrote."""
    session = new_session()
    ours = session.path.read_bytes()
    someone_else_saves(session)
    session.apply(renown(30))
    assert session.check_file()
    session.path.write_bytes(ours)
    assert not session.fold() and session.conflict is not None
    assert session.path.read_bytes() == ours
    session.close()


def test_a_read_only_window_never_saves_nor_checks_for_a_conflict():
    writer = new_session()
    writer.apply(renown(4))
    viewer = SheetSession.open(writer.path, read_only=True)
    on_disk = (writer.path.read_bytes(), journal_path(writer.path).read_bytes())
    viewer.fold()
    assert (writer.path.read_bytes(), journal_path(writer.path).read_bytes()) == on_disk
    assert writer.fold()  # the writer rewrites the file: not someone else's, for the window
    assert viewer.check_file() is False and viewer.conflict is None
    writer.close()


def test_a_background_save_that_finds_their_version_keeps_it_for_the_choice():
    session = new_session()
    session.apply(renown(5))
    job = session.fold_job()
    theirs = someone_else_saves(session)
    assert session.fold_done(job()) is False and session.conflict == theirs
    assert session.path.read_bytes() == theirs
    session.close()


def test_looking_at_an_unchanged_file_writes_nothing():
    session = new_session()
    assert not session.check_file()
    assert session.folded and not journal_path(session.path).exists()
    session.close()


@pytest.mark.parametrize("choice, copy", [("keep_ours", "theirs"), ("take_theirs", "ours")])
def test_the_version_not_chosen_is_kept_under_its_own_name(choice, copy):
    session = new_session()
    someone_else_saves(session)
    session.apply(renown(30))
    assert session.check_file()
    kept = getattr(session, choice)()
    assert kept.name.startswith(f"{session.path.stem}.{copy}-")
    session.close()


def test_keep_ours_over_a_file_that_was_deleted_keeps_no_copy():
    session = new_session()
    session.apply(renown(30))
    session.path.unlink()
    assert session.check_file() and session.conflict == b""
    assert session.keep_ours() is None
    assert read_sheet(session.path).sheet.players[0].renown == 30
    assert not (session.path.parent / "copies").exists()
    session.close()


def test_keep_ours_that_cannot_save_says_why(monkeypatch):
    session = new_session()
    someone_else_saves(session)
    session.apply(renown(30))
    assert session.check_file()
    monkeypatch.setattr(atomic.os, "replace", refuse(errno.ENOSPC))
    with pytest.raises(SaveError) as refused:
        session.keep_ours()
    assert str(refused.value) == session.save_problem == f"cannot save {session.path}: {DISK_FULL}"
    monkeypatch.undo()
    session.close()


def test_taking_their_version_that_does_not_replay_shows_it_as_saved_and_frees_the_sheet():
    session = new_session()
    raw = json.loads(session.path.read_text())
    raw["players"][1]["name"] = "Bea"
    raw["history"].append({"kind": "add_player", "name": "ana"})  # Ana is there already
    session.path.write_text(json.dumps(raw))
    session.apply(renown(3))
    assert session.check_file()
    session.take_theirs()
    assert session.read_only and [p.name for p in session.sheet.players] == ["Ana", "Bea"]
    assert session.lock is None
    session.close()


def test_saving_a_read_only_sheet_elsewhere_makes_it_writable_there(tmp_path):
    session = new_session()
    session.close()
    raw = json.loads(session.path.read_text())
    raw["history"].append({"kind": "add_player", "name": "ana"})
    session.path.write_text(json.dumps(raw))
    opened = SheetSession.open(session.path)
    assert opened.read_only and opened.note
    mine = tmp_path / "mine.json"
    opened.save_as(mine)
    assert not opened.read_only and opened.note == ""
    opened.apply(renown(6))
    opened.close()
    assert read_sheet(mine).sheet.players[0].renown == 6


def test_quitting_undecided_with_a_journal_that_cannot_go_says_why(monkeypatch):
    session = new_session()
    someone_else_saves(session)
    session.apply(renown(30))
    assert session.check_file()
    journal = journal_path(session.path)
    refuse_unlink(monkeypatch, journal)
    session.close()
    assert session.save_problem == f"cannot remove {journal}: {NOT_YOURS}"
    assert "Our version is kept as" in session.told and session.lock is None


def test_quitting_without_the_changes_that_could_not_be_saved_leaves_the_file_as_it_was(monkeypatch):
    """"Quit and lose them": closing with changes only in memory writes none of them,
    even if the disk would take them now."""
    session = new_session()
    before = session.path.read_bytes()
    monkeypatch.setattr(journal_module.os, "write", refuse(errno.ENOSPC))
    session.apply(renown(12))
    assert session.unsaved
    monkeypatch.undo()
    session.close()
    assert session.path.read_bytes() == before
    assert SheetSession.open(session.path, read_only=True).sheet.players[0].renown == 0


def test_a_new_game_takes_the_next_name_when_another_scorepad_took_it_meanwhile(tmp_path, monkeypatch):
    sheet, day = make_sheet({"name": "Ana"}, title="Race"), date(2026, 11, 27)
    real, taken = session_module.claim_new, []

    def racing(path, *args):
        if not taken:  # between our look and our write
            path.write_bytes(b"theirs")
            taken.append(path)
        return real(path, *args)

    monkeypatch.setattr(session_module, "claim_new", racing)
    session = SheetSession.create(sheet, folder=tmp_path, day=day)
    assert session.path == tmp_path / sheet_name(sheet.title, day).replace(".json", "-2.json")
    assert taken == [tmp_path / sheet_name(sheet.title, day)] and taken[0].read_bytes() == b"theirs"
    session.close()


def test_a_new_game_passes_over_a_dangling_link_under_its_name_and_makes_its_games_folder(tmp_path):
    """A link in the games folder is never written through (claim_new refuses it): the new
    game takes the next name, and the folder the link names is never made."""
    sheet, day = make_sheet({"name": "Ana"}, title="Link"), date(2026, 11, 27)
    games = tmp_path / "home" / "games"  # not there yet: the games folder is ours to make
    session = SheetSession.create(sheet, folder=games, day=day)
    first = session.path
    session.close()
    first.unlink()
    first.symlink_to(tmp_path / "elsewhere" / "planted.json")
    session = SheetSession.create(sheet, folder=games, day=day)
    assert session.path == games / sheet_name(sheet.title, day).replace(".json", "-2.json")
    assert not (tmp_path / "elsewhere").exists() and first.is_symlink()
    session.close()


def test_a_new_game_with_every_name_taken_says_so(tmp_path):
    sheet, day = make_sheet({"name": "Ana"}, title="Busy"), date(2026, 11, 27)
    first = sheet_name(sheet.title, day)
    for attempt in range(1, NAMES_TRIED + 1):
        (tmp_path / (first if attempt == 1 else first.replace(".json", f"-{attempt}.json"))).touch()
    with pytest.raises(SaveError) as refused:
        SheetSession.create(sheet, folder=tmp_path, day=day)
    assert str(refused.value) == f"cannot find a free file name in {tmp_path}"


# -- a read-only window following the writer -------------------------------------------


def test_a_window_with_nothing_new_reports_no_change():
    writer = new_session()
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    assert viewer.follow() is False
    writer.close()


def test_a_window_applies_only_the_writers_new_entry(monkeypatch):
    """A long sheet is not replayed again every second while its writer types."""
    writer = new_session()
    for value in (1, 2, 3):
        writer.apply(renown(value, player=1))
    assert writer.fold()
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    applied, real = [], journal_replay.apply
    monkeypatch.setattr(journal_replay, "apply", lambda state, entry: applied.append(entry) or real(state, entry))
    writer.apply(renown(9))
    assert viewer.follow() and viewer.sheet.players[0].renown == 9
    assert applied == [renown(9)]
    writer.close()


def test_a_window_keeps_showing_the_writers_sheet_when_someone_else_saves_theirs():
    writer = new_session()
    writer.apply(renown(5))
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    someone_else_saves(writer)  # the writer's journal is now of another version
    assert viewer.follow() is False
    assert viewer.sheet.players[0].renown == 5 and viewer.sheet.players[1].name == "Ben"
    writer.close()


def test_a_window_keeps_showing_the_sheet_while_the_file_is_unreadable():
    writer = new_session()
    writer.apply(renown(5))
    writer.close()
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    writer.path.write_bytes(b"{")  # mid-change
    assert viewer.follow() is False and viewer.sheet.players[0].renown == 5


def test_a_window_says_once_that_a_file_whose_history_no_longer_replays_cannot_be_followed(monkeypatch):
    """A hand edit that breaks the history: the window kept the old sheet without a word,
    and read the whole file again every second."""
    writer = new_session()
    writer.apply(renown(5))
    writer.close()
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    document = json.loads(writer.path.read_text(encoding="utf-8"))
    edited = next(entry for entry in document["history"] if isinstance(entry, dict) and "player" in entry)
    edited["player"] = 7  # no such player: the history does not replay
    writer.path.write_text(json.dumps(document), encoding="utf-8")
    assert viewer.follow() is False and viewer.sheet.players[0].renown == 5
    said = viewer.take_unfollowed()
    assert "cannot follow" in said and writer.path.name in said and viewer.take_unfollowed() == ""
    reads = []
    monkeypatch.setattr(session_module, "load_current", lambda path: reads.append(path))
    assert viewer.follow() is False and reads == []  # not read again until it changes again
    monkeypatch.undo()
    document["title"] = "Edited again"  # another change it cannot follow: said again
    writer.path.write_text(json.dumps(document), encoding="utf-8")
    assert viewer.follow() is False and "cannot follow" in viewer.take_unfollowed()


@pytest.mark.parametrize("spoil", ["a value out of range", "not UTF-8", "gone"])
def test_a_window_says_once_that_the_file_it_follows_cannot_be_read_and_follows_it_again_once_it_can(spoil):
    """Attack run: the file followed by a read-only window made unreadable (a value out
    of range, bytes that are no text, deleted): the window went on showing the old values
    under "follows the file" without a word. Seen twice alike (not a writer mid-change),
    it is said once; a readable file again is followed again."""
    writer = new_session()
    writer.apply(renown(5))
    writer.close()
    viewer = SheetSession.open(writer.path, read_only=True)
    good = writer.path.read_bytes()
    document = json.loads(good)
    document["players"][0]["renown"] = 99999
    {"a value out of range": lambda: writer.path.write_text(json.dumps(document), encoding="utf-8"),
     "not UTF-8": lambda: writer.path.write_bytes(b"\xff" * 40), "gone": writer.path.unlink}[spoil]()
    assert viewer.follow() is False and viewer.take_unfollowed() == ""  # a writer mid-change, maybe
    assert viewer.follow() is False
    said = viewer.take_unfollowed()
    assert "cannot be read now" in said and writer.path.name in said and "as it was last read" in said
    assert viewer.follow() is False and viewer.take_unfollowed() == ""  # once
    document["players"][0]["renown"] = 9
    writer.path.write_text(json.dumps(document), encoding="utf-8")
    assert viewer.follow() is True and viewer.sheet.players[0].renown == 9


def test_a_window_on_a_file_that_never_replayed_says_nothing_more_until_it_changes():
    """Opened read-only because its history does not replay (its note says so), the
    file is no change at the first look: a second warning came a second after opening."""
    writer = new_session()
    writer.apply(renown(5))
    writer.close()
    document = json.loads(writer.path.read_text(encoding="utf-8"))
    next(e for e in document["history"] if isinstance(e, dict) and "player" in e)["player"] = 7
    writer.path.write_text(json.dumps(document), encoding="utf-8")
    viewer = SheetSession.open(writer.path, read_only=True)
    assert viewer.note and viewer.follow() is False and viewer.take_unfollowed() == ""


# -- the screens' view: LiveSheet ------------------------------------------------------


def test_a_refused_entry_gives_the_rules_reason_and_changes_nothing():
    live = LiveSheet(new_session())
    entry = SetCount(player=7, field="renown", value=1)
    with pytest.raises(EntryError) as refused:
        apply(live.sheet, entry)
    assert live.send(entry) == str(refused.value) and live.revision == 0
    live.session.close()


def test_undo_and_redo_say_what_the_last_change_did_naming_players_as_they_were():
    live = LiveSheet(new_session())
    first = live.history[0]
    done = [renown(1), renown(2, player=1), RenamePlayer(player=0, name="Cy"), renown(7)]
    for entry in done:
        assert live.send(entry) is None
    assert live.revision == len(done)
    words = describe(done[-1], fold([first, *done[:-1]]))
    assert "Cy" in words  # named as the rename before it left the player
    assert live.undo() == (True, f"Undone: {words}")
    assert live.redo() == (True, f"Redone: {words}")
    assert live.revision == len(done) + 2
    live.session.close()


def test_a_value_for_one_player_keeps_the_others_scores_and_the_end_status(monkeypatch):
    """Worked out once per revision, and only what the change can touch: the other
    players keep their scores; the end status (E1-E8) waits for the timeline or Library."""
    counted, real = [], live_sheet_module.end_status
    monkeypatch.setattr(live_sheet_module, "end_status", lambda sheet: counted.append(1) or real(sheet))
    live = LiveSheet(new_session())
    ana = live.standings().scores[[s.name for s in live.standings().scores].index("Ana")]
    live.end()
    assert live.send(renown(3, player=1)) is None
    scores = {s.name: s for s in live.standings().scores}
    assert scores["Ana"] is ana and live.end() == real(live.sheet) and counted == [1]
    assert live.send(RecordEvent()) is None
    assert live.end() == real(live.sheet) and counted == [1, 1]
    live.session.close()


def test_a_journal_that_could_not_be_removed_still_counts_its_changes_for_the_next_fold(monkeypatch):
    """Its changes are still in it, and the next fold says how many the file holds: a
    crash right after that fold must not take them for changes of another version (nor
    say changes were recovered: the file holds them all)."""
    session = new_session()
    session.apply(renown(4))
    session.apply(renown(5, player=1))
    refuse_unlink(monkeypatch, journal_path(session.path))
    assert not session.fold()
    monkeypatch.undo()
    session.apply(renown(6))
    monkeypatch.setattr(journal_module.Journal, "remove", lambda self: (_ for _ in ()).throw(SaveError("killed")))
    assert not session.fold()  # the file is rewritten; killed before the journal goes
    crash(session)
    monkeypatch.undo()
    again = SheetSession.open(session.path)
    assert again.history == session.history and again.told == ""
    assert not list(session.path.parent.glob(".*.set-aside"))
    again.close()


def test_two_new_games_of_one_title_made_at_once_take_two_names(tmp_path):
    """Two scorepads starting a game titled alike at the same instant: the second found
    the first's lock on the name both chose, before its file was written, and was told
    the game was open in another scorepad ("process ? on ?"), then offered a file in
    the current folder (an attacker's run). It takes the next name."""
    from scorepad.storage.lock import SheetLock

    sheet, day = make_sheet({"name": "Ana"}, title="Race"), date(2026, 11, 27)
    games = tmp_path / "games"
    games.mkdir()
    first = games / sheet_name(sheet.title, day)
    other = SheetLock(first).acquire()  # the other scorepad, its file not written yet
    try:
        session = SheetSession.create(sheet, folder=games, day=day)
        assert session.path == games / sheet_name(sheet.title, day).replace(".json", "-2.json")
        session.close()
    finally:
        other.release()
