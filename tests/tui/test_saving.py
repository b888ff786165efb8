"""Saving under faults, in the app (issue 11): a version someone else saved, a disk that
takes nothing, a read-only window, and questions that pop up while keys are arriving."""

from __future__ import annotations

import errno
import os
from datetime import date
from pathlib import Path

import pytest
from textual.widgets import Label

from scorepad.rules.entries import SetCount
from scorepad.storage import journal
from scorepad.storage.copies import rescue_dir
from scorepad.storage.files import read_sheet
from scorepad.storage.session import SheetSession
from scorepad.tui.screens.asking import UNPROMPTED
from scorepad.tui.screens.dialogs import ChoiceScreen, SaveAsScreen

from .conftest import app_on, running
from .helpers import burst, goto, on_disk, toasts, type_line, until
from .on_screen import screen_lines


def edited_by_someone_else(path) -> bytes:
    """Rename Ben to Bea in the file, as a hand edit or a sync tool would."""
    theirs = path.read_bytes().replace(b'"Ben"', b'"Bea"')
    path.write_bytes(theirs)
    return theirs


def app_looking_by_hand(path):
    app = app_on(path)
    app.look_every = 3600  # the test looks at the file itself (look_at_file), at a known moment
    return app


def fill_the_disk(monkeypatch) -> None:
    """From now on the journal's writes find the disk full."""

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(journal.os, "write", full)


async def test_a_question_that_comes_up_mid_typing_takes_no_key_of_the_run_and_puts_the_value_back(game_path, key_clock):
    app = app_looking_by_hand(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "30")
        theirs = edited_by_someone_else(game_path)
        await burst(pilot, "1")  # the first key of 120, then the question comes up
        app.look_at_file()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "changed by someone else" in str(
            app.screen.query_one("Label").render())
        await burst(pilot, "2", "0", "enter", "t", "k")  # the run goes on: "Hypatia" has a "t"
        assert isinstance(app.screen, ChoiceScreen)  # no key of the run answered it
        assert game_path.read_bytes() == theirs and app.session.sheet.players[1].name == "Ben"
        key_clock.advance(0.7)  # the typist stops, reads the question, answers
        await burst(pilot, "k")
        assert not isinstance(app.screen, ChoiceScreen)
        await burst(pilot, "1", "4", "enter")  # the "1" typed before the question was put back
        assert on_disk(app).sheet.players[1].renown == 14 or on_disk(app).sheet.players[0].renown == 14
        assert 114 not in [p.renown for p in on_disk(app).sheet.players]


