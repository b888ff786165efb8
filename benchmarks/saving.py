"""Saving benchmarks (issue 11): what a typed value costs before it is on disk, and what
rewriting the sheet file costs, at 10, 2,000 and 100,000 history entries.

- commit to durable: ``SheetSession.apply`` of one entry and ``sync`` (the app fsyncs
  once the frame is out; both are timed here), against the bare cost of appending one line to a file and fsyncing it
  (measured alternately, in the same run);
- save: rewriting the sheet file from memory (done in a thread once typing pauses),
  and the longest the UI's event loop waits while that thread runs.
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

SIZES = (10, 2_000, 99_900)  # the last just under the 100,000 a sheet may keep


def sheet_with_history(folder: Path, entries: int) -> Path:
    """A saved four-player sheet whose history has ``entries`` entries."""
    from scorepad.rules.entries import Begin, SetCount
    from scorepad.rules.models import Player, Sheet
    from scorepad.storage.files import write_sheet
    from scorepad.storage.sheet_file import replay_states

    sheet = Sheet(players=tuple(Player(name=name) for name in ("Ana", "Ben", "Cy", "Dee")))
    history = [Begin(sheet=sheet)] + [SetCount(player=n % 4, field="renown", value=n % 400)
                                      for n in range(1, entries)]
    path = folder / f"history-{entries}.json"
    write_sheet(path, replay_states(history)[-1], tuple(history))
    return path


def bare_append(path: Path) -> float:
    """Seconds to append one line to a file and fsync it."""
    start = time.perf_counter()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.write(fd, b'{"put": 1, "entry": {"kind": "set_count", "player": 0}}\n')
    os.fsync(fd)
    os.close(fd)
    return time.perf_counter() - start


def commits(entries: int, repeats: int) -> tuple[float, float]:
    """Median seconds of one commit (apply, journal line, fsync) on a sheet of ``entries``
    entries, and of the bare append, alternating."""
    from scorepad.rules.entries import SetCount
    from scorepad.storage.session import SheetSession

    with tempfile.TemporaryDirectory() as folder:
        session = SheetSession.open(sheet_with_history(Path(folder), entries))
        ours, bare = [], []
        for n in range(repeats):
            start = time.perf_counter()
            session.apply(SetCount(player=n % 4, field="kings_requests", value=n % 5 + 1))
            session.sync()
            ours.append(time.perf_counter() - start)
            bare.append(bare_append(Path(folder) / "bare.log"))
        session.lock.release()  # not folded: only the commit is measured here
        return statistics.median(ours), statistics.median(bare)


def save(entries: int, repeats: int) -> dict[str, float]:
    """Seconds to rewrite the sheet file after one change, in a thread, and the longest
    the event loop waited on a 1 ms timer meanwhile (the UI's stall): the first save
    after opening (every entry's text worked out) and the median of the next ones."""
    from scorepad.rules.entries import SetCount
    from scorepad.storage.session import SheetSession

    with tempfile.TemporaryDirectory() as folder:
        session = SheetSession.open(sheet_with_history(Path(folder), entries))
        gc.freeze()  # as the app does once a game is open (ScorepadApp.use_session)
        runs = []
        for n in range(repeats + 1):
            session.apply(SetCount(player=n % 4, field="kings_requests", value=n % 5 + 1))
            runs.append(asyncio.run(_timed_fold(session)))
        session.close()
        gc.unfreeze()
    return {"first_save": runs[0][0], "first_stall": runs[0][1],
            "save": statistics.median(r[0] for r in runs[1:]), "stall": statistics.median(r[1] for r in runs[1:])}


async def _timed_fold(session) -> tuple[float, float]:
    job = session.fold_job()
    done = threading.Event()
    start = time.perf_counter()

    def run():
        outcome = job()
        done.set()
        return outcome

    task = asyncio.create_task(asyncio.to_thread(run))
    stall = 0.0
    while not done.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        stall = max(stall, time.perf_counter() - before - 0.001)
    session.fold_done(await task)
    return time.perf_counter() - start, stall


def saving(quick: bool) -> dict[int, dict[str, float]]:
    """Every figure, per history size."""
    sizes = SIZES[:2] if quick else SIZES
    found = {}
    for entries in sizes:
        commit, bare = commits(entries, 5 if quick else 40)
        found[entries] = {"commit": commit, "bare": bare, **save(entries, 1 if quick else 5)}
    return found


if __name__ == "__main__":
    for size, figures in saving(False).items():
        print(size, {k: round(v * 1000, 2) for k, v in figures.items()})
