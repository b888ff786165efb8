"""Saved games: pick one to open, or see every game and each player's record."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Label

from ...messages import counted
from ...stats import Figures
from ...stats_report import percent
from ..host import host
from ..widgets.footer import FooterBand
from ..widgets.game_list import GameList
from ..widgets.name_table import fill
from ..widgets.title_bar import TitleBar
from .saved import SavedGamesScreen


def finished_apart(games: list) -> tuple[list, list]:
    """The finished games and the others, each newest first."""
    return [g for g in games if g.finished], [g for g in games if not g.finished]


class GamesScreen(SavedGamesScreen):
    """The saved games, the unfinished ones first (to go on with); Enter opens one, r
    replays it."""

    BINDINGS = [Binding("r", "replay", "Replay")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label("Open a saved game (enter), replay it (r)", classes="heading")
        yield Label("", id="loading", classes="hint")
        yield GameList(id="games")
        yield FooterBand()

    def show(self, worked: object) -> None:
        done, going = finished_apart(self.games)
        self.query_one(GameList).show([(f"Not finished: {counted(len(going), 'game')}", going),
                                       (f"Finished: {counted(len(done), 'game')} (* won)", done)])
        self.query_one(GameList).focus()

    def on_game_list_chosen(self, event: GameList.Chosen) -> None:
        host(self).open_path(event.game.path)

    def action_replay(self) -> None:
        game = self.query_one(GameList).game
        if game is not None:
            host(self).open_replay(game.path)


class HistoryScreen(GamesScreen):
    """Each player's record over the finished games, then every game: the finished
    ones, and apart, the ones not finished (never counted)."""

    BINDINGS = [Binding("s", "statistics", "Statistics"), Binding("e", "export('csv')", "Export all: CSV"),
                Binding("m", "export('md')", "Export all: Markdown")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label("History: players over the finished games (more: s, Statistics)", classes="heading")
        yield Label("", id="loading", classes="hint")
        yield DataTable(id="records", cursor_type="none")
        yield Label("Games (enter opens one, r replays it)", classes="subheading")
        yield GameList(id="games")
        yield FooterBand()

    figures: Figures | None = None  # the records shown, drawn again at a new width

    def on_mount(self) -> None:
        self.query_one("#records", DataTable).can_focus = False  # the games list takes the keys
        super().on_mount()

    def work_out(self, games: list) -> Figures:
        from ...stats import figures

        return figures(games)

    def show(self, worked: Figures) -> None:
        done, going = finished_apart(self.games)
        self.figures = worked
        self.fit_records()
        self.query_one(GameList).show([(f"Finished: {counted(len(done), 'game')} (* won)", done),
                                       (f"Not finished, not counted: {counted(len(going), 'game')}", going)])
        self.query_one(GameList).focus()

    def fit_records(self) -> None:
        """Each player's record, the names shortened to the terminal's width (the table
        scrolls up and down: its scrollbar's room is kept)."""
        records = self.query_one("#records", DataTable)
        fill(records, ("Player", "Games", "Wins", "Win %", "Average", "Best", "Worst"),
             [(p.name, p.games, p.wins, percent(p.win_percent), f"{p.average:.1f}", max(p.totals), min(p.totals))
              for p in self.figures.players], self.size.width - records.styles.scrollbar_size_vertical)

    def on_resize(self) -> None:
        if self.figures is not None:
            self.fit_records()

    def action_export(self, kind: str) -> None:
        """Every saved game in one CSV or Markdown file in the exports folder: a row per
        player per game (``scorepad export --all``), written in a thread."""
        self.notify("Exporting every saved game…")
        self.run_worker(lambda: self.export_all(kind), thread=True, group="export")

    def export_all(self, kind: str) -> None:
        """Write the export (in a worker thread) and say where, or why not."""
        from ...storage.all_games import export_all_text
        from ...storage.atomic import SaveError
        from ...storage.exports import write_export

        try:
            text, problems = export_all_text(kind)
            target = write_export(text, "all-games", ".csv" if kind == "csv" else ".md")
        except SaveError as err:
            self.app.call_from_thread(self.notify, str(err), severity="error")
            return
        left = f"; {len(problems)} file(s) that could not be read were left out" if problems else ""
        self.app.call_from_thread(self.notify, f"Every game exported to {target}{left}")

    def action_statistics(self) -> None:
        from .statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())
