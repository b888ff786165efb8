"""Long names (issue 12, a new user's run in tmux at 80 x 24): a player named
"Bartholomew Featherstonehaugh" pushed the School and Scholars scores off screen, cut
the Statistics' Streak column to one letter a line, hid four players of the
head-to-head grid and broke the name mid-word in "Totals over time". At every size
from 80 x 24 up, every column of every table stays in sight, numbers whole; a name that
does not fit is shortened with an ellipsis, and the whole name is shown elsewhere.

Names of the most characters a name may have (``MAX_NAME``): Latin, and CJK (two
cells a character: measured in cells, not characters)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable

from scorepad.rules.models import MAX_NAME, Sheet
from scorepad.storage.session import SheetSession
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.games import HistoryScreen
from scorepad.tui.screens.statistics import StatisticsScreen
from scorepad.tui.widgets.count_grid import CountGrid

from .conftest import app_on, running
from .helpers import goto, listed
from .on_screen import hidden_cells, screen_lines, words_in

LONG = "Bartholomew Featherstone-Haugh"
WIDE = "王小明" * (MAX_NAME // 3)  # sixty cells
EMOJI = "Zoë 🦉"  # an emoji takes two cells too
NAMES = {"latin": LONG, "cjk": WIDE}
SIZES = [(80, 24), (120, 40)]
OTHERS = ("Ben", "Chloé", "Dev")


def test_the_names_are_as_long_as_a_name_may_be():
    assert len(LONG) == len(WIDE) == MAX_NAME and cell_len(WIDE) == 2 * MAX_NAME


def create(players: list[dict], **sheet) -> object:
    session = SheetSession.create(Sheet.model_validate({"title": "Long", "players": players, **sheet}))
    session.close()
    return session.path


def four_players(first: str) -> object:
    """``first`` and three short names, each player's figures different (so that each
    can be found on screen): Pinax 3/6/10/15, Knowledge 2/4/6/8, a Scholar of 5/10/15/20."""
    return create([{"name": name, "renown": 50 - 10 * i, "seals_removed": 7 + i, "kings_requests": 20 + i,
                    "pinax": [{"seals": i + 1}], "scribes": [{"knowledge": 2 * (i + 1)}],
                    "scholars": [{"renown": 5 * (i + 1)}],
                    "supplies": {name: 11 * (n + 1) + i for n, name in enumerate(
                        ("kings_grace", "research", "crates_in_ships", "crates_in_supply",
                         "stones_in_supply", "stones_in_royal_ships"))}}
                   for i, name in enumerate((first, *OTHERS))])


def shortened(name: str, line: str) -> bool:
    """Whether ``line`` shows ``name`` whole, or its start then an ellipsis."""
    return name in line or any(f"{name[:n]}…" in line for n in range(3, len(name)))


CARD_SCREENS = {
    "S1-pinax": ("pinax", "quick tiles", [f"Pinax {r} Renown" for r in (3, 6, 10, 15)]),
    "S7-school": ("school", "Scribes", [f"Knowledge {2 * i} -> {i} Renown" for i in (1, 2, 3, 4)]),
    "S8-scholars": ("scholars", "Scholars", [f"1 card -> {r} Renown" for r in (5, 10, 15, 20)]),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
@pytest.mark.parametrize("screen", CARD_SCREENS.values(), ids=CARD_SCREENS.keys())
async def test_card_tables_show_each_players_renown_whole_beside_a_long_name(screen, name, size):
    """School showed "Knowled │" on every row at 80 x 24, Scholars "1 card", Pinax
    "Pinax 6": the score beside each row, cut by the table's edge."""
    where, noun, summaries = screen
    app = app_on(four_players(name))
    async with running(app, size) as pilot:
        await goto(pilot, where)
        table = app.screen.query_one("#quick" if where == "pinax" else "#cards", CountGrid)
        assert hidden_cells(app, table, table.content_region) == []  # not wider than the terminal
        lines = screen_lines(app)[table.content_region.y:table.content_region.bottom]
        rows = [next((line for line in lines if summary in line), "") for summary in summaries]
        assert all(rows), (summaries, lines)
        assert shortened(name, rows[0]) and all(other in row for other, row in zip(OTHERS, rows[1:]))
        assert any(f"{name}'s {noun}" in line for line in lines)  # the whole name, over its cards


SUPPLIES = ["King's Grace", "Research tokens", "Crates in Ships", "Crates in supply", "Stones in supply",
            "Stones in Royal Ships"]
