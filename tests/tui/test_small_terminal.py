"""An 80 x 24 terminal (Textual's default, and many laptops'): every screen usable whole
(issue 12). The footer's keys are chosen, not cut; hints wrap; Pinax's heading stays
in sight; Help fits and scrolls; and wherever the focus goes, and wherever a table's
cursor goes, it is where the terminal shows it."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.help import HelpScreen
from scorepad.tui.widgets.choice_bar import ChoiceBar
from scorepad.tui.widgets.count_grid import CountGrid
from scorepad.tui.widgets.footer import KeyFooter
from scorepad.tui.widgets.library_grid import LibraryGridEditor
from scorepad.tui.widgets.pattern_editor import PatternEditor

from .conftest import app_on, running
from .helpers import burst, focused_id, goto
from .on_screen import cursor_region, demo_path, four_path, hidden_cells, screen_lines, words_in  # noqa: F401

SMALL = (80, 24)
GAME_SCREENS = ("progress", "pinax", "school", "scholars", "supplies", "renown", "results")
# keys that take a widget's cursor to its last row and column, and the keys back
TO_THE_END = {
    CountGrid: (("end", "ctrl+end"), ("home", "ctrl+home")),
    LibraryGridEditor: (("end", "ctrl+end"), ("home", "ctrl+home")),
    PatternEditor: (("end", "ctrl+end"), ("home", "ctrl+home")),
    ChoiceBar: (("left",), ("right",)),
    OptionList: (("end",), ("home",)),
    VerticalScroll: (("end",), ("home",)),
}


async def open_scene(pilot, scene: str, path) -> None:
    """Show one scene of the app (it was started on ``path``, or on Home)."""
    app = pilot.app
    if scene == "setup":
        await pilot.press("enter")  # Home's first choice: New game
    elif scene in GAME_SCREENS:
        await goto(pilot, scene)
    elif scene == "replay":
        app.open_replay(path)
    elif scene == "help":
        await goto(pilot, "supplies")
        await pilot.press("f1")
    await pilot.pause()
    app.clear_notifications()  # a toast may cover what is checked
    await pilot.pause()


def place_of(app) -> tuple:
    """Where the focus is: the widget and its cursor (a table's cell, a bar's option)."""
    focused = app.focused
    return id(focused), getattr(focused, "cursor", None), getattr(focused, "highlighted", None)


def out_of_sight(app, how: str) -> list[str]:
    """The focused widget's cursor (or the widget) when it is not all on the terminal."""
    focused = app.focused
    if focused is None:
        return []
    region = cursor_region(focused)
    hidden = hidden_cells(app, focused, region)
    return [f"{type(app.screen).__name__} {focused!r} after {how}: {region} hidden at {hidden[:2]}"] if hidden else []


async def walk(pilot) -> list[str]:
    """Tab through every place the focus can go (a table cell by cell); at each widget
    also take its cursor to its last row and column. What was out of sight, if anything."""
    app, problems, seen = pilot.app, [], set()
    for _ in range(150):
        if app.focused is None or place_of(app) in seen:
            break
        seen.add(place_of(app))
        problems += out_of_sight(app, "tab")
        ends = next((keys for kind, keys in TO_THE_END.items() if isinstance(app.focused, kind)), None)
        if ends is not None:
            await burst(pilot, *ends[0])  # then every scroll the keys started is done
            problems += out_of_sight(app, "+".join(ends[0]))
            await burst(pilot, *ends[1])
        await burst(pilot, "tab")
    return problems


@pytest.mark.parametrize("scene", ["home", "setup", "replay", "help"])
async def test_every_place_the_focus_goes_is_in_sight_at_80x24(scene, demo_path):
    app = ScorepadApp(path=None if scene in ("home", "setup") else demo_path)
    async with running(app, SMALL) as pilot:
        await open_scene(pilot, scene, demo_path)
        if scene == "replay":  # nothing to focus: what it shows must be in sight
            for name in ("#step", "#totals", "#bars"):
                widget = app.screen.query_one(name)
                assert not hidden_cells(app, widget, widget.content_region), name
        else:
            assert app.focused is not None
        assert await walk(pilot) == []


# four players is the widest table on every screen; the demo adds Pinax pattern tiles
# and a Library grid (every cell of every table is walked: each sheet once is enough)
@pytest.mark.parametrize("screen, sheet", [*((screen, "four_path") for screen in GAME_SCREENS),
                                           ("pinax", "demo_path")])
async def test_every_cursor_cell_of_every_game_screen_is_in_sight_at_80x24(screen, sheet, request):
    path = request.getfixturevalue(sheet)
    app = app_on(path)
    async with running(app, SMALL) as pilot:
        await open_scene(pilot, screen, path)
        assert app.focused is not None
        assert await walk(pilot) == []


