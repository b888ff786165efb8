"""The benchmark command runs (quickly); budgets are judged by its full run, not here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmarks_run_quick_prints_every_measure():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.run", "--quick", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr  # 1 only says a budget was missed
    rows = json.loads(proc.stdout)["rows"]
    measures = " ".join(r["measure"] for r in rows)
    for name in ("start-up", "typing", "scoring", "replay", "Pinax solver", "memory"):
        assert name in measures
    assert all(r["figure"] > 0 for r in rows)
    assert all(r["ratio"] is None or r["ratio"] > 0 for r in rows)
