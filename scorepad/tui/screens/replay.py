"""Replay: step forward and back through a saved game's history."""

from __future__ import annotations

from time import thread_time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, Static

from ...rules.endgame import end_status
from ...rules.pinax import until
from ...rules.replay import Step
from ...rules.standings import standings
from ..widgets.bar_chart import CategoryBars
from ..widgets.footer import FooterBand
from ..widgets.live_totals import LiveTotals
from ..widgets.status_banner import StatusBanner
from ..widgets.title_bar import TitleBar


STEP_BUDGET = 0.008  # seconds of UI-thread CPU a step's Pinax searches may take (S5)


class ReplayScreen(Screen):
    """Shows the sheet after one step of its history; arrows move between steps."""

    NOT_HERE = "A replay shows the game's steps as they were: ← and → step through them, Esc goes back."
    BINDINGS = [
        Binding("right,l", "step(1)", "Next step"),
        Binding("left,h", "step(-1)", "Previous step"),
        Binding("home", "jump(0)", "First"),
        Binding("end", "jump(-1)", "Last"),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, steps: list[Step], notes: list[str], name_of_file: str) -> None:
        super().__init__()
        self.steps, self.notes, self.file_name = steps, notes, name_of_file
        self.index = len(steps) - 1

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label(f"Replay of {self.file_name}", classes="heading", markup=False)
        yield Static("", id="step", classes="step")
        yield StatusBanner(id="status")
        yield LiveTotals(id="totals")
        yield CategoryBars(id="bars")
        notes = Static("\n".join(self.notes), id="notes", classes="reminder", markup=False)
        notes.display = bool(self.notes)  # none: no warning bar standing alone
        yield notes
        yield FooterBand()

    def on_mount(self) -> None:
        self.call_after_refresh(self.show_step)

    def show_step(self) -> None:
        """Show the current step (a hard Pinax search is cut short, as on the game's
        screens: its figure shows as the best found so far)."""
        step = self.steps[self.index]
        self.query_one("#step", Static).update(Content(f"Step {step.number} of {len(self.steps)}: {step.text}"))
        table = standings(step.sheet, until(STEP_BUDGET, thread_time))
        self.query_one(LiveTotals).show(table)
        self.query_one(CategoryBars).show(table)
        self.query_one(StatusBanner).show(end_status(step.sheet))

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self.show_step()

    def action_jump(self, where: int) -> None:
        self.index = where % len(self.steps)
        self.show_step()

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
