"""The Pinax pattern editor: a 4 x 4 box; arrows move, space toggles a cell (1-4 cells)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from .cursor_grid import CursorGrid

SIZE = 4


class PatternEditor(CursorGrid):
    """Posts ``Toggled`` with the new cell set; the screen decides whether it is stored."""

    BINDINGS = [Binding("space", "toggle", "Toggle cell")]
    COMPONENT_CLASSES = {"pattern-editor--empty"}  # a cell out of the pattern: quiet, still read

    @dataclass
    class Toggled(Message):
        """The user toggled a cell: the pattern it would become."""

        editor: PatternEditor
        cells: tuple[tuple[int, int], ...]

    def __init__(self, cells, index: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cells = set(map(tuple, cells))
        self.index = index

    def get_content_width(self, container, viewport) -> int:
        return SIZE * 2 + 1

    def get_content_height(self, container, viewport, width) -> int:
        return SIZE

    def render(self) -> Text:
        text = Text()
        empty = self.get_component_rich_style("pattern-editor--empty")
        for r in range(SIZE):
            for c in range(SIZE):
                on = (r, c) in self.cells
                style = "reverse" if (r, c) == self.cursor and self.has_focus else ""
                text.append("■ " if on else "· ", style=style or ("bold" if on else empty))
            text.append("\n")
        return text

    def show(self, cells) -> None:
        """Show the stored pattern (drawn again only when it changed)."""
        cells = set(map(tuple, cells))
        if cells != self.cells:
            self.cells = cells
            self.refresh()

    def grid_size(self) -> tuple[int, int]:
        return SIZE, SIZE

    def action_toggle(self) -> None:
        cells = set(self.cells) ^ {self.cursor}
        self.post_message(self.Toggled(self, tuple(sorted(cells))))
