"""Where sheets live: ``$SCOREPAD_HOME/games`` or the platform's user data folder."""

from __future__ import annotations

import os
import re
import unicodedata
from datetime import date
from pathlib import Path
from typing import Iterator

HOME_VARIABLE = "SCOREPAD_HOME"


def data_home() -> Path:
    """``$SCOREPAD_HOME`` when set, else the platform's user data folder for scorepad."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path("scorepad", appauthor=False)


def games_dir() -> Path:
    """The folder of saved sheets (not created here)."""
    return data_home() / "games"


def exports_dir() -> Path:
    """The folder of exports written by the app (not created here): never the games
    folder, where an export would be listed as a game, nor beside a bundled sheet."""
    return data_home() / "exports"


def cache_dir() -> Path:
    """Where scorepad keeps what it can always work out again (the index of the saved
    games): ``cache`` under ``$SCOREPAD_HOME`` when that is set, else the platform's user
    cache folder. Never where Home looks for games."""
    if os.environ.get(HOME_VARIABLE):
        return data_home() / "cache"
    from platformdirs import user_cache_path

    return user_cache_path("scorepad", appauthor=False)


def newest_game(folder: Path) -> Path | None:
    """The sheet file in ``folder`` written last (by its time: nothing is parsed, so
    Home is up at once), or None. A name that is no file (a folder, a link to nowhere)
    or that went meanwhile is passed over: looked up, it stopped the app on Home."""
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet, or one that cannot be listed (said when opened)
        return None
    written = []
    for entry in entries:
        try:
            if entry.name.endswith(".json") and entry.is_file():
                written.append((entry.stat().st_mtime_ns, entry.path))
        except OSError:
            continue
    return Path(max(written)[1]) if written else None


def folder_problem(folder: Path) -> str:
    """Why ``folder`` cannot be a folder (a file is in the way), or "" when it can be.

    Checks the folder and each folder above it, so ``SCOREPAD_HOME`` naming a file is
    said as such rather than as a missing ``games`` folder.
    """
    for place in (folder, *folder.parents):
        try:
            if place.is_dir():
                return ""
            if place.exists():
                named = f" (set by {HOME_VARIABLE})" if place == data_home() and os.environ.get(HOME_VARIABLE) else ""
                return f"{place}{named} is a file, not a folder"
        except OSError as err:  # an unreadable folder above, a name too long, ...
            return f"{place} cannot be used: {err.strerror or err}"
    # equivalent: never reached, the last parent ("/" or ".") is always a folder
    return ""  # pragma: no mutate


def slug(title: str) -> str:
    """A file-name-safe form of a title: ``Friday at Ana's`` -> ``friday-at-ana-s``."""
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return text[:40].strip("-") or "game"


NAMED_DAY = re.compile(r"(\d{4}-\d{2}-\d{2})")  # how ``sheet_name`` begins


def named_day(name: str) -> date | None:
    """The day a new game's file name begins with (``2026-11-27-friday.json``), if any:
    a clue to when a game without a recorded start or save was played."""
    named = NAMED_DAY.match(name)
    try:
        return date.fromisoformat(named.group(1)) if named else None
    except ValueError:  # 2026-02-31
        return None


def sheet_name(title: str, day: date) -> str:
    """``2026-11-29-friday-at-ana-s.json`` (``...-2.json`` and on for a name in use:
    ``free_names``)."""
    return f"{day.isoformat()}-{slug(title)}.json"


def free_names(first: Path, start: int = 1, last: int = 999) -> Iterator[Path]:
    """``first``, then ``NAME-2.json`` and on beside it (from ``start`` to ``last``), each
    free when looked at (a dangling link is not: nothing is ever written through one). A
    name can be taken between the look and the write: writers never replace a file, and
    take the next name then."""
    for attempt in range(start, last + 1):
        place = first if attempt == 1 else first.with_name(f"{first.stem}-{attempt}{first.suffix}")
        if not os.path.lexists(place):
            yield place


def elsewhere(sheet: Path) -> Path:
    """Where "Save elsewhere" suggests saving a sheet: the home folder under the sheet's
    name, or the first free ``NAME-2.json`` and on. A sheet in the home folder had its own
    path suggested, which the save then refused (attack run, the disk full)."""
    mine = Path.home() / sheet.name
    return next(free_names(mine), mine)  # a thousand taken: the save says why this one will not do
