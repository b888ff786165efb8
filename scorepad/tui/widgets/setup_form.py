"""Setup's form as one widget: the title, four names each with its colour, the Library
grid's rows and columns, typed with a cursor of its own as the count tables are.

An Enter used to move the focus from one bordered Input to the next: both restyled,
Blur and Focus through their queues, both redrawn (2.1x the echo app's Enter). Here an
Enter moves the cursor and redraws the two lines it leaves and reaches. The rules of
what the form may hold stay with the screen (``SetupScreen.sheet_from_form``).
"""

from __future__ import annotations

import re
from typing import Callable

from textual import events
from textual.binding import Binding

from ...columns import next_stop, previous_stop
from ...messages import CONTROLS, shown
from ...rules.models import MAX_NAME, MAX_PLAYERS
from ...storage.errors import clip
from .form_field import TakesPastes
from .form_focus import focus_neighbour
from .line_widget import LineWidget
from .setup_form_lines import COLOUR_LABEL, COLOURS, LINE_OF, LINES, NAMES, SetupFormLines

# The text fields in Enter order, in the groups a paste may spread over: a paste into
# the title goes on into the names, never into the grid (DESIGN: rows x columns).
PASTE_GROUPS = (("title", *NAMES), ("rows", "cols"))
TEXT_FIELDS = tuple(field for group in PASTE_GROUPS for field in group)
# Every field in Tab order: each name followed by its colour
FIELDS = ("title", *(f for n in range(MAX_PLAYERS) for f in (f"name-{n}", f"colour-{n}")), "rows", "cols")
# What a paste's tabs and line breaks mean: "next field". A run counts once, so a
# Windows line end or a blank line never leaves a field empty.
NEXT_FIELD = re.compile(r"[\t\r\n]+")
MAX_TITLE = 80  # the sheet's own limit
MAX_COUNT = 8  # rows or columns: a number, a sum at most; longer is a slip of the hand
NOTE_QUOTE = 20  # characters of a paste quoted in a note: a 1 MB paste must not become a 1 MB note
KINDS = {"title": "the title", **{name: "a name" for name in NAMES}, "rows": "rows", "cols": "columns"}
LIMITS = {"title": MAX_TITLE, **{name: MAX_NAME for name in NAMES}, "rows": MAX_COUNT, "cols": MAX_COUNT}

