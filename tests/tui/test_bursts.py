"""Keys in bursts: every key is handled against the field it was typed for, in order,
however fast keys arrive (a paste, a fast typist, a busy laptop, tmux sending a line).

Each test sends its whole sequence at once (``burst``: no key waits for the one before),
then checks the saved file, not only the screen."""

from __future__ import annotations

from scorepad.rules.record_text import moment_text
from scorepad.storage.files import read_sheet

from .conftest import app_on, running
from .helpers import burst, count_cell, focused_id, goto, on_disk, post_keys, post_paste, settle, tab_to


def saved(app):
    """The sheet as it is on disk (file and journal) when the screen shows it."""
    return on_disk(app).sheet


async def test_S9_supplies_typed_in_one_burst_land_player_by_player(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, "5", "enter", "6", "enter", "7", "enter", "1", "2", "tab", "3", "+", "4", "enter")
        sheet = saved(app)
        assert [p.supplies.kings_grace for p in sheet.players] == [5, 6, 7]
        assert [p.supplies.research for p in sheet.players] == [12, 7, 0]


async def test_S7_school_typed_in_one_burst_stores_every_scribe_of_every_player(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        await burst(pilot, *"3 2 4y", "enter", *"5,5", "enter", "enter", "ctrl+n", "1", "enter")
        scribes = [[(s.knowledge, s.young) for s in p.scribes] for p in saved(app).players]
        assert scribes == [[(3, False), (2, False), (4, True)], [(5, False), (5, False)], [(1, False)]]


async def test_S8_scholars_typed_in_one_burst_with_names(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        await burst(pilot, *"4 Hypatia 3", "enter", *"6, 2 Euclid", "enter", "7", "tab")
        cards = [[(c.renown, c.name) for c in p.scholars] for p in saved(app).players]
        assert cards == [[(4, "Hypatia"), (3, "")], [(6, ""), (2, "Euclid")], [(7, "")]]


async def test_S8_a_scholar_name_too_long_is_refused_in_the_cell_and_nothing_is_stored(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        await burst(pilot, *f"4 {'Hypatia of Alexandria ' * 3}", "enter")
        assert "at most 60 characters" in count_cell(app, "0-0")[1] and focused_id(app) == "0-0"
        assert [p.scholars for p in saved(app).players] == [(), (), ()]


async def test_S8_a_question_mark_typed_in_a_scholars_name_is_typed_and_help_stays_shut(game_path):
    """Typed (not pasted), "?" opened Help from a Scholar's name and was lost (new-user run);
    in a table of counts it stays the help key."""
    from scorepad.tui.screens.help import HelpScreen

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        await burst(pilot, *"2 Who?", "enter")
        assert not isinstance(app.screen, HelpScreen)
        assert [(c.renown, c.name) for c in saved(app).players[0].scholars] == [(2, "Who?")]
        await goto(pilot, "renown")
        await burst(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)


async def test_S1_pinax_quick_counts_in_one_burst_and_ctrl_n_then_a_digit_is_kept(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        # ctrl+n then a digit at once: the digit goes to the new tile, not lost
        await burst(pilot, "ctrl+n", "3", "enter", "ctrl+n", "4", "ctrl+n", "1", "enter", "f3", "ctrl+n", "2", "enter")
        seals = [[t.seals for t in p.pinax] for p in saved(app).players]
        assert seals == [[3], [4, 1, 2], []]


async def test_undo_of_a_scholar_name_shows_in_the_table_and_is_not_written_back(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        await burst(pilot, *"4", "enter", "up", "ctrl+n", *"Hypatia", "enter")
        assert saved(app).players[0].scholars[0].name == "Hypatia"
        await burst(pilot, "ctrl+z", "up", "tab")  # undo, then leave the row: nothing written back
        assert count_cell(app, "0-0")[0] == "4"
        assert saved(app).players[0].scholars[0].name == ""


async def test_S8_a_long_line_of_cards_is_stored_whole_and_its_end_shows_while_typed(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "scholars")
        line = "4 Callimachus, 6 Hypatia of Alexandria, 2, 3 Euclid, 5 Eratosthenes of Cyrene"
        await burst(pilot, *line)
        table = app.screen.query_one("#cards")
        assert "Cyrene" in table.line_words(table.top)  # the end, where the typing is
        await burst(pilot, "enter")
        assert [c.renown for c in saved(app).players[0].scholars] == [4, 6, 2, 3, 5]


async def test_E1_ctrl_r_in_the_middle_of_typing_a_count_keeps_what_was_typed(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "progress")
        await burst(pilot, "3", "ctrl+r", "enter")  # the 3 is stored first, then the Event
        assert app.live.end().generation == 3
        assert [m.kind for m in saved(app).timeline] == ["phase", "event"]


async def test_S10_T2_T4_renown_and_tie_breaks_typed_in_one_burst(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, *"54", "enter", *"61", "tab", *"6", "0", "enter", "7", "enter", "enter",
                    "6", "backspace", "2", "enter", "2", "enter", "3", "enter", "1", "pagedown")
        sheet = saved(app)
        assert [p.renown for p in sheet.players] == [54, 61, 60]
        assert [p.seals_removed for p in sheet.players] == [7, 0, 2]  # backspace erased the 6
        assert [p.kings_requests for p in sheet.players] == [2, 3, 1]  # PageDown stored the last
        assert app.current_game_screen() == "results"


async def test_S9_two_numbers_in_one_count_cell_are_refused_not_read_as_one(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, "1", "space", "2", "enter")
        assert "one number per cell" in count_cell(app, "kings_grace-0")[1]
        assert saved(app).players[0].supplies.kings_grace == 0


async def test_coming_back_to_a_stored_cell_typing_replaces_it(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "progress")
        await burst(pilot, "2", "enter", "shift+tab", "3", "enter")  # back from the phase row
        assert app.live.end().generation == 3


async def test_E3_taking_back_a_mark_empties_the_cell_that_showed_it(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "progress")
        await burst(pilot, "2", "enter", "enter", "3", "enter", "4", "enter", "ctrl+t")
        assert app.live.end().empty_spaces is None
        assert count_cell(app, "empty-0")[0] == ""


async def test_ctrl_z_while_typing_puts_back_the_typing_and_undoes_nothing_stored(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, "3", "0", "enter", "4", "5", "ctrl+z", "enter")
        assert [p.renown for p in saved(app).players] == [30, 0, 0]


async def test_new_game_twice_shows_a_blank_form_with_the_title_focused(scorepad_home):
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        await burst(pilot, "enter", *"First", "enter", *"Ana", "ctrl+s", "f2", "enter")
        assert app.focused.cursor == "title" and app.focused.value("title") == ""
        assert app.focused.value("name-0") == ""


async def test_S7_one_line_of_cards_is_one_undo_step(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "school")
        await burst(pilot, *"3 2 4y", "enter", "ctrl+z")
        assert saved(app).players[0].scribes == ()
        await burst(pilot, "ctrl+y")
        assert len(saved(app).players[0].scribes) == 3


async def test_S8_moving_through_a_row_stores_nothing_even_a_card_named_with_a_number(game_path):
    """A card named "2" (typed so no more: ``2 2,`` is refused as two cards meant; a file
    may hold one) is not stored again, nor refused, when the row is only passed over."""
    from scorepad.rules.entries import PutScholar

    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "scholars")
        app.live.send(PutScholar(player=0, index=None, scholar={"renown": 2, "name": "2"}))
        await pilot.pause()
        before = len(app.session.history)
        await burst(pilot, "up", "enter", "up", "down", "pagedown")
        assert len(app.session.history) == before
        assert [(c.renown, c.name) for c in saved(app).players[0].scholars] == [(2, "2")]


async def test_a_refused_value_keeps_its_screen_rather_than_being_lost(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, *"12x", "pagedown")
        assert app.current_game_screen() == "supplies"
        assert "sum like 3+4+2" in count_cell(app, "kings_grace-0")[1]
        await burst(pilot, "backspace", "pagedown")  # put right: now it is stored, and on we go
        assert saved(app).players[0].supplies.kings_grace == 12
        assert app.current_game_screen() == "renown"


async def test_S1_ctrl_n_from_a_pattern_tile_adds_to_the_quick_tiles_not_over_them(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await burst(pilot, *"4 2", "enter", "up", "ctrl+o", "ctrl+n", "3", "enter")
        tiles = saved(app).players[0].pinax
        assert [t.seals for t in tiles if t.pattern is None] == [4, 2, 3]
        assert sum(t.pattern is not None for t in tiles) == 1


async def test_keys_typed_after_ctrl_q_go_nowhere_and_the_app_exits_cleanly(game_path):
    from textual import events

    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        for key, char in (("5", "5"), ("ctrl+q", None), ("pagedown", None), ("7", "7")):
            app.post_message(events.Key(key, char))
        await pilot.pause(0.3)
    assert app.return_code == 0
    assert read_sheet(game_path).sheet.players[0].renown == 5  # typed before Ctrl+Q: stored


async def test_ctrl_q_over_a_refused_value_says_so_and_keeps_the_app_open(game_path):
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, *"12x", "ctrl+q")
        assert app.is_running and app.current_game_screen() == "supplies"
        await burst(pilot, "escape", "ctrl+q")  # put back: now it quits
    assert app.return_code == 0


async def test_a_key_typed_into_a_dialog_never_waits_for_the_screen_under_it(game_path):
    """Textual runs a screen's after-refresh work only while it is on top. Work left on
    the screen under a dialog (a focus moved just before the dialog came up) held every
    key typed into the dialog for a second, the longest a key waits."""
    from scorepad.tui.screens.dialogs import ConfirmScreen

    app = app_on(game_path)
    async with running(app) as pilot:
        progress, answers = app.screen, []
        app.push_screen(ConfirmScreen("Go back to Planning?"), answers.append)
        await pilot.pause()
        # the state Textual was seen to leave it in: a repaint due, its timer paused,
        # work waiting that runs only once it is on top again
        progress._repaint_required = True
        progress._callbacks.append((lambda: None, progress))
        assert app.keys_settled()  # the next key goes straight to the dialog
        await burst(pilot, "n")
        assert answers == [False] and app.screen is progress


async def test_S9_line_feeds_typed_before_the_terminal_went_raw_are_enters(game_path):
    """Keys typed while scorepad starts reach it through the terminal's line discipline,
    which turns Enter into a line feed (Ctrl+J): ``11 Enter 12 Enter 13 Enter`` glued
    into one cell, ``111213``, and stored nothing. A line feed is an Enter now."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, "1", "1", "ctrl+j", "1", "2", "ctrl+j", "1", "3", "ctrl+j")
        assert [p.supplies.kings_grace for p in on_disk(app).sheet.players] == [11, 12, 13]


async def test_S10_a_paste_into_a_table_is_typed_key_by_key_a_line_break_an_enter(game_path):
    """A paste into a game table did nothing: no table took Textual's paste event, so
    ``40⏎50⏎60⏎`` pasted on Renown stored nothing and said nothing (new-user run)."""
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        post_paste(app, "40\n50\r\n60\n")
        await burst(pilot, "7", "enter")  # typed after the paste: handled after it, in the next row
        sheet = saved(app)
        assert [p.renown for p in sheet.players] == [40, 50, 60]
        assert sheet.players[0].seals_removed == 7


async def test_S7_a_paste_into_the_school_table_and_keys_typed_around_it_keep_their_order(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        post_keys(app, "3", "space")
        post_paste(app, "2 4y\n")  # the line break an Enter: the line is stored, the next player's next
        post_keys(app, *"5,5", "enter")
        await settle(pilot)
        scribes = [[(s.knowledge, s.young) for s in p.scribes] for p in saved(app).players]
        assert scribes == [[(3, False), (2, False), (4, True)], [(5, False), (5, False)], []]


async def test_a_paste_too_long_for_a_table_types_nothing_and_says_so(game_path):
    from .helpers import toasts

    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "renown")
        before = saved(app)
        post_paste(app, "1\n" * 5000)
        await settle(pilot)
        assert "nothing of it was typed" in await toasts(pilot)
        assert saved(app) == before


async def test_S8_a_pasted_question_mark_is_part_of_a_name_not_the_help_key(game_path):
    """``4 Hypatia? 3 q 2⏎`` pasted on Scholars opened Help at the "?", typed " 3 " into
    it, closed it at "q" and stored two cards of three, without a word (review)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        post_paste(app, "4 Hypatia?, 3 Who, 2\n")
        await settle(pilot)
        assert type(app.screen).__name__ == "ScholarsScreen"
        assert [(c.renown, c.name) for c in saved(app).players[0].scholars] == [(4, "Hypatia?"), (3, "Who"), (2, "")]


async def test_S8_a_pasted_no_break_space_parts_two_cards_as_a_space_does(game_path):
    """A copied web page's no-break space between 6 and 7 was dropped: one card of 67."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        post_paste(app, "6\u00a07\u20093\n")
        await settle(pilot)
        assert [c.renown for c in saved(app).players[0].scholars] == [6, 7, 3]


async def test_E1_a_paste_stops_where_it_would_leave_its_table_and_says_so(game_path):
    """``2⏎e⏎3⏎`` pasted into Generation: its Enter moved on to the phase bar, where the
    next Enter recorded a phase nobody chose, and "3" went on into Round (review)."""
    from .helpers import toasts

    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "progress")
        post_paste(app, "2\ne\n3\n")
        await settle(pilot)
        assert app.live.end().generation == 2
        assert [(m.kind, m.phase) for m in saved(app).timeline] == [("phase", "planning")]  # as typed "2⏎"
        assert focused_id(app) == "phase" and "“e⏎3⏎” was not typed" in await toasts(pilot)


async def test_E1_keys_typed_after_a_paste_that_stopped_are_kept_and_a_paste_nothing_takes_is_said(game_path):
    """A paste's keys past its table are not typed; keys typed by hand after it are, in
    order. A second paste handled where the first left the focus (the phase bar, which
    takes no paste) vanished without a word (review)."""
    from .helpers import toasts

    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "progress")
        post_paste(app, "2\nX\n")  # "X⏎" would be the phase bar's
        post_keys(app, "right", "enter")  # typed by hand: Execution, on the phase bar
        await settle(pilot)
        assert [(m.kind, m.phase) for m in saved(app).timeline] == [("phase", "planning"), ("phase", "execution")]
        assert "“X⏎” was not typed" in await toasts(pilot)
        app.clear_notifications()
        await tab_to(pilot, "actions")  # a bar of actions: it takes no paste
        before = saved(app)
        post_paste(app, "5\n")
        await settle(pilot)
        assert "Nothing here takes a paste" in await toasts(pilot)
        assert saved(app) == before


async def test_S8_a_word_processors_paragraph_break_in_a_paste_is_an_enter(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        post_paste(app, "4\u20293\u2028\x0b2\n")  # a vertical tab is no space: dropped
        await settle(pilot)
        assert [[c.renown for c in p.scholars] for p in saved(app).players] == [[4], [3], [2]]


async def test_keys_typed_while_a_screen_is_built_wait_for_it_however_long_it_takes(game_path, monkeypatch):
    """A key waited at most a second (``LONGEST_WAIT``) for the app to settle, then went
    to whatever had the focus: with four test runs on two cores, the play record took
    longer than that to build, and the date typed for it went into the screen below.
    Here the wait is a tenth of the time the play record takes to mount."""
    import asyncio

    from scorepad.tui import ordered_keys
    from scorepad.tui.screens.record import RecordScreen

    mount = RecordScreen.on_mount

    async def slow_mount(self) -> None:  # a loaded machine
        await asyncio.sleep(0.5)
        mount(self)

    monkeypatch.setattr(RecordScreen, "on_mount", slow_mount)
    monkeypatch.setattr(ordered_keys, "LONGEST_WAIT", 0.05)
    app = app_on(game_path)
    async with running(app) as pilot:
        await burst(pilot, "ctrl+e", *"2026-11-27 19:05", "ctrl+s")
        assert moment_text(app.session.sheet.played.started) == "2026-11-27 19:05"


async def test_S1_a_value_tabbed_past_a_tables_last_cell_leaves_the_rest_of_the_burst_untyped(scorepad_home, tmp_path):
    """``2`` Tab ``1 1`` Enter on the last quick-count row: the 2 was stored, the Tab went
    on to the player's pattern tile, and its space took a cell off the tile (Ben's Pinax
    10 -> 12, the game tied; attack run). A value typed, then Tab past the table's last
    cell: the focus moves on, but the keys typed straight after it are not taken, and a
    note says so."""
    import shutil
    from pathlib import Path

    path = tmp_path / "patterns.json"
    shutil.copy(Path(__file__).parent.parent / "data" / "patterns.json", path)
    app = app_on(path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        tiles = app.session.sheet.players[1].pinax
        await burst(pilot, "down", "2", "tab", *"1 1", "enter")
        sheet = saved(app)
        assert sheet.players[1].pinax == (*tiles, type(tiles[0])(seals=2))
        assert focused_id(app) != "quick"  # the focus went on, as Tab says
        assert "the keys typed straight after leaving were not used" in app.screen.note[0]  # on the heading's line


async def test_E4_a_value_tabbed_past_the_round_never_records_an_event_with_the_enter_after_it(scorepad_home, tmp_path):
    """``3`` Tab Enter on the round: the Tab went on to "Record an Event", and the Enter
    recorded the second Event, which ended the game (attack run). A value typed in a
    burst must not record an Event."""
    import shutil
    from pathlib import Path

    path = tmp_path / "patterns.json"
    shutil.copy(Path(__file__).parent.parent / "data" / "patterns.json", path)
    app = app_on(path)
    async with running(app) as pilot:
        await tab_to(pilot, "round-0")
        events = len(app.session.sheet.timeline)
        await burst(pilot, "3", "tab", "enter")
        sheet = saved(app)
        assert len(sheet.timeline) == events + 1 and sheet.timeline[-1].kind == "round"


async def test_keys_typed_straight_after_the_help_key_are_said_not_to_be_used(game_path, key_clock):
    """``3?4`` Enter ``5`` Enter on Supplies: ``?`` opened Help, and the 4, both Enters
    and the 5 went nowhere, unsaid (attack run). Help, opened by a key, takes none of
    the keys typed on in its run and says so; after a pause Escape closes it, and the 3
    is still being typed, not stored."""
    from scorepad.tui.screens.help import HelpScreen

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        before = saved(app).players[0].supplies.kings_grace
        await burst(pilot, "3", "question_mark", "4", "enter", "5", "enter")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#not-taken").display
        key_clock.advance(1)
        await burst(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)
        assert count_cell(app, "kings_grace-0")[0] == "3"
        assert saved(app).players[0].supplies.kings_grace == before


async def test_E1_tab_on_the_generation_goes_on_to_the_phase_with_the_keys_after_it(scorepad_home, tmp_path):
    """The Generation is a form's one-cell field: ``5`` Tab → Enter leaves it on purpose,
    by Tab as by Enter (review: Tab halted the run there, and the phase was not chosen)."""
    import shutil
    from pathlib import Path

    found = {}
    for leave in ("enter", "tab"):
        path = tmp_path / f"{leave}.json"
        shutil.copy(Path(__file__).parent.parent / "data" / "patterns.json", path)
        app = app_on(path)
        async with running(app) as pilot:
            assert focused_id(app) == "generation-0"
            await burst(pilot, "5", leave, "right", "enter")
            end = app.live.end()
            found[leave] = (end.generation, end.phase, focused_id(app))
    assert found["tab"] == found["enter"] == (5, "execution", "round-0")


async def test_a_halted_run_holds_typing_keys_only_pagedown_goes_on(scorepad_home, tmp_path):
    """The last value of Game progress, Tab, PageDown: a natural burst. The Tab left the
    table and halted the run, and PageDown went nowhere (review); the screen's and the
    app's own keys go on, only keys that type are held."""
    import shutil
    from pathlib import Path

    path = tmp_path / "patterns.json"
    shutil.copy(Path(__file__).parent.parent / "data" / "patterns.json", path)
    app = app_on(path)
    async with running(app) as pilot:
        await tab_to(pilot, "round-0")
        await burst(pilot, "3", "tab", "5", "pagedown")
        assert app.current_game_screen() == "pinax"
        assert saved(app).timeline[-1].round == 3


# -- halted runs: the ways out of a table a burst took (attack run on the halts) ----------


def sheet_copy(tmp_path, name: str = "patterns.json"):
    """A copy of a test sheet to type into."""
    import shutil
    from pathlib import Path

    path = tmp_path / name
    shutil.copy(Path(__file__).parent.parent / "data" / name, path)
    return path


async def test_S1_a_key_refused_on_a_stayed_last_cell_halts_the_run_its_tab_never_leaves(scorepad_home, tmp_path):
    """``2`` Enter on Pinax's last quick-count row, then ``1`` Tab Space Enter: the ``1``
    was refused (the cursor stayed), but the Tab went on to Ben's pattern tile and the
    Space took a cell off it (the game tied)."""
    app = app_on(sheet_copy(tmp_path))
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        before = on_disk(app).sheet.players[1].pinax
        await burst(pilot, "down", "2", "enter", "1", "tab", "space", "enter")
        assert on_disk(app).sheet.players[1].pinax == (before[0], type(before[0])(seals=2))
        assert app.focused is app.screen.query_one("#quick")  # the Tab held with the rest


async def test_E5_a_refused_key_after_the_last_cell_never_lays_out_a_library(game_path):
    """Pinax's last quick count, then ``1`` Tab ``1`` Enter ``2`` Enter Enter: the stray 1
    was refused, the Tab went on to the Library's size, and the rest laid out a 1x2 grid,
    ending the game (the failure the last cell's guard was made against)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await burst(pilot, "3", "enter", "2", "enter", "4", "enter", "1", "tab", "1", "enter", "2", "enter", "enter")
        assert on_disk(app).sheet.library is None and not app.live.end().triggered


async def test_S1_a_pasted_tab_on_the_last_cell_halts_the_keys_typed_after_the_paste(scorepad_home, tmp_path):
    """``2<Tab>`` pasted on Pinax's last row, then Space Enter typed: the pasted Tab left
    the table and the Space took a cell off Ben's pattern tile."""
    app = app_on(sheet_copy(tmp_path))
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await pilot.press("down")
        tile = on_disk(app).sheet.players[1].pinax[0]
        post_paste(app, "2\t")
        post_keys(app, "space", "enter")
        await settle(pilot)
        assert on_disk(app).sheet.players[1].pinax[0] == tile


async def test_S9_down_on_the_last_row_or_shift_tab_on_the_first_cell_guards_the_value(scorepad_home, tmp_path):
    """Down on a table's last row (nowhere to go) after a value, then the next value: it
    replaced the one just stored, unsaid; Shift+Tab on the first cell the same. Either
    edge now keeps the value, as Enter on the last cell does."""
    app = app_on(sheet_copy(tmp_path))
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, "1", "down", "2", "down", "3", "down", "4", "down", "5", "down", "6", "down", "7", "enter")
        assert on_disk(app).sheet.players[0].supplies.stones_in_royal_ships == 6
    app = app_on(sheet_copy(tmp_path, "friday.json"))
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, "4", "shift+tab", "7", "enter")
        assert on_disk(app).sheet.players[0].supplies.kings_grace == 4


async def test_S9_a_pasted_enter_on_the_last_cell_guards_it_as_a_typed_one_does(game_path):
    """``2`` Enter pasted on the last cell, then ``3`` Enter typed: the 3 replaced the 2
    (typed, ``2`` Enter ``3`` Enter keeps the 2 and refuses the 3)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await pilot.press("ctrl+end", "end")
        post_paste(app, "2\n")
        post_keys(app, "3", "enter")
        await settle(pilot)
        assert on_disk(app).sheet.players[2].supplies.stones_in_royal_ships == 2


async def test_S2_held_keys_are_said_after_ctrl_o_composes_the_grid_anew(scorepad_home, tmp_path, key_clock):
    """``*`` on a wall, then Ctrl+O, Space, ``x``: the Ctrl+O went on and composed the
    screen anew, and the held keys were said to the grid that was gone."""
    app = app_on(sheet_copy(tmp_path))
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        app.screen.query_one("#grid").focus()
        await pilot.pause()
        await pilot.press("ctrl+end", "home")
        key_clock.advance(1)
        await burst(pilot, "asterisk", "ctrl+o", "space", "x")
        shown = (app.screen.note or ("",))[0] + app.screen.query_one("#grid").message
        assert "not used" in shown


async def test_S9_end_or_home_at_a_tables_edge_guards_the_value_as_an_arrow_does(scorepad_home, tmp_path):
    """``5`` End ``6`` End ``7`` Enter on Supplies: the second End had nowhere to go, and
    the 7 replaced the 6, unsaid (attack run); an arrow there keeps it."""
    app = app_on(sheet_copy(tmp_path, "friday.json"))
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await burst(pilot, "5", "end", "6", "end", "7", "enter")
        assert [p.supplies.kings_grace for p in on_disk(app).sheet.players] == [5, 0, 6]


async def test_an_undo_in_a_halted_run_frees_it_the_keys_after_it_are_typed(scorepad_home, tmp_path):
    """``9`` Enter ``5`` Ctrl+Z ``8`` Enter on Scholars' last row: the 5 (refused) halted the
    run, Ctrl+Z undid the 9, and the 8 was held with no word, the undo's note over the
    refusal's (attack run). An undo is the typist's own correction: the run is free."""
    app = app_on(sheet_copy(tmp_path, "friday.json"))
    async with running(app) as pilot:
        await goto(pilot, "scholars")
        grid = app.screen.query_one("#cards")
        grid.cursor = (len(grid.rows) - 1, 0)
        await pilot.pause()
        await burst(pilot, "9", "enter", "5", "ctrl+z", "8", "enter")
        assert [c.renown for c in on_disk(app).sheet.players[-1].scholars] == [8]


async def test_an_undo_puts_the_cursor_back_in_the_table_from_the_library_size_fields(scorepad_home, tmp_path,
                                                                                      key_clock):
    """Chloé's quick tile ``1`` Tab (on to the Library's rows), then Ctrl+Z, then ``4``:
    the 4 went into the rows field (attack run). The undo puts the cursor on the cell it
    changed, in the table that shows it."""
    app = app_on(sheet_copy(tmp_path, "friday.json"))
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await pilot.press("ctrl+end")
        key_clock.advance(1)
        await burst(pilot, "1", "tab")
        assert focused_id(app) != "quick"
        key_clock.advance(1)
        await burst(pilot, "ctrl+z")
        key_clock.advance(1)
        await burst(pilot, "4", "enter")
        assert [[t.seals for t in p.pinax] for p in on_disk(app).sheet.players][-1] == [4]


async def test_a_halted_run_is_held_on_the_screen_pagedown_goes_to(scorepad_home, tmp_path):
    """``2 2`` Tab PageDown ``9`` Enter on Pinax's last row: the Tab halted the run, the
    PageDown went on (a command), and the 9 replaced Ana's Scribes on School (attack run).
    The halt is the run's, whatever screen it reaches: the 9 is held, and said there."""
    app = app_on(sheet_copy(tmp_path, "friday.json"))
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        await pilot.press("ctrl+end")
        scribes = on_disk(app).sheet.players[0].scribes
        await burst(pilot, *"2 2", "tab", "pagedown", "9", "enter")
        assert app.current_game_screen() == "school" and on_disk(app).sheet.players[0].scribes == scribes
        assert "not used" in app.screen.note[0]
