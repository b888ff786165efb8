"""The open game's screens near the one showing, kept while it is open.

A game screen is composed once and kept (installed) while it is the screen showing or
one key from it (PageUp's and PageDown's): going back to one brings its values up to
date and shows it, a third of the time of composing it again. While the table reads a
screen, the next one the way the user goes (PageDown's, or PageUp's on a walk back) is
composed off screen, so a first visit only lays it out and draws it: half the time of composing it then (issue 12). A
screen further away is let go once the one showing is drawn: each kept screen holds
about 0.6 MiB, and all
seven kept put the app's peak memory at 1.6x a bare Textual app's (issue 15); a palette
jump to one composes it again. A screen that lived through a ``gc.freeze()`` (the
game's first screen, frozen with the game once drawn; those a listing of saved games
froze) stays kept: let go, the collector would never free it. A change of the sheet's
structure (a player added) composes a screen anew; opening another game lets go of them
all.
"""

from __future__ import annotations

import asyncio
import gc
from importlib import import_module

from textual.screen import Screen
from textual.widget import AwaitMount

from ..storage import collection

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


def step_from(name: str, step: int) -> str | None:
    """The game screen ``step`` from ``name`` in the walk (1: PageDown's), or None past
    either end: the walk stops there (held down, PageDown went round from Results to
    Game progress: a new user's run)."""
    at = ORDER.index(name) + step
    return ORDER[at] if 0 <= at < len(ORDER) else None


def neighbours(name: str) -> tuple[str, ...]:
    """The game screens kept while ``name`` shows: itself, and PageUp's and PageDown's."""
    return tuple(kept for kept in (step_from(name, -1), name, step_from(name, 1)) if kept is not None)


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


async def mounted(screen: Screen | None) -> None:
    """Once this screen (if any) has mounted its widgets: one started (attached to the
    app) is waited for, even before its task has taken its first step."""
    if screen is not None and screen.is_attached and not screen.is_mounted:
        await AwaitMount(screen, [screen])


async def removed(screen: Screen) -> None:
    """Remove a screen let go while it was still mounting, once it is mounted (removed
    at once, its ``on_mount`` ran over widgets already gone)."""
    await mounted(screen)
    await screen.remove()


async def handled_one_more(pump) -> None:
    """Once this screen (or widget) has handled one more message: Textual's message loop
    keeps the last one it handled, and a message from a screen let go would keep that
    screen from being collected (and frozen with the next game's objects)."""
    handled = asyncio.Event()
    if pump.call_later(handled.set):  # False when it is closing: nothing to wait for
        await handled.wait()


def screen_class(dotted: str):
    """A screen class from ``module.Class`` under ``scorepad.tui.screens``."""
    module, name = dotted.rsplit(".", 1)
    return getattr(import_module(f"{__package__}.screens.{module}"), name)


