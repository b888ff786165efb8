"""Storage word for word: what reading a sheet file says for each thing that can
be wrong with it, the size cap on read and write, the lock file (its name, its mode, who
holds it, what it shows, how it is given back, with and without fcntl), the settings file,
the folders on each platform, the games listing's messages, and where exports are written.

Each test asserts what a user sees (a message, a file's content, a refusal), not how the
code gets there; a few stand in for a platform or a race that a test cannot wait for."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from scorepad.rules.standings import standings
from scorepad.rules.entries import Begin, SetCount
from scorepad.storage import catalog, copies, document, exports, files
from scorepad.storage import lock as lock_module
from scorepad.storage.atomic import SaveError
from scorepad.storage.bgstats import to_bgstats
from scorepad.storage.export_rows import Play
from scorepad.storage.settings import ExportIdentity
from scorepad.storage.catalog import saved_games
from scorepad.storage.copies import keep_copy, rescue_dir
from scorepad.storage.document import SheetFileError
from scorepad.storage.document_writer import EntryTexts
from scorepad.storage.exports import export_text, to_csv, write_export
from scorepad.storage.files import check_fits, is_scoresheet, read_at_most, read_bytes, sheet_bytes, write_sheet
from scorepad.storage.lock import SheetLock, SheetLocked, lock_path
from scorepad.storage.paths import data_home, folder_problem, slug
from scorepad.storage.settings import load_settings, save_setting, settings_path

from .conftest import DATA, make_sheet
from .test_copies_and_targets import FixedClock

FRIDAY = files.read_sheet(DATA / "friday.json").sheet
FRIDAY_BYTES = (DATA / "friday.json").read_bytes()
LOCKED_TAIL = ": open it read-only, or close the other one"


def problem_of(path: Path) -> str:
    """What reading ``path`` as a sheet says (the test fails if it reads)."""
    with pytest.raises(SheetFileError) as refused:
        read_bytes(path)
    return str(refused.value)


def without_blocking(fifo: Path, call) -> dict:
    """``call``'s outcome ({"value": ...} or {"error": ...}); the test fails if it waits on
    the named pipe ``fifo`` (a writer then opens the pipe, so that the call ends)."""
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as err:  # handed to the test
            outcome["error"] = err

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(5)
    blocked = worker.is_alive()
    if blocked:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # lets the blocked open return
        worker.join(5)
    assert not blocked, f"opening {fifo} waited for a writer"
    return outcome


def history_of(sheet, count: int) -> tuple:
    steps = [SetCount(player=0, field="renown", value=n % 100) for n in range(count - 1)]
    return (Begin(sheet=sheet), *steps)


# -- reading a sheet file: one message for each problem ----------------------------------


def test_a_named_pipe_is_refused_at_once_in_process(tmp_path):
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    outcome = without_blocking(fifo, lambda: read_bytes(fifo))
    assert isinstance(outcome.get("error"), SheetFileError)
    assert str(outcome["error"]) == f"{fifo}: is a named pipe, not a regular file: not a scoresheet"


def test_a_sheet_reads_on_a_platform_without_non_blocking_opens(tmp_path, monkeypatch):
    """Windows has no O_NONBLOCK: the file is then opened for reading as it is."""
    path = tmp_path / "friday.json"
    path.write_bytes(FRIDAY_BYTES)
    monkeypatch.delattr(os, "O_NONBLOCK")
    assert read_bytes(path) == FRIDAY_BYTES
    settings = tmp_path / "settings.json"
    settings.write_text('{"theme": "nord"}', encoding="utf-8")
    assert load_settings(settings) == ({"theme": "nord"}, "")


def test_a_folder_is_not_a_scoresheet_file(tmp_path):
    assert problem_of(tmp_path) == f"{tmp_path}: is a folder, not a scoresheet file"


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_device_is_named_as_such(tmp_path):
    link = tmp_path / "null.json"
    link.symlink_to("/dev/null")
    assert problem_of(link) == f"{link}: is a device, not a regular file: not a scoresheet"


def test_a_missing_file_says_no_such_file(tmp_path):
    path = tmp_path / "gone.json"
    assert problem_of(path) == f"{path}: no such file"


def test_a_file_the_user_may_not_read_says_permission_denied(tmp_path, monkeypatch):
    """(Stands in for a file of mode 000: the tests may run as root, who reads anything.)"""
    path = tmp_path / "friday.json"
    path.write_bytes(FRIDAY_BYTES)

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "open", refuse)
    assert problem_of(path) == f"{path}: cannot be read: permission denied"


def test_any_other_os_error_is_said_in_words(tmp_path):
    (tmp_path / "file").write_text("a file, not a folder")
    path = tmp_path / "file" / "friday.json"
    assert problem_of(path) == f"{path}: cannot be read: {os.strerror(errno.ENOTDIR)}"


def test_a_file_over_the_cap_is_too_large_by_its_size(tmp_path, monkeypatch):
    path = tmp_path / "friday.json"
    path.write_bytes(FRIDAY_BYTES)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(FRIDAY_BYTES) - 1)
    assert problem_of(path) == f"{path}: is too large to be a scoresheet (over {len(FRIDAY_BYTES) - 1} bytes)"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_file_that_lies_about_its_size_is_too_large_by_what_it_holds(tmp_path, monkeypatch):
    link = tmp_path / "status.json"
    link.symlink_to("/proc/self/status")  # says 0 bytes, holds more than 16
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 16)
    assert problem_of(link) == f"{link}: is too large to be a scoresheet (over 16 bytes)"


def test_read_at_most_reads_the_limit_in_chunks_and_no_more(tmp_path, monkeypatch):
    path = tmp_path / "letters"
    path.write_bytes(b"abcdefghijklmnopqrstuvwxyz")
    monkeypatch.setattr(files, "CHUNK", 4)
    descriptor = os.open(path, os.O_RDONLY)
    try:
        assert read_at_most(descriptor, 10) == b"abcdefghij"  # chunks of 4, 4, then the 2 left
        assert read_at_most(descriptor, 100) == b"klmnopqrstuvwxyz"  # to the end, whole
    finally:
        os.close(descriptor)


# -- is_scoresheet: what an export may never replace -------------------------------------


def test_a_file_over_the_cap_is_not_a_scoresheet_rather_than_an_error(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(FRIDAY_BYTES)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(FRIDAY_BYTES) - 1)
    assert is_scoresheet(path) is False


def test_a_sheet_holding_a_huge_number_is_still_a_scoresheet(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text('{"format": "great-library-scoresheet", "players": [{"name": "Ana", "renown": 1'
                    + "0" * 5000 + "}]}", encoding="utf-8")
    assert is_scoresheet(path) is True


@pytest.mark.parametrize("text", ["[1, 2]", '"great-library-scoresheet"', "7"])
def test_json_that_is_not_an_object_is_not_a_scoresheet(tmp_path, text):
    path = tmp_path / "other.json"
    path.write_text(text, encoding="utf-8")
    assert is_scoresheet(path) is False


# -- writing within the limits the reader enforces ----------------------------------------


def test_check_fits_without_the_bytes_checks_only_the_history(tmp_path, monkeypatch):
    """The history is checked before the costly dump: with no bytes yet, no size is."""
    path = tmp_path / "g.json"
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 0)
    assert check_fits(path, ()) is None  # no bytes yet: none over the cap
    with pytest.raises(SaveError, match="the sheet is too large"):
        check_fits(path, (), b"{")


def test_a_sheet_over_the_size_cap_is_refused_in_megabytes_rounded_to_a_tenth(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1000)
    just_over = int(0.15 * 1024 * 1024) + 1  # 0.15 MB and a byte: says 0.2 MB
    with pytest.raises(SaveError) as refused:
        check_fits(path, (), b"x" * just_over)
    assert str(refused.value) == (f"cannot save {path}: the sheet is too large (0.2 MB; "
                                  "a scoresheet is at most 1000 bytes)")


def test_write_sheet_names_the_file_it_refuses_for_its_size(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    sheet = make_sheet({"name": "Ana"})
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)
    with pytest.raises(SaveError) as refused:
        write_sheet(path, sheet, history_of(sheet, 2))
    assert str(refused.value).startswith(f"cannot save {path}: the sheet is too large (0.0 MB; ")
    assert not path.exists()


def test_write_sheet_names_the_file_it_refuses_for_its_history(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    sheet = make_sheet({"name": "Ana"})
    monkeypatch.setattr(document, "MAX_HISTORY", 1)
    with pytest.raises(SaveError) as refused:
        write_sheet(path, sheet, history_of(sheet, 2))
    assert str(refused.value) == (f"cannot save {path}: the sheet is too large (2 steps of history; "
                                  "a sheet keeps at most 1)")


def test_sheet_bytes_keeps_each_entrys_text_for_the_next_save(tmp_path):
    """Passing ``texts`` is how a long history is saved without working it out again."""
    sheet = make_sheet({"name": "Ana"})
    history = history_of(sheet, 3)
    texts = EntryTexts()
    data = sheet_bytes(tmp_path / "g.json", sheet, history, texts)
    assert texts.entries == list(history)
    assert document.parse_document(data, "g").history == history  # the same file as without them


def test_write_sheet_without_replace_leaves_an_existing_file(tmp_path):
    path = tmp_path / "g.json"
    path.write_bytes(b"precious")
    sheet = make_sheet({"name": "Ana"})
    with pytest.raises(SaveError) as refused:
        write_sheet(path, sheet, history_of(sheet, 1), replace=False)
    assert str(refused.value) == f"cannot save {path}: a file of that name exists (it is left as it was)"
    assert path.read_bytes() == b"precious"


# -- the lock: its file, what it shows, how it is given back ------------------------------


def test_a_sheets_lock_file_is_its_name_with_lock_added(tmp_path):
    assert lock_path(tmp_path / "game.json") == tmp_path / "game.json.lock"


def shown(holder: dict) -> str:
    """The holder as the "open in another scorepad" message shows it."""
    message = str(SheetLocked(Path("game.json"), holder))
    assert message.startswith("game.json is open in another scorepad (") and message.endswith(LOCKED_TAIL)
    return message[len("game.json is open in another scorepad ("):-len(LOCKED_TAIL) - 1]


def at(since: float) -> str:
    return time.strftime("%H:%M", time.localtime(since))


YEAR_3000 = datetime(3000, 1, 1, tzinfo=timezone.utc).timestamp()
A_PAST_MOMENT = 1_796_090_002.5  # a fixed moment (Nov 2026): test ids must not change between runs


@pytest.mark.parametrize("pid, seen", [(1, "1"), (0, "?"), (2**31 - 1, str(2**31 - 1)), (2**31, "?")])
def test_the_holders_pid_is_shown_when_it_is_a_positive_32_bit_pid(pid, seen):
    assert shown({"pid": pid, "host": "h", "since": 1e9}) == f"process {seen} on h, since {at(1e9)}"


def test_the_holders_host_is_shown_to_64_characters():
    """64: the longest host name a system gives (HOST_NAME_MAX)."""
    assert shown({"pid": 7, "host": "h" * 100, "since": "x"}) == f"process 7 on {'h' * 64}, since ?"


@pytest.mark.parametrize("since, seen", [
    (1e9, at(1e9)),  # 1e9 s: September 2001, the first moment taken
    (A_PAST_MOMENT, at(A_PAST_MOMENT)),  # not the time now
    (YEAR_3000 - 60, at(YEAR_3000 - 60)),
    (1e9 - 1, "?"),
    (YEAR_3000, "?"),
])
def test_the_holders_start_is_shown_from_2001_until_the_year_3000(since, seen):
    assert shown({"pid": 7, "host": "h", "since": since}) == f"process 7 on h, since {seen}"


def test_a_lock_in_a_folder_that_does_not_exist_makes_none(tmp_path):
    """Folders are made by what makes a new game (its games folder), never by a lock: a
    link to a file gone made that file's folders (review)."""
    sheet = tmp_path / "a" / "b" / "game.json"
    with pytest.raises(SaveError):
        SheetLock(sheet).acquire()
    assert not (tmp_path / "a").exists()


