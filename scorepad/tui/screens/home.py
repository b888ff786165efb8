"""Home: back to the game left open, new game, continue the last one, open a saved one,
history, statistics, the demo."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from ...messages import shown
from ...storage.paths import games_dir, newest_game
from ..host import host
from ..widgets.footer import FooterBand
from ..widgets.title_bar import TitleBar


NO_SCREENS_TO_WALK = "PageDown and PageUp walk the game's screens: open or start a game first."


class HomeMenu(OptionList):
    """Home's choices. PageDown and PageUp walk a game's screens, never page this list:
    with no game open, paging moved the highlight to Quit without a word, and the
    next Enter quit (a new user's run). They say why they do nothing."""

    BINDINGS = [Binding("pagedown,pageup", "screen.no_screens_to_walk", show=False)]


class HomeScreen(Screen):
    """The first screen: a short menu, keyboard first."""

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="home"):
            yield Label("scorepad — The Great Library", classes="title")
            yield Label("Score the end game: Pinax, School, Scholars, Supplies and Renown.", classes="hint")
            yield HomeMenu(id="menu")
        yield FooterBand()

    def on_mount(self) -> None:
        self.refresh_menu()

    def action_no_screens_to_walk(self) -> None:
        """PageDown or PageUp with no game to go back to: why they do nothing."""
        self.notify(NO_SCREENS_TO_WALK, severity="warning")

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        """List the choices, with the last saved game by its file name (nothing is parsed
        here, so the menu is up at once)."""
        last = newest_game(games_dir())
        live = host(self).live  # a game left open behind Home (F2)
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.add_option(Option("New game", id="new"))
        if live is not None:
            # the file's name as it is: "[red]Bo.json" is no markup
            name = live.session.sheet.title or live.session.path.stem  # it is parsed: by its title
            menu.add_option(Option(Content(f"Back to the game: {shown(name)}"), id="back"))
        if last is not None:
            self.last_path = last
            # a read-only window is opened afresh by Continue (written by then, maybe)
            if live is None or live.read_only or not live.session.saves_to(last):
                menu.add_option(Option(Content(f"Continue the last game: {shown(last.stem)}"), id="continue"))
            menu.add_option(Option("Open a saved game", id="open"))
            menu.add_option(Option("History", id="history"))
            menu.add_option(Option("Statistics", id="statistics"))
        menu.add_option(Option("Demo: a finished sample game", id="demo"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "back":
            host(self).back_to_game()
        elif choice == "new":
            host(self).new_game()
        elif choice == "continue":
            host(self).open_path(self.last_path)
        elif choice == "open":
            from .games import GamesScreen

            self.app.push_screen(GamesScreen())
        elif choice == "history":
            from .games import HistoryScreen

            self.app.push_screen(HistoryScreen())
        elif choice == "statistics":
            from .statistics import StatisticsScreen

            self.app.push_screen(StatisticsScreen())
        elif choice == "demo":
            host(self).open_demo()
        elif choice == "quit":
            self.app.exit()
