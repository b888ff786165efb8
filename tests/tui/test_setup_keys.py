"""Setup by keyboard and paste: every name lands in its own field, however it arrives.

Players 1-4 with distinct, non-empty names (docs/rules.md, "Input").
Bursts send all their keys at once (``burst``: a paste, tmux, a fast typist); the
tests check the saved file after ctrl+s as well as the form."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, Select, Static

from scorepad.storage.files import read_sheet
from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.setup import SetupScreen

from .conftest import running
from .helpers import burst, on_disk

NAMES = ("name-0", "name-1", "name-2", "name-3")


async def open_setup(pilot) -> SetupScreen:
    """Show Setup with the title field focused."""
    await pilot.pause()
    pilot.app.new_game()
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    return pilot.app.screen


def values(app, *ids: str) -> list[str]:
    return [app.screen.query_one(f"#{i}", Input).value for i in ids]


def names(app) -> list[str]:
    return values(app, *NAMES)


def problem(app) -> str:
    return str(app.screen.query_one("#problem", Static).render())


def saved(app):
    """The sheet as it is on disk (file and journal) when the screen shows it."""
    return on_disk(app).sheet


async def paste(pilot, text: str) -> None:
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.pause()


# 1. A burst with Tab: the title, then each name in its own field.

async def test_burst_with_tabs_fills_title_and_names_and_the_saved_file():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        # " " types a space with every burst(); "space" only once burst() gives it its character
        await burst(pilot, *"Friday test", "tab", *"Ana", "tab", "tab", *"Ben", "tab", "tab",
                    *"Cy", "ctrl+s")
        assert app.session is not None, problem(app)
        sheet = saved(app)
        assert sheet.title == "Friday test"
        assert [p.name for p in sheet.players] == ["Ana", "Ben", "Cy"]


# 2. Enter goes from name to name, skipping the colour lists; Tab still reaches them.

async def test_enter_walks_title_names_rows_columns_skipping_colours():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        seen = [app.focused.id]
        for _ in range(6):
            await pilot.press("enter")
            seen.append(app.focused.id)
        assert seen == ["title", *NAMES, "rows", "cols"]


async def test_tab_still_reaches_every_colour():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        seen = []
        for _ in range(10):
            await pilot.press("tab")
            seen.append(app.focused.id)
        assert seen == ["name-0", "colour-0", "name-1", "colour-1", "name-2", "colour-2", "name-3", "colour-3",
                        "rows", "cols"]
        assert isinstance(app.screen.query_one("#colour-0"), Select)


async def test_burst_names_with_enter_fill_three_names():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "tab", *"Ana", "enter", *"Ben", "enter", *"Cy", "enter")
        assert names(app) == ["Ana", "Ben", "Cy", ""]
        assert app.focused.id == "name-3"
        assert not any(select.expanded for select in app.screen.query(Select))


async def test_enter_then_a_name_lands_in_the_next_players_field():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, *"Friday", "enter", *"Ana", "enter", *"Ben")
        assert values(app, "title") == ["Friday"]
        assert names(app) == ["Ana", "Ben", "", ""]


async def test_enter_on_columns_starts_a_valid_game_with_its_grid():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, *"Friday", "enter", *"Ana", "enter", *"Ben", "enter", "enter", "enter",
                    "3", "enter", "4", "enter")
        assert app.session is not None, problem(app)
        sheet = saved(app)
        assert (sheet.title, [p.name for p in sheet.players]) == ("Friday", ["Ana", "Ben"])
        assert len(sheet.library.rows) == 3 and len(sheet.library.rows[0].split()) == 4


async def test_enter_on_columns_of_an_invalid_form_says_why_and_stays():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, *["enter"] * 7)
        assert isinstance(app.screen, SetupScreen) and app.session is None
        assert "at least one player" in problem(app)


# 3. A paste with tabs or line breaks fills successive fields, never a literal tab.

async def test_paste_tab_separated_names_into_a_name_fills_successive_names():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press("tab")
        await paste(pilot, "Ana\tBen")
        assert names(app) == ["Ana", "Ben", "", ""]
        assert app.focused.id == "name-1"
        await pilot.press(*"Cy")  # typing goes on where the paste ended
        assert names(app) == ["Ana", "BenCy", "", ""]


async def test_paste_lines_into_a_name_fills_successive_names_and_the_file():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press("tab")
        await paste(pilot, "Ana\r\nBen\nCy\n")
        assert names(app) == ["Ana", "Ben", "Cy", ""]
        assert not any("\t" in v or "\n" in v for v in values(app, "title", *NAMES))
        await pilot.press("ctrl+s")
        assert [p.name for p in saved(app).players] == ["Ana", "Ben", "Cy"]


async def test_paste_of_escape_sequences_keeps_the_text_and_drops_what_a_terminal_would_act_on():
    """A paste carrying an escape sequence (a copied coloured line, say): no key types
    one and no sheet takes one, so the field keeps the text around it, in its order."""
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await paste(pilot, "T\x1b[2Jitle\x07X\tAna\x1b]0;PWNED\x07")
        assert values(app, "title", "name-0") == ["T[2JitleX", "Ana]0;PWNED"]
        await pilot.press("ctrl+s")
        assert saved(app).title == "T[2JitleX" and [p.name for p in saved(app).players] == ["Ana]0;PWNED"]


async def test_paste_into_the_title_gives_the_first_part_to_the_title_and_the_rest_to_names():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await paste(pilot, "Friday at Ana's\tAna\tBen")
        assert values(app, "title") == ["Friday at Ana's"]
        assert names(app) == ["Ana", "Ben", "", ""]


async def test_paste_of_one_line_behaves_as_an_ordinary_paste():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press(*"Friday", "space")
        await paste(pilot, "at Ana's\n")
        assert values(app, "title") == ["Friday at Ana's"]
        assert names(app) == ["", "", "", ""]


async def test_paste_of_more_names_than_places_says_which_were_left_out():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "tab", "enter", "enter")
        await paste(pilot, "Cy\tDee\tEve")
        assert names(app) == ["", "", "Cy", "Dee"]
        assert "Eve" in problem(app)


async def test_ctrl_v_of_copied_names_fills_successive_names():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press("tab")
        app.copy_to_clipboard("Ana\tBen")
        await pilot.press("ctrl+v")
        assert names(app) == ["Ana", "Ben", "", ""]


async def test_paste_into_rows_fills_rows_and_columns():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, *["enter"] * 5)
        await paste(pilot, "3\t4")
        assert values(app, "rows", "cols") == ["3", "4"]
        assert names(app) == ["", "", "", ""]


# 4. Nothing silent: what stops the start is said in #problem.

async def test_duplicate_names_by_paste_are_refused_with_a_reason():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press("tab")
        await paste(pilot, "Ana\nana")
        await pilot.press("ctrl+s")
        assert app.session is None and "two players are named" in problem(app)


async def test_enter_from_one_name_to_the_next_repaints_the_two_fields_not_the_form(scorepad_home, monkeypatch):
    """Textual repainted the whole screen when the focus moved: every Enter drew every
    field of the form again (38 widgets drawn for two fields; now 19)."""
    from textual.widget import Widget

    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        screen = await open_setup(pilot)
        await pilot.press(*"Friday", "enter", *"Ana")
        await pilot.pause()
        painted: list[Widget] = []
        render_lines = Widget.render_lines
        monkeypatch.setattr(Widget, "render_lines", lambda self, crop: painted.append(self) or render_lines(self, crop))
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is screen.query_one("#name-1", Input)
        assert screen.query_one("#name-0", Input) in painted and app.focused in painted
        # the fields below, which nothing changed, are not drawn again
        assert not {"name-2", "name-3", "colour-2", "colour-3", "rows", "cols"} & {w.id for w in painted}


# Enter from field to field: the focused field's accent border, restyled from memory.

async def test_enter_from_name_to_name_shows_the_accent_border_on_the_focused_field_only(monkeypatch):
    """Textual restyled a field from the stylesheet whenever it gained or lost the focus
    (a third of Setup's frame per Enter); after the first move of its kind a name field
    is restyled from memory, and still shows where the typing goes, in every theme."""
    from textual.css.stylesheet import Stylesheet

    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        fields = [app.screen.query_one(f"#{i}", Input) for i in ("title", *NAMES)]
        restyled = []
        update_nodes = Stylesheet.update_nodes
        monkeypatch.setattr(Stylesheet, "update_nodes", lambda self, nodes, animate=False: update_nodes(
            self, restyled.extend(nodes := list(nodes)) or nodes, animate))
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            fields[0].focus()
            await pilot.pause()
            restyled.clear()
            looks = set()
            for n in range(len(fields)):
                borders = [field.styles.border_top for field in fields]
                others = {border for m, border in enumerate(borders) if m != n}
                assert len(others) == 1 and borders[n] not in others  # the focused field's own look
                looks.add((borders[n], *others))
                if n < len(fields) - 1:
                    await burst(pilot, "enter")  # typing would restyle too: Input marks a value -valid
                    assert app.focused is fields[n + 1]
            assert len(looks) == 1  # the same two looks on every field
            # the third name onwards: both moves of their kind were learnt on the names before
            assert fields[3] not in restyled and fields[4] not in restyled
