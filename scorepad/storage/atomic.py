"""Atomic saves: a temporary file in the same folder, flushed and fsynced, then renamed
over the target. A kill at any moment leaves either the old or the new file whole.

A target that is a symbolic link is written through the link (the real file is
replaced, the link stays), and ``replace=False`` never replaces a file that exists.
A new file the user named (``export -o``, "Save elsewhere") is never written through a
link and never makes a folder (``new_file_place``).

A file replaced keeps its permissions (a private sheet stays private); a new file gets
``0o666`` (or the mode asked for) less the umask, as any program's new file does.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path
from typing import Callable

from ..messages import shown
from .paths import folder_problem

NEW_FILE_MODE = 0o666  # what the umask is taken from: a new file is never executable


class SaveError(Exception):
    """A sheet could not be written; the message says why and the sheet is still in memory."""


def explain(err: OSError, path: Path, doing: str = "save") -> str:
    """An OS error in words a player understands."""
    if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"cannot {doing} {path}: the disk is full (or the file is over its size limit)"
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot {doing} {path}: the file or its folder is read-only or not yours"
    if err.errno in (errno.ENOTDIR, errno.EEXIST) and not path.parent.is_dir():
        return f"cannot {doing} {path}: {path.parent} is a file, not a folder"
    if err.errno == errno.EEXIST:
        return f"cannot {doing} {path}: a file of that name exists (it is left as it was)"
    if err.errno == errno.ENOENT and not os.path.isdir(path.parent):
        return f"cannot {doing} {path}: no such folder: {path.parent}"
    return f"cannot {doing} {path}: {err.strerror or err}"


def real_target(path: Path) -> Path:
    """The file a save really writes: through a symbolic link, to the file it points at
    (a loop of links: ``path`` itself, and reading or writing it says what is wrong)."""
    try:
        return path.resolve() if path.is_symlink() else path
    except (OSError, RuntimeError):  # Python 3.11 raises RuntimeError for a loop
        return path


def new_file_place(path: Path, doing: str) -> None:
    """SaveError unless ``path`` is a place for a file the user named (``doing``: "write",
    "save to"): not a link, dangling or not (it leads where they did not name: a dangling
    one would even make the folders it names), and in a folder that is there (a typo
    must not make folders anywhere; scorepad makes its own folders only)."""
    if os.path.islink(path):
        try:
            where = f" (to {shown(os.readlink(path))})"
        except OSError:
            where = ""
        raise SaveError(f"cannot {doing} {path}: it is a link{where}; scorepad never writes through a link: "
                        "choose another name")
    if not path.parent.is_dir():
        raise SaveError(f"cannot {doing} {path}: {folder_problem(path.parent) or f'no such folder: {path.parent}'}")


def atomic_write(path: Path, data: bytes | list[bytes], *, replace: bool = True, follow: bool = True,
                 mode: int = NEW_FILE_MODE, folders: bool = True,
                 before_replace: Callable[[], None] | None = None) -> None:
    """Write ``data`` to ``path`` so that the file is always complete, old or new
    (``data``: the bytes, or pieces of them in order, written one after the other).

    With ``replace=False`` an existing file is never replaced: SaveError instead. A
    link at ``path`` is written through (a sheet kept behind a link stays there), or,
    ``follow=False`` (a file whose place we know, not a link that turned up), replaced
    by the file. A file replaced keeps its permissions; a new one gets ``mode`` less
    the umask. ``folders=False``: a missing folder is a SaveError, never made.
    ``before_replace`` runs once the new file is whole, just before it replaces the old
    one: what it raises leaves the old one as it is (a sheet changed meanwhile).
    """
    path = real_target(path) if follow else path
    try:
        if folders:
            path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = new_temporary(path, mode)
    except OSError as err:
        raise SaveError(explain(err, path)) from err
    try:
        with os.fdopen(fd, "wb") as handle:
            keep_mode(handle.fileno(), path)
            handle.writelines([data] if isinstance(data, bytes) else data)
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            if before_replace is not None:
                before_replace()  # raising leaves the file as it is (and the temporary goes)
            os.replace(temporary, path)
        else:
            link_new(temporary, path)
    except OSError as err:
        raise SaveError(explain(err, path)) from err
    finally:
        with suppress(OSError):
            os.unlink(temporary)  # gone after a replace; the spare name after a link
    sync_folder(path.parent)


def new_temporary(path: Path, mode: int) -> tuple[int, str]:
    """A new hidden file beside ``path`` to write, ``.NAME.RANDOM.tmp``, open: made with
    ``mode`` by the OS, which takes the umask (and a folder's default ACL) off it, as
    for any new file (``tempfile.mkstemp`` makes every file 0600)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        temporary = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        with suppress(FileExistsError):  # a name another save holds: draw again
            return os.open(temporary, flags, mode), temporary
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file", str(path.parent))


def keep_mode(fd: int, path: Path) -> None:
    """Give the new file on ``fd`` the permissions of the file it replaces at ``path``
    (a private sheet stays private, a shared one shared); nothing when there is none."""
    try:
        there = os.lstat(path)
    except OSError:
        return  # a new file: its mode came from its making
    # a link's own mode (0777) is no file's; Windows before Python 3.13 has no fchmod
    if stat.S_ISREG(there.st_mode) and hasattr(os, "fchmod"):
        os.fchmod(fd, stat.S_IMODE(there.st_mode) & 0o777)


def file_mode(path: Path) -> int:
    """The permissions a file holding ``path``'s contents elsewhere should get (a copy, a
    journal): the file's own (a private sheet's copy is private too), always readable
    and writable by its owner; else those of a new file."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode) & 0o777 | 0o600
    except OSError:
        return NEW_FILE_MODE


def write_protected(path: Path) -> bool:
    """Whether the file at ``path`` lets no one write it (``chmod a-w``): its owner said
    it is not to change. Told by the mode bits, not by ``os.access``, which says yes to
    root whatever they are."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISREG(mode) and not mode & 0o222


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


def stat_key(path: Path | str, follow: bool = True) -> tuple | None:
    """What changes when anyone rewrites the file (None when it is gone); with
    ``follow=False``, of the name itself (a link put in the file's place changes it)."""
    try:
        st = os.stat(path, follow_symlinks=follow)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns  # ctime: no one can set it back
