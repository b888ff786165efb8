"""An app as users start it, run headless, printing what the benchmarks measure as one
JSON line: when its first screen was drawn (``time.perf_counter``, a clock every process
shares), and its peak RSS in KiB.

    python -m benchmarks.command bare                  the bare Textual app (the baseline)
    python -m benchmarks.command bare SHEET            the bare app, once SHEET is read as
                                                       scorepad reads it (pydantic, the models,
                                                       validation): the floor of opening SHEET
    python -m benchmarks.command [OPTIONS] -- ARGS     the ``scorepad`` command with ARGS

Options: ``--quiet``, the command's own output thrown away; ``--until CLASS``, the
screen whose first frame counts (else the first frame with content); ``--screen NAME``
(repeatable), game screens shown in turn once it is drawn; ``--type N`` (and
``--warm-up W``, 1,000 unless said), values typed in the Renown table then: the memory
the last N hold (traced), and the RSS before and after them, less what tracing holds
(a save every hundred).
Only Textual's App is imported before the command: the process loads what the command
loads, in its order.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import resource
import sys
import time
import tracemalloc
from contextlib import redirect_stdout
from pathlib import Path

from textual.app import App


def rss_kib(field: str = "VmHWM") -> int:
    """This process's peak RSS (``VmHWM``: ru_maxrss carries the parent's peak over fork
    and exec on Linux), or its RSS now (``VmRSS``)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


class Run:
    """What one run measured, and the auto-pilot that measures it."""

    def __init__(self, until: str | None, screens: list[str], typed: tuple[int, int]) -> None:
        self.until, self.screens, self.typed = until, screens, typed
        self.figures: dict = {}
        self.drawn = asyncio.Event()

    def watch(self, app: App) -> None:
        """Note the time of the first frame of the screen waited for."""
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None and "frame" not in self.figures and \
                    (self.until is None or type(screen).__name__ == self.until):
                self.figures["frame"] = time.perf_counter()
                self.drawn.set()

        app._display = timed_display

    async def pilot(self, pilot) -> None:
        app = pilot.app
        await asyncio.wait_for(self.drawn.wait(), 60)
        for name in self.screens:
            app.action_go(name)
            await pilot.pause()
        if self.typed[0]:
            self.figures["growth"] = await type_values(app, pilot, *self.typed)
        app.exit()


async def type_values(app, pilot, count: int, warm_up: int) -> dict[str, int]:
    """Type ``warm_up`` then ``count`` values in the Renown table as a typist does (each
    value then Enter), saving every hundred. The memory still held after those ``count``
    values that they allocated (traced; after a garbage collection), and the RSS before
    and after them: Rich's and Textual's bounded caches are full by then."""
    from benchmarks.keystrokes import post_keys

    app.action_go("renown")
    await pilot.pause()
    found = {}
    for n in range(warm_up + count + 1):
        if n % 100 == 0:
            app.fold_in_background()
            await asyncio.sleep(0.05)  # the save runs in a thread
            await settled(app)
        if n == warm_up:
            gc.collect()
            found["rss_before"] = rss_kib("VmRSS")
            tracemalloc.start()
        if n == warm_up + count:
            gc.collect()
            found["traced"] = tracemalloc.get_traced_memory()[0]
            # less what tracing itself holds (its table of every block traced)
            found["rss_after"] = rss_kib("VmRSS") - tracemalloc.get_tracemalloc_memory() // 1024
            tracemalloc.stop()
            return found
        post_keys(app, *str(1 + n % 97), "enter")
        await settled(app)
    return found


async def settled(app) -> None:
    """Until every key read so far is handled and all it started is done."""
    await asyncio.sleep(0)
    while not app.keys_settled():
        await asyncio.sleep(0.001)


def headless(run: Run) -> None:
    """Make ``App.run`` run headless with this auto-pilot, whoever calls it."""
    original = App.run

    def run_headless(self, **options):
        run.watch(self)
        return original(self, **{**options, "headless": True, "auto_pilot": run.pilot})

    App.run = run_headless


def main(argv: list[str]) -> int:
    """Run the app; print the figures as JSON."""
    until, screens, typed, quiet = None, [], [0, 1000], False
    while argv and argv[0].startswith("--"):
        option, argv = argv[0], argv[1:]
        if option == "--":
            break
        if option == "--quiet":
            quiet = True
            continue
        value, argv = argv[0], argv[1:]
        if option == "--until":
            until = value
        elif option == "--screen":
            screens.append(value)
        elif option == "--type":
            typed[0] = int(value)
        elif option == "--warm-up":
            typed[1] = int(value)
    run = Run(until, screens, (typed[0], typed[1]))
    headless(run)
    if argv[:1] == ["bare"]:
        from benchmarks.apps import BareApp

        if argv[1:]:
            from scorepad.storage.files import read_sheet

            read_sheet(Path(argv[1]))
        BareApp().run()
        code = 0
    else:
        from scorepad.cli import main as scorepad

        with open(os.devnull, "w") as nowhere, redirect_stdout(nowhere if quiet else sys.stdout):
            code = scorepad(argv)
    print(json.dumps({**run.figures, "rss": rss_kib()}))
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
