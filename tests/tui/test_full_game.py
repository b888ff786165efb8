"""A full three-player game typed with keys only (Pilot), checked against the rules."""

from __future__ import annotations

from scorepad.storage.files import read_sheet
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.counts import RenownScreen, SuppliesScreen
from scorepad.tui.screens.lists import ScholarsScreen, SchoolScreen
from scorepad.tui.screens.pinax import PinaxScreen
from scorepad.tui.screens.progress import ProgressScreen
from scorepad.tui.screens.results import ResultsScreen
from scorepad.tui.widgets.status_banner import StatusBanner

from .conftest import running
from .helpers import focused_id, tab_to, type_line


async def test_full_three_player_game_with_keys_only_T3_decides(scorepad_home):
    app = ScorepadApp()
    async with running(app) as pilot:
        # Home -> Setup: title and three players
        await pilot.press("enter")
        await type_line(pilot, "Friday")
        await pilot.press(*"Ana", "tab", "tab", *"Ben", "tab", "tab", *"Cy", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        assert [p.name for p in app.session.sheet.players] == ["Ana", "Ben", "Cy"]

        # Progress: generation 2, Execution, round 1, two Events -> E4
        await type_line(pilot, "2")
        assert focused_id(app) == "phase"
        await pilot.press("right", "enter")  # Planning -> Execution; Enter moves on to the round
        await type_line(pilot, "1")
        assert (app.live.end().generation, app.live.end().phase, app.live.end().round) == (2, "execution", 1)
        await tab_to(pilot, "actions")
        await pilot.press("enter")  # Record an Event
        await pilot.pause()
        assert "One Event so far" in str(app.screen.query_one(StatusBanner).render())
        await pilot.press("ctrl+r")  # the key, this time
        await pilot.pause()
        assert app.live.end().triggered and app.live.end().rule == "E4"

        # Pinax: Ana's quick tiles matched 4 and 2 Seals, Ben's 3 (a row per player)
        await pilot.press("pagedown")
        assert isinstance(app.screen, PinaxScreen)
        assert focused_id(app) == "0-0"
        await type_line(pilot, "4 2")
        await type_line(pilot, "3")

        # School: Ana a Young Scribe of 7, Ben one of 5
        await pilot.press("pagedown")
        assert isinstance(app.screen, SchoolScreen)
        assert focused_id(app) == "0-0"
        await type_line(pilot, "7y")
        await type_line(pilot, "5")

        # Scholars: Ana one card of 4 (named); Ben two cards, 6 and 2; Cy one of 3
        await pilot.press("pagedown")
        assert isinstance(app.screen, ScholarsScreen)
        for line in ("4 Callimachus", "6 2", "3"):
            await type_line(pilot, line)

        # Supplies: row by row, each player in turn
        await pilot.press("pagedown")
        assert isinstance(app.screen, SuppliesScreen)
        assert focused_id(app) == "kings_grace-0"
        supplies = ["1", "0", "2", "2", "3", "2", "3", "0", "2", "0", "2", "2", "1", "0", "1", "0", "1", "0"]
        for value in supplies:
            await type_line(pilot, value)

        # Renown in play, Seals removed (T2), King's Requests (T4)
        await pilot.press("pagedown")
        assert isinstance(app.screen, RenownScreen)
        for value in ["50", "59", "70", "5", "5", "3", "2", "1", "0"]:
            await type_line(pilot, value)

        await pilot.press("pagedown")
        assert isinstance(app.screen, ResultsScreen)
        table = app.live.standings()
        assert [(s.name, s.total) for s in table.scores] == [("Ben", 82), ("Ana", 82), ("Cy", 77)]
        ana = table.scores[1]
        assert (ana.pinax, ana.school, ana.scholars, ana.supplies, ana.renown) == (21, 3, 4, 4, 50)
        assert table.winners == ("Ben",)
        assert table.separations[0].text == "Ben ahead of Ana on T3: 2 Scholars to 1"
        assert "Winner: Ben" in str(app.screen.query_one("#heading").render())
        path = app.session.path

    saved = read_sheet(path)  # everything was autosaved; quitting asked nothing
    assert saved.totals == {"Ana": 82, "Ben": 82, "Cy": 77}
    assert saved.sheet.players[0].scribes[0].young is True
    assert saved.sheet.players[0].scholars[0].name == "Callimachus"
