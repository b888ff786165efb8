"""Where a copy of a version nobody chose to lose goes, under which name, and where an
export may not be written, each refusal word for word."""

from __future__ import annotations

import os
import re
from datetime import datetime

import pytest

from scorepad.storage import copies
from scorepad.storage.atomic import SaveError
from scorepad.storage.copies import keep_copy, rescue_dir
from scorepad.storage.exports import check_export_target

from .conftest import DATA

STAMP = r"\d{8}-\d{6}"


class FixedClock(datetime):
    @classmethod
    def now(cls, tz=None):
        return datetime(2026, 11, 27, 21, 40, 5)


def test_a_copy_goes_beside_the_sheet_under_copies_named_for_the_sheet_and_what_it_is(tmp_path, monkeypatch):
    sheet = tmp_path / "friday.json"
    assert re.fullmatch(rf"friday\.theirs-{STAMP}\.json", keep_copy(b"x", sheet, "theirs").name)
    monkeypatch.setattr(copies, "datetime", FixedClock)
    first = keep_copy(b"theirs 1", sheet, "theirs")
    second = keep_copy(b"theirs 2", sheet, "theirs")  # the same second: the next free name
    assert first == tmp_path / "copies" / "friday.theirs-20261127-214005.json"
    assert second == tmp_path / "copies" / "friday.theirs-20261127-214005-2.json"
    assert first.read_bytes() == b"theirs 1" and second.read_bytes() == b"theirs 2"


def test_a_rescue_copy_goes_to_the_rescue_folder_first_when_asked(tmp_path):
    kept = keep_copy(b"ours", tmp_path / "friday.json", "rescued", rescue_first=True)
    assert kept.parent == rescue_dir() and kept.name.startswith("friday.rescued-") and kept.read_bytes() == b"ours"


def test_a_sheet_folder_that_takes_no_copy_sends_it_to_the_rescue_folder(tmp_path):
    blocked = tmp_path / "games"
    blocked.mkdir()
    (blocked / "copies").write_text("a file where the folder would be")
    kept = keep_copy(b"x", blocked / "friday.json", "theirs")
    assert kept.parent == rescue_dir()


def test_with_nowhere_to_write_the_copy_says_why_for_each_place(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path / "home-file"))
    (tmp_path / "home-file").write_text("not a folder")
    (tmp_path / "copies").write_text("not a folder either")
    with pytest.raises(SaveError) as refused:
        keep_copy(b"x", tmp_path / "friday.json", "theirs")
    assert str(refused.value).count("cannot") == 2 and "; " in str(refused.value)


def test_an_export_target_that_is_free_may_be_written_and_an_existing_one_needs_force(tmp_path):
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    out = tmp_path / "out.csv"
    assert check_export_target(out, sheet, force=False) is False  # nothing there
    out.write_text("old")
    with pytest.raises(SaveError) as refused:
        check_export_target(out, sheet, force=False)
    assert str(refused.value) == (f"cannot write {out}: a file of that name exists (it is left as it was); "
                                  "add --force to replace it")
    assert check_export_target(out, sheet, force=True) is True


@pytest.mark.parametrize("make, words", [
    (lambda p: p.mkdir(), "it is a folder; give a file name, as {out}/game.csv"),
    (lambda p: os.mkfifo(p), "it is not a plain file (to print the export, leave out -o)"),
    (lambda p: p.write_bytes((DATA / "golden-v1.json").read_bytes()),
     "it is a scoresheet, and an export never replaces one; choose another name"),
])
def test_an_export_never_goes_over_a_folder_a_pipe_or_a_scoresheet_even_with_force(tmp_path, make, words):
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    out = tmp_path / "out.csv"
    make(out)
    with pytest.raises(SaveError) as refused:
        check_export_target(out, sheet, force=True)
    assert str(refused.value) == f"cannot write {out}: " + words.format(out=out)


@pytest.mark.parametrize("damage", [
    lambda data: data[:300],  # cut short: a crash, a sync tool
    lambda data: data.replace("Chloé".encode(), "Chlo\xe9".encode("latin-1")),  # a byte gone wrong
    lambda data: data.replace(b'"players"', b'"players"  "x"'),  # JSON broken by a hand edit
])
def test_an_export_never_replaces_a_damaged_scoresheet_even_with_force(tmp_path, damage):
    """A sheet that no longer reads is the file someone will want to mend: ``--force``
    replaced it with the CSV (attack run), as only a sheet that read was refused."""
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    out = tmp_path / "damaged.json"
    out.write_bytes(damage((DATA / "friday.json").read_bytes()))
    before = out.read_bytes()
    with pytest.raises(SaveError) as refused:
        check_export_target(out, sheet, force=True)
    assert str(refused.value) == (f"cannot write {out}: it looks like a scoresheet or a journal of one, damaged "
                                  "or not (it may hold a game), and an export never replaces one; choose another name")
    assert out.read_bytes() == before


def test_an_export_never_replaces_a_journal_set_aside_even_with_force(tmp_path):
    """A journal set aside holds values typed and not saved; its name is no sheet's journal
    (``.game.json.journal-20261202-131000.set-aside``), so only what is in it tells."""
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    from scorepad.storage.journal import line

    out = tmp_path / ".game.json.journal-20261202-131000.set-aside"
    out.write_bytes(line({"journal": 1, "base": "0" * 64}) + line({"keep": 0}))  # as a journal is written
    with pytest.raises(SaveError) as refused:
        check_export_target(out, sheet, force=True)
    assert "it looks like a scoresheet or a journal of one" in str(refused.value)


