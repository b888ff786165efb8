"""Saved-games benchmarks (issue 16): History, Statistics and the Open list over 100,
1,000 and 10,000 saved games, against the listing of earlier versions (every file read,
its history validated, its Pinax solved again) measured in the same run.

The games are full four-player sheets with pattern tiles and about 100 history entries
(23 KB each, as the app saves them), two in three finished:

- history, stats: the text ``scorepad history`` and ``scorepad stats`` print, worked out
  in the process, the index of the folder up to date; and the first listing after the
  files came (every file read, the index built), for the record;
- Open list: Home's "Open a saved game" pushed in a headless app, until the list of
  games is drawn, and the longest the app's event loop waited while the games were read
  (the UI's stall), against the same screen over no games;
- the ``scorepad history`` command as a process, at the largest size, against
  ``scorepad --version`` (the start-up every command pays).

    .venv/bin/python -m benchmarks.listing      (prints the figures per size)
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (100, 1_000, 10_000)
KINDS = 30  # distinct games written; the others are copies under other names


def games_folder(home: Path, count: int) -> Path:
    """``home/games`` with ``count`` saved games (written once per size, then copied)."""
    from scorepad.rules.entries import apply
    from scorepad.rules.record_entries import SetRecord
    from scorepad.storage.files import write_sheet

    from .fullsheet import full_history

    folder = home / "games"
    folder.mkdir(parents=True)
    for kind in range(min(KINDS, count)):
        history = full_history(seed=kind) + ([SetRecord(finished=True)] if kind % 3 else [])
        sheet = None
        for entry in history:
            sheet = apply(sheet, entry)
        write_sheet(folder / f"2026-01-{kind % 28 + 1:02}-game-{kind:05}.json", sheet, tuple(history))
    made = sorted(folder.iterdir())
    for n in range(len(made), count):
        shutil.copyfile(made[n % len(made)], folder / f"2026-02-{n % 28 + 1:02}-game-{n:05}.json")
    return folder


def earlier_listing(folder: Path) -> float:
    """Seconds the listing of earlier versions took: read, validate and score every file."""
    from scorepad.rules.standings import standings
    from scorepad.rules.pinax import forget_answers
    from scorepad.storage.files import read_sheet

    forget_answers()
    start = time.perf_counter()
    for path in sorted(folder.glob("*.json")):
        standings(read_sheet(path).sheet)
    return time.perf_counter() - start


def texts(folder: Path) -> tuple[float, float]:
    """Seconds to work out the text of ``scorepad history``, then of ``scorepad stats``."""
    from scorepad.stats import figures
    from scorepad.stats_report import history_text, stats_text
    from scorepad.storage.catalog import saved_games

    took = []
    for text in (history_text, stats_text):
        start = time.perf_counter()
        text(figures(saved_games(folder)[0]))
        took.append(time.perf_counter() - start)
    return took[0], took[1]


def first_listing(folder: Path) -> float:
    """Seconds of a listing that finds no index (the first after the files came)."""
    from scorepad.storage.catalog import saved_games
    from scorepad.storage.games_index import index_path

    index_path(folder).unlink(missing_ok=True)
    start = time.perf_counter()
    saved_games(folder)
    return time.perf_counter() - start


async def open_list(games: bool = True) -> tuple[float, float]:
    """Seconds from pushing the Open list to the first frame showing its games, and the
    longest the event loop waited on a 1 ms timer while the games were read (from the
    screen's first frame, which says it is reading them: composing a screen is the
    cost of any screen, measured by the screen change benchmark)."""
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.games import GamesScreen

    home = os.environ["SCOREPAD_HOME"]
    if not games:  # the baseline: the same screen over an empty games folder
        os.environ["SCOREPAD_HOME"] = tempfile.mkdtemp()
    app = ScorepadApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown: list[float] = []
        drawn: list[float] = []
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None and isinstance(screen, GamesScreen):
                (drawn if screen.loaded else shown).append(time.perf_counter())

        app._display = timed_display
        start, stall = time.perf_counter(), 0.0
        app.push_screen(GamesScreen())
        while not drawn and time.perf_counter() - start < 60:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            if shown:
                stall = max(stall, time.perf_counter() - before - 0.001)
        assert drawn and (app.screen.query_one("#games").rows or not games), "the Open list was never drawn"
    if not games:
        shutil.rmtree(os.environ["SCOREPAD_HOME"])
        os.environ["SCOREPAD_HOME"] = home
    return drawn[0] - start, stall


def command(args: list[str], home: Path) -> float:
    """Wall seconds of one ``scorepad`` command."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "scorepad", *args], env={**os.environ, "SCOREPAD_HOME": str(home)},
                   check=True, capture_output=True)
    return time.perf_counter() - start


def listing(quick: bool) -> dict[int, dict[str, float]]:
    """Every figure, per number of saved games (median seconds of alternating runs)."""
    sizes = SIZES[:1] if quick else SIZES  # quick: a smoke run (the test suite runs it)
    found = {}
    for count in sizes:
        with tempfile.TemporaryDirectory() as home:
            os.environ["SCOREPAD_HOME"] = home
            folder = games_folder(Path(home), count)
            runs: dict[str, list[float]] = {key: [] for key in
                                            ("earlier", "first", "history", "stats", "open", "stall",
                                             "empty_open", "empty_stall")}
            repeats = 1 if quick else 3
            for n in range(repeats):
                if n == 0 or count < 10_000:  # 14 s a run at 10,000: once is enough to compare
                    runs["earlier"].append(earlier_listing(folder))
                runs["first"].append(first_listing(folder))
                history, stats = texts(folder)
                runs["history"].append(history)
                runs["stats"].append(stats)
                opened, stall = asyncio.run(open_list())
                runs["open"].append(opened)
                runs["stall"].append(stall)
                opened, stall = asyncio.run(open_list(games=False))
                runs["empty_open"].append(opened)
                runs["empty_stall"].append(stall)
            found[count] = {key: statistics.median(values) for key, values in runs.items()}
            if count == sizes[-1]:
                found[count]["command"] = statistics.median(command(["history"], Path(home)) for _ in range(repeats))
                found[count]["version"] = statistics.median(command(["--version"], Path(home)) for _ in range(repeats))
    return found


if __name__ == "__main__":
    for size, figures in listing("--quick" in sys.argv).items():
        print(f"{size:>6,} games:", {key: round(value * 1000, 1) for key, value in figures.items()})
