"""The key bar at the bottom of every screen."""

from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    """Textual's Footer, rebuilt only when the keys it shows change.

    The stock Footer recomposes on every focus move, which lays out the whole screen:
    with Enter moving from field to field, that would cost a full layout per value typed.
    """

    def bindings_changed(self, screen) -> None:
        shown = tuple(
            (key, active.binding.description, active.enabled)
            for key, active in screen.active_bindings.items()
            if active.binding.show
        )
        if shown == getattr(self, "_shown", None) and self.is_attached:
            return
        self._shown = shown
        super().bindings_changed(screen)
