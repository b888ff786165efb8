"""A row of choices in one line, like a row of buttons: left and right move, Enter or
Space (or a click) chooses. One may be marked as the current one (the phase the game is
in, say)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive

from .line_widget import LineWidget


class ChoiceBar(LineWidget, can_focus=True):
    """Options as ``(id, label)``; choosing one posts ``ChoiceBar.Chosen``."""

    BINDINGS = [
        Binding("left", "move(-1)", "Previous", show=False),
        Binding("right", "move(1)", "Next", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
    ]
    COMPONENT_CLASSES = {"choice-bar--option", "choice-bar--cursor", "choice-bar--marked"}
    GAP = 1

    highlighted: reactive[int] = reactive(0, repaint=False)  # redraw() repaints

    @dataclass
    class Chosen(Message):
        """An option was chosen."""

        bar: ChoiceBar
        option: str

    def __init__(self, options: list[tuple[str, str]], marked: str | None = None, *, label: str = "",
                 label_width: int = 0, **kwargs) -> None:
        super().__init__(**kwargs)
        self.options = options
        self.marked = marked
        self.label = label.ljust(label_width)  # drawn on the left, as a count table draws its rows

    def mark(self, option: str | None) -> None:
        """Show this option as the current one."""
        self.marked = option
        self.redraw()

    def action_move(self, step: int) -> None:
        self.highlighted = (self.highlighted + step) % len(self.options)

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.options[self.highlighted][0]))

    def watch_highlighted(self) -> None:
        self.redraw()

    def on_focus(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.redraw()

    def on_click(self, event: Click) -> None:
        at = event.get_content_offset(self)
        if at is None:
            return
        x = len(self.label)
        for index, (_, label) in enumerate(self.options):
            x += self.span(label)
            if at.x < x:
                self.highlighted = index
                self.action_choose()
                return

    def span(self, label: str) -> int:
        """The cells an option takes: its label padded by a space each side, then the gap."""
        return len(label) + 2 + self.GAP

    def line_keys(self) -> list:
        return [(self.marked, self.highlighted if self.has_focus else None)]

    def line_text(self, y: int) -> Text:
        style = self.get_component_rich_style
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
