"""The end-trigger status in plain words (E1-E8) and what the table does next."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from ...rules.endgame import EndStatus


def status_words(end: EndStatus) -> str:
    """One or two lines: triggered or not, the cause, the next step, the warnings."""
    if end.triggered:
        cause = "the second Event" if end.cause == "event" else "the Library (two or fewer empty spaces)"
        head = f"END TRIGGERED by {cause}, {end.when} ({end.rule}). {end.next}"
    else:
        head = end.next
    extra = "  ".join(w for w in end.warnings if w != head)  # the next step may be a warning too (E7)
    return f"{head}\n{extra}" if extra else head


class StatusBanner(Static):
    """Shown on every game screen, coloured by how close the end is."""

    def show(self, end: EndStatus) -> None:
        """Update the words and the colour class (a redraw only when they changed)."""
        if end is getattr(self, "_end", None):
            return  # the same status (a value typed leaves it be): nothing to work out
        self._end = end
        words = status_words(end)
        if words != getattr(self, "_words", None):
            self._words = words
            self.update(Content(words))  # a start player's name as typed, no markup
        self.set_class(end.triggered, "-triggered")
        self.set_class(not end.triggered and bool(end.warnings), "-warning")
