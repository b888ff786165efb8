"""What every export says about a game: its play id, when it was played, and each
player's row in ranking order (T1-T5). The CSV, Markdown, BGG and BG Stats exports are
all built from these, so they agree with each other."""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from ..rules.categories import CATEGORIES
from ..rules.models import Sheet
from ..rules.play_record import read_moment
from ..rules.standings import Standings, standings
from .paths import named_day

GAME_NAME = "The Great Library"
#: The CSV columns: a contract (add, never rename). The game's own columns come last,
#: so that files written before them read the same; they repeat on each player's row,
#: so the CSVs of several games stack into one table.
CSV_FIELDS = ("rank", "player", *CATEGORIES, "total", "seals_removed", "scholar_cards",
              "kings_requests", "winner", "game_id", "date", "title", "location",
              "duration_minutes", "start_player", "colour", "started_at", "finished_at", "finished")
NAMESPACE = uuid.UUID("5a0f1d2e-8c4b-4f7e-9d3a-2b6c1e0f9a47")  # scorepad's own namespace


class Play(NamedTuple):
    """One saved game as the exports see it: the sheet, its play id, and when its file
    was saved (ISO 8601, "" when not known)."""

    sheet: Sheet
    id: str
    saved: str = ""


def stable_uuid(*parts: object) -> str:
    """A uuid that is the same whenever the parts are: scorepad's namespace over the
    parts as a JSON list, so that no text typed at the table (a name holding "|" or
    a quote, say) can make two different lists read alike."""
    text = json.dumps(parts, ensure_ascii=False, sort_keys=True)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: a file name not in UTF-8, or a "\ud800" in JSON
        text = text.encode("utf-8", "surrogatepass").decode("utf-8", "backslashreplace")
    return str(uuid.uuid5(NAMESPACE, text))


def play_id(sheet: Sheet, file_name: str, begin_sheet: Sheet) -> str:
    """The play's id: the sheet's own ``id``, given once when the game was created.

    A file written before sheets had ids gets one derived from its file name and the
    sheet its history begins with (``begin_sheet``; fields at their defaults are left
    out, so a field added to the format later changes no id): the same at every export
    of that file, and different for two files (one folder never holds two files of one
    name, and two games begin alike only as copies of one game).
    """
    if sheet.id:
        return sheet.id
    begun = begin_sheet.model_dump(mode="json", exclude_defaults=True)
    return stable_uuid("play", file_name, begun)


def play_of(sheet: Sheet, path: Path, history, saved: str = "") -> Play:
    """A game read from ``path`` (its history starts with the Begin entry), dated as the
    saved games' list dates it (``summary_reading.game_moment``): by its ``saved`` time,
    else the day its name begins with, else the time the file was last written (and
    by its recorded start before any of them: ``played_at``)."""
    day = named_day(path.name)
    if not saved and day is not None:
        saved = datetime(day.year, day.month, day.day).isoformat()  # no offset: the day on this machine
    if not saved:
        try:
            saved = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")
        except (OSError, ValueError, OverflowError):
            saved = ""
    return Play(sheet, play_id(sheet, path.name, history[0].sheet), saved)


def local_wall_time(text: str) -> datetime | None:
    """An ISO 8601 time as this machine's clock shows it (without offset); a time
    written without an offset is taken as local already. None for any other text (a
    sheet edited by hand may say anything in ``saved``)."""
    try:
        when = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return when
    try:
        return when.astimezone().replace(tzinfo=None)
    except (OverflowError, OSError, ValueError):  # the year 1 or 9999 moved across midnight
        return when.replace(tzinfo=None)


def played_at(play: Play, now: datetime | None = None) -> datetime:
    """When the game was played, on the table's clock (no offset): the moment it started,
    at the offset it was recorded with; else when it was saved, on this machine's clock;
    else ``now`` (the moment of the export). Never UTC passed off as local time."""
    started = read_moment(play.sheet.played.started)
    if started is not None:
        return started.replace(tzinfo=None)
    return local_wall_time(play.saved) or now or datetime.now()


def stamp(when: datetime) -> str:
    """``2026-11-27 19:05:00``: how BG Stats writes a time (and the CSV's sortable one).
    isoformat, not strftime: strftime writes the year 1 as "1-01-01"."""
    return when.replace(microsecond=0).isoformat(sep=" ")


def one_line(text: str) -> str:
    """Text on one line (a location or title may hold line breaks; a list may not)."""
    return " ".join(text.split())


def rows(sheet: Sheet, table: Standings | None = None) -> list[dict]:
    """One dict per player in ranking order, with every exported column (``table``: the
    sheet's standings, when the caller has them already)."""
    table = table or standings(sheet)
    winners = set(table.winners)
    found = []
    for score, rank in zip(table.scores, table.ranks):
        row = {"rank": rank, "player": score.name}
        row.update({category: getattr(score, category) for category in CATEGORIES})
        row.update(total=score.total, seals_removed=score.seals_removed,
                   scholar_cards=score.scholar_cards, kings_requests=score.kings_requests,
                   winner=score.name in winners)
        found.append(row)
    return found


def play_rows(play: Play) -> list[dict]:
    """``rows`` with the game's columns added to each (the CSV's)."""
    sheet = play.sheet
    colours = {player.name: player.colour for player in sheet.players}
    shared = {"game_id": play.id, "date": stamp(played_at(play))[:10], "title": sheet.title,
              "location": sheet.location, "duration_minutes": sheet.duration_minutes,
              "started_at": sheet.played.started, "finished_at": sheet.played.finished,
              "finished": sheet.finished}
    return [{**row, **shared, "colour": colours[row["player"]],
             "start_player": row["player"] == sheet.start_player} for row in rows(sheet)]
