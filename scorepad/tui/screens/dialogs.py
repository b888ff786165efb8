"""Small modal questions: open read-only? save elsewhere? which version to keep?"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from .asking import AskedByAKey, CameUpOnItsOwn, ClearsToasts


class ConfirmScreen(ClearsToasts, AskedByAKey, ModalScreen[bool]):
    """A yes/no question; y says yes, n or escape says no, Enter the focused button
    (Yes, or No when yes would lose something: ``risky``). Asked by a key: the keys
    typed on straight after it are no answer (``AskedByAKey``)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, *, risky: bool = False) -> None:
        super().__init__()
        self.question = question
        self.risky = risky  # yes loses something: No has the focus, so Enter keeps it

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, markup=False)  # a file's name in it, as it is
            yield self.not_taken_label()
            with Horizontal(classes="buttons"):
                yield Button("Yes (y)", id="yes", variant="default" if self.risky else "primary")
                yield Button("No (n)", id="no", variant="primary" if self.risky else "default")

    def on_mount(self) -> None:
        if self.risky:
            self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class SaveAsScreen(ClearsToasts, CameUpOnItsOwn, ModalScreen[str | None]):
    """Asks for a file to save the sheet to (after a failed save). It comes up on its
    own (``asked_at``: the App then takes no key typed for the screen below as its
    answer), and only a full path is taken: digits and Enter must not save the game as
    ``./50``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    SAVING = ("The sheet is safe in memory. Save it to another file (a full path), "
              "or Esc to go on (Ctrl+P: Save elsewhere, later):")
    CHOSEN = "Save the sheet to another file (a full path) and go on there, or Esc to cancel:"

    def __init__(self, problem: str, suggestion: str, asked_at: float | None = None, words: str = SAVING) -> None:
        super().__init__()
        self.problem, self.suggestion, self.asked_at = problem, suggestion, asked_at
        self.words = words  # what is asked: a save of the open game, unless said otherwise

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if self.problem:
                yield Label(self.problem, id="save-problem", classes="field-message -error", markup=False)
            yield from self.unprompted_labels()
            yield Label(self.words)
            yield Input(self.suggestion, id="path", select_on_focus=False)
            yield Label("", id="path-message", classes="field-message -error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = event.value.strip()
        if not path.startswith(("/", "~")) and not (len(path) > 2 and path[1] == ":"):
            self.query_one("#path-message", Label).update("A full path, starting with / or ~.")
            for before in self.query("#save-problem"):  # one problem at a time: the newest
                before.display = False
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ClearsToasts, CameUpOnItsOwn, AskedByAKey, ModalScreen[str]):
    """A question with a few answers, each a letter key (or a click): no answer is
    focused, so Enter answers nothing; one that comes up on its own has ``asked_at``
    (the App then takes no key typed for the screen below as an answer), one asked by
    a key takes none typed on straight after it (``AskedByAKey``). Escape gives
    ``cancel``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, answers: list[tuple[str, str]], cancel: str = "",
                 asked_at: float | None = None) -> None:
        super().__init__()
        self.question, self.answers = question, answers  # (letter, words)
        self.cancel, self.asked_at = cancel, asked_at

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, markup=False)  # a file's name in it, as it is
            yield from self.unprompted_labels()
            yield self.not_taken_label()
            with Vertical(classes="answers"):
                for n, (letter, words) in enumerate(self.answers):
                    # a folder's name in it, as it is ("[/t]" would be markup, and stop the app)
                    button = Button(Content(f"{words} ({letter})"), id=f"answer-{letter}",
                                    variant="primary" if n == 0 else "default")
                    button.can_focus = False
                    yield button

    def on_key(self, event) -> None:
        if any(event.character == letter for letter, _ in self.answers):
            event.stop()
            self.dismiss(event.character)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "").removeprefix("answer-"))

    def action_cancel(self) -> None:
        self.dismiss(self.cancel)
