"""The sheet file as an open session sees it: what it last read or wrote (so a version
written by someone else is noticed, never overwritten), loading with the journal a
crash left, and the background save that folds the journal into the file."""

from __future__ import annotations

import os
import shlex
import threading
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISDIR, S_ISLNK, S_ISREG
from typing import Callable, NamedTuple

from pydantic import ValidationError

from ..messages import shown
from ..rules.board_entries import leads_to
from ..rules.entries import Begin, EntryError, apply
from ..rules.models import Sheet
from ..rules.states import States
from .atomic import SaveError, atomic_write, real_target, stat_key, write_protected
from .document import SheetFileError, parse_document
from .document_writer import EntryTexts
from .files import kind_of, read_bytes, sheet_pieces
from .journal import Journal, changes_in, changes_to_replay, digest, holds_nothing, journal_path, read_journal
from .journal_replay import ours_in, replayed, typed_onto


class Overtaken(SaveError):
    """Someone else's save landed while ours was being written: ours is not put in its
    place (``theirs``: what they wrote)."""

    def __init__(self, theirs: bytes) -> None:
        super().__init__("the file was changed by someone else while it was being saved")
        self.theirs = theirs


@dataclass
class SheetFile:
    """A sheet file and the version of it we know: its hash and its stat. One save at a
    time (``lock``: a background save and the one at closing never overlap).

    ``target`` is where the file really is, found once, when it is opened or made (a
    sheet kept behind a link is saved where the link pointed then): a link that turns
    up later in its place is someone else's change, never followed, read or written
    through."""

    path: Path
    hash: str = ""
    stat: tuple | None = field(default=None)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    texts: EntryTexts = field(default_factory=EntryTexts, repr=False)
    target: Path = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.target = real_target(self.path)

    def look(self) -> tuple | None:
        """The stat of the file where it is (of a link, if one took its place)."""
        return stat_key(self.target, follow=False)

    def write(self, sheet: Sheet, history: tuple, *, replace: bool = True,
              data: bytes | list[bytes] | None = None) -> None:
        """Write the sheet atomically and remember the version written (SaveError;
        ``Overtaken`` when someone else's save landed meanwhile: theirs is left in place);
        ``data``, when given, is what to write: its bytes, or its pieces in order."""
        if replace:
            self.refuse_if_protected()
        data = data if data is not None else sheet_pieces(self.path, sheet, history, self.texts)
        atomic_write(self.target, data, replace=replace, follow=False,
                     before_replace=self.still_ours if replace else None)
        self.hash, self.stat = digest(data), self.look()

    def refuse_if_protected(self) -> None:
        """SaveError when the file was made write-protected while open (``chmod a-w``): a
        rename would replace it all the same, as only its folder is asked."""
        if write_protected(self.target):
            name = self.path.name
            raise SaveError(f"{name} was made write-protected while it was open (its permissions let no one "
                            f"write it): `chmod u+w {shlex.quote(name)}` to save it again")

    def changed_by_someone(self) -> bytes | None:
        """``theirs()``, unless a save of ours is writing the file right now: it looks
        at the file itself, under the lock (looked at meanwhile, our own new file,
        landed but not yet noted, would pass for someone else's)."""
        if not self.lock.acquire(blocking=False):
            return None
        try:
            return self.theirs()
        finally:
            self.lock.release()

    def theirs(self) -> bytes | None:
        """The file's bytes when someone else changed it since we read or wrote it
        (call it holding ``lock``, or through ``changed_by_someone``)."""
        if self.look() == self.stat:
            return None
        try:
            data = read_bytes(self.target, follow=False)  # a link put there: nothing of theirs to read
        except Exception:  # gone or unreadable: whatever it is, it is not ours
            return b""
        if digest(data) == self.hash:
            self.stat = self.look()  # touched, not changed
            return None
        return data

    def as_it_is(self) -> tuple[bytes, tuple | None]:
        """What stands in the file's place now (b"" for nothing readable there: gone, a
        link put there) and its stat, read between two looks that agree; the stat is None
        when it kept changing (the next look then finds it changed again)."""
        data = b""
        for _ in range(3):
            before = self.look()
            try:
                data = read_bytes(self.target, follow=False)
            except Exception:  # gone or unreadable: nothing of theirs to keep
                data = b""
            if self.look() == before:
                return data, before
        return data, None

    def still_ours(self) -> None:
        """Just before a save replaces the file: ``Overtaken`` when someone else changed
        it since we looked (their save landed while ours was being written)."""
        theirs = self.theirs()
        if theirs is not None:
            raise Overtaken(theirs)

    def blocked(self) -> bool:
        """Whether what stands in the file's place now cannot be replaced by a file (a
        folder)."""
        try:
            return S_ISDIR(os.lstat(self.target).st_mode)
        except OSError:
            return False

    def what_is_there(self) -> str:
        """What someone else left in the file's place, in words that follow "NAME was":
        "changed", "deleted", "replaced by a link to …", "replaced by a folder"..."""
        try:
            there = os.lstat(self.target)
        except FileNotFoundError:
            return "deleted"
        except OSError:
            return "made unreadable"
        if S_ISLNK(there.st_mode):
            with suppress(OSError):
                return f"replaced by a link to {shown(os.readlink(self.target))}"
        if S_ISDIR(there.st_mode):
            return "replaced by a folder"
        if not S_ISREG(there.st_mode):
            return f"replaced by {kind_of(there.st_mode)}"
        try:
            parse_document(read_bytes(self.target, follow=False), str(self.path))
        except SheetFileError:
            return "made unreadable"
        return "changed"


