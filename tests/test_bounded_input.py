"""Issue 11, bounded input: huge numbers, duplicate keys, files that are not regular files,
the size cap on both read and write, and error messages of bounded length with true counts."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.rules.entries import Begin, SetCount
from scorepad.storage import document, files
from scorepad.storage.atomic import SaveError
from scorepad.storage.catalog import saved_games
from scorepad.storage.summary_reading import read_summary
from scorepad.storage.document import SheetFileError
from scorepad.storage.document_writer import dump_document
from scorepad.storage.files import read_bytes, read_sheet, write_sheet
from scorepad.storage.paths import games_dir

from .conftest import DATA, make_sheet

FRIDAY = json.loads((DATA / "friday.json").read_text(encoding="utf-8"))
HEADER = '{"format": "great-library-scoresheet", "version": 1, '


def run(capsys, *argv):
    """Run the CLI; its exit code, stdout and stderr (never a traceback)."""
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def command(*argv, timeout=10, memory=None, cwd=None):
    """The CLI as a real process, killed after ``timeout`` seconds (a hang fails the test)."""
    limit = None
    if memory:
        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    done = subprocess.run([sys.executable, "-m", "scorepad.cli", *map(str, argv)], capture_output=True,
                          text=True, timeout=timeout, preexec_fn=limit, cwd=cwd)
    assert "Traceback" not in done.stderr
    return done


def sheet_text(tmp_path, text: str, name: str = "g.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def good_game(title="Friday"):
    sheet = make_sheet({"name": "Ana", "renown": 3}, title=title)
    path = games_dir() / f"2026-11-27-{title.lower()}.json"
    write_sheet(path, sheet, (Begin(sheet=sheet),))
    return path


# Finding 4: an integer of more than 4,300 digits gave a traceback (int max str digits).

HUGE = HEADER + '"players": [{"name": "Ana", "renown": 1' + "0" * 5000 + "}]}"


def test_issue11_f4_score_of_a_huge_integer_is_a_clear_error(tmp_path, capsys):
    path = sheet_text(tmp_path, HUGE)
    code, out, err = run(capsys, "score", path)
    assert code == 2 and out == ""
    assert str(path) in err and "line 1, column" in err
    assert f"a number with more than {sys.get_int_max_str_digits()} digits" in err


def test_issue11_f4_history_lists_the_good_games_and_skips_a_huge_integer(scorepad_home, capsys):
    good_game()
    sheet_text(games_dir(), HUGE, "2026-11-28-huge.json")
    code, out, err = run(capsys, "history")
    assert code == 0 and "Friday" in out
    assert "skipped:" in err and "2026-11-28-huge.json" in err and "digits" in err


def test_issue11_f4_no_error_of_any_kind_breaks_the_listing(scorepad_home, monkeypatch):
    good = good_game("Friday")
    bad = good_game("Saturday")
    real = read_summary

    def read(path, mtime, journalled=False):
        if path == bad:
            raise RuntimeError("a bug we have not met yet")
        return real(path, mtime, journalled)

    monkeypatch.setattr("scorepad.storage.catalog.read_summary", read)
    games, problems = saved_games()
    assert [g.path for g in games] == [good]
    assert len(problems) == 1 and str(bad) in problems[0] and "a bug we have not met yet" in problems[0]


# Finding 5: duplicate JSON keys passed silently (the last one won).

@pytest.mark.parametrize("text, key", [
    (HEADER + '"title": "A", "title": "B", "players": [{"name": "Ana"}]}', "title"),
    (HEADER + '"players": [{"name": "Ana", "renown": 5, "renown": 50}]}', "renown"),
    (HEADER + '"players": [{"name": "Ana"}], "history": [{"kind": "begin", "kind": "begin",'
     ' "sheet": {"players": [{"name": "Ana"}]}}]}', "kind"),
])
def test_issue11_f5_duplicate_keys_are_refused_naming_the_key(tmp_path, capsys, text, key):
    path = sheet_text(tmp_path, text)
    code, out, err = run(capsys, "score", path)
    assert code == 2 and out == ""
    assert str(path) in err and "at line 1, column" in err and f'names the key "{key}" twice' in err


# Finding 7: a FIFO blocked forever; a symlink to /dev/zero read until MemoryError.

def test_issue11_f7_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    done = command("score", fifo)
    assert done.returncode == 2 and done.stdout == ""
    assert str(fifo) in done.stderr and "not a regular file" in done.stderr


def test_issue11_f7_a_fifo_in_games_does_not_block_history(scorepad_home):
    good_game()
    os.mkfifo(games_dir() / "2026-11-28-pipe.json")
    done = command("history")
    assert done.returncode == 0 and "Friday" in done.stdout
    assert "2026-11-28-pipe.json" in done.stderr and "not a regular file" in done.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_issue11_f7_a_symlink_to_dev_zero_is_refused_without_reading(tmp_path):
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    done = command("score", link, memory=2 * 1024**3)  # a regression dies of MemoryError, not the host
    assert done.returncode == 2 and str(link) in done.stderr and "not a regular file" in done.stderr


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_issue11_f7_a_device_is_not_a_sheet(tmp_path):
    link = tmp_path / "null.json"
    link.symlink_to("/dev/null")
    with pytest.raises(SheetFileError, match="not a regular file"):
        read_bytes(link)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_issue11_f7_a_file_that_lies_about_its_size_is_read_with_a_cap(tmp_path, monkeypatch):
    link = tmp_path / "status.json"
    link.symlink_to("/proc/self/status")  # a regular file whose size says 0, with content
    assert os.stat(link).st_size == 0
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 16)
    with pytest.raises(SheetFileError, match="too large"):
        read_bytes(link)


# Finding 8: the app wrote a file it then refused to read.

def history_of(sheet, count):
    steps = [SetCount(player=0, field="renown", value=n % 100) for n in range(count - 1)]
    return (Begin(sheet=sheet), *steps)


def test_issue11_f8_one_history_limit_for_the_reader_the_writer_and_the_schema():
    assert document.MAX_HISTORY == 100_000
    schema = document.document_schema()
    assert schema["properties"]["history"]["maxItems"] == document.MAX_HISTORY


def test_issue11_f8_write_sheet_refuses_a_sheet_over_the_size_cap(tmp_path, monkeypatch):
    sheet = make_sheet({"name": "Ana"})
    path = tmp_path / "g.json"
    write_sheet(path, sheet, history_of(sheet, 2))
    before = path.read_bytes()
    big = history_of(sheet, 40)
    size = len(dump_document(sheet, big, "2026-11-27T20:00:00+00:00"))
    monkeypatch.setattr(files, "MAX_FILE_BYTES", size - 1)
    with pytest.raises(SaveError, match="too large"):
        write_sheet(path, sheet, big)
    assert path.read_bytes() == before
    monkeypatch.setattr(files, "MAX_FILE_BYTES", size)  # exactly at the cap: written and read back
    write_sheet(path, sheet, big)
    assert len(read_sheet(path).history) == 40


def test_issue11_f8_write_sheet_refuses_a_history_the_reader_would_refuse(tmp_path, monkeypatch):
    monkeypatch.setattr(document, "MAX_HISTORY", 5)
    sheet = make_sheet({"name": "Ana"})
    path = tmp_path / "g.json"
    write_sheet(path, sheet, history_of(sheet, 5))
    assert len(read_sheet(path).history) == 5
    before = path.read_bytes()
    with pytest.raises(SaveError, match="too large"):
        write_sheet(path, sheet, history_of(sheet, 6))
    assert path.read_bytes() == before
    long = tmp_path / "long.json"
    long.write_bytes(dump_document(sheet, history_of(sheet, 6)))
    with pytest.raises(SheetFileError, match="more than 5 entries"):
        read_sheet(long)


# Finding 9: messages without a length limit, and a wrong "N more problem(s)".

def test_issue11_f9_a_10_mb_player_name_gives_a_short_message(tmp_path, capsys):
    raw = {**FRIDAY, "players": [{**FRIDAY["players"][0], "name": "A" * 10_000_000}]}
    path = sheet_text(tmp_path, json.dumps(raw))
    code, out, err = run(capsys, "score", path)
    assert code == 2 and out == ""
    assert len(err) < 360 and str(path) in err and "players[0]" in err and "…" in err


def test_a_file_with_too_many_players_says_so_in_plain_words(tmp_path, capsys):
    """pydantic's own words named a Python type and its validation steps."""
    raw = {**FRIDAY, "players": [{"name": f"P{n}"} for n in range(200_000)]}
    code, _, err = run(capsys, "score", sheet_text(tmp_path, json.dumps(raw)))
    assert code == 2 and "players: should have at most 4 items, not 200000" in err
    assert "Tuple" not in err and "validation" not in err
    raw = {**FRIDAY, "players": []}
    code, _, err = run(capsys, "score", sheet_text(tmp_path, json.dumps(raw), "none.json"))
    assert code == 2 and "players: should have at least 1 item, not 0" in err


