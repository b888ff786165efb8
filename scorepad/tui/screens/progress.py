"""Game progress, for use during play: phase, round, Events and empty Library spaces,
with the end-trigger status in plain words (E1-E8)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label, Static

from ...rules.describe import describe
from ...rules.endgame import PHASE_LABELS
from ...rules.entries import CountEmptySpaces, EnterPhase, RecordEvent, StartRound, UndoTimeline
from ...rules.models import Sheet
from ..widgets.choice_bar import ChoiceBar
from ..widgets.count_grid import CountGrid
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
    EDITS = frozenset({"event", "take_back"})

    def structure(self, sheet: Sheet) -> object:
        return (super().structure(sheet), sheet.library is not None)

    def counts(self, sheet: Sheet) -> tuple[tuple[str, str], ...]:
        """The counts typed after the phase; with a Library grid, the empty spaces are
        counted from it."""
        rows = (("round", "Round"),)
        return rows if sheet.library is not None else (*rows, ("empty", "Empty Library spaces"))

    def values(self, rows: tuple[tuple[str, str], ...]) -> list[list[int | None]]:
        """The stored values of these counts (one column)."""
        end = self.app.end()
        known = {"generation": end.generation, "round": end.round, "empty": end.empty_spaces}
        return [[known[key]] for key, _ in rows]

    def count_entry(self, key: str, _column: int, value: int):
        """The entry a typed count makes."""
        if key == "generation":
            return EnterPhase(phase=self.app.end().phase or "planning", generation=value)
        if key == "round":
            return StartRound(round=value)
        return CountEmptySpaces(count=value)

    def body(self) -> ComposeResult:
        # in the order of play: the generation, its phase, then the round
        generation, rows = (("generation", "Generation"),), self.counts(self.sheet)
        width = max(len(label) for _, label in (*generation, *rows)) + 2  # one column of values
        yield CountGrid(generation, ("",), self.values(generation), self.count_entry, hint=False,
                        label_width=width, id="generation", classes="inline")
        yield ChoiceBar(list(PHASE_LABELS.items()), self.app.end().phase, label="Phase", label_width=width,
                        id="phase")
        yield CountGrid(rows, ("",), self.values(rows), self.count_entry, hint=False, label_width=width,
                        id="counts", classes="inline")
        if self.sheet.library is not None:
            yield Label("", id="grid-count", classes="field-label")
        yield ChoiceBar([("event", "Record an Event (ctrl+r)"), ("take-back", "Take back the last mark (ctrl+t)")],
                        id="actions")
        yield Label("M1: a space covered by a Library Location tile still counts as empty.",
                    classes="reminder")
        yield Label("Timeline", classes="subheading")
        yield Static("", id="timeline")

    def update(self, sheet: Sheet) -> None:
        end = self.app.end()
        for grid in self.query(CountGrid):
            grid.show(self.values(grid.rows))
        self.query_one("#phase", ChoiceBar).mark(end.phase)
        if sheet.library is not None:
            self.query_one("#grid-count", Label).update(
                f"Empty Library spaces, counted from the grid: {sheet.library.grid.empty_spaces}")
        recent = [mark_words(m) for m in sheet.timeline[-12:]]
        self.query_one("#timeline", Static).update(" → ".join(recent) or "Nothing recorded yet.")

    def on_choice_bar_chosen(self, event: ChoiceBar.Chosen) -> None:
        if event.bar.id == "phase":
            self.send(EnterPhase(phase=event.option, generation=max(self.app.end().generation, 1)))
        elif event.option == "event":
            self.action_event()
        else:
            self.action_take_back()

    def action_event(self) -> None:
        self.send(RecordEvent())

    def action_take_back(self) -> None:
        if not self.sheet.timeline:
            self.notify("The timeline is empty.", severity="warning")
            return
        last = describe(UndoTimeline(), self.sheet)
        if not self.send(UndoTimeline()):
            self.notify(last)
