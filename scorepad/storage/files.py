"""Reading sheet files from disk, with one clear error for anything that goes wrong, and
writing them within the limits the reader enforces."""

from __future__ import annotations

import json
import os
import shlex
import stat
from datetime import datetime, timezone
from pathlib import Path

from ..rules.models import Sheet
from . import document
from .atomic import SaveError, atomic_write
from .document import FORMAT, Loaded, SheetFileError, parse_document
from .document_writer import EntryTexts, document_pieces

MAX_FILE_BYTES = 20 * 1024 * 1024  # far above any real sheet; stops a wrong file early
CHUNK = 1024 * 1024


def size_words(size: int) -> str:
    """A size limit in words: ``20 MB``, or bytes for a small one."""
    return f"{size / 1024 / 1024:g} MB" if size >= 1024 * 1024 else f"{size} bytes"


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def read_bytes(path: Path, follow: bool = True) -> bytes:
    """The file's bytes, or SheetFileError naming the file and the problem.

    Only a regular file is read (a link is followed first, unless ``follow`` is false:
    then a link is refused, never read through): a named pipe would block
    forever and a device never end. At most ``MAX_FILE_BYTES + 1`` bytes are read,
    whatever size the file claims, so a file that grows or lies cannot exhaust memory.
    """
    try:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        flags |= 0 if follow else getattr(os, "O_NOFOLLOW", 0)
        descriptor = os.open(path, flags)  # non-blocking: a named pipe opens at once, then is refused
        try:
            info = os.fstat(descriptor)
            refuse_special(path, info.st_mode)
            if info.st_size > MAX_FILE_BYTES:
                raise too_large(path)
            data = read_at_most(descriptor, MAX_FILE_BYTES + 1)
        finally:
            os.close(descriptor)
    except FileNotFoundError:
        raise SheetFileError(str(path), "", "no such file") from None
    except PermissionError:
        raise SheetFileError(str(path), "", "cannot be read: permission denied") from None
    except OSError as err:
        raise SheetFileError(str(path), "", f"cannot be read: {err.strerror or err}") from None
    if len(data) > MAX_FILE_BYTES:
        raise too_large(path)
    return data


def refuse_special(path: Path, mode: int) -> None:
    """SheetFileError unless ``mode`` is that of a regular file."""
    if stat.S_ISDIR(mode):
        raise SheetFileError(str(path), "", "is a folder, not a scoresheet file")
    if not stat.S_ISREG(mode):
        raise SheetFileError(str(path), "", f"is {kind_of(mode)}, not a regular file: not a scoresheet")


def too_large(path: Path) -> SheetFileError:
    """The error for a file over the size cap."""
    return SheetFileError(str(path), "", f"is too large to be a scoresheet (over {size_words(MAX_FILE_BYTES)})")


def read_at_most(descriptor: int, limit: int) -> bytes:
    """Up to ``limit`` bytes, in chunks: never one read of whatever the file holds."""
    parts, total = [], 0
    # equivalent as <=: at the limit, a read of 0 bytes returns b"" and ends the loop
    while total < limit:  # pragma: no mutate
        part = os.read(descriptor, min(CHUNK, limit - total))
        if not part:
            break
        parts.append(part)
        total += len(part)
    return b"".join(parts)


def read_sheet(path: Path) -> Loaded:
    """Load a sheet and its history. Never writes to the file. A file that is gone, or
    is a folder now, while its journal keeps the game typed into it: the error says so,
    and how to get the game back."""
    try:
        data = read_bytes(path)
    except SheetFileError as err:
        from .journal import journal_path
        from .journal_replay import ours_left

        if ours_left(path) is None:
            raise
        free = "" if err.problem == "no such file" else f" once {path.name} is moved away"
        raise SheetFileError(str(path), "", f"{err.problem}; the game typed into it is kept in its journal, "
                             f"{journal_path(path).name}: `scorepad open {shlex.quote(path.name)}` brings it back{free}") from None
    return parse_document(data, str(path))


def is_scoresheet(path: Path) -> bool:
    """Whether the file at ``path`` is a scoresheet: JSON that names our ``format``.

    SheetFileError when that cannot be told (a file that cannot be read); a file over
    the size cap is not one, as no sheet that large is ever written.
    """
    try:
        data = read_bytes(path)
    except SheetFileError as err:
        if err.problem.startswith("is too large"):
            return False
        raise
    try:
        raw = json.loads(data.decode("utf-8-sig"), parse_int=str)  # str: a huge number is no error here
    except (ValueError, RecursionError):
        return False  # not JSON, or not text: an export, a note, anything but a sheet
    return isinstance(raw, dict) and raw.get("format") == FORMAT


def check_fits(path: Path, history: tuple, data: bytes | list[bytes] = b"") -> None:
    """SaveError if the reader would refuse this file (its bytes, or its pieces in order):
    never write what cannot be read back."""
    if len(history) > document.MAX_HISTORY:
        raise SaveError(f"cannot save {path}: the sheet is too large ({len(history):,} steps of "
                        f"history; a sheet keeps at most {document.MAX_HISTORY:,})")
    size = len(data) if isinstance(data, bytes) else sum(map(len, data))
    if size > MAX_FILE_BYTES:
        raise SaveError(f"cannot save {path}: the sheet is too large ({size / 1024 / 1024:.1f} MB; "
                        f"a scoresheet is at most {size_words(MAX_FILE_BYTES)})")


def sheet_bytes(path: Path, sheet: Sheet, history: tuple, texts: EntryTexts | None = None) -> bytes:
    """The file's bytes, stamped with the time of saving; SaveError (before anything is
    written) for a sheet the reader would refuse: over ``MAX_FILE_BYTES``, or a history
    over ``document.MAX_HISTORY`` entries."""
    return b"".join(sheet_pieces(path, sheet, history, texts))


def sheet_pieces(path: Path, sheet: Sheet, history: tuple, texts: EntryTexts | None = None) -> list[bytes]:
    """``sheet_bytes`` in pieces, in order, never joined: what a background save hashes
    and writes a piece at a time (``document_pieces``)."""
    check_fits(path, history)  # the history first: a long one is costly to dump
    saved = datetime.now(timezone.utc).isoformat(timespec="seconds")
    pieces = document_pieces(sheet, history, saved, texts)
    check_fits(path, history, pieces)
    return pieces


def write_sheet(path: Path, sheet: Sheet, history: tuple, *, replace: bool = True) -> None:
    """Save atomically (SaveError on failure, with the old file left whole)."""
    atomic_write(path, sheet_bytes(path, sheet, history), replace=replace)
