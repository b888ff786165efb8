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
        totals = app.screen.query_one(LiveTotals)
        started, drawn = [0.0], []
        show = totals.show

        def timed_show(table) -> None:
            show(table)
            totals.call_after_refresh(lambda: drawn.append(time.perf_counter() - started[0]))

        totals.show = timed_show
        grid.focus()
        grid.cursor = grid.find(cell)
        await pilot.press("ctrl+u", "enter")  # untimed: clear the cell, so the first commit changes it
        await pilot.pause()
        for n in range(commits):
            grid.focus()
            grid.cursor = grid.find(cell)
            await pilot.press("ctrl+u", *text(n))
            drawn.clear()
            started[0] = time.perf_counter()
            await pilot.press("enter")
            await pilot.pause()
            assert drawn, "the live totals did not follow the commit"
            # the first frame after the commit shows the new totals (the next player's
            # cards are listed in the frame after)
            times.append(drawn[0])
        app.session.close()
    return times


async def _typing_echo(commits: int) -> list[float]:
    """The same measure in the echo app: Enter to the first frame after the Label update."""
    app = EchoApp()
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        label = app.query_one("#echo")
        started = [0.0]
        update = label.update

        def timed_update(text) -> None:
            update(text)
            label.call_after_refresh(lambda: times.append(time.perf_counter() - started[0]))

        label.update = timed_update
        for n in range(commits):
            await pilot.press("ctrl+u", *str(10 + n % 50))
            started[0] = time.perf_counter()
            await pilot.press("enter")
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
