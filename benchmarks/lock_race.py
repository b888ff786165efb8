"""The sheet lock under a race: three scorepads take over a stale lock at the same moment.

Run from the project folder:  .venv/bin/python -m benchmarks.lock_race [--trials 200]

Each trial writes a stale lock file (the pid of a process that has exited, on this host),
releases three long-lived worker processes at once (a barrier), and each tries
``SheetLock.acquire()`` once. The winner holds the lock until every worker has reported,
then releases it. Exactly one winner is the only right answer; the command prints how
many trials had exactly one and exits 1 on any other count. ``--module path/to/lock.py``
races another implementation (an older lock.py copied aside, say).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import multiprocessing
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

WAIT = 30  # seconds: a barrier or a report slower than this means a worker is stuck


def load(module: str):
    """The lock module to race: an import name, or the path of a .py file."""
    if not module.endswith(".py"):
        return importlib.import_module(module)
    spec = importlib.util.spec_from_file_location("lock_under_race", module)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def worker(module: str, sheet: str, barrier, stop, results) -> None:
    """One scorepad: at each trial, try the lock once, report, hold it until all reported."""
    lock_module = load(module)
    while True:
        barrier.wait(WAIT)  # the trial starts: every worker at once
        if stop.is_set():
            return
        lock = None
        try:
            lock = lock_module.SheetLock(Path(sheet)).acquire()
            outcome = "win"
        except lock_module.SheetLocked:
            outcome = "lose"
        except Exception as err:  # anything else is a finding too: report it, keep racing
            outcome = f"error {err!r}"
        results.put(outcome)
        barrier.wait(WAIT)  # everyone has reported: the winner held the lock until now
        if lock is not None:
            lock.release()
        barrier.wait(WAIT)  # released: the next stale file can be written


def dead_pid() -> int:
    """The pid of a process that has exited (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def race(trials: int, workers: int = 3, module: str = "scorepad.storage.lock") -> Counter:
    """Run the trials; how many trials ended with each outcome, e.g. {"1 win": 200}."""
    context = multiprocessing.get_context("spawn")  # a clean interpreter: no inherited fds or threads
    barrier, stop, results = context.Barrier(workers + 1), context.Event(), context.Queue()
    tally: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder:
        sheet = Path(folder) / "race.json"
        lock_file = sheet.with_name(sheet.name + ".lock")
        stale = json.dumps({"pid": dead_pid(), "host": socket.gethostname(), "since": time.time() - 60})
        procs = [context.Process(target=worker, args=(module, str(sheet), barrier, stop, results), daemon=True)
                 for _ in range(workers)]
        for proc in procs:
            proc.start()
        try:
            for _ in range(trials):
                lock_file.write_text(stale)  # as a crashed scorepad left it
                barrier.wait(WAIT)
                outcomes = [results.get(timeout=WAIT) for _ in range(workers)]
                barrier.wait(WAIT)
                barrier.wait(WAIT)
                errors = [o for o in outcomes if o.startswith("error")]
                tally[errors[0] if errors else f"{outcomes.count('win')} win"] += 1
            stop.set()
            barrier.wait(WAIT)
        finally:
            for proc in procs:
                proc.join(WAIT)
                if proc.is_alive():
                    proc.kill()
    return tally


def main(argv: list[str] | None = None) -> int:
    """Print the tally; 0 only when every trial had exactly one winner."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--module", default="scorepad.storage.lock")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tally = race(args.trials, args.workers, args.module)
    seconds = time.perf_counter() - started
    print(f"{tally['1 win']}/{args.trials} trials with exactly one writer "
          f"({args.workers} processes taking a stale lock at once, {seconds:.1f} s)")
    for outcome, count in sorted(tally.items()):
        if outcome != "1 win":
            print(f"  {count} trials: {outcome}")
    return 0 if tally["1 win"] == args.trials else 1


if __name__ == "__main__":
    raise SystemExit(main())
