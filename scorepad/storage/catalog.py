"""The saved games in the games folder, and each player's record across them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from ..rules import standings
from ..rules.scoring import CATEGORIES
from .document import SheetFileError
from .files import read_sheet
from .paths import folder_problem, games_dir


@dataclass(frozen=True)
class SavedGame:
    """One readable sheet: when, what, who won, and the standings."""

    path: Path
    date: str
    title: str
    standings: object


@dataclass
class PlayerRecord:
    """A player's games, wins, and totals across saved games."""

    name: str
    totals: list[int] = field(default_factory=list)
    wins: int = 0
    categories: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))

    @property
    def games(self) -> int:
        """How many saved games the player is in."""
        return len(self.totals)

    def average(self, category: str | None = None) -> float:
        """Average total, or average of one category."""
        amount = sum(self.totals) if category is None else self.categories[category]
        return amount / self.games if self.games else 0.0


def saved_games(folder: Path | None = None) -> tuple[list[SavedGame], list[str]]:
    """Every readable sheet, newest first, and a message for each file that is not one.

    No file can break the listing, whatever is wrong with it; a BG Stats export an older
    scorepad wrote into the games folder is not a game and is passed over in silence.
    """
    folder = folder or games_dir()
    problem = folder_problem(folder)
    if problem:
        return [], [problem]
    games, problems = [], []
    try:
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    except OSError as err:
        return [], [f"{folder}: cannot be listed: {err.strerror or err}"]
    for path in paths:
        try:
            games.append(saved_game(path))
        except SheetFileError as err:
            if not old_export(path, err):
                problems.append(str(err))
        except Exception as err:  # whatever it is: one odd file must not hide every other game
            problems.append(str(SheetFileError(str(path), "", f"cannot be read ({type(err).__name__}: {err})")))
    games.sort(key=lambda game: (game.date, game.path.name), reverse=True)
    return games, problems


def saved_game(path: Path) -> SavedGame:
    """One sheet of the listing, dated when it was saved (or by the file's time)."""
    loaded = read_sheet(path)
    when = loaded.saved or datetime.fromtimestamp(path.stat().st_mtime).isoformat(timespec="seconds")
    return SavedGame(path, when[:10], loaded.sheet.title, standings(loaded.sheet))


def old_export(path: Path, err: SheetFileError) -> bool:
    """A BG Stats export beside the sheets, as versions before ``.bgsplay`` named them and
    put them there: named so, and JSON that is not a scoresheet at all. A sheet with a
    bad value is still reported. (A ``.bgsplay`` file is never listed: not ``.json``.)"""
    return path.name.endswith(".bgstats.json") and err.where == "format"


def player_records(games: list[SavedGame]) -> list[PlayerRecord]:
    """Per player (by name): games, wins, totals and category sums, most games first."""
    records: dict[str, PlayerRecord] = {}
    for game in games:
        winners = set(game.standings.winners)
        for score in game.standings.scores:
            record = records.setdefault(score.name.casefold(), PlayerRecord(score.name))
            record.totals.append(score.total)
            record.wins += score.name in winners and not game.standings.solo
            for category in CATEGORIES:
                record.categories[category] += getattr(score, category)
    return sorted(records.values(), key=lambda r: (-r.games, r.name.casefold()))
