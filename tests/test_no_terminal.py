"""The app started with no terminal to run in (``scorepad </dev/null``, a pipe, a cron
job, ``2>log``): it spun at 100% CPU forever, drawing escape codes on stderr (attack
run). It says so in one line, exit 2, whichever way it is started; the commands that
print go on working without one, and a headless run (tests, benchmarks) needs none."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest

from .conftest import DATA

SECONDS = 60  # a hang fails the test, never the suite (a slow machine starts the app in some)


def scorepad(*argv, **streams) -> subprocess.CompletedProcess:
    """Run the real command; its exit code, stdout and stderr (bytes, escape codes and all)."""
    options = {"stdin": subprocess.DEVNULL, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **streams}
    return subprocess.run([sys.executable, "-m", "scorepad", *map(str, argv)], timeout=SECONDS, **options)


@pytest.mark.parametrize("argv", [[], ["demo"], ["open", "g.json"], ["g.json"], ["replay", "g.json"]])
def test_the_app_with_no_terminal_on_stdin_says_so_in_one_line_exit_2(scorepad_home, tmp_path, argv):
    game = tmp_path / "g.json"
    game.write_bytes((DATA / "friday.json").read_bytes())
    done = scorepad(*(tmp_path / a if a == "g.json" else a for a in argv))
    assert done.returncode == 2 and done.stdout == b""
    (line,) = done.stderr.decode().splitlines()
    assert line.startswith("scorepad: the app needs a terminal (standard input is not one)")
    assert "scorepad score" in line
    assert game.read_bytes() == (DATA / "friday.json").read_bytes()
    assert not list(tmp_path.glob("*.lock")) and not (scorepad_home / "games").exists()


def test_the_app_with_stderr_not_a_terminal_says_so_there_exit_2(scorepad_home):
    """It draws on stderr: ``scorepad 2>log`` drew the whole screen into the log, and
    the terminal, its keys taken, showed nothing."""
    keys, terminal = pty.openpty()
    try:
        done = scorepad(stdin=terminal, stdout=terminal)
    finally:
        os.close(keys)
        os.close(terminal)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("scorepad: the app needs a terminal (standard error is not one")
    assert b"\x1b" not in done.stderr


def test_the_commands_that_print_need_no_terminal(scorepad_home):
    done = scorepad("score", DATA / "friday.json")
    assert done.returncode == 0 and b"Ana" in done.stdout and done.stderr == b""


def test_the_benchmarks_still_run_the_app_headless_with_no_terminal(scorepad_home):
    done = subprocess.run([sys.executable, "-m", "benchmarks.command", "--until", "HomeScreen", "--"],
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=SECONDS,
                          cwd=DATA.parent.parent)
    assert done.returncode == 0, done.stderr
    assert b'"frame"' in done.stdout


def test_what_opening_kept_is_said_too_when_there_is_no_terminal(scorepad_home, tmp_path):
    """The sheet is opened before the app finds no terminal: a journal set aside and our
    version kept as a copy went unsaid, and were never said again (review)."""
    import json

    from scorepad.rules.entries import SetCount
    from scorepad.storage.session import SheetSession

    from .test_journal import crash

    game = tmp_path / "g.json"
    game.write_bytes((DATA / "friday.json").read_bytes())
    session = SheetSession.open(game)
    session.apply(SetCount(player=0, field="renown", value=99))
    crash(session)
    game.write_text(json.dumps(json.loads(game.read_text()), indent=1))  # reformatted by a sync tool
    done = scorepad("open", game)
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 2 and lines[0].startswith("scorepad: the app needs a terminal")
    (copy,) = (tmp_path / "copies").glob("*.ours-*.json")
    assert len(lines) == 2 and f"kept as {copy}" in lines[1]


def test_a_rescue_copy_found_opening_the_sheet_is_said_when_there_is_no_terminal(scorepad_home, tmp_path):
    """The app asks what to do with a rescue copy newer than the sheet; with no terminal
    to ask in, where it is and how to take it back are said."""
    from scorepad.storage.session import SheetSession

    game = tmp_path / "g.json"
    game.write_bytes((DATA / "friday.json").read_bytes())
    from .test_rescue_pointer import refused_then_rescued

    rescued = refused_then_rescued(SheetSession.open(game), 70)  # the disk refused 70
    done = scorepad("open", game)
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 2 and len(lines) == 2
    assert f"holds changes the disk refused: {rescued}" in lines[1] and f"`scorepad open {game}` in a terminal" in lines[1]
