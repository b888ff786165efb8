"""Copies that keep a version nobody chose to lose: the other version of a sheet
changed under us, and the rescue copy of values that could not be saved (found again
and taken back by ``rescue``)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from .atomic import SaveError, atomic_write, file_mode
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
