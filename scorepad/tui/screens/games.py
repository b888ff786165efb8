"""Saved games: pick one to open, or see every game and player's record."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Label

from ...rules.scoring import CATEGORIES, CATEGORY_LABELS
from ...storage.catalog import player_records, saved_games
from ..host import host
from ..widgets.footer import FooterBand
from ..widgets.title_bar import TitleBar


class GamesScreen(Screen):
    """The saved games, newest first; Enter opens one, r replays it."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("r", "replay", "Replay")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label("Open a saved game (enter), replay it (r)", classes="heading")
        yield DataTable(id="games", cursor_type="row")
        yield Label("", id="skipped", classes="hint")
        yield FooterBand()

    def on_mount(self) -> None:
        self.games, problems = saved_games()
        table = self.query_one(DataTable)
        table.add_columns("Date", "Title", "Players", "Winner", "File")
        for game in self.games:
            names = ", ".join(f"{s.name} {s.total}" for s in game.standings.scores)
            table.add_row(game.date, game.title, names, " & ".join(game.standings.winners), game.path.name)
        if problems:
            self.query_one("#skipped", Label).update(f"{len(problems)} file(s) could not be read: "
                                                     + "; ".join(problems))
        table.focus()

    def chosen(self):
        table = self.query_one(DataTable)
        return self.games[table.cursor_row] if self.games else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        game = self.chosen()
        if game:
            host(self).open_path(game.path)

    def action_replay(self) -> None:
        game = self.chosen()
        if game:
            host(self).open_replay(game.path)


class HistoryScreen(Screen):
    """Every saved game, then each player's games, wins, averages and best."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label("Players", classes="heading")
        yield DataTable(id="records", cursor_type="row")
        yield Label("Games", classes="heading")
        yield DataTable(id="games", cursor_type="row")
        yield FooterBand()

    def on_mount(self) -> None:
        games, _ = saved_games()
        records = self.query_one("#records", DataTable)
        records.add_columns("Player", "Games", "Wins", "Average", "Best",
                            *(f"avg {CATEGORY_LABELS[c]}" for c in CATEGORIES))
        for r in player_records(games):
            records.add_row(r.name, r.games, r.wins, f"{r.average():.1f}", max(r.totals),
                            *(f"{r.average(c):.1f}" for c in CATEGORIES))
        table = self.query_one("#games", DataTable)
        table.add_columns("Date", "Title", "Winner", "Totals")
        for game in games:
            totals = ", ".join(f"{s.name} {s.total}" for s in game.standings.scores)
            table.add_row(game.date, game.title, " & ".join(game.standings.winners), totals)
        records.focus()
