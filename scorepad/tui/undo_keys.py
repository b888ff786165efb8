"""Ctrl+Z and Ctrl+Y (mixed into the App): what is typed is put back first, then the
open game's last change is taken back or applied again, said on the screen's heading
line, and the cursor goes to the cell it changed."""

from __future__ import annotations


class UndoKeys:
    """The App's undo and redo actions."""

    def put_back_typing(self) -> bool:
        """A value being typed put back (and said) rather than stored: either key's first
        press does that alone (stored, a new change ended what there was to redo)."""
        cancel = getattr(self.focused, "cancel_typing", None)
        if cancel is not None and cancel():
            self.tell(True, "Typing put back: nothing had been stored.")
            return True
        return False

    def action_undo(self) -> None:
        if self.put_back_typing():
            return
        if not self.live:
            self.tell(False, "Nothing to undo: no game is open.")
            return
        last = self.live.session.history[-1]
        done, words = self.live.undo()
        self.point_at(last if done else None)
        self.tell(done, words)

    def action_redo(self) -> None:
        if self.put_back_typing():
            return
        if not self.live:
            self.tell(False, "Nothing to redo: no game is open.")
            return
        done, words = self.live.redo()
        self.point_at(self.live.session.history[-1] if done else None)
        self.tell(done, words)

    def point_at(self, entry) -> None:
        """The cursor on the field or cell an undo or redo changed, where the screen
        shows it (a game screen's ``point_at``; else the focused table's)."""
        point = getattr(self.screen, "point_at", None) or getattr(self.focused, "point_at", None)
        if entry is not None and point is not None:
            point(entry)
        if entry is not None:
            self.free_run()

    def tell(self, done: bool, words: str) -> None:
        """Say what an undo or redo did, or why it did nothing: briefly, on a game screen's
        heading line (a few undos in a row must not stack up over the table being
        checked), else as a short toast."""
        say = getattr(self.screen, "say_briefly", None)
        if say is not None:
            say(words, warning=not done)
        else:
            self.notify(words, severity="information" if done else "warning", timeout=2.5)