class KeptScreens:
    """The app's part that keeps the open game's screens (mixed into the App)."""

    game: tuple[str, Screen] | None = None  # the game screen in the stack, by name
    kept: dict[str, Screen] = {}  # the open game's screens composed so far (set per App)
    frozen_then: dict[str, int] = {}  # per kept screen, the freezes (``collection.freezes``) before it
    released = False  # a screen was let go since the last collection
    freeze_due = False  # a game was opened: what lives on is frozen after its first frame
    start_up = None  # the garbage collector's hold since start-up (``launch``), if any
    heading = 1  # the way the last move went: 1 PageDown (or a jump), -1 PageUp

    def game_screen(self, name: str) -> Screen:
        """The game screen by this name, remembered as the one in the stack: the one
        kept, brought up to date, or (first visit, or a new structure) a new one."""
        screen = self.kept.get(name)
        if screen is not None and not screen.catch_up():
            self.let_go(name)
            screen = None
        if screen is None:
            screen = self.new_game_screen(name)
        self.game = (name, screen)
        return screen

    def new_game_screen(self, name: str) -> Screen:
        """A new game screen, kept while its game is open."""
        screen = screen_class(GAME_SCREENS[name][1])()
        self.kept = {**self.kept, name: screen}
        self.frozen_then = {**self.frozen_then, name: collection.freezes}
        self.install_screen(screen, f"game-{name}")
        return screen

    def after_first_frame(self) -> None:
        """Once a game screen is drawn: let go of the kept screens it is not next to,
        free the screens let go (and, for a game just opened, freeze what lives on:
        ``show_first_screen``), and compose the next one ahead."""
        removals = self.let_go_of_far_screens()
        if removals:
            self.call_next(self.after_removals, removals)  # freed once they are gone
        else:
            self.tidy_after_frame()

    def let_go_of_far_screens(self) -> list:
        """Let go of the kept game screens that are not the one showing or next to it;
        the removals, to await (none while no game screen shows)."""
        current = self.current_game_screen()
        if current is None:
            return []
        far = [name for name in self.kept if name not in neighbours(current) and not self.frozen(name)]
        return self.let_go(*far) if far else []  # no names would let go of them all

    def frozen(self, name: str) -> bool:
        """Whether this kept screen lived through a ``gc.freeze()``: frozen objects are
        never collected, and a screen is a web of cycles, so it would stay in memory
        let go (until the next game unfreezes them), and a visit back compose another."""
        return self.frozen_then.get(name) != collection.freezes

    async def after_removals(self, removals: list) -> None:
        """``tidy_after_frame`` once the screens let go are removed: collected before
        then, a screen still being removed stays in memory until the next collection."""
        for removal in removals:
            await removal
        self.tidy_after_frame()

    def tidy_after_frame(self) -> None:
        """Free the screens let go, freeze what lives on after a game's first frame, and
        compose the next screen ahead."""
        if self.released or self.freeze_due:
            self.released = False
            collect_garbage()
        if self.freeze_due:
            self.freeze_due = False
            collection.freeze_all()
        self.start_up_drawn()
        self.compose_ahead()

    def start_up_drawn(self) -> None:
        """The app's first screen is drawn: the collector, held off since start-up, goes
        back to work, and what opening a game needs loads in a thread (once; later calls
        do nothing)."""
        if self.start_up is not None and self.start_up.held:
            from .load_ahead import load_ahead

            self.start_up.let_go()
            load_ahead()

    def compose_ahead(self) -> None:
        """While the table reads the screen showing, compose the next one the way the
        user is going off screen (PageDown's, or PageUp's after a PageUp: only the
        screens next to the one showing are kept, and a walk back found each one let
        go): the key then only lays it out and draws it (a game screen's composing and
        styling are half of a screen change). Textual composes a screen only when it is
        shown; its own way of starting one (``_register``) starts this one early."""
        current = self.current_game_screen()
        if current is None:
            return
        name = step_from(current, self.heading) or step_from(current, -self.heading)  # at an end: back
        if name not in self.kept:
            self._register(self, self.new_game_screen(name))

    def let_go(self, *names: str, popping: Screen | None = None) -> list:
        """Let go of kept game screens (all of them when no name is given: another game
        opens): uninstalled and removed (``popping``, just popped, Textual removes
        itself once it is uninstalled); their memory is collected once the next game
        screen is drawn. Returns the removals, to await."""
        removals = []
        for name in names or tuple(self.kept):
            screen = self.kept[name]
            self.kept = {key: kept for key, kept in self.kept.items() if key != name}
            self.frozen_then = {key: count for key, count in self.frozen_then.items() if key != name}
            self.uninstall_screen(screen)
            if screen is not popping:
                removals.append(screen.remove() if screen.is_mounted else removed(screen))
        self.released = True
        return removals

    async def show_first_screen(self, first: str, removals: list) -> None:
        """Show a newly opened game once the last game's screens are gone. Once its
        first screen is drawn, what lives on (the game's history, read once) is frozen
        out of the garbage collector's full passes (they stalled the first save of a
        long game by 26 ms at 2,000 entries, 460 ms at 100,000), after a collection: the
        last game's objects went back to it (``use_session``), or a screen let go would
        stay frozen, never collected. After the frame, not before: that collection took
        25-30 ms of the start-up with a sheet."""
        with self.holding_keys():
            for removal in removals:
                await removal
            if removals:  # at start-up there is no last game: its first frame waits for nothing
                await handled_one_more(self.screen)
            self.freeze_due = True
            self.show_game_screen(first)
