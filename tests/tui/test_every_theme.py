"""Every built-in Textual theme (issue 12): the live totals readable, their stripe seen,
the chart's five categories told apart. The colours all come from theme variables
(tests/test_architecture.py), so a theme is all it takes to change them."""

from __future__ import annotations

import pytest
from rich.color import ColorType
from textual.color import Color

from scorepad.rules.categories import CATEGORIES
from scorepad.tui.widgets.bar_chart import CategoryBars
from scorepad.tui.widgets.live_totals import LiveTotals
from scorepad.tui.widgets.muted import READABLE, contrast as ratio

from .conftest import app_on, running
from .helpers import goto
from .on_screen import demo_path  # noqa: F401  (a fixture)


def contrast(style) -> float:
    """The contrast of a Rich style's text on its background; infinite for the terminal's
    own pair (the ANSI themes draw in the terminal's default colours)."""
    fore, back = style.color, style.bgcolor
    assert fore is not None and back is not None
    if fore.type == ColorType.DEFAULT and back.type == ColorType.DEFAULT:
        return float("inf")
    return ratio(as_drawn(fore), as_drawn(back))


def as_drawn(colour) -> Color:
    """A Rich colour as a terminal draws it: one of the terminal's 16 or 256 numbered
    colours in a common palette (Textual gives them all as black, for its own reasons)."""
    if colour.type in (ColorType.STANDARD, ColorType.EIGHT_BIT):
        return Color(*colour.get_truecolor())
    return Color.from_rich_color(colour)


async def test_every_theme_draws_the_live_totals_readably_and_the_chart_in_five_colours(demo_path):  # noqa: F811
    app = app_on(demo_path)
    async with running(app) as pilot:
        await goto(pilot, "results")
        totals, chart = app.screen.query_one(LiveTotals), app.screen.query_one(CategoryBars)
        themes, problems = sorted(app.available_themes), []
        assert len(themes) >= 20 and "textual-light" in themes
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            row = totals.rich_style
            parts = {"row": row, **{part: totals.get_component_rich_style(f"live-totals--{part}")
                                    for part in ("heading", "stripe")}}
            problems += [f"{theme} {name}: contrast {contrast(style):.1f}" for name, style in parts.items()
                         if contrast(style) < READABLE]
            if row.bgcolor.type != ColorType.DEFAULT and parts["stripe"].bgcolor == row.bgcolor:
                problems.append(f"{theme}: the stripe is the rows' own background")
            colours = [chart.get_component_rich_style(f"category-bars--{c}").bgcolor for c in CATEGORIES]
            if len(set(colours)) != len(CATEGORIES):
                problems.append(f"{theme}: chart colours {colours}")
        assert problems == []


def is_text(characters: str) -> bool:
    """Whether a piece of a line holds words or numbers, not only lines and blocks
    (borders, bars, the scrollbar: shapes, told apart by their place)."""
    return any(c.strip() and not "\u2500" <= c <= "\u25ff" for c in characters)


def unreadable_text(screen, lines: slice = slice(None), columns: slice = slice(None)) -> list[str]:
    """Every piece of text on the screen as drawn (on these ``lines``, in these
    ``columns``) that reads below READABLE."""
    problems = []
    for strip in screen._compositor.render_strips()[lines]:
        if columns != slice(None):
            strip = strip.crop(columns.start, columns.stop)
        for segment in strip:
            style = segment.style
            if style is None or not is_text(segment.text) or None in (style.color, style.bgcolor):
                continue
            if ColorType.DEFAULT in (style.color.type, style.bgcolor.type):
                continue  # the terminal's own colours (the ANSI themes)
            if style.reverse:
                style = style + style.__class__(color=style.bgcolor, bgcolor=style.color)
            if contrast(style) < READABLE:
                problems.append(f"{segment.text.strip()[:30]!r} {contrast(style):.1f}")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (100, 80)])
async def test_every_word_on_every_game_screen_reads_in_every_theme(demo_path, size):  # noqa: F811
    """Issue 12, seen by a new user: in textual-light every heading was orange on grey
    (1.4:1), the phase marked dark blue on dark blue, the winner green on grey; some
    themes drew the footer's keys at 1.5:1. Every piece of text drawn, every theme; in
    a tall terminal too, so what lies below the fold at 80x24 is drawn (the Library
    grid's ``#`` read at 2.6:1 there)."""
    from scorepad.tui.kept_screens import ORDER

    app = app_on(demo_path)
    async with running(app, size) as pilot:
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            for name in ORDER:
                await goto(pilot, name)
                problems += [f"{theme} {name}: {words}" for words in unreadable_text(app.screen)]
        assert problems == []


