"""Atomic saves: a temporary file in the same folder, flushed and fsynced, then
``os.replace``. A kill at any moment leaves either the old or the new file whole."""

from __future__ import annotations

import errno
import os
import tempfile
from contextlib import suppress
from pathlib import Path


class SaveError(Exception):
    """A sheet could not be written; the message says why and the sheet is still in memory."""


def explain(err: OSError, path: Path) -> str:
    """An OS error in words a player understands."""
    if err.errno == errno.ENOSPC:
        return f"cannot save {path}: the disk is full"
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot save {path}: the folder is read-only or not yours"
    return f"cannot save {path}: {err.strerror or err}"


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is always complete, old or new."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise SaveError(explain(err, path)) from err
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as err:
        with suppress(OSError):
            os.unlink(temporary)
        raise SaveError(explain(err, path)) from err
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where folders cannot be opened."""
    with suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
