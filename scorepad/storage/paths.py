"""Where sheets live: ``$SCOREPAD_HOME/games`` or the platform's user data folder."""

from __future__ import annotations

import os
import re
import unicodedata
from datetime import date
from pathlib import Path

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


def slug(title: str) -> str:
    """A file-name-safe form of a title: ``Friday at Ana's`` -> ``friday-at-ana-s``."""
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return text[:40].strip("-") or "game"


def sheet_name(title: str, day: date, attempt: int) -> str:
    """``2026-11-29-friday-at-ana-s.json``, then ``...-2.json`` and on for a name in use."""
    suffix = f"-{attempt}" if attempt > 1 else ""
    return f"{day.isoformat()}-{slug(title)}{suffix}.json"
