"""What users get when they start scorepad, and what it holds in memory (issue 15): the
``scorepad`` command as typed, each figure against a baseline measured alternately in
the same run.

- start-up: process start until the first frame of the screen the command opens
  (Home; or, given a sheet, its first game screen), against a bare Textual app's first
  frame. Each process notes the frame's time on the clock every process shares
  (``benchmarks.command``); closing the app is not counted.
- commands: ``scorepad score`` as a process, against ``python -c 'import pydantic'``
  (and ``import json``, for the record).
- memory: peak RSS with a full four-player sheet on each game screen in turn (the
  heaviest counts), and with every game screen shown in turn (those near the one showing
  are kept), against the bare app; and the growth per value typed, over 2,000 values after 1,000: the memory those
  values still hold after a garbage collection, traced (RSS grows by whole arenas: at
  half a KiB a value, 2,000 values are one or two of them).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .fullsheet import write_full_sheet

GAME_SCREENS = ("progress", "pinax", "school", "scholars", "supplies", "renown", "results")
OPENED = ("--until", "ProgressScreen")  # a sheet opened from the command line: its first screen drawn


def launched(args: list[str], home: str) -> tuple[float, dict]:
    """Start ``benchmarks.command`` with these arguments: the time it was started at, and
    the figures it printed (``frame``: when its screen was drawn; ``rss``: peak KiB)."""
    env = {**os.environ, "SCOREPAD_HOME": home}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "benchmarks.command", *args], env=env, check=True,
                          capture_output=True, text=True)
    return start, json.loads(done.stdout.strip().splitlines()[-1])


def drawn_after(args: list[str], home: str) -> float:
    """Seconds from process start to the frame the command waits for."""
    start, figures = launched(args, home)
    return figures["frame"] - start


def wall(command: list[str], home: str) -> float:
    """Seconds a process takes from start to exit (its output thrown away)."""
    env = {**os.environ, "SCOREPAD_HOME": home}
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def scorepad(*args: str) -> list[str]:
    """The ``scorepad`` command line, as users run it."""
    script = Path(sys.executable).with_name("scorepad")
    return [str(script), *args] if script.exists() else [sys.executable, "-m", "scorepad", *args]


def startup(repeats: int) -> dict[str, list[float]]:
    """Seconds to the first frame, each run in turn with the others: the bare app (and
    the bare app once it has read SHEET as scorepad does: the floor of opening it),
    ``scorepad`` to Home, and ``scorepad open SHEET`` (full, with its 100-entry history)
    to its first game screen; ``scorepad score SHEET`` and the Python one-liners it is
    compared with. Every run's time, by name (``fastest``, ``median`` read them)."""
    with tempfile.TemporaryDirectory() as home:
        sheet = write_full_sheet(Path(home) / "full.json")
        runs: dict[str, list[float]] = {}
        for _ in range(repeats):
            for name, seconds in (
                ("bare", lambda: drawn_after(["bare"], home)),
                ("floor", lambda: drawn_after(["bare", str(sheet)], home)),
                ("home", lambda: drawn_after(["--until", "HomeScreen", "--"], home)),
                ("sheet", lambda: drawn_after(["--until", "ProgressScreen", "--", "open", str(sheet)], home)),
                ("score", lambda: wall(scorepad("score", str(sheet)), home)),
                ("pydantic", lambda: wall([sys.executable, "-c", "import pydantic"], home)),
                ("json", lambda: wall([sys.executable, "-c", "import json"], home)),
            ):
                runs.setdefault(name, []).append(seconds())
    return runs


def memory(repeats: int, typed: int, warm_up: int = 1000, screens: tuple[str, ...] = GAME_SCREENS) -> dict:
    """Peak RSS (KiB, medians): the bare app (and the bare app once it has read the
    sheet as scorepad does: the floor of opening it); a full sheet on each of
    ``screens`` (the heaviest of them is reported); every game screen shown; and the
    RSS growth per value typed (KiB)."""
    shm = Path("/dev/shm")  # a value's fsync is not what is measured: the quicker disk
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as home:
        sheet = str(write_full_sheet(Path(home) / "full.json"))
        runs: dict[str, list[int]] = {}
        for _ in range(repeats):
            runs.setdefault("bare", []).append(launched(["bare"], home)[1]["rss"])
            runs.setdefault("floor", []).append(launched(["bare", sheet], home)[1]["rss"])
            for name in screens:
                runs.setdefault(name, []).append(launched([*OPENED, "--screen", name, "--", "open", sheet], home)[1]["rss"])
            every = [arg for name in GAME_SCREENS for arg in ("--screen", name)]
            runs.setdefault("every", []).append(launched([*OPENED, *every, "--", "open", sheet], home)[1]["rss"])
        grown = launched([*OPENED, "--type", str(typed), "--warm-up", str(warm_up), "--", "open", sheet], home)[1]["growth"]
    found = {name: statistics.median(values) for name, values in runs.items()}
    heaviest = max(screens, key=lambda name: found[name])
    return {"bare": found["bare"], "floor": found["floor"], "every": found["every"], "heaviest": (heaviest, found[heaviest]),
            "per_value": grown["traced"] / 1024 / typed, "rss_per_value": (grown["rss_after"] - grown["rss_before"]) / typed}