def allowed_entries(screen, app) -> set[str]:
    """Every way the footer may write a key: its key and its description, or the first
    words of it; the keys of a group together, with the group's words."""
    entries, groups, actions = set(), {}, set()
    for _, binding, _, _ in screen.active_bindings.values():
        if not binding.show or binding.action in actions:  # one key per action: f3, not ctrl+up too
            continue
        actions.add(binding.action)
        display = app.get_key_display(binding)
        words = binding.description.split()
        entries |= {f"{display} {' '.join(words[:n])}" for n in range(1, len(words) + 1)}
        if binding.group is not None:
            groups.setdefault(binding.group, []).append(display)
    for group, displays in groups.items():
        entries.add(f"{' '.join(displays)} {group.description}")
    return entries


@pytest.mark.parametrize("scene", ["home", "setup", *GAME_SCREENS, "replay"])
async def test_the_footer_at_80_columns_shows_F1_help_and_only_whole_keys(scene, demo_path):
    app = ScorepadApp(path=None if scene in ("home", "setup") else demo_path)
    async with running(app, SMALL) as pilot:
        await open_scene(pilot, scene, demo_path)
        footer = app.screen.query_one(KeyFooter)
        drawn = footer.render().plain
        assert cell_len(drawn) <= SMALL[0]
        keys = drawn.split("▏")[0].split("  ")  # the corner's palette key apart
        assert keys[0].strip() == "f1 Help"
        entries = allowed_entries(app.screen, app)
        assert [key.strip() for key in keys if key.strip() not in entries and key.strip()] == []
        assert len(keys) >= 4  # not Help alone: the screen's keys and the app's too


@pytest.mark.parametrize("scene", ["home", "setup", "progress", "pinax", "school", "scholars", "supplies", "renown"])
@pytest.mark.parametrize("sheet", ["demo_path", "four_path"])
async def test_hints_and_reminders_are_shown_whole_at_80_columns(scene, sheet, request):
    path = request.getfixturevalue(sheet)
    app = ScorepadApp(path=None if scene in ("home", "setup") else path)
    async with running(app, SMALL) as pilot:
        await open_scene(pilot, scene, path)
        labels = list(app.screen.query(".hint, .reminder, .subheading, .heading"))
        assert labels
        for label in labels:
            label.scroll_visible(animate=False, immediate=True)
            await pilot.pause()
            assert words_in(app, label.content_region) == " ".join(str(label.content).split())


async def test_the_pinax_heading_stays_in_sight_however_far_the_body_scrolls(demo_path):
    app = app_on(demo_path)
    async with running(app, SMALL) as pilot:
        await goto(pilot, "pinax")
        body = app.screen.query_one("#body")
        assert body.max_scroll_y > 10  # the quick counts, the tiles, the Library: longer than the terminal
        for place in ("home", "end"):
            getattr(body, f"scroll_{place}")(animate=False, immediate=True)
            await pilot.pause()
            assert "Pinax (S1-S6)" in "\n".join(screen_lines(app)[:6])
        assert body.scroll_y == body.max_scroll_y


async def test_help_fits_80x24_lists_our_keys_only_and_scrolls_with_the_paging_keys(demo_path, key_clock):
    app = app_on(demo_path)
    async with running(app, SMALL) as pilot:
        await goto(pilot, "progress")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one("#help", VerticalScroll)
        assert box.region.right <= SMALL[0] and box.region.bottom <= SMALL[1]
        listed = " ".join(" ".join(row[1] for row in rows) for _, rows in app.screen.sections)
        for ours in ("Help", "Next screen", "Previous screen", "Undo", "Home", "Quit", "Record Event",
                     "Take back mark", "command palette"):
            assert ours in listed
        for textual_own in ("Scroll", "Copy selected text", "Focus Next", "Page Left", "Maximize"):
            assert textual_own not in listed
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        assert "Escape closes this help" in "\n".join(screen_lines(app)[:4])  # the way out, at once
        key_clock.advance(1)  # read: keys typed straight after F1 are not used
        for key, where in (("pagedown", lambda y: y >= min(box.max_scroll_y, box.scrollable_content_region.height - 1)),
                           ("pageup", lambda y: y == 0), ("down", lambda y: y == 1),
                           ("end", lambda y: y == box.max_scroll_y), ("home", lambda y: y == 0)):
            await pilot.press(key)
            await pilot.pause()
            assert where(box.scroll_y), (key, box.scroll_y)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen) and app.screen.query_one("#heading").content == "Game progress"


async def tile_explanations(pilot) -> list[str]:
    """The words each pattern tile's explanation shows on the terminal (each scrolled
    into sight first)."""
    shown = []
    for label in pilot.app.screen.query(".tile-result"):
        label.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        shown.append(words_in(pilot.app, label.region))
    return shown


@pytest.mark.parametrize("size", [SMALL, (120, 40)])
async def test_pinax_tile_explanations_are_drawn_on_every_return_to_pinax(size, demo_path, key_clock):
    app = app_on(demo_path)
    async with running(app, size) as pilot:
        for way_out, way_back in ((("pagedown",), ("pageup",)), (("f1",), ("escape",)),
                                  (("f4",), ("f3",)), (("f2",), ())):
            await goto(pilot, "pinax")
            first = await tile_explanations(pilot)
            assert len(first) == 2 and all(words.startswith("rotated") and "->" in words for words in first)
            await pilot.press(*way_out)
            await pilot.pause()
            key_clock.advance(1)  # a look at what F1 (or the key out) showed
            await pilot.press(*way_back)
            await pilot.pause()
            if way_out == ("f2",):  # Home, then the game again
                app.open_path(demo_path)
                await pilot.pause()
            await goto(pilot, "pinax")
            assert await tile_explanations(pilot) == first, way_out


