"""Exports round-trip: CSV re-reads to the same numbers, BG Stats parses with the right
totals, winners and per-category rows; Markdown and BGG text carry the breakdown.
(Every field against the sheet, for any sheet: test_export_round_trips.py.)"""

from __future__ import annotations

import csv
import io
import json

from scorepad.cli import main
from scorepad.reports import score_json
from scorepad.storage.bgg_text import to_bgg
from scorepad.storage.bgstats import to_bgstats
from scorepad.storage.export_rows import Play
from scorepad.storage.exports import to_csv, to_markdown
from scorepad.storage.files import read_sheet

from .conftest import DATA, make_sheet
from .local_zone import paris  # noqa: F401 (a fixture)

FRIDAY = read_sheet(DATA / "friday.json").sheet
TIED = make_sheet({"name": "Ana", "renown": 9}, {"name": "Ben", "renown": 9}, {"name": "Cy", "renown": 1}, finished=True)
PLAY_ID = "0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f"
SAVED = "2026-11-27T20:00:00+00:00"


def play(sheet, saved=SAVED) -> Play:
    return Play(sheet, PLAY_ID, saved)


def test_csv_rereads_to_the_same_numbers():
    expected = score_json(FRIDAY)["players"]
    rows = list(csv.DictReader(io.StringIO(to_csv([play(FRIDAY)]))))
    assert [r["player"] for r in rows] == [p["name"] for p in expected]
    for row, player in zip(rows, expected):
        for key in ("pinax", "school", "scholars", "supplies", "renown", "total", "rank"):
            assert int(row[key]) == player[key]
    assert [r["winner"] for r in rows] == ["yes", "no", "no"]



def test_csv_text_a_spreadsheet_would_run_as_a_formula_starts_with_an_apostrophe():
    """A name, title or place typed as ``=HYPERLINK(...)`` is text in the CSV: a
    spreadsheet opening it shows the words and runs nothing (a cell starting with
    = + - @ or a tab is a formula there). Numbers stay numbers."""
    sheet = make_sheet({"name": "=HYPERLINK(\"http://x\")", "renown": 3}, {"name": "+Ben"}, {"name": "@Cy"},
                       {"name": "-Di"}, title="=1+1", location="@pub")
    rows = list(csv.DictReader(io.StringIO(to_csv([play(sheet)]))))
    assert sorted(r["player"] for r in rows) == ["'+Ben", "'-Di", "'=HYPERLINK(\"http://x\")", "'@Cy"]
    assert {r["title"] for r in rows} == {"'=1+1"} and {r["location"] for r in rows} == {"'@pub"}
    assert rows[0]["renown"] == "3" and rows[0]["total"] == "3"
    plain = list(csv.DictReader(io.StringIO(to_csv([play(FRIDAY)]))))
    assert [r["player"] for r in plain] == [p["name"] for p in score_json(FRIDAY)["players"]]

def test_bgstats_play_file_parses_with_totals_winners_and_category_rows():
    document = json.loads(to_bgstats(play(TIED)))
    record = document["plays"][0]
    scores = record["playerScores"]
    names = {p["id"]: p["name"] for p in document["players"]}
    assert all(isinstance(s["score"], str) for s in scores)
    assert {names[s["playerRefId"]]: s["score"] for s in scores} == {"Ana": "9", "Ben": "9", "Cy": "1"}
    assert {names[s["playerRefId"]] for s in scores if s["winner"]} == {"Ana", "Ben"}  # co-winners
    for item in scores:
        assert all(isinstance(item[k], bool) for k in ("winner", "newPlayer", "startPlayer"))
    assert all(isinstance(record[k], bool) for k in ("ignored", "manualWinner", "usesTeams"))
    game = document["games"][0]
    assert all(isinstance(game[k], bool) for k in ("cooperative", "highestWins", "noPoints", "usesTeams"))
    rows = record["scoresheet"]["rounds"][0]["rows"]
    assert [r["label"] for r in rows] == ["Pinax", "School", "Scholars", "Supplies", "Renown"]
    score_ids = {s["metaData"]["scoreUuid"]: names[s["playerRefId"]] for s in scores}
    renown = {score_ids[k]: v for k, v in rows[4]["scores"].items()}
    assert renown == {"Ana": "9", "Ben": "9", "Cy": "1"}


