"""The write-ahead journal of an open sheet: every change is on disk before it is shown.

Rewriting the whole sheet file on every typed value costs more as the history grows
(0.5 s at 100,000 entries), so each change is appended to a small journal beside the
sheet, ``.NAME.json.journal``: a constant cost. The line is written before the totals
show the value (an app killed at any moment keeps it) and fsynced straight after the
frame that shows it is handed to the terminal, before the next key (the fsync is half
the cost of a commit, and a frame need not wait for it: a terminal paints it later
than that). Now and then the sheet file is rewritten from memory ("folded") and the
journal starts again. Opening a sheet replays a journal left by a crash.

The journal is JSON lines:

- ``{"journal": 1, "base": H}`` first: the SHA-256 of the sheet file it continues;
- ``{"put": n, "entry": {...}}``: the history is its first ``n`` entries plus this one
  (a new entry, or a redo);
- ``{"keep": n}``: the history is its first ``n`` entries (an undo);
- ``{"folding": k, "hash": H}``: the first ``k`` changes are being written into the
  sheet file, whose SHA-256 will be ``H``. If the sheet file has that hash when the
  journal is read, only the changes after ``k`` are replayed.
- ``{"ours": [...]}``: our whole history, written once someone else's version was found
  in the sheet file; opening after a crash then keeps ours (with the changes after
  it) as a copy.

A torn last line (a kill in the middle of a write) is ignored: its change was never
shown.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import threading
from contextlib import suppress
from datetime import datetime
from pathlib import Path

from .atomic import SaveError, atomic_write, explain, file_mode, new_temporary, real_target
from .small_files import read_small_file

# a journal holds a sheet's whole history at most twice (ours, then the changes after
# it), and a sheet file is at most 20 MB (files.MAX_FILE_BYTES)
MAX_JOURNAL_BYTES = 40 * 1024 * 1024


def journal_path(sheet: Path) -> Path:
    """The journal of a sheet (hidden, and not ``*.json``: the games list never shows it),
    beside the file itself: a sheet opened through a link keeps it where opening the file
    by any of its names finds it (as its lock and its saves do: ``real_target``). One
    already beside the name given is the one: a link put in the sheet's place while it
    was open left ours there (and an older version kept journals beside links)."""
    own = sheet.with_name(f".{sheet.name}.journal")
    place = real_target(sheet)
    if place == sheet or os.path.lexists(own):
        return own
    return place.with_name(f".{place.name}.journal")


def digest(data: bytes | list[bytes]) -> str:
    """The SHA-256 of a file's bytes (or of its pieces, in order), as the journal records it."""
    found = hashlib.sha256()
    for piece in [data] if isinstance(data, bytes) else data:
        found.update(piece)  # a large piece is hashed letting go of Python's lock
    return found.hexdigest()


