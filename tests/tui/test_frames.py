"""What a typed value costs on screen (issue 10: School, Scholars and Pinax type as fast
as Supplies): one pass over the table's lines per commit, and a frame that repaints the
table and the totals, not the title, the banner or the key bar."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from scorepad.tui.widgets.card_table import CardTable

from .conftest import app_on, grid_game_path, running  # noqa: F401  (a fixture)
from .helpers import burst, goto, settle
from .on_screen import demo_path, screen_lines  # noqa: F401  (a fixture)


async def test_a_committed_line_of_S7_scribes_goes_over_the_table_once(game_path, monkeypatch):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        await pilot.press(*"3 2")
        passes = []
        line_keys = CardTable.line_keys
        monkeypatch.setattr(CardTable, "line_keys", lambda self: passes.append(1) or line_keys(self))
        await pilot.press("enter")
        assert [s.knowledge for s in app.session.sheet.players[0].scribes] == [3, 2]
        # the value stored, the sheet shown again, the cursor on the next player: one
        # pass; then, a frame later, the next player's cards listed: one more
        assert len(passes) == 2, passes

async def test_the_frames_of_a_commit_repaint_the_table_and_totals_not_the_frame_around(game_path, monkeypatch):
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        await pilot.press(*"3 2", "enter")  # the first change enables Undo: the key bar changes once
        await pilot.pause()
        painted: list[str] = []
        render_lines = Widget.render_lines
        monkeypatch.setattr(Widget, "render_lines",
                            lambda self, crop: painted.append(type(self).__name__) or render_lines(self, crop))
        await pilot.press(*"4 4", "enter")
        await pilot.pause()
        assert [s.knowledge for s in app.session.sheet.players[1].scribes] == [4, 4]
        assert "CardTable" in painted and "LiveTotals" in painted
        assert not {"TitleBar", "StatusBanner", "KeyFooter"} & set(painted), painted


async def test_the_next_players_S7_cards_are_listed_in_the_frame_after_the_stored_line(game_path):
    """The frame with the stored line (and the totals, when they move) comes first; the
    list of the next player's cards (lines that change with every Enter) the frame
    after: it used to share the first frame whenever the totals stayed the same."""
    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "school")
        table = app.screen.query_one(CardTable)
        # "1": half a Renown, rounded down: the totals stay, only the table changes
        for player, line in enumerate(("1", "1 1y", "1")):
            listed_at_frames: list[int] = []
            display = app._display

            def watched(screen, renderable, display=display, frames=listed_at_frames) -> None:
                display(screen, renderable)
                if renderable is not None:
                    frames.append(table.listed)

            await pilot.press(*line)
            app._display = watched
            await burst(pilot, "enter")  # as a terminal's key reader hands it over
            app._display = display
            assert listed_at_frames[0] == player, listed_at_frames  # the totals' frame
            assert listed_at_frames[-1] == min(player + 1, 2), listed_at_frames  # the last stays: no going round


async def test_a_round_typed_on_game_progress_lays_out_nothing_when_no_size_changes(game_path, monkeypatch):
    """Issue 15: the timeline's words change with every commit of Game progress, and
    each new text asked Textual to lay the whole screen out again (most of the frame).
    Words that keep their widget's size are repainted only; words that need more lines
    still get their layout."""
    from textual.widgets import Static

    from scorepad.tui.widgets.words import show_words

    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "progress")
        layouts: list[str] = []
        refresh = Widget.refresh
        monkeypatch.setattr(Widget, "refresh", lambda self, *regions, **kw: (
            kw.get("layout") and layouts.append(type(self).__name__), refresh(self, *regions, **kw))[1])
        timeline = app.screen.query_one("#timeline", Static)
        show_words(timeline, "Round 2 → an Event")  # as wide, as many lines
        assert layouts == []
        show_words(timeline, "a long line of words " * 12)  # more lines than before
        assert layouts == ["WordsBlock"]


async def test_a_commit_that_changes_a_table_out_of_sight_lays_out_nothing_and_the_table_shows_it_in_sight(
        demo_path, monkeypatch):
    """S5: a Seal typed on the Library grid at 80x24 changes a player's Pinax in the
    quick-count table above it, scrolled out of sight. Textual took that repaint for a
    new widget and laid out the whole screen on every commit (7 ms of a 10 ms commit at
    120x50); the table is now only marked to be drawn again when it comes into sight."""
    from textual._compositor import Compositor

    from scorepad.tui.widgets.library_grid import LibraryGridEditor

    app = app_on(demo_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "pinax")
        app.screen.query_one(LibraryGridEditor).focus()
        await pilot.pause(0.2)  # the body scrolled to the grid
        await pilot.press("m", "asterisk", "2", "enter", "up")  # a first commit: its screen laid out once
        await settle(pilot)
        quick = app.screen.query_one("#quick", CardTable)
        assert quick not in app.screen._compositor.visible_widgets  # scrolled out of sight
        ana = next(y for y in range(len(quick.line_keys())) if quick.line_words(y).startswith("Ana"))
        before = quick.line_words(ana)
        layouts = []
        arrange = Compositor._arrange_root
        monkeypatch.setattr(Compositor, "_arrange_root", lambda self, *a, **k: layouts.append(1) or arrange(
            self, *a, **k))
        await pilot.press("m", "asterisk", "1", "enter")  # another Seal on Ana's Manuscript
        await settle(pilot)
        now = quick.line_words(ana)
        assert now != before and "Pinax" in now
        assert layouts == []
        monkeypatch.setattr(Compositor, "_arrange_root", arrange)
        quick.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        drawn = screen_lines(app)[quick.content_region.y + ana]
        assert now.strip() in drawn


async def test_enter_moving_on_from_game_progress_restyles_nothing_whose_look_the_focus_leaves_alone(
        grid_game_path, monkeypatch, key_clock):
    """E2: Tab on the Round stores it and moves on to the next field. Textual restyled
    both fields on every such move (half of the commit's frame); they show the focus by
    drawing a cursor, so after the first move of their kind they are no longer restyled."""
    from textual.css.stylesheet import Stylesheet

    from scorepad.tui.widgets.choice_bar import ChoiceBar
    from scorepad.tui.widgets.count_grid import CountGrid

    app = app_on(grid_game_path)  # with a Library grid, the Round is the table's one cell
    async with running(app) as pilot:
        await goto(pilot, "progress")
        counts = app.screen.query_one("#counts", CountGrid)
        restyled = []
        update_nodes = Stylesheet.update_nodes
        monkeypatch.setattr(Stylesheet, "update_nodes", lambda self, nodes, animate=False: update_nodes(
            self, restyled.extend(nodes := list(nodes)) or nodes, animate))
        for round_ in (3, 4, 5):
            counts.focus()
            counts.cursor = (0, 0)
            await settle(pilot)
            restyled.clear()
            key_clock.advance(1)  # each round typed on its own (a Tab that leaves the table halts its run)
            await pilot.press(*str(round_), "tab")
            await settle(pilot)
            assert counts.values[0][0] == round_ and app.session.sheet.timeline[-1].round == round_
            assert app.focused is not counts and isinstance(app.focused, ChoiceBar)
        assert counts not in restyled and app.focused not in restyled


async def test_a_table_with_a_focus_border_is_restyled_on_every_move_and_shows_it(game_path):
    """A bordered table's ``:focus`` rule (its accent border) applies on every move."""
    from scorepad.tui.widgets.count_grid import CountGrid

    app = app_on(game_path)
    async with running(app) as pilot:
        await goto(pilot, "supplies")
        table = app.screen.query_one(CountGrid)
        assert not table.has_class("inline")
        borders = []
        for _ in range(3):
            table.focus()
            await settle(pilot)
            borders.append(table.styles.border_top[1])
            app.screen.set_focus(None)
            await settle(pilot)
            assert app.focused is None
            borders.append(table.styles.border_top[1])
        focused, blurred = borders[0::2], borders[1::2]
        assert len(set(focused)) == 1 and len(set(blurred)) == 1 and focused[0] != blurred[0]


def test_mixins_leave_the_styles_of_the_label_static_or_dialog_they_are_mixed_into():
    """Textual's CSS knows a widget by its first base's line of types: a mixin first
    dropped Label's rules (width and height auto), and a two-line hint took 14 lines."""
    from textual.widgets import Label, Static

    from scorepad.tui.widgets.in_sight import Words, WordsBlock

    from textual.screen import ModalScreen

    from scorepad.tui.screens.record import RecordScreen

    assert "Label" in Words._css_type_names and "Static" in WordsBlock._css_type_names
    assert Words._css_type_names >= Label._css_type_names and WordsBlock._css_type_names >= Static._css_type_names
    assert RecordScreen._css_type_names >= ModalScreen._css_type_names  # a dialog's look (review)
    assert RecordScreen.focused is not ModalScreen.focused  # and the focus moves quietly


@pytest.mark.parametrize("change", ["theme", "focus"])
async def test_a_bordered_grid_changed_out_of_sight_is_drawn_whole_when_it_comes_into_sight(
        demo_path, change):
    """A light theme chosen, or the focus given, while the Library grid is scrolled out
    of sight: in sight again, its top border kept the old colour (review) while the
    sides had the new one. Every line must be what a fresh drawing gives."""
    from scorepad.tui.widgets.library_grid import LibraryGridEditor

    app = app_on(demo_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "pinax")
        grid = app.screen.query_one(LibraryGridEditor)
        body = app.screen.query_one("#body")
        body.scroll_end(animate=False, immediate=True)  # the grid drawn once
        await settle(pilot)
        body.scroll_home(animate=False, immediate=True)
        await settle(pilot)
        assert grid not in app.screen._compositor.visible_widgets
        if change == "theme":
            app.theme = "textual-light"
        else:
            grid.focus(scroll_visible=False)
        await settle(pilot)
        grid.scroll_visible(animate=False, immediate=True)
        await settle(pilot)
        top, bottom = grid.region.y, grid.region.bottom
        shown = screen_lines(app, styles=True)[top:bottom]
        grid.refresh(layout=True)  # drawn afresh, every line
        app.screen.refresh()
        await settle(pilot)
        assert screen_lines(app, styles=True)[top:bottom] == shown