def test_a_lock_never_taken_gives_back_nothing_and_no_error(tmp_path):
    sheet = tmp_path / "game.json"
    holder = SheetLock(sheet).acquire()
    SheetLock(sheet).release()
    assert lock_path(sheet).exists()
    with pytest.raises(SheetLocked):
        SheetLock(sheet).acquire()
    holder.release()


@pytest.mark.parametrize("make, what", [(lambda p: p.symlink_to(p.parent / "victim"), "a link"),
                                        (os.mkfifo, "a pipe or a device"), (Path.mkdir, "a folder")],
                         ids=["link", "fifo", "folder"])
def test_a_lock_file_that_is_not_a_plain_file_says_how_to_get_past_it(tmp_path, make, what):
    sheet = tmp_path / "game.json"
    make(lock_path(sheet))
    outcome = without_blocking(lock_path(sheet), lambda: SheetLock(sheet).acquire())
    assert isinstance(outcome.get("error"), SaveError)
    assert str(outcome["error"]) == (f"cannot lock {sheet}: game.json.lock is not a plain file but {what}; "
                                     "remove it, then open the sheet again")


@pytest.mark.parametrize("without_fcntl", [False, True])
def test_the_lock_file_is_readable_by_all_and_writable_by_its_owner(tmp_path, monkeypatch, without_fcntl):
    if without_fcntl:
        monkeypatch.setattr(lock_module, "fcntl", None)
    sheet = tmp_path / "game.json"
    mask = os.umask(0)
    try:
        lock = SheetLock(sheet).acquire()
    finally:
        os.umask(mask)
    assert lock_path(sheet).stat().st_mode & 0o777 == 0o644
    lock.release()


