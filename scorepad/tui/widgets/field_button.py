"""A button among a screen's fields, as in a form: Up and Down go to the field above or
below. A plain button leaves them to the scrolling page around it, which scrolled away
from it while it kept the focus: Enter then pressed a button out of sight (a Pinax
tile's ✕, a new user's run)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Button

from .form_focus import focus_neighbour


class FieldButton(Button):
    """A Button whose Up / Down move the focus (``focus_neighbour``), never the page."""

    BINDINGS = [
        Binding("up", "neighbour(-1)", "Field above", show=False),
        Binding("down", "neighbour(1)", "Field below", show=False),
    ]

    def action_neighbour(self, step: int) -> None:
        """Focus the field above or below; with none there, stay."""
        focus_neighbour(self, step)
