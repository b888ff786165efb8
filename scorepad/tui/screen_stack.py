"""Which screen shows: Home, one game screen at a time, and what is pushed over them.

The stack is Textual's default screen, then Home or one game screen, then what is pushed
over it (a dialog, help, the games list). A sheet opened from the command line starts on
its game screen: Home is composed only when asked for.

Game screens are composed on their first visit and kept (installed) while their game
is open: going back to one brings its values up to date and shows it, a third of the
time of composing it again (issue 12). A change of the sheet's structure (a player
added) composes it anew; opening another game lets go of them all. Seven screens kept
cost about 3 MiB.
"""

from __future__ import annotations

import gc
from importlib import import_module

from textual.screen import Screen

from .screens.home import HomeScreen

# The rules, storage and game screens load on first use, after the home screen is up:
# start-up then costs about what a bare Textual app costs.
GAME_SCREENS: dict[str, tuple[str, str]] = {
    "progress": ("Game progress", "progress.ProgressScreen"),
    "pinax": ("Pinax", "pinax.PinaxScreen"),
    "school": ("School", "lists.SchoolScreen"),
    "scholars": ("Scholars", "lists.ScholarsScreen"),
    "supplies": ("Supplies", "counts.SuppliesScreen"),
    "renown": ("Renown and tie-breaks", "counts.RenownScreen"),
    "results": ("Results", "results.ResultsScreen"),
}
ORDER = tuple(GAME_SCREENS)


def let_go_of_render_caches() -> None:
    """Free the render caches of widgets that are gone. Textual keeps up to 1024 of them
    alive (an ``lru_cache`` on a method of ``StylesCache``, Textual issue 6665, open):
    each game screen let go stayed in memory as strips, and every screen change took a
    longer garbage collection (5 ms growing to 30 ms over 20 changes on a full sheet)."""
    from textual._styles_cache import StylesCache

    clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if clear is not None:  # gone once Textual fixes it: nothing to do then
        clear()


def collect_garbage() -> None:
    """Free a screen let go: its widgets and their render caches."""
    let_go_of_render_caches()
    gc.collect()


def screen_class(dotted: str):
    """A screen class from ``module.Class`` under ``scorepad.tui.screens``."""
    module, name = dotted.rsplit(".", 1)
    return getattr(import_module(f"{__package__}.screens.{module}"), name)


class ScreenStack:
    """The app's part that moves between screens (mixed into the App)."""

    game: tuple[str, Screen] | None = None  # the game screen in the stack, by name
    kept: dict[str, Screen] = {}  # the open game's screens composed so far (set per App)

    def store_typing(self) -> bool:
        """Store what is typed in the focused table before its screen goes: a value shown
        on screen is a value saved. False when it was refused: its screen stays, and
        says why the key did nothing."""
        store = getattr(self.focused, "store_typing", None)
        if store is None or store():
            return True
        self.notify("The value typed is refused (why is under the table): put it right, or Esc to "
                    "put it back.", severity="warning")
        return False

    def show_home(self) -> None:
        """Back to Home, letting the game screen go (not while a refused value is on it)."""
        if not self.store_typing():
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) < 2:
            self.push_screen("home")
        elif not isinstance(self.screen, HomeScreen):
            self.switch_screen("home")  # the game screen stays kept for the way back

    def action_home(self) -> None:
        self.show_home()

    def show_game_screen(self, name: str) -> None:
        """Show one game screen in place of the one showing."""
        current = self.current_game_screen()
        if current is None:
            self.push_screen(self.game_screen(name))
        elif current != name and self.store_typing():  # a refused value keeps its screen
            self.call_next(self.swap_game_screen, name)

    def game_screen(self, name: str) -> Screen:
        """The game screen by this name, remembered as the one in the stack: the one
        kept, brought up to date, or (first visit, or a new structure) a new one."""
        screen = self.kept.get(name)
        if screen is not None and not screen.catch_up():
            self.let_go(name)
            screen = None
        if screen is None:
            screen = screen_class(GAME_SCREENS[name][1])()
            self.kept = {**self.kept, name: screen}
            self.install_screen(screen, f"game-{name}")
        self.game = (name, screen)
        return screen

    async def swap_game_screen(self, name: str) -> None:
        """Show the next game screen in place of the one showing (which is kept)."""
        with self.holding_keys():
            await self.switch_screen(self.game_screen(name))

    def let_go(self, *names: str, popping: Screen | None = None) -> list:
        """Let go of kept game screens (all of them when no name is given: another game
        opens): uninstalled and removed (``popping``, just popped, Textual removes
        itself once it is uninstalled); their memory is collected after the next frame.
        Returns the removals, to await."""
        removals = []
        for name in names or tuple(self.kept):
            screen = self.kept[name]
            self.kept = {key: kept for key, kept in self.kept.items() if key != name}
            self.uninstall_screen(screen)
            if screen is not popping:
                removals.append(screen.remove())
        self.call_after_refresh(collect_garbage)
        return removals

    async def show_first_screen(self, first: str, removals: list) -> None:
        """Show a newly opened game once the last game's screens are gone. What lives
        on then (the game's history, read once) is frozen out of the garbage
        collector's full passes (they stalled the first save of a long game by 26 ms at
        2,000 entries, 460 ms at 100,000); the last game's objects went back to it
        first, or a screen let go would stay frozen, never collected."""
        with self.holding_keys():
            for removal in removals:
                await removal
            collect_garbage()
            gc.freeze()
            self.show_game_screen(first)

    def current_game_screen(self) -> str | None:
        """The name of the game screen showing, if one is."""
        if self.game is not None and self.game[1] is self.screen:
            return self.game[0]
        return None

    def action_next_screen(self) -> None:
        self.move_screen(1)

    def action_previous_screen(self) -> None:
        self.move_screen(-1)

    def move_screen(self, step: int) -> None:
        current = self.current_game_screen()
        if current is not None:
            self.show_game_screen(ORDER[(ORDER.index(current) + step) % len(ORDER)])

    def action_go(self, name: str) -> None:
        """Show one game screen."""
        if self.session is None:
            self.notify("Open or start a game first.", severity="warning")
            return
        self.show_game_screen(name)
