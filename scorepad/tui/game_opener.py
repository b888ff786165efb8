"""The App's part that opens games: a new one from Setup, a saved one, the demo, a
replay. Whatever goes wrong (a lock held elsewhere, a folder that takes no file, a
damaged file) is said on screen, and nothing open is lost."""

from __future__ import annotations

import gc
import re
from datetime import date
from pathlib import Path
from time import monotonic

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo.json"

# a new game whose file could not be made: there is no game yet, only the form
NOT_STARTED = ("The game is not started: make its file elsewhere (a full path), "
               "or Esc to go back to the form as typed:")


class GameOpener:
    """Mixed into the App: ``live`` is the open game (a ``LiveSheet``), or None."""

    live = None

    @property
    def session(self):
        """The open game's session, or None (the saving side of the app reads it)."""
        return self.live.session if self.live is not None else None

    def use_session(self, session, first: str = "progress") -> None:
        """Show a newly opened sheet (or the open one again), starting at ``first``."""
        from ..storage.document import let_go_of_history_validator
        from ..storage.live_sheet import LiveSheet
        from .background_search import PINAX_BUDGET

        if self.live is not None and self.live.session is not session:
            if said := self.live.session.close():  # where the last game's ours went, if not into its file
                self.notify(said, severity="warning", timeout=15)
        shown = self.game[1] if self.game is not None and self.game[1] in self.screen_stack else None
        removals = [self.pop_screen() for _ in range(len(self.screen_stack) - 1)]
        removals += self.let_go(popping=shown)  # the last game's screens
        self.game = None
        self.live = LiveSheet(session, self.sheet_moved, self.search_on, PINAX_BUDGET)
        gc.unfreeze()  # the last game's objects, frozen at its opening, can go now
        let_go_of_history_validator()  # the file is read: freed before the game is frozen
        self.call_next(self.show_first_screen, first, removals)
        if session.note:
            self.notify(session.note, severity="warning", timeout=15)
        elif session.path == DEMO:  # a bundled file: no writer to follow
            self.notify("The demo game is read-only: look around, nothing can change.", title="Demo")
        elif session.read_only:
            self.notify("Open read-only: nothing can change here; it shows the file as it stands, "
                        "and any change saved to it.",
                        title=session.path.name)
        if session.told:
            self.notify(session.told, title=session.path.name, timeout=12)
        if session.rescued is not None:
            self.offer_rescue(session)

    def new_game(self) -> None:
        """Show a blank Setup form (a new one each time: never the last game's names)."""
        from .kept_screens import screen_class

        self.push_screen(screen_class("setup.SetupScreen")())

    def start_game(self, sheet, path: Path | None = None) -> None:
        """Create the file of a new game (in the games folder, or ``path``) and open it;
        when it cannot be made there, ask where else."""
        from ..storage.atomic import SaveError
        from ..storage.lock import SheetLocked
        from ..storage.paths import games_dir, sheet_name
        from ..storage.session import SheetSession
        from .screens.dialogs import SaveAsScreen

        def chosen(target: str | None) -> None:
            if target:
                self.start_game(sheet, Path(target).expanduser())
            elif (say := getattr(self.screen, "say", None)) is not None:  # back on Setup: say why no game
                # the folder by its name: the note has two lines above the Start button
                folder = path.parent if path else games_dir()
                # only the folder itself ("/" has no name; "/games2" is not "/games")
                short = re.sub(re.escape(str(folder)) + r"(?![\w-])", folder.name, problem) if folder.name else problem
                say(f"Not started: {short} Ctrl+S tries again.")

        try:
            session = SheetSession.create_at(path, sheet) if path else SheetSession.create(sheet)
        except (SaveError, SheetLocked) as err:  # the form stays as typed: nothing is lost
            # the name the games folder would have given it
            name = path.name if path else sheet_name(sheet.title, date.today())
            suggestion = str(Path.home() / name)
            problem = f"{err}."
            self.ask_unprompted(SaveAsScreen(problem, suggestion, monotonic(), NOT_STARTED), chosen)
            return
        self.use_session(session)

    def open_path(self, path: Path, read_only: bool = False) -> None:
        """Open a saved sheet; offer read-only when another scorepad holds it."""
        from ..storage.atomic import SaveError
        from ..storage.document import SheetFileError
        from ..storage.lock import SheetLocked
        from ..storage.session import SheetSession
        from .screens.dialogs import ConfirmScreen

        session = self.session
        if session is not None and not session.read_only and session.saves_to(Path(path)):
            self.use_session(session)  # the game open here, by any of its names: its locks are ours
            return  # (a read-only window holds no lock: it is opened afresh, as it is now)
        try:
            session = SheetSession.open(path, read_only=read_only)
        except (SheetLocked, SaveError) as err:  # another writer, or a folder that takes no lock
            if len(self.screen_stack) < 2:
                self.show_home()  # under the question, for a "no"

            def answer(yes: bool | None) -> None:
                if yes:
                    self.open_path(path, read_only=True)

            self.push_screen(ConfirmScreen(f"{err}\n\nOpen it read-only?"), answer)
            return
        except SheetFileError as err:
            if len(self.screen_stack) < 2:
                self.show_home()
            self.notify(str(err), severity="error", timeout=12)
            return
        self.use_session(session)

    def open_demo(self) -> None:
        """The bundled finished game, read-only, at the results."""
        from ..storage.session import SheetSession

        self.use_session(SheetSession.open(DEMO, read_only=True), first="results")

    def open_replay(self, path: Path) -> None:
        """Step through a saved sheet's history (the open game's as it is now)."""
        from ..rules.entries import EntryError
        from ..rules.replay import replay, replay_notes
        from ..storage.document import SheetFileError
        from ..storage.files import read_sheet
        from .screens.replay import ReplayScreen

        try:
            loaded = read_sheet(path)
            history = loaded.history
            if self.session is not None and self.session.path.resolve() == Path(path).resolve():
                history = tuple(self.session.history)  # with the changes not yet in the file
            steps = replay(history)
        except (SheetFileError, EntryError) as err:
            self.notify(str(err), severity="error", timeout=12)
            return
        notes = replay_notes(steps, loaded.sheet, loaded.totals) if history is loaded.history else []
        self.push_screen(ReplayScreen(steps, notes, path.name))
