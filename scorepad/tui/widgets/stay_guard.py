"""What keys typed past a table's stored or refused cell do (mixed into ``CountGrid``).

Enter on a table's last cell stores it and the cursor stays there (going on, the values
typed next went into the field after the table: Pinax's into the Library grid's size,
which then ended the game). Once a value typed there is stored, what is typed on is
refused and said, not typed over it: a burst of more values than cells went into the
last cell one after another, each replacing the last, unsaid. After a value the table
refuses, what is typed next is not added to it either (``Euclid`` Enter ``3 Plato`` made
``Euclid3 Plato``, and the message quoted text nobody typed). Ctrl+U, Backspace or Esc
go on with the cell; a move, or an undo of it, frees it.
"""

from __future__ import annotations


class StayGuard:
    """The guard's state and keys; the table calls ``stay`` / ``unstay`` and asks
    ``guarded`` before a key types."""

    # in the hint's place once Enter or Tab has stored the last cell and the cursor stayed:
    # no longer than the hint, so the table keeps its lines (no screen layout per commit)
    STAYS = "At the edge: the cursor stays · Ctrl+U, Backspace or Esc to change it"
    KEPT = "the keys typed after the value stored here were not used (the cursor stays): Ctrl+U, Backspace or Esc to change it"
    # after a refused value's own message: a burst's next value was added to it, and the
    # message then quoted text nobody typed
    HALTED = "the keys typed after it were not used (Backspace or Ctrl+U puts it right, Esc puts it back)"
    LEAVES_ON_ENTER = False  # Enter on the last cell goes on to the next field (a form's field)
    GUARDS_STAY = True  # keys typed once the last cell is stored and stayed in are refused
    stayed = False  # Enter or Tab stored the last cell, and the cursor stayed there
    key_refused = False  # and a key typed then was refused (said: ``KEPT``)
    halted = False  # a value was refused by Enter, Tab or a move: nothing is added to it
    pasted_store = False  # a pasted Enter or Tab stored the cell as it came (``typed``)

    def action_store_enter(self) -> None:
        """Enter: store the cell and go to the next; on the last cell, store it and stay.
        Going on from there, the values typed next went into the field after the table
        (Pinax's into the Library grid's size, which then ended the game)."""
        if self.LEAVES_ON_ENTER or not self.at_last_cell():
            self.action_step(1)
            return
        typed = self.typed()
        if self.store_then(lambda: None) and typed:
            self.stay()

    def typed(self) -> bool:
        """Whether the key being handled stores a value typed in the cell, or one its
        paste put there (stored as the key came: ``pasted_store``)."""
        pasted, self.pasted_store = self.pasted_store, False
        return not self.fresh or pasted

    def unstay(self) -> None:
        """The last cell is no longer the one just stored and stayed on."""
        self.stayed = self.key_refused = False

    def stay(self) -> None:
        """A value typed in the last cell is stored, and the cursor stays on it: what is
        typed on is refused (``GUARDS_STAY``), and the hint's line says so. Values typed
        past the table's end went into this cell one after another, each replacing the
        last, unsaid."""
        self.stayed = True
        self.redraw()

    def guarded(self) -> bool:
        """Whether a key typed now is refused rather than typed."""
        return self.halted or (self.stayed and self.GUARDS_STAY)

    def refuse_key(self) -> None:
        """A key typed onto a value just stored and stayed on, or onto a refused one: not
        typed, and said (once, after the refusal's own words)."""
        r, c = self.cursor
        done = self.done.get((r, c))
        if not self.halted or done is None:
            self.key_refused = True  # said while it stays: the value itself is no refused one
            # and the run halted: its Tab went on out of the table, the rest of the burst
            # into the next field (a pattern tile's cells, the Library's size)
            self.post_message(self.RunHalted(self))
        elif not done.message.endswith(self.HALTED):
            self.done[(r, c)] = done._replace(message=f"{done.message} · {self.HALTED}")
        self.redraw()
