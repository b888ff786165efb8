"""The count table of the Supplies and Renown screens (S9, S10, T2, T4): typed like a
spreadsheet, committed on Enter, Tab, an arrow, a click or leaving it."""

from __future__ import annotations

import pytest

from scorepad.columns import wrapped
from scorepad.storage.files import read_sheet
from scorepad.tui.screens.help import HelpScreen
from scorepad.tui.widgets.count_grid import CountGrid

from .conftest import app_on, running
from .helpers import burst, count_cell, focused_id, goto, on_disk


def renown(app) -> list[int]:
    return [p.renown for p in app.session.sheet.players]


async def test_enter_stores_S10_and_walks_player_by_player_then_row_by_row(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        assert focused_id(app) == "renown-0"
        await pilot.press(*"12", "enter", *"7", "tab", *"30", "enter")
        await pilot.pause()
        assert renown(app) == [12, 7, 30]
        assert focused_id(app) == "seals_removed-0"  # the next row, first player
        await pilot.press("shift+tab")
        assert focused_id(app) == "renown-2"


async def test_first_key_replaces_backspace_erases_escape_reverts(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await pilot.press(*"45", "enter", "shift+tab")
        await pilot.press("9")  # replaces the 45, as a selected field would
        assert count_cell(app, "renown-0")[0] == "9"
        await pilot.press("backspace", *"17", "backspace")
        assert count_cell(app, "renown-0")[0] == "1"
        await pilot.press("escape")
        assert count_cell(app, "renown-0")[0] == "45"
        assert renown(app)[0] == 45
        await pilot.press(*"3+4", "right")  # moving away stores the cell
        await pilot.pause()
        assert renown(app)[0] == 7
        assert focused_id(app) == "renown-1"
        assert count_cell(app, "renown-0") == ("3+4", "= 7")


async def test_a_refused_value_keeps_the_cursor_and_stores_nothing(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        for keys in ("abc", "-3", "2.5"):
            await pilot.press("ctrl+u", *keys, "down")
            await pilot.pause()
            assert focused_id(app) == "renown-0"
            assert count_cell(app, "renown-0")[1]
        grid = app.screen.query_one(CountGrid)
        assert "Renown in play, Ana:" in grid.line_words(len(grid.rows) + 1)
        assert renown(app) == [0, 0, 0]
        assert len(app.session.history) == 1


@pytest.mark.parametrize("keys", [("tab",), ("down",), ("right",), ("down", "right", "enter")])
async def test_the_cursor_never_goes_round_past_the_last_cell_of_a_table_alone_on_its_screen(game_path, keys):
    """Renown's table is its screen's only field: Down on its last row went to the top
    row, and the next value typed replaced the first player's Renown (a new user's run).
    The cursor stays at the edge, and, as Enter or Tab on the last cell, an arrow there
    keeps what it stored (values typed on are refused, and said: ``6`` Down ``7`` on
    Supplies' last row replaced the 6, unsaid; attack run)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, *"40", "enter")
        grid = app.screen.query_one(CountGrid)
        grid.cursor = grid.find("kings_requests-2")
        await burst(pilot, *"2", *keys, *"1", "enter")
        assert focused_id(app) == "kings_requests-2"
        assert app.session.sheet.players[2].kings_requests == 2
        assert app.session.sheet.players[0].renown == 40


@pytest.mark.parametrize("screen, keys", [("renown", ("enter",)), ("renown", ("tab",)), ("supplies", ("enter",)),
                                         ("school", ("enter",)), ("scholars", ("enter",)), ("pinax", ("enter",))])
async def test_values_typed_on_after_the_last_cell_are_refused_not_typed_over_it_S9_S10(game_path, screen, keys,
                                                                                         key_clock):
    """Enter on a table's last cell keeps the cursor there: a burst of more values than
    cells (a fast typist, a paste with no bracketed paste) went into that cell one after
    another, each replacing the last, without a word (new-user runs). Now what is typed
    on is refused and said, as a paste's rest is; Backspace or Ctrl+U types over it. The
    hint's line says so meanwhile, the table keeping its number of lines (no layout)."""
    app = app_on(game_path)
    async with running(app, size=(80, 24)) as pilot:
        await goto(pilot, screen)
        grid = app.screen.query_one(CountGrid)
        grid.cursor = (len(grid.rows) - 1, len(grid.players) - 1)
        await pilot.pause()
        assert not any(grid.STAYS in grid.line_words(y) for y in range(len(grid.line_keys())))
        await burst(pilot, *"2", *keys)
        assert grid.at_last_cell() and app.focused is grid and grid.texts[-1][-1] == "2"
        lines = len(grid.line_keys())
        assert any(grid.STAYS in grid.line_words(y) for y in range(lines))
        assert len(wrapped(grid.STAYS, grid.size.width)) == len(wrapped(grid.HINT, grid.size.width))
        stored = app.session.sheet
        await burst(pilot, *"3", *keys, *"4", *keys)
        assert app.session.sheet == stored and grid.texts[-1][-1] == "2"
        said = " ".join(grid.line_words(y) for y in range(len(grid.line_keys())))
        assert "were not used" in said and grid.message_is_error() and not grid.refused(*grid.cursor)
        key_clock.advance(1)  # read, then typed over on purpose
        await burst(pilot, "ctrl+u", *"1", *keys)
        assert grid.texts[-1][-1] == "1" and app.session.sheet != stored and not grid.message_is_error()
        key_clock.advance(1)
        await burst(pilot, *"4", "ctrl+z")  # refused, then the value stored there undone: no longer guarded
        assert not grid.message_is_error() and not grid.stayed
        key_clock.advance(1)
        await burst(pilot, *"3", *keys)
        assert grid.texts[-1][-1] == "3"
        await burst(pilot, "up")
        assert not any(grid.STAYS in grid.line_words(y) for y in range(len(grid.line_keys())))


@pytest.mark.parametrize("screen, refused, then", [("scholars", "Euclid", "3 Plato 2"), ("supplies", "x", "3")])
async def test_keys_typed_after_a_refused_value_are_not_added_to_it_S8(game_path, screen, refused, then):
    """``Euclid`` Enter (refused: a card starts with its Renown) then ``3 Plato 2``: the
    burst's next value was added to the refused text, ``Euclid3 Plato 2``, and the
    message quoted text nobody typed (new-user run). The refused text stays to be put
    right, what is typed after it is not typed, and that is said; Ctrl+U, Backspace or
    Esc put it right."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, screen)
        grid = app.screen.query_one(CountGrid)
        stored = app.session.sheet
        await burst(pilot, *refused, "enter", *then, "enter")
        assert grid.cursor == (0, 0) and grid.texts[0][0] == refused and app.session.sheet == stored
        message = grid.message(0, 0)
        assert refused + then[0] not in message and "were not used" in message and grid.message_is_error()
        await burst(pilot, "ctrl+u", *then, "enter")
        assert grid.cursor != (0, 0) and app.session.sheet != stored


async def test_enter_on_pinaxs_last_row_stays_in_the_table_and_tab_leaves_it_S1(game_path, grid_game_path, key_clock):
    """Enter on the last player's Pinax row went on to the Library's size fields: the
    next values typed laid out a 1 x 2 grid, and the banner said the Library had ended
    the game (E5; new-user run). On a sheet with a grid, they went into its cells."""
    for path in (game_path, grid_game_path):
        app = app_on(path)
        async with running(app, size=(80, 24)) as pilot:
            await goto(pilot, "pinax")
            library = app.session.sheet.library
            grid = app.screen.query_one(CountGrid)
            await burst(pilot, *"3 3", "enter", *"4", "enter", *"1", "enter", *"1", "enter", *"2", "enter")
            assert app.focused is grid and grid.at_last_cell()
            assert app.session.sheet.library == library
            assert [[t.seals for t in p.pinax] for p in app.session.sheet.players] == [[3, 3], [4], [1]]
            key_clock.advance(1)  # a Tab after a look: the burst's own were held with it
            await burst(pilot, "tab")
            assert app.focused is not grid  # Tab goes on, as in every form


async def test_undo_puts_the_cursor_on_the_cell_it_changed_so_the_value_typed_next_lands_there(game_path):
    """Ana's 7 stored with Enter (the cursor on to Ben), Ctrl+Z, then 8 Enter: the 8
    replaced Ben's 2, the cursor having stayed on Ben (new-user run). Undo and redo now
    put the cursor on the cell they changed, as a spreadsheet does."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        grid = app.screen.query_one(CountGrid)
        key = grid.rows[0][0]
        await burst(pilot, *"1", "enter", *"2", "enter")
        grid.cursor = (0, 0)
        await burst(pilot, *"7", "enter", "ctrl+z")
        assert grid.cursor == (0, 0)
        await burst(pilot, *"8", "enter")
        assert [getattr(p.supplies, key) for p in app.session.sheet.players[:2]] == [8, 2]
        await burst(pilot, "ctrl+z", "down", "ctrl+y")
        assert grid.cursor == (0, 0) and app.session.sheet.players[0].supplies.kings_grace == 8


@pytest.mark.parametrize("start, keys, cell", [
    ("renown-0", ("up",), "renown-0"), ("renown-0", ("left",), "renown-0"), ("renown-0", ("shift+tab",), "renown-0"),
    ("renown-0", ("end", "ctrl+end"), "kings_requests-2"), ("kings_requests-2", ("home", "ctrl+home"), "renown-0"),
])
async def test_the_cursor_stops_at_a_tables_edges_and_home_end_reach_them(game_path, start, keys, cell):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        grid.cursor = grid.find(start)
        await burst(pilot, *keys)
        assert focused_id(app) == cell


async def test_a_click_stores_the_cell_and_moves_the_cursor(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        await pilot.press(*"8")
        # the third row (T4), the second player's column
        offset = (grid.label_width + grid.column_width + 1 + grid.styles.gutter.left, 3 + grid.styles.gutter.top)
        await pilot.click(CountGrid, offset=offset)
        await pilot.pause()
        assert renown(app)[0] == 8
        assert focused_id(app) == "kings_requests-1"


async def test_question_mark_opens_help_from_the_table(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_undo_follows_into_the_table_and_keeps_a_sum_that_still_adds_up(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await pilot.press(*"2+2", "enter", *"5", "enter")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert count_cell(app, "kings_grace-1")[0] == "0"
        assert count_cell(app, "kings_grace-0")[0] == "2+2"


async def test_a_commit_redraws_only_the_lines_it_changed(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        before = [grid.render_line(y) for y in range(len(grid.rows) + 2)]
        await pilot.press(*"6", "enter")
        await pilot.pause()
        after = [grid.render_line(y) for y in range(len(grid.rows) + 2)]
        same = [y for y, (old, new) in enumerate(zip(before, after)) if old is new]
        assert same == [0, 2, 3, 4]  # headings, the other rows and the empty message line
        assert "6" in after[1].text


async def test_typing_then_leaving_the_screen_or_quitting_stores_the_cell(game_path):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await pilot.press(*"42", "pagedown")
        await pilot.pause()
        assert renown(app)[0] == 42
        await pilot.press("pageup")
        await pilot.pause()
        await pilot.press("right", *"17", "ctrl+q")
        await pilot.pause()
    assert [p.renown for p in read_sheet(game_path).sheet.players] == [42, 17, 0]


async def test_S9_a_typed_sum_is_kept_as_typed_on_return_in_the_file_and_in_replay(game_path):
    from scorepad.rules.describe import describe
    from scorepad.rules.entries import SetCount

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        await pilot.press(*"3+4+2", "enter", *"5", "enter")
        await pilot.pause()
        await goto(pilot, "renown")
        await goto(pilot, "supplies")  # a new screen, built from the sheet and its history
        assert count_cell(app, "kings_grace-0")[0] == "3+4+2"
        assert count_cell(app, "kings_grace-1")[0] == "5"
        history = on_disk(app).history
    entry = next(e for e in history if isinstance(e, SetCount))
    assert (entry.value, entry.typed) == (9, "3+4+2")
    assert describe(entry, None).endswith("King's Grace 3+4+2 = 9")


async def test_the_keys_under_every_table_fit_an_80_column_terminal(game_path):
    from scorepad.tui.widgets.card_table import CardTable

    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        for screen in ("supplies", "school", "pinax"):
            await goto(pilot, screen)
            table = app.focused
            assert isinstance(table, CountGrid) and (screen == "supplies") != isinstance(table, CardTable)
            hint = table.line_words(len(table.rows) + table.top)
            assert hint == table.HINT and len(hint) <= table.content_region.width


async def test_S7_a_line_of_cards_wider_than_its_column_redraws_only_the_rows_it_changed(game_path):
    """A typed line of 24 Scribes widens its row while it is typed (issue 12: never cut);
    Enter redraws that row and the next player's, not the heading or the other rows:
    a table of one column has no column after it to keep in line (issue 15: a commit
    on School cost more with every card)."""
    from scorepad.tui.widgets.card_table import CardTable

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        table = app.screen.query_one(CardTable)
        lines = range(len(table.rows) + 1)  # the heading and a row per player
        await pilot.press(*" ".join(["3", "4y"] * 12))
        await pilot.pause()
        typed = [table.render_line(y) for y in lines]
        assert table.widths() > (table.column_width,)  # the row typed in is wider
        await pilot.press("enter")
        await pilot.pause()
        stored = [table.render_line(y) for y in lines]
        assert [y for y in lines if typed[y] is stored[y]] == [0, 3]  # the heading, and Chloé's row
        assert len(app.session.sheet.players[0].scribes) == 24


async def test_undo_of_a_line_of_cards_puts_the_cursor_on_its_player_and_no_other_tables_entry_moves_it(game_path):
    """A line of two or more cards is one ``PutCards``: undoing it left the cursor on the
    next player (review). An entry of another screen's moved this table's cursor."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        await burst(pilot, *"5", "enter")
        await goto(pilot, "school")
        table = app.screen.query_one(CountGrid)
        await burst(pilot, *"3 2", "enter")
        assert table.cursor == (1, 0)
        await burst(pilot, "ctrl+z")
        assert table.cursor == (0, 0) and app.session.sheet.players[0].scribes == ()
        await burst(pilot, "down", "ctrl+z")  # Renown's 5: not this table's
        assert table.cursor == (1, 0) and app.session.sheet.players[0].renown == 0


async def test_redo_while_typing_puts_the_typing_back_and_keeps_what_there_is_to_redo(game_path):
    """Ctrl+Y with a value being typed stored it as a new change, which ended the redo
    stack: the second Ctrl+Y had nothing to redo (review)."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        await burst(pilot, *"1", "enter", *"2", "enter", "ctrl+z", "ctrl+z")
        grid.cursor = grid.find("seals_removed-2")
        await burst(pilot, *"7", "ctrl+y")  # as Ctrl+Z: the typing put back, and that is all
        assert [p.renown for p in app.session.sheet.players] == [0, 0, 0] and grid.texts[1][2] == "0"
        await burst(pilot, "ctrl+y", "ctrl+y")
        assert [p.renown for p in app.session.sheet.players] == [1, 2, 0]
        assert app.session.sheet.players[2].seals_removed == 0 and grid.cursor == (0, 1)


async def test_undo_after_the_last_cell_was_typed_as_it_was_moves_the_cursor_and_typing_goes_on(scorepad_home):
    """A burst ending on the last cell typed as it already was (0, Enter): the cursor
    stayed with a typing caret, undo moved it nowhere, and the 7 typed next was refused
    (a new user's run, 80x24)."""
    from scorepad.rules.models import Sheet
    from scorepad.storage.session import SheetSession

    session = SheetSession.create(Sheet.model_validate({"title": "T", "players": [{"name": "Ana"}, {"name": "Bob"}]}))
    session.close()
    app = app_on(session.path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        grid = app.screen.query_one(CountGrid)
        await burst(pilot, "ctrl+home", *"50", "enter", *"51", "enter", "6", "enter", "6", "enter",
                    "0", "enter", "0", "enter")
        assert grid.cursor == (2, 1) and grid.stayed
        await burst(pilot, "ctrl+z")
        assert grid.cursor == (1, 1) and not grid.stayed  # Bob's Seals, which it undid
        await burst(pilot, "ctrl+z", "ctrl+z")
        assert grid.cursor == (0, 1)
        await burst(pilot, *"7", "enter")
        assert [p.renown for p in app.session.sheet.players] == [50, 7]
