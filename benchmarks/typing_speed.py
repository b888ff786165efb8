"""Typing benchmark (issue 15): every screen that takes input, typed as a user types it,
against an app that echoes an Input into a Label, in the same run.

On each screen the cursor goes where the last Enter left it (the next player, the next
field), a line is typed there (its keys sent at once, untimed), and Enter is posted as a
terminal's key reader posts it. Timed from the Enter:

- drawn: the first frame handed to the terminal after the screen took the value in
  (the live totals shown; on Setup, the cursor on the next field);
- durable: the journal line fsynced (scorepad fsyncs once the frame is out). The echo
  app's is an echo that appends the value to a file before showing it and fsyncs after
  its frame.

Typing starts again at the table's first cell (untimed) when the last Enter left it.
School is also typed with 12 and 24 Scribes per player: a screen must not slow down
with its cards.

Every batch of commits on a screen is followed at once by an echo batch of as many
commits, and a screen's ratio is its median over the median of those echo batches:
the machine's load drifts over a run of minutes, a baseline taken beside each screen
follows it. Every app run opens a fresh copy of its sheet, so batches do not depend on
one another (a batch that types the value already stored would draw nothing).

    .venv/bin/python -m benchmarks.typing_speed      (prints the figures per screen)
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from textual import events

from .apps import EchoApp
from .fullsheet import write_full_sheet
from .keystrokes import post_keys

SIZE = (80, 24)  # a terminal as it opens: the body scrolls, as it does for most users
TIMEOUT = 5.0  # a commit never shown (or never made durable) fails the run


@dataclass(frozen=True)
class Script:
    """How one screen is typed: the screen, the widget typed in (a selector), the keys of
    commit ``n`` (before its Enter), and what is watched for the value shown."""

    screen: str
    widget: str
    keys: Callable[[object, int], str]
    watched: str = "totals"  # "totals": the live totals took it in; "cursor": the cursor went to the next field
    cards: int = 4  # Scribes per player on the sheet (and typed per line on School)
    fields: tuple[str, ...] = ()  # the fields typed in (a form's cursor), when not the whole widget


def scribes(cards: int) -> Callable[[object, int], str]:
    """A line of ``cards`` Scribes, the first changing with every commit."""
    return lambda grid, n: " ".join([f"{1 + n % 5}", *("2 4y 3 1".split() * cards)[:cards - 1]])


def count(grid, n: int) -> str:
    """A count different from the one in the cell."""
    r, c = grid.cursor
    return str((grid.values[r][c] or 0) % 40 + 1)


def quick_tile(grid, n: int) -> str:
    """A player's one quick-count tile, a Seal more than stored (0-4)."""
    r, _ = grid.cursor
    tiles = grid.values[r][0]
    return str(((tiles[0].seals if tiles else 0) + 1) % 5)


def grid_tile(grid, n: int) -> str:
    """A Manuscript tile with the other player's Seal than the cell has (keys, spaced)."""
    r, c = grid.cursor
    return f". M * {2 if grid.grid.cells[r][c].token == 'M*1' else 1}"


SCRIPTS = {
    "setup": Script("setup", "#form", lambda form, n: f"Name {n}", watched="cursor",
                    fields=("title", "name-0", "name-1", "name-2", "name-3")),
    "progress": Script("progress", "#counts", count),
    "pinax tile": Script("pinax", "#quick", quick_tile),
    "pinax grid": Script("pinax", "#grid", grid_tile),
    "school": Script("school", "#cards", scribes(4)),
    "scholars": Script("scholars", "#cards", lambda grid, n: f"{1 + n % 5} Hypatia, 3, 2"),
    "supplies": Script("supplies", "#counts", count),
    "renown": Script("renown", "#counts", count),
    "school, 12 Scribes a player": Script("school", "#cards", scribes(12), cards=12),
    "school, 24 Scribes a player": Script("school", "#cards", scribes(24), cards=24),
}


