"""A rescue copy found on opening a game, offered back (mixed into the App).

The disk refused some changes, and the app quit or hung up keeping them in a rescue
copy. Opening the sheet again showed its older values, and nothing pointed to the copy
(a helper's run); then a toast did, for twelve seconds, too narrow at 80 x 24 to read
its path in one piece. Now the table is asked, once the game is up, whether to take the
changes back into the sheet (kept as it was, beside it), to look at the copy first, or
to leave it: asked again at every opening while the copy is newer than the sheet.
"""

from __future__ import annotations

from time import monotonic


class RescueOffer:
    """The App's question about a rescue copy newer than the sheet just opened."""

    def offer_rescue(self, session) -> None:
        """Ask what to do with ``session.rescued``, over the game's first screen; a sheet
        open read-only cannot take it: said, with where the copy is."""
        from .screens.dialogs import ChoiceScreen

        path, rescued = session.path, session.rescued
        session.rescued = None  # asked once an opening: the same game shown again asks nothing
        found = f"A rescue copy of this game, newer than {path.name}, holds changes the disk refused:\n{rescued}"
        if session.read_only:
            self.notify(f"{found}\nOpen {path.name} for writing to take them back.", title=path.name,
                        severity="warning", timeout=20)
            return
        question = f"{found}\nTaking them back keeps {path.name} as it is now, as a copy (said where, then)."
        answers = [("t", f"Take them back into {path.name}"), ("o", "Open the copy read-only, to look first"),
                   ("l", f"Leave them, go on with {path.name} as saved")]

        def chosen(answer: str) -> None:
            if answer == "t" and self.session is session:
                self.take_rescued(session, rescued)
            elif answer == "o":
                self.open_path(rescued, read_only=True)  # to look at: nothing typed lands in it
                if self.session is not None and self.session.path == rescued:  # its title is the game's
                    self.notify(f"This is the rescue copy, read-only: to take it back, open {path.name} "
                                "again and press t.", title=rescued.name, timeout=15)

        def ask() -> None:
            self.ask_unprompted(ChoiceScreen(question, answers, cancel="l", asked_at=monotonic()), chosen)

        # after the game's first screen: its showing is queued next (``show_first_screen``),
        # and queues the swap that shows it, which this must come after to be on top
        self.call_next(self.call_next, ask)

    def take_rescued(self, session, rescued) -> None:
        """Take the rescue copy into the open sheet, and show it."""
        from ..storage.atomic import SaveError
        from ..storage.rescue import take_rescue

        try:
            kept = take_rescue(session, rescued)
        except SaveError as err:
            self.notify(f"The rescue copy was not taken: {err}", severity="error", timeout=15)
            return
        self.live.moved()
        self.show_save_state()
        self.notify(f"The rescued changes are back in {session.path.name}; it was kept as it was, as {kept}.",
                    title=session.path.name, timeout=15)