async def test_every_cell_of_the_library_grid_reads_in_every_theme(demo_path):  # noqa: F811
    """A ``#`` cell (not a Library space) read at 2.6:1 in textual-light (a new user's
    run): the grid lies below the fold, where the every-word test never looked."""
    from scorepad.tui.widgets.library_grid import LibraryGridEditor

    app = app_on(demo_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "pinax")
        grid = app.screen.query_one(LibraryGridEditor)
        grid.focus()
        grid.scroll_visible(animate=False)
        await pilot.pause()
        top, rows = grid.region.y, grid.region.height
        drawn = [line for line in range(top, top + rows) if "#" in "".join(
            segment.text for segment in app.screen._compositor.render_strips()[line])]
        assert drawn, "the grid's # cells are on screen"
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            problems += [f"{theme}: {words}" for words in unreadable_text(app.screen, slice(top, top + rows))]
            green = grid.get_component_rich_style("library-grid--marked").bgcolor  # a marked cell's ground
            problems += [f"{theme}: marked {segment.text.strip()} {contrast(segment.style):.1f}"
                         for line in range(top, top + rows) for segment in app.screen._compositor.render_strips()[line]
                         if segment.text.strip() and segment.style and segment.style.bgcolor == green
                         and ColorType.DEFAULT not in (segment.style.color.type, green.type)
                         and contrast(segment.style) < 4.5]
        assert problems == []


async def test_the_library_grids_refusal_reads_in_every_theme(demo_path):  # noqa: F811
    """What the grid says under itself when it refuses a key (drawn in the theme's warning
    colour): read at about 3:1 in textual-light on a 256-colour terminal (attack run)."""
    from scorepad.tui.widgets.library_grid import LibraryGridEditor, refusal

    app = app_on(demo_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "pinax")
        grid = app.screen.query_one(LibraryGridEditor)
        grid.focus()
        grid.message = refusal("*")
        grid.redraw()
        grid.scroll_visible(animate=False)
        await pilot.pause()
        top, rows = grid.region.y, grid.region.height
        assert any("goes on M, G or C" in "".join(segment.text for segment in strip)
                   for strip in app.screen._compositor.render_strips()[top:top + rows])
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            problems += [f"{theme}: {words}" for words in unreadable_text(app.screen, slice(top, top + rows))]
        assert problems == []


async def test_every_screens_heading_reads_at_4_5_to_1_in_every_theme(demo_path):  # noqa: F811
    """The screens' headings read at 3.03:1 in textual-light, the theme's accent as text
    (a new user's run): bold, but the line a new user looks for first. At least 4.5:1,
    as body text."""
    from scorepad.tui.kept_screens import ORDER

    app = app_on(demo_path)
    async with running(app, (80, 24)) as pilot:
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            for name in ORDER:
                await goto(pilot, name)
                line = app.screen.query_one("#heading").region.y
                for segment in app.screen._compositor.render_strips()[line]:
                    style = segment.style
                    if segment.text.strip() and style and style.color and style.bgcolor and \
                            ColorType.DEFAULT not in (style.color.type, style.bgcolor.type) and contrast(style) < 4.5:
                        problems.append(f"{theme} {name} {segment.text.strip()!r}: {contrast(style):.2f}")
        assert problems == []


async def test_a_refused_value_and_its_message_read_in_every_theme(demo_path):  # noqa: F811
    """The error colour drew a refusal at 2.4-2.9:1 in four themes (review)."""
    from scorepad.tui.widgets.count_grid import CountGrid

    app = app_on(demo_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "supplies")
        app.screen.query_one(CountGrid).type_in("999")
        app.screen.query_one(CountGrid).commit()
        await pilot.pause()
        assert "a typo?" in " ".join(app.screen.query_one(CountGrid).line_words(y)
                                     for y in range(app.screen.query_one(CountGrid).size.height))
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            problems += [f"{theme}: {words}" for words in unreadable_text(app.screen)]
        assert problems == []


