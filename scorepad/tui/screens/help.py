"""Help: every key of the current screen and the app, and the easy-to-miss rules."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

REMINDERS = (
    ("M1", "A Library space covered by a Library Location tile still counts as empty for the end trigger."),
    ("M2", "King's Grace counts with Research and Crates for Supplies; in play it may be spent as any supply or for +1 Time."),
    ("M3", "A Young Scribe's Knowledge is counted at its printed value: it is not doubled."),
    ("M4", "Great Works acquired through the Academy need a matching Translation Stone."),
    ("M5", "Crafts can be wild for King's Requests, with limits for requests naming a specific specialty."),
    ("M6", "Card faces are not guessed here: the printed card always wins over the scorepad."),
)
FIELD_KEYS = (
    ("tab / shift+tab", "next / previous field"),
    ("enter", "commit the field and move on"),
    ("3+4+2", "number fields accept sums"),
)


def key_table(bindings) -> Table:
    """The bindings as a two-column table."""
    table = Table(show_header=False, box=None, padding=(0, 2))
    seen = set()
    for keys, description in [*FIELD_KEYS, *bindings]:
        if description and description not in seen:
            seen.add(description)
            table.add_row(Text(keys, style="bold"), description)
    return table


class HelpScreen(ModalScreen):
    """A modal listing keys and reminders; any of escape, F1 or ? closes it."""

    BINDINGS = [Binding("escape,f1,question_mark,q", "dismiss", "Close help")]

    def __init__(self, bindings) -> None:
        super().__init__()
        self.bindings = bindings

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Label("Keys", classes="heading")
            yield Static(key_table(self.bindings))
            yield Label("Easy-to-miss rules", classes="heading")
            for rule, text in REMINDERS:
                yield Static(f"[b]{rule}[/b]  {text}", classes="help-rule")
            yield Label("escape closes this help", classes="hint")
