"""Help: the keys of what has the focus, of the screen and of the app, and the
easy-to-miss rules. Only scorepad's own keys: Textual's scroll and copy keys would bury
them (a list of fifty with "Scroll Left" in it is no help)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Label, Static

from ...rules.library import TOKEN_WORDS
from ..widgets.footer import SLANTED
from ..widgets.muted import muted
from .asking import AskedByAKey

REMINDERS = (
    ("M1", "A Library space covered by a Library Location tile still counts as empty for the end trigger."),
    ("M2", "King's Grace counts with Research and Crates for Supplies; in play it may be spent as any supply or for +1 Time."),
    ("M3", "A Young Scribe's Knowledge is counted at its printed value: it is not doubled."),
    ("M4", "Great Works acquired through the Academy need a matching Translation Stone."),
    ("M5", "Crafts can be wild for King's Requests, with limits for requests naming a specific specialty."),
    ("M6", "Card faces are not guessed here: the printed card always wins over the scorepad."),
)
FIELD_KEYS = (
    ("tab / shift+tab", "next / previous field", True),
    ("enter", "commit the field and move on", True),
    ("3+4+2", "number fields accept sums", True),
)
PALETTE = "command palette: any screen, export, theme"
NOT_USED = "The keys typed straight after the help key were not used: close this help, then type them again."
Row = tuple[str, str, bool]  # keys, what they do, whether they work now


def own_bindings(node) -> set[tuple[str, str]]:
    """(action, description) of the bindings scorepad's classes declare on this node."""
    return {(binding.action, binding.description)
            for cls in type(node).__mro__ if cls.__module__.startswith("scorepad.")
            for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ()))}


def key_sections(app, screen) -> list[tuple[str, list[Row]]]:
    """The keys that work on ``screen`` now, by whose they are: the focused widget's, the
    screen's, the app's. A key another one shadows is not listed (it does nothing here)."""
    whose = {screen.focused: "Here (the focused field)", screen: "This screen", app: "Everywhere"}
    sections: dict[str, dict[tuple[str, str], list]] = {title: {} for title in whose.values()}
    own = {id(node): own_bindings(node) for node in whose if node is not None}
    for namespace, binding, enabled, _ in screen.active_bindings.values():
        if id(namespace) not in own or (binding.action, binding.description) not in own[id(namespace)]:
            continue
        row = sections[whose[namespace]].setdefault((binding.action, binding.description), [[], enabled])
        row[0].append(app.get_key_display(binding))
    if app.ENABLE_COMMAND_PALETTE:
        palette = Binding(app.COMMAND_PALETTE_BINDING, "command_palette")  # Textual's, and ours to explain
        sections["Everywhere"][("command_palette", PALETTE)] = [[app.get_key_display(palette)], True]
    result = []
    for title, rows in sections.items():
        listed = [(" / ".join(keys), description, enabled) for (_, description), (keys, enabled) in rows.items()]
        if title == "Everywhere":
            listed = [*FIELD_KEYS, *listed]
        if listed:
            result.append((title, listed))
    return result


def key_table(sections: list[tuple[str, list[Row]]], unavailable: Style) -> Group:
    """The keys, a two-column table under each section's title (the key columns all as
    wide); keys that cannot work now are drawn in ``unavailable``."""
    width = max((cell_len(keys) for _, rows in sections for keys, _, _ in rows), default=0)
    parts = []
    for title, rows in sections:
        table = Table(show_header=False, box=None, padding=(0, 2, 0, 2))
        table.add_column(width=width, no_wrap=True)
        table.add_column()
        for keys, description, enabled in rows:
            table.add_row(Text(keys, style="bold" if enabled else unavailable),
                          Text(description, style="" if enabled else unavailable))
        parts += [Text(title, style="italic"), table] if title else [table]
    return Group(*parts)


class KeyTable(Widget):
    """The keys' table, its unavailable keys muted from the theme's colours (redrawn in
    a new theme)."""

    DEFAULT_CSS = "KeyTable { height: auto; }"

    def __init__(self, sections: list[tuple[str, list[Row]]]) -> None:
        super().__init__()
        self.sections = sections

    def render(self) -> Group:
        return key_table(self.sections, muted(self.rich_style) + SLANTED)


class HelpScreen(AskedByAKey, ModalScreen):
    """A modal listing keys and reminders; any of escape, F1 or ? closes it. It fits the
    terminal (80 x 24 too) and scrolls with PageDown / PageUp, the arrows, Home and End.
    Opened by a key typed amid others (``3?4`` Enter), the keys typed on in its run are
    not used, and it says so (``AskedByAKey``): they went nowhere, unsaid."""

    BINDINGS = [Binding("escape,f1,question_mark,q", "dismiss", "Close help")]

    def __init__(self, sections: list[tuple[str, list[Row]]]) -> None:
        super().__init__()
        self.sections = sections

    @property
    def bindings(self) -> list[tuple[str, str]]:
        """Every key listed, as (keys, what they do)."""
        return [(keys, description) for _, rows in self.sections for keys, description, _ in rows]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            # first: at 80x24 the help fills the screen, and the way out was its last line
            yield Label("Escape closes this help · PageDown / PageUp, arrows, Home, End scroll", classes="hint")
            yield self.not_taken_label(NOT_USED)
            yield Label("Keys", classes="heading")
            yield KeyTable(self.sections)
            yield Label("The Library grid's codes (Pinax)", classes="heading")
            yield KeyTable([("", [(code, words, True) for code, words in TOKEN_WORDS])])
            yield Label("Easy-to-miss rules", classes="heading")
            for rule, text in REMINDERS:
                yield Static(f"[b]{rule}[/b]  {text}", classes="help-rule")
