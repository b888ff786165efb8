"""The journal and the sheet file under faults (issue 11): a change is on disk when
``apply`` returns, a crash at any point replays nothing twice and loses nothing, and a
version someone else saved is never overwritten."""

from __future__ import annotations

import errno
import json
import os

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorepad.rules.entries import AddPlayer, SetCount
from scorepad.storage import journal as journal_module
from scorepad.storage.atomic import SaveError
from scorepad.storage.files import read_sheet
from scorepad.storage.journal import journal_path
from scorepad.storage.session import SheetSession

from .conftest import make_sheet, examples


def new_session():
    return SheetSession.create(make_sheet({"name": "Ana"}, {"name": "Ben"}))


def renown(value: int, player: int = 0) -> SetCount:
    return SetCount(player=player, field="renown", value=value)


def crash(session: SheetSession) -> None:
    """What a SIGKILL leaves: nothing closed, nothing folded; the OS drops the lock."""
    session.lock.release()
    session.lock = None


def test_a_change_survives_a_crash_the_moment_apply_returns():
    session = new_session()
    session.apply(renown(12))
    session.apply(renown(7, player=1))
    crash(session)
    again = SheetSession.open(session.path)
    assert again.sheet == session.sheet and again.history == session.history
    assert "recovered" in again.told
    assert again.folded and read_sheet(session.path).sheet == session.sheet  # folded at once
    again.close()


def test_a_torn_last_journal_line_is_ignored_and_the_rest_replays():
    session = new_session()
    session.apply(renown(12))
    crash(session)
    with open(journal_path(session.path), "ab") as handle:
        handle.write(b'{"put": 2, "entry": {"kind": "set_co')  # a kill in the middle of a write
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 12 and len(again.history) == 2
    again.close()


def damaged_after_a_crash(values: tuple[int, ...], line_at: int):
    """A session that typed these Renowns for Ben, then crashed; its journal's line
    ``line_at`` damaged on disk. The session, the journal's path and its lines as left."""
    session = new_session()
    for value in values:
        session.apply(renown(value, player=1))
    crash(session)
    journal = journal_path(session.path)
    lines = journal.read_bytes().split(b"\n")
    lines[line_at] = b"\0\0\0\0"
    journal.write_bytes(b"\n".join(lines))
    return session, journal, lines


def test_a_journal_damaged_in_the_middle_replays_up_to_the_damage_and_is_kept_whole():
    """Only a journal's last line can be torn (a kill mid-write; a failed write is
    written again from the last whole line): whole lines after a damaged one are outside
    damage, and may hold the only copy of values typed. They were dropped, the journal
    deleted, and opening said the changes were recovered: now what comes before the
    damage is recovered, and the whole journal is kept and named."""
    session, journal, lines = damaged_after_a_crash((12, 7, 5), 2)  # the second change's line
    again = SheetSession.open(session.path)
    (aside,) = session.path.parent.glob(".*.set-aside")
    assert aside.read_bytes() == b"\n".join(lines)  # whole: the line after the damage too
    assert again.sheet.players[1].renown == 12  # the change before the damage
    assert "damaged" in again.told and aside.name in again.told
    assert not journal.exists()
    again.close()


def test_a_journal_damaged_at_its_first_change_is_kept_whole_not_removed():
    """Nothing before the damage to replay: the journal was taken for one holding
    nothing, and removed with the changes after the damage."""
    session, _, lines = damaged_after_a_crash((12, 7), 1)  # the first change's line
    again = SheetSession.open(session.path)
    (aside,) = session.path.parent.glob(".*.set-aside")
    assert aside.read_bytes() == b"\n".join(lines) and "damaged" in again.told and aside.name in again.told
    again.apply(renown(3, player=1))  # a new journal: the one kept is not written over
    crash(again)
    assert aside.read_bytes() == b"\n".join(lines)
    last = SheetSession.open(session.path)
    assert last.sheet.players[1].renown == 3
    last.close()


def test_a_crash_between_rewriting_the_file_and_dropping_the_journal_replays_nothing_twice(monkeypatch):
    session = new_session()
    session.apply(AddPlayer(name="Cy"))
    monkeypatch.setattr(journal_module.Journal, "remove", lambda self: (_ for _ in ()).throw(SaveError("killed")))
    assert not session.fold()  # the file is rewritten; the journal is still there
    crash(session)
    monkeypatch.undo()
    again = SheetSession.open(session.path)
    assert [p.name for p in again.sheet.players] == ["Ana", "Ben", "Cy"]  # AddPlayer once, not twice
    assert again.history == session.history
    again.close()


