"""Data benchmarks: scoring many sheets from disk, and replaying a long history.

The sheets scored are files as the app writes them (issue 15: scoring was timed on
1.5 KB hand-written quick-count sheets): four players, every category, a Library grid
with pattern tiles, and the history that made them. Replay is timed as the app opens it
(the history folded) and as ``scorepad replay --print`` runs (every step described and
scored, and printed)."""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

from scorepad.rules.standings import standings
from scorepad.rules.replay import replay as replayed
from scorepad.storage.files import read_sheet

from .fullsheet import write_full_sheet

KINDS = 20  # sheets of different games, written over and over under other names


def _sheets(folder: Path, count: int) -> list[Path]:
    """``count`` sheet files as the app writes them (with their history), of ``KINDS``
    different games."""
    written = [write_full_sheet(folder / f"kind-{n}.json", seed=n).read_bytes() for n in range(KINDS)]
    paths = []
    for n in range(count):
        path = folder / f"sheet-{n:05}.json"
        path.write_bytes(written[n % KINDS])
        paths.append(path)
    return paths


BLOCK = 100  # sheets read one way, then the other: both sides see the machine as it is then


def scoring(count: int, repeats: int) -> tuple[float, float]:
    """Seconds to load, validate and score ``count`` sheets, and to json.loads them.
    The two alternate a ``BLOCK`` of files at a time (the load of a noisy machine drifts
    over the minute a run takes: two runs, one side after the other, gave 3.5x and
    5.2x), each side's time the sum of its blocks."""
    with tempfile.TemporaryDirectory() as folder:
        paths = _sheets(Path(folder), count)
        ours, baseline = [], []
        for _ in range(repeats):
            took = {"ours": 0.0, "baseline": 0.0}
            for at in range(0, len(paths), BLOCK):
                block = paths[at:at + BLOCK]
                start = time.perf_counter()
                for path in block:
                    json.loads(path.read_bytes())
                took["baseline"] += time.perf_counter() - start
                start = time.perf_counter()
                for path in block:
                    standings(read_sheet(path).sheet)
                took["ours"] += time.perf_counter() - start
            ours.append(took["ours"])
            baseline.append(took["baseline"])
    return statistics.median(ours), statistics.median(baseline)


def replay(entries: int, repeats: int) -> dict[str, float]:
    """Seconds to load a file of about ``entries`` history entries (the baseline); to
    fold its history as the app's replay opens it; and ``scorepad replay --print``
    (its output thrown away)."""
    from scorepad.cli import main

    with tempfile.TemporaryDirectory() as folder:
        path = write_full_sheet(Path(folder) / "long.json", extra_entries=entries - 100)
        history = read_sheet(path).history
        runs: dict[str, list[float]] = {"load": [], "fold": [], "print": []}
        for _ in range(repeats):
            for name, run in (("load", lambda: read_sheet(path)), ("fold", lambda: replayed(history)),
                              ("print", lambda: main(["replay", str(path), "--print"]))):
                with open(os.devnull, "w") as nowhere, redirect_stdout(nowhere):
                    start = time.perf_counter()
                    run()
                    runs[name].append(time.perf_counter() - start)
    return {name: statistics.median(times) for name, times in runs.items()}
