"""Copies that keep a version nobody chose to lose: the other version of a sheet
changed under us, and the rescue copy of values that could not be saved."""

from __future__ import annotations

import glob
import json
import os
from datetime import datetime
from pathlib import Path

from .atomic import SaveError, atomic_write, file_mode
from .errors import SheetFileError
from .paths import HOME_VARIABLE, data_home


COPIES = "copies"


def rescue_dir() -> Path:
    """A writable place for rescue copies: the user state folder (``rescue`` under
    ``$SCOREPAD_HOME`` when that is set)."""
    if os.environ.get(HOME_VARIABLE):
        return data_home() / "rescue"
    from platformdirs import user_state_path

    return user_state_path("scorepad", appauthor=False) / "rescue"


def keep_copy(data: bytes, sheet: Path, label: str, rescue_first: bool = False) -> Path:
    """Write ``data`` as ``copies/NAME.LABEL-STAMP.json`` beside the sheet (out of the
    games list: a copy is not another game played), or in the rescue folder when the
    sheet's folder cannot take it (that one first with ``rescue_first``); never over an
    existing file. A copy is as private as the sheet."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    problems, mode = [], file_mode(sheet)
    folders = (sheet.parent / COPIES, rescue_dir())
    for folder in reversed(folders) if rescue_first else folders:
        for n in range(1, 100):
            name = f"{sheet.stem}.{label}-{stamp}{'' if n == 1 else f'-{n}'}.json"
            try:
                atomic_write(folder / name, data, replace=False, mode=mode)
            except SaveError as err:
                if (folder / name).exists():
                    continue  # that name is taken: the next one
                problems.append(str(err))
                break
            return folder / name
    raise SaveError("; ".join(problems) or f"cannot keep a copy of {sheet.name}")


def newer_rescue(sheet: Path, game_id: str, since: float) -> Path | None:
    """The latest rescue copy of this game (the same ``id``) written after ``since`` (the
    sheet's and its journal's last change), beside the sheet or in the rescue folder:
    changes the disk refused, kept when the app quit, that the sheet lacks. Files that
    cannot be read as a sheet of this game are passed over: they are not what is asked."""
    from .files import read_bytes  # the sheet reader's own care: no pipe, no giant file

    found: list[tuple[float, Path]] = []
    for folder in (sheet.parent / COPIES, rescue_dir()):
        for name in glob.glob(f"{glob.escape(sheet.stem)}.rescued-*.json", root_dir=folder):
            copy = folder / name
            try:
                written = copy.stat().st_mtime
                if written > since and game_id and json.loads(read_bytes(copy)).get("id") == game_id:
                    found.append((written, copy))
            except (OSError, SheetFileError, ValueError, AttributeError, RecursionError):
                continue
    return max(found)[1] if found else None
