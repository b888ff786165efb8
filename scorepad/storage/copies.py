"""Copies that keep a version nobody chose to lose: the other version of a sheet
changed under us, and the rescue copy of values that could not be saved."""

from __future__ import annotations

import glob
import json
import os
import shlex
import stat
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .atomic import SaveError, atomic_write, file_mode
from .errors import SheetFileError

if TYPE_CHECKING:  # the sheet's model is not loaded for a copy alone
    from ..rules.models import Sheet
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


def newer_rescue(sheet: Path, game: Sheet, since: float) -> Path | None:
    """The latest rescue copy of this game (``is_copy_of``) written after
    ``since`` (the sheet's and its journal's last change), beside the sheet or in the
    rescue folder: changes the disk refused, kept when the app quit, that the sheet
    lacks. Newest first, and only until one is found: each is read whole (forty copies of
    15 MB took 6 s to open a sheet). What is not a plain file is never opened (a link to
    a device), and what is not a sheet of this game is passed over."""
    found: list[tuple[float, Path]] = []
    for folder in (sheet.parent / COPIES, rescue_dir()):
        for name in glob.glob(f"{glob.escape(sheet.stem)}.rescued-*.json", root_dir=folder):
            try:
                info = (folder / name).stat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode) and info.st_mtime > since:
                found.append((info.st_mtime, folder / name))
    return next((copy for _, copy in sorted(found, reverse=True) if is_copy_of(copy, game)), None)


def is_copy_of(copy: Path, game: Sheet) -> bool:
    """Whether the file is a scoresheet of this game: the same ``id``; for a game with
    none (written before ids, or by hand), none either, the same title and the same
    players. Read with the sheet reader's own care: never more than a sheet's size."""
    from .document import FORMAT
    from .files import read_bytes

    try:
        raw = json.loads(read_bytes(copy).decode("utf-8-sig"))  # as a sheet is read: not UTF-16
    except (SheetFileError, ValueError, RecursionError):
        return False
    if not isinstance(raw, dict) or raw.get("format") != FORMAT or raw.get("id", "") != game.id:
        return False
    players = raw.get("players")
    return bool(game.id) or (raw.get("title", "") == game.title and isinstance(players, list) and
                             [isinstance(p, dict) and p.get("name") for p in players] == [p.name for p in game.players])


def rescue_words(path: Path, rescued: Path) -> str:
    """What opening says of a rescue copy newer than the sheet: where it is, how to see
    it and go on from it, and how to stop being told (it is said at every opening while
    it is there and newer)."""
    return (f"A rescue copy of this game, newer than {path.name}, holds changes the disk refused: {rescued}. "
            f"`scorepad open {shlex.quote(str(rescued))}` shows it (to go on from it: Ctrl+P, Save elsewhere); "
            f"{path.name} is shown as saved. Move or delete the copy to stop this note.")
