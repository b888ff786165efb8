"""A button among a screen's fields, as in a form (``UpDownField``)."""

from __future__ import annotations

from textual.widgets import Button

from .form_focus import UP_DOWN, UpDownField


class FieldButton(Button, UpDownField):
    """A Button whose Up / Down move the focus to the field above or below."""

    BINDINGS = UP_DOWN
