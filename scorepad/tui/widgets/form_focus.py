"""Up and Down between the fields of a screen, as in a form: to the field above or
below in the focus chain, and nowhere past the first or the last (Textual's
``focus_previous`` wraps round the screen: Up on the first field landed on the last
one, a button whose Enter removed the Library grid)."""

from __future__ import annotations

from textual.widget import Widget


def focus_neighbour(widget: Widget, step: int) -> bool:
    """Focus the field before (``step`` -1) or after (+1) this one; False, and the focus
    stays, when there is none that way."""
    chain = widget.screen.focus_chain
    if widget not in chain:
        return False
    at = chain.index(widget) + step
    if not 0 <= at < len(chain):
        return False
    widget.screen.set_focus(chain[at])
    return True
