"""Issue 11, through the real command line: exports that never replace a sheet, app exports
kept out of the games folder, a SCOREPAD_HOME that is a file, any ``saved`` text in a BG
Stats export, and a history that replays to an invalid sheet. No traceback reaches the user."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorepad.cli import main
from scorepad.rules.entries import Begin
from scorepad.storage.bgstats import to_bgstats
from scorepad.storage.catalog import saved_games
from scorepad.storage.export_rows import Play
from scorepad.storage.files import read_sheet, write_sheet
from scorepad.storage import paths
from scorepad.storage.paths import games_dir

from .tui.conftest import running
from .conftest import DATA, make_sheet

FRIDAY = (DATA / "friday.json").read_bytes()


def run(capsys, *argv):
    """Run the CLI; its exit code, stdout and stderr (never a traceback)."""
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "g.json"
    path.write_bytes(FRIDAY)
    return path


# Finding 1: `export g.json --to csv -o g.json` replaced the sheet with CSV and exited 0.

@pytest.mark.parametrize("force", [[], ["--force"]])
def test_issue11_f1_export_never_writes_over_the_sheet_it_reads(game, capsys, force):
    code, out, err = run(capsys, "export", game, "--to", "csv", "-o", game, *force)
    assert code == 2 and out == ""
    assert str(game) in err and "the sheet being exported" in err
    assert game.read_bytes() == FRIDAY


def test_issue11_f1_export_refuses_the_sheet_under_another_name(game, tmp_path, capsys):
    alias = tmp_path / "alias.json"
    alias.symlink_to(game)
    code, _, err = run(capsys, "export", game, "--to", "md", "-o", alias, "--force")
    assert code == 2 and "the sheet being exported" in err
    assert game.read_bytes() == FRIDAY and alias.is_symlink()


def test_issue11_f1_export_never_writes_over_another_scoresheet_even_with_force(game, tmp_path, capsys):
    other = tmp_path / "other.json"
    other.write_bytes(FRIDAY.replace(b"Friday", b"Saturday"))
    before = other.read_bytes()
    code, _, err = run(capsys, "export", game, "--to", "bgstats", "-o", other, "--force")
    assert code == 2 and str(other) in err and "is a scoresheet" in err
    assert other.read_bytes() == before


def test_issue11_f1_export_replaces_a_file_only_with_force(game, tmp_path, capsys):
    target = tmp_path / "g.csv"
    target.write_bytes(b"an older export\n")
    code, _, err = run(capsys, "export", game, "--to", "csv", "-o", target)
    assert code == 2 and str(target) in err and "--force" in err
    assert target.read_bytes() == b"an older export\n"
    code, _, err = run(capsys, "export", game, "--to", "csv", "-o", target, "--force")
    assert code == 0 and target.read_text(encoding="utf-8").startswith("rank,player,")


def test_issue11_f1_export_refuses_a_folder(game, tmp_path, capsys):
    folder = tmp_path / "out"
    folder.mkdir()
    code, _, err = run(capsys, "export", game, "--to", "csv", "-o", folder, "--force")
    assert code == 2 and str(folder) in err and "folder" in err
    assert list(folder.iterdir()) == []


def test_issue11_f1_export_writes_a_new_file_and_help_names_force(game, tmp_path, capsys):
    target = tmp_path / "g.md"
    assert run(capsys, "export", game, "--to", "md", "-o", target)[0] == 0
    assert target.read_text(encoding="utf-8").startswith("# Friday at Ana's")
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    assert re.search(r"--force\s+\S", capsys.readouterr().out)


# Attack run: ``-o`` wrote through a dangling link, making the folders it named, and made
# a missing folder (``-o /nonexistent/x.csv``).

@pytest.mark.parametrize("force", [[], ["--force"]])
def test_export_o_never_writes_through_a_dangling_link_nor_makes_its_folders(game, tmp_path, capsys, force):
    planted = tmp_path / "elsewhere" / "deep" / "er" / "planted.sh"
    out = tmp_path / "out.csv"
    out.symlink_to(planted)
    code, stdout, err = run(capsys, "export", game, "--to", "csv", "-o", out, *force)
    assert (code, stdout) == (2, "")
    assert err == (f"scorepad: cannot write {out}: it is a link (to {planted}); scorepad never writes "
                   "through a link: choose another name\n")
    assert not (tmp_path / "elsewhere").exists() and out.is_symlink()


def test_export_o_never_replaces_a_file_through_a_link_even_with_force(game, tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out.csv"
    out.symlink_to(victim)
    code, _, err = run(capsys, "export", game, "--to", "csv", "-o", out, "--force")
    assert code == 2 and f"cannot write {out}: it is a link (to {victim})" in err
    assert victim.read_text() == "precious" and out.is_symlink()


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_export_o_into_a_missing_folder_is_refused_and_the_folder_never_made(game, tmp_path, capsys, force):
    out = tmp_path / "nonexistent" / "x.csv"
    code, _, err = run(capsys, "export", game, "--to", "csv", "-o", out, *force)
    assert code == 2 and err == f"scorepad: cannot write {out}: no such folder: {out.parent}\n"
    assert not out.parent.exists()


def test_the_app_export_bar_still_makes_its_own_exports_folder(scorepad_home, game):
    from scorepad.storage.paths import exports_dir

    assert not exports_dir().exists()
    notes = results_export(game, "csv")
    assert [p.name for p in exports_dir().iterdir()] == ["g.csv"] and len(notes) == 1


# Finding 2: app exports landed beside the sheet (in games/, or in the installed package).

def results_export(path: Path, kind: str) -> list[str]:
    """Run the Results screen's export on a stub screen; the notes it showed."""
    from scorepad.tui.screens.results import ResultsScreen

    notes: list[str] = []
    loaded = read_sheet(path)
    live = SimpleNamespace(path=path, sheet=loaded.sheet, history=loaded.history)  # what export reads of a LiveSheet
    screen = SimpleNamespace(live=live, notify=lambda message, **_: notes.append(message))
    ResultsScreen.export(screen, kind)
    return notes


