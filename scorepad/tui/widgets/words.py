"""Words in a Label or Static that follow the sheet."""

from __future__ import annotations

from textual.widgets import Static


def show_words(widget: Static, words: str, layout: bool = True) -> None:
    """Put these words in the widget, unless it shows them already: every update asks
    Textual for a new layout of the whole screen, which a commit should not pay for
    when nothing there changed. ``layout=False`` for a widget whose size the words do
    not change (its height set in the stylesheet): it is only drawn again."""
    if widget.content != words:
        widget.update(words, layout=layout)
