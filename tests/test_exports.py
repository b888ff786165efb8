"""Exports round-trip: CSV re-reads to the same numbers, BG Stats parses with the right
totals, winners and per-category rows; Markdown and BGG text carry the breakdown."""

from __future__ import annotations

import csv
import io
import json

from scorepad.cli import main
from scorepad.reports import score_json
from scorepad.storage.bgstats import to_bgstats
from scorepad.storage.exports import to_bgg, to_csv, to_markdown
from scorepad.storage.files import read_sheet

from .conftest import DATA, make_sheet

FRIDAY = read_sheet(DATA / "friday.json").sheet
TIED = make_sheet({"name": "Ana", "renown": 9}, {"name": "Ben", "renown": 9}, {"name": "Cy", "renown": 1})


def test_csv_rereads_to_the_same_numbers():
    expected = score_json(FRIDAY)["players"]
    rows = list(csv.DictReader(io.StringIO(to_csv(FRIDAY))))
    assert [r["player"] for r in rows] == [p["name"] for p in expected]
    for row, player in zip(rows, expected):
        for key in ("pinax", "school", "scholars", "supplies", "renown", "total", "rank"):
            assert int(row[key]) == player[key]
    assert [r["winner"] for r in rows] == ["yes", "no", "no"]


def test_bgstats_play_file_parses_with_totals_winners_and_category_rows():
    document = json.loads(to_bgstats(TIED))
    play = document["plays"][0]
    scores = play["playerScores"]
    names = {p["id"]: p["name"] for p in document["players"]}
    assert all(isinstance(s["score"], str) for s in scores)
    assert {names[s["playerRefId"]]: s["score"] for s in scores} == {"Ana": "9", "Ben": "9", "Cy": "1"}
    assert {names[s["playerRefId"]] for s in scores if s["winner"]} == {"Ana", "Ben"}  # co-winners
    for item in scores:
        assert all(isinstance(item[k], bool) for k in ("winner", "newPlayer", "startPlayer"))
    assert all(isinstance(play[k], bool) for k in ("ignored", "manualWinner", "usesTeams"))
    game = document["games"][0]
    assert all(isinstance(game[k], bool) for k in ("cooperative", "highestWins", "noPoints", "usesTeams"))
    rows = play["scoresheet"]["rounds"][0]["rows"]
    assert [r["label"] for r in rows] == ["Pinax", "School", "Scholars", "Supplies", "Renown"]
    score_ids = {s["metaData"]["scoreUuid"]: names[s["playerRefId"]] for s in scores}
    renown = {score_ids[k]: v for k, v in rows[4]["scores"].items()}
    assert renown == {"Ana": "9", "Ben": "9", "Cy": "1"}


def test_bgstats_ids_are_stable_so_a_second_export_is_the_same_play():
    assert json.loads(to_bgstats(FRIDAY, "2026-11-27T20:00:00+00:00"))["plays"][0]["uuid"] == \
        json.loads(to_bgstats(FRIDAY, "2026-11-27T20:00:00+00:00"))["plays"][0]["uuid"]


def test_markdown_table_and_bgg_text_carry_the_breakdown():
    md = to_markdown(FRIDAY)
    unpadded = [" ".join(line.split()) for line in md.splitlines()]  # cells are padded to line up
    assert "| 1 | **Ana** | 25 | 4 | 9 | 4 | 54 | 96 |" in unpadded and "Winner: Ana" in md
    bgg = to_bgg(FRIDAY)
    assert "Ana: 96 (winner)" in bgg and "Ana: Pinax 25, School 4, Scholars 9, Supplies 4, Renown 54 = 96" in bgg


def test_export_command_writes_the_file(tmp_path, capsys):
    out = tmp_path / "play.json"
    assert main(["export", str(DATA / "friday.json"), "--to", "bgstats", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["games"][0]["name"] == "The Great Library"


def test_export_of_a_bad_file_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["export", str(bad), "--to", "csv"]) == 2
    assert capsys.readouterr().out == ""
