"""What a journal's records make of a history: the changes typed since the file was
written, made again (after a crash), and the game a journal kept whole once someone
else's version took the file's place (``ours``): brought back when the file is gone."""

from __future__ import annotations

from pathlib import Path

from ..rules.entries import EntryError, apply
from ..rules.states import States
from .document import history_adapter
from .journal import changes_in, journal_path, read_journal


def ours_left(path: Path) -> list | None:
    """Our history, as the journal of a sheet whose file is gone kept it (someone else
    deleted or moved the file while it was open, and scorepad stopped before the user
    chose), or None. A path with no name (``.``, ``/``) is a folder: it has no journal."""
    return ours_in(read_journal(journal_path(path))[0]) if path.name else None


def ours_in(records: list[dict]) -> list | None:
    """Our history as a journal kept it once someone else's version was found in the
    file (its last ``ours`` record, with the changes made after it), or None."""
    for n in range(len(records) - 1, -1, -1):
        if "ours" in records[n]:
            try:
                base = list(history_adapter().validate_python(records[n]["ours"]))
                return replayed(base, changes_in(records[n + 1:]))[0]
            except (KeyError, TypeError, ValueError, IndexError, EntryError):
                return None
    return None


def replayed(history: list, changes: list[dict], states: States | None = None) -> tuple[list, States]:
    """The history with a journal's changes made, and the state after each entry
    (``states``, those of ``history``, spare replaying the entries no change touched).
    KeyError, TypeError, ValueError, IndexError or EntryError for changes that are not
    a journal's, or do not apply."""
    history, low = list(history), len(history)
    for change in changes:
        at = change["put"] if "put" in change else change["keep"]
        if type(at) is not int or not 1 <= at <= len(history):
            raise IndexError(f"a change at {at!r}, in a history of {len(history)}")
        low = min(low, at)
        if "put" in change:
            history[at:] = [history_adapter().validate_python([change["entry"]])[0]]
        else:
            del history[at:]
    kept = states.prefix(low, history) if states is not None else States(history)
    state = kept[-1] if len(kept) else None
    for entry in history[len(kept):]:  # every entry from the first changed one applies
        state = apply(state, entry)
        kept.append(state)
    return history, kept


def typed_onto(records: list[dict], history: list) -> list | None:
    """Our history, as a journal of another version of the file holds it (the file was
    rewritten by someone else after scorepad stopped, before the journal went into it):
    every change it records, made again on the history the file holds now; None when it
    records none, or they do not apply there. The journal keeps the changes, not the
    file they went on; each puts an entry at its place in the history, so on theirs,
    whose history begins as ours did (a file reformatted; a hand edit, which goes at
    its end), they make ours again."""
    changes = changes_in(records[1:])
    if not changes or records[0].get("journal") != 1:
        return None
    for tried in filter(None, (changes, moved_to_the_end(changes, len(history)))):
        try:
            return replayed(history, tried)[0]
        except (KeyError, TypeError, ValueError, IndexError, EntryError):
            continue
    return None


def moved_to_the_end(changes: list[dict], length: int) -> list[dict]:
    """The changes moved so that the first goes at the end of a history of ``length``
    entries, the rest after it as before: for a file put back to an older version (a
    backup, ``git checkout``), whose history ends before the place the first was typed
    at, so that they did not apply anywhere. [] for changes that are no journal's."""
    first = changes[0].get("put", changes[0].get("keep"))
    if type(first) is not int:
        return []
    moved = []
    for change in changes:
        key = "put" if "put" in change else "keep"
        if type(change.get(key)) is not int:
            return []
        moved.append({**change, key: change[key] - first + length})
    return moved
