"""The scorepad app: wiring only. Screens reach the open game through ``live`` (a
Textual-free ``LiveSheet``, see ``host``); the mixins open games, keep them on disk
(what is typed too, when the terminal goes away), order the keys, remember the theme
and move between screens."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from .autosave import Autosave
from .background_search import BackgroundSearch
from .command_palette import GuardedPalette
from .crash_exit import CrashExit
from .game_opener import GameOpener
from .hang_up import HangUp
from .ordered_keys import OrderedKeys
from .rescue_offer import RescueOffer
from .kept_screens import GAME_SCREENS, step_from
from .key_names import answer_key_names
from .screen_stack import ScreenStack
from .terminal_needed import TerminalNeeded
from .screens.home import NO_SCREENS_TO_WALK, HomeScreen
from .theme_memory import ThemeMemory
from .toast_repaint import ToastRepaint
from .typed_forms import TypedForms
from .undo_keys import UndoKeys
from ..messages import READ_ONLY


class ScorepadApp(UndoKeys, OrderedKeys, Autosave, HangUp, TypedForms, BackgroundSearch, GameOpener, RescueOffer,
                  ThemeMemory, ToastRepaint, ScreenStack, CrashExit, TerminalNeeded, GuardedPalette, App):
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

    def __init__(self, path: Path | None = None, replay_path: Path | None = None, demo: bool = False,
                 session=None, start_up=None) -> None:
        answer_key_names()  # before the first binding is looked at
        super().__init__()
        self.start = (path, replay_path, demo, session)  # session: ``path`` opened already
        self.start_up = start_up  # a hold on the garbage collector, let go at the first frame

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None,
               markup: bool = False) -> None:
        """A toast, its words shown as they are: they carry files' names and typed
        values ("[/x].json"), which Textual would read as markup and stop the app on."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def on_mount(self) -> None:
        self.recall_theme()
        self.start_autosave()
        self.watch_for_hang_up()
        self.follow_toasts()
        path, replay_path, demo, session = self.start
        if demo:
            self.open_demo()
        elif session is not None:
            self.use_session(session)
        elif path:
            self.open_path(path)
        else:
            self.show_home()
            if replay_path:
                self.open_replay(replay_path)

    def sheet_moved(self) -> None:
        """The open game changed (an entry, an undo, the file followed): the game
        screen shows it in the same step, and the change is made durable."""
        if self.game is not None:
            self.game[1].follow_sheet()
        self.after_change()

    # -- actions -----------------------------------------------------------------------

    def why_not(self, action: str) -> str | None:
        """Why an action of the App cannot work now (its key is dimmed and says so)."""
        if action == "home" and isinstance(self.screen, HomeScreen):
            return "This is Home: F2 comes back here from any screen."
        if action in ("next_screen", "previous_screen"):
            current = self.current_game_screen()
            if current is None and not self.game_behind_home():
                return self.away_from_game("PageDown and PageUp walk") if self.game else NO_SCREENS_TO_WALK
            if current is not None and step_from(current, 1 if action == "next_screen" else -1) is None:
                return f"{GAME_SCREENS[current][0]} is the walk's end: Ctrl+P jumps to any screen."
        if action in ("undo", "redo"):
            if self.game_behind_home():
                return "Undo and redo work on the game's screens: PageDown goes back to the game."
            if self.current_game_screen() is None:
                return self.away_from_game("Undo and redo work on") if self.game else \
                    "Undo and redo work on a game's screens: open a game first."
            if self.live.read_only:
                return READ_ONLY
        return None

    def away_from_game(self, keys: str) -> str:
        """Why ``keys`` do nothing on a screen away from an open game's (a replay says it
        itself): said "open a game first" with the game open (a new user's runs)."""
        return getattr(self.screen, "NOT_HERE", None) or \
            f"{keys} the game's screens: F2, then PageDown, goes back to the open game."

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
        if self.screen.is_modal and len(self.screen_stack) > 1:
            # the keys of the App and of the screen under a dialog wait for it (Textual's
            # way), though the footer may show them: said, not nothing
            below = self.screen_stack[-2]
            for namespace, bindings in below._binding_chain:
                if namespace is not below and namespace is not self:
                    continue  # a table's arrows and Enter under it: no one presses them for it
                for binding in bindings.key_to_bindings.get(event.key, ()):
                    self.notify(f"{self.get_key_display(binding)} ({binding.description}) works once this is "
                                "closed: Esc closes it.", severity="warning")
                    return

    def action_help_quit(self) -> None:
        """Ctrl+C, pressed to quit: how to (Textual's words carry markup, which ``notify``
        shows as typed)."""
        self.notify("Press Ctrl+Q to quit: every value typed is saved already.", title="Do you want to quit?")

    def action_help(self) -> None:
        from .screens.help import HelpScreen, key_sections

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(key_sections(self, self.screen)))

    async def action_quit(self) -> None:
        """Quit, once what is typed is stored (a form not kept: once the user says so)."""
        if not self.store_typing():  # a refused value on screen: said, rather than dropped
            return
        self.quit_asking_first()

    def on_unmount(self) -> None:
        self.stop_watching()
        self.close_open_sheet()
