"""Runs of keys a table halts (``CursorGrid.RunHalted``): a key it refused, or a Tab or
an arrow that stored a value just typed and took the focus out of the table. The keys
typed straight after it, in the same run (``ordered_keys``), were meant for cells the
table does not have: ``2`` Tab ``1 1`` Enter on Pinax's last quick-count row toggled a
cell of a pattern tile, and ``3`` Tab Enter on the round recorded an Event that ended
the game (attack run). The screen takes none of those that type or choose (``holds``)
and says so once; the screen's and the app's own keys (PageDown, F2, Ctrl+Z, Ctrl+Q)
go on, and after a pause every key is taken as ever."""

from __future__ import annotations

from textual import events

from ..widgets.cursor_grid import CursorGrid

NOT_USED = "The keys typed straight after that were not used: type them again"
# the keys that type or choose in the field the focus is in (printable ones besides)
TYPING = frozenset({"enter", "tab", "shift+tab", "space", "up", "down", "left", "right", "home", "end",
                    "backspace", "delete", "escape", "ctrl+u", "ctrl+home", "ctrl+end"})


class HaltsRuns:
    """A game screen's part that halts a run of keys when one of its tables asks."""

    prompted_at = float("-inf")  # when a table halted a run: its keys typed on are not taken
    halted_by: CursorGrid.RunHalted | None = None  # the halt not said yet

    def halt_run(self, read_at: float, message: CursorGrid.RunHalted) -> None:
        """Hold the keys of the run of the key read at ``read_at``, which halted it."""
        self.prompted_at, self.halted_by = read_at, message

    def free_run(self) -> None:
        """An undo or a redo, the typist's own correction: the keys after it are typed
        (held, ``9`` Enter ``5`` Ctrl+Z ``8`` Enter lost the 8, the undo's note over the
        refusal's)."""
        self.prompted_at, self.halted_by = float("-inf"), None

    @staticmethod
    def holds(key: events.Event) -> bool:
        """Whether a key typed in a halted run is held: one that would type or choose."""
        return not isinstance(key, events.Key) or key.is_printable or key.key in TYPING

    def note_not_taken(self) -> None:
        """Say, once a halt, that the keys typed on were not taken: on the heading's line,
        or under the grid that refused a key (where its reason is)."""
        halted, self.halted_by = self.halted_by, None
        if halted is None:
            return
        if halted.words or not halted.grid.is_attached:  # a grid composed anew since (Ctrl+O) says nothing
            self.say_briefly(halted.words or NOT_USED, warning=True)
        else:
            halted.grid.note_not_taken()
