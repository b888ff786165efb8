"""Statistics over finished games, per player: games, wins, win %, totals, categories,
the current streak, head-to-head records and the totals over time.

Pure figures from game summaries (``storage.summaries``): no file is read and nothing
of Textual is loaded here, so ``scorepad stats`` and the app's Statistics screen count
alike. A game counts once it is finished (``Sheet.finished``); an unfinished game is
listed apart and never averaged. A player is known by name, whatever its case or
Unicode form (``name_key``), and shown as last written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from operator import add
from typing import Iterable, Sequence

from .rules.names import name_key
from .rules.categories import CATEGORIES
from .storage.summaries import GameSummary


@dataclass(frozen=True)
class Filters:
    """Which games count: from ``since`` to ``until`` (days as ``YYYY-MM-DD``, both
    included, "" for no bound), and with a ``group`` of players, the games where every
    one of them played (figures are then shown for the group only)."""

    since: str = ""
    until: str = ""
    group: tuple[str, ...] = ()

    def admits(self, game: GameSummary) -> bool:
        """Whether the game falls in the dates and has every player of the group."""
        if (self.since and game.day < self.since) or (self.until and game.day > self.until):
            return False
        if not self.group:
            return True
        keys = {name_key(player.name) for player in game.players}
        return all(name_key(name) in keys for name in self.group)


@dataclass
class PlayerFigures:
    """One player's record over the games counted, in the order they were played."""

    name: str
    totals: list[int] = field(default_factory=list)
    days: list[str] = field(default_factory=list)
    sums: list[int] = field(default_factory=lambda: [0] * len(CATEGORIES))
    results: list[bool] = field(default_factory=list)  # won or not, games against someone only (T6)

    @property
    def games(self) -> int:
        """Finished games played."""
        return len(self.totals)

    @property
    def wins(self) -> int:
        """Games won, a shared victory too (T5); a solo game is no win (T6)."""
        return sum(self.results)

    @property
    def win_percent(self) -> float | None:
        """Wins per 100 games against someone; None before the first such game."""
        return 100 * self.wins / len(self.results) if self.results else None

    @property
    def average(self) -> float:
        """The average total (S11)."""
        return sum(self.totals) / self.games if self.games else 0.0

    def category_average(self, category: str) -> float:
        """The average Renown of one category per game."""
        return self.sums[CATEGORIES.index(category)] / self.games if self.games else 0.0

    def category_share(self, category: str) -> float:
        """The category's part of all the player's Renown, in percent."""
        whole = sum(self.totals)
        return 100 * self.sums[CATEGORIES.index(category)] / whole if whole else 0.0

    @property
    def streak(self) -> tuple[bool, int]:
        """The current run: (won, how many games in a row), over games against someone."""
        if not self.results:
            return False, 0
        last, run = self.results[-1], 0
        for result in reversed(self.results):
            if result != last:
                break
            run += 1
        return last, run


@dataclass
class Meeting:
    """Two players' games together, from the first one's side: a win against the other
    is a game finished ahead of them (by rank: T1-T4 decide), a loss one finished
    behind, and a game level when they shared a place (T5)."""

    games: int = 0
    wins: int = 0
    losses: int = 0

    @property
    def level(self) -> int:
        """Games where neither finished ahead."""
        return self.games - self.wins - self.losses


@dataclass
class Figures:
    """Everything the statistics show, for the games the filters admit."""

    players: list[PlayerFigures]
    counted: list[GameSummary]  # finished, oldest first
    unfinished: list[GameSummary]  # newest first, as listed

    @cached_property
    def meetings(self) -> dict[tuple[str, str], Meeting]:
        """Each pair of players' record against each other (by ``name_key``, both ways
        round), worked out when first asked: ``scorepad history`` never shows it."""
        meetings: dict[tuple[str, str], Meeting] = {}
        for game in self.counted:
            for one, other in combinations(game.players, 2):
                add_meeting(meetings, one, other)
        return meetings

    def meeting(self, player: str, opponent: str) -> Meeting:
        """The record of ``player`` against ``opponent`` (names, any case)."""
        return self.meetings.get((name_key(player), name_key(opponent)), Meeting())


def figures(games: Iterable[GameSummary], filters: Filters = Filters()) -> Figures:
    """The statistics of these games (as listed: newest first) under ``filters``."""
    admitted = [game for game in games if filters.admits(game)]
    counted = sorted((g for g in admitted if g.finished), key=lambda g: (g.at, g.day, g.name))
    records: dict[str, PlayerFigures] = {}
    for game in counted:
        winners, solo = set(game.winners), game.solo
        for player in game.players:
            record = records.get(key := name_key(player.name))
            if record is None:  # not setdefault: a record made per player per game was a third of this
                record = records[key] = PlayerFigures(player.name)
            record.name = player.name  # the latest spelling
            record.totals.append(player.total)
            record.days.append(game.day)
            record.sums = list(map(add, record.sums, player.scores))
            if not solo:
                record.results.append(player.name in winners)
    group = {name_key(name) for name in filters.group}
    shown = [r for key, r in records.items() if not group or key in group]
    shown.sort(key=lambda r: (-(r.win_percent or -1.0), -r.wins, -r.games, name_key(r.name)))
    return Figures(shown, counted, [g for g in admitted if not g.finished])


def add_meeting(meetings: dict[tuple[str, str], Meeting], one, other) -> None:
    """Count one game of two players together, both ways round."""
    there = meetings.setdefault((name_key(one.name), name_key(other.name)), Meeting())
    back = meetings.setdefault((name_key(other.name), name_key(one.name)), Meeting())
    there.games += 1
    back.games += 1
    if one.rank != other.rank:
        first, second = (there, back) if one.rank < other.rank else (back, there)
        first.wins += 1
        second.losses += 1


def unknown_names(games: Sequence[GameSummary], names: Iterable[str]) -> list[str]:
    """The names that are no player's in these games (a typo in a group, say)."""
    names = list(names)
    if not names:  # the usual case: no group asked for, no need to look at 40,000 players
        return []
    known = {name_key(player.name) for game in games for player in game.players}
    return [name for name in names if name_key(name) not in known]
