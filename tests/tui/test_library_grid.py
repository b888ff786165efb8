"""The Library grid on the Pinax screen (S2, S5): a cell is typed on screen and stored
once, as one history entry, when it is committed (Enter, a move, leaving the grid);
Escape puts it back; a key that means nothing says so under the grid. Home/End and
PageUp/PageDown move within the grid while it has the focus."""

from __future__ import annotations

from scorepad.tui.widgets.library_grid import LibraryGridEditor

from .conftest import app_on, running
from .helpers import burst, goto, post_paste, settle


async def on_grid(pilot) -> LibraryGridEditor:
    """Show Pinax with the Library grid focused."""
    await goto(pilot, "pinax")
    grid = pilot.app.screen.query_one("#grid", LibraryGridEditor)
    grid.focus()
    await pilot.pause()
    return grid


def rows(app) -> tuple[str, ...]:
    return app.session.sheet.library.rows


def lines(grid: LibraryGridEditor) -> list[str]:
    """The grid as drawn: headings, one line per row, the message line."""
    return [grid.line_words(y) for y in range(len(grid.line_keys()))]


def said(grid: LibraryGridEditor) -> str:
    """The words under the grid, each line drawn whole within the grid's width."""
    under = lines(grid)[grid.grid.height + 1:]
    assert all(len(line) <= max(grid.content_size.width, 1) for line in under), under
    return " ".join(under)


def styles(grid: LibraryGridEditor) -> set:
    """The styles the grid's lines are drawn in."""
    return {style for y in range(len(grid.line_keys())) for _, style in grid.line_text(y)}


