"""The top line of every screen: the app and, on the game screens, the game open."""

from __future__ import annotations

from textual.widgets import Static


class TitleBar(Static):
    """One line, one widget (Textual's Header is four)."""

    def __init__(self, game: str = "", state: str = "") -> None:
        super().__init__()
        self.game, self.state = game, state

    def on_mount(self) -> None:
        self.update(self.words(), layout=False)

    def words(self) -> str:
        """The app's name, the game's title (or what the app is for), and a word on
        saving when not all is on disk."""
        state = f"  ·  {self.state}" if self.state else ""
        return f"{self.app.title} — {self.game or self.app.sub_title}{state}"

    def show_state(self, state: str) -> None:
        """Say (or stop saying) that changes are not on disk."""
        if state != self.state:
            self.state = state
            self.update(self.words(), layout=False)

    def show(self, game: str) -> None:
        """Follow the game's title (it can be renamed); a redraw only when it changed."""
        if game != self.game:
            self.game = game
            self.update(self.words(), layout=False)
