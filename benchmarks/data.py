"""Data benchmarks: scoring many sheets from disk, and folding a long history."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from scorepad.rules import standings
from scorepad.rules.entries import fold
from scorepad.storage.files import read_sheet

from .fullsheet import write_full_sheet
from .stress import DENSITIES, stress_sheet


def _sheets(folder: Path, count: int) -> list[Path]:
    """``count`` hand-written-style sheets (quick counts), varied by seed."""
    paths = []
    for n in range(count):
        data = stress_sheet(list(DENSITIES.values())[n % 4], seed=n % 97, quick=True)
        path = folder / f"sheet-{n:05}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        paths.append(path)
    return paths


def scoring(count: int, repeats: int) -> tuple[float, float]:
    """Seconds to load, validate and score ``count`` sheets, and to json.loads them."""
    with tempfile.TemporaryDirectory() as folder:
        paths = _sheets(Path(folder), count)
        ours, baseline = [], []
        for _ in range(repeats):
            start = time.perf_counter()
            for path in paths:
                json.loads(path.read_bytes())
            baseline.append(time.perf_counter() - start)
            start = time.perf_counter()
            for path in paths:
                standings(read_sheet(path).sheet)
            ours.append(time.perf_counter() - start)
    return statistics.median(ours), statistics.median(baseline)


def replay(entries: int, repeats: int) -> tuple[float, float]:
    """Seconds to fold a history of about ``entries`` entries, and to load its file."""
    with tempfile.TemporaryDirectory() as folder:
        path = write_full_sheet(Path(folder) / "long.json", extra_entries=entries - 100)
        history = read_sheet(path).history
        ours, baseline = [], []
        for _ in range(repeats):
            start = time.perf_counter()
            read_sheet(path)
            baseline.append(time.perf_counter() - start)
            start = time.perf_counter()
            fold(history)
            ours.append(time.perf_counter() - start)
    return statistics.median(ours), statistics.median(baseline)