def write_whole(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` (a write may take only part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class Journal:
    """Appends changes to a sheet's journal; lines that could not be written wait in
    ``pending`` and go first at the next write (a full disk, a read-only folder).
    Lines written but not yet fsynced wait in ``written``: if the fsync fails they are
    written again, whole, from the last size that was fsynced. The file stays open
    while the sheet is: a change costs one write and one fsync.
    (An fsync in a thread, overlapping the work of showing the change, was tried: the
    thread then waits for the busy UI thread's lock, and the frame came 2-3 ms later.)
    """

    def __init__(self, sheet: Path, changes: int = 0, size: int | None = None) -> None:
        self.path, self.sheet = journal_path(sheet), sheet
        self.pending: list[bytes] = []
        self.written: list[bytes] = []  # on disk for a killed app, not yet for a power cut
        self.changes = changes  # changes written or pending since the journal began
        self.size = size  # bytes of whole lines on disk: a torn write is cut back to it
        self.synced = size  # of those, the bytes fsynced
        self.lock = threading.Lock()  # a background save writes its "folding" line too
        self.fd: int | None = None
        # equivalent if mutated: the file is not open yet, and opening it sets ``torn`` (_flush)
        self.torn = True  # the file may end in a torn line: cut it back before writing  # pragma: no mutate

    def begin(self, base: str) -> None:
        """Start a new journal over the sheet file whose hash is ``base``."""
        with self.lock:
            self.pending, self.changes, self.size = [line({"journal": 1, "base": base})], 0, 0
            self.written, self.synced, self.torn = [], 0, True

    @property
    def started(self) -> bool:
        """Whether a journal is in use (begun, not yet removed)."""
        return bool(self.pending) or bool(self.size) or self.size is None and self.path.exists()

    def put(self, at: int, entry: dict) -> None:
        """Record that the history became its first ``at`` entries plus ``entry``
        (written now; ``flush`` fsyncs it)."""
        self.write({"put": at, "entry": entry}, sync=False)

    def keep(self, length: int) -> None:
        """Record that the history became its first ``length`` entries (written now;
        ``flush`` fsyncs it)."""
        self.write({"keep": length}, sync=False)

    def folding(self, changes: int, sheet_hash: str) -> None:
        """Record, before the sheet file is rewritten, what the new file will hold."""
        self.write({"folding": changes, "hash": sheet_hash}, change=False)

    def ours(self, history: list[dict]) -> None:
        """Record our whole history: someone else's version is in the sheet file now, so
        only this journal holds ours until the user chooses (a crash meanwhile must not
        leave ours in changes to a file that is gone)."""
        self.write({"ours": history}, change=False)

    def write(self, record: dict, change: bool = True, sync: bool = True) -> None:
        """Append one record, and fsync unless ``sync`` is false (SaveError if it cannot
        be; it is kept to retry)."""
        with self.lock:
            self.pending.append(line(record))
            self.changes += change
            self._flush(sync)

    def flush(self) -> None:
        """Write every waiting line, then fsync; SaveError (lines kept) on failure."""
        with self.lock:
            self._flush(True)

    def _flush(self, sync: bool) -> None:
        if not self.pending and not (sync and self.written):
            return
        try:
            if self.fd is None:
                # never through a link: whatever it points at is not ours to write; a new
                # journal is as private as its sheet (it holds the same game)
                self.fd = self._open_own()
                self.torn = True
            if self.torn:  # after a failed write (or on a file we did not write): whole lines only
                if self.size is None:
                    self.size = self.synced = os.fstat(self.fd).st_size
                os.ftruncate(self.fd, self.size)
                os.lseek(self.fd, self.size, os.SEEK_SET)
                self.torn = False
            if self.pending:
                data = b"".join(self.pending)
                write_whole(self.fd, data)
                self.written += self.pending
                self.pending.clear()
                self.size += len(data)
            if sync:
                os.fsync(self.fd)
                self.written.clear()
                self.synced = self.size
        except OSError as err:
            # after a failed fsync the kernel may have dropped what it held: every line
            # not known to be fsynced is written again, whole, from the last synced size
            self.torn = True
            self.pending[:0] = self.written
            self.written.clear()
            self.size = self.synced
            if self.synced == 0 and self.fd is not None:  # never a file we could not open (a link)
                self._drop_empty()
            raise SaveError(explain(err, self.path)) from err

    def _open_own(self) -> int:
        """The journal's file, open for writing: always a new file made under a name of
        its own (never one found at the journal's name, which is opened for reading
        only, and only a plain file), holding our lines, then put at the journal's name.
        A file found there and written in place was another game's, once hard-linked
        there (a check of its links raced with the link's removal), and a pipe there hung
        the app. Its first ``size`` bytes are ours (all a journal may hold when the size
        is unknown)."""
        ours = self._our_lines()
        fd, temporary = new_temporary(self.path, file_mode(self.sheet))
        try:
            write_whole(fd, ours)
            if ours:
                os.fsync(fd)
            os.replace(temporary, self.path)
        except BaseException:
            os.close(fd)
            with suppress(OSError):
                os.unlink(temporary)
            raise
        self.size = self.synced = len(ours)
        return fd

    def _our_lines(self) -> bytes:
        """Our lines in the file at the journal's name (b"" when there is none, or when a
        new journal begins): read without blocking (a pipe) and without following a link."""
        if self.size == 0:
            return b""
        try:
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            return b""
        with os.fdopen(fd, "rb") as there:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "not a plain file")
            return there.read(MAX_JOURNAL_BYTES if self.size is None else self.size)

    def _drop_empty(self) -> None:
        """Remove a journal none of whose lines is known to be on disk (a full disk took
        none): every line waits in ``pending`` for the next write, which makes the file
        again. An empty journal left beside the sheet would only puzzle the next reader."""
        with suppress(OSError):
            os.close(self.fd)
        self.fd = None
        with suppress(OSError):
            os.unlink(self.path)

    def close(self) -> None:
        """Close the file."""
        with self.lock:
            self._close()

    def _close(self) -> None:
        if self.fd is not None and self.written:
            with suppress(SaveError):  # lines it cannot fsync are still written
                self._flush(True)
        if self.fd is not None:
            with suppress(OSError):
                os.close(self.fd)
            self.fd = None

    def remove(self) -> None:
        """Drop the journal: the sheet file holds everything in it."""
        with self.lock:
            self.written.clear()  # no fsync for a journal about to go
            self._close()
            self.pending.clear()
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass
            except OSError as err:
                # the journal stays, with its changes: the next fold counts them too
                self.size = self.synced = None
                raise SaveError(explain(err, self.path, "remove")) from err
            self.changes, self.size, self.synced = 0, 0, 0

    def set_aside(self, copy: bool = False) -> Path:
        """Move a journal of another version of the sheet out of the way, kept (not
        replayable here, but not ours to delete); returns where it went. ``copy``: a
        copy of it is kept there, and it stays (a damaged one replays up to the damage)."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}-{stamp}.set-aside")
        try:
            if copy:
                atomic_write(aside, self.path.read_bytes(), replace=False, follow=False,
                             mode=file_mode(self.path), folders=False)
                return aside
            os.replace(self.path, aside)
        except OSError as err:
            raise SaveError(explain(err, self.path, "move")) from err
        self.size = self.synced = 0
        return aside


def line(record: dict) -> bytes:
    """One journal line."""
    return (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def read_journal(path: Path) -> tuple[list[dict], int]:
    """The whole records of a journal (a damaged line ends it), and the length in bytes
    of those lines."""
    records, size = [], 0
    for raw in journal_lines(path):
        record = record_of(raw)
        if record is None:
            break  # a torn end, or damage (``damaged``): what is after it is not read
        records.append(record)
        size += len(raw) + 1
    return records, size


def journal_lines(path: Path) -> list[bytes]:
    """A journal's whole lines (none when it cannot be read as one)."""
    try:
        data = read_small_file(path, MAX_JOURNAL_BYTES, "a journal") or b""
    except Exception:  # not a journal to read: nothing to replay from it
        return []
    return data.split(b"\n")[:-1]  # the part after the last newline is torn


def record_of(raw: bytes) -> dict | None:
    """A journal line's record, or None for a line not as scorepad writes one."""
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def damaged(path: Path) -> bool:
    """Whether the journal is damaged from outside: a line not as scorepad writes it,
    with whole lines after it (only a last line can be torn: a kill mid-write, and a
    write that failed is written again from the last whole line). What is after the
    damage may be the only copy of values typed: the journal is kept whole."""
    lines = journal_lines(path)
    return any(record_of(raw) is None for raw in lines[:-1])


# the first write of a journal starts with its header line, ``{"journal":1,"base":H}``
# and its line break: 88 bytes. A kill (or a full disk) in that write leaves fewer
# bytes than this and no line break; anything more was a journal someone wrote.
HEADER_BYTES = len(line({"journal": 1, "base": "0" * 64}))
HEADER_START = line({"journal": 1})[:len('{"journal":')]  # how every journal's bytes begin


def holds_nothing(path: Path) -> bool:
    """Whether the journal at ``path`` is absent or nobody's work: a regular file that
    is empty, or a torn first write (shorter than a header line, with no line break).
    A journal that is damaged, too large, unreadable or not a regular file is not:
    whatever it holds may be the only copy of values typed, so it is set aside."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode) or info.st_size >= HEADER_BYTES:
        return False
    try:
        data = read_small_file(path, HEADER_BYTES, "a journal")
    except (OSError, ValueError):  # unreadable now: not known to be empty
        return False
    return data is None or b"\n" not in data


def changes_in(records: list[dict]) -> list[dict]:
    """The records that change the history (``put`` an entry, ``keep`` only the first
    ones), in order: not the header, nor a save's ``folding`` or ``ours`` record."""
    return [r for r in records if "put" in r or "keep" in r]


def changes_to_replay(records: list[dict], sheet_hash: str) -> list[dict] | None:
    """The changes that the sheet file with this hash does not hold yet; None when the
    journal belongs to another version of the file (someone else rewrote it)."""
    if not records or records[0].get("journal") != 1:
        return None
    changes = changes_in(records[1:])
    if records[0].get("base") == sheet_hash:
        return changes
    for record in reversed(records):
        if "folding" in record and record.get("hash") == sheet_hash:
            done = record["folding"]
            return changes[done:] if isinstance(done, int) and 0 <= done <= len(changes) else None
    return None
