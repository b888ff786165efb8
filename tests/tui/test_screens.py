"""Navigation, undo/redo, help, and bad input on every screen: a message by the field,
nothing stored."""

from __future__ import annotations

import pytest

from textual.widgets import Static

from scorepad.messages import READ_ONLY
from scorepad.rules.entries import SetCount
from scorepad.storage.files import read_sheet
from scorepad.storage.lock import SheetLock
from scorepad.storage.session import SheetSession
from scorepad.tui.app import ScorepadApp
from scorepad.tui.kept_screens import ORDER
from scorepad.tui.screens.dialogs import ConfirmScreen
from scorepad.tui.screens.help import HelpScreen
from scorepad.tui.screens.home import HomeScreen
from scorepad.tui.screens.progress import ProgressScreen
from scorepad.tui.screens.replay import ReplayScreen
from scorepad.tui.screens.setup import SetupScreen

from .conftest import app_on, running
from .helpers import burst, count_cell, focused_id, goto, on_disk, settle, tab_to, toasts, type_line, until
from .on_screen import screen_lines


async def test_pagedown_pageup_walk_every_game_screen_in_order_and_stop_at_either_end(game_path):
    """Held down, PageDown went round from Results to Game progress (a new user's run):
    the walk stops at either end, as a table's cursor does; the footer dims the key
    there (it pages the screen's body, if anything)."""
    def enabled(action: str) -> bool:
        return {b.binding.action: b.enabled for b in app.screen.active_bindings.values()}[action]

    app = app_on(game_path)
    async with running(app) as pilot:
        await pilot.press("pageup")
        assert app.current_game_screen() == "progress" and not enabled("previous_screen")
        seen = []
        for _ in ORDER:
            seen.append(app.current_game_screen())
            await pilot.press("pagedown")
        assert seen == list(ORDER) and app.current_game_screen() == "results" and not enabled("next_screen")
        await pilot.press("pageup")
        assert app.current_game_screen() == "renown"
        await pilot.press("f2")
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.parametrize("keys", [("down", "enter"), ("pagedown",), ("pageup",)])
async def test_home_over_an_open_game_leads_back_to_it_on_the_screen_it_was_left_on(tmp_path, keys):
    """``scorepad open ~/friday.json``, then F2 (a slip, or a look at Home): the game was
    still open, but Home offered no way back to a sheet outside the games folder, said
    "open the game first" to Ctrl+Z and did nothing on PageDown (a new user's run)."""
    from .conftest import three_players

    outside = tmp_path / "friday.json"
    SheetSession.create_at(outside, three_players()).close()
    app = app_on(outside)
    async with running(app, size=(80, 24)) as pilot:
        await goto(pilot, "renown")
        await pilot.press(*"41", "f2")
        assert isinstance(app.screen, HomeScreen)
        menu = app.screen.query_one("#menu")
        assert [o.id for o in menu.options][:2] == ["new", "back"] and "continue" not in [o.id for o in menu.options]
        assert "Back to the game: Test" in str(menu.options[1].prompt)  # by its title
        await burst(pilot, *keys)
        assert app.current_game_screen() == "renown"
        assert app.session.path == outside and app.session.sheet.players[0].renown == 41


