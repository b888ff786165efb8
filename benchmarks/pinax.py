"""Pinax solver benchmark: in-process solve time on the Pinax stress set (its worst case
is the budget), the audit's fully sealed boards, and the wall time of ``scorepad
score`` in pattern mode against the same sheets in quick-count mode."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorepad.rules import library, patterns, pinax
from scorepad.rules.models import Sheet
from scorepad.rules.scoring import score_players

from .stress import DENSITIES, pinax_stress_set, sealed_squares, stress_sheet


def as_sheet(data: dict) -> Sheet:
    """The Sheet model of a stress sheet's JSON data."""
    return Sheet.model_validate({k: v for k, v in data.items() if k not in ("format", "version")})


def solve_time(data: dict, repeats: int) -> float:
    """Median seconds to score all four players of a sheet's JSON data, caches cold."""
    sheet = as_sheet(data)
    runs = []
    for _ in range(repeats):
        library.parse_rows.cache_clear()
        patterns.rotations.cache_clear()
        patterns.placements.cache_clear()
        pinax.forget_answers()
        start = time.perf_counter()
        score_players(sheet)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def stress_times(repeats: int, seeds: int) -> list[tuple[float, str]]:
    """(median seconds, title) for every sheet of the Pinax stress set, worst first."""
    return sorted(((solve_time(data, repeats), data["title"]) for data in pinax_stress_set(seeds)), reverse=True)


def sealed_times(repeats: int) -> dict[int, float]:
    """The audit's worst cases: a 12 x 12 Library, every space Sealed (spread over four
    players), 10 or 15 identical 2 x 2 tiles per player."""
    return {count: solve_time(sealed_squares(count), repeats) for count in (10, 15)}


def score_wall_times(repeats: int, seeds: range) -> tuple[float, float]:
    """Median wall seconds of ``scorepad score``: pattern mode and quick-count mode,
    run alternately so both see the same machine load."""
    pattern_runs, quick_runs = [], []
    with tempfile.TemporaryDirectory() as folder:
        pairs = []
        for seed in seeds:
            for name, density in DENSITIES.items():
                files = []
                for quick in (False, True):
                    path = Path(folder) / f"{name}-{seed}-{'quick' if quick else 'pattern'}.json"
                    path.write_text(json.dumps(stress_sheet(density, seed, quick=quick)))
                    files.append(path)
                pairs.append(files)
        command = [sys.executable, "-m", "scorepad.cli", "score"]
        for _ in range(repeats):
            for pattern_file, quick_file in pairs:
                for path, runs in ((pattern_file, pattern_runs), (quick_file, quick_runs)):
                    start = time.perf_counter()
                    subprocess.run([*command, str(path)], check=True, capture_output=True)
                    runs.append(time.perf_counter() - start)
    return statistics.median(pattern_runs), statistics.median(quick_runs)