def test_changes_after_a_background_save_began_stay_in_the_journal():
    session = new_session()
    session.apply(renown(1))
    job = session.fold_job()
    session.apply(renown(2))  # typed while the file was being written
    assert session.fold_done(job()) and not session.folded
    crash(session)
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 2
    again.close()


def test_a_write_that_fails_keeps_the_change_in_memory_and_a_retry_puts_it_on_disk(monkeypatch):
    session = new_session()
    real_write = os.write

    def half_then_full(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))  # a full disk: part of a line, then an error
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module.os, "write", half_then_full)
    session.apply(renown(12))
    assert session.unsaved and "disk is full" in session.save_problem
    monkeypatch.undo()
    session.apply(renown(13, player=1))  # the next write takes the waiting line too
    assert not session.unsaved and session.save_problem is None
    crash(session)
    again = SheetSession.open(session.path)  # the torn half line was cut back, not left in the middle
    assert (again.sheet.players[0].renown, again.sheet.players[1].renown) == (12, 13)
    again.close()


def test_a_change_is_written_by_apply_and_made_durable_by_sync(monkeypatch):
    session = new_session()
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(journal_module.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    session.apply(renown(12))
    session.apply(renown(7, player=1))
    assert synced == [] and len(session.journal.written) == 3  # header and two changes, written
    crash(session)  # a killed app: the lines are in the file already
    records, _ = journal_module.read_journal(journal_path(session.path))
    assert [r.get("entry", {}).get("value") for r in records[1:]] == [12, 7]
    session.sync()
    assert len(synced) == 1 and session.journal.written == [] and not session.unsaved


def test_a_failed_fsync_writes_its_lines_again_whole_and_replays_each_change_once(monkeypatch):
    session = new_session()
    session.apply(renown(12))
    session.sync()
    session.apply(renown(13, player=1))
    session.apply(renown(14))

    def lost(fd):  # the kernel could not write its pages back: what it held may be gone
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(journal_module.os, "fsync", lost)
    session.sync()
    assert session.unsaved and "error" in session.save_problem.lower()
    monkeypatch.undo()
    assert session.retry() and not session.unsaved and session.save_problem is None
    records, _ = journal_module.read_journal(journal_path(session.path))
    assert [r["entry"]["value"] for r in records if "put" in r] == [12, 13, 14]  # none twice
    crash(session)
    again = SheetSession.open(session.path)
    assert again.history == session.history
    again.close()


def test_our_own_background_save_is_never_taken_for_someone_elses(monkeypatch):
    """The file is looked at once a second while a save may be rewriting it in a thread:
    between the new file landing and the save noting its hash, the look saw a file it
    did not know and asked "keep ours or take theirs" about our own save."""
    import threading

    from scorepad.storage import sheet_file

    session = new_session()
    session.apply(renown(12))
    landed, go_on = threading.Event(), threading.Event()
    real_write = sheet_file.atomic_write

    def slow_write(path, data, **kwargs):
        real_write(path, data, **kwargs)
        landed.set()  # the new file is on disk; the save has not noted it yet
        go_on.wait(5)

    monkeypatch.setattr(sheet_file, "atomic_write", slow_write)
    job = session.fold_job()
    saving = threading.Thread(target=lambda: outcomes.append(job()))
    outcomes: list = []
    saving.start()
    assert landed.wait(5)
    assert not session.check_file() and session.conflict is None
    go_on.set()
    saving.join(5)
    assert session.fold_done(outcomes[0]) and not session.check_file()
    session.close()


def test_someone_elses_version_is_never_overwritten_by_a_save():
    session = new_session()
    theirs = session.path.read_bytes().replace(b'"Ben"', b'"Bea"')
    session.path.write_bytes(theirs)  # a hand edit, a sync tool, another laptop
    session.apply(renown(30))
    assert not session.fold() and session.check_file()
    assert session.path.read_bytes() == theirs
    session.close()  # quitting undecided keeps ours as a copy: nothing is lost
    assert session.path.read_bytes() == theirs
    (ours,) = (session.path.parent / "copies").glob("*.ours-*.json")
    assert read_sheet(ours).sheet.players[0].renown == 30


def test_keep_ours_keeps_theirs_as_a_copy():
    session = new_session()
    theirs = session.path.read_bytes().replace(b'"Ben"', b'"Bea"')
    session.path.write_bytes(theirs)
    session.apply(renown(30))
    assert session.check_file()
    kept = session.keep_ours()
    assert kept.read_bytes() == theirs and kept.parent == session.path.parent / "copies"
    assert read_sheet(session.path).sheet.players[0].renown == 30 and not session.check_file()
    session.close()


def test_take_theirs_keeps_ours_as_a_copy():
    session = new_session()
    theirs = session.path.read_bytes().replace(b'"Ben"', b'"Bea"')
    session.path.write_bytes(theirs)
    session.apply(renown(30))
    assert session.check_file()
    kept = session.take_theirs()
    assert read_sheet(kept).sheet.players[0].renown == 30
    assert [p.name for p in session.sheet.players] == ["Ana", "Bea"] and session.folded
    session.apply(renown(5))  # and goes on from theirs
    session.close()
    assert read_sheet(session.path).sheet.players[1].name == "Bea"


def test_a_touched_but_unchanged_file_is_not_a_conflict():
    session = new_session()
    os.utime(session.path, (1, 1))
    session.apply(renown(3))
    assert not session.check_file() and session.fold()
    session.close()


def test_a_read_only_window_follows_the_writer_as_it_types():
    writer = new_session()
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    writer.apply(renown(21))
    assert viewer.follow() and viewer.sheet.players[0].renown == 21  # from the journal
    writer.close()  # folded into the file, the journal gone
    assert viewer.follow() is False or viewer.sheet.players[0].renown == 21
    assert viewer.sheet.players[0].renown == 21


def test_a_journal_of_another_version_is_set_aside_not_replayed_or_lost():
    session = new_session()
    session.apply(renown(40))
    crash(session)
    theirs = session.path.read_bytes().replace(b'"Ben"', b'"Bea"')
    session.path.write_bytes(theirs)  # replaced while nobody had it open
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 0 and again.sheet.players[1].name == "Bea"
    (aside,) = session.path.parent.glob(".*.set-aside")
    assert b'"value":40' in aside.read_bytes() and "kept as" in again.told
    again.apply(renown(1))  # a new journal, readable on its own
    crash(again)
    assert SheetSession.open(session.path, read_only=True).sheet.players[0].renown == 1


@pytest.mark.parametrize("rewrite", ["reformatted", "changed"])
def test_values_shown_before_a_kill_are_kept_as_a_copy_when_the_file_is_rewritten_after_it(rewrite):
    """Killed after values were shown, the file then rewritten by someone else (a sync
    tool reformatting it, a hand edit): the values went into a set-aside journal, out
    of reach, and the sheet was shown as saved (an attacker's run). Ours is kept as a
    copy, and a command reading the file says the journal holds values it does not count."""
    import contextlib
    import io

    from scorepad.cli import read_sheet as read_for_a_command

    session = new_session()
    session.apply(renown(7))
    assert session.fold()
    session.apply(renown(11, player=1))
    session.apply(renown(12, player=1))
    session.apply(renown(13, player=1))
    assert session.undo()  # a keep record: 12 stays shown
    crash(session)
    data = json.loads(session.path.read_text())
    if rewrite == "changed":
        data["players"][0]["name"] = "Anna"
    session.path.write_text(json.dumps(data, indent=1))
    said = io.StringIO()
    with contextlib.redirect_stderr(said):
        assert read_for_a_command(session.path).sheet.players[1].renown == 0
    assert "another version" in said.getvalue() and "scorepad open" in said.getvalue()
    again = SheetSession.open(session.path)
    assert [p.renown for p in again.sheet.players] == [7, 0]  # theirs, as saved
    (copy,) = (session.path.parent / "copies").glob("*.ours-*.json")
    kept = read_sheet(copy).sheet
    assert [p.renown for p in kept.players] == [7, 12]
    assert kept.players[0].name == "Ana"  # ours: a hand edit goes at theirs' end, after ours began
    assert f"kept as {copy}" in again.told and "after scorepad stopped" in again.told
    again.close()


def test_a_journal_of_another_version_whose_changes_theirs_holds_keeps_no_copy():
    session = new_session()
    session.apply(renown(7))
    crash(session)
    data = json.loads(session.path.read_text())
    data["players"][0]["renown"] = 7  # someone else typed the same
    session.path.write_text(json.dumps(data, indent=1))
    import contextlib
    import io

    from scorepad.cli import read_sheet as read_for_a_command

    said = io.StringIO()
    with contextlib.redirect_stderr(said):
        read_for_a_command(session.path)
    assert said.getvalue() == ""  # no copy promised that opening would not make (review)
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 7 and not (session.path.parent / "copies").exists()
    again.close()


def test_a_history_that_does_not_replay_opens_read_only_as_saved_and_untouched():
    session = new_session()
    session.close()
    raw = json.loads(session.path.read_text())
    raw["history"].append({"kind": "add_player", "name": "ana"})  # Ana is there already
    session.path.write_text(json.dumps(raw))
    before = session.path.read_bytes()
    opened = SheetSession.open(session.path)
    assert opened.read_only and "does not replay" in opened.note and opened.lock is None
    assert [p.name for p in opened.sheet.players] == ["Ana", "Ben"]
    opened.close()
    assert session.path.read_bytes() == before
    SheetSession.open(session.path, read_only=True)  # and the lock was not left behind
    assert not list(session.path.parent.glob("*.lock")) or SheetSession.open(session.path).close() is None


def test_save_elsewhere_never_replaces_an_existing_file(tmp_path):
    session = new_session()
    other = tmp_path / "other.json"
    other.write_bytes(b"precious")
    with pytest.raises(SaveError, match="exists"):
        session.save_as(other)
    assert other.read_bytes() == b"precious" and session.path.name.endswith(".json")
    session.close()


@pytest.mark.parametrize("name", ["itself", "dotted", "link", "hard link"])
def test_save_elsewhere_onto_the_sheets_own_file_says_so_and_changes_nothing(tmp_path, name):
    """Attack run: Save elsewhere, Enter on the sheet's own path: "open in another
    scorepad (process N ...)", N being this very process."""
    session = new_session()
    session.apply(renown(7))
    home, before, journal = session.path, session.path.read_bytes(), journal_path(session.path).read_bytes()
    target = {"itself": lambda: home, "dotted": lambda: home.parent / "." / home.name,
              "link": lambda: (tmp_path / "link.json").symlink_to(home) or tmp_path / "link.json",
              "hard link": lambda: (tmp_path / "hard.json").hardlink_to(home) or tmp_path / "hard.json"}[name]()
    with pytest.raises(SaveError) as refused:
        session.save_as(target)
    assert str(refused.value) == (f"cannot save to {target}: it is the file {home.name} is saved in already "
                                  "(nothing to save elsewhere); choose another name")
    assert "another scorepad" not in str(refused.value)
    assert session.path == home and session.lock.held and not session.read_only
    assert home.read_bytes() == before and journal_path(home).read_bytes() == journal
    session.close()
    assert read_sheet(home).sheet.players[0].renown == 7


def test_save_elsewhere_onto_the_name_of_the_sheets_deleted_file_is_still_its_own(tmp_path):
    """Deleted while open, its name is still the sheet's (its lock is ours): said so, never
    "another scorepad"."""
    session = new_session()
    session.path.unlink()
    with pytest.raises(SaveError, match="is saved in already"):
        session.save_as(session.path.parent / ".." / session.path.parent.name / session.path.name)
    assert session.lock.held and not session.path.exists()
    session.close()


@pytest.mark.parametrize("points_at", ["gone/deep/planted.json", "victim.json"])
def test_save_elsewhere_never_writes_through_a_link_dangling_or_not(tmp_path, points_at):
    """Attack run: "Save elsewhere" onto a dangling link wrote where it pointed, making
    the folders on the way."""
    (tmp_path / "victim.json").write_bytes(b"precious")
    session = new_session()
    home, before = session.path, session.path.read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / points_at)
    with pytest.raises(SaveError) as refused:
        session.save_as(link)
    assert str(refused.value) == (f"cannot save to {link}: it is a link (to {tmp_path / points_at}); scorepad "
                                  "never writes through a link: choose another name")
    assert not (tmp_path / "gone").exists() and (tmp_path / "victim.json").read_bytes() == b"precious"
    assert session.path == home and session.lock.held and link.is_symlink()
    session.apply(renown(9))  # it goes on where it was
    session.close()
    assert read_sheet(home).sheet.players[0].renown == 9 and home.read_bytes() != before


