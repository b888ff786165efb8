"""The saved games in the games folder, newest first, each as a summary (``summaries``),
read through the index of the folder (``games_index``) so that 10,000 games list at once."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Callable

from .collection import collection_paused
from .errors import SheetFileError
from .games_index import GamesIndex, game_json, game_of, stamp_file, stamp_mtime, stamp_of, value_of
from .paths import folder_problem, games_dir
from .summaries import GameSummary

Progress = Callable[[int, int], None]  # (files looked at, files in all)
PROGRESS_STEP = 250  # files between two looks at the clock for a progress callback
PROGRESS_EVERY = 0.1  # seconds at least between two calls (each redraws a screen, in the thread the listing shares)
clock = time.monotonic
_one_listing = threading.Lock()  # two screens loading at once share the index, one at a time


def saved_games(folder: Path | None = None, progress: Progress | None = None,
                freeze: bool = False) -> tuple[list[GameSummary], list[str]]:
    """Every readable sheet, newest first, and a message for each file that is not one.

    No file can break the listing, whatever is wrong with it; a BG Stats export an older
    scorepad wrote into the games folder is not a game and is passed over in silence.
    ``progress`` hears how far the listing got, now and then (files not indexed are read):
    at most ten times a second, so that the app's redrawing does not slow the listing.
    ``freeze``: what lives once the games are listed is kept out of the garbage
    collector's full passes (``collection_paused``).
    """
    folder = folder or games_dir()
    problem = folder_problem(folder)
    if problem:
        return [], [problem]
    try:
        found = {entry.name: entry.is_symlink() for entry in os.scandir(folder)} if folder.is_dir() else {}
        journals = {name for name in found if name.endswith(".journal")}  # as ``journal_path`` names them
        # of two names for one file, the first is listed: the one with a journal beside it
        # (its values typed), then a file's own name before a symbolic link's
        names = sorted((name for name in found if name.endswith(".json")),
                       key=lambda name: (f".{name}.journal" not in journals, found[name], name))
    except OSError as err:
        return [], [f"{folder}: cannot be listed: {err.strerror or err}"]
    games, problems = [], []
    files: set[str] = set()  # the files listed, by device and inode: a game under two names is one game
    prefix = os.path.join(folder, "")  # a str: no Path made for a game indexed
    with _one_listing, collection_paused(freeze):
        index = GamesIndex(folder)
        due = clock() + PROGRESS_EVERY
        for number, name in enumerate(names):
            if progress is not None and number % PROGRESS_STEP == 0 and clock() >= due:
                progress(number, len(names))
                due = clock() + PROGRESS_EVERY
            stamp = stamp_of(prefix + name)
            if stamp and stamp_file(stamp) in files:
                continue  # a link (hard or symbolic) to a game listed already: its wins counted twice
            files.add(stamp_file(stamp))
            game, problem = listed(index, folder, name, stamp, f".{name}.journal" in journals)
            if game is not None:
                games.append(game)
            elif problem:
                problems.append(problem)
        index.save()
        games.sort(key=lambda game: (game.day, game.at, game.name), reverse=True)  # no collection over them
    return games, problems


def listed(index: GamesIndex, folder: Path, name: str, stamp: str,
           journalled: bool = False) -> tuple[GameSummary | None, str]:
    """The file's summary, or why it is not one ("" for an old export), from the index
    when the file is as it was indexed (``stamp``: as it is now), else read (and
    indexed). A file with a journal beside it is read with its journal, and not indexed:
    the journal changes while the file's stamp stays."""
    if journalled:
        return read_listed(folder / name, stamp_mtime(stamp), journalled=True)
    text = index.entry(name, stamp)
    if text is not None:
        value = value_of(text)
        try:
            return (None, value) if type(value) is str else (game_of(value, folder, name), "")
        except ValueError:
            pass  # an index damaged or edited: read the file
    game, problem = read_listed(folder / name, stamp_mtime(stamp))
    index.learn(name, stamp, game_json(game) if game else problem)
    return game, problem


def read_summary(path: Path, mtime: float, journalled: bool = False) -> GameSummary:
    """The file's summary (``summary_reading``), whose reader loads when a game is first
    read: over games all indexed, ``scorepad history`` builds none of the sheet's models
    (importing them was a third of its time at 10,000 games)."""
    from .summary_reading import read_summary as read

    return read(path, mtime, journalled)


def read_listed(path: Path, mtime: float, journalled: bool = False) -> tuple[GameSummary | None, str]:
    """Read one file for the listing: its summary, or the message that says why not."""
    try:
        return read_summary(path, mtime, journalled), ""
    except SheetFileError as err:
        return None, "" if old_export(path, err) else str(err)
    except Exception as err:  # whatever it is: one odd file must not hide every other game
        return None, str(SheetFileError(str(path), "", f"cannot be read ({type(err).__name__}: {err})"))


def old_export(path: Path, err: SheetFileError) -> bool:
    """A BG Stats export beside the sheets, as versions before ``.bgsplay`` named them and
    put them there: named so, and JSON that is not a scoresheet at all. A sheet with a
    bad value is still reported. (A ``.bgsplay`` file is never listed: not ``.json``.)"""
    return path.name.endswith(".bgstats.json") and err.where == "format"
