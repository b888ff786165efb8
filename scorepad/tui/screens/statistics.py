"""Statistics over the finished games: each player's record, their totals over time
(a sparkline each), their average per category (stacked bars, as on Results) and who
finished ahead of whom. d and p choose the dates and the players; a shows all again."""

from __future__ import annotations

from statistics import fmean

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import DataTable, Label, Sparkline

from ...columns import cell_len, fit
from ...rules.categories import CATEGORIES
from ...stats import Figures, Filters, figures
from ...stats_report import left_out, percent, scope_words, streak_words
from ..widgets.bar_chart import Bar, CategoryBars
from ..widgets.footer import FooterBand
from ..widgets.name_table import PADDING, fill, name_width, room_of, shown_name
from ..widgets.title_bar import TitleBar
from .saved import SavedGamesScreen

SPARK_CELLS = 2  # cells a game takes in a trend line
TREND_CELLS = 48  # cells a trend line takes at most: 10,000 games made one 13,000 cells wide
TREND_NAME = 13  # cells a name takes before its trend line at least: short names' lines start in one place


def average_bars(found: Figures) -> list[Bar]:
    """Each player's average Renown per category, a bar each (the parts' values rounded)."""
    bars = []
    for p in found.players:
        values = tuple(p.category_average(c) for c in CATEGORIES)
        bars.append(Bar(p.name, values, tuple(f"{v:.0f}" for v in values), p.average, f"{p.average:.1f}"))
    return bars


def figures_in_full(games: list, filters: Filters = Filters()) -> Figures:
    """The figures with their head-to-head grid worked out (``Figures.meetings`` waits
    to be asked): in the worker's thread, never the UI's."""
    found = figures(games, filters)
    _ = found.meetings
    return found


