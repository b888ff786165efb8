"""One writer per sheet: a lock file beside it, holding the writer's pid and host.

A lock whose process is gone (killed, crashed) on this host is stale and is taken over,
so a crash never blocks a sheet for ever.
"""

from __future__ import annotations

import json
import os
import socket
import time
from contextlib import suppress
from pathlib import Path


class SheetLocked(Exception):
    """Another running scorepad holds the sheet; it can still be opened read-only."""

    def __init__(self, path: Path, holder: dict) -> None:
        self.path, self.holder = path, holder
        since = time.strftime("%H:%M", time.localtime(holder.get("since", 0)))
        super().__init__(
            f"{path.name} is open in another scorepad (process {holder.get('pid')} on "
            f"{holder.get('host')}, since {since}): open it read-only, or close the other one"
        )


def lock_path(path: Path) -> Path:
    """The lock file of a sheet."""
    return path.with_name(path.name + ".lock")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    except OSError:
        return False
    return True


def _stale(holder: dict) -> bool:
    if holder.get("host") != socket.gethostname():
        return False  # cannot see processes elsewhere: respect it
    pid = holder.get("pid")
    return not isinstance(pid, int) or not _alive(pid)


class SheetLock:
    """Held while a sheet is open for writing; ``release`` removes it."""

    def __init__(self, path: Path) -> None:
        self.path = lock_path(path)
        self.sheet = path
        self.held = False

    def acquire(self) -> SheetLock:
        """Take the lock, taking over a stale one; SheetLocked when a live writer holds it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(3):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                holder = self.holder()
                if holder is None and self._young():
                    raise SheetLocked(self.sheet, {"pid": "?", "host": "?"}) from None  # being written
                if holder is not None and not _stale(holder):
                    raise SheetLocked(self.sheet, holder) from None
                with suppress(FileNotFoundError):
                    os.unlink(self.path)
                continue
            with os.fdopen(fd, "w") as handle:
                json.dump({"pid": os.getpid(), "host": socket.gethostname(), "since": time.time()}, handle)
            self.held = True
            return self
        raise SheetLocked(self.sheet, self.holder() or {})

    def _young(self) -> bool:
        try:
            return time.time() - self.path.stat().st_mtime < 2
        except OSError:
            return False

    def holder(self) -> dict | None:
        """Who holds the lock, or None when the lock file is unreadable (a torn write)."""
        try:
            holder = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return holder if isinstance(holder, dict) else None

    def release(self) -> None:
        """Give the lock back (only if it is still ours)."""
        if self.held:
            holder = self.holder()
            if holder is None or holder.get("pid") == os.getpid():
                with suppress(FileNotFoundError):
                    os.unlink(self.path)
            self.held = False