def test_a_full_disk_does_not_cost_the_lock(tmp_path, monkeypatch):
    def full(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    sheet = tmp_path / "game.json"
    monkeypatch.setattr(os, "ftruncate", full)
    lock = SheetLock(sheet).acquire()
    assert lock.held
    with pytest.raises(SheetLocked):
        SheetLock(sheet).acquire()
    lock.release()


def write_holder(sheet: Path, holder: dict) -> None:
    lock_path(sheet).write_text(json.dumps(holder), encoding="utf-8")


ANA = {"pid": 4242, "host": "ana-laptop", "since": 1.7e9}
ANA_SHOWN = f"game.json is open in another scorepad (process 4242 on ana-laptop, since {at(1.7e9)}){LOCKED_TAIL}"


def test_a_lock_file_replaced_under_every_try_ends_in_sheet_locked_naming_its_holder(tmp_path, monkeypatch):
    """Each round locks a file that a release has just taken from the path; past the last
    round the sheet is said to be open elsewhere, with who the file names."""
    sheet = tmp_path / "game.json"
    write_holder(sheet, ANA)
    monkeypatch.setattr(lock_module, "_same_file", lambda fd, path: False)
    with pytest.raises(SheetLocked) as refused:
        SheetLock(sheet).acquire()
    assert str(refused.value) == ANA_SHOWN


def test_without_fcntl_a_stale_lock_file_is_taken_over(tmp_path, monkeypatch):
    monkeypatch.setattr(lock_module, "fcntl", None)
    sheet = tmp_path / "game.json"
    write_holder(sheet, ANA)
    lock = SheetLock(sheet).acquire()
    assert json.loads(lock_path(sheet).read_text())["pid"] == os.getpid()
    lock.release()
    assert not lock_path(sheet).exists()


def test_without_fcntl_a_lock_file_another_taker_removed_first_is_no_error(tmp_path, monkeypatch):
    monkeypatch.setattr(lock_module, "fcntl", None)
    sheet = tmp_path / "game.json"
    write_holder(sheet, ANA)
    real = os.unlink

    def beaten(path, *args, **kwargs):
        monkeypatch.setattr(os, "unlink", real)
        real(path)
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))  # the other taker was first

    monkeypatch.setattr(os, "unlink", beaten)
    lock = SheetLock(sheet).acquire()
    assert lock.held and json.loads(lock_path(sheet).read_text())["pid"] == os.getpid()
    lock.release()


