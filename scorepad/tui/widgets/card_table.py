"""A table of cards, a row per player, typed like the count tables: the cursor's row
takes the player's whole line of cards (``3 2 4y``), Enter stores it and goes to the
next player. Beside each row its score so far; under the table the cursor's player's
cards, one per line, as they are stored."""

from __future__ import annotations

from typing import Callable

from ...columns import cell_len, wrapped
from .count_grid import CountGrid

CARDS_WIDTH = 36  # the typed line of cards
SUMMARY_WIDTH = 24
MIN_NAME = 12  # a name's column at its narrowest: its first letters and an ellipsis


class CardTable(CountGrid):
    """``kind`` (see ``card_text``) says how a line of cards is read and shown;
    ``summary(row)`` gives the words beside a player's row."""

    MAX_TYPED = 400  # 50 cards, the most a player may have, with names
    HINT = "A player's cards on one line · Enter: store, next player · Esc: put back"

    def __init__(self, kind, names: tuple[str, ...], cards: list[tuple], make_entry: Callable,
                 summary: Callable[[int], str], *, row: int = 0,
                 row_changed: Callable[[int], object] | None = None, **kwargs) -> None:
        rows = tuple((str(p), name) for p, name in enumerate(names))
        super().__init__(rows, (kind.heading,), [[line] for line in cards], make_entry,
                         parse=kind.parse, words=kind.show, **kwargs)
        self.kind, self.summary = kind, summary
        self.takes_names = getattr(kind, "takes_names", False)  # Scholars: "Who?" types its "?"
        self.row_changed = row_changed  # told at once when the cursor goes to another player
        self.summaries = [summary(r) for r in range(len(rows))]  # worked out once per change
        self.column_need = CARDS_WIDTH
        self.set_reactive(CountGrid.cursor, (min(row, len(rows) - 1), 0))
        self.listed = self.cursor[0]  # the player whose cards are listed under the table
        self.listed_cards = self.values[self.listed][0]  # as listed: the list follows a frame later
        self.listing_due = False

    @property
    def AFTER(self) -> int:  # noqa: N802 (CountGrid's cells right of the columns)
        """The summaries beside the rows: as wide as the widest, a space before it, so
        that no score is cut ("Knowledge 30 -> 15 Renow")."""
        return max(SUMMARY_WIDTH, max(map(cell_len, getattr(self, "summaries", ())), default=0) + 1)

    def cell_of(self, entry) -> tuple[int, int] | None:
        """The row of the player whose cards of this table an entry changed (a line of
        several is one ``PutCards``), or None (another table's, another screen's)."""
        first = getattr(entry, "entries", (entry,))[0]
        named = getattr(first, "list", None)  # a removal names its list; a put is of its class's
        named = named if isinstance(named, str) else getattr(first, "list_name", None)
        player = getattr(first, "player", None)
        if named == self.kind.list_name and isinstance(player, int) and 0 <= player < len(self.rows):
            return player, 0
        return None

    @property
    def row(self) -> int:
        """The player whose row the cursor is on."""
        return self.cursor[0]

    def watch_cursor(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        super().watch_cursor()
        if old[0] != new[0]:
            if self.row_changed is not None:
                self.row_changed(new[0])
            # the stored row and the totals are drawn first; the next player's cards then
            self.list_soon()

    def list_soon(self) -> None:
        """List the cursor's player's cards after the next frame (once, however many
        changes ask for it before then)."""
        if not self.listing_due:
            self.listing_due = True
            # twice: the screen may run "after refresh" callbacks at once when it has
            # not yet heard that this table needs drawing (each widget tells it when
            # idle), and the list would then share the frame of the totals
            self.call_after_refresh(self.call_after_refresh, self.list_cards)

    def list_cards(self) -> None:
        """List the cards of the player whose row the cursor is on."""
        self.listing_due = False
        self.listed = self.cursor[0]
        self.listed_cards = self.values[self.listed][0]
        self.redraw()

    def show(self, values: list[list]) -> None:
        """Follow the sheet: the lines of cards, and what each player's cards score. The
        row and the totals are drawn first; the list of cards under the table follows
        in the next frame (after Enter it lists the next player's cards anyway)."""
        self.summaries = [self.summary(r) for r in range(len(self.rows))]
        super().show(values)
        self.list_soon()

    def step_player(self, step: int) -> None:
        """Store the row being typed and go to the next (or previous) player's row."""
        self.store_then(self.go_to_row, step)

    def go_to_row(self, step: int) -> None:
        """The cursor at the start of the next (or previous) player's row."""
        self.cursor = ((self.row + step) % len(self.rows), 0)

    def add_card(self, row: int) -> None:
        """Ready to type one more card for this player: the cursor at the end of the line."""
        self.focus()
        if self.commit():
            self.cursor = (row, 0)
            text = self.texts[row][0].rstrip()
            joiner = ", " if "," in text else " "  # as the line is written (names need commas)
            self.type_in(f"{text}{joiner}" if text else "")

    def fitted(self) -> tuple[int, int]:
        """The names' width and the cards' in the room there is: a long name is shortened
        (it is whole over its cards, under the table) so that the summary beside each row,
        its score, stays whole (S1, S7, S8: "Knowled" was all a long name left of it)."""
        room = self.room()
        if not room:
            return self.label_need, self.column_need
        # the cards' column gives up its spare cells first, down to its heading's width
        cards = max(cell_len(self.kind.heading) + 1, min(self.column_need, room - self.AFTER - self.label_need))
        return min(self.label_need, max(MIN_NAME, room - cards - self.AFTER)), cards

    def drawn_widths(self, row: int | None, widths: tuple[int, ...]) -> tuple[int, ...]:
        """Only the row typed in widens: one column has none after it to keep in line, so
        the heading and the other rows stay as drawn, and a commit redraws the two rows
        it changes rather than every line (the more cards, the wider the line)."""
        return widths if row == self.cursor[0] else (self.column_width,)

    def line_keys(self) -> list:
        keys = super().line_keys()
        for row, summary in enumerate(self.summaries):  # a row's line shows its summary too
            keys[self.top + row] = (keys[self.top + row], summary)
        return [*keys, *self.card_lines()]

    def card_lines(self) -> list[str]:
        """The cursor's player's cards as stored, one per line."""
        name, cards = self.rows[self.listed][1], self.listed_cards
        if not cards:
            return [f"{name}: no {self.kind.noun}s yet."]
        # wrapped between words: a name of sixty cells (CJK) takes most of an 80-column line
        lines = list(wrapped(f"{name}'s {self.kind.noun}s ({len(cards)}):", self.size.width or 80))
        return lines + [f"  {i:>2}  {self.kind.line(card)}" for i, card in enumerate(cards, 1)]

    def line_text(self, y: int) -> list:
        # the words of a card line, and a row's summary, are in the line's key already
        key = self._keys[y] if y < len(self._keys) else ""
        table = len(self.rows) + self.top + len(self.message_shown)  # headings, rows, message
        if y >= table:
            return [(key, self.component_style("count-grid--note"))]
        parts = super().line_text(y)
        if 0 <= y - self.top < len(self.rows):
            parts.append((key[1], self.component_style("count-grid--note")))
        return parts