async def test_a_question_that_came_up_on_its_own_says_only_what_happened_to_the_keys(game_path, monkeypatch, key_clock):
    """41 Enter with the disk full: the question said "Keys typed as this came up were
    not used (a value being typed was put back)", though no key came after the Enter
    and 41 was stored (a new user's run). It says it once a key is left unused, and
    that a value was put back only when one was."""
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        fill_the_disk(monkeypatch)
        await burst(pilot, "4", "1", "enter")
        assert isinstance(app.screen, SaveAsScreen)
        shown = " ".join(screen_lines(app))
        assert "not used" not in shown and "put back" not in shown
        await burst(pilot, "9")  # typed on as it came up: not taken, and now said
        assert "Keys typed as this came up were not used." in " ".join(screen_lines(app))
    app = app_looking_by_hand(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        edited_by_someone_else(game_path)
        await burst(pilot, "1")  # the first key of a value, then the question comes up
        app.look_at_file()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "A value being typed was put back" in " ".join(screen_lines(app))


async def test_escape_puts_the_choice_off_and_keeps_both_versions_then_keep_ours(game_path, answer_at_once):
    app = app_looking_by_hand(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "30")
        theirs = edited_by_someone_else(game_path)
        app.look_at_file()
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert app.session.sheet.players[0].renown == 30 and game_path.read_bytes() == theirs
        assert "saving stopped" in app.save_state
        app.look_at_file()  # not asked again unprompted
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        app.ask_which_version()  # Ctrl+P: Choose a version
        await pilot.pause()
        answers = " ".join(str(button.label) for button in app.screen.query("Button"))
        assert f"a copy in {game_path.parent.name}/copies" in answers  # where it goes: beside the file
        await pilot.press("k")
        await pilot.pause()
        assert read_sheet(game_path).sheet.players[0].renown == 30
        (copy,) = (game_path.parent / "copies").glob("*.theirs-*.json")
        assert copy.read_bytes() == theirs and app.save_state == ""


async def test_a_file_replaced_by_garbage_offers_only_to_keep_ours_and_never_crashes(game_path, answer_at_once):
    app = app_looking_by_hand(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "30")
        game_path.write_bytes(b"garbage{{{")
        app.look_at_file()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "unreadable" in str(app.screen.query_one("Label").render())
        await pilot.press("t")  # no such answer here
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and app.return_code is None
        await pilot.press("k")
        await pilot.pause()
        assert read_sheet(game_path).sheet.players[0].renown == 30


async def test_save_elsewhere_takes_no_key_of_a_run_still_coming_and_only_a_full_path(game_path, monkeypatch, key_clock):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")

        fill_the_disk(monkeypatch)
        await burst(pilot, "3", "1", "enter", "5", "0", "enter")  # the question comes up mid-burst
        assert isinstance(app.screen, SaveAsScreen)
        suggestion = app.screen.query_one("#path").value
        await burst(pilot, "1", "1", "enter")  # the run goes on: no "...json11"
        assert isinstance(app.screen, SaveAsScreen) and app.screen.query_one("#path").value == suggestion
        assert not list(game_path.parent.glob("*.json1*")) and "NOT SAVED" in app.save_state
        key_clock.advance(0.7)
        app.screen.query_one("#path").value = "50"  # typed by hand, after reading it: a full path only
        await burst(pilot, "enter")
        assert isinstance(app.screen, SaveAsScreen) and not (game_path.parent / "50").exists()
        assert "full path" in str(app.screen.query_one("#path-message").render())


async def test_save_elsewhere_takes_a_path_typed_at_full_speed_once_the_question_was_read(
        game_path, monkeypatch, key_clock):
    """Every key within 0.3 s of the one before was dropped for as long as the question
    was up, not just the run typed before it came: at eight keys a second only the "/"
    of a path got in, and Enter then tried to save to "/" (attack run)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        fill_the_disk(monkeypatch)
        await burst(pilot, "3", "1", "enter")
        assert isinstance(app.screen, SaveAsScreen)
        key_clock.advance(0.7)  # the typist reads the question, then types without a pause
        await burst(pilot, "ctrl+u", *"/tmp/elsewhere.json")
        assert app.screen.query_one("#path").value == "/tmp/elsewhere.json"


async def test_a_hang_up_stores_what_is_typed_closes_the_sheet_and_asks_nothing(game_path):
    """The terminal closed (SIGHUP, SIGTERM) with a value typed and no Enter: stored, as
    Ctrl+Q stores it, the file closed and its lock let go (the real signal through a
    real terminal: tests/tui/test_terminal_burst.py)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await pilot.press("4", "1")  # no Enter
        app.hung_up()
        await pilot.pause()
        assert app.return_code == 0 and not isinstance(app.screen, ChoiceScreen)
    assert read_sheet(game_path).sheet.players[0].renown == 41
    assert not (game_path.parent / f"{game_path.name}.lock").exists()


async def test_a_hang_up_ends_the_process_even_when_the_app_never_finishes_ending(game_path, monkeypatch):
    """With no terminal, an app that had not ended seconds after the sheet was closed
    stayed alive for good, busy (attack run: 1 hang-up in 3 mid-burst). Once the sheet
    is closed nothing is left to keep: a daemon timer ends the process after a grace."""
    from scorepad.tui import hang_up

    armed = []

    class Timer:
        def __init__(self, seconds, end, args=()):
            self.seconds, self.end, self.args, self.daemon = seconds, end, args, False

        def start(self):
            armed.append((self.seconds, self.end, self.args, self.daemon, app.session is None or app.session.closed))

    monkeypatch.setattr(hang_up.threading, "Timer", Timer)
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        app.hung_up()
        await pilot.pause()
    ((seconds, end, args, daemon, closed),) = armed
    assert end is hang_up.end_process and args == (129,) and daemon and closed  # as a shell says SIGHUP
    assert 1 <= seconds <= 10
    assert not (game_path.parent / f"{game_path.name}.lock").exists()


async def test_a_hang_up_with_changes_the_disk_refused_keeps_them_in_a_rescue_copy_taken_back_next_time(
        game_path, monkeypatch, key_clock):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")

        writes = journal.os.write
        fill_the_disk(monkeypatch)
        await pilot.press("4", "4")
        app.hung_up()  # the value typed cannot be written: nobody to ask, so a rescue copy
        await pilot.pause()
    (rescued,) = rescue_dir().glob("*.rescued-*.json")
    assert read_sheet(rescued).sheet.players[0].renown == 44
    # said once the terminal is back (a SIGTERM leaves it): reopened, the sheet showed the
    # file's values and nothing pointed to the copy (attack run)
    assert str(rescued) in app.closing_words
    monkeypatch.setattr(journal.os, "write", writes)  # the disk has room again
    again = app_on(game_path)  # the next opening of the sheet asks what to do with the copy
    async with running(again, (80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(again.screen, ChoiceScreen))
        assert str(rescued) in again.screen.question and rescued.name[-20:] in " ".join(screen_lines(again))
        again.action_go("renown")  # the palette's Go to, over the question: refused, the question stays
        await pilot.pause()
        assert isinstance(again.screen, ChoiceScreen) and again.screen_stack[-2] is not again.kept.get("renown")
        assert again.session.sheet.players[0].renown != 44  # the sheet as saved, until the table says
        key_clock.advance(0.7)  # read, then answered
        await burst(pilot, "t")
        assert again.session.sheet.players[0].renown == 44 and "back in" in await toasts(pilot)
        assert on_disk(again).sheet.players[0].renown == 44
    (kept,) = (game_path.parent / "copies").glob("*.before-rescue-*.json")
    assert read_sheet(kept).sheet.players[0].renown != 44
    last = app_on(game_path)
    async with running(last) as pilot:  # the sheet is newer than the copy now: nothing asked
        await pilot.pause()
        assert not isinstance(last.screen, ChoiceScreen) and last.session.sheet.players[0].renown == 44


async def test_quitting_with_changes_only_in_memory_asks_and_keeps_a_rescue_copy(game_path, monkeypatch, answer_at_once):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")

        def read_only(*args, **kwargs):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))

        monkeypatch.setattr(journal.os, "write", read_only)
        await type_line(pilot, "44")
        await pilot.pause()
        await pilot.press("escape")  # not now, thanks: the save-elsewhere question
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and app.return_code is None
        await pilot.press("r")
        await pilot.pause()
    (rescued,) = rescue_dir().glob("*.rescued-*.json")
    assert read_sheet(rescued).sheet.players[0].renown == 44