def test_bgstats_a_second_export_is_the_same_file():
    assert to_bgstats(play(FRIDAY)) == to_bgstats(play(FRIDAY))


def test_markdown_table_and_bgg_text_carry_the_breakdown():
    md = to_markdown(FRIDAY)
    unpadded = [" ".join(line.split()) for line in md.splitlines()]  # cells are padded to line up
    assert "| 1 | **Ana** | 25 | 4 | 9 | 4 | 54 | 96 |" in unpadded and "Leading so far: Ana" in md
    bgg = to_bgg(play(FRIDAY))
    assert "  Name: Ana\n    Score: 96\n    Win: yes\n" in bgg
    assert "  Ana: Pinax 25, School 4, Scholars 9, Supplies 4, Renown 54 = 96\n" in bgg


def test_export_command_writes_the_file(tmp_path, capsys):
    out = tmp_path / "play.bgsplay"
    assert main(["export", str(DATA / "friday.json"), "--to", "bgstats", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["games"][0]["name"] == "The Great Library"


def test_export_of_a_bad_file_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["export", str(bad), "--to", "csv"]) == 2
    assert capsys.readouterr().out == ""


def test_markdown_and_bgg_text_of_a_game_word_for_word(paris):
    assert to_markdown(FRIDAY) == """# Friday at Ana's

| Rank | Player  | Pinax | School | Scholars | Supplies | Renown | Total |
| ---- | ------- | ----: | -----: | -------: | -------: | -----: | ----: |
| 1    | **Ana** |    25 |      4 |        9 |        4 |     54 |    96 |
| 2    | Ben     |    16 |      4 |        9 |        6 |     61 |    96 |
| 3    | Chloé   |    12 |      1 |        7 |        5 |     66 |    91 |

Leading so far: Ana
- Ana ahead of Ben on T2: 7 Seals removed to 6
- Ben ahead of Chloé on T1: 96 Renown to 91

End of game: Finish the current round, then every player takes one more turn, then score.
"""
    recorded = FRIDAY.but(location="Ana's", duration_minutes=142, start_player="Ben",
                          notes="first game with the new table\nBen's birthday",
                          players=tuple(p.but(colour=c) for p, c in zip(FRIDAY.players, ("red", "", "green"))))
    assert to_bgg(play(recorded)) == """Game: The Great Library
Date: 2026-11-27
Location: Ana's
Length: 142 minutes
Comments:
  Friday at Ana's
  first game with the new table
  Ben's birthday
  Ana: Pinax 25, School 4, Scholars 9, Supplies 4, Renown 54 = 96
  Ben: Pinax 16, School 4, Scholars 9, Supplies 6, Renown 61 = 96
  Chloé: Pinax 12, School 1, Scholars 7, Supplies 5, Renown 66 = 91
  Ana ahead of Ben on T2: 7 Seals removed to 6
  Ben ahead of Chloé on T1: 96 Renown to 91
Players:
  Name: Ana
    Team/Color: red
    Score: 96
    Win: yes
  Name: Ben
    Start position: 1
    Score: 96
    Win: no
  Name: Chloé
    Team/Color: green
    Score: 91
    Win: no
"""


def test_T5_shared_victory_and_T6_solo_in_the_text_exports(paris):
    assert to_markdown(TIED).split("\n\n")[2:] == [
        "Shared victory: Ana and Ben\n- Ana and Ben tied on T1-T4: shared place (T5)\n- Ben ahead of Cy on T1: 9 Renown to 1",
        "End of game: not triggered\n"]
    assert to_bgg(play(TIED)).split("Players:\n")[1] == (
        "  Name: Ana\n    Score: 9\n    Win: yes\n  Name: Ben\n    Score: 9\n    Win: yes\n"
        "  Name: Cy\n    Score: 1\n    Win: no\n")
    solo = make_sheet({"name": "So|lo", "renown": 3})
    assert to_markdown(solo).endswith("| 1    | **So\\|lo** |     0 |      0 |        0 |        0 |      3 |     3 |\n\n"
                                      "End of game: not triggered\n")  # a | in a name does not split the row
    assert to_bgg(play(solo)).split("Players:\n")[1] == "  Name: So|lo\n    Score: 3\n"  # no win claimed
