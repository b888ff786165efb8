"""A paste into a table stops at the table's end: what would run past it is not typed,
and said. A new user's paste of four rows into a three-row Renown table went round to
the first row again and stored 9 9 9 over the Renown typed a moment before; four lines
into a three-player School table put the fourth over the first player's Scribes; two
lines pasted on the Library grid wrote the second over the first, since Enter there
stores the cell and stays. Typing a printed token over a cell replaces it (README:
type what is printed): ``M*3`` typed or pasted over ``M*3`` left ``M``."""

from __future__ import annotations

from .conftest import app_on, running
from .helpers import goto, on_disk, post_paste, settle, toasts
from .test_library_grid import on_grid, rows


async def test_S10_T2_T4_four_rows_pasted_into_three_store_three_and_the_fourth_is_not_typed(game_path):
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "renown")
        post_paste(app, "40\t45\t50\n3\t3\t2\n1\t2\t2\n9\t9\t9\n")
        await settle(pilot)
        players = on_disk(app).sheet.players
        assert [(p.renown, p.seals_removed, p.kings_requests) for p in players] == [(40, 3, 1), (45, 3, 2), (50, 2, 2)]
        assert "“9⇥9⇥9⏎” was not typed" in await toasts(pilot)  # the values left out, not a count of keys


async def test_a_paste_that_ends_on_the_tables_last_cell_says_nothing_and_keys_after_it_are_typed(game_path):
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "renown")
        post_paste(app, "1\t2\t3\n4\t5\t6\n7\t8\t9\n")
        await settle(pilot)
        assert await toasts(pilot) == ""
        assert [p.kings_requests for p in on_disk(app).sheet.players] == [7, 8, 9]


async def test_S7_a_fourth_line_pasted_into_a_three_player_school_is_not_typed_over_the_first(game_path):
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "school")
        post_paste(app, "4 4\n3y 3\n2\n5 5 5\n")
        await settle(pilot)
        scribes = [[(s.knowledge, s.young) for s in p.scribes] for p in on_disk(app).sheet.players]
        assert scribes == [[(4, False), (4, False)], [(3, True), (3, False)], [(2, False)]]
        assert "not typed" in await toasts(pilot)


async def test_S2_lines_pasted_on_the_grid_fill_its_rows_and_a_line_past_its_last_row_is_not_typed(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app, notifications=True) as pilot:
        grid = await on_grid(pilot)
        post_paste(app, "M*1\tG*1\tC\n#\tM*2\t.\nL\tL\tL\n")
        await settle(pilot)
        assert rows(app) == ("M*1 G*1 C", "# M*2 .")
        assert "not typed" in await toasts(pilot)
        assert app.focused is grid


async def test_S2_cells_pasted_past_the_grids_right_edge_are_not_typed_on_its_next_row(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app, notifications=True) as pilot:
        await on_grid(pilot)
        post_paste(app, "M\tG\tC\tL\n")
        await settle(pilot)
        assert rows(app) == ("M G C", ". . .")
        assert "not typed" in await toasts(pilot)


async def test_S2_a_token_typed_or_pasted_over_a_cell_replaces_it(grid_game_path):
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        post_paste(app, "M*3\tM*3\n")
        await settle(pilot)
        assert rows(app)[0] == "M*3 M*3 ."
        await pilot.press("ctrl+home", "home")
        post_paste(app, "M*3\tG\n")  # the same token again, and a kind over a translated, sealed tile
        await settle(pilot)
        assert rows(app)[0] == "M*3 G ."
        await pilot.press("ctrl+home", "home", "c", "3", "enter")  # typed over M*3: C and Seal 3, untranslated
        assert rows(app)[0] == "C3 G ."


async def test_S2_rows_pasted_from_mid_row_start_under_the_pastes_first_cell(grid_game_path):
    """A line break went to the next row's first cell: a block pasted from the second
    column had its second row shifted left (review)."""
    app = app_on(grid_game_path)
    async with running(app) as pilot:
        await on_grid(pilot)
        await pilot.press("right")
        post_paste(app, "M\tG\nC\tL\n")
        await settle(pilot)
        assert rows(app) == (". M G", ". C L")


async def test_S2_rows_copied_with_an_empty_last_column_all_land_and_the_edge_is_said_once(grid_game_path):
    """A trailing tab (a copied range with an empty last column) ended the whole paste
    after its first row (review)."""
    app = app_on(grid_game_path)
    async with running(app, notifications=True) as pilot:
        await on_grid(pilot)
        post_paste(app, "M\tG\tC\t\nL\tL\tL\tx\n")
        await settle(pilot)
        assert rows(app) == ("M G C", "L L L")
        assert (await toasts(pilot)).count("right edge") == 1


async def test_S10_a_paste_stops_at_a_value_the_table_refuses_rather_than_typing_onto_it(game_path):
    """Every key after a refused value was typed onto it, and nothing said (review)."""
    app = app_on(game_path)
    async with running(app, notifications=True) as pilot:
        await goto(pilot, "renown")
        post_paste(app, "40\t4x\t50\n3\t3\t2\n")
        await settle(pilot)
        assert [p.renown for p in on_disk(app).sheet.players] == [40, 0, 0]
        assert "at a value the table refused: “50⏎3⇥3⇥2⏎” was not typed" in await toasts(pilot)
        assert app.screen.query_one("CountGrid").texts[0][1] == "4x"


def test_the_keys_of_a_paste_left_out_are_quoted_as_typed_and_a_long_rest_is_cut():
    """What a paste left out is quoted, line breaks and tabs shown as ⏎ and ⇥: a count
    of keys ("its last 9 key(s)") did not say which values to type by hand."""
    from scorepad.tui.ordered_keys import QUOTED, not_typed, typed_keys

    assert not_typed(typed_keys("9\t9 9\n", None)) == "“9⇥9 9⏎”"
    long = not_typed(typed_keys("12345\n" * 20, None))
    assert long.startswith("“12345⏎12345⏎") and long.endswith("…”") and len(long) == QUOTED + 2
