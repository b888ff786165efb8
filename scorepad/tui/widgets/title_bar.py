"""The top line of every screen: the app and, on the game screens, the game open."""

from __future__ import annotations

from textual.widgets import Static


class TitleBar(Static):
    """One line, one widget (Textual's Header is four)."""

    def __init__(self, game: str = "", state: str = "") -> None:
        super().__init__(markup=False)  # a title is shown as typed: "[/t]" is no markup
        self.game, self.state = game, state

    def on_mount(self) -> None:
        self.update(self.words(), layout=False)

    def words(self) -> str:
        """The app's name and the game's title (or what the app is for); a word on
        saving instead of the app's name when not all is on disk."""
        if self.state:  # first: a long title must not push it off an 80-column line
            return f"{self.state}  ·  {self.game or self.app.sub_title}"
        return f"{self.app.title} — {self.game or self.app.sub_title}"

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
