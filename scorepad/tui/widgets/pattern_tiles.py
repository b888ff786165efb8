"""One player's Pinax pattern tiles (S1-S6): for each, its pattern editor, how it scored
and a remove button. Composed again on its own when another player is shown, so
switching player does not rebuild the whole screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from .field_button import FieldButton
from .pattern_editor import PatternEditor
from .words import show_words
from .in_sight import Words


class PatternTiles(Vertical):
    """The pattern tiles of ``player`` (their places in the player's Pinax list)."""

    def __init__(self, name: str, tiles: tuple, **kwargs) -> None:
        super().__init__(**kwargs)
        self.player_name, self.tiles = name, tiles

    def compose(self) -> ComposeResult:
        yield Words(self.heading(), classes="subheading")
        for i, tile in enumerate(self.tiles):
            if tile.pattern is None:
                continue
            with Horizontal(classes="item-row"):
                yield Label(f"Tile {i + 1}", classes="row-label")
                yield PatternEditor(tile.pattern, i, id=f"tile-{i}")
                yield Words("", id=f"result-{i}", classes="tile-result")
                yield FieldButton("✕", id=f"remove-{i}", classes="remove", tooltip="Remove tile")

    async def show_player(self, name: str, tiles: tuple) -> None:
        """Show another player's pattern tiles: in the widgets there are when the tiles
        sit at the same places (the usual case), else composed anew."""
        same = self.places(tiles) == self.places(self.tiles)
        self.player_name, self.tiles = name, tiles
        if not same:
            await self.recompose()
            return
        show_words(self.query_one(".subheading", Label), self.heading())
        for i in self.places(tiles):
            self.query_one(f"#tile-{i}", PatternEditor).show(tiles[i].pattern)

    @staticmethod
    def places(tiles: tuple) -> tuple[int, ...]:
        """Where the pattern tiles are in a player's Pinax list."""
        return tuple(i for i, tile in enumerate(tiles) if tile.pattern is not None)

    def heading(self) -> str:
        return f"{self.player_name}'s pattern tiles (ctrl+o adds one; F3 / F4: another player)"
