"""Setup: the title, 1-4 players with names and colours, an optional Library grid.

Players are 1-4, with distinct, non-empty names (docs/rules.md,
"Input"): an empty name field is no player, and what stops the start is said in
``#problem``, never dropped in silence.

Keys: Enter goes from text field to text field (title, the four names, rows, columns)
and skips the colour lists, so ``Ana Enter Ben Enter Cy`` types three names; Tab
still reaches every control. Enter in the last field starts the game.
"""

from __future__ import annotations

import re

from pydantic import ValidationError
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from ...rules.library import blank_rows
from ...rules.models import MAX_NAME, MAX_PLAYERS, Sheet
from ..typed_value import entry_problem, parse_count
from ..host import host
from ..widgets.focus_look import FocusLook
from ..widgets.footer import FooterBand
from ..widgets.form_field import fill_field
from ..widgets.own_keys import OwnKeys
from ..widgets.title_bar import TitleBar
from .quiet_focus import QuietFocus

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")
NAMES = tuple(f"name-{n}" for n in range(MAX_PLAYERS))
# The text fields in Enter order, in the groups a paste may spread over: a paste into
# the title goes on into the names, never into the grid (DESIGN: rows x columns).
PASTE_GROUPS = (("title", *NAMES), ("rows", "cols"))
FIELDS = tuple(field for group in PASTE_GROUPS for field in group)
# What a paste's tabs and line breaks mean: "next field". A run counts once, so a
# Windows line end or a blank line never leaves a field empty.
NEXT_FIELD = re.compile(r"[\t\r\n]+")


class SetupField(Input, FocusLook, OwnKeys):
    """A text field of the form: Enter goes to the next one; a paste with tabs or line
    breaks fills this field and the next ones (``SetupScreen.paste_into``). Its accent
    border while focused is restyled from memory (``FocusLook``): Enter moves the focus."""

    BINDINGS = [Binding("enter", "screen.next_field", "Next field")]

    def __init__(self, **kwargs) -> None:
        # No validators here (``#problem`` says what is wrong): Textual's validation on
        # leaving a field only marked it ``-valid``, a new class, restyled from the
        # stylesheet on the first Enter out of every field.
        super().__init__(validate_on=(), **kwargs)

    def on_paste(self, event: events.Paste) -> None:
        """A terminal paste (bracketed paste mode)."""
        event.prevent_default()  # Input's own paste would keep a tab and drop other lines
        event.stop()
        self.screen.paste_into(self, event.text)

    def action_paste(self) -> None:
        """ctrl+v: the app's clipboard, spread like a terminal paste."""
        self.screen.paste_into(self, self.app.clipboard)


class LastField(SetupField):
    """The last field (columns): Enter starts the game, as the Start button does."""

    BINDINGS = [Binding("enter", "screen.start", "Start")]


class Form(Vertical):
    """The form's column. Drawn as plain background (``BLANK``, no border: its lines are
    its background), as are its rows and the screen: an Enter repaints the two fields
    the focus leaves and reaches, and Textual draws again every widget in a container
    they are in, line by line (18 widgets for two fields)."""

    BLANK = True


class Row(Horizontal):
    """A row of the form (a name and its colour); plain background, as ``Form``."""

    BLANK = True