def test_save_elsewhere_into_a_missing_folder_is_refused_and_the_folder_never_made(tmp_path):
    session = new_session()
    target = tmp_path / "nonexistent" / "x.json"
    with pytest.raises(SaveError) as refused:
        session.save_as(target)
    assert str(refused.value) == f"cannot save to {target}: no such folder: {target.parent}"
    assert not target.parent.exists() and session.lock.held
    session.close()


def typed_through_a_link(folder, value: int):
    """A saved game, opened through a link in ``folder`` and Ana's Renown typed: the
    game's own session (closed), the link, and the session through it (open)."""
    session = new_session()
    session.close()
    link = folder / "link.json"
    link.symlink_to(session.path)
    opened = SheetSession.open(link)
    opened.apply(renown(value))
    return session, link, opened


def test_a_sheet_that_is_a_symlink_stays_a_symlink(tmp_path):
    session, link, opened = typed_through_a_link(tmp_path, 9)
    opened.close()
    assert link.is_symlink() and read_sheet(session.path).sheet.players[0].renown == 9


def test_values_typed_through_a_link_come_back_when_the_sheet_is_opened_by_its_own_name(tmp_path):
    """A crash while the sheet was open through a link: its journal is the sheet's, kept
    beside the file itself, so opening the file by any name finds the values."""
    session, link, opened = typed_through_a_link(tmp_path, 9)
    crash(opened)
    assert not (tmp_path / ".link.json.journal").exists()
    assert (session.path.parent / f".{session.path.name}.journal").exists()
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 9
    again.close()
    assert read_sheet(session.path).sheet.players[0].renown == 9


