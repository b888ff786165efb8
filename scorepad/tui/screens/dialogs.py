"""Small modal questions: open read-only? save elsewhere? which version to keep?"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; y or enter says yes, n or escape says no."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            with Horizontal(classes="buttons"):
                yield Button("Yes (y)", id="yes", variant="primary")
                yield Button("No (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class SaveAsScreen(ModalScreen[str | None]):
    """Asks for a file to save the sheet to (after a failed save)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, problem: str, suggestion: str) -> None:
        super().__init__()
        self.problem, self.suggestion = problem, suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.problem, classes="field-message -error")
            yield Label("The sheet is safe in memory. Save it to another file:")
            yield Input(self.suggestion, id="path")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str]):
    """A question with a few answers, each a button and a letter key; escape gives the
    last answer (the one that changes nothing)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, answers: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question, self.answers = question, answers  # (letter, words)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            with Vertical(classes="answers"):
                for n, (letter, words) in enumerate(self.answers):
                    yield Button(f"{words} ({letter})", id=f"answer-{letter}",
                                 variant="primary" if n == 0 else "default")

    def on_key(self, event) -> None:
        if any(event.character == letter for letter, _ in self.answers):
            event.stop()
            self.dismiss(event.character)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "").removeprefix("answer-"))

    def action_cancel(self) -> None:
        self.dismiss(self.answers[-1][0])
