"""The App's part that keeps the open sheet on disk, and says so when it cannot.

Every change is in the session's journal before the screen shows it. Once typing has
paused, the sheet file is rewritten in a thread (the UI never waits for it). Once a
second the file is looked at: a version written by someone else stops the saving
and asks which to keep (the other is kept as a copy); a read-only window follows the
file instead. A change that could not be written stays in memory, is retried, and
quitting asks before it is lost.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from time import monotonic

from .game_opener import DEMO

FOLD_AFTER = 2.0  # seconds without a change before the sheet file is rewritten
LOOK_EVERY = 1.0  # seconds between looks at the file
SYNC_BY = 0.05  # seconds: a change that draws no frame (an undo of nothing shown) is fsynced then


class Autosave:
    """Mixed into the App: ``after_change()`` after every entry, undo or redo."""

    fold_after = FOLD_AFTER
    look_every = LOOK_EVERY

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._changed_at = 0.0
        self._folding = False
        self._told: str | None = None  # the save problem last shown
        self._asking = False  # a question about the file is on screen
        self._later = None  # the session whose choice of version was put off: not asked again unprompted
        self._state_shown: tuple = ("", None)
        self._sync_due = False  # a change is in the journal, to fsync once its frame is out

    def start_autosave(self) -> None:
        """Look at the open sheet's file once a second (call once, on mount)."""
        self.set_interval(self.look_every, self.look_at_file)
        self._sync_timer = self.set_interval(SYNC_BY, self.sync_journal, pause=True)

    def after_change(self) -> None:
        """The sheet changed (an entry in the journal, or a version read from the file):
        say at once if it could not be written, and fsync once the frame is out (nothing
        to sync for a version read; the next save waits for typing to pause again). The
        next key waits for the fsync."""
        self._changed_at = monotonic()
        self.report_saving()
        if not self._sync_due:
            self._sync_due = True
            self.hold_keys()
            self._sync_timer.reset()  # from now: in case no frame comes

    def _display(self, screen, renderable) -> None:
        """Hand a frame to the terminal, then fsync the change it shows. Not in a
        ``call_after_refresh``: the screen runs those before the frame when it has not
        yet heard which widgets changed (each tells it once idle), and half the time
        the fsync came first and held the frame up (1-9 ms of a 2 ms commit)."""
        super()._display(screen, renderable)
        if renderable is not None and self._sync_due:
            self.call_later(self.sync_journal)

    def sync_journal(self) -> None:
        """Make the changes written to the journal durable, and let the next key in."""
        if self._sync_due:
            self._sync_due = False
            self._sync_timer.pause()
            self.release_keys()
        if self.session is not None:
            self.session.sync()
            self.report_saving()

    def look_at_file(self) -> None:
        """Follow, retry, check for someone else's version, and rewrite when quiet."""
        session = self.session
        if session is None or self._asking:
            return
        if session.read_only:
            if session.follow():
                self.live.moved()
            elif unfollowed := session.take_unfollowed():
                self.notify(unfollowed, severity="warning", timeout=15)
            return
        if session.unsaved and session.retry():
            self.notify(f"Saved again: every change is on disk ({session.path.name}).")
        if session.check_file():
            if self._later is not session:
                self.ask_which_version()
        elif monotonic() - self._changed_at >= self.fold_after:
            self.fold_in_background()
        self.report_saving()

    def fold_in_background(self) -> None:
        """Rewrite the sheet file in a thread from a snapshot of the sheet."""
        session = self.session
        job = session.fold_job() if session else None
        if job is None or self._folding:
            return
        self._folding = True

        async def fold() -> None:
            try:
                outcome = await asyncio.to_thread(job)
            finally:
                self._folding = False
            if session is self.session and session.lock is not None:
                session.fold_done(outcome)
                if session.conflict is not None and self._later is not session:
                    self.ask_which_version()
                self.report_saving()

        self.run_worker(fold(), group="autosave")

    def report_saving(self) -> None:
        """Show a save problem once (and offer another file when changes are only in
        memory); a problem that goes away is not repeated. The title bar says, for as
        long as it lasts, that changes are not on disk or that saving has stopped."""
        session = self.session
        problem = session.save_problem if session else None
        self.show_save_state()
        if problem == self._told:
            return
        self._told = problem
        if problem and session.unsaved:
            self.ask_save_elsewhere(problem)
        elif problem:
            self.notify(f"{problem}. Every change is in the journal; saving is retried.",
                        severity="warning", timeout=10)

    @property
    def save_state(self) -> str:
        """What the title bar says about saving: nothing when all is on disk; that
        nothing can change in a read-only window."""
        session = self.session
        if session is None:
            return ""
        if session.read_only:  # said for as long as it lasts, not only by a toast
            return "READ-ONLY (the demo)" if session.path == DEMO else "READ-ONLY (follows the file)"
        if session.unsaved:
            return "NOT SAVED: changes in memory (Ctrl+P: Save elsewhere)"
        if session.conflict is not None:
            return "saving stopped: changed elsewhere (Ctrl+P: Choose a version)"
        return ""

    def show_save_state(self) -> None:
        """Bring the title bar's word on saving up to date (only when it changed: this
        runs on every commit, and a new screen's bar starts from ``save_state``)."""
        from .widgets.title_bar import TitleBar

        if not self.screen_stack:
            return  # the app is closing: its screens are gone (a save may end meanwhile)
        state = self.save_state
        if (state, id(self.screen)) == self._state_shown:
            return
        self._state_shown = (state, id(self.screen))
        for bar in self.screen.query(TitleBar):
            bar.show_state(state)

    def ask_save_elsewhere(self, problem: str, chosen_by_user: bool = False) -> None:
        """After a change could not be written, offer to save the sheet elsewhere; or,
        ``chosen_by_user`` (Ctrl+P), ask where to, with no word of a failure or of keys
        put back (there was neither: the attack run read those words after choosing it)."""
        from ..storage.atomic import SaveError
        from ..storage.lock import SheetLocked
        from ..storage.paths import elsewhere
        from .screens.dialogs import SaveAsScreen

        def chosen(target: str | None) -> None:
            self._asking = False
            if not target:
                session = self.session
                # asked with all on disk (Ctrl+P), Esc leaves nothing to warn of
                if session is not None and (session.unsaved or session.save_problem):
                    self.notify("Not saved yet: the changes are in memory, and saving is retried. "
                                "Ctrl+P: Save elsewhere, when you can.", severity="warning", timeout=10)
                return
            try:
                self.session.save_as(Path(target).expanduser())
            except (SaveError, SheetLocked) as err:
                self.ask_save_elsewhere(str(err), chosen_by_user)
                return
            self._told = None
            self.show_save_state()
            self.notify(f"Saved to {self.session.path}")

        if not self._asking and self.session is not None:
            self._asking = True
            suggestion = str(elsewhere(self.session.path))
            if chosen_by_user:
                self.push_screen(SaveAsScreen(f"{problem}." if problem else "", suggestion, words=SaveAsScreen.CHOSEN),
                                 chosen)
            else:
                self.ask_unprompted(SaveAsScreen(f"{problem}.", suggestion, monotonic()), chosen)

    def ask_which_version(self) -> None:
        """Someone else saved the sheet: keep theirs or ours, the other as a copy."""
        from ..storage.atomic import SaveError
        from ..storage.document import SheetFileError, parse_document
        from .screens.dialogs import ChoiceScreen

        session = self.session
        if session is None or session.conflict is None or self._asking:
            return
        try:
            parse_document(session.conflict, str(session.path))
            readable = True
        except SheetFileError:
            readable = False  # deleted, or no longer a sheet: there is nothing of theirs to take
        what = session.what_became()
        question = (f"{session.path.name} was {what} by someone else (another program, window or "
                    "computer) while it was open here. Saving has stopped until you choose; "
                    "nothing is lost either way. Esc: choose later (Ctrl+P: Choose a version).")
        copies = f"{session.path.parent.name or '.'}/copies"  # beside the sheet, wherever it is
        if what.startswith("replaced by a link"):
            ours = f": written as {session.path.name} in place of the link (what it points at is left as it is)"
        elif what == "replaced by a folder":
            ours = ": saved beside it under a new name, where it goes on (the folder is left as it is)"
        elif what == "deleted":
            ours = f": written back as {session.path.name}"
        else:
            ours = f": theirs is kept as a copy in {copies}" if session.conflict else ""
        answers = [("k", "Keep ours" + ours)]
        if readable:
            answers.append(("t", f"Take theirs: ours is kept as a copy in {copies}"))

        def chosen(answer: str) -> None:
            self._asking = False
            if not answer:
                self._later = session
                self.show_save_state()
                self.notify("Saving stays stopped until you choose (Ctrl+P: Choose a version). "
                            "Quitting keeps ours as a copy.", severity="warning", timeout=10)
                return
            was = session.path
            try:
                kept = session.take_theirs() if answer == "t" else session.keep_ours()
            except (SaveError, SheetFileError) as err:
                self.notify(str(err), severity="error", timeout=12)
                return
            self._later = None
            self.live.moved()
            self.show_save_state()
            if kept is not None:
                self.notify(f"The other version is kept as {kept}.", timeout=10)
            if session.path != was:  # its own name is taken by a folder
                self.notify(f"Ours is saved as {session.path}, and goes on there.", timeout=12)
            if session.note:  # theirs does not replay: read-only from here, and why
                self.notify(session.note, severity="warning", timeout=15)

        self._asking = True
        self.ask_unprompted(ChoiceScreen(question, answers, asked_at=monotonic()), chosen)

    def ask_unprompted(self, question, answered) -> None:
        """Put a question up that nobody asked for, in the middle of typing maybe: the
        value being typed is put back (its first keys must not join the keys typed
        after the answer), and keys still coming are no answer (``asked_at``)."""
        cancel = getattr(self.focused, "cancel_typing", None)
        question.put_back = cancel is not None and cancel()
        self.push_screen(question, answered)

    def changes_only_in_memory(self) -> bool:
        """Whether the open sheet holds changes the disk refuses still (tried once more
        now): quitting would lose them."""
        session = self.session
        return session is not None and session.unsaved and not session.retry()

    def quit_keeping_changes(self) -> None:
        """Quit; with changes only in memory, the user chooses first: a rescue copy,
        quit anyway, or stay."""
        from ..storage.atomic import SaveError
        from .screens.dialogs import ChoiceScreen

        session = self.session
        if not self.changes_only_in_memory():
            self.close_and_exit()
            return

        def chosen(answer: str) -> None:
            self._asking = False
            if answer == "r":
                try:
                    kept = session.rescue()
                except SaveError as err:
                    self.notify(str(err), severity="error", timeout=12)
                    return
                self.close_and_exit(f"the changes that could not be saved are in {kept}")
            elif answer == "q":
                self.close_and_exit(f"quit without saving the last changes to {session.path}")

        self._asking = True
        self.push_screen(ChoiceScreen(
            f"Some changes are not saved: {session.save_problem}.\nKeep them in a rescue copy before quitting?",
            [("r", "Save a rescue copy, then quit"), ("q", "Quit and lose them"), ("s", "Stay")],
            cancel="s"), chosen)

    def save_commands(self):
        """The command palette's ways out of a save problem, when there is one."""
        from textual.app import SystemCommand

        session = self.session
        if session is None or session.read_only:
            return
        yield SystemCommand("Save elsewhere", "Save the sheet to another file and go on there",
                            lambda: self.ask_save_elsewhere(session.save_problem or "", chosen_by_user=True))
        if session.conflict is not None:
            yield SystemCommand("Choose a version", "Someone else changed the file: keep ours or theirs",
                                self.ask_which_version)

    def close_and_exit(self, message: str = "") -> None:
        """Close the sheet (its last changes into the file) and end the app. ``message``,
        else what closing said (where ours went, when not into the file), is said once
        the terminal is back (``parting_words``)."""
        self.sync_journal()  # no frame comes now: the keys it held are let go
        self.close_open_sheet()
        if message:
            self.closing_words = message
        self.exit()
