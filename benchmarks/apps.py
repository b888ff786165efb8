"""The bare Textual apps the benchmarks compare scorepad with (``benchmarks.command``
starts them as it starts scorepad)."""

from __future__ import annotations

import os
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
