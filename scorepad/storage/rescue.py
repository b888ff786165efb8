"""Rescue copies found again: a copy of this game newer than its sheet holds changes
the disk refused when the app quit or hung up (``SheetSession.rescue``). Opening the
sheet points to it (nothing had: the sheet showed its older values), and the table can
take it back into the sheet, which is kept as it was beside it.

A copy is this game's rescue only if its history is the sheet's and then more: what the
table saw when the disk refused, nothing less. File times and ids choose which copies
are read at all; reading decides.
"""

from __future__ import annotations

import glob
import json
import shlex
import stat
from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from ..rules.entries import EntryError
from ..rules.models import Sheet
from .atomic import SaveError, real_target
from .copies import COPIES, keep_copy, rescue_dir
from .document import FORMAT, parse_document
from .errors import SheetFileError
from .files import read_bytes
from .sheet_file import Overtaken, load_current, replay_states


class Rescue(NamedTuple):
    """A rescue copy as read: its path and bytes (what taking it writes, nothing read again)."""

    path: Path
    data: bytes


def newer_rescue(sheet: Path, history: tuple, since: float) -> Path | None:
    """The latest rescue copy of the game whose ``history`` the sheet holds, written after
    ``since`` (the sheet's and its journal's last change), beside the sheet or in the
    rescue folder. Newest first, and only until one is found: each is read whole (forty
    copies of 15 MB took 6 s to open a sheet). What is not a plain file is never opened
    (a link to a device); what is not this game's rescue is passed over (``rescue_of``)."""
    found: list[tuple[float, Path]] = []
    for folder in (sheet.parent / COPIES, rescue_dir()):
        for name in glob.glob(f"{glob.escape(sheet.stem)}.rescued-*.json", root_dir=folder):
            try:
                info = (folder / name).stat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode) and info.st_mtime > since:
                found.append((info.st_mtime, folder / name))
    return next((copy for _, copy in sorted(found, reverse=True) if rescue_of(copy, history)), None)


def rescue_of(copy: Path, history: tuple) -> Rescue | None:
    """The copy, if it is a rescue of the game with this ``history``: a scoresheet of the
    same game (its id; for a game with none, none either and the same title and players)
    whose history is this one and then more, and replays. None for anything else: another
    game, an older state (a copy restored with its old time), a file that is no sheet."""
    try:
        data = read_bytes(copy)
        raw = json.loads(data.decode("utf-8-sig"))  # as a sheet is read: not UTF-16
    except (SheetFileError, ValueError, RecursionError):
        return None
    game: Sheet = history[0].sheet if history else None
    if game is None or not isinstance(raw, dict) or raw.get("format") != FORMAT or raw.get("id", "") != game.id:
        return None  # the cheap look first: most copies are another game's
    try:
        theirs = parse_document(data, str(copy)).history
        replay_states(list(theirs))
    except (SheetFileError, EntryError, ValidationError):
        return None
    return Rescue(copy, data) if len(theirs) > len(history) and tuple(theirs[:len(history)]) == tuple(history) \
        else None


def rescue_words(path: Path, rescued: Path) -> str:
    """What is said of a rescue copy newer than the sheet where nothing can be asked (no
    terminal): where it is, and how to take it back (the app asks, opening the sheet)."""
    return (f"A rescue copy of this game, newer than {path.name}, holds changes the disk refused: {rescued}. "
            f"`scorepad open {shlex.quote(str(path))}` in a terminal offers to take them back into it.")


def take_rescue(session, rescued: Path) -> Path:
    """Put the rescue copy in the open sheet's place (under its lock) and go on from it,
    keeping the sheet as it was as a copy beside it: where that copy is. Refused
    (SaveError), with nothing written, when the sheet is open read-only, was changed by
    someone else since it was read (their version would be lost), or the copy is no longer
    a rescue of the game as it is here (changed since it was offered, or values typed
    here since). SaveError too when the disk refuses: the sheet is then as it was."""
    if session.read_only or session.lock is None:
        raise SaveError(f"{session.path.name} is open read-only here: the rescue copy cannot be taken into it")
    if real_target(session.path) != session.file.target:  # a link repointed: another file is there now
        raise SaveError(f"{session.path.name} no longer leads to the file opened as it: the rescue copy is "
                        "left where it is")
    if session.check_file():
        raise SaveError(f"{session.path.name} was changed by someone else since it was opened: choose which "
                        "version to keep first; the rescue copy is left where it is")
    found = rescue_of(rescued, tuple(session.history))
    if found is None:
        raise SaveError(f"{rescued.name} no longer holds this game as it is here, and more: it is left where it is")
    kept = keep_copy(read_bytes(session.file.target, follow=False), session.path, "before-rescue")  # byte for byte
    try:
        # written as a save is: where the sheet was found when opened, not where a link
        # leads now, checked just before it replaces it (a save of theirs landing is not
        # lost); the copy's bytes as they are, so no sheet or history to write them from
        session.file.write(None, (), data=found.data)
    except Overtaken as theirs:
        session.found_theirs(theirs.theirs)
        kept.unlink(missing_ok=True)
        raise SaveError(f"{session.path.name} was changed by someone else while the copy was being taken: "
                        "choose which version to keep first; the rescue copy is left where it is") from None
    except SaveError:
        kept.unlink(missing_ok=True)  # nothing replaced: the sheet is as it was, no copy of it needed
        raise
    session.lock.follow_file()  # a new file in the sheet's place: held too
    session.go_on_from(load_current(session.path))
    return kept
