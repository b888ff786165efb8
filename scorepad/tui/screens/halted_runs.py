"""Runs of keys a table halts (``CursorGrid.RunHalted``): a key it refused, or a Tab or
an arrow that stored a value just typed and took the focus out of the table. The keys
typed straight after it, in the same run (``ordered_keys``), were meant for cells the
table does not have: ``2`` Tab ``1 1`` Enter on Pinax's last quick-count row toggled a
cell of a pattern tile, and ``3`` Tab Enter on the round recorded an Event that ended
the game (attack run). The App takes none of those that type or choose (``holds``), on
whatever screen the run reaches, and the screen says so once (``say_halted``); the
screen's and the app's own keys (PageDown, F2, Ctrl+Z, Ctrl+Q) go on, an undo frees the
run, and after a pause every key is taken as ever."""

from __future__ import annotations

from textual import events

from ..widgets.cursor_grid import CursorGrid

NOT_USED = "The keys typed straight after that were not used: type them again"
# the keys that type or choose in the field the focus is in (printable ones besides)
TYPING = frozenset({"enter", "tab", "shift+tab", "space", "up", "down", "left", "right", "home", "end",
                    "backspace", "delete", "escape", "ctrl+u", "ctrl+home", "ctrl+end"})


def holds(key: events.Event) -> bool:
    """Whether a key typed in a halted run is held: one that would type or choose."""
    return not isinstance(key, events.Key) or key.is_printable or key.key in TYPING


class HaltsRuns:
    """A game screen's part that says a run of keys was halted (the App holds them)."""

    def say_halted(self, halted: CursorGrid.RunHalted) -> None:
        """Say that the keys typed on were not taken: on the heading's line, or under the
        grid on this screen that refused a key (where its reason is)."""
        if halted.words or not halted.grid.is_attached or halted.grid.screen is not self:
            self.say_briefly(halted.words or NOT_USED, warning=True)
        else:
            halted.grid.note_not_taken()
