"""Widgets that follow the sheet, drawn again only where they can be seen.

Textual takes a repaint of a widget it did not draw in the last frame for a widget it
has not placed yet, and lays out the whole screen before the next frame. At 80x24
most of a game screen is out of sight: a Seal typed on the Library grid changed the
Pinax in the quick-count table above it, and the two layouts that followed were 7 ms
of the commit's 10 (120x50; more at 80x24, where more is hidden). Asking a widget out
of sight for its size after a scroll costs such a layout too.

A widget out of sight is only marked to be drawn again (Textual's own marks, as
``refresh`` sets them): Textual draws it when it comes into sight (a scroll, a resize,
the screen shown again), as it draws any widget then.
"""

from __future__ import annotations

from typing import Self

from textual.dom import NoScreen
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Label, Static


class DrawnInSight(Widget):
    """A widget whose repaints wait, while it is scrolled out of sight, until it comes
    into sight (see the module's docstring)."""

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if not (repaint and not layout and not recompose and placed_out_of_sight(self)):
            return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        # all of it, border and padding too, by the size it was laid out at (``refresh()``
        # would ask the layout); Textual moves the regions given by the content's offset
        x, y = self.content_offset
        super().refresh(*(regions or (Region(-x, -y, *self.outer_size),)))
        self._repaint_required = False  # marked to be drawn; not drawn now
        return self


# Label (Static) first: Textual's CSS knows a widget by its first base's line of types
class Words(Label, DrawnInSight):
    """A Label whose words follow the sheet (see ``show_words``), shown as they are:
    a player's name in them is never read as markup."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, markup=False, **kwargs)


class WordsBlock(Static, DrawnInSight):
    """A Static (wrapped to the width it is given) whose words follow the sheet, shown
    as they are (no markup)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, markup=False, **kwargs)


def placed_out_of_sight(widget: Widget) -> bool:
    """Whether the widget has been laid out but was not drawn in the last frame of its
    screen: scrolled out of its container. Asks nothing of the layout."""
    if not widget.is_attached or not widget.outer_size:
        return False  # not laid out yet: only a layout places it
    try:
        drawn = widget.screen._compositor.visible_widgets
    except NoScreen:
        return False  # let ``refresh`` handle it, as it does
    return bool(drawn) and widget not in drawn
