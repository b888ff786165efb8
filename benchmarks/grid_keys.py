"""Keys typed on the Library grid of a sheet whose Pinax takes seconds to solve: the
work each key costs the UI thread, until the frame after it is drawn.

What is measured, and why. For each key: the CPU time of the UI thread
(``time.thread_time``) from the moment the key is posted, as a terminal's key reader
posts it, until the app has handled it and all it started (``keys_settled``) and the
frame after it has been drawn (the screen's update pass, as Pilot runs it). That is
how long the key keeps the event loop busy: a key that took 16 ms of it would miss a
frame. Wall time would add what the key does not cost, and what makes a timed test
flaky: waiting for a CPU on a busy machine (tests run four at a time on two cores),
and waiting for the interpreter's lock while the background search runs in its
thread (Python hands the lock over every few milliseconds). The search's own work is
in that other thread and not counted; nor is the polling loop's own asking whether the
key has settled (0.2 ms a turn on a full screen: it walks every widget's queue), though
the loop's turns of the event loop are, so the figure errs on the high side.

Every commit (Enter, a move, Backspace) changes a player's Seals: the live totals
search that player's Pinax again, on the UI thread for ``PINAX_BUDGET`` at most, and
the background search starts on the new sheet.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

from .keystrokes import post_keys
from .stress import pinax_sheet

# 12 x 12, every space Sealed, spread over four players, 15 tiles of mixed shapes each:
# about 7 s of CPU to prove (2026: the fourth sheet of that family)
HARD_SHEET = ("dense", "spread", "mixed", 3, 12, 15)

# cells typed and stored around the top left corner: new tiles with Seals, Seals moved
# from player to player, a cell cleared, and moves (each move stores the typed cell)
KEYS = ("m", "asterisk", "1", "enter", "right", "g", "asterisk", "2", "enter", "down", "c", "asterisk", "3",
        "enter", "left", "4", "enter", "down", "backspace", "right", "l", "enter", "up", "1", "right",
        "m", "asterisk", "4", "down", "2", "enter", "home", "c", "enter")


def write_hard_sheet(path: Path) -> Path:
    """The hard sheet, as a file to open."""
    path.write_text(json.dumps(pinax_sheet(*HARD_SHEET)), encoding="utf-8")
    return path




async def key_costs(app, keys=KEYS) -> list[tuple[float, float]]:
    """(UI-thread CPU seconds, wall seconds) each key took, typed into the focused
    Library grid of the running ``app``, one after the other."""
    costs = []
    for key in keys:
        cpu, wall = time.thread_time(), time.perf_counter()
        # posted as the terminal's key reader posts it: Pilot's ``press`` would wait on
        # every widget after it, and for the process to go idle (with the background
        # search running it does not)
        post_keys(app, key)
        asking = 0.0  # the CPU time spent asking whether the key is done: not the key's
        while True:
            asked = time.thread_time()
            settled = app.keys_settled()
            asking += time.thread_time() - asked
            if settled:
                break
            await asyncio.sleep(0.001)
        app.screen._on_timer_update()  # the frame after the key (nothing to draw: nothing done)
        costs.append((time.thread_time() - cpu - asking, time.perf_counter() - wall))
    return costs


async def on_hard_grid(app, pilot) -> None:
    """Show the Pinax screen of the open hard sheet with the Library grid focused."""
    from scorepad.tui.widgets.library_grid import LibraryGridEditor

    await pilot.pause()
    app.action_go("pinax")
    while not app.keys_settled():
        await asyncio.sleep(0.005)
    app.screen.query_one(LibraryGridEditor).focus()
    await asyncio.sleep(0.05)
    await app.animator.wait_until_complete()  # the body scrolled to the grid
    while not app.keys_settled():
        await asyncio.sleep(0.005)


TYPINGS = 3  # the keys typed three times over, each key judged by the least it took


def least_per_key(typings: list[list[float]]) -> list[float]:
    """Each key's own cost, from several typings of the same keys on the same sheet from
    the same start: the least it took. What a shared core adds to a thread's CPU time
    only ever adds to it (a stored cell that costs 5-12 ms alone once took 20)."""
    return [min(costs) for costs in zip(*typings)]


def grid_keys(folder: Path, typings: int = TYPINGS) -> dict[str, float]:
    """The worst and median UI-thread time per key, each key's least of ``typings``
    (and, for the record, the worst of the first typing alone and the worst wall time),
    on the hard sheet, in a headless app (its data folder: ``folder``)."""
    from scorepad.rules import pinax
    from scorepad.tui.app import ScorepadApp

    os.environ["SCOREPAD_HOME"] = str(folder)

    async def run(n: int) -> list[tuple[float, float]]:
        pinax.forget_answers()  # each typing from the same start: no answer found by the last
        app = ScorepadApp(path=write_hard_sheet(folder / f"hard-{n}.json"))
        async with app.run_test(size=(120, 50)) as pilot:
            await on_hard_grid(app, pilot)
            costs = await key_costs(app)
            app.workers.cancel_group(app, "pinax")
        return costs

    runs = [asyncio.run(run(n)) for n in range(typings)]
    cpu = sorted(least_per_key([[c for c, _ in costs] for costs in runs]))
    return {"worst": cpu[-1], "median": cpu[len(cpu) // 2], "keys": len(cpu), "typings": typings,
            "first_worst": max(c for c, _ in runs[0]), "wall": max(w for costs in runs for _, w in costs)}
