"""A saved game's summary (``summaries.GameSummary``) read from its file: the sheet
without its history (``parse_head``), scored with the totals the file says it had
where they explain its pattern tiles, and dated."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from ..rules.categories import CATEGORIES
from ..rules.models import Sheet
from ..rules.pinax_search import RENOWN
from ..rules.scoring import PlayerScore, score_player
from ..rules.standings import rank_scores
from .document import parse_head
from .files import read_bytes
from .paths import named_day
from .summaries import GameSummary, PlayerLine


def game_moment(sheet: Sheet, saved: str, path: Path, mtime: float) -> tuple[str, float, str]:
    """The day a game is counted on, the instant that orders it, and what dated it:

    - ``started``: the record of the play says when it started (the table's own day, as
      written, in its UTC offset);
    - ``saved``: else when scorepad last saved the file (in this machine's local time);
    - ``name``: else the day a new game's file name begins with (``2026-11-27-…``);
    - ``file``: else the file's modification time.
    """
    if sheet.played.started:
        when = datetime.fromisoformat(sheet.played.started)
        return sheet.played.started[:10], when.timestamp(), "started"
    try:
        when = datetime.fromisoformat(saved) if saved else None
    except ValueError:  # not ours, or edited: the next clue
        when = None
    if when is not None:
        local = when.astimezone() if when.tzinfo else when
        return local.date().isoformat(), local.timestamp(), "saved"
    day = named_day(path.name)
    if day is not None:
        return day.isoformat(), datetime(day.year, day.month, day.day).timestamp(), "name"
    modified = datetime.fromtimestamp(mtime)
    return modified.date().isoformat(), mtime, "file"


@lru_cache(maxsize=16)
def pattern_sums(tiles: int) -> frozenset[int]:
    """S1: every Renown ``tiles`` pattern tiles can score together."""
    sums = {0}
    for _ in range(tiles):
        sums = {total + renown for total in sums for renown in RENOWN}
    return frozenset(sums)


def summary_score(sheet: Sheet, index: int, saved_total: int | None) -> PlayerScore:
    """S1-S11 for one player, the costly part of S5 taken from the file when it can be.

    Solving pattern tiles again is most of the cost of reading many games. Scorepad
    writes each player's total into the file (``totals``); everything but the pattern
    tiles is scored here, and what the total leaves over is their Renown when pattern
    tiles could score that much together. A file without that total, or with one no
    pattern score explains (edited by hand, say), is solved.
    """
    player = sheet.players[index]
    patterns = sum(tile.pattern is not None for tile in player.pinax)
    if not patterns or sheet.library is None or saved_total is None:
        return score_player(sheet, index)
    quick = player.but(pinax=tuple(tile for tile in player.pinax if tile.pattern is None))
    players = sheet.players[:index] + (quick,) + sheet.players[index + 1:]
    rest = score_player(sheet.but(players=players), index)
    if saved_total - rest.total not in pattern_sums(patterns):
        return score_player(sheet, index)
    return replace(rest, pinax=rest.pinax + saved_total - rest.total)


def read_summary(path: Path, mtime: float, journalled: bool = False) -> GameSummary:
    """The summary of the sheet at ``path`` (SheetFileError when it is not one).
    ``journalled``: a journal lies beside it (the app open on it, or killed before its
    background save): the sheet as the app would open it, the journal's changes too,
    as ``scorepad score`` reads it; the file alone when the journal does not go on from
    it. The history is read then, the file's totals set aside (they are behind)."""
    sheet, _, totals, saved = parse_head(read_bytes(path), str(path))
    if journalled:
        from .sheet_file import load_current

        current = load_current(path)
        if current.replayed and not current.note:
            sheet, totals = current.states[-1], {}
    table = rank_scores(tuple(summary_score(sheet, i, totals.get(player.name))
                              for i, player in enumerate(sheet.players)))
    day, at, dated_by = game_moment(sheet, saved, path, mtime)
    players = tuple(PlayerLine(score.name, rank, score.total, tuple(getattr(score, c) for c in CATEGORIES))
                    for score, rank in zip(table.scores, table.ranks))
    return GameSummary(path.parent, path.name, day, at, dated_by, sheet.title, sheet.finished, players)