async def test_a_read_only_window_follows_its_writer_as_values_are_typed(game_path):
    writer = SheetSession.open(game_path)
    app = app_on(game_path)
    app.look_every = 0.05
    async with running(app) as pilot:
        if isinstance(app.screen, ChoiceScreen) or app.session is None:
            await pilot.press("y")  # open it read-only
            await pilot.pause()
        assert app.session.read_only and "READ-ONLY" in str(app.screen.query_one("TitleBar").render())
        writer.apply(SetCount(player=0, field="renown", value=17))
        await until(pilot, lambda: app.session.sheet.players[0].renown == 17)
        assert [s.total for s in app.live.standings().scores if s.name == "Ana"] == [17]
    writer.close()


async def test_a_read_only_window_opens_the_file_afresh_when_it_is_opened_again(game_path):
    """Its note says to open the file again to see it as saved: opening it again gave
    back the same stale window (a read-only window holds no lock to keep)."""
    writer = SheetSession.open(game_path)
    app = app_on(game_path)
    async with running(app) as pilot:
        await pilot.press("y")  # open it read-only
        await pilot.pause()
        viewer = app.session
        writer.apply(SetCount(player=0, field="renown", value=17))
        writer.close()
        app.open_path(game_path)  # the writer is gone: a writable window now
        await pilot.pause()
        assert app.session is not viewer and not app.session.read_only
        assert app.session.sheet.players[0].renown == 17


async def test_a_value_on_screen_is_on_disk_at_once_for_any_other_window(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, "2", "1", "enter", "9", "enter")
        assert [p.renown for p in on_disk(app).sheet.players[:2]] == [21, 9]


