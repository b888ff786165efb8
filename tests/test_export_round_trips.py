"""CSV and BoardGameGeek text, exported and read back, every field checked against the
sheet, for any sheet (names, titles and notes with separators, quotes and line breaks;
ties, solo games, any record of the play)."""

from __future__ import annotations

import csv
import io
from datetime import datetime

from hypothesis import given, settings

from scorepad.rules.standings import standings
from scorepad.rules.categories import CATEGORIES, CATEGORY_LABELS
from scorepad.storage.bgg_text import to_bgg
from scorepad.storage.export_rows import CSV_FIELDS, Play, local_wall_time
from scorepad.storage.exports import to_csv

from .conftest import examples
from .recorded_sheets import recorded_sheets

SAVED = "2026-11-27T20:00:00+00:00"


def one_line(text: str) -> str:
    return " ".join(text.split())


def play_day(sheet) -> str:
    """The day the play took place: on the table's clock when started, else the save's
    day on this machine's clock."""
    if sheet.played.started:
        return sheet.played.started[:10]
    return local_wall_time(SAVED).date().isoformat()


def cell(text: str) -> str:
    """Text as a CSV cell holds it: every line break a newline, and an apostrophe first
    where a spreadsheet would read a formula."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t") else text


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


@settings(max_examples=examples(400))
@given(recorded_sheets())
def test_every_csv_field_reads_back_as_the_sheet_says(sheet):
    text = to_csv([Play(sheet, sheet.id, SAVED)])
    read = list(csv.DictReader(io.StringIO(text, newline="")))
    table = standings(sheet)
    assert list(read[0]) == list(CSV_FIELDS)
    assert [row["player"] for row in read] == [cell(s.name) for s in table.scores]  # ranking order (T1-T5)
    colours = {p.name: p.colour for p in sheet.players}
    for row in read:
        score = next(s for s in table.scores if cell(s.name) == row["player"])
        assert {c: int(row[c]) for c in CATEGORIES} == {c: getattr(score, c) for c in CATEGORIES}
        assert int(row["total"]) == score.total and int(row["rank"]) == table.rank_of(score.name)
        assert (int(row["seals_removed"]), int(row["kings_requests"])) == (score.seals_removed, score.kings_requests)
        assert row["winner"] == yes(score.name in table.winners)
        assert row["game_id"] == sheet.id and row["date"] == play_day(sheet)
        assert row["title"] == cell(sheet.title) and row["location"] == cell(sheet.location)
        assert int(row["duration_minutes"]) == sheet.duration_minutes
        assert row["start_player"] == yes(score.name == sheet.start_player)
        assert row["colour"] == cell(colours[score.name])
        assert (row["started_at"], row["finished_at"]) == (sheet.played.started, sheet.played.finished)
        assert row["finished"] == yes(sheet.finished)


def read_bgg(text: str) -> tuple[dict, list[str], list[dict]]:
    """The play's fields, the comment lines, and each player's fields, from BGG text."""
    lines = iter(text.split("\n"))
    fields, comments, players = {}, [], []
    for line in lines:
        if line == "Comments:":
            break
        key, _, value = line.partition(": ")
        fields[key] = value
    for line in lines:
        if line == "Players:":
            break
        assert line == "" or line.startswith("  ")
        comments.append(line[2:])
    for line in lines:
        if line.startswith("  Name: "):
            players.append({"Name": line[len("  Name: "):]})
        elif line:
            key, _, value = line.removeprefix("    ").partition(": ")
            players[-1][key] = value
    return fields, comments, players


@settings(max_examples=examples(400))
@given(recorded_sheets())
def test_every_bgg_field_reads_back_as_the_sheet_says_in_the_log_forms_order(sheet):
    text = to_bgg(Play(sheet, sheet.id, SAVED))
    fields, comments, players = read_bgg(text)
    table = standings(sheet)
    expected = {"Game": "The Great Library", "Date": play_day(sheet)}
    if one_line(sheet.location):
        expected["Location"] = one_line(sheet.location)
    if sheet.duration_minutes:
        expected["Length"] = f"{sheet.duration_minutes} minutes"
    assert list(fields.items()) == list(expected.items())  # the form's order: date, location, length
    datetime.strptime(fields["Date"], "%Y-%m-%d")
    breakdown = [f"{s.name}: " + ", ".join(f"{CATEGORY_LABELS[c]} {getattr(s, c)}" for c in CATEGORIES)
                 + f" = {s.total}" for s in table.scores]
    notes = [line.rstrip() for line in sheet.notes.splitlines()]
    title = [one_line(sheet.title)] if one_line(sheet.title) else []
    assert comments == [*title, *notes, *breakdown, *(s.text for s in table.separations)]
    colours = {p.name: one_line(p.colour) for p in sheet.players}
    assert [p["Name"] for p in players] == [s.name for s in table.scores]
    for player in players:
        name = player["Name"]
        want = {"Name": name}
        if name == sheet.start_player:
            want["Start position"] = "1"
        if colours[name]:
            want["Team/Color"] = colours[name]
        want["Score"] = str(table.score_of(name).total)
        if not table.solo:  # T6: no win claimed alone
            want["Win"] = yes(name in table.winners)
        assert list(player.items()) == list(want.items())  # the form's order: start, colour, score, win