class Current(NamedTuple):
    """A sheet as it stands on disk: the file plus its journal."""

    history: list
    file: SheetFile
    note: str  # why it can only be read (its history does not replay), else ""
    replayed: bool  # a journal's changes were added
    journal: Journal | None  # the journal beside it, to go on with; None: it belongs to another version
    ours: list | None = None  # from such a journal: our history, typed while someone else saved theirs
    base: list | None = None  # the history the file alone holds (the journal's changes go on it)
    states: States | None = None  # the state after each entry of ``history``, worked out once
    base_states: States | None = None  # and of ``base``
    # from a journal of another version, ``ours`` None: its changes made on theirs (typed
    # before scorepad stopped, the file rewritten by someone else after it)
    typed: list | None = None
    pending: int = 0  # the journal's changes the file does not hold yet (``replayed``)
    # ``journal`` None, not of another version: what is wrong with it, in words after "its journal"
    trouble: str = ""


UNREADABLE = "cannot be read as a journal (no file, too large, or not as scorepad writes one)"
NOT_APPLYING = "holds changes that do not apply to it (not as scorepad writes them)"


def load_current(path: Path) -> Current:
    """Read the sheet file and replay the journal a crash (or the writer of the sheet,
    for a read-only window) left beside it. SheetFileError for an unreadable file."""
    data = read_bytes(path)
    loaded = parse_document(data, str(path), keep=True)
    file = SheetFile(path, digest(data))
    file.stat = file.look()
    history = list(loaded.history)
    try:
        states = replay_states(history)
        if not leads_to(states[-1], loaded.sheet):
            history.append(Begin(sheet=loaded.sheet))  # the file's state wins: a hand edit
            # equivalent: history[-1] is a Begin, whose sheet is the state whatever it is applied to
            states.append(apply(states[-1], history[-1]))  # pragma: no mutate
    except (EntryError, ValidationError) as err:
        note = (f"{path.name}: its history does not replay ({str(err)[:200]}); it is shown as "
                "saved, read-only, and the file is left as it is for `scorepad replay`.")
        return Current([Begin(sheet=loaded.sheet)], file, note, False, Journal(path))
    records, size = read_journal(journal_path(path))
    changes = changes_to_replay(records, file.hash)
    if changes is None:
        # none, or cut before its first line ended (a full disk): nothing in it was shown.
        # Not a journal that merely gave no record (damaged, too large, unreadable): set aside
        if not records and holds_nothing(journal_path(path)):
            return Current(history, file, "", False, Journal(path, 0, 0), None, history, states, states)
        ours = ours_in(records)
        ours_header = records and records[0].get("journal") == 1
        return Current(history, file, "", False, None, ours, None, states,
                       typed=None if ours is not None else typed_onto(records, history),
                       trouble="" if ours_header else UNREADABLE)
    try:
        (base, base_states), (history, states) = (history, states), replayed(history, changes, states)
    except (KeyError, TypeError, ValueError, IndexError, EntryError):  # ValidationError is a ValueError
        return Current(list(loaded.history), file, "", False, None, trouble=NOT_APPLYING)  # set it aside
    journal = Journal(path, len(changes_in(records)), size)
    return Current(history, file, "", bool(changes), journal, None, base, states, base_states, pending=len(changes))


def kept_apart(current: Current) -> list | None:
    """The history opening this sheet keeps as a copy, from a journal of another version
    of the file: ours, as it kept it, or (``typed``) its changes made on theirs when they
    change anything there; else None. The command line says so, and opening does it."""
    if current.ours is not None:
        return current.ours
    if current.typed is None or replay_states(current.typed)[-1] == current.states[-1]:
        return None
    return current.typed


def replay_states(history: list) -> States:
    """The state after each entry of a history (EntryError, ValidationError)."""
    return States.replayed(history)


class FoldOutcome(NamedTuple):
    """What a background save did: the journal changes it wrote, or why it did not."""

    changes: int
    problem: str | None = None
    conflict: bytes | None = None


def fold_snapshot(file: SheetFile, journal: Journal, sheet: Sheet, history: tuple,
                  changes: int) -> Callable[[], FoldOutcome]:
    """A save of this snapshot, safe to run in a thread: it checks that the file is
    still the version we know, records in the journal what the new file will be, then
    writes it."""

    def run() -> FoldOutcome:
        with file.lock:
            theirs = file.theirs()
            if theirs is not None:
                return FoldOutcome(changes, conflict=theirs)
            try:
                file.refuse_if_protected()  # before the journal's line: a try a second, each a line
                data = sheet_pieces(file.path, sheet, history, file.texts)  # never joined: see document_pieces
                journal.folding(changes, digest(data))
                # equivalent: write uses the sheet and history only to make data, which is given
                file.write(sheet, history, data=data)  # pragma: no mutate
            except Overtaken as their_save:
                return FoldOutcome(changes, conflict=their_save.theirs)
            except SaveError as err:
                return FoldOutcome(changes, problem=str(err))
            return FoldOutcome(changes)

    return run