async def test_the_winner_is_in_sight_on_results_at_80x24_whatever_the_body_shows(scorepad_home):
    """With four players and the end-trigger banner, Results opens scrolled down to the
    export bar: the winner line, at the top of the body, was out of sight."""
    from scorepad.rules.models import Sheet
    from scorepad.storage.session import SheetSession

    players = [{"name": name, "renown": renown} for name, renown in
               (("Ana", 30), ("Ben", 45), ("王小明", 52), ("Chloé", 50))]
    session = SheetSession.create(Sheet.model_validate(
        {"title": "Friday", "players": players, "timeline": [{"kind": "empty_spaces", "count": 2}]}))
    session.close()
    app = app_on(session.path)
    async with running(app, SMALL) as pilot:
        await goto(pilot, "results")
        assert any("Winner: 王小明" in line for line in screen_lines(app))


async def test_results_words_above_the_export_bar_are_reached_by_keys_at_80x24(demo_path):
    """At 80x24 Results opens scrolled down to its only field, the export bar: the play
    record above it was out of sight, and no key brought it back (a new user's run). Up
    from the bar gives the page the focus, and its arrows scroll it; Tab goes back."""
    app = app_on(demo_path)
    async with running(app, SMALL) as pilot:
        await goto(pilot, "results")
        record = app.screen.query_one("#record")
        assert focused_id(app) == "exports" and hidden_cells(app, record, record.content_region)
        await burst(pilot, "up")
        assert focused_id(app) == "body" and "scroll this page" in "\n".join(screen_lines(app)[:5])
        await burst(pilot, "up", "up", "up")
        assert not hidden_cells(app, record, record.content_region)
        await burst(pilot, "tab")
        bar = app.screen.query_one("#exports")
        assert focused_id(app) == "exports" and not hidden_cells(app, bar, bar.content_region)


async def test_results_page_takes_the_focus_only_when_there_is_something_to_scroll_to(demo_path):
    """At 120x40 Results fits: Up from the export bar went to a page that did not move,
    and the heading said to scroll it."""
    app = app_on(demo_path)
    async with running(app, (120, 40)) as pilot:
        await goto(pilot, "results")
        await burst(pilot, "up")
        assert focused_id(app) == "exports" and "scroll" not in "\n".join(screen_lines(app)[:5])


async def test_S1_enter_past_the_last_players_quick_tiles_keeps_the_focus_in_sight_at_80x24(four_path):
    """A new user at 80x24: going on from the fourth player's Pinax line moved the focus to
    the Library's size field, below the bottom of the body, with nothing scrolled. (Enter
    there now stays on the line, a value typed next having gone into the size; Tab goes on.)"""
    app = app_on(four_path)
    async with running(app, SMALL) as pilot:
        await open_scene(pilot, "pinax", four_path)
        await burst(pilot, *"3 4 1", "enter", *"2 2", "enter", "4", "enter", *"1 0 3", "enter", "tab")
        assert app.focused.id == "grid-rows"
        assert out_of_sight(app, "enter past the last player") == []


@pytest.mark.parametrize("screen", ["progress", "pinax", "school", "scholars", "supplies", "renown"])
async def test_the_key_to_the_next_screen_shows_in_every_game_screens_footer_at_80x24(game_path, screen):
    """Game progress's own keys filled the 80-column footer and PageDown, the key that
    moves on from the first game screen, was left out (a new user's run): it comes
    right after Help, before any screen's own keys."""
    app = app_on(game_path)
    async with running(app, SMALL) as pilot:
        await goto(pilot, screen)
        footer = screen_lines(app)[-1]
        assert footer.lstrip().startswith("f1 Help  pgdn Next screen"), footer


async def test_help_says_what_each_of_the_library_grids_codes_means(demo_path):
    """The grid's hint names ``. L # M G C``, ``*`` and ``1-4``, and nothing said what
    ``#`` or ``L`` is (a new user's run): the help lists each, in words (S2, M1)."""
    from scorepad.rules.library import TOKEN

    app = app_on(demo_path)
    async with running(app, SMALL) as pilot:
        await goto(pilot, "pinax")
        await pilot.press("f1")
        await pilot.press("end")
        await pilot.pause(0.3)
        tables = [table.sections for table in app.screen.query("KeyTable")]
        codes = {code: words for _, rows in tables[-1] for code, words, _ in rows}
        for token in (".", "L", "#", "M", "G", "C", "M*", "M*2"):
            assert TOKEN.match(token), token  # the codes explained are the codes the grid takes
        assert {".", "L", "#", "*", "1-4"} <= set(codes) and "Craft" in codes["M  G  C"]
        assert "Location tile" in codes["L"] and "not a Library space" in codes["#"]
