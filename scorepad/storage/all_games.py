"""Every saved game in one export (``scorepad export --all``, and the History screen): a
row per player per game, with the game's id, date and title, oldest game first, so
one table holds the whole record and sorts or filters in a spreadsheet."""

from __future__ import annotations

from pathlib import Path

from ..rules.categories import CATEGORIES, CATEGORY_LABELS
from .catalog import saved_games
from .document import SheetFileError
from .export_rows import GAME_NAME, Play, play_of, play_rows, played_at, stamp
from .exports import markdown_cell, markdown_table, player_cell, to_csv
from .files import read_sheet

ALL_KINDS = ("csv", "md")


def saved_plays(folder: Path | None = None) -> tuple[list[Play], list[str]]:
    """Every game the games folder holds (the games Home lists), oldest first, and a
    message for each file that could not be read (it is left out; nothing stops)."""
    games, problems = saved_games(folder)
    plays = []
    for game in games:
        try:  # read again: the file may have changed since it was listed
            loaded = read_sheet(game.path)
        except SheetFileError as err:
            problems.append(str(err))
            continue
        plays.append(play_of(loaded.sheet, game.path, loaded.history, loaded.saved))
    plays.sort(key=lambda play: (stamp(played_at(play)), play.id))
    return plays, problems


def to_markdown_all(plays: list[Play]) -> str:
    """One Markdown table of every game: date, title, the game's id, rank, player (a
    winner in bold), each category and the total."""
    heads = ["Date", "Title", "Game id", "Rank", "Player", *(CATEGORY_LABELS[c] for c in CATEGORIES), "Total"]
    body = []
    for play in plays:
        for row in play_rows(play):
            body.append([row["date"], markdown_cell(row["title"]), row["game_id"], str(row["rank"]), player_cell(row),
                         *(str(row[c]) for c in CATEGORIES), str(row["total"])])
    return "\n".join([f"# {GAME_NAME}: every saved game", "", *markdown_table(heads, body, left=5)]) + "\n"


def export_all_text(kind: str, bom: bool = False, folder: Path | None = None) -> tuple[str, list[str]]:
    """Every saved game as ``kind`` (csv, a BOM first if ``bom``; or md), and a message
    for each file left out."""
    plays, problems = saved_plays(folder)
    return (to_csv(plays, bom) if kind == "csv" else to_markdown_all(plays)), problems