COUNT_SCREENS = {
    "S9-supplies": ("supplies", {label: [11 * (n + 1) + i for i in range(4)] for n, label in enumerate(SUPPLIES)}),
    "S10-T2-T4-renown": ("renown", {"Renown in play": [50, 40, 30, 20], "Seals removed (T2)": [7, 8, 9, 10],
                                    "King's Requests (T4)": [20, 21, 22, 23]}),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
@pytest.mark.parametrize("screen", COUNT_SCREENS.values(), ids=COUNT_SCREENS.keys())
async def test_count_tables_show_every_players_column_beside_a_long_name(screen, name, size):
    """The fourth player's column ran off the right edge at 80 x 24: its heading and its
    counts were out of sight."""
    where, rows = screen
    app = app_on(four_players(name))
    async with running(app, size) as pilot:
        await goto(pilot, where)
        table = app.screen.query_one("#counts", CountGrid)
        assert app.focused is table and hidden_cells(app, table, table.content_region) == []
        lines = screen_lines(app)[table.content_region.y:table.content_region.bottom]
        heading = next(line for line in lines if all(other in line for other in OTHERS))
        assert shortened(name, heading)
        for label, values in rows.items():
            line = next(line for line in lines if label in line)
            assert line.split(label)[1].split()[:4] == [str(v) for v in values], line
        # the cursor's player, by the whole name: the heading above it may be shortened
        assert any(name in line for line in lines)


async def finished_games(scorepad_home, name: str) -> None:
    """Three finished games, six players over them: ``name``, Zoë with an owl, Ben,
    Chloé, Dev and Ana."""
    for players, renown in (((name, "Ben", "Chloé", "Dev"), (50, 40, 30, 20)),
                            ((name, EMOJI, "Ben", "Ana"), (30, 60, 20, 10)),
                            ((name, EMOJI, "Chloé"), (70, 60, 20))):
        create([{"name": n, "renown": r} for n, r in zip(players, renown)], finished=True)


async def statistics(pilot) -> StatisticsScreen:
    pilot.app.push_screen(StatisticsScreen())
    await pilot.pause()
    await listed(pilot)
    return pilot.app.screen


async def in_sight(pilot, widget) -> list[str]:
    """The terminal's lines once ``widget`` is scrolled into sight, and its own lines."""
    widget.scroll_visible(animate=False, immediate=True)
    await pilot.pause()
    lines = screen_lines(pilot.app)
    region = widget.region
    assert hidden_cells(pilot.app, widget, region) == [], "scrolled into sight, and all of it"
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
async def test_statistics_show_every_column_of_the_players_table_whole(name, size, scorepad_home):
    """The Streak column showed "S" / "w" / "l", one letter a line, at 80 x 24."""
    await finished_games(scorepad_home, name)
    app = ScorepadApp()
    async with running(app, size) as pilot:
        screen = await statistics(pilot)
        table = screen.query_one("#players", DataTable)
        heading, *rows = [line for line in await in_sight(pilot, table) if line.strip()]
        assert heading.split() == ["Player", "Games", "Wins", "Win", "%", "Average", "Best", "Worst", "Streak"]
        assert len(rows) == 6 and shortened(name, rows[0]) and any(EMOJI in row for row in rows)
        assert rows[0].split()[-9:-2] == ["3", "2", "66.7", "%", "50.0", "70", "30"]
        assert all(row.split()[-2] in ("won", "lost") and row.split()[-1].isdigit() for row in rows), rows
        assert table.max_scroll_x == 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
async def test_totals_over_time_keep_a_long_name_on_its_own_line(name, size, scorepad_home):
    """"Featherstoneha" / "ugh": the name broken mid-word, at 120 x 40 too."""
    await finished_games(scorepad_home, name)
    app = ScorepadApp()
    async with running(app, size) as pilot:
        screen = await statistics(pilot)
        rows = list(screen.query(".trend-row"))
        assert len(rows) == 6
        for row in rows:
            (line,) = await in_sight(pilot, row)  # one line each
            assert "→" in line or line.split()[-1].isdigit(), line
        first = (await in_sight(pilot, rows[0]))[0]
        assert shortened(name, first) and first.split()[-2] == "→"  # the first total and the last


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
async def test_the_head_to_head_grid_shows_every_player_beside_a_long_name(name, size, scorepad_home):
    """At 80 x 24 the grid hid Ben, Chloé, Dev and Zoë, with no key to scroll to them."""
    await finished_games(scorepad_home, name)
    app = ScorepadApp()
    async with running(app, size) as pilot:
        screen = await statistics(pilot)
        table = screen.query_one("#meetings", DataTable)
        heading, *rows = [line for line in await in_sight(pilot, table) if line.strip()]
        assert len(rows) == 6 and table.max_scroll_x == 0
        for player in ("Ben", "Chloé", "Dev", "Ana"):
            assert shortened(player, heading), heading
        assert shortened(EMOJI, heading) and shortened(name, heading) and shortened(name, rows[0])
        # the first player's row: against each of the others, whole
        assert rows[0].split()[-10:] == ["1-1", "(2)", "2-0", "(2)", "2-0", "(2)", "1-0", "(1)", "1-0", "(1)"]


async def test_a_head_to_head_grid_wider_than_the_terminal_scrolls_sideways_with_the_arrows(scorepad_home):
    """Nine players over the games: nine columns do not fit 80 cells however short the
    names; left and right scroll the grid (the page takes no other sideways key)."""
    names = [f"{n} {LONG[2:]}" for n in range(9)]
    for first in (0, 3, 6):
        create([{"name": names[(first + i) % 9], "renown": 10 * i} for i in range(4)], finished=True)
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        screen = await statistics(pilot)
        table = screen.query_one("#meetings", DataTable)
        await in_sight(pilot, table)
        assert table.max_scroll_x > 0
        await pilot.press("right")
        await pilot.pause()
        assert table.scroll_x > 0
        await pilot.press("left", "left", "left", "left", "left", "left", "left", "left")
        await pilot.pause()
        assert table.scroll_x == 0


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
async def test_history_shows_every_column_and_every_total_beside_a_long_name(name, scorepad_home):
    """At 80 x 24 a CJK name of sixty cells pushed Worst off the records, and a game's
    line cut the totals after the long name ("Zoë…")."""
    await finished_games(scorepad_home, name)
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        app.push_screen(HistoryScreen())
        await pilot.pause()
        await listed(pilot)
        table = app.screen.query_one("#records", DataTable)
        heading, first, *_ = [line for line in await in_sight(pilot, table) if line.strip()]
        assert heading.split() == ["Player", "Games", "Wins", "Win", "%", "Average", "Best", "Worst"]
        assert shortened(name, first) and first.split()[-7:] == ["3", "2", "66.7", "%", "50.0", "70", "30"]
        assert table.max_scroll_x == 0
        games = "\n".join(screen_lines(app))
        for totals in ((50, 40, 30, 20), (60, 30, 20, 10), (70, 60, 20)):
            line = next(line for line in games.splitlines() if f"* {totals[0]}," in line)
            assert [word.rstrip(",") for word in line.split() if word.rstrip(",").isdigit()][-len(totals):] == \
                [str(t) for t in totals], line


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
async def test_results_show_every_total_and_the_whole_name_in_the_tie_breaks(name, size):
    app = app_on(four_players(name))
    async with running(app, size) as pilot:
        await goto(pilot, "results")
        lines = await in_sight(pilot, app.screen.query_one("#bars"))
        expected = [str(score.total) for score in app.live.standings().scores]
        totals = [line.split()[-1] if i == 1 else line.split()[-2] for i, line in enumerate(lines[1:], 1)]
        assert totals == expected and any(shortened(name, line) for line in lines[1:])
        separations = app.screen.query_one("#separations")
        await in_sight(pilot, separations)
        assert name in words_in(app, separations.content_region)


async def test_S7_a_score_longer_than_the_summary_column_is_whole_beside_a_long_name(scorepad_home):
    """In tmux: "Knowledge 30 -> 15 Renow", six Scribes of 5 typed for Ben: the summary
    column took 24 cells whatever its words."""
    app = app_on(four_players(LONG))
    async with running(app, (80, 24)) as pilot:
        await goto(pilot, "school")
        await pilot.press("down", *"5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5", "enter")
        await pilot.pause()
        table = app.screen.query_one("#cards", CountGrid)
        lines = screen_lines(app)[table.content_region.y:table.content_region.bottom]
        assert any(line.rstrip(" │").endswith("Knowledge 100 -> 50 Renown") for line in lines), lines
        assert any("Knowledge 2 -> 1 Renown" in line and shortened(LONG, line) for line in lines)
