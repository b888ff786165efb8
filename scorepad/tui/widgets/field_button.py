"""A button among a screen's fields, as in a form (``UpDownField``)."""

from __future__ import annotations

from textual import events
from textual.widgets import Button

from .form_focus import UP_DOWN, UpDownField


class FieldButton(Button, UpDownField):
    """A Button whose Up / Down move the focus to the field above or below. A value
    typed on it says it is a button: Tab landed on a tile's ✕, and an M typed there did
    nothing without a word, the next keys then typed into the grid (a new user's run)."""

    BINDINGS = UP_DOWN
    said = False  # said since the focus came: a burst of a value is one word, not one a key

    def on_blur(self) -> None:
        self.said = False

    def on_key(self, event: events.Key) -> None:
        if not event.is_printable or event.key == "space" or event.key in self.screen.active_bindings or self.said:
            return  # a key that does something here, no value at all, or said already
        self.said = True
        what = self.tooltip if isinstance(self.tooltip, str) else str(self.label)
        self.notify(f"{what} is a button: Enter presses it; Tab goes on to the next field.",
                    severity="warning", timeout=4)
