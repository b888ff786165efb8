"""Up and Down between the fields of a screen, as in a form: to the field above or
below in the focus chain, and nowhere past the first or the last (Textual's
``focus_previous`` wraps round the screen: Up on the first field landed on the last
one, a button whose Enter removed the Library grid)."""

from __future__ import annotations

from textual.binding import Binding
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


# Up and Down between fields, for a field whose own keys leave them free (a button, a
# line of text): in its own BINDINGS, which come after those of every base (an Input's
# bases bind them to scrolling), with ``UpDownField`` for their action
UP_DOWN = [
    Binding("up", "neighbour(-1)", "Field above", show=False),
    Binding("down", "neighbour(1)", "Field below", show=False),
]


class UpDownField:
    """Mixin for a field with ``UP_DOWN``: Up and Down go to the field above or below,
    never scroll the page. Left to the page around it, they scrolled it away from a
    button that kept the focus (Enter then pressed a Pinax tile's ✕ out of sight), and
    did nothing in the play record's form."""

    def action_neighbour(self, step: int) -> None:
        """Focus the field above or below; with none there, stay."""
        focus_neighbour(self, step)