@pytest.mark.parametrize("text", [
    '{"notes": "' + "x" * 70_000 + '", "format": "great-library-scoresheet"',  # named past its first 64 KiB
    'title,format\nFriday,"great-library-scoresheet"\n',  # not a JSON object: a user's CSV
    '# Notes\n\n"format": "great-library-scoresheet" is what a sheet says first\n',
])
def test_a_file_that_only_quotes_the_format_may_be_replaced(tmp_path, text):
    """A user's notes or CSV quoting the format's name, or a damaged JSON file that names
    it only far on (scorepad writes it first), is not taken for a file holding a game."""
    out = tmp_path / "notes.txt"
    out.write_text(text)
    assert check_export_target(out, None, force=True) is True


def test_an_export_never_replaces_the_sheet_it_exports(tmp_path):
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    with pytest.raises(SaveError) as refused:
        check_export_target(sheet, sheet, force=True)
    assert str(refused.value) == (f"cannot write {sheet}: it is the sheet being exported; "
                                  "an export never replaces a scoresheet")


def test_an_export_target_that_cannot_be_looked_at_says_so(tmp_path):
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    out = tmp_path / ("x" * 300)
    with pytest.raises(SaveError) as refused:
        check_export_target(out, sheet, force=True)
    assert str(refused.value) == f"cannot write {out}: File name too long"


def test_an_export_never_goes_into_the_saved_games_folder_where_home_would_list_it(scorepad_home):
    """DESIGN: exports never land where Home looks for games. ``-o games/new.json`` wrote
    a CSV there, which `history` then listed as a file it skipped (attack run)."""
    from scorepad.storage.paths import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    for out in (games_dir() / "new.json", games_dir() / "friday.csv"):
        with pytest.raises(SaveError) as refused:
            check_export_target(out, None, force=True)
        assert str(refused.value) == (f"cannot write {out}: it is in the saved games folder, where Home lists "
                                      "games; choose another folder")
    assert check_export_target(scorepad_home / "friday.csv", None, force=False) is False


@pytest.mark.parametrize("name", [".game.json.journal", "game.json.lock"])
def test_an_export_never_replaces_a_sheets_journal_or_lock_even_with_force(tmp_path, name):
    """``--force`` replaced a sheet's journal, which may hold values not yet saved in it."""
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    out = tmp_path / name
    out.write_text("values not saved yet")
    with pytest.raises(SaveError) as refused:
        check_export_target(out, None, force=True)
    assert str(refused.value) == f"cannot write {out}: it belongs to the scoresheet {sheet.name}; choose another name"
    assert out.read_text() == "values not saved yet"


def test_an_export_through_a_link_into_the_saved_games_folder_is_refused(scorepad_home, tmp_path):
    """``-o link.csv``, a link to a file in the games folder: the write follows the link."""
    from scorepad.storage.paths import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    inside = games_dir() / "friday.csv"
    inside.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(inside)
    with pytest.raises(SaveError) as refused:
        check_export_target(link, None, force=True)
    assert str(refused.value) == (f"cannot write {link}: it is in the saved games folder, where Home lists "
                                  "games; choose another folder")
    assert inside.read_text() == "old"


def test_an_export_through_a_link_to_a_sheets_journal_is_refused(tmp_path):
    sheet = tmp_path / "game.json"
    sheet.write_bytes((DATA / "friday.json").read_bytes())
    journal = tmp_path / ".game.json.journal"
    journal.write_text("values not saved yet")
    link = tmp_path / "out" / "link.csv"
    link.parent.mkdir()
    link.symlink_to(journal)
    with pytest.raises(SaveError) as refused:
        check_export_target(link, None, force=True)
    assert str(refused.value) == f"cannot write {link}: it belongs to the scoresheet game.json; choose another name"


@pytest.mark.parametrize("name", [".game.json.journal", "game.json.lock"])
def test_the_journal_of_a_sheet_whose_file_is_gone_is_still_not_an_export_target(tmp_path, name):
    """Its journal may hold the only copy of the game (the file deleted while it was open)."""
    (tmp_path / ".game.json.journal").write_text("the only copy of the game")
    out = tmp_path / name
    with pytest.raises(SaveError) as refused:
        check_export_target(out, None, force=True)
    assert str(refused.value) == f"cannot write {out}: it belongs to the scoresheet game.json; choose another name"
    assert (tmp_path / ".game.json.journal").read_text() == "the only copy of the game"


def test_a_journal_like_name_with_no_sheet_and_no_journal_is_free(tmp_path):
    assert check_export_target(tmp_path / "game.json.lock", None, force=False) is False


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("points_at", ["gone/deep/planted.sh", "victim.txt"])
def test_an_export_target_that_is_a_link_is_refused_dangling_or_not(tmp_path, force, points_at):
    """Attack run: ``-o`` wrote through a dangling link (and made its folders)."""
    (tmp_path / "victim.txt").write_text("precious")
    out = tmp_path / "out.csv"
    out.symlink_to(tmp_path / points_at)
    with pytest.raises(SaveError) as refused:
        check_export_target(out, None, force=force)
    assert str(refused.value) == (f"cannot write {out}: it is a link (to {tmp_path / points_at}); scorepad "
                                  "never writes through a link: choose another name")
    assert not (tmp_path / "gone").exists() and (tmp_path / "victim.txt").read_text() == "precious"


def test_an_export_target_in_a_missing_folder_is_refused(tmp_path):
    out = tmp_path / "missing" / "x.csv"
    with pytest.raises(SaveError) as refused:
        check_export_target(out, None, force=True)
    assert str(refused.value) == f"cannot write {out}: no such folder: {out.parent}"
    assert not out.parent.exists()
