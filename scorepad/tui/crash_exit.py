"""An error no handler caught (a bug) ends the app as Textual ends it, but without
Textual's traceback, local variables and all, printed over the user's terminal: its
details go to a file (``storage.crash_report``), and the user reads what happened,
where the report is and where the game is."""

from __future__ import annotations


class CrashExit:
    """Mixin for the App: ``parting_words`` are said once the terminal is restored."""

    crash_words = ""  # what the user is told of a crash, once one was reported
    closing_words = ""  # what closing the open sheet said on the way out, if anything

    def _fatal_error(self) -> None:
        """Textual's end for an unhandled error (it prints a traceback): the first one
        is reported; any error after it only ends the app."""
        if not self.crash_words:
            from ..storage.crash_report import report_crash

            self.bell()
            try:
                self.crash_words = report_crash(self._exception, "running the app")
            except Exception:  # the report's own failure must not be the one the user reads
                self.crash_words = "scorepad stopped on an error it did not expect. This is a bug in scorepad."
        self._close_messages_no_wait()

    def close_open_sheet(self) -> None:
        """Close the open sheet, keeping what it says (where ours went) to say at the end
        (said once: closed again, it says nothing)."""
        if self.session and (said := self.session.close()):
            self.closing_words = said

    def parting_words(self) -> str:
        """What to tell the user once the app has ended and the terminal is back: a
        crash, and where the game is then; or what closing the sheet said. Names in it
        are shown, never obeyed (``shown``)."""
        from ..messages import shown

        words = [f"scorepad: {self.closing_words}"] if self.closing_words else []
        if self.crash_words:
            words.insert(0, self.crash_words)
            session = self.session
            if not self.closing_words and session is not None and not session.read_only and not session.unsaved:
                words.append(f"Every value typed is kept in {session.path}.")
        return "\n".join(shown(line) for line in "\n".join(words).split("\n"))
