"""Small files of scorepad's own (the settings, the games index), read as safely as a
sheet is: a regular file only, opened without waiting (a named pipe would block
forever), and never more than a limit, whatever size it claims. Not ``files.read_bytes``:
that module loads the sheet format's models, which the first screen and ``scorepad
history`` must not wait for."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def read_small_file(path: Path, limit: int, kind: str) -> bytes | None:
    """The bytes of a small regular file, None when there is none; OSError or ValueError
    (a folder, a pipe, a device, larger than ``limit`` bytes) otherwise, its words
    naming the file's ``kind`` ("a settings file")."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise ValueError("is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("is not a regular file")
        parts, total = [], 0
        while total <= limit:  # a file that grows while read is cut off here all the same
            part = os.read(descriptor, limit + 1 - total)
            if not part:
                break
            parts.append(part)
            total += len(part)
    finally:
        os.close(descriptor)
    if total > limit:
        raise ValueError(f"is larger than {kind} can be")
    return b"".join(parts)
