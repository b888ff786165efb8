"""The key bar at the bottom of every screen: the keys that work here, and the command
palette's key on the right when there is room. A click on a key presses it.

At 80 columns not every key fits, so what shows is chosen, never cut by the edge: F1
Help first (it lists every key), PageDown (the way on), then the keys of the focused widget and the screen,
then the app's, and the keys that cannot work now (slanted and muted, no key colour)
last. A key short of room loses the last words of its description (``pgdn Next``); one
with no room at all is left out whole. Keys of one ``Binding.Group`` share one description (``f3 f4 Player``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.widget import Widget

from .muted import muted

SLANTED = Style(italic=True)  # besides muted: a key that cannot work is told by its shape too

@dataclass(frozen=True)
class FooterKey:
    """One entry of the bar: its keys (several for a group), how they are written, and
    the words after them."""

    keys: tuple[str, ...]
    displays: tuple[str, ...]
    description: str
    enabled: bool
    rank: int  # 0 shows first
    group: object = None  # the Binding.Group its keys belong to

    @property
    def width(self) -> int:
        """Cells taken: `` f3 f4 Player ``."""
        return sum(cell_len(d) + 1 for d in self.displays) + cell_len(self.description) + 2


FIRST = ("help", "next_screen")  # Help lists every key; PageDown is the way on (a new
# user on Game progress at 80 columns found its own keys had left no room for it)


def rank(namespace, binding, enabled: bool, app) -> int:
    """How soon a key shows: Help, the next screen, then what the focus and the screen
    do, then the app's keys, then the keys that cannot work now."""
    action = binding.action.rsplit(".", 1)[-1]
    if action in FIRST and enabled:
        return FIRST.index(action)
    if not enabled:
        return 4
    return 3 if namespace is app else 2


def footer_keys(active: dict, app) -> tuple[FooterKey, ...]:
    """The keys to offer among a screen's ``active_bindings``, in the order they claim room."""
    keys: list[FooterKey] = []
    actions: set[str] = set()
    for namespace, binding, enabled, _ in active.values():
        if not binding.show or binding.action in actions:  # one key per action
            continue
        actions.add(binding.action)
        display = app.get_key_display(binding)
        last, group = keys[-1] if keys else None, binding.group
        if group is not None and last is not None and last.group == group and last.enabled == enabled:
            keys[-1] = FooterKey((*last.keys, binding.key), (*last.displays, display), group.description,
                                 enabled, last.rank, group)
            continue
        description = group.description if group is not None else binding.description
        keys.append(FooterKey((binding.key,), (display,), description, enabled,
                              rank(namespace, binding, enabled, app), group))
    return tuple(sorted(keys, key=lambda k: k.rank))  # sorted() keeps the order within a rank


def shortened(key: FooterKey, room: int) -> FooterKey | None:
    """The key in ``room`` cells: whole, else with the first words of its description
    (``pgdn Next``), else None."""
    words = key.description.split()
    for count in range(len(words), 0, -1):
        short = replace(key, description=" ".join(words[:count]))
        if short.width <= room:
            return short
    return None


def fitting(keys: tuple[FooterKey, ...], width: int) -> list[FooterKey]:
    """The keys that fit in ``width``, the first claims first; a key that does not fit
    even shortened is left out whole (a shorter one after it may still fit)."""
    chosen, used = [], 0
    for key in keys:
        short = shortened(key, width - used)
        if short is not None:
            chosen.append(short)
            used += short.width
    return chosen


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
        active = screen.active_bindings  # worked out by Textual on each call: once per focus move
        keys = footer_keys(active, self.app)
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        corner = None
        if palette is not None and self.app.ENABLE_COMMAND_PALETTE:
            corner = FooterKey((palette.binding.key,), (self.app.get_key_display(palette.binding),),
                               palette.binding.description, palette.enabled, 4)
        if (keys, corner) != self.shown:
            self.shown = (keys, corner)
            self.refresh()

    def render(self) -> Text:
        keys, corner = self.shown
        text, self.spots = Text(no_wrap=True, overflow="crop"), []
        for key in fitting(keys, self.size.width):
            self.draw_key(text, key)
        if corner is not None:
            start = self.size.width - corner.width - 1  # "▏ ^p palette "
            if start > text.cell_len:
                text.append(" " * (start - text.cell_len) + "▏")
                self.draw_key(text, corner)
        return text

    def draw_key(self, text: Text, key: FooterKey) -> None:
        """Append one entry, remembering where each of its keys is for clicks."""
        description = self.get_component_rich_style("key-footer--description")
        unavailable = None if key.enabled else muted(description) + SLANTED
        key_style = unavailable or self.get_component_rich_style("key-footer--key")
        for pressed, display in zip(key.keys, key.displays):
            start = text.cell_len
            text.append(f" {display}", style=key_style)
            self.spots.append((start, text.cell_len + 1, pressed))
        text.append(" ", style=key_style)
        text.append(f"{key.description} ", style=unavailable or description)
        start, _, pressed = self.spots[-1]
        self.spots[-1] = (start, text.cell_len, pressed)  # its words press the last key too

    def on_click(self, event: Click) -> None:
        for start, end, key in self.spots:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return


class FooterBand(Widget):
    """Where the key bar sits, docked at the bottom of a screen.

    Drawn as plain background (``BLANK``): Textual repaints each of a screen's own
    children on every frame, a container's only when the frame reaches it, so the key
    bar is repainted when it changes, not with every value typed higher up."""

    BLANK = True

    def compose(self):
        yield KeyFooter()

