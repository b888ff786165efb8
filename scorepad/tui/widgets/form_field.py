"""Text set or pasted into the play record's fields: cut at the field's length and
said, never dropped. Textual's Input refuses a change that would go past
``max_length`` whole (a paste one character too long is not pasted at all), and keeps
only the first line of a paste."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from ...messages import CONTROLS


def fill_field(field: Input, value: str, cursor: int | None = None) -> bool:
    """Set a field's text, cut at its ``max_length``, the cursor at ``cursor`` (else at
    the end), without control characters (``CONTROLS``); whether it was cut. A longer
    value would leave a field the Input refuses to edit at all."""
    value = CONTROLS.sub("", value)  # a paste's escape sequences: no key types them, no sheet takes them
    cut = bool(field.max_length) and len(value) > field.max_length
    if cut:
        value = value[:field.max_length]
    field.value = value
    field.cursor_position = len(value) if cursor is None else min(cursor, len(value))
    return cut


def paste_in_line(field: Input, text: str) -> bool:
    """Paste ``text`` at the field's cursor (over its selection) as one line: its lines
    joined by a space, each without the spaces around it. Whether it was cut to fit."""
    if "\n" in text or "\r" in text:
        text = " ".join(line.strip() for line in text.splitlines() if line.strip())
    start, end = sorted(field.selection)
    return fill_field(field, field.value[:start] + text + field.value[end:], start + len(text))


class TakesPastes:
    """A field that takes a terminal's paste (bracketed paste mode) and Ctrl+V's (the
    app's clipboard) alike, by its own ``paste(text)``: Input's own paste would keep a
    tab and drop every line after the first."""

    def on_paste(self, event: events.Paste) -> None:
        event.prevent_default()
        event.stop()
        self.paste(event.text)

    def action_paste(self) -> None:
        self.paste(self.app.clipboard)
