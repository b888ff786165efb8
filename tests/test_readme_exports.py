"""The README's export examples are what the commands print: each ``scorepad export``
block, run on tests/data/friday.json with the record of the play the README describes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.rules.entries import Begin
from scorepad.rules.play_record import Played
from scorepad.storage.files import read_sheet, write_sheet
from scorepad.storage.paths import games_dir

from .conftest import DATA

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```console\n\$ scorepad export ([^\n]*)\n(.*?)```", README, re.S)


@pytest.fixture
def friday(scorepad_home, monkeypatch) -> Path:
    """Friday at Ana's, as the README says it was played, saved as the only game."""
    sheet = read_sheet(DATA / "friday.json").sheet
    sheet = sheet.but(
        id="0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f", location="Ana's", duration_minutes=142, start_player="Ben",
        notes="first game with the new table", finished=True,
        played=Played(started="2026-11-27T19:05:00+01:00", finished="2026-11-27T21:27:00+01:00"),
        players=tuple(p.but(colour=c) for p, c in zip(sheet.players, ("red", "blue", "green"))))
    games_dir().mkdir(parents=True)
    write_sheet(games_dir() / "friday.json", sheet, (Begin(sheet=sheet),))
    monkeypatch.chdir(games_dir())
    return games_dir() / "friday.json"


def test_the_readme_shows_every_export():
    assert sorted(args.split("--to ")[1] for args, _ in EXAMPLES) == ["bgg", "csv", "md", "md"]


@pytest.mark.parametrize("args, shown", EXAMPLES, ids=[args for args, _ in EXAMPLES])
def test_each_export_example_is_what_the_command_prints(friday, capsys, args, shown):
    assert main(["export", *args.split()]) == 0
    assert capsys.readouterr().out == shown
