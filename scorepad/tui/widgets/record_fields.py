"""The play record form's own fields: a line of text that says what a paste or a key
past its length left out, and the start player's list, both moving up and down the form
as Setup's fields do."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input, Select

from .form_field import TakesPastes, paste_in_line
from .form_focus import UP_DOWN, UpDownField


class RecordField(TakesPastes, Input, UpDownField):
    """A field of the form: Enter or Down goes to the next one, Up to the one before (as
    in Setup; Down did nothing here: a new user's run). A paste is one line, cut at the
    field's length; what was cut, or a key typed past it, is said (``Refused``)."""

    BINDINGS = [Binding("enter", "screen.next_field", "Next field", show=False), *UP_DOWN]

    class Refused(Message):
        """Text that did not fit in ``field``: ``words`` say so."""

        def __init__(self, field: RecordField, words: str) -> None:
            super().__init__()
            self.field, self.words = field, words

    def paste(self, text: str) -> None:
        """Paste ``text`` as one line (``paste_in_line``), saying if it was cut."""
        if paste_in_line(self, text):
            self.post_message(self.Refused(self, f"cut to {self.max_length:,} characters, the most it holds"))

    def restricted(self) -> None:
        """A key typed past the field's length (Textual rings the bell): said."""
        self.post_message(self.Refused(self, f"{self.max_length:,} characters at most"))


class StartPlayer(Select, UpDownField):
    """Who started: Enter or Space opens the list of players; Up and Down go to the field
    above or below, as everywhere in the form (Up opened the list, the next Up moved in
    it, and Enter chose a player, unnoticed: a new user's run)."""

    BINDINGS = [Binding("enter,space", "show_overlay", "Show the players", show=False), *UP_DOWN]
