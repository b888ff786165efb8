"""A number field: a whole number or a sum like ``3+4+2``, committed on Enter or on
leaving the field. Bad input shows a message by the field and stores nothing."""

from __future__ import annotations

import re
from typing import Callable, NamedTuple

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


class Committed(NamedTuple):
    """What committing a typed value left: the stored value and the words for the field."""

    value: int | None
    message: str
    error: bool


def commit_text(app, text: str, stored: int | None, make_entry: Callable[[int], object]) -> Committed:
    """Send the value typed as ``text`` if it differs from ``stored``.

    A typo, a value the rules refuse or an entry the sheet refuses leaves ``stored`` as
    it was and says why; a sum like ``3+4+2`` is answered with ``= 9``."""
    if not text.strip() and stored is None:
        return Committed(None, "", False)  # still unknown: nothing to store
    try:
        value = parse_count(text)
    except ValueError as err:
        return Committed(stored, str(err), True)
    note = f"= {value}" if "+" in text else ""
    if value == stored:
        return Committed(value, note, False)
    try:
        entry = make_entry(value)
    except ValidationError as err:
        return Committed(stored, entry_problem(err), True)
    problem = app.send(entry)
    if problem:
        return Committed(stored, problem, True)
    return Committed(value, note, False)


def value_text(value: int | None) -> str:
    """A stored value as a field shows it (nothing while it is unknown)."""
    return "" if value is None else str(value)


def still_means(text: str, value: int | None) -> bool:
    """Whether the typed text still stands for ``value`` (a sum that adds up to it, say):
    a field that follows the sheet after an undo keeps such text as typed."""
    if value is None:
        return not text.strip()
    try:
        return parse_count(text) == value
    except ValueError:
        return False


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
        yield Input(value_text(self.value), select_on_focus=True, compact=True, classes="count-input")
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
        done = commit_text(self.app, self.input.value, self.value, self.make_entry)
        self.value = done.value
        self.say(done.message, error=done.error)
        return not done.error

    def show(self, value: int | None) -> None:
        """Follow the sheet (after undo, say) without losing a sum that still adds up."""
        self.value = value
        if not still_means(self.input.value, value):
            self.input.value = value_text(value)
            self.say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.commit():
            self.screen.focus_next()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        event.stop()
        self.commit()
