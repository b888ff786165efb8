"""Screen change benchmark (issue 12): PageDown on a full four-player sheet until the next
game screen is drawn, against a bare Textual app switching to a freshly composed screen
of as many widgets (scorepad composes each game screen fresh too), in the same run.

    .venv/bin/python -m benchmarks.screens      (prints the figures per screen)
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Label

from .fullsheet import write_full_sheet


class PlainScreen(Screen):
    """``widgets`` widgets in all: Labels of text, and a Footer."""

    def __init__(self, widgets: int) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        for n in range(self.widgets - 1):
            yield Label(f"line {n}: some words of a screen")
        yield Footer()


class SwitchApp(App):
    """Baseline: PageDown shows a new screen of ``widgets`` widgets in place of the last."""

    BINDINGS = [Binding("pagedown", "next", "Next screen")]

    def __init__(self, widgets: int) -> None:
        super().__init__()
        self.widgets = widgets

    def on_mount(self) -> None:
        self.push_screen(PlainScreen(self.widgets))

    def action_next(self) -> None:
        self.switch_screen(PlainScreen(self.widgets))


async def _changes(app, times: list[float], counts: list[str] | None, changes: int) -> None:
    """Press PageDown ``changes`` times, as a terminal's key reader posts it; each time,
    the seconds until the first frame of the new screen is handed to the terminal."""
    drawn: list[float] = []
    display = app._display

    def timed_display(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and screen is not before[0] and not drawn:
            drawn.append(time.perf_counter())

    app._display = timed_display
    before = [app.screen]
    for _ in range(changes):
        before[0], drawn[:] = app.screen, []
        start = time.perf_counter()
        app._driver.process_message(events.Key("pagedown", None))
        while not drawn:
            await asyncio.sleep(0)
        times.append(drawn[0] - start)
        while getattr(app, "keys_settled", lambda: True)() is False or app.screen is before[0]:
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.02)  # let the new screen settle before the next change
        if counts is not None:
            counts.append(f"{type(app.screen).__name__}:{len(list(app.screen.walk_children()))}")


async def _scorepad(sheet: Path, changes: int) -> tuple[list[float], list[str]]:
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp(path=sheet)
    times: list[float] = []
    counts: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _changes(app, times, counts, changes)
        app.session.close()
    return times, counts


async def _bare(widgets: int, changes: int) -> list[float]:
    app = SwitchApp(widgets)
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _changes(app, times, None, changes)
    return times


def screen_change(rounds: int = 3) -> dict:
    """Median seconds of a screen change, scorepad vs the bare app (rounds alternate, so
    both see the same machine), the widgets per screen, and the slowest screen's median."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREPAD_HOME"] = home
        sheet = write_full_sheet(Path(home) / "games" / "full.json")
        ours: list[float] = []
        bare: list[float] = []
        counts: list[str] = []
        for _ in range(rounds):
            times, seen = asyncio.run(_scorepad(sheet, 14))
            ours += times
            counts += seen
            widgets = round(statistics.median(int(c.split(":")[1]) for c in counts))
            bare += asyncio.run(_bare(widgets, 14))
    per_screen: dict[str, list[float]] = {}
    for seconds, seen in zip(ours, counts):
        per_screen.setdefault(seen.split(":")[0], []).append(seconds)
    slowest = max(per_screen, key=lambda name: statistics.median(per_screen[name]))
    return {"ours": statistics.median(ours), "bare": statistics.median(bare), "widgets": widgets,
            "slowest": (slowest, statistics.median(per_screen[slowest])),
            "per_screen": {name: statistics.median(t) for name, t in per_screen.items()}}


if __name__ == "__main__":
    result = screen_change()
    print(f"screen change: {result['ours'] * 1000:.1f} ms vs bare {result['bare'] * 1000:.1f} ms "
          f"({result['ours'] / result['bare']:.2f}x), {result['widgets']} widgets per screen")
    for name, seconds in sorted(result["per_screen"].items(), key=lambda kv: kv[1]):
        print(f"  {name}: {seconds * 1000:.1f} ms")
