"""The apps the benchmarks start: scorepad itself and the bare Textual baselines.

Run as a script, it starts one app headless, quits as soon as the first screen is
drawn, and prints its peak RSS in KiB:

    python -m benchmarks.apps bare
    python -m benchmarks.apps scorepad [SHEET]   (with a sheet: every game screen, then the results)
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Input, Label


class BareApp(App):
    """Baseline: a bare Textual app with a Header, a Label and a Footer."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("Hello")
        yield Footer()


class EchoApp(App):
    """Baseline for typing: an Input echoed into a Label when submitted. With a
    ``journal``, the value is also appended to that file before it is shown and fsynced
    once the frame that shows it is out, as scorepad keeps a typed value."""

    def __init__(self, journal: Path | None = None) -> None:
        super().__init__()
        self.journal = None if journal is None else os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self.synced_at = 0.0
        self.sync_due = False

    def compose(self) -> ComposeResult:
        yield Input(id="field")
        yield Label("", id="echo")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.journal is not None:
            os.write(self.journal, f'{{"put": 1, "entry": {{"value": "{event.value}"}}}}\n'.encode())
            self.sync_due = True
        self.query_one("#echo", Label).update(event.value)

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if renderable is not None and self.sync_due:
            self.sync_due = False
            self.call_later(self.sync)

    def sync(self) -> None:
        """The value on disk for good (after the frame that shows it, as scorepad does)."""
        os.fsync(self.journal)
        self.synced_at = time.perf_counter()


async def quit_when_drawn(pilot) -> None:
    """Auto-pilot: wait for the first screen; with an open sheet, show every game screen
    once (they are kept: the heaviest the app gets), ending on the results; quit."""
    await pilot.pause()
    if getattr(pilot.app, "session", None) is not None:
        from scorepad.tui.kept_screens import ORDER

        for name in ORDER:
            pilot.app.action_go(name)
            await pilot.pause()
    pilot.app.exit()


def main(argv: list[str]) -> None:
    """Start the named app headless, then print the peak RSS (KiB)."""
    if argv[0] == "bare":
        app: App = BareApp()
    else:
        from scorepad.tui.app import ScorepadApp

        app = ScorepadApp(path=Path(argv[1]) if len(argv) > 1 else None)
    app.run(headless=True, auto_pilot=quit_when_drawn)
    print(peak_rss_kib())


def peak_rss_kib() -> int:
    """This process's peak RSS. VmHWM, because ru_maxrss carries the parent's peak over
    fork and exec on Linux."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


if __name__ == "__main__":
    main(sys.argv[1:])
