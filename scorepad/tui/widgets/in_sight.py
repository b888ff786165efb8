"""Repainting a widget that may be scrolled out of sight.

Textual takes a repaint of a widget it did not draw in the last frame for a widget it
has not placed yet, and lays out the whole screen before the next frame. At 80x24
most of a game screen is out of sight: a Seal typed on the Library grid changed the
Pinax in the quick-count table above it, and the two layouts that followed were 7 ms
of the commit's 10 (120x50; more at 80x24, where more is hidden). A widget out of
sight is only marked to be drawn again: Textual draws it when it comes into sight
(a scroll, a resize, the screen shown again), as it draws any widget then.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from textual.dom import NoScreen
from textual.widget import Widget


@contextmanager
def drawn_when_in_sight(widget: Widget) -> Iterator[None]:
    """Repaints of the widget asked for in this block (``refresh``, ``Static.update``)
    are drawn in the next frame if it is in sight, when it comes into sight if not."""
    later = placed_out_of_sight(widget)
    yield
    if later:
        # the new content is marked to be drawn (Textual's own marks, which ``refresh``
        # set); only the request that the screen draw it now is taken back
        widget._repaint_required = False


def placed_out_of_sight(widget: Widget) -> bool:
    """Whether the widget has been laid out but was not drawn in the last frame of its
    screen: scrolled out of its container. Asks nothing of the layout: the region of a
    widget out of sight costs Textual a layout of the whole screen after each change."""
    if not widget.is_attached or not widget.outer_size:
        return False  # not laid out yet: only a layout places it
    try:
        drawn = widget.screen._compositor.visible_widgets
    except NoScreen:
        return False  # let ``refresh`` handle it, as it does
    return bool(drawn) and widget not in drawn
