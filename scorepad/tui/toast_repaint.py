"""The App's part that repaints the screen when a toast goes, so nothing of it stays.

Textual 8 leaves the toasts' cells on the terminal once more of them are up than the
screen holds (seven at 80 x 24): their rack is ``visibility: hidden``, so it is never
in the compositor's map. Each time it refreshes, the compositor marks its map stale;
when a toast expires, the rack's refresh asks where the rack is, and that question
rebuilds the map from the widgets as they are now, the toast already gone. The layout
that follows compares the new map with that rebuilt one, finds nothing changed, and
sends the terminal nothing: the toast's words stay drawn over the live totals until the
screen changes, and so do all the toasts that go after it (nothing is drawn, so nothing
rebuilds the map before the next one goes). A full frame once a toast has gone draws
what is really there; toasts go seldom (seconds apart), so typing keeps its small
frames.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary, WeakSet

from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets._toast import Toast, ToastRack


class ToastRepaint:
    """Mixed into the App: ``follow_toasts()`` once, on mount."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._followed: WeakSet[Screen] = WeakSet()
        self._toasts_seen: WeakKeyDictionary[Screen, tuple[Toast, ...]] = WeakKeyDictionary()

    def follow_toasts(self) -> None:
        """Watch every screen shown from now on (and the one up now) for toasts going."""
        self.screen_change_signal.subscribe(self, self.follow_screen)
        self.follow_screen(self.screen)

    def follow_screen(self, screen: Screen) -> None:
        """Look at the screen's toasts after each of its layouts (a toast going is one)."""
        if not self.is_running:
            return  # a screen changed as the app closes: nothing more is drawn
        if screen not in self._followed:
            self._followed.add(screen)
            screen.screen_layout_refresh_signal.subscribe(self, self.repaint_after_toasts)

    def repaint_after_toasts(self, screen: Screen) -> None:
        """Draw the whole screen again when a toast it showed is gone (see the module)."""
        before = self._toasts_seen.get(screen, ())
        now = toasts_on(screen)
        self._toasts_seen[screen] = now
        if any(toast not in now for toast in before):
            screen.refresh()  # the whole screen: a part would drop other widgets' repaints this frame


def toasts_on(screen: Screen) -> tuple[Toast, ...]:
    """The toasts mounted on a screen, from its rack alone (asked at every layout: the
    rest of the screen is not walked)."""
    try:
        rack = screen.get_child_by_type(ToastRack)
    except NoMatches:
        return ()
    return tuple(rack.query(Toast)) if rack.children else ()
