"""One writer per sheet: an OS lock on a file beside it, ``NAME.json.lock``. A sheet
opened through a symbolic link is locked beside the file the link points at, the file
its saves write (``real_target``): two names of one sheet are one writer.

With ``fcntl`` (Linux, macOS): ``flock(LOCK_EX | LOCK_NB)`` on that file, held by an open fd
while the sheet is open. The kernel picks one winner and drops the lock when the process
ends however it ends (crash, SIGKILL, unreaped zombie): a dead writer never blocks. It
belongs to an open file description: two SheetLocks in one process exclude each other.
No O_TRUNC (a loser would erase the winner's information); the file is removed at release
while still locked, so a taker that opened it just before may lock a file no longer at the
path: after locking it checks the path still names its file (st_dev, st_ino), else retries.
The winner puts a file of its own at the name, locked before it is there, holding {"pid",
"host", "since"} for the "open in another scorepad" message: information only, which never
decides who holds the lock (``holder()`` trusts none of it). A file found at the name is
never written (once hard-linked there, it was another game's).
The sheet file itself is flocked too, so that two of its names (hard links, each with its
own lock file) are one writer; a save puts a new file in its place, so the lock follows
it (``follow_file``), and the old file, if another name keeps it, is another game's now.

Without fcntl (Windows): the file itself, made with O_EXCL and kept open. Windows will not
delete a file another process has open, so a lock file that can be deleted was left by a
writer that is gone and is taken over (not testable on Linux).
"""

from __future__ import annotations

import errno
import json
import os
import re
import socket
import stat
import time
from contextlib import suppress
from pathlib import Path

from .atomic import SaveError, explain, new_temporary, real_target

try:
    import fcntl
except ImportError:  # Windows: see the module docstring
    fcntl = None


# What stands where a lock file goes, by the error opening it gives (``_flock`` raises
# EINVAL itself for a pipe or a device).
NOT_A_PLAIN_FILE = {errno.ELOOP: "a link", errno.EINVAL: "a pipe or a device", errno.EISDIR: "a folder"}


def _clean(raw: object) -> dict:
    """A holder's pid, host and since, each as written if it is sane, else "?"."""
    raw = raw if isinstance(raw, dict) else {}
    pid, host, since = raw.get("pid"), raw.get("host"), raw.get("since")
    return {
        "pid": pid if type(pid) is int and 0 < pid < 2**31 else "?",  # type(): True is no pid
        "host": host[:64] if isinstance(host, str) and re.fullmatch(r"[\w.-]+", host) else "?",
        # 2001 to 3000 AD: a real start, and one that localtime() takes on every platform
        "since": float(since) if type(since) in (int, float) and 1e9 <= since < 32503680000 else "?",
    }


class SheetLocked(Exception):
    """Another running scorepad holds the sheet; it can still be opened read-only."""

    def __init__(self, path: Path, holder: dict | None, other_name: bool = False) -> None:
        self.path, self.holder = path, _clean(holder)
        pid, host, since = self.holder["pid"], self.holder["host"], self.holder["since"]
        since = "?" if since == "?" else time.strftime("%H:%M", time.localtime(since))
        # a hard link's writer: its lock file, with who it is, is beside a name we cannot know
        where = " under another of its names (a hard link to it)" if other_name else \
            f" (process {pid} on {host}, since {since})"
        super().__init__(f"{path.name} is open in another scorepad{where}: open it read-only, or close the other one")


