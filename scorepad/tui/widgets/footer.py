"""The key bar at the bottom of every screen: the keys that work here, and the command
palette's key on the right. A click on a key presses it."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.widget import Widget

DISABLED = Style(dim=True)


class KeyFooter(Widget):
    """Looks like Textual's Footer, drawn as one line by one widget.

    The stock Footer is a widget per key, rebuilt on every focus move: a dozen more
    widgets on every screen to keep in memory, and a new layout per value typed.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}

    def __init__(self) -> None:
        super().__init__()
        self.shown: tuple = ((), None)
        self.spots: list[tuple[int, int, str]] = []  # (from x, to x, key) of each key drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen) -> None:
        """Follow the keys of the focused widget and the screen (redrawn when they change)."""
        keys, actions = [], set()
        for _, binding, enabled, _ in screen.active_bindings.values():
            if binding.show and binding.action not in actions:  # one key per action
                actions.add(binding.action)
                keys.append((binding.key, self.app.get_key_display(binding), binding.description, enabled))
        palette = screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        corner = None
        if palette is not None and self.app.ENABLE_COMMAND_PALETTE:
            corner = (palette.binding.key, self.app.get_key_display(palette.binding),
                      palette.binding.description, palette.enabled)
        if (tuple(keys), corner) != self.shown:
            self.shown = (tuple(keys), corner)
            self.refresh()

    def render(self) -> Text:
        keys, corner = self.shown
        text, self.spots = Text(no_wrap=True, overflow="crop"), []
        for key in keys:
            self.draw_key(text, *key)
        if corner is not None:
            start = self.size.width - len(corner[1]) - len(corner[2]) - 4  # "▏ ^p palette "
            if start > text.cell_len:
                text.append(" " * (start - text.cell_len) + "▏")
                self.draw_key(text, *corner)
        return text

    def draw_key(self, text: Text, key: str, display: str, description: str, enabled: bool) -> None:
        """Append one key and its description, remembering where it is for clicks."""
        dim = Style() if enabled else DISABLED
        start = text.cell_len
        text.append(f" {display} ", style=self.get_component_rich_style("key-footer--key") + dim)
        text.append(f"{description} ", style=self.get_component_rich_style("key-footer--description") + dim)
        self.spots.append((start, text.cell_len, key))

    def on_click(self, event: Click) -> None:
        for start, end, key in self.spots:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
