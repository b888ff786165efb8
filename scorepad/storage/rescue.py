"""Rescue copies found again: a copy of this game newer than its sheet holds changes
the disk refused when the app quit or hung up (``SheetSession.rescue``). Opening the
sheet points to it (nothing had: the sheet showed its older values), and the table can
take it back into the sheet, which is kept as it was beside it."""

from __future__ import annotations

import glob
import json
import shlex
import stat
from pathlib import Path

from ..rules.models import Sheet
from .atomic import SaveError, atomic_write, file_mode
from .copies import COPIES, keep_copy, rescue_dir
from .document import FORMAT
from .errors import SheetFileError
from .files import read_bytes, read_sheet
from .sheet_file import load_current


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
    """What is said of a rescue copy newer than the sheet where nothing can be asked (no
    terminal): where it is, and how to take it back (the app asks, opening the sheet)."""
    return (f"A rescue copy of this game, newer than {path.name}, holds changes the disk refused: {rescued}. "
            f"`scorepad open {shlex.quote(str(path))}` in a terminal offers to take them back into it.")


def take_rescue(session, rescued: Path) -> Path:
    """Put the rescue copy in the open sheet's place (under its lock) and go on from it,
    keeping the sheet as it was as a copy beside it: where that copy is. Nothing is
    written unless the copy reads as a sheet (SheetFileError); SaveError when the disk
    refuses, the sheet then as it was."""
    if session.read_only or session.lock is None:
        raise SaveError(f"{session.path.name} is open read-only here: the rescue copy cannot be taken into it")
    read_sheet(rescued)  # a sheet still: read whole before anything is written
    data = read_bytes(rescued)
    kept = keep_copy(session.our_bytes(), session.path, "before-rescue")
    atomic_write(session.path, data, replace=True, mode=file_mode(session.path))
    session.lock.follow_file()  # a new file in the sheet's place: held too
    session.go_on_from(load_current(session.path))
    session.rescued = None
    return kept
