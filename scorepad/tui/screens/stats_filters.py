"""The Statistics screen's questions: which days (from, to) and which players."""

from __future__ import annotations

from datetime import date

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, SelectionList


def day_or_empty(text: str) -> str:
    """A typed day as ``YYYY-MM-DD`` ("" for none); ValueError for anything else."""
    text = text.strip()
    return date.fromisoformat(text).isoformat() if text else ""


class DatesScreen(ModalScreen[tuple[str, str] | None]):
    """From and to, both included, each empty for no bound; Enter on the last applies."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, since: str, until: str) -> None:
        super().__init__()
        self.since, self.until = since, until

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Count the games played from one day to another (both included); "
                        "leave a day empty for no bound. Enter applies, Esc cancels.")
            yield Label("From (2026-01-31)", classes="field-label")
            yield Input(self.since, id="since", placeholder="the first game")
            yield Label("To", classes="field-label")
            yield Input(self.until, id="until", placeholder="the last game")
            yield Label("", id="dates-message", classes="field-message -error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "since":
            self.query_one("#until", Input).focus()
            return
        try:
            since, until = (day_or_empty(self.query_one(f"#{name}", Input).value) for name in ("since", "until"))
        except ValueError:
            self.query_one("#dates-message", Label).update("A day is written 2026-01-31 (year, month, day).")
            return
        if since and until and since > until:
            self.query_one("#dates-message", Label).update("The first day comes after the last.")
            return
        self.dismiss((since, until))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlayersScreen(ModalScreen[tuple[str, ...] | None]):
    """A group of players: only the games where all of them played count. Space ticks a
    player, Enter applies (none ticked: everyone), Esc cancels."""

    BINDINGS = [Binding("enter", "apply", "Show", priority=True), Binding("escape", "cancel", "Cancel")]

    def __init__(self, names: list[str], chosen: tuple[str, ...]) -> None:
        super().__init__()
        self.names, self.chosen = names, chosen

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Count only the games where all the players ticked played (space ticks, "
                        "Enter shows them, Esc cancels; none ticked: everyone).")
            yield SelectionList[str](*((name, name, name in self.chosen) for name in self.names), id="group")

    def action_apply(self) -> None:
        self.dismiss(tuple(self.query_one(SelectionList).selected))

    def action_cancel(self) -> None:
        self.dismiss(None)