async def test_the_note_an_undo_leaves_on_the_heading_line_reads_in_every_theme(demo_path, monkeypatch):  # noqa: F811
    """What an undo did, and why one did nothing, in the heading's place (a toast each had
    stacked over the table at 80 x 24)."""
    from scorepad.tui.widgets import screen_heading

    monkeypatch.setattr(screen_heading, "NOTE_SECONDS", 600)  # shown while every theme is tried
    app = app_on(demo_path)
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "renown")
        heading, problems = app.screen.query_one(screen_heading.ScreenHeading), []
        lines = slice(heading.region.y, heading.region.bottom)
        for theme in sorted(app.available_themes):
            app.theme = theme
            for warning in (False, True):
                app.screen.say_briefly("Nothing to undo." if warning else "Undone: Ana: Renown 12", warning)
                await pilot.pause()
                problems += [f"{theme}: {words}" for words in unreadable_text(app.screen, lines)]
        assert problems == []


async def test_every_word_of_setups_form_reads_in_every_theme_and_its_cursor_stands_out(scorepad_home):
    """Setup's form draws its own fields (one widget): the typed text, the cursor's field
    and its text cursor, the placeholders of empty fields and the hint, every theme."""
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.widgets.setup_form import SetupForm

    from .helpers import burst

    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        app.new_game()
        await pilot.pause()
        await burst(pilot, *"Friday", "enter", *"Ana", "left")
        form, problems = app.screen.query_one(SetupForm), []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            lines = slice(form.region.y, form.region.bottom)  # the footer's greyed keys are not the form's
            problems += [f"{theme}: {words}" for words in unreadable_text(app.screen, lines)]
            field, cursor = (form.get_component_rich_style(f"setup-form--{part}") for part in ("field", "cursor"))
            if cursor.bgcolor == field.bgcolor:
                problems.append(f"{theme}: the cursor's field looks like the others")
        assert problems == []


# the themes that drew something below READABLE outside the game's screens (review):
# the footer's unavailable keys at 2.2:1 (solarized), Home's highlighted choice at 2.4:1
# (gruvbox), a toast at 2.6:1 (atom-one-dark), Help's headings at 2.8:1 (textual-light)
WORST_THEMES = ("solarized-light", "gruvbox", "atom-one-dark", "textual-light")


async def unreadable_outside_the_game(home, themes) -> list[str]:
    """Every piece of text below READABLE, in each of ``themes``, on the screens around a
    game: Home with a toast of each kind and the footer's unavailable keys, Help, the
    games list, History, Statistics, Setup, the question Setup's Escape asks (its own
    box: the app dimmed around it is meant to be dim) and a replay."""
    import shutil

    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.screens.games import GamesScreen, HistoryScreen
    from scorepad.tui.screens.statistics import StatisticsScreen

    from ..conftest import DATA
    from .helpers import listed, until
    from .on_screen import DEMO

    shutil.copytree(DATA / "stats", home / "games")
    app, problems = ScorepadApp(), []

    async def look(label: str, box: str | None = None) -> None:
        for theme in themes or sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            region = app.screen.query_one(box).region if box else None
            lines, columns = (slice(region.y, region.bottom), slice(region.x, region.right)) if region \
                else (slice(None), slice(None))
            problems.extend(f"{label} {theme}: {words}" for words in unreadable_text(app.screen, lines, columns))

    async with running(app, (80, 24), notifications=True) as pilot:
        for severity in ("information", "warning", "error"):
            app.notify(f"A toast: {severity}", severity=severity, timeout=600)
        await look("home")
        app.clear_notifications()
        await pilot.press("f1")
        await look("help")
        for screen in (GamesScreen(), HistoryScreen(), StatisticsScreen()):
            app.pop_screen()  # Help, then each list (a key straight after F1 is not used: no Escape here)
            await pilot.pause()
            app.push_screen(screen)
            await until(pilot, lambda: app.screen is screen)
            await listed(pilot)
            await look(type(screen).__name__)
        await pilot.press("escape", "escape")
        app.new_game()
        await pilot.pause()
        await pilot.press(*"Friday", "enter", *"Ana")
        await look("setup")
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await look("question", ".dialog")
        await pilot.press("y")
        app.open_replay(DEMO)
        await until(pilot, lambda: type(app.screen).__name__ == "ReplayScreen")
        await pilot.press("right", "right")
        await look("replay")
    return problems