class SetupScreen(QuietFocus):
    """A form; Start (or ctrl+s, or Enter in the last field) creates the game and its file."""

    BLANK = True  # its own lines are background (see ``Form``)

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+s", "start", "Start")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Form(id="setup"):
            yield Label("New game", classes="heading")
            yield SetupField(placeholder="Title (optional), e.g. Friday at Ana's", id="title")
            for n, name_id in enumerate(NAMES):
                with Row(classes="player-row"):
                    yield SetupField(placeholder=f"Player {n + 1} name" + (" (optional)" if n else ""),
                                     id=name_id, max_length=MAX_NAME)
                    yield Select([(c, c) for c in COLOURS], prompt="colour", id=f"colour-{n}")
            yield Label("Library grid for Pinax patterns (optional): rows x columns", classes="hint")
            with Row(classes="player-row"):
                yield SetupField(placeholder="rows", id="rows", classes="small")
                yield LastField(placeholder="columns", id="cols", classes="small")
            yield Static("", id="problem", classes="field-message -error")
            yield Button("Start (ctrl+s)", id="start", variant="primary")
        yield FooterBand()

    def on_mount(self) -> None:
        self.query_one("#title", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_next_field(self) -> None:
        """Focus the text field after the focused one (Enter), past the colour lists."""
        focused = self.focused
        if focused is not None and focused.id in FIELDS[:-1]:
            # now, not in a callback after the key (``focus()``): one step less per Enter,
            # and the key after it (held back until this one is done) finds it moved
            self.set_focus(self.query_one(f"#{FIELDS[FIELDS.index(focused.id) + 1]}", Input))

    def paste_into(self, field: Input, text: str) -> None:
        """Paste ``text`` into ``field``, reading its tabs and line breaks as "next field".

        The first piece goes in at the cursor, as any paste; each further piece replaces
        the text of the next field in Enter order, within the field's group: from the
        title on into the player names (``Friday<Tab>Ana<Tab>Ben`` is a title and two
        players, the way a spreadsheet row would be typed), from a name into the later
        names, from rows into columns. Breaks at the very end are ignored (a copied line
        ends in one). Pieces with no field left, and names cut to the longest allowed,
        are said in ``#problem``; the focus ends in the last field filled.
        """
        first, *rest = NEXT_FIELD.split(text.rstrip("\t\r\n"))
        group = next(g for g in PASTE_GROUPS if field.id in g)
        targets = group[group.index(field.id) + 1:]
        start, end = sorted(field.selection)
        notes = self.fill(field, field.value[:start] + first + field.value[end:], start + len(first))
        for target_id, piece in zip(targets, rest):
            notes += self.fill(self.query_one(f"#{target_id}", Input), piece.strip())
        if left_out := rest[len(targets):]:
            why = f"a game has at most {MAX_PLAYERS} players" if group[-1] in NAMES else "no field left"
            notes.append(f"not pasted ({why}): " + ", ".join(left_out))
        if rest and targets:
            last = self.query_one(f"#{targets[min(len(rest), len(targets)) - 1]}", Input)
            self.set_focus(last)  # now, not after a callback: the cursor line below must follow
            # Focus selects a field's whole text (select_on_focus), and the next key typed
            # would replace it: put the cursor back at the end once that is done.
            last.call_later(setattr, last, "cursor_position", len(last.value))
        self.query_one("#problem", Static).update("; ".join(notes))

    @staticmethod
    def fill(field: Input, value: str, cursor: int | None = None) -> list[str]:
        """Set a field's text (``fill_field``); the notes to show: text beyond
        ``max_length`` is cut, and said."""
        return [f"{value!r} cut to {field.max_length} characters"] if fill_field(field, value, cursor) else []

    def sheet_from_form(self) -> Sheet:
        """The new sheet, or ValueError / ValidationError saying what is wrong."""
        players = []
        for n, name_id in enumerate(NAMES):
            name = self.query_one(f"#{name_id}", Input).value.strip()
            colour = self.query_one(f"#colour-{n}", Select).value
            if name:  # an empty name field is no player (docs/rules.md, Input: non-empty names)
                players.append({"name": name, "colour": colour if isinstance(colour, str) else ""})
        if not players:
            raise ValueError("type at least one player's name")
        rows_text, cols_text = self.query_one("#rows", Input).value, self.query_one("#cols", Input).value
        library = None
        if rows_text.strip() or cols_text.strip():
            rows, cols = parse_count(rows_text), parse_count(cols_text)
            if not (1 <= rows <= 64 and 1 <= cols <= 64):
                raise ValueError("a Library grid has 1 to 64 rows and columns")
            library = {"rows": blank_rows(rows, cols)}
        title = self.query_one("#title", Input).value.strip()[:80]
        return Sheet.model_validate({"title": title, "players": players, "library": library})

    def action_start(self) -> None:
        """Create the game from the form, or say in ``#problem`` what stops it."""
        try:
            sheet = self.sheet_from_form()
        except ValidationError as err:
            self.query_one("#problem", Static).update(entry_problem(err))
            return
        except ValueError as err:
            self.query_one("#problem", Static).update(str(err))
            return
        host(self).start_game(sheet)
