"""The Library grid: tokens, eligible Seals (S2) and empty spaces (E2).

A row is a string of space-separated tokens (the README's file format): ``.`` empty space, ``L``
space with a Library Location tile, ``#`` not a Library space, ``M``/``G``/``C`` a
Manuscript/Great Work/Craft, then ``*`` when translated, then the number (1-4) of
the player whose Seal is on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

TOKEN = re.compile(r"^(?:(?P<plain>[.L#])|(?P<tile>[MGC])(?P<star>\*)?(?P<seal>[1-4])?)$")
TOKEN_HELP = "use . L # or M, G, C with an optional * (translated) and Seal 1-4"
TILE_NAMES = {"M": "Manuscript", "G": "Great Work", "C": "Craft"}
# what each part of a token means, in words for the help screen
TOKEN_WORDS = ((".", "an empty Library space"),
               ("L", "a space with a Library Location tile (still empty for the end, M1)"),
               ("#", "not a Library space"),
               ("M  G  C", "a Manuscript, a Great Work, a Craft"),
               ("*", "after M, G or C: translated (only translated ones score Seals, S2)"),
               ("1-4", "after it: the Seal on it is that player's (M*2: a translated Manuscript, Seal of player 2)"))


@dataclass(frozen=True, slots=True)
class LibraryCell:
    """One cell of the grid, as its token says."""

    kind: str  # one of . L # M G C
    translated: bool = False
    seal: int = 0  # the player's number, 0 for no Seal

    @property
    def is_space(self) -> bool:
        """Whether this is a Library space at all (``#`` is not)."""
        return self.kind != "#"

    @property
    def is_empty(self) -> bool:
        """E2/M1: no Manuscript, Great Work or Craft; a Location tile is still empty."""
        return self.kind in ".L"

    def counts_for(self, player_number: int) -> bool:
        """S2: the player's own Seal on a translated Manuscript, Great Work or Craft."""
        return self.seal == player_number and self.translated and self.kind in TILE_NAMES

    @property
    def token(self) -> str:
        """The cell written back as its token."""
        if self.kind in ".L#":
            return self.kind
        return self.kind + ("*" if self.translated else "") + (str(self.seal) if self.seal else "")


@dataclass(frozen=True, slots=True)
class LibraryGrid:
    """A parsed, rectangular Library."""

    cells: tuple[tuple[LibraryCell, ...], ...]
    highest_seal: int = 0  # the highest player number with a Seal on the grid (0: none)

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.cells)

    @property
    def width(self) -> int:
        """Number of cells in every row."""
        return len(self.cells[0])

    @property
    def empty_spaces(self) -> int:
        """E2: how many Library spaces hold no Manuscript, Great Work or Craft."""
        return sum(cell.is_empty for row in self.cells for cell in row)

    def eligible_seals(self, player_number: int) -> frozenset[tuple[int, int]]:
        """S2: the (row, column) cells whose Seal scores for this player (1-based number)."""
        return frozenset(
            (r, c)
            for r, row in enumerate(self.cells)
            for c, cell in enumerate(row)
            if cell.counts_for(player_number)
        )


def parse_token(token: str) -> LibraryCell:
    """Parse one token; ValueError with a hint when it is not one."""
    match = TOKEN.match(token)
    if match is None:
        raise ValueError(f'"{token}" is not a Library token ({TOKEN_HELP})')
    if match["plain"]:
        return LibraryCell(match["plain"])
    return LibraryCell(match["tile"], bool(match["star"]), int(match["seal"] or 0))


@lru_cache(maxsize=256)
def parse_rows(rows: tuple[str, ...]) -> LibraryGrid:
    """Parse token rows into a grid; ValueError naming the row and cell on a bad one."""
    if not rows:
        raise ValueError("the Library needs at least one row")
    parsed: list[tuple[LibraryCell, ...]] = []
    for r, text in enumerate(rows, start=1):
        tokens = text.split()
        if not tokens:
            raise ValueError(f"Library row {r} is empty")
        if len(tokens) > 64:
            raise ValueError(f"Library row {r} has {len(tokens)} cells; at most 64")
        cells = []
        for c, token in enumerate(tokens, start=1):
            try:
                cells.append(parse_token(token))
            except ValueError as err:
                raise ValueError(f"Library row {r}, cell {c}: {err}") from None
        if parsed and len(cells) != len(parsed[0]):
            raise ValueError(
                f"Library row {r} has {len(cells)} cells but row 1 has {len(parsed[0])}: "
                "all rows need the same number"
            )
        parsed.append(tuple(cells))
    return LibraryGrid(tuple(parsed), max(cell.seal for row in parsed for cell in row))


def blank_rows(height: int, width: int) -> tuple[str, ...]:
    """Rows for a new grid of empty spaces."""
    return tuple(" ".join("." * width) for _ in range(height))