@pytest.mark.parametrize("text", [
    HEADER + '"players": [{"name": "Ana"}], "history": [{"kind": "' + "k" * 100_000 + '"}]}',
    HEADER + '"players": [{"name": "Ana", "' + "r" * 100_000 + '": 1, "' + "r" * 100_000 + '": 2}]}',
    HEADER + '"players": [{"name": "Ana", "renown": "' + "7" * 100_000 + '"}]}',
])
def test_issue11_f9_every_message_is_capped_and_keeps_file_and_place(tmp_path, capsys, text):
    path = sheet_text(tmp_path, text)
    code, _, err = run(capsys, "score", path)
    assert code == 2 and len(err) < 360 and str(path) in err


def test_issue11_f9_a_long_path_keeps_the_file_name(tmp_path):
    err = SheetFileError("/" + "d" * 400 + "/friday.json", "players[0]", "x" * 1000)
    assert len(str(err)) <= 300 and "friday.json at players[0]: xxx" in str(err)


def test_issue11_f9_one_bad_value_is_one_problem(tmp_path, capsys):
    raw = {**FRIDAY, "players": [{**FRIDAY["players"][0], "renown": "x"}]}
    code, _, err = run(capsys, "score", sheet_text(tmp_path, json.dumps(raw)))
    assert code == 2 and "players[0] (Ana).renown" in err and "more problem" not in err


def test_issue11_f9_one_bad_history_entry_of_a_union_type_is_one_problem(tmp_path, capsys):
    tile = {"kind": "put_pinax", "player": 0, "tile": {"seals": 9}}
    begin = {key: value for key, value in FRIDAY.items() if key not in ("format", "version")}
    raw = {**FRIDAY, "history": [{"kind": "begin", "sheet": begin},
                                 {"kind": "put_cards", "entries": [tile, {**tile, "tile": {"seals": 2}}]}]}
    code, _, err = run(capsys, "score", sheet_text(tmp_path, json.dumps(raw)))
    assert code == 2 and "history[1].entries[0].tile.seals" in err and "more problem" not in err


@pytest.mark.parametrize("bad, words", [(2, "; 1 more problem after this one"),
                                        (3, "; 2 more problems after this one")])
def test_issue11_f9_further_problems_are_counted_right(tmp_path, capsys, bad, words):
    players = [{**p, "renown": "x"} for p in FRIDAY["players"][:bad]] + FRIDAY["players"][bad:]
    code, _, err = run(capsys, "score", sheet_text(tmp_path, json.dumps({**FRIDAY, "players": players})))
    assert code == 2 and err.rstrip().endswith(words)
