"""A small index of the saved games: each file's summary (or why it is not a game),
kept in the cache folder under the file's name and stat, so listing 10,000 games reads
one index rather than 10,000 files.

The files stay the truth. A file whose size, times or inode changed since it was
indexed (any save, copy or hand edit changes its ctime) is read again, a file gone is
dropped, and an index that cannot be read, or was written by another version of
scorepad, is rebuilt from the files. An index that cannot be written is no error: the
games are listed all the same, only slower next time.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .. import __version__
from .atomic import SaveError, atomic_write
from .paths import cache_dir
from .summaries import GameSummary, PlayerLine

KIND = "scorepad-games-index"
VERSION = 1  # of the index's shape; a new scorepad version rebuilds it too (its rules may score anew)
Entry = dict  # {"stat": [...], "game": {...}}, or {"stat": [...], "problem": "..."} ("" for an old export)


def heading(body: bytes) -> dict:
    """The index's first line: what it is, for which versions, and the digest of the
    rest (a damaged index is noticed there, not by checking every value it holds)."""
    return {"kind": KIND, "version": VERSION, "scorepad": __version__, "sha256": hashlib.sha256(body).hexdigest()}


def index_path(folder: Path) -> Path:
    """The index of this games folder: one per folder, named by a hash of its path."""
    name = hashlib.sha256(os.path.abspath(folder).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return cache_dir() / f"games-{name}.json"


def game_json(game: GameSummary) -> dict:
    """A summary as the index keeps it (the path is the folder and the file's name)."""
    return {"day": game.day, "at": game.at, "by": game.dated_by, "title": game.title, "finished": game.finished,
            "players": [[p.name, p.rank, p.total, list(p.scores)] for p in game.players]}


def game_of(data: dict, path: Path) -> GameSummary:
    """A summary from the index (KeyError, TypeError or ValueError when it is not of
    that shape; the index's digest already caught a damaged one)."""
    players = tuple(PlayerLine(name, rank, total, tuple(scores)) for name, rank, total, scores in data["players"])
    return GameSummary(path, data["day"], data["at"], data["by"], data["title"], data["finished"], players)


class GamesIndex:
    """The index of one games folder: what was known, and what this listing found."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.path = folder, index_path(folder)
        self.known: dict[str, Entry] = {}
        self.found: dict[str, Entry] = {}
        self.changed = False
        try:
            head, _, body = self.path.read_bytes().partition(b"\n")
            if json.loads(head) == heading(body):
                files = json.loads(body)
                self.known = files if isinstance(files, dict) else {}
        except (OSError, ValueError, RecursionError):
            pass  # none yet, damaged, or another version's: built again from the files

    def entry(self, name: str, stat: list) -> Entry | None:
        """What the index knows of this file, if the file is as it was indexed."""
        entry = self.known.get(name)
        if isinstance(entry, dict) and entry.get("stat") == stat:
            self.found[name] = entry
            return entry
        self.changed = True
        return None

    def learn(self, name: str, entry: Entry) -> None:
        """Remember what reading the file gave."""
        self.found[name] = entry
        self.changed = True

    def save(self) -> None:
        """Write the index of the files found, when anything changed (quietly: a cache)."""
        if not self.changed and self.found.keys() == self.known.keys():
            return
        body = json.dumps(self.found, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        try:
            atomic_write(self.path, json.dumps(heading(body)).encode("utf-8") + b"\n" + body)
        except (SaveError, OSError):
            pass
