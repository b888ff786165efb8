"""Screen change benchmark (issue 12): PageDown on a full four-player sheet until the next
game screen is drawn, against a bare Textual app doing the same with as many widgets,
in the same run. Scorepad composes the next game screen ahead and keeps the screens
next to the one showing: first visits (PageDown through every screen) are compared with
a bare app switching to a freshly composed screen, visits back (a PageUp to the screen
just left, kept; the PageUps after it find screens composed ahead, first visits) with a
bare app switching between seven screens it keeps (installed).

    .venv/bin/python -m benchmarks.screens      (prints the figures per screen)
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
import weakref
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
    """Baseline: PageDown shows a new screen of ``widgets`` widgets in place of the last
    (``kept``: the next of seven screens installed once, as scorepad keeps its own)."""

    BINDINGS = [Binding("pagedown", "next", "Next screen")]

    def __init__(self, widgets: int, kept: bool = False) -> None:
        super().__init__()
        self.widgets, self.kept, self.shown = widgets, kept, 0

    def on_mount(self) -> None:
        if self.kept:
            for n in range(7):
                self.install_screen(PlainScreen(self.widgets), f"screen-{n}")
        self.push_screen("screen-0" if self.kept else PlainScreen(self.widgets))

    def action_next(self) -> None:
        self.shown += 1
        self.switch_screen(f"screen-{self.shown % 7}" if self.kept else PlainScreen(self.widgets))


async def _changes(app, times: list[float], counts: list[str] | None, keys: list[str],
                   rushed: bool = False) -> None:
    """Press these keys in turn, as a terminal's key reader posts them; for each, the
    seconds until the first frame of the new screen is handed to the terminal.
    ``counts`` gets, per change, the screen's class, widgets, and whether that very
    screen was shown before (``Name:widgets:back``: a screen let go and composed again
    is a first visit). ``rushed``: the next key comes as soon as a screen is drawn (a
    held key), not once the table has looked at it."""
    drawn: list[float] = []
    display = app._display
    shown = weakref.WeakSet([app.screen])  # never an id a new screen could reuse

    def timed_display(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and screen is not before[0] and not drawn:
            drawn.append(time.perf_counter())

    app._display = timed_display
    before = [app.screen]
    for key in keys:
        before[0], drawn[:] = app.screen, []
        start = time.perf_counter()
        app._driver.process_message(events.Key(key, None))
        while not drawn:
            await asyncio.sleep(0)
        times.append(drawn[0] - start)
        while app.screen is before[0]:
            await asyncio.sleep(0)
        while not rushed and getattr(app, "keys_settled", lambda: True)() is False:
            await asyncio.sleep(0.001)
        if not rushed:
            await asyncio.sleep(0.02)  # let the new screen settle before the next change
        if counts is not None:
            counts.append(f"{type(app.screen).__name__}:{len(list(app.screen.walk_children()))}:{app.screen in shown}")
            shown.add(app.screen)


async def _scorepad(sheet: Path, keys: list[str], rushed: bool = False) -> tuple[list[float], list[str]]:
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp(path=sheet)
    times: list[float] = []
    counts: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _changes(app, times, counts, keys, rushed)
        app.session.close()
    return times, counts


async def _bare(widgets: int, changes: int, kept: bool) -> list[float]:
    app = SwitchApp(widgets, kept)
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await _changes(app, times, None, ["pagedown"] * changes)
    return times


def screen_change(rounds: int = 3) -> dict:
    """Median seconds of a screen change, scorepad vs the bare app, first visits and
    visits back apart (rounds alternate, so both see the same machine); the widgets per
    screen, and the slowest screen's median on a first visit. ``rushed``: first visits
    with PageDown held (each press as soon as the last screen is drawn, before the next
    one could be composed ahead)."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREPAD_HOME"] = home
        sheet = write_full_sheet(Path(home) / "games" / "full.json")
        ours: dict[bool, list[float]] = {False: [], True: []}
        bare: dict[bool, list[float]] = {False: [], True: []}
        counts: list[str] = []
        first: dict[str, list[float]] = {}
        rushed: list[float] = []
        for _ in range(rounds):
            rushed += asyncio.run(_scorepad(sheet, ["pagedown"] * 6, rushed=True))[0]  # the six after the first
            # every screen, then back up to the first: PageUp shows the screen kept beside it
            times, seen = asyncio.run(_scorepad(sheet, ["pagedown"] * 6 + ["pageup"] * 6))
            counts += seen
            for seconds, change in zip(times, seen):
                name, _, back = change.split(":")
                ours[back == "True"].append(seconds)
                if back != "True":
                    first.setdefault(name, []).append(seconds)
            widgets = round(statistics.median(int(c.split(":")[1]) for c in counts))
            for kept in (False, True):
                bare[kept] += asyncio.run(_bare(widgets, 14, kept))[1:]  # the first builds its stack
    slowest = max(first, key=lambda name: statistics.median(first[name]))
    return {"first": statistics.median(ours[False]), "back": statistics.median(ours[True]),
            "bare_first": statistics.median(bare[False]), "bare_back": statistics.median(bare[True]),
            "rushed": statistics.median(rushed), "widgets": widgets, "slowest": (slowest, statistics.median(first[slowest])),
            "per_screen": {name: statistics.median(t) for name, t in first.items()}}


if __name__ == "__main__":
    result = screen_change()
    for visit, bare in (("first", "bare_first"), ("back", "bare_back")):
        print(f"screen change, {visit} visit: {result[visit] * 1000:.1f} ms vs bare {result[bare] * 1000:.1f} ms "
              f"({result[visit] / result[bare]:.2f}x), {result['widgets']} widgets per screen")
    print(f"screen change, first visit, PageDown held: {result['rushed'] * 1000:.1f} ms "
          f"({result['rushed'] / result['bare_first']:.2f}x)")
    for name, seconds in sorted(result["per_screen"].items(), key=lambda kv: kv[1]):
        print(f"  first visit, {name}: {seconds * 1000:.1f} ms")
