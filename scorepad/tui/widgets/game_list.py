"""The saved games, one a line, in sections (finished, then not finished), drawn only as
they scroll into sight: 10,000 games cost what one screenful does (a DataTable measures
every cell of every row once they are added, a second's freeze at 10,000 games)."""

from __future__ import annotations

from rich.segment import Segment
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...columns import cell_len, fit, shortened
from ...messages import shown
from ...storage.summaries import GameSummary

Row = GameSummary | str  # a game, or the heading of a section


def game_words(game: GameSummary, width: int) -> str:
    """A game in ``width`` cells: day, title, the totals in ranking order (``*`` marks
    the winners), the file's name at the end when there is room."""
    title = fit(game.title or "(untitled)", 24)
    name = f"  {shown(game.name)}" if width >= 100 else ""
    room = max(8, width - 40 - len(name))
    return fit(f" {game.day}  {title}  {fit(totals_words(game, room), room)}{name}", width)


def totals_words(game: GameSummary, width: int) -> str:
    """The totals in ranking order, in ``width`` cells if they can be: the names
    shortened alike, as little as that takes, rather than the totals after a long name
    cut ("Bartholomew Featherstonehaugh* 81, Zoë…")."""
    winners = set(game.winners)
    words = ""
    for cut in range(max((cell_len(p.name) for p in game.players), default=0), 2, -1):
        words = ", ".join(f"{shortened(p.name, cut)}{'*' if p.name in winners else ''} {p.total}" for p in game.players)
        if cell_len(words) <= width:
            break
    return words


class GameList(ScrollView, can_focus=True):
    """The list: up, down, page keys, Home and End move the cursor (it skips the
    headings), Enter (or a click on it) chooses the game under it."""

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1_000_000)", "First", show=False),
        Binding("end", "move(1_000_000)", "Last", show=False),
        Binding("enter", "choose", "Open"),
    ]
    COMPONENT_CLASSES = {"game-list--cursor", "game-list--section"}

    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        """Enter (or a click) on a game."""

        def __init__(self, game: GameSummary) -> None:
            super().__init__()
            self.game = game

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[Row] = []

    def show(self, sections: list[tuple[str, list[GameSummary]]]) -> None:
        """List these sections, each under its heading (an empty one is left out)."""
        self.rows = [row for heading, games in sections if games for row in (heading, *games)]
        self.virtual_size = Size(0, len(self.rows))  # each line is drawn as wide as the list: no sideways scroll
        self.cursor = self.nearest_game(0, 1)
        self.refresh()

    @property
    def game(self) -> GameSummary | None:
        """The game under the cursor (None in an empty list)."""
        row = self.rows[self.cursor] if self.cursor < len(self.rows) else None
        return row if isinstance(row, GameSummary) else None

    def nearest_game(self, row: int, step: int) -> int:
        """The first game's row from ``row`` on in the direction of ``step`` (else back)."""
        row = max(0, min(row, len(self.rows) - 1))
        for direction in (step, -step):
            look = row
            while 0 <= look < len(self.rows):
                if isinstance(self.rows[look], GameSummary):
                    return look
                look += direction
        return 0

    def action_move(self, rows: int) -> None:
        self.cursor = self.nearest_game(self.cursor + rows, 1 if rows > 0 else -1)

    def action_page(self, pages: int) -> None:
        self.action_move(pages * max(1, self.scrollable_content_region.height - 1))

    def action_choose(self) -> None:
        if self.game is not None:
            self.post_message(self.Chosen(self.game))

    def on_click(self, event: Click) -> None:
        """A click puts the cursor on a game; a click on the game under it chooses it."""
        row = event.y + self.scroll_offset.y
        if 0 <= row < len(self.rows) and isinstance(self.rows[row], GameSummary):
            if row == self.cursor:
                self.action_choose()
            self.cursor = row

    def watch_cursor(self, now: int) -> None:
        self.scroll_to_region(Region(0, now, 1, 1), animate=False, force=True, immediate=True)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if row >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        item = self.rows[row]
        if isinstance(item, str):
            style = self.rich_style + self.get_component_rich_style("game-list--section")
            return Strip([Segment(fit(item, width), style)], width)
        style = self.rich_style
        if row == self.cursor and self.has_focus:
            style += self.get_component_rich_style("game-list--cursor")
        return Strip([Segment(game_words(item, width), style)], width)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

