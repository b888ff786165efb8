"""A row of choices in one line, like a row of buttons: left and right move (stopping
at the ends: Left on the first never lands on the last), up and down go to the field
above or below, Enter or Space (or a click) chooses. One may be marked as the current one (the phase the game is
in, say). A bar that is a field of a form (the phase) hands the focus on after Enter,
as a count table does; a bar of actions (the exports) keeps it, for the next press."""

from __future__ import annotations

from dataclasses import dataclass
from time import monotonic

from rich.text import Text
from textual.binding import Binding
from textual.events import Click, Key
from textual.message import Message
from textual.reactive import reactive

from .form_focus import focus_neighbour
from .line_widget import LineWidget


NOTE_SECONDS = 3  # how long the note for a key the bar does not take stays up


class ChoiceBar(LineWidget, can_focus=True):
    """Options as ``(id, label)``; choosing one posts ``ChoiceBar.Chosen``."""

    BINDINGS = [
        Binding("left", "move(-1)", "Previous", show=False),
        Binding("right", "move(1)", "Next", show=False),
        Binding("up", "field(-1)", "Field above", show=False),
        Binding("down", "field(1)", "Field below", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
    ]
    COMPONENT_CLASSES = {"choice-bar--option", "choice-bar--cursor", "choice-bar--marked"}
    GAP = 1

    highlighted: reactive[int] = reactive(0, repaint=False)  # redraw() repaints
    noted_at = float("-inf")  # when a key the bar does not take was last typed on it
    # a key the bar does not take came, and no arrow since: Enter is not taken either (in a
    # burst, 1 Tab 2 Enter recorded an Event, which may end the game; new-user run)
    halted = False

    @dataclass
    class Chosen(Message):
        """An option was chosen."""

        bar: ChoiceBar
        option: str

    def __init__(self, options: list[tuple[str, str]], marked: str | None = None, *, label: str = "",
                 label_width: int = 0, moves_on: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.options = options
        self.marked = marked
        self.label = label.ljust(label_width)  # drawn on the left, as a count table draws its rows
        self.moves_on = moves_on
        self.set_reactive(ChoiceBar.highlighted, self.index(marked, 0))

    def index(self, option: str | None, default: int) -> int:
        """Where an option is in the bar (``default`` when it is not there)."""
        return next((i for i, (o, _) in enumerate(self.options) if o == option), default)

    def mark(self, option: str | None) -> None:
        """Show this option as the current one. Unless the user is moving along the bar,
        the cursor goes to it too: Enter on arriving then keeps the current one."""
        self.marked = option
        if not self.has_focus:
            self.highlight(option)
        self.redraw()

    def highlight(self, option: str | None) -> None:
        """Put the cursor on this option (left where it is when the bar has no such option)."""
        self.highlighted = self.index(option, self.highlighted)

    def action_move(self, step: int) -> None:
        self.halted = False
        self.highlighted = min(max(self.highlighted + step, 0), len(self.options) - 1)

    def action_field(self, step: int) -> None:
        """To the field above or below (none past the first or the last)."""
        self.halted = False
        focus_neighbour(self, step)

    def action_choose(self) -> None:
        """Choose the option under the cursor; a bar that moves on then hands the focus
        to the next field (the next key still waits until the choice is handled). Not
        after a key the bar does not take, until an arrow: that Enter was the value's."""
        if self.halted:
            self.notify("Not chosen: the key before it does nothing here (a value typed on, maybe). ←/→ pick, "
                        "then Enter chooses.", severity="warning", timeout=NOTE_SECONDS)
            return
        self.post_message(self.Chosen(self, self.options[self.highlighted][0]))
        if self.moves_on:
            self.screen.focus_next()

    def watch_highlighted(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.halted = False

    def on_key(self, event: Key) -> None:
        """A character no key here takes says so: typed after a count's Enter had moved on
        to a bar of actions, a digit vanished without a word (new-user run)."""
        if event.is_printable and event.key not in self.screen.active_bindings and event.key != "space":
            self.halted = True
            if monotonic() - self.noted_at > NOTE_SECONDS:  # once for a run of keys, not a toast each
                self.notify(f"{event.character!r} does nothing here: ←/→ pick, Enter chooses, ↑/↓ go to the "
                            "field above or below.", severity="warning", timeout=NOTE_SECONDS)
            self.noted_at = monotonic()

    def on_click(self, event: Click) -> None:
        at = event.get_content_offset(self)
        if at is None:
            return
        x = len(self.label)
        for index, (_, label) in enumerate(self.options):
            x += self.span(label)
            if at.x < x:  # a click chooses and leaves the focus here, where the pointer is
                self.highlighted = index
                self.post_message(self.Chosen(self, self.options[index][0]))
                return

    def span(self, label: str) -> int:
        """The cells an option takes: its label padded by a space each side, then the gap."""
        return len(label) + 2 + self.GAP

    def line_keys(self) -> list:
        return [(self.marked, self.highlighted if self.has_focus else None)]

    def line_text(self, y: int) -> Text:
        style = self.component_style
        text = Text(self.label, no_wrap=True, overflow="ellipsis")
        for index, (option, label) in enumerate(self.options):
            kind = "choice-bar--option"
            if option == self.marked:
                kind = "choice-bar--marked"
            if index == self.highlighted and self.has_focus:
                kind = "choice-bar--cursor"
            text.append(f" {label} ", style=style(kind))
            text.append(" " * self.GAP)
        return text

    def get_content_width(self, container, viewport) -> int:
        return len(self.label) + sum(self.span(label) for _, label in self.options)
