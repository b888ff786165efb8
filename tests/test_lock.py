"""One writer per sheet (issue 11): the lock is won once, a dead writer never blocks, and no
content of a lock file can crash scorepad or keep a sheet locked."""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.lock_race import race
from scorepad.storage import lock as lock_module
from scorepad.storage.atomic import SaveError
from scorepad.storage.lock import SheetLock, SheetLocked, lock_path
from .conftest import examples

ROOT = Path(__file__).resolve().parent.parent
HOST = socket.gethostname()
READABLE = re.compile(r"^game\.json is open in another scorepad \(process (\d+|\?) on (\S+), since (\d\d:\d\d|\?)\): "
                      r"open it read-only, or close the other one$")

HOLDER = """
import sys
from pathlib import Path
from scorepad.storage.lock import SheetLock
lock = SheetLock(Path(sys.argv[1])).acquire()
print("held", flush=True)
sys.stdin.read()
lock.release()
"""


@contextmanager
def held_elsewhere(sheet: Path):
    """Another scorepad (a process of its own) holding the sheet's lock until the block ends."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(sheet)], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline() == "held\n", proc.stderr.read()
        yield proc
    finally:
        if proc.poll() is None:
            proc.stdin.close()
        proc.wait(10)


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def is_zombie(pid: int) -> bool:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "Z"


# -- the race --------------------------------------------------------------------------


def test_three_processes_taking_a_stale_lock_at_once_never_both_win():
    assert race(30) == {"1 win": 30}  # the full 200 trials: python -m benchmarks.lock_race


def test_a_live_writer_in_another_process_blocks_with_a_readable_message(tmp_path):
    sheet = tmp_path / "game.json"
    with held_elsewhere(sheet) as other:
        with pytest.raises(SheetLocked) as caught:
            SheetLock(sheet).acquire()
        assert READABLE.match(str(caught.value)), str(caught.value)
        assert f"process {other.pid} on {HOST}, since " in str(caught.value)
        assert caught.value.path == sheet and caught.value.holder["pid"] == other.pid
        assert json.loads(lock_path(sheet).read_text())["pid"] == other.pid  # a loser erases nothing
    SheetLock(sheet).acquire().release()  # free once the other one closed it


def test_two_locks_in_one_process_exclude_each_other(tmp_path):
    sheet = tmp_path / "game.json"
    first = SheetLock(sheet).acquire()
    with pytest.raises(SheetLocked):
        SheetLock(sheet).acquire()
    first.release()
    second = SheetLock(sheet).acquire()
    assert second.held and not first.held
    second.release()
    assert not lock_path(sheet).exists()


def test_a_sigkilled_writer_never_blocks(tmp_path):
    sheet = tmp_path / "game.json"
    with held_elsewhere(sheet) as other:
        other.send_signal(signal.SIGKILL)
        other.wait(10)
        lock = SheetLock(sheet).acquire()
    assert json.loads(lock_path(sheet).read_text())["pid"] == os.getpid()
    lock.release()


def test_a_zombie_writer_never_blocks(tmp_path):
    sheet = tmp_path / "game.json"
    ready, done = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child takes the lock and exits without releasing it; nobody reaps it
        try:
            os.close(ready)
            SheetLock(sheet).acquire()
            os.write(done, b"held")
        finally:
            os._exit(0)
    try:
        os.close(done)
        assert os.read(ready, 4) == b"held"
        deadline = time.monotonic() + 10
        while not is_zombie(pid):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        os.kill(pid, 0)  # a zombie still "exists" for kill(0): a pid check calls it alive
        assert json.loads(lock_path(sheet).read_text())["pid"] == pid
        SheetLock(sheet).acquire().release()
    finally:
        os.waitpid(pid, 0)


def test_a_taker_that_locked_a_just_removed_file_takes_the_one_at_the_path(tmp_path, monkeypatch):
    """The flock pitfall: B opens the lock file, A releases (removing it), B's flock then
    succeeds on a file no longer at the path. B must notice and lock the file at the path."""
    sheet = tmp_path / "game.json"
    first = SheetLock(sheet).acquire()
    real = lock_module.fcntl.flock

    def release_first_then_flock(fd, how):
        first.release()
        return real(fd, how)

    monkeypatch.setattr(lock_module, "fcntl", SimpleNamespace(
        flock=release_first_then_flock, LOCK_EX=lock_module.fcntl.LOCK_EX, LOCK_NB=lock_module.fcntl.LOCK_NB))
    second = SheetLock(sheet).acquire()
    monkeypatch.undo()
    assert os.fstat(second._fd).st_ino == os.stat(lock_path(sheet)).st_ino
    with pytest.raises(SheetLocked):
        SheetLock(sheet).acquire()  # nobody else can win while the second holds it
    second.release()


def test_release_leaves_a_lock_file_that_is_no_longer_ours(tmp_path):
    sheet = tmp_path / "game.json"
    lock = SheetLock(sheet).acquire()
    other = tmp_path / "other"
    other.write_text("not ours")
    os.replace(other, lock_path(sheet))
    lock.release()
    lock.release()  # twice is harmless
    assert lock_path(sheet).read_text() == "not ours" and not lock.held


# -- lock file content: information only -------------------------------------------------

HOSTILE = {
    "huge pid": {"pid": 10**30, "host": HOST, "since": 0},
    "since 1e300": {"pid": 1, "host": HOST, "since": 1e300},  # pid 1 is alive and not ours
    "since NaN": b'{"pid": 1, "host": "%s", "since": NaN}' % HOST.encode(),
    "pid 0": {"pid": 0, "host": HOST, "since": 0},
    "pid -1": {"pid": -1, "host": HOST, "since": 0},
    "pid true": {"pid": True, "host": HOST, "since": 0},
    "pid x": {"pid": "x", "host": HOST, "since": 0},
    "nested": {"pid": {"pid": [1, {"x": None}]}, "host": {"host": [HOST]}, "since": [[0]]},
    "not an object": [1, HOST, 0],
    "markup host": {"pid": 1, "host": "[bold]x[/]\n\x1b[2J", "since": 0},
    "invalid utf-8": b'{"pid": 1, "host": "\xff\xfe", "since": 0}',
    "empty": b"",
    "deep nesting": b"[" * 3000,  # within what holder() reads: json.loads raises RecursionError
    "deep and long": b"[" * 100_000,
    "1 MB of garbage": os.urandom(1 << 20),
    "1 MB host": {"pid": 1, "host": "h" * (1 << 20), "since": 0},
}


def write_lock_file(sheet: Path, content) -> None:
    data = content if isinstance(content, bytes) else json.dumps(content).encode()
    with open(lock_path(sheet), "r+b" if lock_path(sheet).exists() else "wb") as handle:
        handle.truncate(0)  # same file (inode) as a holder has locked
        handle.write(data)


@pytest.mark.parametrize("name", HOSTILE)
def test_no_lock_file_content_keeps_a_free_sheet_locked(name, tmp_path):
    sheet = tmp_path / "game.json"
    write_lock_file(sheet, HOSTILE[name])
    lock = SheetLock(sheet).acquire()
    assert json.loads(lock_path(sheet).read_text()) == {"pid": os.getpid(), "host": HOST,
                                                        "since": pytest.approx(time.time(), abs=60)}
    lock.release()
    assert not lock_path(sheet).exists()


@pytest.mark.parametrize("name", HOSTILE)
def test_no_lock_file_content_crashes_the_locked_message(name, tmp_path):
    sheet = tmp_path / "game.json"
    with held_elsewhere(sheet):
        write_lock_file(sheet, HOSTILE[name])
        with pytest.raises(SheetLocked) as caught:
            SheetLock(sheet).acquire()
        assert READABLE.match(str(caught.value)), str(caught.value)
        holder = SheetLock(sheet).holder()
        assert holder is None or set(holder) == {"pid", "host", "since"}


def test_holder_keeps_sane_fields_and_shows_the_rest_as_question_marks(tmp_path):
    sheet = tmp_path / "game.json"
    write_lock_file(sheet, {"pid": 4242, "host": "ana-laptop.local", "since": 1.7e9})
    assert SheetLock(sheet).holder() == {"pid": 4242, "host": "ana-laptop.local", "since": 1.7e9}
    write_lock_file(sheet, {"pid": True, "host": "x y", "since": 1e300})
    assert SheetLock(sheet).holder() == {"pid": "?", "host": "?", "since": "?"}
    write_lock_file(sheet, b"\xff")
    assert SheetLock(sheet).holder() is None
    lock_path(sheet).unlink()
    assert SheetLock(sheet).holder() is None
    message = str(SheetLocked(sheet, {"pid": 10**30, "since": 1e300}))
    assert "(process ? on ?, since ?)" in message


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=12)
CONTENT = st.one_of(
    st.binary(max_size=300),
    JSON.map(lambda value: json.dumps(value).encode()),
    st.fixed_dictionaries({"pid": JSON, "host": JSON, "since": JSON}).map(lambda value: json.dumps(value).encode()),
)
QUICK = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_any_content_while_another_process_holds_it_raises_only_sheet_locked():
    with tempfile.TemporaryDirectory() as folder:
        sheet = Path(folder) / "game.json"
        with held_elsewhere(sheet):

            @QUICK
            @given(CONTENT)
            def refused(content: bytes) -> None:
                write_lock_file(sheet, content)
                with pytest.raises(SheetLocked) as caught:
                    SheetLock(sheet).acquire()
                assert READABLE.match(str(caught.value)), str(caught.value)

            refused()


def test_any_content_never_blocks_a_sheet_nobody_holds():
    with tempfile.TemporaryDirectory() as folder:
        sheet = Path(folder) / "game.json"

        @QUICK
        @given(CONTENT)
        def taken(content: bytes) -> None:
            write_lock_file(sheet, content)
            SheetLock(sheet).acquire().release()

        taken()


# -- a lock file that cannot be made ---------------------------------------------------


def test_a_lock_in_a_folder_that_is_a_file_is_a_clear_save_error(tmp_path):
    (tmp_path / "games").write_text("a file, not a folder")
    with pytest.raises(SaveError, match=r"cannot lock .*games is a file, not a folder"):
        SheetLock(tmp_path / "games" / "game.json").acquire()


@pytest.mark.parametrize("code", [errno.EACCES, errno.EPERM, errno.EROFS])
def test_a_lock_file_that_cannot_be_created_is_a_clear_save_error(code, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(lock_module.os, "open", refuse)
    with pytest.raises(SaveError, match=r"cannot lock .*game\.json: the file or its folder is read-only or not yours"):
        SheetLock(tmp_path / "game.json").acquire()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_lock_in_a_read_only_folder_is_a_clear_save_error(tmp_path):
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(SaveError, match="read-only or not yours"):
            SheetLock(tmp_path / "game.json").acquire()
    finally:
        tmp_path.chmod(0o755)


# -- without fcntl (Windows) -----------------------------------------------------------


def test_the_module_imports_and_locks_without_fcntl(tmp_path, monkeypatch):
    blocked = subprocess.run(
        [sys.executable, "-c", "import sys; sys.modules['fcntl'] = None\n"
         "import scorepad.storage.lock as lock; assert lock.fcntl is None"], cwd=ROOT, capture_output=True, text=True)
    assert blocked.returncode == 0, blocked.stderr
    monkeypatch.setattr(lock_module, "fcntl", None)  # the O_EXCL path, as far as Linux can run it
    sheet = tmp_path / "game.json"
    lock = SheetLock(sheet).acquire()
    assert json.loads(lock_path(sheet).read_text())["pid"] == os.getpid()
    lock.release()
    assert not lock_path(sheet).exists()


@pytest.mark.parametrize("target", ["victim.txt", "game.json"])
def test_a_lock_file_that_is_a_symlink_is_refused_and_its_target_untouched(tmp_path, target):
    """Issue 11 attack: a link named as the lock file had its target cut to the lock's
    information (the sheet itself, when the link pointed at it)."""
    from scorepad.storage.atomic import SaveError

    sheet = tmp_path / "game.json"
    sheet.write_text('{"format": "great-library-scoresheet"}')
    victim = tmp_path / target
    if not victim.exists():
        victim.write_text("precious")
    before = victim.read_bytes()
    lock_path(sheet).symlink_to(victim)
    with pytest.raises(SaveError, match="not a plain file"):
        SheetLock(sheet).acquire()
    assert victim.read_bytes() == before


def test_a_lock_file_that_is_a_hard_link_to_another_game_is_never_written(tmp_path):
    """Attack run: ``ln f.json g.json.lock`` then opening g.json wrote the lock's pid into
    f.json, another game; a check of the file's links raced with the link's removal. The
    file found at the lock's name is never written: a file of our own takes the name."""
    sheet, other = tmp_path / "g.json", tmp_path / "f.json"
    sheet.write_text('{"format": "great-library-scoresheet"}')
    other.write_text('{"format": "great-library-scoresheet", "title": "another game"}')
    before = other.read_bytes()
    os.link(other, lock_path(sheet))
    lock = SheetLock(sheet).acquire()
    assert other.read_bytes() == before and other.stat().st_nlink == 1
    assert json.loads(lock_path(sheet).read_text())["pid"] == os.getpid()
    with pytest.raises(SheetLocked):  # and it is the lock: the next taker waits for it
        SheetLock(sheet).acquire()
    lock.release()
    assert other.read_bytes() == before


