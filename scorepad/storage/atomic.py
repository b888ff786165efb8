"""Atomic saves: a temporary file in the same folder, flushed and fsynced, then renamed
over the target. A kill at any moment leaves either the old or the new file whole.

A target that is a symbolic link is written through the link (the real file is
replaced, the link stays), and ``replace=False`` never replaces a file that exists.
"""

from __future__ import annotations

import errno
import os
import tempfile
from contextlib import suppress
from pathlib import Path


class SaveError(Exception):
    """A sheet could not be written; the message says why and the sheet is still in memory."""


def explain(err: OSError, path: Path, doing: str = "save") -> str:
    """An OS error in words a player understands."""
    if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"cannot {doing} {path}: the disk is full (or the file is over its size limit)"
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot {doing} {path}: the folder is read-only or not yours"
    if err.errno in (errno.ENOTDIR, errno.EEXIST) and not path.parent.is_dir():
        return f"cannot {doing} {path}: {path.parent} is a file, not a folder"
    if err.errno == errno.EEXIST:
        return f"cannot {doing} {path}: a file of that name exists (it is left as it was)"
    return f"cannot {doing} {path}: {err.strerror or err}"


def real_target(path: Path) -> Path:
    """The file a save really writes: through a symbolic link, to the file it points at."""
    return path.resolve() if path.is_symlink() else path


def atomic_write(path: Path, data: bytes | list[bytes], *, replace: bool = True, follow: bool = True) -> None:
    """Write ``data`` to ``path`` so that the file is always complete, old or new
    (``data``: the bytes, or pieces of them in order, written one after the other).

    With ``replace=False`` an existing file is never replaced: SaveError instead. A
    link at ``path`` is written through (a sheet kept behind a link stays there), or,
    ``follow=False`` (a cache of scorepad's own), replaced by the file.
    """
    path = real_target(path) if follow else path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise SaveError(explain(err, path)) from err
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.writelines([data] if isinstance(data, bytes) else data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, 0o644)
        if replace:
            os.replace(temporary, path)
        else:
            link_new(temporary, path)
    except OSError as err:
        raise SaveError(explain(err, path)) from err
    finally:
        with suppress(OSError):
            os.unlink(temporary)  # gone after a replace; the spare name after a link
    sync_folder(path.parent)


def link_new(temporary: str, path: Path) -> None:
    """Give the written file its name only if no file has it (FileExistsError if one does),
    even against a racing writer; where links are not supported, a look then a rename."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError as err:
        if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
        os.replace(temporary, path)


def sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where folders cannot be opened."""
    with suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def stat_key(path: Path | str) -> tuple | None:
    """What changes when anyone rewrites the file (None when it is gone)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns  # ctime: no one can set it back
