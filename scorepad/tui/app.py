"""The scorepad app: wiring only. Screens send entries through ``send``; the session
applies them with the rules core and saves."""

from __future__ import annotations

import gc
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.reactive import var

from .autosave import Autosave
from .ordered_keys import OrderedKeys
from .screen_stack import GAME_SCREENS, ScreenStack, screen_class
from .screens.home import HomeScreen
from .theme_memory import ThemeMemory
from .widgets.words import READ_ONLY

if TYPE_CHECKING:
    from ..storage.session import SheetSession

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo.json"


class ScorepadApp(OrderedKeys, Autosave, ThemeMemory, ScreenStack, App):
    """Keyboard-first scorepad for The Great Library's end game."""

    CSS_PATH = "scorepad.tcss"
    TITLE = "scorepad"
    SUB_TITLE = "The Great Library"
    SCREENS = {"home": HomeScreen}
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("pagedown", "next_screen", "Next screen", priority=True),
        Binding("pageup", "previous_screen", "Previous screen", priority=True, show=False),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("f2", "home", "Home"),
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]

    revision = var(0)

    def __init__(self, path: Path | None = None, replay_path: Path | None = None, demo: bool = False) -> None:
        super().__init__()
        self.session: SheetSession | None = None
        self.start = (path, replay_path, demo)
        self._cache: tuple | None = None

    def on_mount(self) -> None:
        self.recall_theme()
        self.start_autosave()
        path, replay_path, demo = self.start
        if demo:
            self.open_demo()
        elif path:
            self.open_path(path)
        else:
            self.show_home()
            if replay_path:
                self.open_replay(replay_path)

    # -- the sheet ---------------------------------------------------------------------

    def watch_revision(self) -> None:
        # the app tells its one game screen; a watch set up by the screen would keep the
        # screen alive after it is let go
        if self.game is not None:
            self.game[1].follow_sheet()

    def standings(self):
        """The standings of the current sheet (computed once per change)."""
        return self._computed()[0]

    def end(self):
        """The end-trigger status of the current sheet (computed once per change)."""
        return self._computed()[1]

    def _computed(self) -> tuple:
        if self._cache is None or self._cache[0] != self.revision:
            from ..rules import end_status, standings

            sheet = self.session.sheet
            self._cache = (self.revision, standings(sheet), end_status(sheet))
        return self._cache[1:]

    def send(self, entry) -> str | None:
        """Apply one entry to the open sheet; a message when it is refused."""
        if self.session is None:
            return "no game is open"
        if self.session.read_only:
            return "this sheet is open read-only"
        from ..rules.entries import EntryError

        try:
            self.session.apply(entry)  # in the journal, on disk, before the totals show it
        except EntryError as err:
            return str(err)
        self.revision += 1
        self.after_change()
        return None

    # -- opening games -----------------------------------------------------------------

    def use_session(self, session, first: str = "progress") -> None:
        """Show a newly opened sheet (or the open one again), starting at ``first``."""
        if self.session is not None and self.session is not session:
            self.session.close()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.session, self.game = session, None
        # the history just read lives as long as the game is open: the garbage collector
        # need not walk it again (its full passes stalled the first save of a long game
        # by 26 ms at 2,000 entries, 460 ms at 100,000); the last game's objects go back
        # to it, so what is frozen is never more than one game's worth
        gc.unfreeze()
        gc.freeze()
        self.revision += 1
        self.show_game_screen(first)
        if session.note:
            self.notify(session.note, severity="warning", timeout=15)
        elif session.read_only:
            self.notify("Open read-only: nothing can change; it follows the file as its writer saves it.",
                        title=session.path.name)
        if session.told:
            self.notify(session.told, title=session.path.name, timeout=12)

    def new_game(self) -> None:
        """Show a blank Setup form (a new one each time: never the last game's names)."""
        self.push_screen(screen_class("setup.SetupScreen")())

    def start_game(self, sheet, path: Path | None = None) -> None:
        """Create the file of a new game (in the games folder, or ``path``) and open it;
        when it cannot be made there, ask where else."""
        from ..storage.atomic import SaveError
        from ..storage.lock import SheetLocked
        from ..storage.session import SheetSession

        from .screens.dialogs import SaveAsScreen

        def chosen(target: str | None) -> None:
            if target:
                self.start_game(sheet, Path(target).expanduser())

        try:
            session = SheetSession.create_at(path, sheet) if path else SheetSession.create(sheet)
        except (SaveError, SheetLocked) as err:  # the form stays as typed: nothing is lost
            suggestion = str(Path.home() / (path.name if path else "game.json"))
            self.ask_unprompted(SaveAsScreen(f"{err}.", suggestion, monotonic()), chosen)
            return
        self.use_session(session)

    def open_path(self, path: Path, read_only: bool = False) -> None:
        """Open a saved sheet; offer read-only when another scorepad holds it."""
        from ..storage.atomic import SaveError
        from ..storage.document import SheetFileError
        from ..storage.lock import SheetLocked
        from ..storage.session import SheetSession
        from .screens.dialogs import ConfirmScreen

        if self.session is not None and self.session.path.resolve() == Path(path).resolve():
            self.use_session(self.session)  # the game open here: its lock is ours
            return
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

    # -- actions -----------------------------------------------------------------------

    def why_not(self, action: str) -> str | None:
        """Why an action of the App cannot work now (its key is dimmed and says so)."""
        if action in ("next_screen", "previous_screen") and self.current_game_screen() is None:
            return "PageDown and PageUp walk the game's screens: open or start a game first."
        if action in ("undo", "redo"):
            if self.current_game_screen() is None:
                return "Undo and redo work on the game's screens: open the game first."
            if self.session.read_only:
                return READ_ONLY
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if self.why_not(action) else True

    def on_key(self, event) -> None:
        """A key whose action cannot work now says why, rather than nothing at all (unless
        another binding on the way takes the key: PageDown in a list pages it)."""
        for namespace, bindings in self.screen._modal_binding_chain:
            for binding in bindings.key_to_bindings.get(event.key, ()):
                why = getattr(namespace, "why_not", None)
                reason = why(binding.action) if why else None
                if reason is None:
                    return  # a binding that works: it has the key
                self.notify(reason, severity="warning")
                return

    def action_undo(self) -> None:
        from ..rules.describe import describe

        cancel = getattr(self.focused, "cancel_typing", None)
        if cancel is not None and cancel():
            self.notify("Typing put back: nothing had been stored.")
            return

        if self.session and self.session.history and len(self.session.history) > 1:
            entry, before = self.session.history[-1], self.session.states[-2]
            if self.session.undo():
                self.notify(f"Undone: {describe(entry, before)}")
                self.revision += 1
                self.after_change()
                return
        self.notify("Nothing to undo.", severity="warning")

    def action_redo(self) -> None:
        from ..rules.describe import describe

        if self.session and self.session.redo():
            self.notify(f"Redone: {describe(self.session.history[-1], self.session.states[-2])}")
            self.revision += 1
            self.after_change()
        else:
            self.notify("Nothing to redo.", severity="warning")

    def action_help(self) -> None:
        from .screens.help import HelpScreen, key_sections

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(key_sections(self, self.screen)))

    async def action_quit(self) -> None:
        if not self.store_typing():  # a refused value on screen: say so rather than drop it
            self.notify("The value typed is refused (its message is under the table): "
                        "put it right, or Esc to put it back, then quit.", severity="warning")
            return
        self.quit_keeping_changes()

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        for name, (label, _) in GAME_SCREENS.items():
            yield SystemCommand(f"Go to {label}", f"Show the {label} screen", lambda n=name: self.action_go(n))
        yield SystemCommand("Undo", "Take back the last change", self.action_undo)
        yield SystemCommand("Redo", "Apply again what was undone", self.action_redo)
        yield SystemCommand("Help", "Keys and easy-to-miss rules", self.action_help)
        yield SystemCommand("Home", "New game, continue, open, history", self.action_home)
        yield SystemCommand("New game", "Set up a new game", self.new_game)
        yield SystemCommand("Demo game", "Open the bundled finished game", self.open_demo)
        yield from self.save_commands()
        if self.session is not None:
            yield SystemCommand("Replay this game", "Step through its history",
                                lambda: self.open_replay(self.session.path))
            from .screens.results import EXPORT_NAMES

            for kind, name in EXPORT_NAMES.items():
                yield SystemCommand(f"Export {name}", f"Write a {name} export to the exports folder",
                                    lambda k=kind: self.export(k))

    def export(self, kind: str) -> None:
        self.action_go("results")
        self.call_after_refresh(lambda: self.screen.export(kind))

    def on_unmount(self) -> None:
        if self.session:
            self.session.close()
