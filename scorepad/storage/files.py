"""Reading sheet files from disk, with one clear error for anything that goes wrong."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from ..rules.models import Sheet
from .atomic import atomic_write
from .document import Loaded, SheetFileError, dump_document, parse_document

MAX_FILE_BYTES = 20 * 1024 * 1024  # far above any real sheet; stops a wrong file early


def read_bytes(path: Path) -> bytes:
    """The file's bytes, or SheetFileError naming the file and the problem."""
    try:
        with open(path, "rb") as handle:
            if os.fstat(handle.fileno()).st_size > MAX_FILE_BYTES:
                raise SheetFileError(str(path), "", "is too large to be a scoresheet (over 20 MB)")
            return handle.read()
    except IsADirectoryError:
        raise SheetFileError(str(path), "", "is a folder, not a scoresheet file") from None
    except FileNotFoundError:
        raise SheetFileError(str(path), "", "no such file") from None
    except PermissionError:
        raise SheetFileError(str(path), "", "cannot be read: permission denied") from None
    except OSError as err:
        raise SheetFileError(str(path), "", f"cannot be read: {err.strerror or err}") from None


def read_sheet(path: Path) -> Loaded:
    """Load a sheet and its history. Never writes to the file."""
    return parse_document(read_bytes(path), str(path))


def write_sheet(path: Path, sheet: Sheet, history: tuple) -> None:
    """Save atomically (SaveError on failure, with the old file left whole)."""
    saved = datetime.now(timezone.utc).isoformat(timespec="seconds")
    atomic_write(path, dump_document(sheet, history, saved))