async def test_S2_a_cell_typed_in_three_keys_is_one_history_entry(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        before = len(app.session.history)
        await pilot.press("m", "asterisk", "1")
        assert len(app.session.history) == before  # typed, not stored yet
        assert grid.editing == (0, 0, "M*1")
        assert "M*1▏" in lines(grid)[1]  # shown at once, marked as being edited
        await pilot.press("enter")
        assert len(app.session.history) == before + 1
        assert rows(app)[0] == "M*1 . ." and grid.editing is None
        await pilot.press("ctrl+z")  # one undo step takes the whole cell back
        await pilot.pause()
        assert rows(app)[0] == ". . ." and len(app.session.history) == before


async def test_escape_puts_the_cell_back_and_stores_nothing(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        before = len(app.session.history)
        await pilot.press("g", "asterisk", "escape", "right")
        assert grid.editing is None and rows(app)[0] == ". . ."
        assert len(app.session.history) == before


async def test_backspace_clears_the_cell_as_one_entry(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        await pilot.press("c", "asterisk", "2", "enter", "up")
        before = len(app.session.history)
        await pilot.press("backspace")
        assert rows(app)[0] == ". . ." and len(app.session.history) == before + 1
        await pilot.press("delete")  # already empty: nothing to store
        assert len(app.session.history) == before + 1 and grid.editing is None


async def test_a_key_that_means_nothing_changes_nothing_and_says_so(grid_game_path, key_clock):
    """Each key after the typist has read what the last one did (a pause on the key
    clock: keys typed on in a refused key's run are not taken)."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        before = len(app.session.history)
        await pilot.press("asterisk")  # translated needs a tile first
        assert grid.editing is None and "M, G or C" in grid.message
        assert "M, G or C" in lines(grid)[-1]
        key_clock.advance(1)
        await pilot.press("x")
        assert '"x"' in grid.message
        key_clock.advance(1)
        await pilot.press("m")  # the next good key takes the message away
        assert grid.message == "" and grid.editing == (0, 0, "M")
        await pilot.press("enter")
        assert len(app.session.history) == before + 1


async def test_typing_the_stored_token_again_stores_nothing(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        before = len(app.session.history)
        await pilot.press("full_stop", "enter", "up")  # "." on an empty space
        assert len(app.session.history) == before
        await pilot.press("g", "enter", "up")
        await pilot.press("m", "g", "asterisk", "asterisk", "enter", "1", "1", "right")
        assert rows(app)[0] == "G . ."
        assert len(app.session.history) == before + 1  # G, and nothing else


async def test_every_way_of_leaving_a_cell_commits_it(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        before = len(app.session.history)
        await pilot.press("m", "down")
        await pilot.press("g", "end")
        await pilot.press("c", "ctrl+home")
        await pilot.press("l", "home")
        assert rows(app) == ("M . L", "G . C")
        await pilot.press("number_sign")
        grid.scroll_visible(animate=False)  # a click needs the grid on screen
        await pilot.pause()
        await pilot.click(LibraryGridEditor, offset=(1 + 4 + 5 + 2, 1 + 2))  # row 2, column 2
        assert grid.cursor == (1, 1) and rows(app)[0] == "# . L"
        await pilot.press("m", "asterisk", "tab")  # Tab stores the cell and steps right
        await pilot.pause()
        assert grid.cursor == (1, 2) and rows(app)[1] == "G M* C"
        await pilot.press("l", "down")  # leaving the grid (down from its last row) stores the cell
        await pilot.pause()
        assert app.focused is not grid and rows(app)[1] == "G M* L"
        assert len(app.session.history) == before + 7


async def test_a_typed_cell_is_stored_when_the_screen_is_left(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        await pilot.press("right", "g", "asterisk", "f2")
        await pilot.pause()
        assert app.current_game_screen() is None and rows(app)[0] == ". G* ."


async def test_home_end_ctrl_home_ctrl_end_move_in_the_grid_and_pagedown_goes_on_storing_the_cell(grid_game_path):
    """PageUp / PageDown moved to the grid's first and last rows: two new users finished
    Pinax, pressed PageDown, stayed in the grid and typed School's values into it."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        moves = {"end": (0, 2), "ctrl+end": (1, 2), "home": (1, 0), "ctrl+home": (0, 0)}
        for key, cursor in moves.items():
            await pilot.press(key)
            assert grid.cursor == cursor and app.current_game_screen() == "pinax", key
        await burst(pilot, "M", "pagedown", *"3 2", "enter")  # the cell typed, then on to School
        assert rows(app)[0].startswith("M ")
        assert app.current_game_screen() == "school"
        assert [s.knowledge for s in app.session.sheet.players[0].scribes] == [3, 2]
        await burst(pilot, "pageup")
        assert app.current_game_screen() == "pinax"


async def test_S2_a_row_typed_in_one_burst_stores_one_entry_per_changed_cell(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        before = len(app.session.history)
        await burst(pilot, "M", "*", "1", "right", "G", "*", "2", "right", ".", "enter")
        assert rows(app) == ("M*1 G*2 .", ". . .")
        assert len(app.session.history) == before + 2  # "." on an empty space changes nothing
        await burst(pilot, "home", "C", "right", "L", "right", "#", "enter")
        assert rows(app) == ("M*1 G*2 .", "C L #")
        assert len(app.session.history) == before + 5


async def test_S2_rows_typed_with_tab_and_enter_fill_the_grid_as_typed(grid_game_path):
    """Enter goes to the next row, under the cell where the row's typing began, as a
    spreadsheet does: it stayed, and the next letter replaced the cell just stored (a
    typist's rows, or a paste that arrives as keys, slid into the wrong cells)."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        await burst(pilot, *"M*1", "tab", *"G*1", "tab", *"C*2", "enter", *"M*1", "tab", "L", "tab", "#", "enter")
        assert rows(app) == ("M*1 G*1 C*2", "M*1 L #")
        assert grid.cursor == (1, 2) and grid.message == "Last row: kept · Esc to type anew"
        assert "Last row: kept · Esc to type anew" in said(grid)
        await burst(pilot, "ctrl+home", "home", "right", "G", "tab", "C", "enter", "M", "tab", ".", "enter")
        assert rows(app) == ("M*1 G C", "M*1 M .")  # from the second column, back under it


async def test_S2_keys_pasted_without_a_bracketed_paste_go_where_a_bracketed_paste_puts_them(grid_game_path):
    typed, pasted = app_on(grid_game_path), app_on(grid_game_path)
    async with running(typed) as pilot:
        await on_grid(pilot)
        await burst(pilot, "right", "G", "tab", "C", "enter", "L", "tab", "#")
        await pilot.press("tab")
    async with running(pasted) as pilot:
        await on_grid(pilot)
        await pilot.press("right")
        post_paste(pasted, "G\tC\nL\t#")
        await pilot.pause()
    assert rows(typed) == rows(pasted) == (". G C", ". L #")


async def test_S5_the_grid_is_coloured_by_its_component_classes(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        style = grid.get_component_rich_style
        cursor, editing = style("library-grid--cursor"), style("library-grid--editing")
        assert cursor.bgcolor is not None and editing != cursor
        assert style("library-grid--marked").bgcolor is not None
        assert cursor in styles(grid)
        await pilot.press("m")
        assert editing in styles(grid)


async def test_S2_enter_in_the_grid_size_goes_from_rows_to_columns_and_lays_the_grid_out(game_path):
    """A new user typed ``3 Tab 4 Enter`` and nothing happened: only the button laid the
    grid out. Enter now does, from the columns, and goes from rows to columns (keys in
    one burst)."""
    from textual.widgets import Input

    from .helpers import on_disk

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "pinax")
        app.screen.query_one("#grid-rows", Input).focus()
        await burst(pilot, "3", "enter", "4", "enter")
        grid = on_disk(app).sheet.library.grid
        assert (grid.height, grid.width) == (3, 4)
        assert app.focused.id == "grid"


async def test_S2_a_paste_on_the_grid_stores_its_cells_and_a_question_mark_in_it_is_refused_not_help(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        post_paste(app, "M*1?")
        await pilot.pause()
        assert app.focused is grid and type(app.screen).__name__ == "PinaxScreen"  # no Help
        assert '"?"' in grid.message
        post_paste(app, "\n")
        await pilot.pause()
        assert rows(app)[0].startswith("M*1 ")


async def test_S2_a_copied_spreadsheet_row_pasted_on_the_grid_steps_right_at_each_tab(grid_game_path):
    """A pasted tab left the grid (Tab's way out), so a row copied from a spreadsheet
    typed one cell and dropped the rest (review)."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        post_paste(app, "M\tG*1\tC\n")
        await pilot.pause()
        assert app.focused is grid and rows(app)[0] == "M G*1 C"


async def test_S2_tab_then_enter_from_the_grid_asks_before_removing_it_and_enter_again_keeps_it(grid_game_path, answer_at_once):
    """Tab from the grid's last cell leaves it for "Remove the grid": Tab and Enter, a
    stored cell and the next anywhere else, removed the grid without a word (new-user run)."""
    from scorepad.tui.screens.dialogs import ConfirmScreen

    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        await burst(pilot, "g", "ctrl+end", "end", "tab", "enter")
        assert isinstance(app.screen, ConfirmScreen) and "1 cell(s) typed" in str(app.screen.query_one("Label").render())
        await burst(pilot, "enter")  # No has the focus: the grid stays
        assert rows(app) == ("G . .", ". . .")
        await burst(pilot, "enter", "y")
        assert app.session.sheet.library is None


async def test_S2_cells_typed_with_tabs_between_them_fill_the_row_then_the_next(grid_game_path):
    """``M*1 Tab G*1 Tab C*2`` typed in one burst: Tab left the grid, and the rest was
    typed into the next field (a new user's run). Tab steps as in every table; past the
    last cell it leaves, the cell stored."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        grid = app.screen.query_one(LibraryGridEditor)
        await burst(pilot, *"M*1", "tab", *"G*1", "tab", *"C*2", "tab", "L", "shift+tab", "shift+tab", "#")
        assert rows(app) == ("M*1 G*1 C*2", "L . .") and grid.cursor == (0, 1)
        await burst(pilot, "enter", "ctrl+end", "end", "C", "tab")
        assert app.focused is not grid and rows(app) == ("M*1 # C*2", "L . C")


async def test_S6_a_grid_wider_than_the_terminal_shows_the_cursors_column_and_says_more_are_there(scorepad_home):
    """At 80x24 a 12 x 16 grid showed columns 1-15 only: the cursor and what was typed in
    column 16 could not be seen (new-user run; Setup takes up to 64 columns). The
    grid shows the columns that fit, always the cursor's, with ◀ / ▶ where more are."""
    from scorepad.storage.session import SheetSession

    from .conftest import three_players

    session = SheetSession.create(three_players(library={"rows": [" ".join(["."] * 16)] * 12}))
    session.close()
    app = app_on(session.path)
    async with running(app, (80, 24)) as pilot:
        grid = await on_grid(pilot)
        first = lines(grid)
        assert " 1 " in first[0] and "16" not in first[0] and "▶" in first[0] and "◀" not in first[0]
        # ▶ on the right of the columns, where the others are (it was drawn left of column 1)
        assert first[0].rstrip().endswith("▶") and max(map(len, first[:13])) <= grid.content_size.width
        await burst(pilot, "end", "G")
        assert grid.cursor == (0, 15)
        shown = lines(grid)
        assert "16" in shown[0] and "◀" in shown[0] and "▶" not in shown[0] and shown[0].lstrip().startswith("◀")
        assert "G▏" in shown[1]  # typed where it can be seen
        assert max(len(line) for line in shown[:13]) <= grid.content_size.width
        await burst(pilot, "enter", "home")
        assert rows(app)[0].split()[15] == "G" and grid.cursor == (1, 0)
        assert " 1 " in lines(grid)[0] and "◀" not in lines(grid)[0]
        await burst(pilot, "end", *"M*1", "tab", "C", "enter")  # Tab past the row's end: a new row begins
        assert rows(app)[1].split()[15] == "M*1" and rows(app)[2].split()[0] == "C" and grid.cursor == (3, 0)


async def test_a_cell_being_typed_has_another_colour_than_the_cursor_in_every_theme(grid_game_path):
    """Typed but not stored yet: never the cursor's colour (the theme's cursor colour is
    $primary in most themes, as the typing's was; review)."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        same = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            grid._styles.clear()
            cursor, editing = grid.component_style("library-grid--cursor"), grid.component_style("library-grid--editing")
            if cursor.bgcolor == editing.bgcolor:
                same.append(theme)
        assert same == []


async def test_S2_a_paste_stops_at_a_cell_the_sheet_refuses_and_says_why_under_the_grid(grid_game_path):
    """``M*4`` pasted on a 3-player sheet: the cell was refused (a toast that read like a
    file error), and the paste's next line was typed into the next row all the same (a
    new user's run). Now the cell stays as typed, why is said under the grid, and the
    paste stops there, as it does in every table."""
    app = app_on(grid_game_path)
    async with running(app, notifications=True) as pilot:
        grid = await on_grid(pilot)
        grid.cursor = (0, 2)
        post_paste(app, "M*4\nG*1\n")
        await pilot.pause()
        await pilot.pause()
        assert rows(app) == (". . .", ". . .")
        assert grid.cursor == (0, 2) and grid.editing == (0, 2, "M*4")
        assert "M*4 not stored: the Library has a Seal of player 4, but the sheet has 3 player(s)" in said(grid)
        await burst(pilot, "escape", "down")
        assert grid.cursor == (1, 2) and rows(app) == (". . .", ". . .")


async def test_S2_values_typed_on_after_enter_on_the_last_row_are_refused_not_typed_over_it(grid_game_path,
                                                                                            key_clock):
    """``G*1`` Enter ``C*2`` Enter on the last row left ``C*2`` there, the G*1 gone with a
    note that only said the cursor stays (a new user's run)."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        grid.cursor = (1, 0)
        typing = len(grid.line_keys())
        await burst(pilot, *"G*1", "enter")
        assert len(grid.line_keys()) == typing  # said on one line: no screen layout per commit
        await burst(pilot, *"C*2", "enter")
        assert rows(app) == (". . .", "G*1 . .") and grid.cursor == (1, 0)
        assert "Not typed: this cell was just stored" in said(grid)
        key_clock.advance(1)  # read, then typed over on purpose
        await burst(pilot, "escape", *"C*2", "enter")
        assert rows(app) == (". . .", "C*2 . .")


async def test_S2_on_a_read_only_sheet_a_key_in_the_grid_says_why_and_never_holds_the_user(scorepad_home):
    """The demo (read-only): a letter typed in the grid, then Enter, was refused as a
    value to put right, and arrows, PageDown, F2 and Ctrl+Q were all held by it (review)."""
    from scorepad.messages import READ_ONLY
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp(demo=True)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        before = rows(app)
        await burst(pilot, "g", "enter", "right", "backspace")
        assert grid.editing is None and rows(app) == before and READ_ONLY[:20] in said(grid)
        await burst(pilot, "pagedown")
        assert app.current_game_screen() == "school"


async def test_S2_undo_puts_the_grids_cursor_on_the_cell_and_frees_the_last_rows_guard(grid_game_path):
    """Undone, the cell stored on the last row was still guarded: what was typed to put it
    right was refused as typed over a value just stored (review); and the cursor stayed
    where Enter had moved it."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        await burst(pilot, "g", "enter", "ctrl+z")
        assert grid.cursor == (0, 0) and rows(app) == (". . .", ". . .")
        grid.cursor = (1, 0)
        await burst(pilot, "g", "enter", "ctrl+z", "m", "enter")
        assert rows(app) == (". . .", "M . .") and "Not typed" not in said(grid)


async def test_S2_keys_typed_after_a_refused_cell_are_not_typed_over_it(grid_game_path):
    """``M*4`` Tab ``G*1`` Tab ``C*2`` Enter, typed in one burst on a 3-player sheet: the
    refused cell was started anew by the next letter, and the burst went on from there,
    typing over the good cells after it (new-user run). As on every table, what is typed
    after a refused value is not typed; Esc puts the cell back."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        await burst(pilot, *"M*4", "tab", *"G*1", "tab", *"C*2", "enter")
        assert rows(app) == (". . .", ". . .") and grid.cursor == (0, 0) and grid.editing == (0, 0, "M*4")
        assert "M*4 not stored" in said(grid) and "the keys typed after it were not used" in said(grid)
        await burst(pilot, "escape", *"G*1", "tab")
        assert rows(app) == ("G*1 . .", ". . .") and grid.cursor == (0, 1)


async def test_S2_keys_typed_in_the_run_of_a_refused_key_are_not_typed_on(grid_game_path, key_clock):
    """``L*2`` Tab in one burst: ``*`` means nothing on a wall (Seals go on M, G or C),
    and Tab stored ``L``, the ``2`` lost and the rest of the burst typed one cell on
    (attack run). A key the grid refuses now halts its run, as a refused value does;
    after a pause the typist decides: Tab stores what the cell shows."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        before = len(app.session.history)
        await burst(pilot, *"L*2", "tab", *"M*1")
        assert rows(app) == (". . .", ". . .") and len(app.session.history) == before
        assert grid.cursor == (0, 0) and grid.editing == (0, 0, "L")
        assert "* goes on M, G or C only" in said(grid) and "the keys typed after it were not used" in said(grid)
        key_clock.advance(1)
        await burst(pilot, "tab")
        assert rows(app) == ("L . .", ". . .") and grid.cursor == (0, 1)


async def test_S2_a_row_typed_past_the_last_never_reaches_the_last_rows_cells(grid_game_path):
    """``L`` Enter on the last row, then ``C*1`` Tab ``G*1`` Enter in the same burst (one
    row more than the grid has): ``C`` was refused, but the Tab went on to the next cell
    and ``G*1`` was stored over it (attack run). The refused key halts the run: nothing
    after it is typed, and it says so."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        grid.cursor = (1, 0)
        await burst(pilot, "l", "enter", *"C*1", "tab", *"G*1", "enter")
        assert rows(app) == (". . .", "L . .") and grid.cursor == (1, 0)
        assert "Not typed: this cell was just stored" in said(grid)
        assert "the keys typed after it were not used" in said(grid)


async def test_S2_a_tab_after_the_last_rows_enter_never_steps_on_over_its_cells(grid_game_path):
    """``M`` Enter on the last row, then Tab ``G`` Enter in the same burst: the Tab went on
    to the next cell and ``G`` replaced it, while the note still said the row was kept
    (attack run). A Tab then is refused as the keys are, and halts the run."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        grid.cursor = (1, 0)
        await burst(pilot, "m", "enter", "tab", "g", "enter")
        assert rows(app) == (". . .", "M . .") and grid.cursor == (1, 0)
        assert "Not typed: this cell was just stored" in said(grid)


async def test_S2_a_cell_the_sheet_refused_is_never_said_to_be_stored_by_tab(grid_game_path):
    """After ``M*4`` refused (3 players), the note said Tab stores the cell as shown: Tab
    can never store what the sheet refuses (attack run). Only a key the grid refused
    leaves a cell Tab can store."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        grid = await on_grid(pilot)
        await burst(pilot, *"M*4", "tab", "g")
        assert "M*4 not stored" in said(grid) and "Tab stores it" not in said(grid)
        assert "(Esc puts the cell back)" in said(grid)


async def test_S2_a_paste_stops_at_a_key_the_grid_refuses(grid_game_path):
    """``L*2`` then a tab and ``M*1``, pasted: the paste stops at the ``*``, and says what
    was not typed; nothing is stored."""
    app = app_on(grid_game_path)
    async with running(app, notifications=True) as pilot:
        grid = await on_grid(pilot)
        post_paste(app, "L*2\tM*1")
        await settle(pilot)
        assert rows(app) == (". . .", ". . .") and grid.editing == (0, 0, "L")
        assert any("“2⇥M*1” was not typed" in toast.message for toast in app._notifications)


async def test_S2_tab_past_the_last_field_of_pinax_stays_and_never_goes_round_to_the_table(grid_game_path):
    """A burst run past the grid's last cell went to "Remove the grid", and the next Tab
    round to the Pinax table's last row, where ``1`` Enter replaced a player's tile
    (new-user run). From the screen's last field, Tab stays."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        last = app.screen.focus_chain[-1]
        last.focus()
        await pilot.pause()
        await burst(pilot, "tab", "tab")
        assert app.focused is last
        app.screen.focus_chain[0].focus()
        await pilot.pause()
        await burst(pilot, "shift+tab")
        assert app.focused is app.screen.focus_chain[0]
