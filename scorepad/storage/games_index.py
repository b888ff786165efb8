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


def game_of(data: dict, folder: Path, name: str) -> GameSummary:
    """A summary from the index (KeyError, TypeError or ValueError when it is not of
    that shape; the index's digest already caught a damaged one)."""
    players = tuple(PlayerLine(*line[:3], tuple(line[3])) for line in data["players"])
    return GameSummary(folder, name, data["day"], data["at"], data["by"], data["title"], data["finished"], players)


class GamesIndex:
    """The index of one games folder: what was known, and what this listing found.

    The file is a line of heading, then a line per game file: its name and its entry,
    as JSON, apart by a tab. An entry is parsed only when its file is looked up, and
    each is a small parse: one parse of the whole index held the app's event loop
    (Python's JSON parser lets no other thread run) for 300 ms at 10,000 games.
    """

    def __init__(self, folder: Path) -> None:
        self.folder, self.path = folder, index_path(folder)
        self.known: dict[str, str] = {}  # a file's name: its entry, as the index writes it
        self.found: dict[str, str] = {}
        self.changed = False
        try:
            head, _, body = self.path.read_bytes().partition(b"\n")
            if json.loads(head) == heading(body):
                for line in body.decode("utf-8").split("\n") if body else ():
                    name, _, entry = line.partition("\t")
                    self.known[json.loads(name)] = entry
        except (OSError, ValueError, RecursionError, TypeError):
            self.known = {}  # none yet, damaged, or another version's: built again from the files

    def entry(self, name: str, stat: list) -> Entry | None:
        """What the index knows of this file, if the file is as it was indexed."""
        line = self.known.get(name)
        try:
            entry = json.loads(line) if line is not None else None
        except (ValueError, RecursionError):
            entry = None
        if isinstance(entry, dict) and entry.get("stat") == stat:
            self.found[name] = line
            return entry
        self.changed = True
        return None

    def learn(self, name: str, entry: Entry) -> None:
        """Remember what reading the file gave."""
        self.found[name] = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        self.changed = True

    def save(self) -> None:
        """Write the index of the files found, when anything changed (quietly: a cache)."""
        if not self.changed and self.found.keys() == self.known.keys():
            return
        body = "\n".join(f"{json.dumps(name)}\t{line}" for name, line in self.found.items()).encode("utf-8")
        try:
            atomic_write(self.path, json.dumps(heading(body)).encode("utf-8") + b"\n" + body)
        except (SaveError, OSError):
            pass
