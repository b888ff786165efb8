"""What the terminal shows: its lines of text, and whether a widget (or a table's cursor
cell) can be seen where it is, not scrolled out, clipped by the terminal or covered;
and two games to look at (fixtures)."""

from __future__ import annotations

import io
import shutil

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.errors import NoWidget
from textual.geometry import Region
from textual.widget import Widget

from scorepad.rules.models import Sheet
from scorepad.storage.session import SheetSession
from scorepad.tui.game_opener import DEMO
from scorepad.tui.widgets.choice_bar import ChoiceBar
from scorepad.tui.widgets.count_grid import CountGrid
from scorepad.tui.widgets.library_grid import LABEL, WIDTH, LibraryGridEditor
from scorepad.tui.widgets.pattern_editor import PatternEditor
from scorepad.tui.widgets.setup_form import SetupForm


@pytest.fixture
def demo_path(scorepad_home):
    """The bundled demo (three players, pattern tiles, a Library, a history), writable."""
    games = scorepad_home / "games"
    games.mkdir(parents=True, exist_ok=True)
    return shutil.copy(DEMO, games / "demo.json")


@pytest.fixture
def four_path(scorepad_home):
    """Four players with long names and no Library grid: the most rows, the widest columns."""
    names = ("Alexandrina", "Bartholomew", "Cassiopeia", "Demetrius")
    session = SheetSession.create(Sheet.model_validate({"title": "Four", "players": [{"name": n} for n in names]}))
    session.close()
    return session.path


def screen_lines(app, styles: bool = False) -> list[str]:
    """The terminal's lines as drawn now (the screens below a dialog included); with
    ``styles``, their colours too, as escape codes."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=styles).splitlines()


class TerminalCopy:
    """What a real terminal shows: every update the app sends it (a whole frame, or the
    parts of one that changed) written into a grid of cells, as a terminal writes them.
    ``screen_lines`` draws the screen afresh from its widgets: a part the app never sent
    again shows right there, and stale here (Pilot's terminal writes nothing)."""

    def __init__(self, app) -> None:
        self.cells = [[" "] * app.size.width for _ in range(app.size.height)]
        send = app._display

        def display(screen, update) -> None:
            if update is not None and not app._batch_count:  # what a terminal would be sent
                self.write(update)
            send(screen, update)

        app._display = display

    def lines(self) -> list[str]:
        """The terminal's lines now, without their trailing spaces."""
        return ["".join(row).rstrip() for row in self.cells]

    def write(self, update) -> None:
        """Write one update, cropped as Textual crops it for the terminal."""
        if isinstance(update, LayoutUpdate):
            for y, strips in enumerate(update.strips, update.region.y):
                x = update.region.x
                for strip in strips:
                    self.put(x, y, strip)
                    x += strip.cell_length
        elif isinstance(update, ChopsUpdate):
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
                    if strip is None or x > x2 or end <= x1:
                        continue
                    if not (x2 > x >= x1 and end <= x2):
                        strip = strip.crop(0, min(end, x2) - x)
                    self.put(x, y, strip)

    def put(self, x: int, y: int, strip) -> None:
        """Write a strip's characters from (x, y); a wide character takes two cells."""
        row = self.cells[y]
        for segment in strip:
            if segment.control:
                continue
            for character in segment.text:
                width = cell_len(character)
                if 0 <= x < len(row):
                    row[x] = character
                    if width == 2 and x + 1 < len(row):
                        row[x + 1] = ""
                x += width


async def terminal_copy(pilot) -> TerminalCopy:
    """A copy of the terminal from now on, starting from a whole frame of the screen."""
    copy = TerminalCopy(pilot.app)
    pilot.app.screen.refresh()  # the whole screen is sent next
    await pilot.pause()
    assert copy.lines() == [line.rstrip() for line in screen_lines(pilot.app)]
    return copy


def words_in(app, region: Region) -> str:
    """The words drawn in a region of the terminal, spaces and line breaks made one space."""
    lines = screen_lines(app)[region.y:region.bottom]
    return " ".join(" ".join(line[region.x:region.right].split()) for line in lines).strip()


def cursor_region(widget: Widget) -> Region:
    """Where a table's cursor cell (or a bar's highlighted option) is on the terminal;
    for any other widget, the widget's content."""
    box = widget.content_region
    if isinstance(widget, CountGrid):  # the card tables too
        row, col = widget.cursor
        widths = widget.widths()  # the cursor's column widens to show a long text
        x = box.x + widget.label_width + sum(widths[:col])
        return Region(x, box.y + widget.top + row, widths[col], 1)
    if isinstance(widget, LibraryGridEditor):
        row, col = widget.cursor
        return Region(box.x + LABEL + col * WIDTH, box.y + 1 + row, WIDTH, 1)
    if isinstance(widget, PatternEditor):
        row, col = widget.cursor
        return Region(box.x + 2 * col, box.y + row, 2, 1)
    if isinstance(widget, SetupForm):
        x, y, width = widget.field_box(widget.cursor)
        return Region(box.x + x, box.y + y, width, 1)
    if isinstance(widget, ChoiceBar):
        before = widget.options[:widget.highlighted]
        x = box.x + len(widget.label) + sum(widget.span(label) for _, label in before)
        return Region(x, box.y, widget.span(widget.options[widget.highlighted][1]) - widget.GAP, 1)
    return box


def hidden_cells(app, widget: Widget, region: Region) -> list[tuple[int, int]]:
    """The cells of ``region`` where the terminal does not show ``widget``: outside the
    terminal, scrolled out of a container, or under another widget."""
    hidden = []
    for y in range(region.y, region.bottom):
        for x in range(region.x, region.right):
            if not (0 <= x < app.size.width and 0 <= y < app.size.height):
                hidden.append((x, y))
                continue
            try:
                shown, _ = app.screen.get_widget_at(x, y)
            except NoWidget:  # nothing drawn there at all
                hidden.append((x, y))
                continue
            if shown is not widget and widget not in shown.ancestors:
                hidden.append((x, y))
    return hidden


def drawn_cursors(app) -> list[str]:
    """Where the terminal shows a cursor now, read from what the screen draws (not from
    the widgets' state): each count table cell drawn in the cursor's colours, by its id
    (``round-0``), and each action or choice bar with an option drawn so, by the bar's
    id. Exactly one, the focused field, is what a user can trust."""
    lines = app.screen._compositor.render_strips()
    found = []
    for widget in app.screen.query("CountGrid, ChoiceBar"):
        box = widget.content_region
        if not widget.display or box.area == 0:
            continue
        kind = "count-grid--cursor" if isinstance(widget, CountGrid) else "choice-bar--cursor"
        look = widget.get_component_rich_style(kind).bgcolor
        for y in range(box.y, min(box.bottom, len(lines))):
            x = 0
            for segment in lines[y]:
                inside = box.x <= x < box.right
                if inside and segment.style is not None and segment.style.bgcolor == look:
                    found.append(_cursor_name(widget, x - box.x, y - box.y))
                x += segment.cell_length
    return list(dict.fromkeys(found))  # a cell drawn in several segments is one cursor


def _cursor_name(widget: Widget, x: int, y: int) -> str:
    """The id of what is drawn at (x, y) of a widget's content: a table's cell, or the bar."""
    if not isinstance(widget, CountGrid):
        return widget.id
    row, col = y - widget.top, 0
    x -= widget.label_width
    for col, width in enumerate(widget.drawn_widths(row, widget.widths())):
        if x < width:
            break
        x -= width
    return widget.cell_id(row, col) if 0 <= row < len(widget.rows) else f"{widget.id}, line {y}"
