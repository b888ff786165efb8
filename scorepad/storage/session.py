"""An open sheet: entries in, journal and saves out, undo and redo, one writer at a time.

The UI talks to a session and never to the models: ``apply(entry)`` runs the rules'
one ``apply`` function, appends the entry to the history and writes it to the journal
before returning, so a value the screen shows is on disk even if the app is killed;
``sync`` then fsyncs it, once the frame is out (see ``journal``). The sheet file
itself is rewritten later by ``fold`` (see ``sheet_file``), never over a version
someone else wrote.
"""

from __future__ import annotations

import os
import shlex
from contextlib import suppress
from datetime import date
from pathlib import Path

from ..rules.play_record import new_play_id
from ..rules.entries import Begin, EntryError, apply
from ..rules.model_base import lean
from ..rules.models import Sheet
from ..rules.states import States
from .atomic import SaveError, explain, new_file_place, real_target, stat_key, write_protected
from .changed_under_us import ChangedUnderUs
from .copies import keep_copy
from .document import MAX_HISTORY
from .errors import SheetFileError
from .journal import Journal, changes_to_replay, damaged, journal_path, read_journal
from .lock import SheetLock, SheetLocked
from .rescue import newer_rescue
from .paths import free_names, games_dir, sheet_name
from .files import read_bytes, sheet_bytes
from .journal_replay import ours_left, replayed
from .sheet_file import SheetFile, fold_snapshot, kept_apart, load_current, replay_states