def refuse_unlink(*args, **kwargs):
    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))


def test_without_fcntl_a_lock_file_that_cannot_be_deleted_is_a_live_writer(tmp_path, monkeypatch):
    """Windows will not delete a file another process has open."""
    monkeypatch.setattr(lock_module, "fcntl", None)
    sheet = tmp_path / "game.json"
    write_holder(sheet, ANA)
    monkeypatch.setattr(os, "unlink", refuse_unlink)
    with pytest.raises(SheetLocked) as refused:
        SheetLock(sheet).acquire()
    assert str(refused.value) == ANA_SHOWN


@pytest.mark.parametrize("without_fcntl", [False, True])
def test_a_lock_file_that_cannot_be_removed_at_release_is_no_error(tmp_path, monkeypatch, without_fcntl):
    if without_fcntl:
        monkeypatch.setattr(lock_module, "fcntl", None)
    sheet = tmp_path / "game.json"
    lock = SheetLock(sheet).acquire()
    with monkeypatch.context() as patched:
        patched.setattr(os, "unlink", refuse_unlink)
        lock.release()
    assert not lock.held and lock_path(sheet).exists()
    SheetLock(sheet).acquire().release()  # given back all the same


def test_release_leaves_a_copy_of_its_lock_file_put_in_its_place(tmp_path):
    """Only our own file is removed, not another one that says the same."""
    sheet = tmp_path / "game.json"
    lock = SheetLock(sheet).acquire()
    copy = tmp_path / "copy"
    copy.write_bytes(lock_path(sheet).read_bytes())
    os.replace(copy, lock_path(sheet))
    lock.release()
    assert lock_path(sheet).exists()