async def test_home_names_the_game_left_open_once_not_also_as_the_last_game(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await pilot.press("f2")
        ids = [o.id for o in app.screen.query_one("#menu").options]
        assert ids[:3] == ["new", "back", "open"] and "continue" not in ids
        await burst(pilot, "ctrl+z")
        assert app.session.path == game_path and isinstance(app.screen, HomeScreen)


async def test_opening_another_name_of_the_game_open_here_goes_on_with_it_writable(game_path):
    """A hard link's name opened from this app (Home, Open) met this app's own lock on
    the file: "open in another scorepad", and yes left it read-only (review)."""
    other = game_path.with_name("other-name.json")
    other.hardlink_to(game_path)
    app = app_on(game_path)
    async with running(app) as pilot:
        session = app.session
        app.open_path(other)
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.session is session and not app.session.read_only and session.lock.held


async def test_home_over_a_read_only_game_keeps_continue_which_opens_it_afresh(game_path):
    """A write-protected game, then ``chmod u+w`` as it says: Continue opened it again,
    writable; with Back in its place, only the read-only window was left (review)."""
    game_path.chmod(0o444)
    app = ScorepadApp(path=game_path)
    async with running(app) as pilot:
        assert app.live.read_only
        await pilot.press("f2")
        ids = [o.id for o in app.screen.query_one("#menu").options]
        assert "back" in ids and "continue" in ids


async def test_command_palette_reaches_every_screen_and_action(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        titles = {command.title for command in app.get_system_commands(app.screen)}
        for label in ("Go to Game progress", "Go to Pinax", "Go to School", "Go to Scholars",
                      "Go to Supplies", "Go to Renown and tie-breaks", "Go to Results", "Undo", "Redo",
                      "Help", "Home", "New game", "Replay this game", "Export CSV", "Export BG Stats"):
            assert label in titles
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Go to Supplies")
        command.callback()
        await pilot.pause()
        assert app.current_game_screen() == "supplies"



async def test_the_palette_starts_the_game_timer_and_opens_the_play_record_from_any_screen(game_path):
    """The Game progress screen's own actions (ctrl+g, ctrl+e) are in the palette too,
    run from wherever the table is: they show Game progress and do it there."""
    from scorepad.storage.paths import exports_dir
    from scorepad.tui.screens.record import RecordScreen

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        commands["Start or pause the game timer"].callback()
        await settle(pilot)
        assert app.current_game_screen() == "progress"
        assert app.session.sheet.timer.running_since  # started
        await goto(pilot, "results")
        commands["Play record"].callback()
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.current_game_screen() == "progress"
        commands["Export CSV"].callback()
        await settle(pilot)
        assert app.current_game_screen() == "results"
        assert [p.suffix for p in exports_dir().iterdir()] == [".csv"]


async def test_every_key_of_game_progress_and_results_is_in_the_palette_too(game_path):
    """The palette had the timer's start and the play record, but not Record Event,
    Take back mark, Stop timer or Finished or not (a new user's run): each is there and
    does, from any screen, what its key does on its own screen."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        commands["Record an Event"].callback()
        await settle(pilot)
        assert app.current_game_screen() == "progress" and len(app.session.sheet.timeline) == 1
        commands["Take back the last timeline mark"].callback()
        await settle(pilot)
        assert app.session.sheet.timeline == ()
        commands["Start or pause the game timer"].callback()
        await settle(pilot)
        await goto(pilot, "school")
        commands["Stop the game timer"].callback()
        await settle(pilot)
        assert not app.session.sheet.timer.running_since and app.session.sheet.played.finished
        was = app.session.sheet.finished
        commands["Finished or not"].callback()
        await settle(pilot)
        assert app.current_game_screen() == "results" and app.session.sheet.finished is not was


async def test_undo_and_redo_everywhere(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "40")
        await type_line(pilot, "12")
        assert [p.renown for p in app.session.sheet.players] == [40, 12, 0]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert [p.renown for p in app.session.sheet.players] == [40, 0, 0]
        assert count_cell(app, "renown-1") == ("0", "")
        assert read_sheet(game_path).sheet.players[1].renown == 0  # undo is saved too
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.session.sheet.players[1].renown == 12
        await pilot.press("pagedown")  # undo works on any screen
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        assert [p.renown for p in app.session.sheet.players] == [0, 0, 0]


async def test_counts_bad_input_shows_a_message_and_stores_nothing(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        for typed, words in (("abc", "sum like 3+4+2"), ("-2", "from 0 up"), ("999", "at most 500"),
                             ("2.5", "whole number")):
            await pilot.press("ctrl+u", *typed, "enter")
            await pilot.pause()
            assert words in count_cell(app, "kings_grace-0")[1]
            assert focused_id(app) == "kings_grace-0"  # stays on the field
        assert app.session.sheet.players[0].supplies.kings_grace == 0
        assert len(app.session.history) == 1
        await pilot.press("ctrl+u", *"2+2", "enter")
        await pilot.pause()
        assert app.session.sheet.players[0].supplies.kings_grace == 4
        assert count_cell(app, "kings_grace-0") == ("2+2", "= 4")  # kept as typed


async def test_pinax_quick_count_over_four_refused_S1(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await pilot.press("3", "space", "5", "enter")
        await pilot.pause()
        assert "at most 4" in count_cell(app, "0-0")[1]
        assert focused_id(app) == "0-0"  # the cursor stays on the refused line
        assert app.session.sheet.players[0].pinax == ()


async def test_pinax_grid_typing_and_best_assignment_marks(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await pilot.press("ctrl+o")  # a pattern tile of one cell, editor focused
        await pilot.pause()
        await pilot.press("right", "space")  # two cells in a row
        await pilot.pause()
        assert app.session.sheet.players[0].pinax[0].pattern == ((0, 0), (0, 1))
        app.screen.query_one("#grid").focus()
        await pilot.press("m", "asterisk", "1", "right", "g", "asterisk", "1", "enter")
        await pilot.pause()
        assert app.session.sheet.library.rows[0] == "M*1 G*1 ."
        assert app.live.standings().scores[0].pinax == 6
        assert app.screen.query_one("#grid").marks == {(0, 0): "1", (0, 1): "1"}
        await pilot.press("4", "enter")  # a Seal of player 4 in a three-player game: refused
        await pilot.pause()
        assert app.session.sheet.library.rows[0] == "M*1 G*1 ."


async def test_progress_round_zero_refused_and_M1_shown(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        assert isinstance(app.screen, ProgressScreen)
        await tab_to(pilot, "round-0")
        await type_line(pilot, "0")
        assert "at least 1" in count_cell(app, "round-0")[1]
        assert app.session.sheet.timeline == ()
        assert "M1" in str(app.screen.query(".reminder").first().render())
        await pilot.press("escape", "down")
        assert focused_id(app) == "empty-0"
        await type_line(pilot, "2")
        assert app.live.end().empty_spaces == 2


async def test_setup_refuses_duplicate_names_and_no_players(scorepad_home, key_clock):
    app = ScorepadApp()
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "at least one player" in str(app.screen.query_one("#problem").render())
        key_clock.advance(1.0)  # the note read: what is typed now is taken
        await pilot.press("tab", *"Ana", "tab", "tab", *"ana", "ctrl+s")
        await pilot.pause()
        assert "two players are named" in str(app.screen.query_one("#problem").render())
        assert app.session is None and not (scorepad_home / "games").exists()


async def test_help_lists_keys_and_easy_to_miss_rules(game_path, key_clock):
    app = app_on(game_path)
    async with running(app) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(str(w.render()) for w in app.screen.query(Static))
        for rule in ("M1", "M2", "M3", "M4", "M5", "M6"):
            assert rule in text
        described = {description for _, description in app.screen.bindings}
        assert {"Record Event", "Undo", "Redo", "Next screen", "Previous screen", "Help"} <= described
        key_clock.advance(1)  # read: a key typed straight after F1 is not used
        await pilot.press("escape")
        assert isinstance(app.screen, ProgressScreen)


async def test_reminders_in_place_M2_M3_M5(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        for screen, rule in (("supplies", "M2"), ("school", "M3"), ("renown", "M5")):
            await goto(pilot, screen)
            assert any(rule in str(w.render()) for w in app.screen.query(".reminder"))


async def test_a_sheet_held_by_another_scorepad_is_offered_read_only(game_path):
    lock = SheetLock(game_path).acquire()  # as if another scorepad had it open
    try:
        app = app_on(game_path)
        async with running(app, (80, 24)) as pilot:
            assert isinstance(app.screen, ConfirmScreen)
            # the app around the question, not a blank terminal: Home's title and keys
            lines = screen_lines(app)
            assert "scorepad — The Great Library" in lines[0] and "Help" in lines[-1]
            await pilot.press("y")
            await pilot.pause()
            assert app.session.read_only
            assert app.live.send(SetCount(player=0, field="renown", value=3)) == READ_ONLY
    finally:
        lock.release()


async def test_quit_and_reopen_shows_the_same_totals(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "33")
        await pilot.press("ctrl+q")
    again = app_on(game_path)  # the lock was released on quit
    async with running(again) as pilot:
        assert [s.total for s in again.live.standings().scores if s.name == "Ana"] == [33]


async def test_replay_screen_steps_back_and_forth(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "10")
        await type_line(pilot, "20")
        app.open_replay(game_path)
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert "Step 3 of 3" in str(app.screen.query_one("#step").render())
        await pilot.press("left")
        assert "Step 2 of 3: Ana: Renown in play 10" in str(app.screen.query_one("#step").render())
        await pilot.press("home")
        assert "Step 1 of 3" in str(app.screen.query_one("#step").render())
        # no notes: nothing drawn for them (their warning bar stood alone under the bars)
        assert not app.screen.query_one("#notes").display


async def test_every_committed_value_is_on_disk_when_shown_and_in_the_file_after_a_pause(game_path):
    app = app_on(game_path)
    app.look_every, app.fold_after = 0.05, 0.1
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "27")
        assert on_disk(app).sheet.players[0].renown == 27 and not app.session.unsaved
        # typing paused: the file itself is rewritten, in a thread
        await until(pilot, lambda: app.session.folded)
        assert read_sheet(game_path).sheet.players[0].renown == 27


async def test_school_and_scholars_bad_input_stores_nothing(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        for screen, problem in (("school", "one number per card"), ("scholars", "start each card with the Renown")):
            await goto(pilot, screen)
            assert focused_id(app) == "0-0"
            before = app.session.sheet
            await pilot.press(*"lots", "enter")
            await pilot.pause()
            assert problem in count_cell(app, "0-0")[1]
            assert app.session.sheet == before
            await pilot.press("escape")  # put back: a refused value would keep its screen


async def test_demo_opens_the_bundled_game_read_only_at_the_results(scorepad_home):
    app = ScorepadApp(demo=True)
    async with running(app) as pilot:
        assert app.current_game_screen() == "results" and app.session.read_only
        assert app.live.standings().winners == ("Chloé",)
        assert "Winner: Chloé" in str(app.screen.query_one("#heading").render())


async def test_results_of_a_game_not_finished_name_who_leads_not_a_winner(game_path):
    """The end not triggered, not marked finished: "Leading so far", as `scorepad
    history` says it ("Winner" was shown for a game still being played)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "5")
        await goto(pilot, "results")
        (leader,) = app.live.standings().winners
        assert f"Leading so far: {leader}" in str(app.screen.query_one("#heading").render())
        await burst(pilot, "ctrl+f")  # the table says it is finished
        assert app.session.sheet.finished
        await until(pilot, lambda: f"Winner: {leader}" in str(app.screen.query_one("#heading").render()))


async def test_home_opens_a_saved_game_and_shows_history(game_path):
    from textual.widgets import DataTable

    from scorepad.tui.screens.games import GamesScreen, HistoryScreen
    from scorepad.tui.widgets.game_list import GameList

    from .helpers import listed

    app = ScorepadApp()
    async with running(app) as pilot:
        options = [o.id for o in app.screen.query_one("#menu").options]
        assert options[:5] == ["new", "continue", "open", "history", "statistics"]
        app.screen.query_one("#menu").highlighted = options.index("history")
        await pilot.press("enter")
        await listed(pilot)
        assert isinstance(app.screen, HistoryScreen)
        assert app.screen.query_one("#records", DataTable).row_count == 0  # not finished: never counted
        assert app.screen.query_one(GameList).rows[0] == "Not finished, not counted: 1 game"
        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#menu").highlighted = options.index("open")
        await pilot.press("enter")
        await listed(pilot)
        assert isinstance(app.screen, GamesScreen)
        assert [row.path for row in app.screen.query_one(GameList).rows[1:]] == [game_path]
        await pilot.press("enter")
        await pilot.pause()
        assert app.current_game_screen() == "progress" and app.session.path == game_path


async def test_a_failed_save_offers_to_save_elsewhere_and_keeps_the_value(game_path, tmp_path, monkeypatch,
                                                                     answer_at_once):
    import errno
    import os

    from scorepad.storage import atomic, journal
    from scorepad.tui.screens.dialogs import SaveAsScreen

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")

        def refuse(*args, **kwargs):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        real_replace, real_write = os.replace, os.write
        monkeypatch.setattr(atomic.os, "replace", refuse)
        monkeypatch.setattr(journal.os, "write", refuse)
        await type_line(pilot, "31")
        await pilot.pause(0.1)
        assert isinstance(app.screen, SaveAsScreen)
        assert "disk is full" in str(app.screen.query_one(".field-message").render())
        assert app.session.sheet.players[0].renown == 31  # still in memory
        monkeypatch.setattr(os, "replace", real_replace)  # the disk has room again
        monkeypatch.setattr(os, "write", real_write)
        target = tmp_path / "rescued.json"
        field = app.screen.query_one("#path")
        field.value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert read_sheet(target).sheet.players[0].renown == 31
        assert app.session.path == target


async def test_keys_typed_with_the_enter_that_opens_the_list_wait_for_the_games(scorepad_home):
    """``Enter Down Enter`` in one burst from Home's "Open a saved game": the Down and
    the Enter reached a list not yet read, and were lost; they wait for it now."""
    from scorepad.storage.catalog import saved_games
    from scorepad.storage.session import SheetSession

    from .conftest import three_players
    from .helpers import burst, listed

    for title in ("First", "Second", "Third"):
        SheetSession.create(three_players(title=title)).close()
    app = ScorepadApp()
    async with running(app) as pilot:
        options = [o.id for o in app.screen.query_one("#menu").options]
        app.screen.query_one("#menu").highlighted = options.index("open")
        await burst(pilot, "enter", "down", "enter")
        await listed(pilot)
        await pilot.pause()
        assert app.session is not None, "the burst's last Enter opened nothing"
        second = saved_games()[0][1].path  # newest first, all three not finished: Down goes to it
        assert app.session.path == second and app.current_game_screen() == "progress"


async def test_S1_a_cell_typed_onto_a_pattern_tiles_remove_button_then_y_removes_nothing(grid_game_path, key_clock):
    """Tab from a new tile reached its ✕, not the grid: ``M*4`` Enter ``y`` typed for the
    grid opened "Remove pattern tile?" with its Enter and answered Yes with its ``y``
    (a new user's burst). Keys of the burst that asked are no answer."""
    from scorepad.tui.screens.dialogs import ConfirmScreen

    app = app_on(grid_game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "pinax")
        await burst(pilot, "ctrl+o")
        app.screen.query_one("#remove-0").focus()
        await pilot.pause()
        await burst(pilot, *"M*4", "enter", "y")
        assert isinstance(app.screen, ConfirmScreen) and len(app.session.sheet.players[0].pinax) == 1
        key_clock.advance(1.0)
        await burst(pilot, "n")
        assert len(app.session.sheet.players[0].pinax) == 1 and not isinstance(app.screen, ConfirmScreen)


async def test_S1_a_pattern_tiles_remove_button_asks_first_and_up_down_never_scroll_it_out_of_sight(
        grid_game_path, answer_at_once):
    """Enter on a tile's ✕ removed it at once (the winner changed), while Down had
    scrolled the page away from the ✕ that kept the focus (a new user's run)."""
    from scorepad.tui.screens.dialogs import ConfirmScreen

    from .on_screen import hidden_cells

    app = app_on(grid_game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "pinax")
        await burst(pilot, "ctrl+o")
        remove = app.screen.query_one("#remove-0")
        remove.focus()
        await pilot.pause()
        for key in ("down", "up"):
            await burst(pilot, *[key] * 12)
            assert app.focused is not None and not hidden_cells(app, app.focused, app.focused.content_region), key
        remove.focus()
        await burst(pilot, "enter")
        assert isinstance(app.screen, ConfirmScreen) and "pattern tile 1" in app.screen.question
        await burst(pilot, "enter")  # No has the focus
        assert len(app.session.sheet.players[0].pinax) == 1
        remove.focus()
        await burst(pilot, "enter", "y")
        assert app.session.sheet.players[0].pinax == ()


@pytest.mark.parametrize("opening", ["action_command_palette", "action_change_theme"])
async def test_the_palettes_page_keys_before_its_list_is_laid_out_do_nothing_not_crash(game_path, opening):
    """PageUp reached the palette's list with options not laid out yet (Textual 8's
    OptionList: KeyError 0), and the app ended on its crash page (attack run: 3 times
    in 6 minutes of random keys, during a burst)."""
    from textual.command import CommandList

    app = app_on(game_path)
    async with running(app) as pilot:
        getattr(app, opening)()  # the palette, or the one its "Theme" command opens
        await pilot.pause()
        palette = app.screen
        options = palette.query_one(CommandList)
        options.clear_options()
        options.add_option("a command, not laid out yet")
        options._index_to_line.clear()  # as between adding options and their layout
        for key in ("page_up", "page_down"):
            await palette.run_action(f"command_list('{key}')")
        await pilot.pause()
        assert app.screen is palette and not app.crash_words
        await pilot.press("escape")
        assert app.screen is not palette


async def test_undo_away_from_the_game_screens_says_where_it_works_not_to_open_the_game(game_path):
    """In a replay, and on Setup over an open game, Ctrl+Z said "open the game first"
    with the game open (a new user's run). Each place says what is true there, and
    nothing is undone."""
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "renown")
        await type_line(pilot, "10")
        app.open_replay(game_path)
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await burst(pilot, "ctrl+z")
        words = "A replay shows the game's steps as they were: ← and → step through them, Esc goes back."
        assert app.why_not("undo") == app.why_not("next_screen") == words
        await burst(pilot, "escape")
        app.new_game()
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.why_not("undo") == ("Undo and redo work on the game's screens: F2, then PageDown, "
                                       "goes back to the open game.")
        assert app.why_not("next_screen") == ("PageDown and PageUp walk the game's screens: F2, then PageDown, "
                                              "goes back to the open game.")
        assert app.session.sheet.players[0].renown == 10


