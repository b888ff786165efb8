"""How Setup's form is laid out and drawn: its lines, labels and placeholders, each
field's box, and the text cursor kept in sight in a field too short for its text."""

from __future__ import annotations

from rich.style import Style

from ...columns import cell_len, fit, next_stop, tail, wrapped
from ...rules.models import MAX_NAME, MAX_PLAYERS

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")
NO_COLOUR = "no colour"
NAMES = tuple(f"name-{n}" for n in range(MAX_PLAYERS))

LABEL_WIDTH = 17
TEXT_WIDTH = MAX_NAME + 1  # a whole name and the text cursor after it
COLOUR_LABEL = "  colour "
COLOUR_WIDTH = max(len(NO_COLOUR), *map(len, COLOURS)) + 1
LABELS = {"title": "Title (optional)", **{f"name-{n}": f"Player {n + 1}" for n in range(MAX_PLAYERS)},
          "rows": "Rows", "cols": "Columns"}
PLACEHOLDERS = {"title": "e.g. Friday at Ana's", "name-0": "a name",
                **{name: "optional" for name in NAMES[1:]}, "rows": "optional, 1-64", "cols": "optional, 1-64"}
# The form's lines: the fields on each (Up and Down go from line to line), or words
LINES: tuple[tuple[str, ...] | str, ...] = (
    ("title",), "", *((f"name-{n}", f"colour-{n}") for n in range(MAX_PLAYERS)), "",
    "Library grid for Pinax patterns (optional): rows x columns", ("rows",), ("cols",))
LINE_OF = {field: y for y, line in enumerate(LINES) if isinstance(line, tuple) for field in line}
# fits an 80-column terminal, the form's border and margins too
HINT = "Enter: next field · Tab: colours too · ←/→, Space or a letter: colour"


class SetupFormLines:
    """The drawing part of ``SetupForm`` (mixed into it): what each of its lines shows,
    from the form's ``texts``, ``colours``, cursor and text cursor (``caret``)."""

    @staticmethod
    def field_box(field: str) -> tuple[int, int, int]:
        """Where a field is drawn in the widget's content: x, y and width in cells."""
        if field.startswith("colour-"):
            return LABEL_WIDTH + TEXT_WIDTH + len(COLOUR_LABEL), LINE_OF[field], COLOUR_WIDTH
        return LABEL_WIDTH, LINE_OF[field], TEXT_WIDTH

    # -- drawing -----------------------------------------------------------------------------

    def get_content_width(self, container, viewport) -> int:
        return max(LABEL_WIDTH + TEXT_WIDTH + len(COLOUR_LABEL) + COLOUR_WIDTH, cell_len(HINT))

    def hint_lines(self) -> list[str]:
        """The keys, under the fields, wrapped to the width there is."""
        return wrapped(HINT, self.size.width or cell_len(HINT))

    def line_keys(self) -> list:
        here = self._cursor if self.has_focus else None
        keys: list = []
        for line in LINES:
            if isinstance(line, str):
                keys.append(line)
                continue
            keys.append(tuple((field, self.value(field), self.caret if field == here else None) for field in line))
        return [*keys, *self.hint_lines()]

    def line_text(self, y: int) -> list:
        if y >= len(LINES):
            return [(self.hint_lines()[y - len(LINES)], self.component_style("setup-form--note"))]
        line = LINES[y]
        if isinstance(line, str):
            return [(line, None)] if line else []
        here = self._cursor if self.has_focus else None
        parts: list = [(fit(LABELS[line[0]], LABEL_WIDTH), None), *self.text_cell(line[0], here == line[0])]
        if len(line) > 1:
            colour = self.colours[int(line[1].rsplit("-", 1)[1])]
            style = "setup-form--cursor" if here == line[1] else "setup-form--field"
            parts += [(COLOUR_LABEL, None), (fit(colour or NO_COLOUR, COLOUR_WIDTH), self.component_style(style))]
        return parts

    def text_cell(self, field: str, here: bool) -> list[tuple[str, Style | None]]:
        """A text field in ``TEXT_WIDTH`` cells: its text (or, empty and not being typed
        in, its placeholder), and where it is typed in, the text cursor."""
        text = self.texts[field]
        if not here:
            if not text:
                return [(fit(PLACEHOLDERS[field], TEXT_WIDTH), self.component_style("setup-form--placeholder"))]
            return [(fit(text, TEXT_WIDTH), self.component_style("setup-form--field"))]
        style = self.component_style("setup-form--cursor")
        end = next_stop(text, self.caret) if self.caret < len(text) else self.caret
        before, at, after = text[:self.caret], text[self.caret:end] or " ", text[end:]
        room = TEXT_WIDTH - cell_len(at)
        if cell_len(before) + cell_len(after) > room:  # longer than the field: the typing kept in sight
            after_room = min(cell_len(after), room // 3)
            before = tail(before, room - after_room)
            after = fit(after, room - cell_len(before)) if after_room else ""
        return [(before, style), (at, self.component_style("setup-form--caret")),
                (fit(after, TEXT_WIDTH - cell_len(before) - cell_len(at)), style)]
