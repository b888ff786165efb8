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
import math
import os
from pathlib import Path

from .. import __version__
from ..rules.categories import CATEGORIES
from .atomic import SaveError, atomic_write, stat_key
from .paths import cache_dir
from .small_files import read_small_file
from .summaries import GameSummary, PlayerLine

KIND = "scorepad-games-index"
MAX_INDEX_BYTES = 256 * 1024 * 1024  # some 250 bytes a game: a larger file is not ours
# of the index and of what it read (3: text a terminal acts on refused); a new scorepad
# version rebuilds it too
VERSION = 3
Value = list | str  # a game (``game_json``), or why the file is not one ("" for an old export)


def heading(body: bytes) -> dict:
    """The index's first line: what it is, for which versions, and the digest of the
    rest (a damaged index is noticed there, not by checking every value it holds)."""
    return {"kind": KIND, "version": VERSION, "scorepad": __version__, "sha256": hashlib.sha256(body).hexdigest()}


def index_path(folder: Path) -> Path:
    """The index of this games folder: one per folder, named by a hash of its path."""
    name = hashlib.sha256(os.path.abspath(folder).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return cache_dir() / f"games-{name}.json"


def stamp_of(path: str) -> str:
    """What changes when anyone rewrites the file (``stat_key``), as the index keeps it:
    a string, so that a file as it was indexed is known without parsing its entry (""
    when it cannot be looked at)."""
    key = stat_key(path)
    return " ".join(map(str, key)) if key is not None else ""


def stamp_file(stamp: str) -> str:
    """The file a stamp is of, whatever its name: its device and inode."""
    return " ".join(stamp.split(" ", 2)[:2])


def stamp_mtime(stamp: str) -> float:
    """The modification time a stamp holds, in seconds (0.0 in an empty one)."""
    return int(stamp.split()[3]) / 1e9 if stamp else 0.0


def stamp_ctime_ns(stamp: str) -> int:
    """The change time a (non-empty) stamp holds, in ns: its last field."""
    return int(stamp[stamp.rindex(" ") + 1:])


def game_json(game: GameSummary) -> list:
    """A summary as the index keeps it, flat (lists parse faster than objects): day, at,
    dated by, title, finished, then per player its name, rank, total and categories.
    The path is the folder and the file's name."""
    return [game.day, game.at, game.dated_by, game.title, game.finished,
            *([p.name, p.rank, p.total, *p.scores] for p in game.players)]


def game_of(value: Value, folder: Path, name: str) -> GameSummary:
    """A summary from the index (ValueError when it is not of that shape: the digest
    catches a damaged index, not one written wrong on purpose, which must not break the
    listing, its sorting or the statistics)."""
    day, at, by, title, finished, *lines = value if type(value) is list else ()
    if not (type(day) is str and type(at) in (float, int) and math.isfinite(at) and type(by) is str
            and type(title) is str and type(finished) is bool):  # NaN would leave the sort in no order
        raise ValueError("not a game")
    for line in lines:
        if type(line) is not list or len(line) != PLAYER_LINE or type(line[0]) is not str \
                or not INTEGERS.issuperset(map(type, line[1:])):
            raise ValueError("not a player")
    players = tuple([PlayerLine(line[0], line[1], line[2], tuple(line[3:])) for line in lines])
    return GameSummary(folder, name, day, at, by, title, finished, players)


PLAYER_LINE = 3 + len(CATEGORIES)  # name, rank, total, then each category's Renown
INTEGERS = frozenset((int,))


def value_of(text: str) -> Value | None:
    """An entry's value, parsed (None when it is not one JSON value). The parser of
    ``json.loads`` without the checks around it written in Python, which were a third
    of its time on an entry this small."""
    try:
        value, end = _scan(text, 0)
    except (StopIteration, ValueError, RecursionError):
        return None
    return value if end == len(text) else None


_scan = json.JSONDecoder().scan_once


class GamesIndex:
    """The index of one games folder: what was known, and what this listing found.

    The file is a line of heading, then a line per game file: its name (as JSON), its
    stamp (``stamp_of``) and its value (as JSON), apart by tabs. A value is parsed only
    when its file is as it was indexed, and each on its own (one parse of the whole
    index held the app's event loop: Python's JSON parser lets no other thread run).
    """

    def __init__(self, folder: Path) -> None:
        self.folder, self.path = folder, index_path(folder)
        self.known: dict[str, str] = {}  # a file's name: its stamp and value, as the index writes them
        self.found: dict[str, str] = {}
        self.changed = False
        self.written = 0  # when the index was written (ns): what changed since is not trusted
        try:
            self.written = os.stat(self.path).st_mtime_ns  # before the read: never later than it
            head, _, body = (read_small_file(self.path, MAX_INDEX_BYTES, "a games index") or b"").partition(b"\n")
            if json.loads(head) == heading(body):
                for line in body.decode("utf-8").split("\n") if body else ():
                    name, _, rest = line.partition("\t")
                    self.known[name_of(name)] = rest
        except (OSError, ValueError, RecursionError, TypeError):
            self.known = {}  # none yet, damaged, or another version's: built again from the files

    def entry(self, name: str, stamp: str) -> str | None:
        """The value the index keeps for this file (JSON, not parsed yet), if the file is
        as it was indexed. Not for a file changed no earlier than the index was written
        (Git's "racy clean"): rewritten again within the clock's tick (a few ms here,
        2 s on FAT), its stamp would read the same; it is read again, and the index
        written anew, later than it."""
        line = self.known.get(name)
        if stamp and line is not None and line.startswith(stamp) and line[len(stamp):len(stamp) + 1] == "\t":
            if stamp_ctime_ns(stamp) >= self.written:
                self.changed = True
                return None
            self.found[name] = line
            return line[len(stamp) + 1:]
        return None

    def learn(self, name: str, stamp: str, value: Value) -> None:
        """Remember what reading the file gave (as ASCII: a title, name or message with
        half a UTF-16 pair in it, which JSON can hold, cannot be written as UTF-8)."""
        line = self.found[name] = f"{stamp}\t{json.dumps(value, separators=(',', ':'))}"
        self.changed = self.changed or self.known.get(name) != line  # the same again: a file not to be looked at

    def save(self) -> None:
        """Write the index of the files found, when anything changed (quietly: a cache)."""
        if not self.changed and self.found.keys() == self.known.keys():
            return
        body = "\n".join(f"{json.dumps(name)}\t{line}" for name, line in self.found.items()).encode("utf-8")
        try:
            atomic_write(self.path, json.dumps(heading(body)).encode("utf-8") + b"\n" + body, follow=False)
        except (SaveError, OSError):
            pass


def name_of(text: str) -> str:
    """A file's name as the index writes it (JSON, ASCII): most need no parse."""
    if text[:1] == '"' and text[-1:] == '"' and "\\" not in text and len(text) > 1:
        return text[1:-1]
    name = json.loads(text)
    if type(name) is not str:
        raise ValueError("not a name")
    return name
