"""Setup: the title, 1-4 players with names and colours, an optional Library grid."""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from ...rules.library import blank_rows
from ...rules.models import Sheet
from ..widgets.count_field import entry_problem, parse_count
from ..widgets.footer import KeyFooter
from ..widgets.title_bar import TitleBar

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")


class SetupScreen(Screen):
    """A form; Start (or ctrl+s) creates the game and its file."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+s", "start", "Start")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="setup"):
            yield Label("New game", classes="heading")
            yield Input(placeholder="Title (optional), e.g. Friday at Ana's", id="title")
            for n in range(4):
                with Horizontal(classes="player-row"):
                    yield Input(placeholder=f"Player {n + 1} name" + (" (optional)" if n else ""),
                                id=f"name-{n}", max_length=30)
                    yield Select([(c, c) for c in COLOURS], prompt="colour", id=f"colour-{n}")
            yield Label("Library grid for Pinax patterns (optional): rows x columns", classes="hint")
            with Horizontal(classes="player-row"):
                yield Input(placeholder="rows", id="rows", classes="small")
                yield Input(placeholder="columns", id="cols", classes="small")
            yield Static("", id="problem", classes="field-message -error")
            yield Button("Start (ctrl+s)", id="start", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#title", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def sheet_from_form(self) -> Sheet:
        """The new sheet, or ValueError / ValidationError saying what is wrong."""
        players = []
        for n in range(4):
            name = self.query_one(f"#name-{n}", Input).value.strip()
            colour = self.query_one(f"#colour-{n}", Select).value
            if name:
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
        try:
            sheet = self.sheet_from_form()
        except ValidationError as err:
            self.query_one("#problem", Static).update(entry_problem(err))
            return
        except ValueError as err:
            self.query_one("#problem", Static).update(str(err))
            return
        self.app.start_game(sheet)
