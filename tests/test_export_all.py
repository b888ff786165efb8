"""``scorepad export --all`` (and the function the History screen calls): every saved
game in one CSV or Markdown table, oldest first, a file that cannot be read reported
and left out; ``--bom``; what the export command refuses; output in UTF-8 whatever the
terminal's encoding; settings that cannot be used are said, and the export goes on."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.rules.entries import Begin
from scorepad.storage.all_games import export_all_text, saved_plays
from scorepad.storage.export_rows import CSV_FIELDS
from scorepad.storage.files import write_sheet
from scorepad.storage.paths import games_dir
from scorepad.storage.settings import export_identity, settings_path

from .conftest import DATA, make_sheet
from .test_cli_faults import run

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scorepad" / "data" / "demo.json"


@pytest.fixture
def three_games(scorepad_home) -> list[Path]:
    """Three games saved out of date order (by name), a broken file, and a BG Stats
    export an old version left among the games."""
    games_dir().mkdir(parents=True)
    made = []
    for name, started, players in [
        ("b-friday.json", "2026-11-27T19:05:00+01:00", ({"name": "Ana", "renown": 9}, {"name": "Ben", "renown": 9})),
        ("a-saturday.json", "2026-11-28T20:00:00+01:00", ({"name": "Chloé", "renown": 4, "colour": "red"},)),
        ("c-thursday.json", "2026-11-26T18:30:00+01:00", ({"name": "Ben", "renown": 2}, {"name": "Cy", "renown": 5})),
    ]:
        sheet = make_sheet(*players, title=name[2:-5].title(), played={"started": started}, location="Ana's",
                           id=f"0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1{len(made)}")
        write_sheet(games_dir() / name, sheet, (Begin(sheet=sheet),))
        made.append(games_dir() / name)
    (games_dir() / "d-broken.json").write_text('{"format": "great-library-scoresheet", "players": [{"name": 5}]}')
    (games_dir() / "e.bgstats.json").write_text('{"plays": []}')
    return made


def test_all_games_as_one_csv_a_row_per_player_per_game_oldest_first(three_games, capsys):
    code, out, err = run(capsys, "export", "--all", "--to", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and list(rows[0]) == list(CSV_FIELDS)
    assert [(r["date"], r["title"], r["player"], r["total"]) for r in rows] == [
        ("2026-11-26", "Thursday", "Cy", "5"), ("2026-11-26", "Thursday", "Ben", "2"),
        ("2026-11-27", "Friday", "Ana", "9"), ("2026-11-27", "Friday", "Ben", "9"),
        ("2026-11-28", "Saturday", "Chloé", "4")]
    assert [r["game_id"][-1] for r in rows] == ["2", "2", "0", "0", "1"]
    assert [r["winner"] for r in rows] == ["yes", "no", "yes", "yes", "yes"]  # T5: Ana and Ben share
    assert {r["location"] for r in rows} == {"Ana's"} and rows[-1]["colour"] == "red"
    # the broken sheet is said, by name, and left out; the old export passed over
    assert err.count("\n") == 1 and "d-broken.json" in err and "bgstats" not in err


def test_all_games_as_markdown_and_from_the_function_the_history_screen_calls(three_games, capsys):
    code, out, _ = run(capsys, "export", "--all", "--to", "md")
    text, problems = export_all_text("md")
    assert code == 0 and out == text and len(problems) == 1
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert lines[0] == "# The Great Library: every saved game"
    assert lines[2] == "| Date | Title | Game id | Rank | Player | Pinax | School | Scholars | Supplies | Renown | Total |"
    assert lines[4].startswith("| 2026-11-26 | Thursday | 0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b12 | 1 | **Cy** |")
    assert len(lines) == 4 + 5


def test_a_bom_for_spreadsheets_and_a_file_with_o(three_games, capsys, tmp_path):
    out = tmp_path / "all.csv"
    code, _, err = run(capsys, "export", "--all", "--to", "csv", "--bom", "-o", out)
    data = out.read_bytes()
    assert code == 0 and data.startswith(b"\xef\xbb\xbfrank,player,") and f"wrote {out}" in err
    assert data.decode("utf-8-sig") == export_all_text("csv")[0]
    assert run(capsys, "export", "--all", "--to", "csv", "-o", out)[0] == 2  # never replaced without --force
    code, _, err = run(capsys, "export", "--all", "--to", "csv", "-o", three_games[0], "--force")
    assert code == 2 and "it is in the saved games folder" in err  # a sheet there: refused before it is looked at


def test_no_saved_games_is_a_table_with_no_rows(scorepad_home, capsys):
    assert run(capsys, "export", "--all", "--to", "csv") == (0, ",".join(CSV_FIELDS) + "\n", "")
    assert saved_plays() == ([], [])


@pytest.mark.parametrize("argv, problem", [
    (["--to", "csv"], "give FILE, or --all"),
    ([DATA / "friday.json", "--all", "--to", "csv"], "give FILE, or --all"),
    (["--all", "--to", "bgstats"], "--all writes csv or md"),
    ([DATA / "friday.json", "--to", "md", "--bom"], "--bom is for csv"),
])
def test_an_export_that_asks_for_two_things_or_none_is_a_usage_error(capsys, argv, problem):
    with pytest.raises(SystemExit) as done:
        main(["export", *map(str, argv)])
    assert done.value.code == 2 and problem in capsys.readouterr().err


def scorepad_ascii(*args: str) -> subprocess.CompletedProcess:
    """The command in a terminal that knows ASCII only."""
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0"}
    return subprocess.run([sys.executable, "-m", "scorepad", *args], cwd=ROOT, capture_output=True,
                          timeout=60, env=env)


@pytest.mark.parametrize("kind", ["bgstats", "csv", "md", "bgg"])
def test_an_export_printed_to_an_ascii_terminal_is_utf8_all_the_same(kind):
    done = scorepad_ascii("export", str(DEMO), "--to", kind)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    text = done.stdout.decode("utf-8")  # strict: a single bad byte fails
    assert "Chloé" in text
    if kind == "bgstats":
        assert [p["name"] for p in json.loads(text)["players"]] == ["Ana", "Ben", "Chloé"]


def test_every_game_printed_to_an_ascii_terminal_is_utf8_too(three_games):
    done = scorepad_ascii("export", "--all", "--to", "csv")
    assert done.returncode == 0 and "Chloé" in done.stdout.decode("utf-8")


@pytest.mark.parametrize("settings, problem", [
    ({"bgg_id": "12345"}, 'Setting "bgg_id" ignored'),
    ({"bgg_id": -3}, 'Setting "bgg_id" ignored'),
    ({"bgg_id": 2.5}, 'Setting "bgg_id" ignored'),
    ({"bgg_id": True}, 'Setting "bgg_id" ignored'),
    ({"bgstats_me": 7}, 'Setting "bgstats_me" ignored'),
    ({"bgstats_me": ["Ana"]}, 'Setting "bgstats_me" ignored'),
])
def test_a_setting_that_cannot_be_used_is_said_and_left_out(settings, problem):
    identity, problems = export_identity(settings)
    assert identity == ("", 0) and len(problems) == 1 and problems[0].startswith(problem)


def test_the_export_command_says_so_and_exports_without_the_setting(scorepad_home, capsys):
    settings_path().write_text(json.dumps({"bgstats_me": "Ben", "bgg_id": "one"}), encoding="utf-8")
    code, out, err = run(capsys, "export", DATA / "friday.json", "--to", "bgstats")
    document = json.loads(out)
    assert code == 0 and 'Setting "bgg_id" ignored' in err
    assert document["games"][0]["bggId"] == 0 and document["userInfo"] == {"meRefId": 2}
    settings_path().write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, "export", DATA / "friday.json", "--to", "bgstats")
    assert code == 0 and "is not JSON" in err and "userInfo" not in json.loads(out)
    assert run(capsys, "export", DATA / "friday.json", "--to", "csv")[2] == ""  # not BG Stats: no word of it


@pytest.mark.parametrize("kind", ["csv", "md", "bgstats", "bgg"])
def test_a_game_whose_file_name_is_not_utf8_exports_as_any_other(scorepad_home, capsys, kind):
    """A file name with a byte that is not UTF-8 (Linux allows any): the play's id,
    derived from the name for a sheet without one, was a traceback for that game, and
    for every game at once with ``--all``."""
    games_dir().mkdir(parents=True)
    sheet = make_sheet({"name": "Ana", "renown": 3})
    path = games_dir() / os.fsdecode(b"odd\xffname.json")
    write_sheet(path, sheet, (Begin(sheet=sheet),))
    first = run(capsys, "export", str(path), "--to", kind)
    assert first[0] == 0 and "Ana" in first[1] and first == run(capsys, "export", str(path), "--to", kind)
    code, out, err = run(capsys, "export", "--all", "--to", "csv")
    assert code == 0 and [row["player"] for row in csv.DictReader(io.StringIO(out))] == ["Ana"] and err == ""
