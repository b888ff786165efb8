"""A game screen's name line, which also says for a moment what an undo or redo did."""

from __future__ import annotations

from textual.content import Content
from textual.timer import Timer
from textual.visual import VisualType
from textual.widgets import Label

NOTE_SECONDS = 2.5


class ScreenHeading(Label):
    """The screen's name (Results': and who won), under the end-trigger banner. ``say``
    shows a note, one line, in its place for ``NOTE_SECONDS`` (each note replaces the last), then the name comes
    back: as toasts, three undos in a row stacked over the right half of an 80 x 24 table
    and its live totals, where the user looks to see what was undone."""

    def __init__(self, heading: VisualType, **options) -> None:
        super().__init__(heading, **options)
        self.heading = heading
        self.note_timer: Timer | None = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """A new heading (Results names the winner): shown now, or once a note is over."""
        self.heading = content
        if self.note_timer is None:
            super().update(content, layout=layout)

    def say(self, words: str, warning: bool = False) -> None:
        """Show ``words`` (plain text, never markup) on the heading's line for a moment,
        marked as a warning when the key did nothing."""
        if self.note_timer is not None:
            self.note_timer.stop()
        self.add_class("-said")
        self.set_class(warning, "-warning")
        super().update(Content(words))
        self.note_timer = self.set_timer(NOTE_SECONDS, self.heading_again)

    def heading_again(self) -> None:
        """The note's time is up: the heading again."""
        self.note_timer = None
        self.remove_class("-said", "-warning")
        super().update(self.heading)
