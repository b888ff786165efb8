"""Issue 11: SIGKILL the running app at random moments while values are typed; no value
shown on screen is lost and no file is left corrupt. The full run (200 kills) is
``python -m benchmarks.kill_app``; CI runs a short one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_no_value_shown_and_corrupts_no_file(tmp_path):
    done = subprocess.run([sys.executable, "-m", "benchmarks.kill_app", "--kills", "12"], cwd=ROOT,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 lost or corrupt" in done.stdout and " 0 values shown" not in done.stdout
