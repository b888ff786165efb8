"""Screens of cards per player: Scribes in the School (S7) and invited Scholars (S8).

One table, a row per player: a player's whole line of cards is typed at once
(``3 2 4y``, ``4 Hypatia, 3, 2``) and Enter goes to the next player. The cards stay
separate items of the sheet, one per line; a line typed is one entry (one undo)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label

from ...messages import counted
from ...rules.models import Player, Sheet
from ...rules.scoring import school_renown, scholars_renown
from ..card_text import ScholarsText, ScribesText, card_entry
from ..widgets.card_table import CardTable
from .base import GameScreen

# the same keys on every screen of per-player cards (School, Scholars, Pinax); one group,
# so an 80-column footer shows them as one entry, "f3 f4 Player"
PLAYERS = Binding.Group("Player")
PLAYER_KEYS = [
    Binding("f3,ctrl+up", "player(-1)", "Previous player", group=PLAYERS),
    Binding("f4,ctrl+down", "player(1)", "Next player", group=PLAYERS),
]


class CardsScreen(GameScreen):
    """A table of one kind of card (``KIND``, see ``card_text``), a row per player."""

    KIND: type = ScribesText
    REMINDER = ""
    BINDINGS = [Binding("ctrl+n", "add", "Add a card"), *PLAYER_KEYS]
    EDITS = frozenset({"add"})

    def body(self) -> ComposeResult:
        players = self.sheet.players
        yield CardTable(self.KIND, tuple(p.name for p in players), [self.cards(p) for p in players],
                        self.card_entries, self.summary, **self.table_hooks(), id="cards")
        if self.REMINDER:
            yield Label(self.REMINDER, classes="reminder")

    def cards(self, player: Player) -> tuple:
        """The player's cards of this screen's kind."""
        return getattr(player, self.KIND.list_name)

    def card_entries(self, key: str, _column: int, cards: tuple) -> list:
        """The entries that store a player's typed line of cards."""
        p = int(key)
        old = self.cards(self.sheet.players[p])
        return card_entry(p, list(range(len(old))), old, cards, self.KIND.put, self.KIND.list_name)

    def summary(self, row: int) -> str:
        """What a player's cards score, beside their row."""
        raise NotImplementedError

    def update(self, sheet: Sheet) -> None:
        self.query_one(CardTable).show([[self.cards(p)] for p in sheet.players])

    def action_add(self) -> None:
        """One more card for the player whose row the cursor is on."""
        table = self.query_one(CardTable)
        table.add_card(table.row)

    def action_player(self, step: int) -> None:
        """Store the row being typed and go to the next (or previous) player."""
        table = self.query_one(CardTable)
        table.step_player(step)
        table.focus()


class SchoolScreen(CardsScreen):
    """S7: the printed Knowledge of each Scribe in the School."""

    HEADING = "School (S7)"
    HINT = "Knowledge of every Scribe in the School: 1 Renown per 2, rounded down."
    KIND = ScribesText
    REMINDER = "M3: a Young Scribe counts at its printed Knowledge value: it is not doubled."

    def summary(self, row: int) -> str:
        player = self.sheet.players[row]
        total = sum(s.knowledge for s in player.scribes)
        return f"Knowledge {total} -> {school_renown(player)} Renown"


class ScholarsScreen(CardsScreen):
    """S8: the Renown printed on the back of each invited Scholar card (T3 counts cards)."""

    HEADING = "Invited Scholars (S8)"
    HINT = "The Renown on the back of each Scholar card in the Workshop. The number of cards breaks ties (T3)."
    KIND = ScholarsText

    def summary(self, row: int) -> str:
        player = self.sheet.players[row]
        return f"{counted(len(player.scholars), 'card')} -> {scholars_renown(player)} Renown"