def test_a_lock_taken_while_another_taker_holds_the_file_found_is_never_two(tmp_path):
    """The file found at the name is let go once ours takes the name: a taker that had
    opened the one found locks it, sees it is no longer at the name, and finds ours."""
    sheet = tmp_path / "g.json"
    lock_path(sheet).write_text("")
    first = SheetLock(sheet).acquire()
    for _ in range(3):
        with pytest.raises(SheetLocked):
            SheetLock(sheet).acquire()
    first.release()
    SheetLock(sheet).acquire().release()


def test_a_lock_file_that_is_a_fifo_is_refused_without_blocking(tmp_path):
    from scorepad.storage.atomic import SaveError

    sheet = tmp_path / "game.json"
    os.mkfifo(lock_path(sheet))
    with pytest.raises(SaveError, match="not a plain file"):
        SheetLock(sheet).acquire()


# -- a sheet behind a link -------------------------------------------------------------


@pytest.mark.parametrize("first, second", [("friday.json", "same.json"), ("same.json", "friday.json")])
def test_a_sheet_opened_through_a_link_is_locked_as_the_file_it_really_is(tmp_path, first, second):
    """Attack run: ``ln -s friday.json same.json``, then ``open friday.json`` and ``open
    same.json``: both were writable, each with its own lock file."""
    from scorepad.storage.session import SheetSession
    from .conftest import DATA

    (tmp_path / "friday.json").write_bytes((DATA / "friday.json").read_bytes())
    (tmp_path / "same.json").symlink_to("friday.json")
    before = (tmp_path / "friday.json").read_bytes()
    writer = SheetSession.open(tmp_path / first)
    try:
        with pytest.raises(SheetLocked) as caught:
            SheetSession.open(tmp_path / second)
        assert str(caught.value).startswith(f"{second} is open in another scorepad (process {os.getpid()} ")
        assert sorted(p.name for p in tmp_path.glob("*.lock")) == ["friday.json.lock"]
        reader = SheetSession.open(tmp_path / second, read_only=True)  # offered read-only, as for any holder
        assert reader.read_only and reader.sheet == writer.sheet
        reader.close()
    finally:
        writer.close()
    assert list(tmp_path.glob("*.lock")) == [] and (tmp_path / "friday.json").read_bytes() == before
    assert (tmp_path / "same.json").is_symlink()