class SetupForm(SetupFormLines, TakesPastes, LineWidget, can_focus=True):
    """The fields of a new game. ``say(words)`` shows a note under the form (a cut
    name, a paste that did not fit; "" clears it); ``start()`` starts the game (Enter in
    the last field)."""

    BINDINGS = [
        Binding("enter", "enter", "Next field"),
        Binding("tab", "step(1)", "Next field, colours too", show=False),
        Binding("shift+tab", "step(-1)", "Previous field", show=False),
        Binding("down", "line(1)", "Field below", show=False),
        Binding("up", "line(-1)", "Field above", show=False),
        Binding("left", "left", "Cursor left, or the colour before", show=False),
        Binding("right", "right", "Cursor right, or the next colour", show=False),
        Binding("space", "colour(1)", "Next colour", show=False),  # in a text field a space is typed
        Binding("home", "caret(0)", "Start of the field", show=False),
        Binding("end", "caret(-1)", "End of the field", show=False),
        Binding("backspace", "erase(-1)", "Erase the character before", show=False),
        Binding("delete", "erase(0)", "Erase the character after", show=False),
        Binding("ctrl+u", "clear", "Clear the field", show=False),
        Binding("ctrl+v", "paste", "Paste", show=False),
    ]
    COMPONENT_CLASSES = {"setup-form--field", "setup-form--cursor", "setup-form--caret",
                         "setup-form--placeholder", "setup-form--note"}

    def __init__(self, say: Callable[[str], object], start: Callable[[], object], **kwargs) -> None:
        super().__init__(**kwargs)
        self.say, self.start = say, start
        self.texts = {field: "" for field in TEXT_FIELDS}
        self.colours = [""] * MAX_PLAYERS  # "" is no colour
        self.caret = 0  # the text cursor in the cursor's field, in characters
        self._cursor = "title"

    # -- what the screen and the tests read ------------------------------------------------

    @property
    def cursor(self) -> str:
        """The field the cursor is on: ``title``, ``name-0``, ``colour-0``, ... ``cols``."""
        return self._cursor

    @cursor.setter
    def cursor(self, field: str) -> None:
        self.move_to(field)

    def value(self, field: str) -> str:
        """A field's text, or a colour field's colour ("" for none)."""
        if field.startswith("colour-"):
            return self.colours[int(field.rsplit("-", 1)[1])]
        return self.texts[field]

    def typed(self) -> bool:
        """Whether anything is typed or chosen in the form."""
        return any(self.texts.values()) or any(self.colours)

    def move_to(self, field: str) -> None:
        """Put the cursor on a field, the text cursor at the end of its text."""
        self._cursor = field
        self.caret = len(self.texts.get(field, ""))
        self.redraw()

    # -- keys --------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        if not self.has_focus or not event.is_printable or not event.character:
            return
        if self._cursor in self.texts:
            event.stop()
            event.prevent_default()
            self.type_text(event.character)
        elif event.character.isalnum():  # a colour field: the next colour with that letter
            event.stop()
            event.prevent_default()
            self.pick_letter(event.character)

    def type_text(self, typed: str) -> None:
        """Insert typed characters at the text cursor (control characters and bidi
        overrides dropped); past the field's length nothing goes in, and that is said."""
        typed = CONTROLS.sub("", typed)
        field, text = self._cursor, self.texts[self._cursor]
        if not typed:
            return
        cut = len(text) + len(typed) > LIMITS[field]
        typed = typed[:max(0, LIMITS[field] - len(text))]
        self.set_text(text[:self.caret] + typed + text[self.caret:], self.caret + len(typed))
        if cut:
            self.say(f"{KINDS[field]} takes at most {LIMITS[field]} characters")

    def set_text(self, text: str, caret: int | None = None) -> None:
        """The cursor's field's text, and where the text cursor goes (the end if None).
        A note under the form is answered by the change: it goes."""
        self.say("")
        self.texts[self._cursor] = text
        self.caret = len(text) if caret is None else min(caret, len(text))
        self.redraw()

    def action_enter(self) -> None:
        """The next text field (past the colours); in the last one, start the game."""
        if self._cursor == TEXT_FIELDS[-1]:
            self.start()
            return
        at = FIELDS.index(self._cursor) + 1
        while FIELDS[at] not in self.texts:
            at += 1
        self.move_to(FIELDS[at])

    def action_step(self, step: int) -> None:
        """The next (or previous) field, colours too; past either end the focus moves on."""
        at = FIELDS.index(self._cursor) + step
        if 0 <= at < len(FIELDS):
            self.move_to(FIELDS[at])
        elif step > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def action_line(self, step: int) -> None:
        """The field above or below (the same column where the line has one); from the
        first or the last line, the widget above or below, never round to the other end."""
        y = LINE_OF[self._cursor]
        column = LINES[y].index(self._cursor)
        y += step
        while 0 <= y < len(LINES) and not (isinstance(LINES[y], tuple) and LINES[y]):
            y += step
        if 0 <= y < len(LINES):
            line = LINES[y]
            self.move_to(line[min(column, len(line) - 1)])
        else:
            focus_neighbour(self, step)

    def action_left(self) -> None:
        if self._cursor in self.texts:
            self.action_caret(previous_stop(self.texts[self._cursor], self.caret))
        else:
            self.action_colour(-1)

    def action_right(self) -> None:
        if self._cursor in self.texts:
            self.action_caret(next_stop(self.texts[self._cursor], self.caret))
        else:
            self.action_colour(1)

    def action_caret(self, at: int) -> None:
        """Put the text cursor at ``at`` (-1: the end)."""
        text = self.texts.get(self._cursor)
        if text is not None:
            self.caret = len(text) if at < 0 else min(at, len(text))
            self.redraw()

    def action_erase(self, step: int) -> None:
        """Backspace (-1) erases the character before the text cursor, Delete (0) the one
        at it, each with the accents and joined characters drawn with it."""
        text = self.texts.get(self._cursor)
        if text is None:
            if step == 0:
                self.set_colour("")  # Delete on a colour: no colour
            return
        if step < 0 and self.caret > 0:
            at = previous_stop(text, self.caret)
            self.set_text(text[:at] + text[self.caret:], at)
        elif step == 0 and self.caret < len(text):
            self.set_text(text[:self.caret] + text[next_stop(text, self.caret):], self.caret)

    def action_clear(self) -> None:
        if self._cursor in self.texts:
            self.set_text("")
        else:
            self.set_colour("")

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Space types a space in a text field (``on_key``): the colour key only on a colour
        if action == "colour":
            return self._cursor not in self.texts
        return True

    def action_colour(self, step: int) -> None:
        """The next (1) or previous (-1) colour, "no colour" between the last and the first."""
        choices = ("", *COLOURS)
        player = int(self._cursor.rsplit("-", 1)[1])
        self.set_colour(choices[(choices.index(self.colours[player]) + step) % len(choices)])

    def pick_letter(self, letter: str) -> None:
        """The next colour after the current one starting with ``letter`` (b: blue, then
        black); a letter or digit no colour starts with is said under the form."""
        player = int(self._cursor.rsplit("-", 1)[1])
        current = self.colours[player]
        start = COLOURS.index(current) + 1 if current else 0
        for colour in (*COLOURS[start:], *COLOURS[:start]):
            if colour.startswith(letter.lower()):
                self.set_colour(colour)
                return
        # a key that changes nothing says why, rather than nothing at all
        self.say(f"no colour starts with {letter}: ←/→ or Space go through them all")

    def set_colour(self, colour: str) -> None:
        """The colour of the cursor's player ("" for none); a note under the form goes."""
        self.say("")
        self.colours[int(self._cursor.rsplit("-", 1)[1])] = colour
        self.redraw()

    # -- paste -------------------------------------------------------------------------------

    def paste(self, text: str) -> None:
        """Paste ``text`` at the cursor, reading its tabs and line breaks as "next field".

        The first piece goes in at the text cursor, as any paste; each further piece
        replaces the text of the next field in Enter order, within the field's group:
        from the title on into the player names (``Friday<Tab>Ana<Tab>Ben`` is a title
        and two players, the way a spreadsheet row would be typed), from a name into
        the later names, from rows into columns. Breaks at the very end are ignored (a
        copied line ends in one). Pieces with no field left, and text cut to the field's
        length, are said under the form; the cursor ends in the last field filled. On
        a colour, a paste naming a colour chooses it.
        """
        field = self._cursor
        if field not in self.texts:
            colour = text.strip().lower()
            if colour in COLOURS:
                self.set_colour(colour)
            self.say("" if colour in COLOURS else "not pasted: no colour is named so; ←/→ or Space go through them")
            return
        first, *rest = NEXT_FIELD.split(text.rstrip("\t\r\n"))
        first = CONTROLS.sub("", first)  # before the text cursor is placed after it
        group = next(g for g in PASTE_GROUPS if field in g)
        targets = group[group.index(field) + 1:]
        old = self.texts[field]
        cut = [field] if self.fill(field, old[:self.caret] + first + old[self.caret:], self.caret + len(first)) else []
        cut += [target for target, piece in zip(targets, rest) if self.fill(target, piece.strip())]
        # short notes, counted rather than quoted: two lines at most fit at 80 x 24
        # above the Start button, and a paste may be a megabyte
        notes = [f"{KINDS[cut[0]]} cut to {LIMITS[cut[0]]} characters" if len(cut) == 1 else
                 f"{len(cut)} fields cut to fit"] if cut else []
        if left_out := rest[len(targets):]:
            why = f"a game has at most {MAX_PLAYERS} players" if group[-1] in NAMES else "no field left"
            # its escape sequences written out, never obeyed
            notes.append(f"{len(left_out)} not pasted ({why}), from {clip(shown(left_out[0]), NOTE_QUOTE)!r}")
        if rest and targets:
            self.move_to(targets[min(len(rest), len(targets)) - 1])  # the text cursor at its end
        self.redraw()
        self.say("; ".join(notes))

    def fill(self, field: str, value: str, caret: int | None = None) -> bool:
        """Set a field's text, without control characters (``CONTROLS``: a paste's escape
        sequences, which no key types and no sheet takes), cut at the field's length;
        whether it was cut."""
        value = CONTROLS.sub("", value)
        cut = len(value) > LIMITS[field]
        value = value[:LIMITS[field]]
        self.texts[field] = value
        if field == self._cursor:
            self.caret = len(value) if caret is None else min(caret, len(value))
        return cut

    # -- mouse -------------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is None or not 0 <= at.y < len(LINES) or not isinstance(LINES[at.y], tuple):
            return
        line = LINES[at.y]  # a click left of a field's box is on it too: its label
        self.move_to(line[-1] if at.x >= self.field_box(line[-1])[0] - len(COLOUR_LABEL) else line[0])

    def on_resize(self) -> None:
        self.redraw()  # the hint wraps to the width there is
