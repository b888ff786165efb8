"""App benchmarks: start-up time, typing latency and peak memory, each against a bare
Textual app measured in the same run."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from textual import events

from .apps import EchoApp
from .fullsheet import write_full_sheet


def _run_app(args: list[str], home: str) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one headless start of an app."""
    env = {**os.environ, "SCOREPAD_HOME": home}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "benchmarks.apps", *args], env=env, check=True,
                          capture_output=True, text=True)
    return time.perf_counter() - start, int(done.stdout.strip().splitlines()[-1])


def startup_and_memory(repeats: int) -> dict[str, float]:
    """Median start-up seconds (to the first screen) and peak RSS, scorepad vs bare,
    run alternately; memory is measured with a full four-player sheet open."""
    with tempfile.TemporaryDirectory() as home:
        sheet = write_full_sheet(Path(home) / "full.json")
        runs: dict[str, list] = {"bare": [], "scorepad": [], "bare_rss": [], "full_rss": []}
        for _ in range(repeats):
            seconds, rss = _run_app(["bare"], home)
            runs["bare"].append(seconds)
            runs["bare_rss"].append(rss)
            runs["scorepad"].append(_run_app(["scorepad"], home)[0])
            runs["full_rss"].append(_run_app(["scorepad", str(sheet)], home)[1])
    return {key: statistics.median(values) for key, values in runs.items()}


class FrameWatch:
    """Times an Enter, posted as a terminal's key reader posts it, to the first frame
    handed to the terminal after the watched value changed on screen.

    Pilot's ``press`` is not timed: after each key it sends a message to every widget on
    the screen and waits for them all, a cost that grows with the number of widgets and
    that no terminal adds. The end is the frame itself (``App._display``), not a
    callback after it: work queued after a frame (the journal's fsync) is not in it."""

    def __init__(self, app) -> None:
        self.app, self.changed, self.drawn, self.drawn_at = app, False, asyncio.Event(), 0.0
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            if self.changed and renderable is not None and not self.drawn.is_set():
                self.drawn_at = time.perf_counter()
                self.drawn.set()

        app._display = timed_display

    def follow(self, widget, method: str) -> None:
        """Count ``widget.method(...)`` as the watched value changing."""
        original = getattr(widget, method)

        def changed(*args) -> None:
            original(*args)
            self.changed = True

        setattr(widget, method, changed)

    async def enter(self) -> float:
        """Seconds from Enter to the first frame after the value changed."""
        self.changed = False
        self.drawn.clear()
        start = time.perf_counter()
        self.app._driver.process_message(events.Key("enter", "\r"))
        await asyncio.wait_for(self.drawn.wait(), 5)  # a commit never shown times out
        return self.drawn_at - start


async def _settled(app, pilot) -> None:
    """Wait until every key and all the work it started is done (Pinax lists the next
    player's tiles after the frame with the totals)."""
    await pilot.pause()
    while not app.keys_settled():
        await pilot.pause(0.01)


# The screens that take typed values: the cell typed in, and the text of commit ``n``
# (it changes the stored value every time, so every commit redraws the totals)
TYPING = {
    "renown": ("renown-0", lambda n: str(10 + n % 50)),
    "supplies": ("kings_grace-0", lambda n: str(10 + n % 50)),
    "school": ("0-0", lambda n: f"{1 + n % 5} 2 4y 3"),
    "scholars": ("0-0", lambda n: f"{1 + n % 5} 3 2"),
    "pinax": ("0-0", lambda n: f"{n % 5}"),
}


async def _typing_scorepad(path: Path, commits: int, screen: str) -> list[float]:
    """From the moment a typed value is committed (Enter) to the first frame drawn after
    the live totals took it in, on one screen's table; saving the sheet is part of that."""
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.widgets.count_grid import CountGrid
    from scorepad.tui.widgets.live_totals import LiveTotals

    app = ScorepadApp(path=path)
    times: list[float] = []
    cell, text = TYPING[screen]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_go(screen)
        await pilot.pause()
        grid = next(g for g in app.screen.query(CountGrid) if any(k == cell.rsplit("-", 1)[0] for k, _ in g.rows))
        watch = FrameWatch(app)
        watch.follow(app.screen.query_one(LiveTotals), "show")
        grid.focus()
        grid.cursor = grid.find(cell)
        await pilot.press("ctrl+u", "enter")  # untimed: clear the cell, so the first commit changes it
        await pilot.pause()
        for n in range(commits):
            grid.focus()
            grid.cursor = grid.find(cell)
            await pilot.press("ctrl+u", *text(n))
            await _settled(app, pilot)
            # the first frame after the commit shows the new totals (the next player's
            # cards are listed in the frame after)
            times.append(await watch.enter())
            await pilot.pause()
        app.session.close()
    return times


async def _typing_echo(commits: int) -> list[float]:
    """The same measure in the echo app: Enter to the first frame after the Label update."""
    app = EchoApp()
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        watch = FrameWatch(app)
        watch.follow(app.query_one("#echo"), "update")
        for n in range(commits):
            await pilot.press("ctrl+u", *str(10 + n % 50))
            await pilot.pause()
            times.append(await watch.enter())
            await pilot.pause()
    return times


def typing(commits: int, screens: tuple[str, ...] = tuple(TYPING), rounds: int = 3) -> dict[str, tuple[float, float]]:
    """Median seconds from a committed value to the live totals showing it, per screen,
    scorepad vs the echo app (``rounds`` alternating batches, so both see the same
    machine)."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREPAD_HOME"] = home
        sheet = write_full_sheet(Path(home) / "games" / "full.json")
        ours: dict[str, list[float]] = {screen: [] for screen in screens}
        echo: list[float] = []
        for _ in range(rounds):
            for screen in screens:
                ours[screen] += asyncio.run(_typing_scorepad(sheet, commits // rounds, screen))
            echo += asyncio.run(_typing_echo(commits // rounds))
    base = statistics.median(echo)
    return {screen: (statistics.median(times), base) for screen, times in ours.items()}