async def test_a_value_is_in_the_journal_before_its_frame_and_fsynced_right_after(game_path, monkeypatch):
    """A killed app keeps every value it showed (the line is written before the frame);
    the fsync comes after the frame, not before it, and before the next key."""
    app = app_on(game_path)
    events: list[str] = []
    real_fsync = os.fsync
    monkeypatch.setattr(journal.os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd)))
    async with running(app) as pilot:
        await goto(pilot, "renown")
        display = app._display

        def frame(screen, update) -> None:
            if update is not None and app.session.sheet.players[0].renown == 21:
                records, _ = journal.read_journal(journal.journal_path(game_path))
                events.append("frame" if records[-1].get("entry", {}).get("value") == 21 else "frame, not in the journal")
            display(screen, update)

        monkeypatch.setattr(app, "_display", frame)
        await burst(pilot, "2", "1", "enter", "9")
        assert events[:2] == ["frame", "fsync"]
        assert app.session.journal.written == [] and not app.session.unsaved


async def test_every_commit_of_a_burst_is_drawn_before_its_fsync_never_after(game_path, monkeypatch):
    """Issue 15: the fsync ran in a ``call_after_refresh``, which the screen runs before
    the frame when it has not yet heard which widgets changed: half the commits waited
    for their fsync (1-9 ms) before they were shown. Each journal line is now shown,
    then fsynced, and the next key waits for both."""
    app = app_on(game_path)
    events: list[str] = []
    real_fsync, real_put = os.fsync, journal.Journal.put
    monkeypatch.setattr(journal.os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(journal.Journal, "put", lambda self, *a: (events.append("put"), real_put(self, *a)))
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        display = app._display
        monkeypatch.setattr(app, "_display", lambda screen, update: (
            update is not None and events.append("frame"), display(screen, update)))
        await burst(pilot, *[key for n in range(8) for key in (str(n + 1), "enter")])
    commits = "".join({"put": "p", "fsync": "s", "frame": "f"}[e] for e in events).split("p")[1:]
    assert len(commits) == 8 and all(c.startswith("f") and "s" in c for c in commits), commits


async def test_a_change_that_draws_nothing_is_fsynced_all_the_same_and_holds_no_key(game_path):
    from scorepad.rules.entries import SetColour

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")  # no colour on it: the change draws no frame
        app.live.send(SetColour(player=0, colour="red"))
        assert app.session.journal.written and not app.keys_settled()
        await until(pilot, lambda: app.session.journal.written == [] and app.keys_settled())


async def test_a_new_game_where_no_game_can_be_made_keeps_the_form_and_asks_where(scorepad_home, tmp_path, answer_at_once):
    """Issue 11: New game in a games folder that cannot be written (here a file where the
    folder should be) ended in a traceback and lost the names typed."""
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.setup import SetupScreen

    (scorepad_home / "games").write_text("not a folder")
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        app.new_game()
        await pilot.pause()
        await burst(pilot, *"Night", "tab", *"Ana", "tab", "tab", *"Ben", "ctrl+s")
        assert isinstance(app.screen, SaveAsScreen) and app.return_code is None
        assert "not a folder" in str(app.screen.query_one(".field-message").render())
        # the name the games folder would have given it, in the home folder
        assert app.screen.query_one("#path").value == str(Path.home() / f"{date.today().isoformat()}-night.json")
        app.screen.query_one("#path").value = str(tmp_path / "night.json")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.path == tmp_path / "night.json"
        assert [p.name for p in read_sheet(tmp_path / "night.json").sheet.players] == ["Ana", "Ben"]
        assert not isinstance(app.screen, SetupScreen)


def test_a_sheet_whose_history_is_full_refuses_more_changes_it_could_not_save(monkeypatch):
    """Issue 11: the app wrote a 30 MB history that it then refused to load."""
    from scorepad.rules.entries import EntryError
    from scorepad.storage import session as session_module
    from scorepad.storage.paths import games_dir

    from .conftest import three_players

    monkeypatch.setattr(session_module, "MAX_HISTORY", 3)
    session = SheetSession.create(three_players(), games_dir())
    session.apply(SetCount(player=0, field="renown", value=1))
    session.apply(SetCount(player=0, field="renown", value=2))
    with pytest.raises(EntryError, match="history is full"):
        session.apply(SetCount(player=0, field="renown", value=3))
    assert session.sheet.players[0].renown == 2
    session.close()


async def test_a_sheet_whose_history_does_not_replay_opens_read_only_in_the_app(game_path):
    """Issue 11: such a file passed `score` but crashed `open` and left its lock behind."""
    import json

    from scorepad.storage.lock import SheetLock

    raw = json.loads(game_path.read_text())
    raw["history"].append({"kind": "add_player", "name": "ana"})  # Ana is there already
    game_path.write_text(json.dumps(raw))
    before = game_path.read_bytes()
    app = app_on(game_path)
    async with running(app, (80, 24), notifications=True) as pilot:
        assert app.session is not None and app.session.read_only and app.return_code is None
        assert "does not replay" in app.session.note
        assert [p.name for p in app.session.sheet.players] == ["Ana", "Ben", "Cy"]
        SheetLock(game_path).acquire().release()  # no lock left behind by the open
    assert game_path.read_bytes() == before


async def test_a_save_that_ends_while_the_app_closes_raises_nothing(game_path):
    """A background save finishing after the last screen is gone (seen under load, at
    the end of a test) reported its state to a screen that no longer was."""
    app = app_on(game_path)
    async with running(app):
        pass
    assert not app.screen_stack
    app.show_save_state()  # as the save's end does: nothing to show, nothing raised


async def test_escape_from_where_to_make_a_new_game_says_under_the_form_that_it_is_not_started(
        scorepad_home, answer_at_once):
    """The question said "the sheet is safe in memory ... Esc to go on", words for a
    game already open; Esc then left Setup as it was, with nothing said, and no game."""
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.setup import SetupScreen

    (scorepad_home / "games").write_text("not a folder")
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        app.new_game()
        await pilot.pause()
        await burst(pilot, *"Night", "tab", *"Ana", "ctrl+s")
        asked = " ".join(str(label.render()) for label in app.screen.query(Label))
        assert "safe in memory" not in asked and "not started" in asked
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.session is None
        said = " ".join(str(app.screen.query_one("#problem").render()).lower().split())  # lines wrapped
        assert "not started" in said and "not a folder" in said and "ctrl+s" in said


async def test_a_sheet_in_a_folder_named_like_markup_is_asked_about_and_kept_beside_it(game_path, answer_at_once, tmp_path):
    """The question named the copies folder "games/copies" wherever the sheet was; named
    after the sheet's own folder, one called "[b] table" lost its brackets (a button's
    words are markup to Textual: "[/b]" in a name stopped the app)."""
    import shutil

    folder = tmp_path / "[b] table"
    folder.mkdir()
    path = shutil.copy(game_path, folder / "game.json")
    app = app_looking_by_hand(path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "30")
        edited_by_someone_else(path)
        app.look_at_file()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        answers = " ".join(str(button.label) for button in app.screen.query("Button"))
        assert "ours is kept as a copy in [b] table/copies" in answers
        await pilot.press("t")
        await pilot.pause()
        (copy,) = (folder / "copies").glob("*.ours-*.json")
        assert read_sheet(copy).sheet.players[0].renown == 30


async def test_a_link_put_in_the_sheets_place_is_named_and_keep_ours_never_writes_through_it(
        game_path, answer_at_once, tmp_path):
    app = app_looking_by_hand(game_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious unrelated data")
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "30")
        game_path.unlink()
        game_path.symlink_to(victim)
        app.look_at_file()
        await pilot.pause()
        question = str(app.screen.query_one("Label").render())
        assert f"{game_path.name} was replaced by a link to {victim} by someone else" in question
        answers = " ".join(str(button.label) for button in app.screen.query("Button"))
        assert "in place of the link (what it points at is left as it is)" in answers and "Take" not in answers
        await pilot.press("k")
        await pilot.pause()
        assert victim.read_text() == "precious unrelated data" and not game_path.is_symlink()
        assert read_sheet(game_path).sheet.players[0].renown == 30
        assert not (game_path.parent / "copies").exists()


async def test_a_folder_put_in_the_sheets_place_keeps_ours_beside_it_and_quitting_undecided_says_where(
        game_path, answer_at_once):
    app = app_looking_by_hand(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "30")
        game_path.unlink()
        game_path.mkdir()
        app.look_at_file()
        await pilot.pause()
        assert "was replaced by a folder" in str(app.screen.query_one("Label").render())
        await pilot.press("k")
        await pilot.pause()
        beside = game_path.with_name(f"{game_path.stem}-2.json")
        assert app.session.path == beside and read_sheet(beside).sheet.players[0].renown == 30
        await type_line(pilot, "31")
        game_path.rmdir()
        beside.unlink()
        beside.mkdir()  # and once more, left undecided this time
        app.look_at_file()
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
    (copy,) = (game_path.parent / "copies").glob("*.ours-*.json")
    assert read_sheet(copy).sheet.players[1].renown == 31
    # said once the terminal is back (``launch`` prints them: test_crash_exit.py)
    assert app.return_code == 0 and app.parting_words().startswith(f"scorepad: Our version is kept as {copy}")


async def test_save_elsewhere_onto_the_sheets_own_file_says_so_and_nothing_changes(game_path, answer_at_once):
    """Attack run: Ctrl+P, Save elsewhere, Enter on the sheet's own path named this very
    process as "another scorepad". It says it is the sheet's own file, asks again, and
    Esc then goes back to the game with nothing said of changes not saved (all are)."""
    from .helpers import toasts

    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        before = game_path.read_bytes()
        await burst(pilot, "ctrl+p", *"Save elsewhere", "enter")
        await until(pilot, lambda: isinstance(app.screen, SaveAsScreen))
        # chosen, not come up on its own: no word of keys put back, nor of a failure
        shown = " ".join(screen_lines(app))
        assert UNPROMPTED[:30] not in shown and SaveAsScreen.CHOSEN[:30] in shown
        app.screen.query_one("#path").value = str(game_path)
        await burst(pilot, "enter")
        assert isinstance(app.screen, SaveAsScreen)  # asked again, with the reason
        assert UNPROMPTED[:30] not in " ".join(screen_lines(app))
        said = str(app.screen.query_one(".field-message").render())
        assert f"it is the file {game_path.name} is saved in already" in said and "another scorepad" not in said
        await burst(pilot, "escape")
        assert not isinstance(app.screen, SaveAsScreen) and "Not saved" not in await toasts(pilot)
        assert app.session.path == game_path and app.session.lock.held and not app.save_state
    assert game_path.read_bytes() == before


async def test_save_elsewhere_shows_one_problem_at_a_time(game_path):
    """A path refused by the disk, then one refused as not a full path: the dialog
    showed both, the old one above the new (a new user's run). The newest is the one
    shown."""
    app = app_on(game_path)
    async with running(app) as pilot:
        app.push_screen(SaveAsScreen("cannot save /ro/f.json: the folder is read-only.", "/ro/f.json"))
        await pilot.pause()
        app.screen.query_one("#path").value = "f.json"
        await burst(pilot, "enter")
        shown = " ".join(screen_lines(app))
        assert "A full path, starting with / or ~." in shown and "read-only" not in shown


@pytest.mark.parametrize("answer", ["o", "l", "escape"])
async def test_a_rescue_copy_can_be_looked_at_first_or_left_and_nothing_changes(game_path, key_clock, answer):
    """o opens the copy (the sheet as it was); l or Esc go on with the sheet as saved."""
    from scorepad.rules.entries import SetCount

    session = SheetSession.open(game_path)
    session.apply(SetCount(player=0, field="renown", value=44))
    rescued = session.rescue()
    session.undo()  # the sheet without it, saved after the copy was written: make it older
    session.close()
    os.utime(game_path, (1_700_000_000, 1_700_000_000))
    before = game_path.read_bytes()
    app = app_on(game_path)
    async with running(app) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        key_clock.advance(0.7)
        await burst(pilot, answer)
        assert not isinstance(app.screen, ChoiceScreen)
        assert app.session.path == (rescued if answer == "o" else game_path)
        assert app.session.sheet.players[0].renown == (44 if answer == "o" else 0)
        assert app.session.read_only == (answer == "o")  # looked at: nothing typed lands in the copy
    assert game_path.read_bytes() == before and rescued.exists()


async def test_a_question_clears_the_toasts_that_would_cover_it(game_path, monkeypatch, answer_at_once):
    """At 80x24 the "Not saved yet" toast covered half of the quit question's reason (a
    new user's run)."""
    from .helpers import toasts

    app = app_on(game_path)
    async with running(app, (80, 24), notifications=True) as pilot:
        await goto(pilot, "renown")
        fill_the_disk(monkeypatch)
        await type_line(pilot, "44")
        await until(pilot, lambda: isinstance(app.screen, SaveAsScreen))
        await burst(pilot, "escape")
        assert "Not saved yet" in await toasts(pilot)
        await burst(pilot, "ctrl+q")
        assert isinstance(app.screen, ChoiceScreen) and await toasts(pilot) == ""