def test_a_writer_in_another_process_holds_the_sheet_against_a_link_to_it_in_another_folder(tmp_path):
    (tmp_path / "games").mkdir()
    sheet = tmp_path / "games" / "game.json"
    sheet.write_text("{}")
    link = tmp_path / "game.json"
    link.symlink_to(sheet)
    with held_elsewhere(link) as other:
        with pytest.raises(SheetLocked) as caught:
            SheetLock(sheet).acquire()
        assert caught.value.holder["pid"] == other.pid
        assert not lock_path(link).exists() and json.loads(lock_path(sheet).read_text())["pid"] == other.pid
    SheetLock(link).acquire().release()


def test_a_link_that_loops_is_locked_under_its_own_name_and_said_when_read(tmp_path):
    """No traceback: the lock is the link's own, and reading it says what is wrong."""
    from scorepad.storage.errors import SheetFileError
    from scorepad.storage.session import SheetSession

    loop = tmp_path / "loop.json"
    loop.symlink_to("loop.json")
    with pytest.raises(SheetFileError):
        SheetSession.open(loop)
    assert list(tmp_path.glob("*.lock")) == []


def test_opening_a_link_to_a_file_that_is_gone_makes_no_folder(tmp_path):
    """The lock is taken beside the file a link points to: a link to a file on a drive
    since unmounted made that file's folders, all the way down (review)."""
    from scorepad.storage.document import SheetFileError
    from scorepad.storage.session import SheetSession

    link = tmp_path / "friday.json"
    link.symlink_to(tmp_path / "gone" / "deep" / "friday.json")
    with pytest.raises(SheetFileError):
        SheetSession.open(link)
    assert not (tmp_path / "gone").exists()


