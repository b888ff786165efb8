"""Pinax solver benchmark: in-process solve time on the stress sheets, and the wall time
of ``scorepad score`` in pattern mode against the same sheets in quick-count mode."""

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

from .stress import DENSITIES, stress_sheet


def as_sheet(data: dict) -> Sheet:
    """The Sheet model of a stress sheet's JSON data."""
    return Sheet.model_validate({k: v for k, v in data.items() if k not in ("format", "version")})


def solve_times(repeats: int, seeds: range) -> dict[str, list[float]]:
    """Median seconds to score all four players, per stress sheet, with cold caches."""
    found: dict[str, list[float]] = {}
    for name, density in DENSITIES.items():
        for seed in seeds:
            sheet = as_sheet(stress_sheet(density, seed))
            runs = []
            for _ in range(repeats):
                library.parse_rows.cache_clear()
                patterns.rotations.cache_clear()
                patterns.placements.cache_clear()
                pinax.forget_answers()
                start = time.perf_counter()
                score_players(sheet)
                runs.append(time.perf_counter() - start)
            found.setdefault(name, []).append(statistics.median(runs))
    return found


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