def test_issue11_f2_exports_dir_is_beside_games_under_scorepad_home(scorepad_home):
    assert paths.exports_dir() == scorepad_home / "exports"


def test_issue11_f2_app_export_of_the_demo_goes_to_exports_never_into_the_package(scorepad_home):
    import scorepad

    demo = Path(scorepad.__file__).parent / "data" / "demo.json"
    package = sorted(demo.parent.iterdir())
    notes = results_export(demo, "csv") + results_export(demo, "csv") + results_export(demo, "bgstats")
    assert sorted(p.name for p in paths.exports_dir().iterdir()) == ["demo-2.csv", "demo.bgsplay", "demo.csv"]
    assert sorted(demo.parent.iterdir()) == package
    assert all(str(paths.exports_dir()) in note for note in notes)


def test_issue11_f2_app_export_never_lands_in_games_nor_replaces_an_export(scorepad_home):
    sheet = make_sheet({"name": "Ana", "renown": 3})
    path = games_dir() / "2026-11-27-friday.json"
    write_sheet(path, sheet, (Begin(sheet=sheet),))
    paths.exports_dir().mkdir()
    (paths.exports_dir() / "2026-11-27-friday.md").write_bytes(b"mine")
    results_export(path, "md")
    assert sorted(p.name for p in games_dir().iterdir()) == ["2026-11-27-friday.json"]
    assert (paths.exports_dir() / "2026-11-27-friday.md").read_bytes() == b"mine"
    assert (paths.exports_dir() / "2026-11-27-friday-2.md").read_text(encoding="utf-8").startswith("# ")
    assert [game.path for game in saved_games()[0]] == [path]


def test_issue14_app_bgstats_export_uses_the_settings_and_says_what_it_left_out(scorepad_home):
    from scorepad.storage.settings import settings_path

    settings_path().write_text(json.dumps({"bgstats_me": "Ben", "bgg_id": -1}), encoding="utf-8")
    notes = results_export(DATA / "friday.json", "bgstats")
    assert len(notes) == 2 and notes[0].startswith('Setting "bgg_id" ignored') and "friday.bgsplay" in notes[1]
    document = json.loads((paths.exports_dir() / "friday.bgsplay").read_text(encoding="utf-8"))
    assert document["userInfo"] == {"meRefId": 2} and document["games"][0]["bggId"] == 0


async def test_issue11_f2_the_demo_export_bar_writes_to_the_exports_folder(scorepad_home):
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.game_opener import DEMO

    from .tui.helpers import tab_to

    package = sorted(DEMO.parent.iterdir())
    app = ScorepadApp(demo=True)
    async with running(app) as pilot:
        await tab_to(pilot, "exports")
        await pilot.press("enter", "enter")  # CSV twice: the second finds the first in place
        await pilot.pause()
    assert sorted(p.name for p in paths.exports_dir().iterdir()) == ["demo-2.csv", "demo.csv"]
    assert sorted(DEMO.parent.iterdir()) == package and not games_dir().exists()


