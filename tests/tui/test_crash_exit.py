"""An error scorepad did not expect (a bug) never ends in a traceback on the user's
terminal: the app and the command line both say what happened in two lines, where the
details were written, and where the game is; the values typed before it are kept. And
what closing the sheet says at the end is said, however the app ends."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from scorepad.cli import main
from scorepad.storage.crash_report import EXIT_CODE, crash_folder
from scorepad.storage.files import read_sheet
from scorepad.tui.app import ScorepadApp
from scorepad.tui.launch import launch

from .helpers import goto, type_line


@pytest.fixture
def headless(monkeypatch):
    """``App.run`` made headless, driven by the test's ``steps(pilot)``."""
    steps = []
    original = App.run

    def run(self, **options):
        return original(self, headless=True, auto_pilot=steps[0])

    monkeypatch.setattr(App, "run", run)
    return steps


def boom(*_args) -> None:
    raise RuntimeError("boom \x1b[2J")  # a message that would clear the terminal, printed raw


async def type_then_crash(pilot) -> None:
    await goto(pilot, "renown")
    await type_line(pilot, "40")
    await pilot.press("f1")  # help: a bug now, and the app ends


def test_a_bug_in_the_app_says_two_lines_keeps_the_values_and_writes_its_report(
        game_path, headless, monkeypatch, capfd):
    monkeypatch.setattr(ScorepadApp, "action_help", boom)
    headless.append(type_then_crash)
    assert launch(game_path) == EXIT_CODE
    said = capfd.readouterr().err
    assert "Traceback" not in said and "\x1b" not in said
    assert said.startswith("scorepad stopped on an error it did not expect (RuntimeError: boom \\x1b[2J). "
                           "This is a bug in scorepad.\nIts details are in ")
    assert said.rstrip().endswith(f"Every value typed is kept in {game_path}.")
    [report] = crash_folder().iterdir()
    assert str(report) in said
    text = report.read_text()
    assert "doing: running the app" in text and "Traceback" in text and "in boom" in text
    assert read_sheet(game_path).sheet.players[0].renown == 40


def test_a_bug_in_a_command_says_two_lines_and_writes_its_report(game_path, monkeypatch, capsys):
    monkeypatch.setattr("scorepad.reports.score_text", boom)
    assert main(["score", str(game_path)]) == EXIT_CODE
    said = capsys.readouterr()
    assert said.out == "" and "Traceback" not in said.err
    assert said.err.startswith("scorepad stopped on an error it did not expect (RuntimeError: boom")
    [report] = crash_folder().iterdir()
    assert f"doing: scorepad score {game_path}" in report.read_text()


def test_a_report_that_cannot_be_written_is_said_and_the_bug_still_is(game_path, monkeypatch, capsys,
                                                                       scorepad_home):
    monkeypatch.setattr("scorepad.reports.score_text", boom)
    (scorepad_home / "crash-reports").write_text("a file where the folder goes")
    assert main(["score", str(game_path)]) == EXIT_CODE
    said = capsys.readouterr().err
    assert "This is a bug in scorepad.\nIts details could not be written (" in said and "Traceback" not in said


async def quit_after_the_file_is_gone(pilot) -> None:
    await goto(pilot, "renown")
    await type_line(pilot, "40")
    pilot.app.session.path.unlink()
    pilot.app.session.path.mkdir()  # a folder in its place: ours is kept beside it
    pilot.app.exit()  # not Ctrl+Q: an end that did not say where ours went


@pytest.mark.parametrize("markup", [False, True])
def test_any_end_of_the_app_says_where_ours_went(game_path, headless, capfd, markup):
    """Said as printed, never read as markup: in a folder named ``[``, the sheet's
    path holds ``[/x]``, a closing tag that stopped Textual's printing of it."""
    if markup:
        (game_path.parent / "[").mkdir()
        game_path = game_path.rename(game_path.parent / "[" / "x].json")
    headless.append(quit_after_the_file_is_gone)
    assert launch(game_path) == 0
    said = capfd.readouterr().err
    assert said.startswith("scorepad: ") and "Traceback" not in said
    assert said.startswith("scorepad: Our version is kept as ") and "was replaced by a folder" in said
    kept = Path(said.removeprefix("scorepad: Our version is kept as ").split(" (")[0])
    assert read_sheet(kept).sheet.players[0].renown == 40


class Wordless(Exception):
    def __str__(self) -> str:
        raise ValueError("no words")


def test_a_bug_whose_words_fail_too_is_still_said_and_reported(game_path, monkeypatch, capsys):
    """An error whose ``str`` raises made the report itself fail: exit 70 without a word
    (review)."""
    def wordless(*_args) -> None:
        raise Wordless()

    monkeypatch.setattr("scorepad.reports.score_text", wordless)
    assert main(["score", str(game_path)]) == EXIT_CODE
    said = capsys.readouterr().err
    assert said.startswith("scorepad stopped on an error it did not expect (Wordless). This is a bug")
    [report] = crash_folder().iterdir()
    assert "Wordless" in report.read_text()