def test_values_typed_through_one_link_come_back_through_another(tmp_path):
    session = new_session()
    session.close()
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.symlink_to(session.path)
    second.symlink_to(session.path)
    opened = SheetSession.open(first)
    opened.apply(renown(11))
    crash(opened)
    again = SheetSession.open(second)
    assert again.sheet.players[0].renown == 11
    again.close()
    assert first.is_symlink() and second.is_symlink()


class SessionMachine(RuleBasedStateMachine):
    """Entries, undo, redo, background saves and crashes in any order: what reopens is
    always what was on screen."""

    def __init__(self) -> None:
        super().__init__()
        self.session = new_session()

    @rule(value=st.integers(0, 99), player=st.integers(0, 1))
    def type_value(self, value, player):
        self.session.apply(renown(value, player))

    @rule()
    def undo(self):
        self.session.undo()

    @rule()
    def redo(self):
        self.session.redo()

    @rule()
    def save(self):
        assert self.session.fold()

    @rule()
    def save_with_a_change_meanwhile(self):
        job = self.session.fold_job()
        self.session.apply(renown(77))
        if job is not None:
            assert self.session.fold_done(job())

    @rule()
    def crash_and_reopen(self):
        shown = self.session.history
        crash(self.session)
        self.session = SheetSession.open(self.session.path)
        assert self.session.history == shown

    @invariant()
    def a_second_window_sees_what_is_shown(self):
        assert SheetSession.open(self.session.path, read_only=True).history == self.session.history

    def teardown(self):
        self.session.close()