@pytest.mark.parametrize("content", [b"[4242, 1]", b'"ana-laptop"', b"1700000000"])
def test_a_lock_file_that_is_not_an_object_names_no_holder(tmp_path, content):
    sheet = tmp_path / "game.json"
    lock_path(sheet).write_bytes(content)
    assert SheetLock(sheet).holder() is None


def test_a_lock_file_of_a_megabyte_is_not_read_whole(tmp_path):
    sheet = tmp_path / "game.json"
    write_holder(sheet, {**ANA, "padding": "x" * (1 << 20)})
    assert SheetLock(sheet).holder() is None


# -- folders: the data, settings and rescue folders -----------------------------------------


def test_on_windows_each_folder_is_named_scorepad_once(monkeypatch):
    """``appauthor=False``: ``%LOCALAPPDATA%\\scorepad``, not ``...\\scorepad\\scorepad``.
    (platformdirs' Windows rules, with the folder given as Windows would give it.)"""
    import platformdirs
    from platformdirs.windows import Windows

    monkeypatch.delenv("SCOREPAD_HOME")
    local = "C:\\Users\\Ana\\AppData\\Local"
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", local)
    monkeypatch.setattr(platformdirs, "PlatformDirs", Windows)
    home = Path(local) / "scorepad"
    assert data_home() == home
    assert settings_path() == home / "settings.json"
    assert rescue_dir() == home / "rescue"


def test_a_file_in_the_way_that_is_not_scorepad_home_is_said_plainly(tmp_path):
    (tmp_path / "afile").write_text("a file, not a folder")
    assert folder_problem(tmp_path / "afile" / "games") == f"{tmp_path / 'afile'} is a file, not a folder"


