"""One saved game in a few figures: when, what, finished or not, and each player's
categories, total and rank. What the games list, the history and the statistics need;
made from the file by ``summary_reading`` (which loads the sheet's models), or from
the index of the games folder (which does not)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple


class PlayerLine(NamedTuple):
    """One player of a game: name, competition rank (T1-T5), total and the five
    categories' Renown, in ``CATEGORIES`` order. A named tuple: listing 10,000 games
    makes 40,000 of them, at half the cost of a frozen dataclass."""

    name: str
    rank: int
    total: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A saved game as the lists and the statistics see it: its file's ``folder`` and
    ``name`` (the path is made when asked for: 10,000 paths took a fifth of a listing),
    ``day`` it is counted on and the instant ``at`` that orders games (seconds since
    1970), ``dated_by`` saying where they come from (see ``game_moment``)."""

    folder: Path
    name: str
    day: str
    at: float
    dated_by: str
    title: str
    finished: bool
    players: tuple[PlayerLine, ...]  # in ranking order

    @property
    def path(self) -> Path:
        """The file of the game."""
        return self.folder / self.name

    @property
    def solo(self) -> bool:
        """T6: one player gets a total and no winner."""
        return len(self.players) == 1

    @property
    def winners(self) -> tuple[str, ...]:
        """T5: every player ranked first; none in a solo game (T6)."""
        players = self.players  # asked of every game by the history and the statistics: no generator
        return tuple([p.name for p in players if p.rank == 1]) if len(players) != 1 else ()