# -- a sheet with two names (hard links) -------------------------------------------------


def test_a_sheet_opened_by_two_of_its_hard_links_has_one_writer_in_another_process(tmp_path):
    """Attack run: ``ln friday.json other.json``, then ``open friday.json`` and ``open
    other.json``: each name had its own lock file, so both windows were writable on
    one file. The file itself is locked too, by whichever name."""
    sheet, other = tmp_path / "friday.json", tmp_path / "other.json"
    sheet.write_text("{}")
    other.hardlink_to(sheet)
    with held_elsewhere(sheet):
        with pytest.raises(SheetLocked) as caught:
            SheetLock(other).acquire()
        assert str(caught.value) == ("other.json is open in another scorepad under another of its names "
                                     "(a hard link to it): open it read-only, or close the other one")
        assert not lock_path(other).exists()  # the name's lock let go again
    SheetLock(other).acquire().release()  # free once the other one closed it


def test_after_a_save_the_lock_follows_the_new_file_and_lets_the_old_one_go(tmp_path):
    """A save replaces the file (a new one renamed over it): a hard link made to the
    saved file is held, and the old file, still under another name, is free: it is
    another file now, the game as it was before the save."""
    from scorepad.rules.entries import SetCount
    from scorepad.storage.session import SheetSession
    from .conftest import DATA

    sheet, before = tmp_path / "friday.json", tmp_path / "before.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    before.hardlink_to(sheet)
    writer = SheetSession.open(sheet)
    try:
        with pytest.raises(SheetLocked):
            SheetSession.open(before)
        writer.apply(SetCount(player=0, field="renown", value=41))
        assert writer.fold()
        assert os.stat(sheet).st_ino != os.stat(before).st_ino
        SheetSession.open(before).close()  # the old file: free
        after = tmp_path / "after.json"
        after.hardlink_to(sheet)
        with pytest.raises(SheetLocked):
            SheetSession.open(after)
    finally:
        writer.close()
    SheetSession.open(tmp_path / "after.json").close()
