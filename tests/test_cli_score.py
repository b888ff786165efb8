"""`scorepad score` and `scorepad schema`: the JSON contract and clear errors (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorepad.cli import main
from scorepad.storage.document import document_schema

from .conftest import DATA

GOOD = json.loads((DATA / "friday.json").read_text(encoding="utf-8"))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json_contract(capsys):
    code, out, err = run(capsys, "score", str(DATA / "friday.json"), "--json")
    result = json.loads(out)
    assert code == 0 and err == ""
    ana = result["players"][0]
    assert {k: ana[k] for k in ("name", "pinax", "school", "scholars", "supplies", "renown", "total", "rank")} == {
        "name": "Ana", "pinax": 25, "school": 4, "scholars": 9, "supplies": 4, "renown": 54,
        "total": 96, "rank": 1,
    }
    assert result["winners"] == ["Ana"]
    assert result["end"]["triggered"] is True and result["end"]["cause"] == "event"
    assert result["end"]["next"].startswith("Finish the current round")


def test_score_table_names_tie_breaks_winner_and_end(capsys):
    code, out, _ = run(capsys, "score", str(DATA / "friday.json"))
    assert code == 0
    assert "Ana ahead of Ben on T2: 7 Seals removed to 6" in out
    assert "Leading so far: Ana" in out  # not marked finished: no winner yet, as the app says
    assert "End: triggered by the second Event" in out


def test_score_names_a_winner_once_the_game_is_finished_and_says_the_end_once(capsys, tmp_path):
    """`score` said "Winner" of a game the app showed as "Leading so far", and printed
    the E5 line twice, as End and as a Note (a new user's run)."""
    sheet = json.loads((DATA / "friday.json").read_text())
    sheet["timeline"] = [{"kind": "phase", "phase": "planning", "generation": 3},
                         {"kind": "empty_spaces", "count": 2}]  # E7: the end waits for Execution
    path = tmp_path / "f.json"
    path.write_text(json.dumps({**sheet, "finished": True}))
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0 and "Winner: Ana" in out and "Leading so far" not in out
    ends = [line for line in out.splitlines() if "E5" in line]
    assert len(ends) == 1 and ends[0].startswith("End: not triggered. 2 empty spaces left"), ends


def with_player(**changes):
    sheet = json.loads(json.dumps(GOOD))
    sheet["players"][0].update(changes)
    return sheet


def five_players():
    sheet = json.loads(json.dumps(GOOD))
    sheet["players"] = [{"name": n} for n in "ABCDE"]
    return sheet


INVALID = {
    "pinax_count_5": (with_player(pinax=[{"seals": 5}]), "players[0] (Ana).pinax[0].seals", "less than or equal to 4"),
    "negative": (with_player(renown=-3), "players[0] (Ana).renown", "greater than or equal to 0"),
    "duplicate_names": (with_player(name="ben"), "top level", 'two players are named'),
    "five_players": (five_players(), "players", "at most 4"),
    "no_players": ({**GOOD, "players": []}, "players", "at least 1"),
    "empty_name": (with_player(name="  "), "players[0].name", "needs a name"),
    "text_for_number": (with_player(renown="many"), "renown", "valid integer"),
    "float": (with_player(renown=54.0), "renown", "valid integer"),
    "unknown_format": ({**GOOD, "format": "catan"}, "format", "not a Great Library scoresheet"),
    "newer_version": ({**GOOD, "version": 9}, "version", "newer scorepad"),
    "ragged_rows": ({**GOOD, "library": {"rows": [". .", "."]}}, "library.rows", "same number"),
    "unknown_token": ({**GOOD, "library": {"rows": [". X"]}}, "library.rows", '"X" is not a Library token'),
    "five_cell_pattern": (with_player(pinax=[{"pattern": [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]]}]),
                          "pinax[0]", "1 to 4 cells"),
    "unknown_field": (with_player(renonw=3), "renonw", "Extra inputs"),
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_file_exit_2_with_place_and_problem(name, tmp_path, capsys):
    content, place, problem = INVALID[name]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    before = path.read_bytes()
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"scorepad: {path}") and place in err and problem in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("content, problem", [
    (b'{"format": "great-library-scoresheet", "players": [', "cut short"),
    (bytes(range(256)) * 4, "not UTF-8"),
    (b"[1, 2]", "JSON object"),
    (b"", "cut short"),
])
def test_unreadable_bytes_exit_2(content, problem, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and out == "" and problem in err


def test_missing_file_exit_2(tmp_path, capsys):
    code, out, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err and out == ""


def test_score_runs_as_a_command_without_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{nope", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scorepad.cli", "score", str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == "" and "line 1, column 2" in proc.stderr


def test_schema_matches_the_committed_copy():
    committed = json.loads((DATA / "schema.json").read_text(encoding="utf-8"))
    assert committed == document_schema(), (
        "the file format changed: regenerate with `scorepad schema > tests/data/schema.json`"
    )


def test_schema_command_prints_it(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out)["properties"]["format"]["const"] == "great-library-scoresheet"


def test_score_json_has_pinax_detail_per_tile(capsys):
    code, out, _ = run(capsys, "score", str(DATA / "patterns.json"), "--json")
    ana = json.loads(out)["players"][0]
    assert code == 0 and ana["pinax"] == 16
    assert [t["score"] for t in ana["pinax_detail"]] == [3, 10, 3]
    tile = ana["pinax_detail"][1]
    assert tile["cells"] == [[0, 0], [0, 1], [0, 2]] and tile["rotation"] == 0
    assert ana["pinax_detail"][2]["mode"] == "seals" and ana["pinax_detail"][2]["rotation"] is None


def test_E2_score_uses_the_grid_count_for_the_end(capsys):
    _, out, _ = run(capsys, "score", str(DATA / "patterns.json"), "--json")
    assert json.loads(out)["end"]["empty_spaces"] == 5


def test_score_table_explains_each_pattern_tile(capsys):
    _, out, _ = run(capsys, "score", str(DATA / "patterns.json"))
    assert "tile 2: rotated 0°, at row 1 column 1, Seals r1c1 r1c2 r1c3 -> 10" in out
    assert "tile 3: 1 Seal counted -> 3" in out  # one Seal, not "1 Seal(s)"


def test_open_checks_the_file_before_the_app_starts(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "catan"}', encoding="utf-8")
    assert main(["open", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "not a Great Library scoresheet" in err
