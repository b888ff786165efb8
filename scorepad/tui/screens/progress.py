"""Game progress, for use during play: phase, round, Events and empty Library spaces,
with the end-trigger status in plain words (E1-E8)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Label, Static

from ...rules.describe import describe
from ...rules.endgame import PHASE_LABELS
from ...rules.entries import CountEmptySpaces, EnterPhase, RecordEvent, StartRound, UndoTimeline
from ...rules.models import Sheet
from ..widgets.count_field import CountField
from .base import GameScreen



def mark_words(mark) -> str:
    """A timeline mark in words."""
    if mark.kind == "phase":
        return f"Generation {mark.generation}, {PHASE_LABELS[mark.phase]}"
    if mark.kind == "round":
        return f"Round {mark.round}"
    if mark.kind == "event":
        return "Event"
    return f"{mark.count} empty spaces"


class ProgressScreen(GameScreen):
    """Where the table records the game's progress; the banner says what comes next."""

    HEADING = "Game progress"
    HINT = "Record phases, rounds, Events and the empty Library spaces as they happen."
    BINDINGS = [
        Binding("ctrl+r", "event", "Record Event"),
        Binding("ctrl+t", "take_back", "Take back mark"),
    ]

    def structure(self, sheet: Sheet) -> object:
        return (super().structure(sheet), sheet.library is not None)

    def body(self) -> ComposeResult:
        yield CountField("Generation", self.app.end().generation,
                         lambda v: EnterPhase(phase=self.app.end().phase or "planning", generation=v),
                         id="generation")
        with Horizontal(classes="buttons"):
            for phase, label in PHASE_LABELS.items():
                yield Button(label, id=f"phase-{phase}")
        yield CountField("Round", None, lambda v: StartRound(round=v), id="round")
        with Horizontal(classes="buttons"):
            yield Button("Record an Event (ctrl+r)", id="event", variant="warning")
            yield Button("Take back the last mark (ctrl+t)", id="take-back")
        if self.sheet.library is None:
            yield CountField("Empty Library spaces", None, lambda v: CountEmptySpaces(count=v), id="empty")
        else:
            yield Label("", id="grid-count", classes="field-label")
        yield Label("M1: a space covered by a Library Location tile still counts as empty.",
                    classes="reminder")
        yield Label("Timeline", classes="subheading")
        yield Static("", id="timeline")

    def update(self, sheet: Sheet) -> None:
        end = self.app.end()
        self.query_one("#generation", CountField).show(end.generation)
        self.query_one("#round", CountField).show(end.round)
        if sheet.library is None:
            self.query_one("#empty", CountField).show(end.empty_spaces)
        else:
            self.query_one("#grid-count", Label).update(
                f"Empty Library spaces, counted from the grid: {sheet.library.grid.empty_spaces}")
        for phase in PHASE_LABELS:
            self.query_one(f"#phase-{phase}", Button).variant = "primary" if end.phase == phase else "default"
        recent = [mark_words(m) for m in sheet.timeline[-12:]]
        self.query_one("#timeline", Static).update(" → ".join(recent) or "Nothing recorded yet.")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.id or ""
        if name.startswith("phase-"):
            generation = self.query_one("#generation", CountField).value
            self.app.send(EnterPhase(phase=name.removeprefix("phase-"), generation=max(generation, 1)))
        elif name == "event":
            self.action_event()
        elif name == "take-back":
            self.action_take_back()

    def action_event(self) -> None:
        self.app.send(RecordEvent())

    def action_take_back(self) -> None:
        if not self.sheet.timeline:
            self.notify("The timeline is empty.", severity="warning")
            return
        last = describe(UndoTimeline(), self.sheet)
        self.app.send(UndoTimeline())
        self.notify(last)