class Timer:
    """Times an Enter to the first frame after the watched change, and to the journal's
    fsync. The frame is ``App._display`` itself (not a callback after it)."""

    def __init__(self, app) -> None:
        self.app, self.changed, self.drawn_at, self.synced_at = app, False, 0.0, 0.0
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            if self.changed and renderable is not None and not self.drawn_at:
                self.drawn_at = time.perf_counter()

        app._display = timed_display

    def follow(self, target, method: str) -> None:
        """Count ``target.method(...)`` as the watched change."""
        original = getattr(target, method)

        def changed(*args, **kwargs):
            self.changed = True
            return original(*args, **kwargs)

        setattr(target, method, changed)

    def follow_sync(self, session) -> None:
        """Note when the session's journal is fsynced with a line in it."""
        sync = session.sync

        def timed_sync() -> None:
            written = bool(session.journal.written)
            sync()
            if written:
                self.synced_at = time.perf_counter()

        session.sync = timed_sync

    async def enter(self, durable: Callable[[], float] | None) -> tuple[float, float | None]:
        """Seconds from Enter to the frame, and to durable (None when not asked)."""
        self.changed, self.drawn_at, self.synced_at = False, 0.0, 0.0
        start = time.perf_counter()
        self.app._driver.process_message(events.Key("enter", "\r"))
        await until(lambda: self.drawn_at)
        if durable is None:
            return self.drawn_at - start, None
        await until(durable)
        return self.drawn_at - start, durable() - start


async def until(done: Callable[[], object]) -> None:
    """Wait (in the app's loop) until ``done()`` is true; TimeoutError after TIMEOUT."""
    deadline = time.perf_counter() + TIMEOUT
    while not done():
        if time.perf_counter() > deadline:
            raise TimeoutError("a commit was never shown, or never made durable")
        await asyncio.sleep(0)


async def settled(app, pilot) -> None:
    """Until every key and all it started is done (lists drawn after the totals too)."""
    await pilot.pause()
    while not app.keys_settled():
        await pilot.pause(0.01)
    await pilot.pause()


async def _scorepad(script: Script, sheet: Path, commits: int) -> dict[str, list[float]]:
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp(path=None if script.screen == "setup" else sheet)
    times: dict[str, list[float]] = {"drawn": [], "durable": []}
    async with app.run_test(size=SIZE) as pilot:
        await settled(app, pilot)
        if script.screen == "setup":
            app.new_game()
        else:
            app.action_go(script.screen)
        await settled(app, pilot)
        timer = Timer(app)
        if script.watched == "cursor":
            timer.follow(app.screen.query_one(script.widget), "move_to")
        else:
            from scorepad.tui.widgets.live_totals import LiveTotals

            timer.follow(app.screen.query_one(LiveTotals), "show")
            timer.follow_sync(app.session)
        fields = list(app.screen.query(script.widget))
        for n in range(commits):
            widget = app.focused if app.focused in fields else None
            if widget is not None and script.fields and widget.cursor not in script.fields:
                widget = None
            if widget is not None and getattr(widget, "stayed", False) and script.widget != "#grid":
                widget = None  # Enter stayed on a table's last cell (keys typed on are refused): start again
            if widget is None:  # the last Enter left the table (or the last field): start again
                widget = fields[0]
                widget.focus()
                if hasattr(widget, "cursor"):
                    widget.cursor = script.fields[0] if script.fields else (0, 0)
                await settled(app, pilot)
            # the line before the Enter is not timed: sent at once, as a paste or a fast
            # typist sends it (Pilot's press waits for the process to go idle after
            # every key: seconds a line on School's 24 Scribes)
            # Ctrl+U, Esc: the cell typed over (on the last cell Enter stays, and guards it)
            post_keys(app, *("ctrl+u", *script.keys(widget, n)) if script.widget != "#grid"
                      else ("escape", *script.keys(widget, n).split()))
            await settled(app, pilot)
            drawn, durable = await timer.enter(None if script.watched == "cursor" else lambda: timer.synced_at)
            times["drawn"].append(drawn)
            if durable is not None:
                times["durable"].append(durable)
            await settled(app, pilot)
        if app.session is not None:
            app.session.close()
    return times


