"""The user's settings: a small JSON object in the platform's config folder
(``$SCOREPAD_HOME/settings.json`` when ``SCOREPAD_HOME`` is set, so that a test or a
second setup never reads the real one).

It remembers the theme chosen in the command palette, and holds two settings the user
writes by hand for the BG Stats export, ``bgstats_me`` and ``bgg_id`` (``ExportIdentity``).
A settings file is a convenience: one that cannot be read (not JSON, not an object, a wrong type, too
large, a folder, unreadable) gives the defaults and a message, never an error that
stops the app, and keys this version does not know are kept when it is written again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import NamedTuple

from .atomic import SaveError, atomic_write
from .json_text import DuplicateKey, unique_keys
from .paths import HOME_VARIABLE, data_home
from .small_files import read_small_file

MAX_SETTINGS_BYTES = 64 * 1024  # a few keys: a larger file is not ours


def settings_path() -> Path:
    """Where the settings live."""
    if os.environ.get(HOME_VARIABLE):
        return data_home() / "settings.json"
    from platformdirs import user_config_path

    return user_config_path("scorepad", appauthor=False) / "settings.json"


def load_settings(path: Path | None = None) -> tuple[dict, str]:
    """The settings as a dict (empty when there are none), and a message when the file
    could not be used (its settings are then ignored, the file is left as it is)."""
    path = path or settings_path()
    try:
        data = read_small_file(path, MAX_SETTINGS_BYTES, "a settings file")
    except OSError as err:
        return {}, f"Settings not read: {path} cannot be read: {err.strerror or err}."
    except ValueError as err:
        return {}, f"Settings not read: {path} {err}."
    if data is None:
        return {}, ""
    try:
        settings = json.loads(data, object_pairs_hook=unique_keys)
    except DuplicateKey as err:  # which of the two was meant? (a sheet refuses them too)
        return {}, f"Settings not read: {path} names {err.key!r} twice."
    except (ValueError, RecursionError):
        return {}, f"Settings not read: {path} is not JSON."
    if not isinstance(settings, dict):
        return {}, f"Settings not read: {path} is not a JSON object."
    return settings, ""


def theme_setting(settings: dict) -> str | None:
    """The remembered theme's name, if the settings hold a usable one."""
    theme = settings.get("theme")
    return theme if isinstance(theme, str) and 0 < len(theme) <= 100 else None


def save_setting(key: str, value: object, path: Path | None = None) -> str:
    """Remember one setting (the others, known or not, stay as they are); a message
    when it could not be written, else ""."""
    path = path or settings_path()
    settings, problem = load_settings(path)
    if problem:
        return f"{problem} It is left as it is; the setting is not remembered."
    settings[key] = value
    data = (json.dumps(settings, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    try:
        atomic_write(path, data)
    except SaveError as err:
        return f"Setting not remembered: {err}."
    return ""


class ExportIdentity(NamedTuple):
    """Who "me" is in a BG Stats file, and the game's BoardGameGeek id: the settings
    ``bgstats_me`` (the user's own player name, as typed at the table) and ``bgg_id``
    (the number in the game's BoardGameGeek address). Empty and 0 when not set."""

    me: str = ""
    bgg_id: int = 0


MAX_BGG_ID = 10**9  # far above any id BoardGameGeek has given: a larger number is a typo


def export_identity(settings: dict) -> tuple[ExportIdentity, list[str]]:
    """The export settings, and a message for each one that is set but unusable (it is
    then left out, as if not set: an export never fails on a setting)."""
    problems = []
    me = settings.get("bgstats_me", "")
    if not isinstance(me, str):
        problems.append('Setting "bgstats_me" ignored: it is your own player\'s name as text, as "Ana".')
        me = ""
    bgg_id = settings.get("bgg_id", 0)
    if type(bgg_id) is not int or not 0 <= bgg_id <= MAX_BGG_ID:
        problems.append('Setting "bgg_id" ignored: it is a whole number, the one in the game\'s '
                        "BoardGameGeek address (boardgamegeek.com/boardgame/NUMBER).")
        bgg_id = 0
    return ExportIdentity(" ".join(me.split()), bgg_id), problems


def load_export_identity(path: Path | None = None) -> tuple[ExportIdentity, list[str]]:
    """The export settings read from the settings file, with what could not be used."""
    settings, problem = load_settings(path)
    identity, problems = export_identity(settings)
    return identity, [problem, *problems] if problem else problems