class StatisticsScreen(SavedGamesScreen):
    """The statistics of the games the filters admit; Escape goes back."""

    BINDINGS = [Binding("d", "dates", "Dates"), Binding("p", "players", "Players"),
                Binding("a", "everything", "All games"),
                # over the page's own arrows: it has nothing to scroll sideways, the tables may
                Binding("left", "sideways(-1)", "Scroll the tables left", show=False, priority=True),
                Binding("right", "sideways(1)", "Scroll the tables right", show=False, priority=True)]

    def __init__(self) -> None:
        super().__init__()
        self.filters = Filters()
        self.everyone: list[str] = []  # every player of the finished games, most games first
        self.found: Figures | None = None  # the figures shown, drawn again at a new width

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label("Statistics", id="heading", classes="heading")
        yield Label("", id="loading", classes="hint")
        with VerticalScroll(id="statistics"):
            yield DataTable(id="players", cursor_type="none", zebra_stripes=True)
            yield Label("Totals over time, oldest first", classes="subheading")
            yield Vertical(id="trends")
            yield Label("Average per game, by category", classes="subheading")
            yield CategoryBars(id="averages")
            yield Label("Head to head: wins-losses of each row against each column (games)", classes="subheading")
            yield DataTable(id="meetings", cursor_type="none")
            yield Label("", id="left-out", classes="hint")
        yield FooterBand()

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.can_focus = False  # the page scrolls as one: nothing to pick here
        self.query_one("#statistics").focus()
        super().on_mount()

    class Figured(Message):
        """The figures of the games under these filters, worked out in a thread."""

        def __init__(self, found: Figures, filters: Filters) -> None:
            super().__init__()
            self.found, self.filters = found, filters

    def work_out(self, games: list) -> tuple[Figures, list[str]]:
        everyone = figures_in_full(games)  # the filters are none yet
        return everyone, [p.name for p in sorted(everyone.players, key=lambda p: -p.games)]

    def show(self, worked: tuple[Figures, list[str]]) -> None:
        found, self.everyone = worked
        if self.filters == Filters():
            self.draw(found)
        else:  # chosen while the games were read
            self.refigure(self.filters)

    def refigure(self, filters: Filters) -> None:
        """Work the figures out for new filters, in a thread; they are shown when done."""
        self.filters = filters
        self.run_worker(lambda: self.post_message(self.Figured(figures_in_full(self.games, filters), filters)),
                        thread=True, exclusive=True, group="figures")

    def on_statistics_screen_figured(self, event: Figured) -> None:
        if event.filters == self.filters:  # not an answer to filters chosen before the last ones
            self.draw(event.found)

    def draw(self, found: Figures) -> None:
        """Show these figures."""
        self.query_one("#heading", Label).update(Content(f"Statistics over {scope_words(found, self.filters)}"))
        self.query_one("#left-out", Label).update(left_out(found))
        self.query_one(CategoryBars).show_bars(average_bars(found), gaps=False)
        self.found = found
        self.fit_names()

    def fit_names(self) -> None:
        """The tables and the trends, their names shortened to the terminal's width."""
        found, room = self.found, room_of(self.query_one("#statistics"))
        fill(self.query_one("#players", DataTable),
             ("Player", "Games", "Wins", "Win %", "Average", "Best", "Worst", "Streak"),
             [(p.name, p.games, p.wins, percent(p.win_percent), f"{p.average:.1f}", max(p.totals), min(p.totals),
               streak_words(p)) for p in found.players], room)
        self.show_trends(found, room)
        self.show_meetings(found, room)

    def on_resize(self) -> None:
        if self.found is not None:
            self.fit_names()

    def action_sideways(self, step: int) -> None:
        """Scroll the tables wider than the terminal sideways (a head-to-head grid of
        many players), a column's width a key."""
        for table in self.query(DataTable):
            table.scroll_relative(x=step * 9, animate=False)

    def show_trends(self, found: Figures, room: int) -> None:
        """A line per player: the name (shortened to keep the line one line), a sparkline
        of the totals, the first and last."""
        trends = self.query_one("#trends", Vertical)
        trends.remove_children()
        rows = []
        words = [f"{p.totals[0]} → {p.totals[-1]}" if p.games > 1 else str(p.totals[0]) for p in found.players]
        lines = max((min(len(p.totals) * SPARK_CELLS, TREND_CELLS) for p in found.players), default=0)
        width = name_width([p.name for p in found.players], room - 1 - lines - 2 - max(map(cell_len, words), default=0),
                           least=TREND_NAME)
        for p, said in zip(found.players, words):
            if len(p.totals) * SPARK_CELLS <= TREND_CELLS:  # a game, SPARK_CELLS cells
                line = Sparkline([total for total in p.totals for _ in range(SPARK_CELLS)], classes="trend")
            else:  # a cell, the average of the games it stands for
                line = Sparkline(p.totals, summary_function=fmean, classes="trend")
            line.styles.width = min(len(p.totals) * SPARK_CELLS, TREND_CELLS)
            name = Label(f"{fit(p.name, width)} ", classes="trend-name", markup=False)
            rows.append(Horizontal(name, line, Label(said, classes="trend-words"), classes="trend-row"))
        trends.mount_all(rows)

    def show_meetings(self, found: Figures, room: int) -> None:
        """The head-to-head grid: a row and a column per player, the names shortened so
        that every column is in sight (the rows' names first; the columns' down to their
        figures' width); too many players for that, and the grid scrolls sideways."""
        table = self.query_one("#meetings", DataTable)
        table.clear(columns=True)
        names = [p.name for p in found.players]
        if len(names) < 2:
            return
        grid = [["" if row == column or not (met := found.meeting(row, column)).games
                 else f"{met.wins}-{met.losses} ({met.games})" for column in names] for row in names]
        cells = max(cell_len(cell) for line in grid for cell in line)
        rows = name_width(names, room - len(names) * (cells + PADDING) - PADDING)
        columns = name_width(names, (room - rows - PADDING) // len(names) - PADDING, least=cells)
        table.add_columns("", *(shown_name(name, columns) for name in names))
        for row, line in zip(names, grid):
            table.add_row(shown_name(row, rows), *line)

    def action_dates(self) -> None:
        from .stats_filters import DatesScreen

        self.app.push_screen(DatesScreen(self.filters.since, self.filters.until), self.with_dates)

    def with_dates(self, dates: tuple[str, str] | None) -> None:
        if dates is not None:
            self.refigure(Filters(*dates, self.filters.group))

    def action_players(self) -> None:
        from .stats_filters import PlayersScreen

        self.app.push_screen(PlayersScreen(self.everyone, self.filters.group), self.with_players)

    def with_players(self, group: tuple[str, ...] | None) -> None:
        if group is not None:
            self.refigure(Filters(self.filters.since, self.filters.until, group))

    def action_everything(self) -> None:
        self.refigure(Filters())
