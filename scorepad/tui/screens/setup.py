"""Setup: the title, 1-4 players with names and colours, an optional Library grid.

Players are 1-4, with distinct, non-empty names (docs/rules.md,
"Input"): an empty name field is no player, and what stops the start is said in
``#problem``, never dropped in silence.

The fields are one widget with a cursor of its own (``SetupForm``): Enter goes from
text field to text field (title, the four names, rows, columns) and skips the colours,
so ``Ana Enter Ben Enter Cy`` types three names; Tab still reaches every field. Enter
in the last field starts the game.
"""

from __future__ import annotations

from time import monotonic

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from ...columns import fit, wrap
from ...rules.library import blank_rows
from ...rules.models import Sheet
from ..typed_value import entry_problem, parse_count
from ..host import host
from ..widgets.footer import FooterBand
from ..widgets.setup_form import NAMES, SetupForm
from ..widgets.title_bar import TitleBar
from .quiet_focus import QuietFocus


NOTE_LINES = 2  # the most a note under the form takes


class Form(Vertical):
    """The form's column, drawn as plain background (``BLANK``): its lines are its
    background."""

    BLANK = True


NOT_TAKEN = "The keys typed straight after were not taken."


class SetupScreen(QuietFocus):
    """A form; Start (or ctrl+s, or Enter in the last field) creates the game and its file."""

    BLANK = True  # its own lines are background (see ``Form``)
    prompted_at = float("-inf")  # when a start was refused: keys of that run are not taken
    refusal = ""  # why the last start was refused, until keys typed on after it are said

    BINDINGS = [Binding("escape", "leave('app.pop_screen')", "Back"), Binding("f2", "leave('app.home')", "Home"),
                Binding("ctrl+s", "start", "Start")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Form(id="setup"):
            yield Label("New game", classes="heading")
            yield SetupForm(say=self.say, start=self.action_start, id="form")
            yield Static("", id="problem", classes="field-message -error")
            yield Button("Start (ctrl+s)", id="start", variant="primary")
        yield FooterBand()

    def on_mount(self) -> None:
        self.query_one(SetupForm).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    async def action_leave(self, then: str) -> None:
        """Leave by ``then`` (Escape: back where New game was chosen; F2: Home); with
        something typed, once the user says so: the form is not kept (New game starts
        blank, never with the last game's names), and Escape threw away a whole
        table's names in silence."""
        if not self.query_one(SetupForm).typed():
            await self.run_action(then)
            return
        from .dialogs import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.call_later(self.run_action, then)

        self.app.push_screen(ConfirmScreen("Leave this new game? What is typed here is not kept.", risky=True), answer)

    def quit_question(self) -> str:
        """What Ctrl+Q asks first, with something typed ("": it quits at once). A hang-up
        drops the form (no ``keep_typed``): only the user's Start starts a game, for it
        makes a file, listed under Continue and counted from then on."""
        if not self.query_one(SetupForm).typed():
            return ""
        return "Quit? This new game is not started: what is typed here is not kept."

    def say(self, words: str) -> None:
        """Show what stops the game or what a paste left out ("" clears it), in two
        lines at most: at 80 x 24 a third scrolls the Start button out of sight."""
        problem = self.query_one("#problem", Static)
        lines = wrap(words, problem.size.width) if problem.size.width else [words]
        if len(lines) > NOTE_LINES:
            lines = [*lines[:NOTE_LINES - 1], fit(" ".join(lines[NOTE_LINES - 1:]), problem.size.width)]
        words = "\n".join(lines)
        if problem.content != words:  # every key typed clears it: most often it is clear already
            problem.update(Content(words))  # names as typed: "[/x]" is no markup

    def sheet_from_form(self) -> Sheet:
        """The new sheet, or ValueError / ValidationError saying what is wrong."""
        form = self.query_one(SetupForm)
        players = []
        for n, name_id in enumerate(NAMES):
            name = form.value(name_id).strip()
            if name:  # an empty name field is no player (docs/rules.md, Input: non-empty names)
                players.append({"name": name, "colour": form.value(f"colour-{n}")})
        if not players:
            raise ValueError("type at least one player's name")
        rows_text, cols_text = form.value("rows"), form.value("cols")
        library = None
        if rows_text.strip() or cols_text.strip():
            rows, cols = parse_count(rows_text), parse_count(cols_text)
            if not (1 <= rows <= 64 and 1 <= cols <= 64):
                raise ValueError("a Library grid has 1 to 64 rows and columns")
            library = {"rows": blank_rows(rows, cols)}
        title = form.value("title").strip()[:80]
        return Sheet.model_validate({"title": title, "players": players, "library": library})

    def action_start(self) -> None:
        """Create the game from the form, or say in ``#problem`` what stops it; the keys
        typed on straight after a refusal are not taken (``prompted_at``), as in a table:
        ``3`` Ctrl+S refused, then ``2`` Enter ``1`` Enter, started a grid of 32 rows by 1
        (a new user's burst)."""
        try:
            sheet = self.sheet_from_form()
        except (ValidationError, ValueError) as err:
            self.refusal = entry_problem(err) if isinstance(err, ValidationError) else str(err)
            self.say(self.refusal)
            self.prompted_at = monotonic()
            return
        host(self).start_game(sheet)

    def note_not_taken(self) -> None:
        """Say, once a refusal, that keys typed on after it were not taken (looked for in
        the note as drawn, the words wrapped at 80 columns were never found, and said
        again each key)."""
        if self.refusal:
            self.say(f"{self.refusal.rstrip('.')}. {NOT_TAKEN}")
            self.refusal = ""
