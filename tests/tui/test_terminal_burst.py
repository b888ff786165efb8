"""Keys in one burst through a real terminal: tmux types a whole Setup and a Supplies
table with a single ``send-keys``, as a paste or a fast typist would, into the real
``scorepad`` command; the saved file must hold exactly what was typed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (a real terminal)")

SCOREPAD = Path(sys.executable).with_name("scorepad")


def tmux(socket: Path, *args: str) -> str:
    return subprocess.run(["tmux", "-S", str(socket), *args], capture_output=True, text=True).stdout


def wait_for(predicate, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("the terminal never got there")
        time.sleep(0.1)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_setup_and_S9_supplies_typed_in_one_send_keys_land_in_the_file(tmp_path, size):
    socket, home = tmp_path / "tmux.sock", tmp_path / "home"
    env = f"SCOREPAD_HOME={home} TERM=xterm-256color"
    tmux(socket, "new-session", "-d", "-x", str(size[0]), "-y", str(size[1]), f"env {env} {SCOREPAD}")
    try:
        wait_for(lambda: "New game" in tmux(socket, "capture-pane", "-p"))
        tmux(socket, "send-keys", "Enter", "Friday test", "Tab", "Ana", "Enter", "Ben", "Enter", "Cy", "C-s",
             "NPage", "NPage", "NPage", "NPage",  # Progress, Pinax, School, Scholars, Supplies
             "5", "Enter", "6", "Enter", "7", "Enter", "1", "2", "Tab", "3+4", "Enter", "C-q")
        wait_for(lambda: not tmux(socket, "list-sessions"))  # Ctrl+Q, the last key, quit the app
    finally:
        tmux(socket, "kill-server")
    (sheet,) = (home / "games").glob("*.json")
    saved = json.loads(sheet.read_text(encoding="utf-8"))
    assert saved["title"] == "Friday test"
    assert [p["name"] for p in saved["players"]] == ["Ana", "Ben", "Cy"]
    assert [p["supplies"]["kings_grace"] for p in saved["players"]] == [5, 6, 7]
    assert [p["supplies"]["research"] for p in saved["players"]] == [12, 7, 0]
    assert not os.path.exists(f"{sheet}.lock")


def test_a_value_typed_but_not_stored_is_kept_when_the_terminal_closes(tmp_path):
    """A value on screen is a value saved, even when the terminal window is closed on it
    (the app gets SIGHUP): typed with no Enter, it was lost. It is stored as Ctrl+Q
    stores it, and the file is closed, its lock let go."""
    socket, home = tmp_path / "tmux.sock", tmp_path / "home"
    env = f"SCOREPAD_HOME={home} TERM=xterm-256color"
    tmux(socket, "new-session", "-d", "-x", "80", "-y", "24", f"env {env} {SCOREPAD}")
    try:
        wait_for(lambda: "New game" in tmux(socket, "capture-pane", "-p"))
        tmux(socket, "send-keys", "Enter", "Hangup", "Enter", "Ana", "Enter", "Ben", "C-s",
             "NPage", "NPage", "NPage", "NPage", "5", "Enter", "6")  # Supplies: Ben's 6 not stored
        wait_for(lambda: "6▏" in tmux(socket, "capture-pane", "-p"))
        tmux(socket, "kill-server")  # the window closed: SIGHUP
        wait_for(lambda: not list((home / "games").glob("*.lock")))  # let go as it ended
    finally:
        tmux(socket, "kill-server")
    (sheet,) = (home / "games").glob("*.json")
    players = json.loads(sheet.read_text(encoding="utf-8"))["players"]
    assert [p["supplies"]["kings_grace"] for p in players] == [5, 6]


def test_the_app_runs_with_its_standard_output_sent_to_a_file(tmp_path):
    """``scorepad > file``: the app needs a terminal on stdin and stderr only (where it
    reads keys and draws), so it runs as ever, and the file stays empty."""
    socket, home, out = tmp_path / "tmux.sock", tmp_path / "home", tmp_path / "out.txt"
    env = f"SCOREPAD_HOME={home} TERM=xterm-256color"
    tmux(socket, "new-session", "-d", "-x", "80", "-y", "24", f"env {env} {SCOREPAD} > {out}")
    try:
        wait_for(lambda: "New game" in tmux(socket, "capture-pane", "-p"))
        tmux(socket, "send-keys", "C-q")
        wait_for(lambda: not tmux(socket, "list-sessions"))
    finally:
        tmux(socket, "kill-server")
    assert out.read_bytes() == b""