async def test_the_palette_leaves_no_typed_form_behind(game_path):
    """A new user's run: Ctrl+P, Go to Pinax, over a play record typed and not kept, and
    Record an Event from a Setup with names typed, dropped the typing without a word."""
    from scorepad.tui.screens.record import RecordScreen

    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await burst(pilot, "ctrl+e", "down", "down", "down", *"Somewhere")
        assert isinstance(app.screen, RecordScreen)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        commands["Go to Pinax"].callback()
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen) and app.screen.typed()["location"] == "Somewhere"
        await burst(pilot, "ctrl+s")
        assert app.session.sheet.location == "Somewhere"
        app.new_game()
        await settle(pilot)
        await burst(pilot, "enter", *"Zed")
        events = len(app.session.sheet.timeline)
        commands["Record an Event"].callback()
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and len(app.session.sheet.timeline) == events


async def test_S1_a_value_typed_on_a_button_says_it_is_a_button(grid_game_path):
    """Tab landed on a tile's ✕, and M typed there did nothing and said nothing (a new
    user's run): the next Tab and G then changed a Library cell the user did not mean."""
    app = app_on(grid_game_path)
    async with running(app, (80, 24), notifications=True) as pilot:
        await goto(pilot, "pinax")
        await burst(pilot, "ctrl+o")
        app.screen.query_one("#remove-0").focus()
        await pilot.pause()
        await burst(pilot, *"M*4")
        said = " ".join((await toasts(pilot)).split())
        assert said.count("Remove tile is a button: Enter presses it") == 1  # once for the burst
        assert len(app.session.sheet.players[0].pinax) == 1