def test_issue11_f2_app_export_failure_is_a_note_not_a_crash(scorepad_home, tmp_path, monkeypatch):
    blocked = tmp_path / "home-file"
    blocked.write_text("x")
    monkeypatch.setenv("SCOREPAD_HOME", str(blocked))
    notes = results_export(DATA / "friday.json", "csv")
    assert len(notes) == 1 and "not a folder" in notes[0]


def test_issue11_f2_old_exports_in_games_are_skipped_but_a_broken_sheet_is_reported(scorepad_home, capsys):
    sheet = make_sheet({"name": "Ana", "renown": 3}, title="Friday")
    good = games_dir() / "2026-11-27-friday.json"
    write_sheet(good, sheet, (Begin(sheet=sheet),))
    # as versions before .bgsplay named their BG Stats exports, and put them beside the sheet
    old_export = to_bgstats(Play(sheet, "0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f"))
    (games_dir() / "2026-11-27-friday.bgstats.json").write_text(old_export, encoding="utf-8")
    broken = games_dir() / "2026-11-28-broken.json"
    broken.write_text(json.dumps({"format": "great-library-scoresheet", "players": [{"name": 5}]}))
    games, problems = saved_games()
    assert [g.path for g in games] == [good]
    assert len(problems) == 1 and str(broken) in problems[0]
    code, out, err = run(capsys, "history")
    assert code == 0 and "Friday" in out
    assert "broken.json" in err and "bgstats" not in err


# Finding 3: SCOREPAD_HOME naming a file.

@pytest.fixture
def home_is_a_file(tmp_path, monkeypatch) -> Path:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x")
    monkeypatch.setenv("SCOREPAD_HOME", str(blocked))
    return blocked


@pytest.fixture
def no_app(monkeypatch) -> list:
    """The app is never started: a regression fails instead of taking the terminal."""
    started: list = []
    monkeypatch.setattr("scorepad.tui.launch.launch", lambda **kw: started.append(kw) or 0)
    return started


def test_issue11_f3_history_with_home_a_file_says_so_exit_2(home_is_a_file, capsys):
    code, out, err = run(capsys, "history")
    assert code == 2 and out == ""
    assert "SCOREPAD_HOME" in err and str(home_is_a_file) in err and "not a folder" in err


def test_issue11_f3_games_folder_a_file_is_said_too(scorepad_home, capsys):
    (scorepad_home / "games").write_text("x")
    code, _, err = run(capsys, "history")
    assert code == 2 and str(scorepad_home / "games") in err and "not a folder" in err
    assert saved_games()[1] and "not a folder" in saved_games()[1][0]


