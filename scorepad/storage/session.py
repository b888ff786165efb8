"""An open sheet: entries in, autosave out, undo and redo, one writer at a time.

The UI talks to a session and never to the models: ``apply(entry)`` runs the rules'
one ``apply`` function, appends the entry to the history and saves atomically.
"""

from __future__ import annotations

from contextlib import suppress
from datetime import date
from pathlib import Path

from ..rules.entries import Begin, apply
from ..rules.models import Sheet
from .atomic import SaveError
from .files import read_sheet, write_sheet
from .lock import SheetLock
from .paths import games_dir, sheet_name


class SheetSession:
    """A sheet with its history, the file it saves to, and its undo/redo stacks."""

    def __init__(self, path: Path, history: tuple, *, read_only: bool = False,
                 lock: SheetLock | None = None, sheet: Sheet | None = None) -> None:
        self.path = path
        self.read_only = read_only
        self.lock = lock
        self.history: list = list(history)
        self.states: list[Sheet] = []
        state = None
        for entry in self.history:
            state = apply(state, entry)
            self.states.append(state)
        if sheet is not None and sheet != state:
            # the file's state wins (a person may have edited it): continue from there
            self.history.append(Begin(sheet=sheet))
            self.states.append(sheet)
        self.redo_stack: list = []
        self.save_problem: str | None = None
        self.unsaved = False
        if lock is not None:
            remove_leftovers(path)

    @property
    def sheet(self) -> Sheet:
        """The current state."""
        return self.states[-1]

    @classmethod
    def create(cls, sheet: Sheet, folder: Path | None = None, day: date | None = None) -> SheetSession:
        """A new game in the games folder, under a name no other game uses."""
        folder = folder or games_dir()
        day = day or date.today()
        for attempt in range(1, 1000):
            path = folder / sheet_name(sheet.title, day, attempt)
            if path.exists():
                continue
            lock = SheetLock(path).acquire()
            if path.exists():  # another scorepad saved it between our look and our lock
                lock.release()
                continue
            session = cls(path, (Begin(sheet=sheet),), lock=lock)
            session.save()
            return session
        raise SaveError(f"cannot find a free file name in {folder}")

    @classmethod
    def open(cls, path: Path, read_only: bool = False) -> SheetSession:
        """Open a saved sheet; SheetLocked if another scorepad writes it (offer read-only)."""
        lock = None if read_only else SheetLock(path).acquire()
        try:
            loaded = read_sheet(path)
        except BaseException:
            if lock:
                lock.release()
            raise
        return cls(path, loaded.history, read_only=read_only, lock=lock, sheet=loaded.sheet)

    def apply(self, entry, *, save: bool = True) -> Sheet:
        """Apply one entry (EntryError leaves everything as it was), then autosave.

        With ``save=False`` the caller saves soon after (the app does, once the screen
        shows the change); until then ``unsaved`` is true and ``close`` saves.
        """
        if self.read_only:
            raise PermissionError("this sheet is open read-only")
        state = apply(self.sheet, entry)
        self.history.append(entry)
        self.states.append(state)
        self.redo_stack.clear()
        self.unsaved = True
        if save:
            self.save()
        return state

    def undo(self) -> bool:
        """Take back the last entry (never the first, which starts the sheet)."""
        if self.read_only or len(self.history) <= 1:
            return False
        self.redo_stack.append(self.history.pop())
        self.states.pop()
        self.save()
        return True

    def redo(self) -> bool:
        """Apply again the last entry taken back."""
        if self.read_only or not self.redo_stack:
            return False
        entry = self.redo_stack.pop()
        self.history.append(entry)
        self.states.append(apply(self.sheet, entry))
        self.save()
        return True

    def save(self) -> None:
        """Save now; a failure is kept in ``save_problem`` and the sheet stays in memory."""
        if self.read_only:
            return
        try:
            write_sheet(self.path, self.sheet, tuple(self.history))
        except SaveError as err:
            self.save_problem = str(err)
        else:
            self.save_problem = None
            self.unsaved = False

    def save_as(self, path: Path) -> None:
        """Save to another file (after a failed save, say) and keep writing there."""
        lock = SheetLock(path).acquire()
        try:
            write_sheet(path, self.sheet, tuple(self.history))
        except SaveError:
            lock.release()
            raise
        self.close()
        self.path, self.lock, self.read_only, self.save_problem = path, lock, False, None

    def close(self) -> None:
        """Save what is not saved yet, then release the lock."""
        if self.unsaved:
            self.save()
        if self.lock:
            self.lock.release()
            self.lock = None


def remove_leftovers(path: Path) -> None:
    """Temporary files of a save that a crash cut short; we hold the lock, so none is live."""
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        with suppress(OSError):
            leftover.unlink()
