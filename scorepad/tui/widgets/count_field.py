"""A number field: a whole number or a sum like ``3+4+2``, committed on Enter or on
leaving the field. Bad input shows a message by the field and stores nothing."""

from __future__ import annotations

import re
from typing import Callable

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

SUM = re.compile(r"^\d+(\+\d+)*$")


def parse_count(text: str) -> int:
    """``"3+4+2"`` -> 9; empty means 0; ValueError with a message otherwise."""
    compact = text.replace(" ", "")
    if not compact:
        return 0
    if compact.startswith("-"):
        raise ValueError("whole numbers from 0 up")
    if not SUM.match(compact):
        raise ValueError("type a whole number, or a sum like 3+4+2")
    return sum(int(part) for part in compact.split("+"))


def entry_problem(err: ValidationError) -> str:
    """The first validation error of an entry, in short words."""
    first = err.errors()[0]
    context = first.get("ctx") or {}
    if first["type"] == "less_than_equal":
        return f"at most {context['le']}: a typo?"
    if first["type"] == "greater_than_equal":
        return f"at least {context['ge']}"
    return first["msg"].removeprefix("Value error, ")


class CountField(Vertical):
    """A labelled number input that sends one entry when its value changes."""

    def __init__(self, label: str, value: int | None, make_entry: Callable[[int], object], *,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.value = value
        self.make_entry = make_entry

    def compose(self) -> ComposeResult:
        if self.label:
            yield Label(self.label, classes="field-label")
        yield Input("" if self.value is None else str(self.value), select_on_focus=True, compact=True, classes="count-input")
        yield Static("", classes="field-message")

    @property
    def input(self) -> Input:
        """The text input inside."""
        return self.query_one(Input)

    def say(self, text: str, error: bool = False) -> None:
        """Show a message under the field."""
        if (text, error) == getattr(self, "_said", ("", False)):
            return  # unchanged: no redraw, no new layout
        self._said = (text, error)
        message = self.query_one(".field-message", Static)
        message.update(text)
        message.set_class(error, "-error")
        self.set_class(error, "-invalid")

    def commit(self) -> bool:
        """Send the typed value if it changed; False (and a message) when it is refused."""
        text = self.input.value
        if not text.strip() and self.value is None:
            return True  # still unknown: nothing to store
        try:
            value = parse_count(text)
        except ValueError as err:
            self.say(str(err), error=True)
            return False
        if value == self.value:
            self.say(f"= {value}" if "+" in text else "")
            return True
        try:
            entry = self.make_entry(value)
        except ValidationError as err:
            self.say(entry_problem(err), error=True)
            return False
        problem = self.app.send(entry)
        if problem:
            self.say(problem, error=True)
            return False
        self.value = value
        self.say(f"= {value}" if "+" in text else "")
        return True

    def show(self, value: int | None) -> None:
        """Follow the sheet (after undo, say) without losing a sum that still adds up."""
        self.value = value
        text = self.input.value
        try:
            typed = None if value is None and not text.strip() else parse_count(text)
        except ValueError:
            typed = -1
        if typed != value:
            self.input.value = "" if value is None else str(value)
            self.say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.commit():
            self.screen.focus_next()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        event.stop()
        self.commit()
