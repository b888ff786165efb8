"""A widget drawn line by line (Textual's line API) that redraws only the lines whose
content changed: the count table and the live totals redraw one or two lines when a
value is committed, not the whole widget."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Hashable, Iterator

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip

from .focus_look import FocusLook
from .in_sight import DrawnInSight
from .own_keys import OwnKeys


class LineWidget(FocusLook, OwnKeys, DrawnInSight):  # mixins of Widget: its CSS type stays LineWidget
    """Subclasses say what each line shows (``line_keys``) and draw one (``line_text``),
    then call ``redraw()`` after any change."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._keys: list[Hashable] = []
        self._strips: dict[int, Strip] = {}
        self._styles: dict[str, Style] = {}
        self._holding = 0  # redraws asked for inside ``drawn_once`` blocks
        self._redraw_due = False

    def watch_has_focus(self, has_focus: bool) -> None:
        """Redraw once the focus has come or gone: most of these widgets draw a cursor
        only while focused. Not in ``on_focus`` / ``on_blur``: Textual runs a subclass's
        handlers before its own ``Widget._on_focus`` / ``_on_blur`` set ``has_focus``,
        so a redraw there drew the old focus and remembered it as drawn; the line kept
        its cursor (two fields looked focused) until something else changed it."""
        super().watch_has_focus(has_focus)
        self.redraw()

    def line_keys(self) -> list[Hashable]:
        """One value per line that changes whenever the line's content changes."""
        raise NotImplementedError

    def line_text(self, y: int) -> Text | tuple[str, Style] | list[tuple[str, Style | None]]:
        """The content of line ``y``: Rich Text, or plain words in one style, or a list
        of such parts (drawn quicker: no Rich layout)."""
        raise NotImplementedError

    def line_words(self, y: int) -> str:
        """The words of line ``y``, without their styles."""
        text = self.line_text(y)
        if isinstance(text, Text):
            return text.plain
        return "".join(words for words, _ in ([text] if isinstance(text, tuple) else text))

    @contextmanager
    def drawn_once(self) -> Iterator[None]:
        """Every redraw asked for in this block is one redraw at its end: a commit
        stores a value, the sheet comes back, the cursor moves on; each used to go over
        every line again."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding and self._redraw_due:
                self.redraw()

    def redraw(self) -> None:
        """Redraw the lines that changed; a new number of lines means a new layout."""
        if self._holding:
            self._redraw_due = True
            return
        self._redraw_due = False
        keys = self.line_keys()
        if len(keys) != len(self._keys):
            self._keys, self._strips = keys, {}
            self.refresh(layout=True)
            return
        width = self.outer_size.width  # ``size`` would lay out the screen when out of sight
        for y, (new, old) in enumerate(zip(keys, self._keys)):
            if new != old:
                self._strips.pop(y, None)
                self.refresh(Region(0, y, width, 1))
        self._keys = keys

    def get_content_height(self, container, viewport, width) -> int:
        return len(self.line_keys())

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            if not self._keys:
                self._keys = self.line_keys()
            text = self.line_text(y) if y < len(self._keys) else Text()
            if isinstance(text, Text):
                # the widget's colours, then the line's own style, under the styles of its parts
                console = self.app.console
                base = self.base_style() + console.get_style(text.style) if text.style else self.base_style()
                strip = Strip(Segment.apply_style(text.render(console), base), text.cell_len)
            else:  # plain words, each in one style: no Rich layout to pay for on every commit
                base = self.base_style()
                parts = [text] if isinstance(text, tuple) else text
                strip = Strip([Segment(words, base + style if style else base) for words, style in parts],
                              sum(cell_len(words) for words, _ in parts))
            self._strips[y] = strip
        return strip

    def base_style(self) -> Style:
        """The widget's own colours under its lines, worked out once per style change."""
        return self.component_style("")

    def component_style(self, name: str) -> Style:
        """A component class's style, worked out once per theme (Textual works it out
        from the ancestors' styles on every call: most of the cost of drawing a line)."""
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(name) if name else self.rich_style
        return style

    def notify_style_update(self) -> None:
        self._strips.clear()  # the component styles (a new theme) are in the strips
        self._styles.clear()
        super().notify_style_update()
