"""Runs of keys a table halts (``CursorGrid.RunHalted``): a key it refused, or a Tab or
↓ that stored a value just typed and took the focus past the table's end. The keys
typed straight after it, in the same run (``ordered_keys``), were meant for cells the
table does not have: ``2`` Tab ``1 1`` Enter on Pinax's last quick-count row toggled a
cell of a pattern tile, and ``3`` Tab Enter on the round recorded an Event that ended
the game (attack run). The screen takes none of them (``prompted_at``) and says so once;
after a pause, keys are taken as ever."""

from __future__ import annotations

from time import monotonic

from ..widgets.cursor_grid import CursorGrid


class HaltsRuns:
    """A game screen's part that halts a run of keys when one of its tables asks."""

    prompted_at = float("-inf")  # when a table halted a run: its keys typed on are not taken
    halted_by: CursorGrid.RunHalted | None = None  # the halt not said yet

    def on_cursor_grid_run_halted(self, message: CursorGrid.RunHalted) -> None:
        self.prompted_at, self.halted_by = monotonic(), message

    def note_not_taken(self) -> None:
        """Say, once a halt, that the keys typed on were not taken: on the heading's line,
        or under the grid that refused a key (where its reason is)."""
        halted, self.halted_by = self.halted_by, None
        if halted is None:
            return
        if halted.words:
            self.say_briefly(halted.words, warning=True)
        else:
            halted.grid.note_not_taken()