async def _echo(commits: int, journal: Path) -> dict[str, list[float]]:
    """The same Enter in the echo app: to the frame after the Label update, and to its fsync."""
    app = EchoApp(journal)
    times: dict[str, list[float]] = {"drawn": [], "durable": []}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        timer = Timer(app)
        timer.follow(app.query_one("#echo"), "update")
        for n in range(commits):
            app.synced_at = 0.0
            # pressed one by one (untimed): sent at once, a plain Textual app handles the
            # characters before the ctrl+u that came first (its binding bubbles up later)
            await pilot.press("ctrl+u", *str(10 + n % 50))
            await pilot.pause()
            drawn, durable = await timer.enter(lambda: app.synced_at)
            times["drawn"].append(drawn)
            times["durable"].append(durable)
            await pilot.pause()
    return times


class Sheets:
    """The full sheets typed on, written once per number of Scribes: each app run gets
    a fresh copy, so what a run typed is never the next run's starting point (a batch
    typing the value already stored changes nothing, and nothing is drawn)."""

    def __init__(self, folder: Path, cards: set[int]) -> None:
        self.folder, self.runs = folder, 0
        self.written = {n: write_full_sheet(folder / f"full-{n}.json", cards=n).read_bytes() for n in sorted(cards)}

    def fresh(self, cards: int | None) -> Path:
        """A new file holding the sheet with ``cards`` Scribes a player, as written (None:
        a path for the echo app's journal, no file there yet)."""
        self.runs += 1
        if cards is None:
            return self.folder / f"echo-{self.runs}.log"
        path = self.folder / f"run-{self.runs}-{cards}.json"
        path.write_bytes(self.written[cards])
        return path


def typing(commits: int, rounds: int = 3, scripts: tuple[str, ...] = tuple(SCRIPTS)) -> dict[str, dict]:
    """Per screen, the median seconds from Enter to drawn and to durable (None when not
    asked), and under ``echo`` the same medians of the echo app's batches run beside
    it: ``rounds`` batches of ``commits // rounds`` commits (at least one), each
    followed at once by an echo batch as long, so a screen and its baseline see the
    same machine. Every app run starts from a fresh copy of its sheet."""
    batch = max(1, commits // rounds)
    before = os.environ.get("SCOREPAD_HOME")
    try:
        with tempfile.TemporaryDirectory() as home:
            os.environ["SCOREPAD_HOME"] = home
            sheets = Sheets(Path(home) / "games", {SCRIPTS[name].cards for name in scripts})
            kinds = ("drawn", "durable")
            found = {name: {side: {kind: [] for kind in kinds} for side in ("ours", "echo")} for name in scripts}
            for _ in range(rounds):
                for name in scripts:
                    script = SCRIPTS[name]
                    ours = asyncio.run(_scorepad(script, sheets.fresh(script.cards), batch))
                    echo = asyncio.run(_echo(batch, sheets.fresh(None)))  # right after, as many commits
                    for side, times in (("ours", ours), ("echo", echo)):
                        for kind in kinds:
                            found[name][side][kind] += times[kind]
    finally:
        if before is None:
            os.environ.pop("SCOREPAD_HOME", None)
        else:
            os.environ["SCOREPAD_HOME"] = before

    def medians(figures: dict[str, list[float]]) -> dict[str, float | None]:
        return {kind: statistics.median(times) if times else None for kind, times in figures.items()}

    return {name: {**medians(sides["ours"]), "echo": medians(sides["echo"])} for name, sides in found.items()}


def ratios(figures: dict) -> dict[str, float | None]:
    """A screen's medians over those of the echo batches run beside it."""
    echo = figures["echo"]
    return {kind: None if figures[kind] is None else figures[kind] / echo[kind] for kind in ("drawn", "durable")}


if __name__ == "__main__":
    for name, figures in typing(48, rounds=3).items():
        echo, ratio = figures["echo"], ratios(figures)
        line = f"{name:>28}: drawn {figures['drawn'] * 1000:5.1f} ms vs echo {echo['drawn'] * 1000:5.1f} ms " \
               f"({ratio['drawn']:.2f}x)"
        if figures["durable"] is not None:
            line += f", durable {figures['durable'] * 1000:5.1f} ms vs echo {echo['durable'] * 1000:5.1f} ms " \
                    f"({ratio['durable']:.2f}x)"
        print(line)