class SheetSession(ChangedUnderUs):
    """A sheet with its history, the file it saves to, and its undo/redo stacks.

    ``save_problem`` says why the last write failed (None when all is on disk);
    ``unsaved`` is true while some change is only in memory; ``note`` says why a
    sheet was opened read-only when it was not asked for; ``conflict`` holds the
    bytes of a version someone else saved while we had the sheet open.
    """

    def __init__(self, path: Path, history: tuple, *, read_only: bool = False, lock: SheetLock | None = None,
                 file: SheetFile | None = None, journal: Journal | None = None, note: str = "",
                 states: States | None = None) -> None:
        self.path, self.read_only, self.lock, self.note = path, read_only, lock, note
        self.told = ""  # what opening it did that the user should know
        self.rescued: Path | None = None  # a rescue copy newer than the sheet, found opening it
        self.history: list = list(history)
        self.states = states.follow(self.history) if states is not None else replay_states(self.history)
        # equivalent if mutated: ``follow`` reads these only once it has set all three (no
        # stat it compares with is ever ``()``, and ``_base`` is looked at before the stats)
        self._seen: tuple = ((), ())  # the stats of the file and the journal a window last read  # pragma: no mutate
        self._unreadable: tuple = ((), False)  # the stats a window last found unreadable, and if said
        self._base: list | None = None  # the file's own history, for that window  # pragma: no mutate
        self._base_states: States | None = None  # pragma: no mutate
        self.unfollowed = ""  # why a read-only window cannot follow the file's last change, until said
        self.redo_stack: list = []
        self.save_problem: str | None = None
        self.file = file or SheetFile(path)
        self.journal = journal or Journal(path, 0, 0)
        self.conflict: bytes | None = None
        self.closed = False
        if lock is not None:
            remove_leftovers(path)

    @property
    def sheet(self) -> Sheet:
        """The current state."""
        return self.states[-1]

    @property
    def unsaved(self) -> bool:
        """Whether some change is in memory only (its journal line could not be written)."""
        return bool(self.journal.pending)

    @property
    def folded(self) -> bool:
        """Whether the sheet file holds every change (no journal waiting to be folded)."""
        return not self.journal.started

    @classmethod
    def create(cls, sheet: Sheet, folder: Path | None = None, day: date | None = None) -> SheetSession:
        """A new game in the games folder, under a name no other game uses."""
        folder = folder or games_dir()
        day = day or date.today()
        try:
            folder.mkdir(parents=True, exist_ok=True)  # the games folder is ours to make (claim_new makes none)
        except OSError as err:
            raise SaveError(explain(err, folder / sheet_name(sheet.title, day))) from err
        for path in free_names(folder / sheet_name(sheet.title, day)):
            try:
                return cls.create_at(path, sheet)
            except SheetLocked:  # another scorepad is making a game of that name right now
                continue
            except SaveError:
                if os.path.lexists(path):  # another scorepad took that name between our look and our write
                    continue
                raise
        raise SaveError(f"cannot find a free file name in {folder}")

    @classmethod
    def create_at(cls, path: Path, sheet: Sheet) -> SheetSession:
        """A new game in this file, which must not exist yet (SaveError, SheetLocked). The
        sheet gets its id here, once: every save and export keeps it."""
        sheet = sheet if sheet.id else sheet.but(id=new_play_id())
        history = (Begin(sheet=sheet),)
        lock, file = claim_new(path, sheet, history)
        return cls(path, history, lock=lock, file=file)

    @classmethod
    def open(cls, path: Path, read_only: bool = False) -> SheetSession:
        """Open a saved sheet with any journal a crash left; SheetLocked if another
        scorepad writes it (offer read-only). A history that does not replay, or a file
        that lets no one write it, opens read-only, as saved, with a ``note``; the file
        is left untouched."""
        protected = not read_only and write_protected(path)
        if not read_only and not os.path.lexists(path) and (ours := ours_left(path)) is not None:
            return cls.brought_back(path, ours)
        if not os.path.exists(path):  # a link to a file gone too: its lock would need its folder
            read_bytes(path)  # the reader's own words for what is there (SheetFileError)
        since = cls.last_changed(path)  # before opening folds a journal into it
        lock = None if read_only or protected else SheetLock(path).acquire()
        try:
            current = load_current(path)
            if current.note and lock:
                lock.release()
                lock = None
            note = current.note or (
                f"{path.name} is write-protected (its permissions let no one write it): it is shown "
                f"read-only, as saved; `chmod u+w {shlex.quote(path.name)}`, then open it again, to go on with it."
                if protected else "")
            session = cls(path, current.history, read_only=read_only or bool(note), lock=lock,
                          file=current.file, journal=current.journal, note=note, states=current.states)
            if lock and current.journal is None:
                aside = Journal(path).set_aside()
                session.told = (f"A journal of changes to another version of {path.name} was found "
                                f"and kept as {aside.name}; the sheet is shown as saved.")
                if current.trouble:  # no other version's: said as what it is
                    session.told = (f"The journal of {path.name} {current.trouble}: it is kept as "
                                    f"{aside.name}, and the sheet is shown as saved.")
                if damaged(aside):
                    session.told = (f"The journal of {path.name} is damaged (not as scorepad writes it): "
                                    f"it is kept as {aside.name}, with whatever it holds, and the sheet "
                                    "is shown as saved.")
                if current.ours is not None:
                    ours = sheet_bytes(path, replay_states(current.ours)[-1], tuple(current.ours))
                    session.told = (f"{path.name} was changed elsewhere while it was open here, and "
                                    f"scorepad stopped before you chose: ours is kept as "
                                    f"{keep_copy(ours, path, 'ours')}; theirs is shown.")
                elif (typed := kept_apart(current)) is not None:
                    ours = sheet_bytes(path, replay_states(typed)[-1], tuple(typed))
                    session.told = (f"{path.name} was changed elsewhere after scorepad stopped, before the "
                                    f"values typed into it were saved: they are made again on theirs and "
                                    f"kept as {keep_copy(ours, path, 'ours')} (its journal: {aside.name}); "
                                    "theirs is shown.")
            elif lock and current.replayed:
                whole = Journal(path).set_aside(copy=True) if damaged(journal_path(path)) else None
                session.fold()  # the crash's changes into the file now, the journal gone
                session.told = f"Changes typed before scorepad stopped were recovered from the journal."
                if whole is not None:
                    session.told = (f"Changes typed before scorepad stopped were recovered from the journal "
                                    f"up to a damaged line (not as scorepad writes it); the whole journal, with "
                                    f"the lines after it, is kept as {whole.name}.")
            elif lock and damaged(journal_path(path)):
                # nothing before the damage to replay: what is after it is kept, moved out of
                # the way (going on with it, the next value's write cut it back to the damage)
                aside = session.journal.set_aside()
                session.told = (f"The journal of {path.name} is damaged (not as scorepad writes it): "
                                f"it is kept as {aside.name}, with whatever it holds, and the sheet "
                                "is shown as saved.")
            elif lock and session.folded:
                with suppress(SaveError):  # one with no whole line (a full disk) holds nothing
                    session.journal.remove()
            session.rescued = newer_rescue(path, tuple(session.history), since)
        except BaseException:
            if lock:
                lock.release()
            raise
        return session

    @staticmethod
    def last_changed(path: Path) -> float:
        """When the sheet or its journal last changed (0 for neither there)."""
        times = [0.0]
        for file in (path, journal_path(path)):
            with suppress(OSError):
                times.append(file.stat().st_mtime)
        return max(times)

    @classmethod
    def brought_back(cls, path: Path, ours: list) -> SheetSession:
        """The sheet at ``path`` again, from the history its journal kept once the file
        was gone while it was open (scorepad stopped before the user chose): written
        first, then the journal goes."""
        lock, file = claim_new(path, replay_states(ours)[-1], tuple(ours))
        session = cls(path, tuple(ours), lock=lock, file=file)
        with suppress(SaveError):  # all it held is in the file now; one left is set aside next time
            session.journal.remove()
        session.told = (f"{path.name} was gone (deleted or moved while it was open in scorepad, which "
                        "stopped before you chose): the game typed into it is back, from its journal.")
        return session

    def apply(self, entry) -> Sheet:
        """Apply one entry (EntryError leaves everything as it was) and journal it."""
        if self.read_only:
            raise PermissionError("this sheet is open read-only")
        if len(self.history) >= MAX_HISTORY:  # a file longer than this would not be read back
            raise EntryError(f"the sheet's history is full ({MAX_HISTORY:,} changes): "
                             "start a new game from its results")
        state = apply(self.sheet, entry)
        self.history.append(lean(entry))
        self.states.append(state)
        self.redo_stack.clear()
        self.record(lambda: self.journal.put(len(self.history) - 1, entry.model_dump(mode="json")))
        return state

    def undo(self) -> bool:
        """Take back the last entry (never the first, which starts the sheet)."""
        if self.read_only or len(self.history) <= 1:
            return False
        self.redo_stack.append(self.history.pop())
        self.states.pop()
        self.record(lambda: self.journal.keep(len(self.history)))
        return True

    def redo(self) -> bool:
        """Apply again the last entry taken back."""
        if self.read_only or not self.redo_stack:
            return False
        entry = self.redo_stack.pop()
        self.history.append(entry)
        self.states.append(apply(self.sheet, entry))
        self.record(lambda: self.journal.put(len(self.history) - 1, entry.model_dump(mode="json")))
        return True

    def record(self, write) -> None:
        """Journal one change; a failure is kept in ``save_problem`` (the change stays in
        memory and goes to disk with the next write that works)."""
        if not self.journal.started:
            self.journal.begin(self.file.hash)
        try:
            write()
        except SaveError as err:
            self.save_problem = str(err)
        else:
            self.save_problem = None

    def sync(self) -> None:
        """Fsync the journal lines written since the last fsync (``apply``, ``undo`` and
        ``redo`` write their line; this makes it durable: call it once the change is
        shown)."""
        if self.journal.written:
            self.record(self.journal.flush)

    def retry(self) -> bool:
        """Write what is waiting; True when nothing is left in memory only."""
        try:
            self.journal.flush()
        except SaveError as err:
            self.save_problem = str(err)
            return False
        self.save_problem = None
        return True

    def fold(self) -> bool:
        """Rewrite the sheet file with every change and drop the journal, now (closing,
        or after a crash's journal was replayed); False when it could not be done."""
        job = self.fold_job()
        if job is None:
            return self.conflict is None  # their version stays until the user chooses
        return self.fold_done(job())

    def fold_job(self):
        """What a background save runs (None when there is nothing to save): a function
        that writes a snapshot of the sheet and returns its outcome for ``fold_done``."""
        if self.read_only or self.conflict is not None or self.folded:
            return None
        return fold_snapshot(self.file, self.journal, self.sheet, tuple(self.history), self.journal.changes)

    def fold_done(self, outcome) -> bool:
        """Take in a background save's outcome; True when the file holds what it wrote."""
        if outcome.conflict is not None:
            self.found_theirs(outcome.conflict)
            return False
        if outcome.problem:
            self.save_problem = outcome.problem
            return False
        if self.lock:
            self.lock.follow_file()  # the save put a new file in the sheet's place
        if outcome.changes == self.journal.changes and not self.journal.pending:
            try:
                self.journal.remove()  # nothing came in meanwhile: all is in the file
            except SaveError as err:
                self.save_problem = str(err)
                return False
        self.save_problem = None
        return True

    def follow(self) -> bool:
        """A read-only window follows the file and the journal its writer keeps: True
        when the sheet changed. While only the journal grows (the writer typing), only
        the journal is read again: a long sheet is not parsed anew every second."""
        seen = (stat_key(real_target(self.path)), stat_key(self.journal.path))
        if seen == self._seen:
            return False
        try:
            if self._base is not None and seen[0] == self._seen[0]:
                changes = changes_to_replay(read_journal(self.journal.path)[0], self.file.hash)
                history, states = replayed(self._base, changes or [], self._base_states)
            else:
                current = load_current(self.path)
                if current.note or current.base is None:
                    # said once (``unfollowed``), and not read again until it changes again;
                    # the file as it was opened (its own note said so then) is no change
                    self._seen = seen
                    if current.file.hash == self.file.hash:
                        return False
                    self.unfollowed = (
                        f"{self.path.name} changed in a way this window cannot follow (its history does not "
                        "replay): it goes on showing the game as it was; open the file again to see it as saved.")
                    return False
                self.file, self._base, history, states = current.file, current.base, current.history, current.states
                self._base_states = current.base_states
        except SheetFileError as err:  # mid-change (a writer not ours), or spoilt, or gone
            self.say_unreadable(seen, err)
            return False
        except Exception:  # mid-change: keep showing what we have
            return False
        self._seen = seen
        if history == self.history:
            return False
        self.history = list(history)
        self.states = states.follow(self.history)
        return True

    def say_unreadable(self, seen: tuple, err: SheetFileError) -> None:
        """The followed file cannot be read: said once it is found so twice alike (once
        may be a writer mid-change), and once per change. The window went on showing the
        values last read under "follows the file", without a word (attack run)."""
        if self._unreadable == (seen, False):
            self.unfollowed = (f"{self.path.name} cannot be read now ({err}): this window goes on showing "
                               "the game as it was last read, until the file can be read again.")
            self._unreadable = (seen, True)
        elif self._unreadable[0] != seen:
            self._unreadable = (seen, False)

    def take_unfollowed(self) -> str:
        """Why the window could not follow the file's last change ("" if it could, or
        once it was said): told once per change, however many looks find it so."""
        words, self.unfollowed = self.unfollowed, ""
        return words

    def rescue(self) -> Path:
        """A copy of the sheet as it is in memory, in the rescue folder (the user state
        folder: not where saving just failed), else beside the sheet."""
        return keep_copy(self.our_bytes(), self.path, "rescued", rescue_first=True)

    def our_bytes(self) -> bytes:
        """The sheet file as it would be saved now, with its history."""
        return sheet_bytes(self.path, self.sheet, tuple(self.history))

    def save_as(self, path: Path) -> None:
        """Save to another file (after a failed save, say) and keep writing there. An
        existing file is never replaced, nor the sheet's own file taken for another
        (SaveError)."""
        if self.saves_to(path):  # else our own lock would refuse it, as another scorepad's
            raise SaveError(f"cannot save to {path}: it is the file {self.path.name} is saved in already "
                            "(nothing to save elsewhere); choose another name")
        lock, target = claim_new(path, self.sheet, tuple(self.history))
        if self.lock:
            self.lock.release()
        self.journal.close()
        self.path, self.lock, self.read_only, self.save_problem, self.note = path, lock, False, None, ""
        # a journal of its own from its first line: a file left at its name (stale, or
        # another game's linked there) was taken for ours, our lines after its own
        if os.path.lexists(journal_path(path)):
            with suppress(SaveError):
                Journal(path).set_aside()
        self.file, self.journal, self.conflict = target, Journal(path, 0, 0), None

    def saves_to(self, path: Path) -> bool:
        """Whether ``path`` names the file this sheet is saved in: its own name however
        spelt, a link to it, another (hard) link of it; its name even once it is gone."""
        with suppress(OSError):  # one of them missing: only the names can tell
            return os.path.samefile(path, self.file.target)
        return os.path.abspath(real_target(path)) == os.path.abspath(self.file.target)

    def close(self) -> str:
        """Fold what the journal holds into the file, then release the lock; what the
        user should hear of it, else "" (said once: closing again does nothing). With
        their version in the file (found now, maybe) and no choice made, ours is kept as
        a copy beside it; ours is never left in the hidden journal alone unsaid."""
        if self.closed:
            return ""
        self.closed, said = True, ""
        if not self.read_only and self.conflict is None and not self.unsaved:
            self.fold()
        if not self.read_only and self.conflict is not None:
            what = self.what_became()
            try:
                said = self.told = (f"Our version is kept as {keep_copy(self.our_bytes(), self.path, 'ours')} "
                                    f"({self.path.name} was {what} elsewhere).")
                self.journal.remove()
            except SaveError as err:  # the journal stays: the next open sets it aside, kept
                self.save_problem = str(err)
                said = (f"{self.path.name} was {what} elsewhere, and ours could not be kept as a copy "
                        f"({err}): it is in {self.journal.path}.")
        elif not self.read_only and not self.unsaved and not self.folded:
            said = (f"{self.path.name} could not be saved ({self.save_problem}): every change is in "
                    f"{self.journal.path}, and goes into the file when it is opened again.")
        self.journal.close()
        if self.lock:
            self.lock.release()
            self.lock = None
        return said


def remove_leftovers(path: Path) -> None:
    """Temporary files of a save that a crash cut short; we hold the lock, so none is live."""
    for leftover in real_target(path).parent.glob(f".{real_target(path).name}.*.tmp"):
        with suppress(OSError):
            leftover.unlink()


def claim_new(path: Path, sheet: Sheet, history: tuple) -> tuple[SheetLock, SheetFile]:
    """Lock ``path`` and write a sheet there, which must be a new file (a new game, or
    saving elsewhere): SaveError for a folder, a file that exists, a link or a missing
    folder (``new_file_place``: none is made), SheetLocked."""
    if path.is_dir():
        raise SaveError(f"cannot save to {path}: it is a folder; add a file name, such as game.json")
    new_file_place(path, "save to")
    lock = SheetLock(path).acquire()
    file = SheetFile(path)
    try:
        file.write(sheet, history, replace=False)
    except SaveError:
        lock.release()
        raise
    lock.follow_file()  # the file is there now: held too
    return lock, file