def test_scorepad_home_that_is_a_file_is_named(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_text("a file")
    monkeypatch.setenv("SCOREPAD_HOME", str(home))
    assert folder_problem(home / "games") == f"{home} (set by SCOREPAD_HOME) is a file, not a folder"


def test_a_folder_name_too_long_is_said_in_words(tmp_path):
    long = tmp_path / ("x" * 300)
    assert folder_problem(long) == f"{long} cannot be used: {os.strerror(errno.ENAMETOOLONG)}"


def test_a_slug_keeps_forty_characters_after_leading_punctuation():
    assert slug("!" + "a" * 50) == "a" * 40


# -- settings ---------------------------------------------------------------------------


def test_a_settings_file_that_is_a_named_pipe_is_refused_at_once(tmp_path):
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    outcome = without_blocking(fifo, lambda: load_settings(fifo))
    assert outcome.get("value") == ({}, f"Settings not read: {fifo} is not a regular file.")


def test_a_settings_file_that_cannot_be_opened_says_why_in_words(tmp_path):
    (tmp_path / "file").write_text("a file, not a folder")
    path = tmp_path / "file" / "settings.json"
    assert load_settings(path) == ({}, f"Settings not read: {path} cannot be read: {os.strerror(errno.ENOTDIR)}.")


def test_settings_are_written_indented_for_people_in_utf8(tmp_path):
    path = tmp_path / "settings.json"
    assert save_setting("theme", "café", path) == ""
    assert path.read_bytes() == '{\n  "theme": "café"\n}\n'.encode("utf-8")


# -- the games listing ---------------------------------------------------------------------


def test_a_games_folder_that_cannot_be_listed_says_why(tmp_path, monkeypatch):
    def refuse(folder):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(catalog.os, "scandir", refuse)
    assert saved_games(tmp_path) == ([], [f"{tmp_path}: cannot be listed: {os.strerror(errno.EACCES)}"])


def test_an_unexpected_error_is_named_with_its_kind(tmp_path, monkeypatch):
    bad = tmp_path / "odd.json"
    bad.write_bytes(FRIDAY_BYTES)

    def read(path, mtime, journalled=False):
        raise RuntimeError("a bug we have not met yet")

    monkeypatch.setattr(catalog, "read_summary", read)
    assert saved_games(tmp_path) == ([], [f"{bad}: cannot be read (RuntimeError: a bug we have not met yet)"])


def test_json_that_is_not_a_sheet_is_reported_unless_named_as_a_bgstats_export(tmp_path):
    (tmp_path / "notes.json").write_text('{"plays": []}')
    games, problems = saved_games(tmp_path)
    assert games == [] and len(problems) == 1
    assert problems[0].startswith(f"{tmp_path / 'notes.json'} at format: ")


# -- exports ---------------------------------------------------------------------------


def test_csv_lines_end_in_a_newline_only():
    text = to_csv([Play(FRIDAY, "")])
    assert "\r" not in text and text.endswith("\n")
    assert len(text.splitlines()) == 1 + len(FRIDAY.players)


def test_the_csv_carries_each_players_tie_break_counts_T2_T3_T4():
    read = list(csv.DictReader(io.StringIO(to_csv([Play(FRIDAY, "")]))))
    table = standings(FRIDAY)
    for row, score in zip(read, table.scores, strict=True):
        assert row["player"] == score.name
        for key in ("seals_removed", "scholar_cards", "kings_requests"):
            assert row[key] == str(getattr(score, key))


def test_export_text_of_bgstats_is_the_play_file_with_the_settings_given():
    play = Play(FRIDAY, "0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f", "2026-11-27T20:00:00+00:00")
    identity = ExportIdentity("Ana", 7)
    assert export_text("bgstats", play, identity) == to_bgstats(play, identity)


def test_an_export_into_a_folder_below_a_file_names_the_file(tmp_path):
    (tmp_path / "afile").write_text("a file, not a folder")
    folder = tmp_path / "afile" / "exports"
    with pytest.raises(SaveError) as refused:
        write_export("x", "game", ".csv", folder)
    assert str(refused.value) == f"cannot export to {folder}: {tmp_path / 'afile'} is a file, not a folder"


def test_an_export_tries_the_names_its_refusal_counts_and_no_more(tmp_path):
    """"NAME.csv and 998 more names are taken": NAME.csv, then NAME-2.csv to NAME-999.csv."""
    (tmp_path / "game.csv").write_text("taken")
    for n in range(2, 1 + 998 + 1):
        (tmp_path / f"game-{n}.csv").write_text("taken")
    with pytest.raises(SaveError) as refused:
        write_export("ours", "game", ".csv", tmp_path)
    assert str(refused.value) == f"cannot export to {tmp_path}: game.csv and 998 more names are taken"
    assert len(list(tmp_path.iterdir())) == 999


def test_an_export_made_between_the_look_and_the_write_is_left_and_the_next_name_taken(tmp_path, monkeypatch):
    real = exports.atomic_write

    def racing(target, data, **options):
        if target.name == "game.csv":
            target.write_text("theirs")  # another export takes the name first
        return real(target, data, **options)

    monkeypatch.setattr(exports, "atomic_write", racing)
    written = write_export("ours", "game", ".csv", tmp_path)
    assert written == tmp_path / "game-2.csv" and written.read_text() == "ours"
    assert (tmp_path / "game.csv").read_text() == "theirs"


def test_an_export_that_fails_is_reported_even_if_its_name_was_taken_meanwhile(tmp_path, monkeypatch):
    """Only a name taken is a reason to try the next one: a full disk is said, not hidden."""
    def full(target, data, **options):
        target.write_text("theirs")  # another export takes the name, then the disk is full
        try:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        except OSError as err:
            raise SaveError(f"cannot save {target}: the disk is full") from err

    monkeypatch.setattr(exports, "atomic_write", full)
    with pytest.raises(SaveError) as refused:
        write_export("ours", "game", ".csv", tmp_path)
    assert str(refused.value) == f"cannot save {tmp_path / 'game.csv'}: the disk is full"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.csv"]


def test_with_nowhere_to_keep_a_copy_each_places_reason_is_said_in_turn(tmp_path, monkeypatch):
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("SCOREPAD_HOME", str(home))
    (tmp_path / "copies").write_text("not a folder either")
    monkeypatch.setattr(copies, "datetime", FixedClock)
    name = "friday.theirs-20261127-214005.json"
    with pytest.raises(SaveError) as refused:
        keep_copy(b"x", tmp_path / "friday.json", "theirs")
    beside, rescue = str(refused.value).split("; ")
    assert beside.startswith(f"cannot save {tmp_path / 'copies' / name}: ")
    assert rescue.startswith(f"cannot save {home / 'rescue' / name}: ")
