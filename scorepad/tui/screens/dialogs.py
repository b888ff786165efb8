"""Small modal questions: open read-only? save elsewhere? which version to keep?"""

from __future__ import annotations

from time import monotonic

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label


# said by a question that came up on its own, once a key typed meanwhile went nowhere
UNPROMPTED = "Keys typed as this came up were not used."
# and when a value being typed as it came up was put back (not stored)
PUT_BACK = "A value being typed was put back: type it again once this is answered."
# said by a question asked by a key, once keys typed on straight after that key were not taken
NOT_TAKEN = "The keys typed straight after were not taken as an answer: answer now."


class AskedByAKey:
    """A question asked by the typist's own key (Esc on a form, Enter on a ✕, Ctrl+Q).
    The keys typed on in the same run as that key were meant for the screen below: a
    name typed on after Esc (``yves``) answered Yes with its ``y`` and threw the form
    away, and ``M*4`` Enter ``y`` typed onto a tile's ✕ removed the tile. The App takes
    no key of that run as an answer (``prompted_at``: when it was asked) and says so
    here; a key after a pause answers at once."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.prompted_at = monotonic()  # made as the key that asks it is handled

    def note_not_taken(self) -> None:
        """Say that keys typed on were not taken as an answer."""
        self.query_one("#not-taken", Label).display = True

    @staticmethod
    def not_taken_label() -> Label:
        """The line that says it, hidden until then."""
        label = Label(NOT_TAKEN, id="not-taken", classes="hint")
        label.display = False
        return label


class ClearsToasts:
    """A question asked by the user's key clears the toasts on screen as it comes up: at
    80 x 24 one covered half of the quit question's reason (a new user's run), and what
    they said is older than what the user does now. One that comes up on its own
    (``asked_at``) leaves them: they may say why it came up, or where opening the game
    kept something."""

    def on_mount(self) -> None:
        if getattr(self, "asked_at", None) is None:
            self.app.clear_notifications()


class CameUpOnItsOwn:
    """A question nobody asked for (a save failed, someone else saved), when ``asked_at``
    is set: the App takes no key typed for the screen below as its answer. What it says
    of the keys is what happened to them: a value being typed put back (``put_back``,
    set by whoever puts it up) and, once one is, keys left unused. It said both each
    time, though no key had come after the Enter that stored 41 (a new user's run)."""

    asked_at: float | None = None
    put_back = False  # a value being typed as it came up was put back, not stored

    def unprompted_labels(self) -> ComposeResult:
        """The lines that say it, the unused keys' hidden until then."""
        if self.asked_at is None:
            return
        if self.put_back:
            yield Label(PUT_BACK, classes="hint")
        unused = Label(UNPROMPTED, id="unused", classes="hint")
        unused.display = False
        yield unused

    def note_unused(self) -> None:
        """Say that keys typed as it came up were not used."""
        for label in self.query("#unused"):
            label.display = True


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