def lock_path(path: Path) -> Path:
    """The lock file of a sheet named ``path`` (a link's own, not its sheet's: see
    ``SheetLock``)."""
    return path.with_name(path.name + ".lock")


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open on ``fd``."""
    with suppress(OSError):  # gone (or unreadable) is not the same
        here, there = os.stat(path), os.fstat(fd)
        return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
    return False


class SheetLock:
    """Held while a sheet is open for writing; ``release`` gives it back. The lock file
    is that of the file the sheet really is (through a link), found once, here."""

    def __init__(self, path: Path) -> None:
        # ``sheet`` keeps the name the user gave, for the messages
        self.path, self.sheet, self.held = lock_path(real_target(path)), path, False
        # equivalent: _fd is read only while held, and acquire sets it before held
        self._fd, self._info = -1, {}  # pragma: no mutate
        self._file_fd = -1  # the sheet file, flocked (``hold_file``); -1: none held

    def acquire(self) -> SheetLock:
        """Take the lock: SheetLocked when another writer holds it, SaveError when the lock
        file cannot be made (a read-only folder, a file where the folder should be)."""
        take = self._flock if fcntl else self._exclusive
        try:
            # no folder made: a link to a file gone (an unmounted drive) made its folders
            for _ in range(100):  # another round only when a release removed the file under us
                if (fd := take()) is not None:
                    break
            else:
                raise SheetLocked(self.sheet, self.holder())
        except OSError as err:
            if what := NOT_A_PLAIN_FILE.get(err.errno):  # in the way of our lock file
                raise SaveError(f"cannot lock {self.sheet}: {self.path.name} is not a plain file "
                                f"but {what}; remove it, then open the sheet again") from err
            raise SaveError(explain(err, self.sheet, "lock")) from err
        self._info = {"pid": os.getpid(), "host": socket.gethostname(), "since": time.time()}
        if fcntl:
            fd = self.own_file_at_the_name(fd)
        else:
            with suppress(OSError):  # information only, in the file O_EXCL just made
                os.write(fd, json.dumps(self._info).encode())
        self._fd, self.held = fd, True
        try:
            self.hold_file()
        except SheetLocked:
            self.release()
            raise
        return self

    def own_file_at_the_name(self, found: int) -> int:
        """With the file found at the lock's name locked (``found``), put at the name a
        file of our own, with our information, locked before it is there, and let go of
        the one found: a file found there is never written. Written in place, it was
        another game's once hard-linked there (a check of its links raced with the
        link's removal). A taker that opened the file found waits for it, then finds it
        is no longer at the name, and tries the one there: ours, locked. Where no file
        can be made (a read-only folder), the one found stays the lock, unwritten."""
        try:
            fd, temporary = new_temporary(self.path, 0o644)
        except OSError:
            return found
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # new: no one else has it
            with suppress(OSError):  # information only: a full disk must not cost us the lock
                os.write(fd, json.dumps(self._info).encode())
            os.replace(temporary, self.path)
        except OSError:
            os.close(fd)
            with suppress(OSError):
                os.unlink(temporary)
            return found
        os.close(found)
        return fd

    def _flock(self) -> int | None:
        # no O_TRUNC (see the docstring); never through a link; never written (a file of
        # our own takes its name once it is locked: ``own_file_at_the_name``)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "the lock file is not a plain file")
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if _same_file(fd, self.path):
                return fd
        except BlockingIOError:
            os.close(fd)
            raise SheetLocked(self.sheet, self.holder()) from None
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # we locked a file just removed from the path: lock the one there now
        return None

    def hold_file(self) -> None:
        """flock the sheet file itself (SheetLocked when a writer holds it by another
        name). Nothing to hold without fcntl, before a new game's file is written, for a
        file we cannot read or that is no plain file, or where the file system has no
        flock: the name's lock stands alone then, as it did before."""
        if not fcntl:
            return
        try:
            fd = os.open(real_target(self.sheet), os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "not a plain file")
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SheetLocked(self.sheet, None, other_name=True) from None
        except OSError:
            os.close(fd)
            return
        if self._file_fd >= 0:
            os.close(self._file_fd)  # the file a save replaced: another game's, if anyone's
        self._file_fd = fd

    def follow_file(self) -> None:
        """After a save put a new file in the sheet's place: hold that one instead."""
        if self.held and not (self._file_fd >= 0 and _same_file(self._file_fd, real_target(self.sheet))):
            with suppress(SheetLocked):  # a name made for the new file in the instant since: it keeps ours
                self.hold_file()

    def _exclusive(self) -> int | None:
        with suppress(FileExistsError):
            return os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        try:
            with suppress(FileNotFoundError):  # another taker removed it first: race for a new one
                os.unlink(self.path)  # Windows refuses while a live writer has it open
        except PermissionError:
            raise SheetLocked(self.sheet, self.holder()) from None
        return None

    def holder(self) -> dict | None:
        """Who holds the lock, as its file says ("?" for any odd field), or None when the
        file is missing or holds no such information (empty, torn, garbage)."""
        try:
            with open(self.path, "rb") as handle:
                raw = json.loads(handle.read(4096))  # ~60 bytes are ours: never read 1 GB of garbage
        except (OSError, ValueError, RecursionError):
            return None
        return _clean(raw) if isinstance(raw, dict) else None

    def release(self) -> None:
        """Give the lock back, removing the lock file only if it is still ours."""
        if not self.held:
            return
        # equivalent: held is only ever tested for truth
        self.held = False  # pragma: no mutate
        if fcntl and _same_file(self._fd, self.path):
            with suppress(OSError):
                os.unlink(self.path)  # while still locked: see the docstring
        os.close(self._fd)  # drops the flock (Windows: lets the file be deleted, even by us)
        if self._file_fd >= 0:
            os.close(self._file_fd)
            self._file_fd = -1
        if not fcntl and self.holder() == _clean(self._info):
            with suppress(OSError):
                os.unlink(self.path)