@pytest.mark.parametrize("argv", [[], ["demo"], ["open", DATA / "friday.json"], ["replay", DATA / "friday.json"]])
def test_issue11_f3_app_commands_with_home_a_file_exit_2_before_the_app(home_is_a_file, no_app, capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and no_app == [] and "SCOREPAD_HOME" in err and "not a folder" in err


@pytest.mark.parametrize("argv", [["score", DATA / "friday.json", "--json"], ["schema"],
                                  ["replay", DATA / "friday.json", "--print"],
                                  ["export", DATA / "friday.json", "--to", "bgg"]])
def test_issue11_f3_commands_that_need_no_home_still_work(home_is_a_file, capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0 and out and err == ""


# Finding 6: `export --to bgstats` crashed on a `saved` value that is not a date.

@pytest.mark.parametrize("saved", ["not a date", "2026-13-45", "", "2026-11-27", "x" * 10_000,
                                   "2026-11-27T20:00:00+01:00"])
def test_issue11_f6_bgstats_export_takes_any_saved_text(tmp_path, capsys, saved):
    raw = json.loads(FRIDAY)
    raw["saved"] = saved
    path = tmp_path / "g.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    code, out, _ = run(capsys, "export", path, "--to", "bgstats")
    assert code == 0
    play = json.loads(out)["plays"][0]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    if saved.startswith("2026-11-27"):
        assert play["playDate"].startswith("2026-11-27")


# Finding 10: a history that replays to an invalid sheet (two players named "ana").

def invalid_history(tmp_path) -> Path:
    """A valid saved state whose history adds a second "ana": the last step cannot apply."""
    path = tmp_path / "two-anas.json"
    path.write_text(json.dumps({
        "format": "great-library-scoresheet", "version": 1,
        "players": [{"name": "Ana", "renown": 5}, {"name": "Ben", "renown": 7}],
        "history": [{"kind": "begin", "sheet": {"players": [{"name": "Ana"}, {"name": "Ben"}]}},
                    {"kind": "set_count", "player": 0, "field": "renown", "value": 5},
                    {"kind": "rename_player", "player": 1, "name": "ana"}],
    }), encoding="utf-8")
    return path


def test_issue11_f10_score_reads_the_saved_state_of_a_history_that_does_not_replay(tmp_path, capsys):
    code, out, err = run(capsys, "score", invalid_history(tmp_path), "--json")
    assert code == 0 and err == ""
    assert {p["name"]: p["total"] for p in json.loads(out)["players"]} == {"Ana": 5, "Ben": 7}


def test_issue11_f10_replay_print_names_the_step_that_does_not_apply(tmp_path, capsys):
    path = invalid_history(tmp_path)
    code, out, err = run(capsys, "replay", path, "--print")
    assert code == 2 and out == ""
    assert str(path) in err and "step 3 (rename_player)" in err and 'two players are named "ana"' in err


# -- what a crash left in the journal ------------------------------------------------------


@pytest.mark.parametrize("command", [["score", "--json"], ["export", "--to", "csv"], ["replay", "--print"]])
def test_the_commands_count_the_changes_a_crash_left_in_the_journal(capsys, command):
    """Values typed and shown, then the app killed before the background save: the file
    is behind, the journal beside it holds them. The commands read the sheet as the app
    would open it, say so on stderr, and change neither file."""
    from .test_journal import crash, new_session, renown

    session = new_session()
    session.apply(renown(12))
    session.apply(renown(7, player=1))
    crash(session)
    journal = session.journal.path
    files = (session.path.read_bytes(), journal.read_bytes())
    assert read_sheet(session.path).sheet.players[0].renown == 0  # the file alone is behind
    code, out, err = run(capsys, command[0], str(session.path), *command[1:])
    assert code == 0, err
    assert f"{session.path.name}: 2 changes typed since its last save are in its journal" in err
    assert "(scorepad saves them into the file once it opens it)" in err
    if command[0] == "score":
        players = {p["name"]: p["renown"] for p in json.loads(out)["players"]}
        assert players == {"Ana": 12, "Ben": 7}
    elif command[0] == "export":
        import csv
        import io

        assert {row["player"]: row["renown"] for row in csv.DictReader(io.StringIO(out))} == {"Ana": "12", "Ben": "7"}
    else:
        assert out.splitlines()[-1].strip() == "-> Ana 12  Ben 7"
    assert (session.path.read_bytes(), journal.read_bytes()) == files


def test_the_saved_games_list_counts_the_changes_in_a_journal_and_never_indexes_them(capsys):
    """Values typed and shown, the file not yet rewritten (the app open on it, or killed
    before its background save): Home's Open list and ``scorepad history`` showed the
    file's older totals. They read the game as the app would open it, every time: the
    journal changes while the file's stat stays."""
    from scorepad.storage.catalog import saved_games

    from .test_journal import crash, new_session, renown

    session = new_session()
    session.apply(renown(12))
    crash(session)
    files = (session.path.read_bytes(), session.journal.path.read_bytes())
    for _ in range(2):  # the second listing from the index: the journal still counted
        (game,), problems = saved_games()
        assert {p.name: p.total for p in game.players} == {"Ana": 12, "Ben": 0} and problems == []
    session.apply(renown(15))  # more typed: the file's stat as it was
    (game,), _ = saved_games()
    assert game.players[0].total == 15
    code, out, _ = run(capsys, "history")
    assert code == 0 and "Ana 15" in out
    assert session.path.read_bytes() == files[0]


@pytest.mark.parametrize("link", [os.link, os.symlink])
def test_a_journalled_game_with_a_second_name_is_listed_once_with_its_journal(link):
    """A game listed once under two names (a link beside it) was listed by the name
    sorted first: a hard link's name had no journal beside it, and the values only in the
    journal were gone from History and Statistics (review)."""
    from scorepad.storage.catalog import saved_games

    from .test_journal import crash, new_session, renown

    session = new_session()
    session.apply(renown(12))
    crash(session)
    link(session.path, session.path.with_name("0-" + session.path.name))  # sorted first
    for _ in range(2):
        games, problems = saved_games()
        assert [({p.name: p.total for p in g.players}, g.path.name) for g in games] == [
            ({"Ana": 12, "Ben": 0}, session.path.name)] and problems == []


def test_the_commands_read_the_file_alone_when_its_journal_is_of_another_version(capsys, tmp_path):
    """A journal whose base is not this file (a copy, or the file saved by someone else
    since) adds nothing: the file is scored as it is, and the values the journal holds
    are said to be there, not counted (they were out of reach and unsaid: an attacker's run)."""
    from .test_journal import crash, new_session, renown

    session = new_session()
    session.apply(renown(12))
    crash(session)
    write_sheet(session.path, make_sheet({"name": "Ana", "renown": 3}, {"name": "Ben"}), ())
    code, out, err = run(capsys, "score", "--json", str(session.path))
    assert code == 0 and "holds values typed into another version of it" in err and "not counted" in err
    assert {p["name"]: p["renown"] for p in json.loads(out)["players"]} == {"Ana": 3, "Ben": 0}


def test_a_file_name_a_terminal_would_act_on_is_shown_escaped_never_obeyed(scorepad_home, capsys):
    """A file in the games folder named with an escape sequence (any byte but / is
    allowed in a name): the message naming it cleared the terminal that printed it."""
    from scorepad.storage.paths import games_dir

    games_dir().mkdir(parents=True)
    (games_dir() / "\x1b[2J\x1b]0;PWNED\x07.json").write_text("{")
    code, out, err = run(capsys, "history")
    assert code == 0 and "\x1b" not in out + err and "\x07" not in out + err
    assert "\\x1b[2J\\x1b]0;PWNED\\x07.json" in err
    code, out, err = run(capsys, "score", str(games_dir() / "\x1b[2J\x1b]0;PWNED\x07.json"))
    assert code == 2 and "\x1b" not in out + err and "\\x1b[2J" in err


def test_a_game_whose_file_name_a_terminal_would_act_on_is_listed_escaped(scorepad_home, capsys):
    from scorepad.storage.paths import games_dir

    from .conftest import make_sheet

    games_dir().mkdir(parents=True)
    sheet = make_sheet({"name": "Ana", "renown": 3})
    write_sheet(games_dir() / "\x1b[2Jgame.json", sheet, (Begin(sheet=sheet),))
    code, out, err = run(capsys, "history")
    assert code == 0 and "\x1b" not in out + err and "[\\x1b[2Jgame.json]" in out


@pytest.mark.parametrize("closed", ["stdout", "stderr"])
def test_a_closed_standard_stream_gets_no_traceback_and_the_exit_code_says_what_happened(game, closed):
    """``scorepad score g.json >&-`` ended in a traceback (Python starts with that stream
    None), and ``2>&-`` printed the error on stdout, where `score` prints nothing on a bad
    file (attack run)."""
    import subprocess
    import sys

    shut = ">&-" if closed == "stdout" else "2>&-"
    if closed == "stdout":  # argparse's own printing too
        for asked in ("--version", "score -h"):
            done = subprocess.run(["/bin/sh", "-c", f'exec "$0" -m scorepad {asked} >&-', sys.executable],
                                  capture_output=True, text=True)
            assert done.returncode == 1 and "standard output is closed" in done.stderr
    for sheet, code in ((str(game), 0), ("/no/such.json", 2)):
        done = subprocess.run(["/bin/sh", "-c", f'exec "$0" -m scorepad score "$1" {shut}', sys.executable, sheet],
                              capture_output=True, text=True)
        assert "Traceback" not in done.stdout + done.stderr
        if closed == "stdout":  # nowhere to print the standings: said, exit 1; a bad file is still 2
            assert done.returncode == (1 if code == 0 else 2)
            assert "standard output is closed" in done.stderr if code == 0 else "no such file" in done.stderr
        else:
            assert done.returncode == code and (done.stdout == "" if code else "Ana" in done.stdout)


@pytest.mark.parametrize("name", [".", "/", ""])
@pytest.mark.parametrize("command", [("score",), ("score", "--json"), ("export", "--to", "csv"), ("replay", "--print")])
def test_a_folder_with_no_name_given_as_the_sheet_is_said_not_a_crash(capsys, scorepad_home, name, command):
    """Attack run: ``score .``, ``score /`` and ``score ''`` stopped on an unexpected
    error (exit 70, a crash report): looking for the journal of a name-less path."""
    code, out, err = run(capsys, command[0], name, *command[1:])
    assert code == 2 and out == "" and err.count("\n") == 1 and "is a folder, not a scoresheet file" in err
    assert not (scorepad_home / "crash-reports").exists()
