"""The part of an open sheet that meets a file changed under it: someone else's version
found (saving stops until the table chooses), ours kept over it or beside it, or theirs
taken with ours kept as a copy (mixed into ``SheetSession``)."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

from .atomic import SaveError
from .copies import keep_copy
from .journal import digest
from .lock import SheetLocked
from .paths import free_names
from .sheet_file import load_current, replay_states


class ChangedUnderUs:
    """``SheetSession``'s answers to a sheet file someone else changed, replaced or
    removed (its ``file``, ``journal``, ``history`` and saving are the session's)."""

    def check_file(self) -> bool:
        """Whether someone else changed the sheet file since we read or wrote it (then
        ``conflict`` holds their version and saving stops until the user chooses)."""
        if not self.read_only and self.conflict is None:
            self.found_theirs(self.file.changed_by_someone())
        return self.conflict is not None

    def found_theirs(self, theirs: bytes | None) -> None:
        """Someone else's version is in the file (when ``theirs`` is not None): saving
        stops, and the journal records ours whole, to survive a crash before the choice."""
        if theirs is None or self.conflict is not None:
            return
        self.conflict = theirs
        self.record(lambda: self.journal.ours([entry.model_dump(mode="json") for entry in self.history]))

    def keep_ours(self) -> Path | None:
        """Keep their version as a copy beside the sheet, then save ours over it; where
        the copy went (None when there was nothing of theirs to keep; their newest, when
        they saved again after the question: each version is kept). A link put in the
        sheet's place is replaced by the sheet (what it points at is left as it was); a
        folder put there is left, and ours is saved beside it under a new name, where it
        goes on (``path`` changes)."""
        if self.file.blocked():
            self.save_beside()
            return None
        # what is there now too: they may have saved again since the question (or put
        # the file back after deleting it), and that is theirs to keep as well
        now, stat = self.file.as_it_is()
        kept = None
        for theirs in dict.fromkeys(version for version in (self.conflict, now) if version):
            kept = keep_copy(theirs, self.path, "theirs")
        self.conflict = None
        self.file.hash, self.file.stat = digest(now), stat
        if self.folded:
            self.journal.begin(self.file.hash)  # our version differs from theirs: write it
        if not self.fold():
            raise SaveError(self.save_problem or f"cannot save {self.path.name}")
        return kept

    def save_beside(self) -> None:
        """Save ours as a new file beside the sheet, ``NAME-2.json`` or the next free
        name, and go on there: the sheet's own name is taken by what cannot be replaced
        (a folder). Its journal goes once the new file holds everything."""
        journal = self.journal
        for path in free_names(self.path, start=2, last=99):
            try:
                self.save_as(path)
            except (SaveError, SheetLocked):
                if os.path.lexists(path):  # another scorepad took that name meanwhile
                    continue
                raise
            with suppress(SaveError):  # ours is whole in the new file; one left is set aside next time
                journal.remove()
            return
        raise SaveError(f"cannot find a free file name beside {self.path}")

    def what_became(self) -> str:
        """What someone else did to the sheet's file, in words that follow "NAME was"
        ("changed", "deleted", "replaced by a link to …", "replaced by a folder")."""
        return self.file.what_is_there()

    def take_theirs(self) -> Path:
        """Keep our version as a copy beside the sheet, then go on from theirs."""
        current = load_current(self.path)  # SheetFileError: theirs is not a sheet to take
        kept = keep_copy(self.our_bytes(), self.path, "ours")
        self.go_on_from(current)
        return kept

    def go_on_from(self, current) -> None:
        """Go on from the sheet as its file holds it now (``load_current``): its history,
        nothing to redo, no journal; read-only, with its note, if it does not replay."""
        self.journal.remove()
        self.history, self.redo_stack, self.conflict = list(current.history), [], None
        self.states = current.states.follow(self.history) if current.states is not None \
            else replay_states(self.history)
        self.file = current.file
        if current.note:  # their history does not replay: shown as saved, never rewritten
            self.read_only, self.note = True, current.note
            if self.lock:
                self.lock.release()
                self.lock = None
