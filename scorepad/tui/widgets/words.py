"""Words in a Label or Static that follow the sheet."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


def show_words(widget: Static, words: str, layout: bool = True) -> None:
    """Put these words in the widget, unless it shows them already. A layout of the
    whole screen (Textual's default for new words) only when they need another size:
    the timeline's words changed on every commit of Game progress, and the layout was
    most of that commit's frame. ``layout=False`` for a widget whose size the words
    never change (its height set in the stylesheet): it is only drawn again."""
    if widget.content == words:
        return
    before = box(widget) if layout else None
    widget.update(Content(words), layout=False)  # names in them are shown as typed, never as markup
    if layout and (before is None or box(widget) != before):
        widget.refresh(layout=True)


def box(widget: Static) -> tuple[int, int] | None:
    """The width and height the widget's words ask for where it is (None before its
    first layout): an auto width is the words' own, an auto height their lines."""
    width = widget.outer_size.width - widget.gutter.width  # as laid out: ``size`` may lay the screen out again
    if not width:
        return None
    styles, visual = widget.styles, widget.visual
    wide = visual.get_optimal_width(styles, widget.container_size.width) if styles.is_auto_width else width
    return wide, visual.get_height(styles, width) if styles.is_auto_height else 0