TestSessionMachine = SessionMachine.TestCase
TestSessionMachine.settings = settings(max_examples=examples(30), stateful_step_count=12, deadline=None,
                                       suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("bad", ['{"put":"x"}', '{"put":5,"entry":{"kind":"nope"}}', '{"keep":0}',
                                 '{"put":1,"entry":{"kind":"set_count","player":7,"field":"renown","value":1}}',
                                 '{"keep":"a"}', '{"put":-1,"entry":{"kind":"add_player","name":"Cy"}}'])
def test_a_journal_that_is_json_but_not_a_journal_is_set_aside_not_a_crash(bad):
    session = new_session()
    session.close()
    from scorepad.storage.journal import digest

    base = digest(session.path.read_bytes())
    journal_path(session.path).write_text(f'{{"journal":1,"base":"{base}"}}\n{bad}\n')
    opened = SheetSession.open(session.path)
    assert [p.name for p in opened.sheet.players] == ["Ana", "Ben"] and "kept as" in opened.told
    assert list(session.path.parent.glob(".*.set-aside"))
    opened.close()


def test_a_journal_that_is_a_symlink_is_never_written_through(tmp_path):
    session = new_session()
    session.close()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    journal_path(session.path).symlink_to(victim)
    opened = SheetSession.open(session.path)
    opened.apply(renown(5))
    assert victim.read_text() == "precious"
    assert opened.unsaved or not journal_path(session.path).is_symlink()
    opened.close()


def test_copies_of_the_other_version_are_kept_out_of_the_games_list():
    from scorepad.storage.catalog import saved_games

    session = new_session()
    session.path.write_bytes(session.path.read_bytes().replace(b'"Ben"', b'"Bea"'))
    session.apply(renown(30))
    assert session.check_file()
    kept = session.keep_ours()
    games, problems = saved_games()
    assert [g.path for g in games] == [session.path] and not problems
    assert kept.exists() and read_sheet(kept).sheet.players[1].name == "Bea"
    session.close()


def test_an_edit_in_place_that_keeps_size_and_time_is_still_noticed():
    session = new_session()
    before = os.stat(session.path)
    data = session.path.read_bytes().replace(b'"Ben"', b'"Bob"')  # same size
    session.path.write_bytes(data)
    os.utime(session.path, ns=(before.st_atime_ns, before.st_mtime_ns))  # touch -r, rsync -t
    session.apply(renown(3))
    assert session.check_file() and not session.fold()
    assert session.path.read_bytes() == data
    session.close()


def test_taking_their_version_whose_history_does_not_replay_goes_read_only_untouched():
    session = new_session()
    raw = json.loads(session.path.read_text())
    raw["history"].append({"kind": "add_player", "name": "ana"})
    theirs = json.dumps(raw).encode()
    session.path.write_bytes(theirs)
    session.apply(renown(3))
    assert session.check_file()
    session.take_theirs()
    assert session.read_only and "does not replay" in session.note
    session.close()
    assert session.path.read_bytes() == theirs


def test_save_elsewhere_to_a_folder_says_a_file_name_is_needed(tmp_path):
    session = new_session()
    with pytest.raises(SaveError, match="folder"):
        session.save_as(tmp_path)
    session.close()


def test_a_crash_while_their_version_waits_for_a_choice_keeps_ours_as_a_copy():
    """Found in a tmux attack: Esc on the question, three more values, kill -9; the
    three were only in a journal set aside, with no way back."""
    session = new_session()
    session.path.write_bytes(session.path.read_bytes().replace(b'"Ben"', b'"Bea"'))
    session.apply(renown(21))
    assert session.check_file()  # found: saving stops
    session.apply(renown(22))
    session.apply(renown(23, player=1))
    crash(session)
    again = SheetSession.open(session.path)
    assert again.sheet.players[1].name == "Bea" and "ours is kept as" in again.told
    (ours,) = (session.path.parent / "copies").glob("*.ours-*.json")
    kept = read_sheet(ours).sheet
    assert (kept.players[0].renown, kept.players[1].renown, kept.players[1].name) == (22, 23, "Ben")
    again.close()


def test_a_read_only_window_reads_only_the_journal_while_the_writer_types(monkeypatch):
    """A long sheet must not be parsed anew every second while its writer types."""
    from scorepad.storage import sheet_file

    writer = new_session()
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    loads = []
    real = sheet_file.parse_document
    monkeypatch.setattr(sheet_file, "parse_document", lambda *a, **k: loads.append(1) or real(*a, **k))
    for value in (4, 5, 6):
        writer.apply(renown(value))
        assert viewer.follow() and viewer.sheet.players[0].renown == value
    writer.undo()
    assert viewer.follow() and viewer.sheet.players[0].renown == 5
    assert loads == []  # the file itself was not read again
    writer.close()  # folded: the file changed, read once
    assert viewer.follow() is False and viewer.sheet.players[0].renown == 5 and loads == [1]


def test_a_window_following_undo_then_a_new_entry_shows_the_writers_states():
    """The states a read-only window keeps must be those of its history, after a
    journal that took entries back and put others in their place."""
    writer = new_session()
    writer.apply(renown(1))
    writer.apply(renown(2, player=1))
    writer.fold()
    viewer = SheetSession.open(writer.path, read_only=True)
    viewer.follow()
    writer.undo()
    writer.undo()
    writer.apply(renown(9, player=1))
    assert viewer.follow()
    assert viewer.states == writer.states and viewer.sheet.players[0].renown == 0
    writer.close()


def test_a_command_counts_the_journals_changes_undos_too_never_below_zero():
    """Three values typed then undone, killed: ``score`` said "-3 changes typed since its
    last save are in its journal" (an attacker's run). Each value and each undo is one."""
    import contextlib
    import io

    from scorepad.cli import read_sheet as read_for_a_command

    session = new_session()
    for value in (11, 12, 13):
        session.apply(renown(value))
    for _ in range(3):
        assert session.undo()
    crash(session)
    said = io.StringIO()
    with contextlib.redirect_stderr(said):
        assert read_for_a_command(session.path).sheet.players[0].renown == 0
    assert said.getvalue().startswith(f"scorepad: {session.path.name}: 6 changes typed since its last save are")


def test_a_sheet_made_write_protected_while_open_is_not_written_and_its_changes_wait():
    """``chmod 444`` on an open sheet: the next save replaced it all the same (a rename
    asks only the folder), while a sheet write-protected before it opened is read-only
    (an attacker's run). Saving stops, says why, and goes on once it is writable again."""
    session = new_session()
    session.apply(renown(7))
    assert session.fold()
    before = session.path.read_bytes()
    session.path.chmod(0o444)
    session.apply(renown(8))
    assert not session.fold()
    journal = journal_path(session.path).stat().st_size
    assert not session.fold() and not session.fold()  # the app tries again every second
    assert journal_path(session.path).stat().st_size == journal  # no line a try (review)
    assert session.path.read_bytes() == before
    assert "write-protected" in session.save_problem and "chmod u+w" in session.save_problem
    said = session.close()
    assert "every change is in" in said and session.path.read_bytes() == before
    session.path.chmod(0o644)
    again = SheetSession.open(session.path)
    assert again.sheet.players[0].renown == 8  # from the journal
    again.close()


def test_a_sheet_saved_before_grids_kept_where_their_count_fell_opens_as_the_same_game():
    """A file written before ``Library.low_from`` has none where its history now gives
    one: it read as a hand edit (a Begin added, one more undo step, and `replay`
    warned that the history does not lead to the saved sheet; review)."""
    from scorepad.rules.board_entries import EnterPhase, SetLibrary, SetLibraryCell
    from scorepad.rules.replay import replay, replay_notes

    session = new_session()
    for entry in (EnterPhase(phase="execution", generation=2), SetLibrary(rows=(". . . M",)),
                  SetLibraryCell(row=0, col=0, token="M")):
        session.apply(entry)
    assert session.sheet.library.low_from == 1
    session.close()
    data = json.loads(session.path.read_text(encoding="utf-8"))
    data["library"].pop("low_from")  # as the version before it wrote the file
    session.path.write_text(json.dumps(data), encoding="utf-8")
    again = SheetSession.open(session.path)
    assert [type(e).__name__ for e in again.history][-1] == "SetLibraryCell"
    assert again.sheet.library.low_from == 1
    loaded = read_sheet(session.path)
    assert replay_notes(replay(list(loaded.history)), loaded.sheet, {}) == []
    again.close()


def journal_that(kind: str, session: SheetSession) -> None:
    """Leave beside the crashed session's sheet a journal of this kind, in place of its own."""
    journal = journal_path(session.path)
    lines = journal.read_bytes().split(b"\n")
    journal.unlink()
    if kind == "a folder":
        journal.mkdir()
    elif kind == "a link to nowhere":
        journal.symlink_to(session.path.parent / "gone")
    elif kind == "changes that do not apply":  # this file's header, then an entry for a player 8
        bad = json.loads(lines[1])
        bad["entry"]["player"] = 7
        journal.write_bytes(lines[0] + b"\n" + json.dumps(bad).encode() + b"\n")


@pytest.mark.parametrize("kind, said", [
    ("a folder", "cannot be read as a journal"), ("a link to nowhere", "cannot be read as a journal"),
    ("changes that do not apply", "holds changes that do not apply to it"),
])
def test_a_journal_not_of_another_version_is_not_said_to_be_one(kind, said, capsys):
    """Attack run: a journal with this file's own header but entries that do not apply,
    or one that is no file scorepad can read (a folder, a link to nowhere), was said to
    be "a journal of changes to another version" of the sheet; ``score`` said nothing."""
    from scorepad.cli import main

    session = new_session()
    session.apply(renown(12))
    crash(session)
    journal_that(kind, session)
    assert main(["score", str(session.path)]) == 0
    err = capsys.readouterr().err
    assert said in err and "not counted" in err
    opened = SheetSession.open(session.path)
    try:
        assert said in opened.told and "another version" not in opened.told and "kept as" in opened.told
        assert opened.sheet.players[0].renown == 0  # the file as saved
    finally:
        opened.close()


def test_values_typed_before_a_crash_onto_a_file_then_put_back_to_an_older_version_are_kept_as_a_copy(capsys):
    """Attack run: 7 saved, then 11 and 12 typed, SIGKILL, and the file put back to the
    version before the 7 (a backup, ``git checkout``). The journal's changes are placed
    after the 7 in the history, which that version has not got: they did not apply, and
    the values were only in a set-aside journal, with not a word from ``score``. They
    are made again at its end, in order, and kept as a copy, as for any rewrite."""
    from scorepad.cli import read_sheet as read_for_a_command

    session = new_session()
    older = session.path.read_bytes()
    session.apply(renown(7))
    assert session.fold()
    session.apply(renown(11, player=1))
    session.apply(renown(12, player=1))
    crash(session)
    session.path.write_bytes(older)
    assert read_for_a_command(session.path).sheet.players[1].renown == 0
    said = capsys.readouterr().err
    assert "another version" in said and "keeps them as a copy" in said
    again = SheetSession.open(session.path)
    try:
        assert [p.renown for p in again.sheet.players] == [0, 0]  # theirs: the older version, as it is
        (copy,) = (session.path.parent / "copies").glob("*.ours-*.json")
        assert [p.renown for p in read_sheet(copy).sheet.players] == [0, 12]
        assert f"kept as {copy}" in again.told
    finally:
        again.close()


def test_a_hard_link_put_at_the_journals_name_is_not_written_and_its_file_untouched(tmp_path):
    """Attack run: ``ln g.json .f.json.journal`` while f.json was open, then a value
    typed: g.json, another game, was cut and filled with f.json's journal lines. The
    journal's name gets a file of its own; the other file is left as it was."""
    session = new_session()
    other = tmp_path / "g.json"
    other.write_text('{"format": "great-library-scoresheet", "title": "another game"}')
    before = other.read_bytes()
    os.link(other, journal_path(session.path))
    session.apply(renown(21))
    session.sync()
    assert session.save_problem is None and other.read_bytes() == before
    assert journal_path(session.path).stat().st_nlink == 1
    crash(session)
    assert SheetSession.open(session.path).sheet.players[0].renown == 21  # the journal: ours alone


def test_our_journal_with_a_second_name_goes_on_saving_and_the_other_name_keeps_its_copy(tmp_path):
    """Review: a journal left by a crash, then hard-linked by a backup (``cp -al``): every
    save was refused as "a hard link to another file", and the changes stayed in memory
    only. It is ours: the name gets a copy of its own, the backup stays as it was."""
    session = new_session()
    session.apply(renown(11))
    session.sync()
    crash(session)
    backup = tmp_path / "backup.journal"
    os.link(journal_path(session.path), backup)
    kept = backup.read_bytes()
    opened = SheetSession.open(session.path)
    opened.apply(renown(12, player=1))
    opened.sync()
    assert opened.save_problem is None and backup.read_bytes() == kept
    opened.close()
    players = read_sheet(session.path).sheet.players
    assert (players[0].renown, players[1].renown) == (11, 12)


def test_a_pipe_at_the_journals_name_neither_hangs_nor_takes_the_journal(tmp_path):
    """Review: the journal was opened blocking, and a pipe with no reader at its name
    hung the app at the first value typed. A new journal is a file of its own put at
    its name; one going on is read without blocking, and a pipe there is refused."""
    session = new_session()
    os.mkfifo(journal_path(session.path))
    session.apply(renown(5))
    session.sync()
    assert session.save_problem is None and journal_path(session.path).is_file()
    session.journal.close()
    journal_path(session.path).unlink()
    os.mkfifo(journal_path(session.path))
    session.apply(renown(6))
    assert "not a plain file" in session.save_problem and session.sheet.players[0].renown == 6
    journal_path(session.path).unlink()
    assert session.retry() and session.fold()  # once the pipe is gone: saved
    session.close()
    assert read_sheet(session.path).sheet.players[0].renown == 6


def test_a_command_reading_while_the_app_saves_counts_the_values_just_typed(monkeypatch):
    """``score`` beside the app showed a value the screen showed as not there (a new
    user's run): it read the file, the app saved (a new file, the journal removed),
    then it found no journal. The file changed under the reading: it is read again."""
    from scorepad.cli import read_sheet as read_for_a_command
    from scorepad.storage import files

    session = new_session()
    session.apply(renown(21))
    session.sync()
    reads = []
    read = files.read_sheet

    def read_then_the_app_saves(path):
        loaded = read(path)
        if not reads:
            assert session.fold()  # the app's save, between the file's reading and the journal's
        reads.append(loaded)
        return loaded

    monkeypatch.setattr(files, "read_sheet", read_then_the_app_saves)
    assert read_for_a_command(session.path).sheet.players[0].renown == 21
    assert len(reads) == 2
    session.close()


def test_save_elsewhere_starts_a_journal_of_its_own_over_a_file_left_at_its_name(tmp_path):
    """Attack run: a stale journal (or another game hard-linked) at the new name's journal
    was taken for ours, our lines after its own: reopened after a crash, the journal was
    "damaged" and the value typed was gone. It is set aside; ours starts afresh."""
    session = new_session()
    target = tmp_path / "new.json"
    other = tmp_path / "g.json"
    other.write_text('{"format": "great-library-scoresheet", "title": "another game"}')
    before = other.read_bytes()
    os.link(other, journal_path(target))
    session.save_as(target)
    session.apply(renown(77))
    session.sync()
    crash(session)
    assert SheetSession.open(target).sheet.players[0].renown == 77 and other.read_bytes() == before