@pytest.mark.parametrize("theme", WORST_THEMES)
async def test_every_word_around_the_game_reads_in_the_themes_that_drew_some_unreadably(scorepad_home, theme):
    """The footer's unavailable keys were Rich's dim (2.2:1 in solarized), Home's choice
    gruvbox's own cursor colours, a toast the theme's foreground on its panel."""
    assert await unreadable_outside_the_game(scorepad_home, (theme,)) == []


@pytest.mark.slow
async def test_every_word_around_the_game_reads_in_every_theme(scorepad_home):
    assert await unreadable_outside_the_game(scorepad_home, None) == []


async def test_the_footers_unavailable_keys_read_and_are_told_apart_from_those_that_work_in_every_theme(scorepad_home):
    """On Home, Undo cannot work and Help can. A fixed muted colour failed one way or the
    other: Rich's dim read at 2.2:1 in solarized, ``$text 85%`` drew Undo darker than
    Help's words in catppuccin-latte (new-user run). Undo: slanted, readable, and fainter
    than Help's words wherever they leave room to be."""
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            drawn = {segment.text.strip(): segment.style for segment in app.screen._compositor.render_strips()[-1]}
            undo, helps = drawn["Undo"], drawn["Help"]
            if not undo.italic:
                problems.append(f"{theme}: Undo is not slanted")
            if helps.color.type == ColorType.TRUECOLOR:
                if contrast(undo) < READABLE:
                    problems.append(f"{theme}: Undo reads at {contrast(undo):.1f}")
                if contrast(helps) > READABLE + 0.5 and not contrast(undo) < contrast(helps):
                    problems.append(f"{theme}: Undo {contrast(undo):.1f}, Help {contrast(helps):.1f}")
            elif not undo.dim:
                problems.append(f"{theme}: Undo is not dim where the terminal picks the colours")
        assert problems == []


async def test_the_lines_round_a_table_show_in_every_theme(demo_path):  # noqa: F811
    """In the light themes the lines round the tables and the Library grid were drawn
    in $panel-lighten-2, 1.04-1.26:1 on the background: all but invisible (a new user's
    run, textual-light). Drawn in the foreground at 40%, they are at least 1.6:1."""
    from scorepad.tui.widgets.library_grid import LibraryGridEditor

    app = app_on(demo_path)
    async with running(app, (120, 60)) as pilot:
        await goto(pilot, "pinax")
        grid = app.screen.query_one(LibraryGridEditor)
        assert not grid.has_focus
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            corner = grid.region
            strip = app.screen._compositor.render_strips()[corner.y].crop(corner.x, corner.x + 1)
            [segment] = list(strip)
            assert segment.text == "╭", (theme, segment.text)
            if ColorType.DEFAULT not in (segment.style.color.type, segment.style.bgcolor.type):
                if contrast(segment.style) < 1.6:
                    problems.append(f"{theme}: {contrast(segment.style):.2f}")
        assert problems == []


async def test_the_words_on_the_charts_bars_read_at_4_5_to_1_in_every_theme(demo_path):  # noqa: F811
    """Textual's ``color: auto`` wrote white on catppuccin-latte's green bar at 3.3:1
    (2.8:1 as a 256-colour terminal drew it: a new user's run): black or white, which
    ever reads better, is at least 4.5:1 on every bar of every theme."""
    app = app_on(demo_path)
    async with running(app, (120, 40)) as pilot:
        await goto(pilot, "results")
        chart = app.screen.query_one(CategoryBars)
        problems = []
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            region = chart.content_region
            bars = {chart.get_component_rich_style(f"category-bars--{c}").bgcolor for c in CATEGORIES}
            for strip in app.screen._compositor.render_strips()[region.y + 1:region.bottom]:  # the bars
                for segment in strip.crop(region.x, region.right):
                    style = segment.style
                    if not is_text(segment.text) or style is None or None in (style.color, style.bgcolor):
                        continue
                    if style.bgcolor not in bars or style.bgcolor.type != ColorType.TRUECOLOR:
                        continue  # a name or a total beside the bars; ANSI's colours, the terminal's
                    if contrast(style) < 4.5:
                        problems.append(f"{theme} {segment.text.strip()!r}: {contrast(style):.2f}")
        assert problems == []
