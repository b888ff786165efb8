"""Setup by keyboard and paste: every name lands in its own field, however it arrives.

Players 1-4 with distinct, non-empty names (docs/rules.md, "Input").
Bursts send all their keys at once (``burst``: a paste, tmux, a fast typist); the
tests check the saved file after ctrl+s as well as the form."""

from __future__ import annotations

from textual.widgets import Static

from scorepad.tui.app import ScorepadApp
from scorepad.tui.screens.setup import SetupScreen
from scorepad.tui.widgets.setup_form import SetupForm

from .conftest import running
from .helpers import burst, focused_id, on_disk, post_paste

NAMES = ("name-0", "name-1", "name-2", "name-3")


async def open_setup(pilot) -> SetupScreen:
    """Show Setup with the title field focused."""
    await pilot.pause()
    pilot.app.new_game()
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    return pilot.app.screen


def form(app) -> SetupForm:
    return app.screen.query_one(SetupForm)


def values(app, *ids: str) -> list[str]:
    """What the fields hold (a colour field: its colour, "" for none)."""
    return [form(app).value(i) for i in ids]


def at(app) -> str:
    """The field the typing goes to: the form's cursor (or another widget's id)."""
    return focused_id(app)


def names(app) -> list[str]:
    return values(app, *NAMES)


def problem(app) -> str:
    return str(app.screen.query_one("#problem", Static).render())


def saved(app):
    """The sheet as it is on disk (file and journal) when the screen shows it."""
    return on_disk(app).sheet


async def paste(pilot, text: str) -> None:
    post_paste(pilot.app, text)
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
        seen = [at(app)]
        for _ in range(6):
            await pilot.press("enter")
            seen.append(at(app))
        assert seen == ["title", *NAMES, "rows", "cols"]


async def test_tab_still_reaches_every_colour():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        seen = []
        for _ in range(10):
            await pilot.press("tab")
            seen.append(at(app))
        assert seen == ["name-0", "colour-0", "name-1", "colour-1", "name-2", "colour-2", "name-3", "colour-3",
                        "rows", "cols"]
        assert values(app, "colour-0") == [""]  # no colour until one is chosen


async def test_burst_names_with_enter_fill_three_names():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "tab", *"Ana", "enter", *"Ben", "enter", *"Cy", "enter")
        assert names(app) == ["Ana", "Ben", "Cy", ""]
        assert at(app) == "name-3"
        assert values(app, "colour-0", "colour-1", "colour-2") == ["", "", ""]


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
        assert at(app) == "name-1"
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
        await paste(pilot, "T\x1b[2Jitle\x07X\tAna\x1b]0;PWNED\x07\u202e")
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


# 5. One widget: the keys of a text field and of a colour, Up and Down, the mouse.

async def test_a_burst_of_every_kind_of_key_lands_every_value_in_the_saved_file():
    """Keys sent with no wait between them: text, Enter, Tab onto a colour, a letter
    and the arrows choosing colours, the grid, and Enter in the last field starting."""
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        await open_setup(pilot)
        await burst(pilot, *"Friday", "enter", *"Ana", "tab", "b", "enter", *"Ben", "tab", "right", "right",
                    "tab", *"Cy", "tab", "g", "enter", "enter", "3", "enter", "4", "enter")
        assert app.session is not None, problem(app)
        sheet = saved(app)
        assert sheet.title == "Friday"
        assert [(p.name, p.colour) for p in sheet.players] == [("Ana", "blue"), ("Ben", "blue"), ("Cy", "green")]
        assert len(sheet.library.rows) == 3 and len(sheet.library.rows[0].split()) == 4


async def test_the_text_cursor_moves_inserts_and_erases_inside_a_name():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "enter", *"Ana", "left", "left", "x")
        assert names(app)[0] == "Axna" and form(app).caret == 2
        await burst(pilot, "home", "B", "end", "!")
        assert names(app)[0] == "BAxna!"
        await burst(pilot, "backspace", "home", "delete", "right", "right", "backspace")
        assert names(app)[0] == "Ana"
        await burst(pilot, "right", "space")  # a space is typed in a name, not a colour key
        assert names(app)[0] == "An a"
        await burst(pilot, "ctrl+u", *"Dee")
        assert names(app)[0] == "Dee"
        assert "Dee" in form(app).line_words(2)  # drawn: the name's line


async def test_a_colour_is_chosen_with_the_arrows_space_or_its_first_letter_and_shown_as_its_word():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "enter", *"Ana", "tab")
        assert at(app) == "colour-0" and values(app, "colour-0") == [""]
        assert "no colour" in form(app).line_words(2)
        picked = []
        for key in ("right", "right", "left", "left", "left", "space", "space", "b", "b", "b", "g", "delete"):
            await burst(pilot, key)
            picked.append(values(app, "colour-0")[0])
        assert picked == ["red", "blue", "red", "", "black", "", "red", "blue", "black", "blue", "green", ""]
        await burst(pilot, "p", "enter")  # Enter on a colour: the next name
        assert at(app) == "name-1" and names(app) == ["Ana", "", "", ""]
        assert "purple" in form(app).line_words(2)
        await pilot.press("ctrl+s")
        assert [(p.name, p.colour) for p in saved(app).players] == [("Ana", "purple")]


async def test_up_and_down_go_to_the_field_above_or_below_and_never_round_the_form():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "up")
        assert at(app) == "title"  # nothing above the first field: it stays
        seen = []
        for key in ("down", "down", "tab", "up", "up", "down", "down", "down", "down", "down"):
            await burst(pilot, key)
            seen.append(at(app))
        assert seen == ["name-0", "name-1", "colour-1", "colour-0", "title", "name-0", "name-1", "name-2",
                        "name-3", "rows"]
        await burst(pilot, "down", "down")
        assert at(app) != "title" and app.focused is not form(app)  # past the last field: below the form


async def test_a_name_typed_past_its_length_is_cut_and_said():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "enter", *"A" * 35)
        assert names(app)[0] == "A" * 30
        assert "a name takes at most 30 characters" in problem(app)


async def test_a_click_on_a_field_puts_the_cursor_there():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        box = form(app).content_region
        # the fourth player's line (a name, then its colour), the rows' line
        for (x, y), field in (((box.x + 20, box.y + 5), "name-3"), ((box.x + 55, box.y + 5), "colour-3"),
                              ((box.x + 20, box.y + 8), "rows"), ((box.x + 20, box.y), "title")):
            await pilot.click(offset=(x, y))
            assert at(app) == field


async def test_enter_redraws_the_two_lines_the_cursor_leaves_and_reaches(monkeypatch):
    """Enter used to move the focus between two bordered Inputs (restyled, blurred and
    focused through their queues, both redrawn: 2.1x the echo app); now it moves the
    form's cursor and redraws two lines of one widget."""
    from textual.geometry import Region

    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        await open_setup(pilot)
        await burst(pilot, *"Friday", "enter", *"Ana")
        refreshed: list[Region] = []
        refresh = SetupForm.refresh
        monkeypatch.setattr(SetupForm, "refresh", lambda self, *regions, **kw: refreshed.extend(regions)
                            or refresh(self, *regions, **kw))
        await burst(pilot, "enter")
        assert at(app) == "name-1"
        assert sorted(region.y for region in refreshed) == [2, 3]  # the first and second players' lines


async def test_the_cursor_field_is_drawn_highlighted_in_every_theme_and_the_hint_fits_80_columns():
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        await open_setup(pilot)
        await burst(pilot, "enter", *"Ana")
        widget = form(app)
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            here = widget.line_text(2)  # label, text before the text cursor, the cursor, the rest, colour
            other = widget.line_text(3)
            assert here[1][0] == "Ana" and here[2][0] == " "  # the text cursor after the name
            assert here[1][1] != other[1][1] and here[2][1] != here[1][1]
            assert here[1][1].bgcolor != widget.rich_style.bgcolor
        lines = [widget.line_words(y) for y in range(len(widget.line_keys()))]
        assert "Enter: next field" in lines[-1] and all(len(line) <= widget.size.width for line in lines)
        assert widget.region.right <= 80


async def test_a_key_no_colour_answers_on_a_colour_says_which_keys_choose_one():
    """A digit or a letter no colour starts with did nothing, and said nothing."""
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "tab", "tab", "x")
        assert at(app) == "colour-0" and values(app, "colour-0") == [""]
        assert "no colour starts with x" in problem(app) and "Space" in problem(app)
        await pilot.press("b")
        assert values(app, "colour-0") == ["blue"] and problem(app) == ""
        await pilot.press("7")
        assert "7" in problem(app) and values(app, "colour-0") == ["blue"]


async def test_a_huge_paste_is_said_in_a_short_note_without_its_escapes():
    """The note quoted the whole paste: 200,000 characters pasted into a name made a
    note thousands of lines long, the Start button pushed far out of sight."""
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press("tab")
        await paste(pilot, "y" * 100_000)
        assert names(app)[0] == "y" * 30
        assert "cut to 30 characters" in problem(app) and len(problem(app)) < 200
        await paste(pilot, "\tB\tC\tD\tE\x1b[31m" + "z" * 100_000)
        assert "not pasted" in problem(app) and "E" in problem(app)
        assert "\x1b" not in problem(app) and len(problem(app)) < 200


async def test_the_text_cursor_steps_over_an_accent_and_a_joined_emoji_as_one_character():
    """A decomposed "Chloé" (e and a combining accent): Left put the text cursor between
    the e and its accent, where it was drawn as nothing, and Backspace then erased the e,
    the accent moving onto the o ("Chló")."""
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await pilot.press("tab")
        await paste(pilot, "Chloe\u0301")
        await burst(pilot, "left")
        assert form(app).caret == 4  # on the é, both its code points
        await burst(pilot, "backspace")
        assert names(app)[0] == "Chle\u0301"
        await burst(pilot, "delete")
        assert names(app)[0] == "Chl"
        await burst(pilot, "ctrl+u")
        await paste(pilot, "A\U0001F469\u200d\U0001F467B")  # A, a woman-and-girl emoji, B
        await burst(pilot, "left", "left", "backspace")
        assert names(app)[0] == "\U0001F469\u200d\U0001F467B"
        await burst(pilot, "right", "backspace")
        assert names(app)[0] == "B"


async def test_a_paste_on_a_colour_picks_the_colour_it_names_or_says_so_on_one_line():
    """A paste that names no colour gave a note of two lines at 80 columns, which
    scrolled the Start button's lower edge out of sight."""
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        await open_setup(pilot)
        await burst(pilot, "tab", "tab")
        await paste(pilot, "teal")
        await pilot.pause()
        assert values(app, "colour-0") == [""] and "Space" in problem(app)
        assert len(problem(app)) <= app.screen.query_one("#problem").size.width
        await paste(pilot, "Green\n")
        await pilot.pause()
        assert values(app, "colour-0") == ["green"] and problem(app) == ""


async def test_escape_leaves_a_blank_form_at_once_and_asks_before_throwing_names_away(answer_at_once):
    """Escape (or F2) on a form with names typed threw them away in silence."""
    from scorepad.tui.screens.dialogs import ConfirmScreen
    from scorepad.tui.screens.home import HomeScreen

    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)  # nothing typed: nothing to lose
        await open_setup(pilot)
        await burst(pilot, *"Fri", "enter", *"Ana", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await burst(pilot, "n")  # stay: the names are still there
        assert isinstance(app.screen, SetupScreen) and names(app)[0] == "Ana"
        await burst(pilot, "escape", "enter")  # a quick Enter keeps them: No has the focus
        assert isinstance(app.screen, SetupScreen) and names(app)[0] == "Ana"
        await burst(pilot, "f2", "y")
        assert isinstance(app.screen, HomeScreen)


async def test_a_note_under_the_form_goes_once_the_form_changes_and_never_hides_start():
    """A note stayed after the user did what it said; a long one pushed Start out of
    sight at 80 x 24 (a paste's notes quoted what they left out)."""
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        await open_setup(pilot)
        await burst(pilot, "tab", "tab", "z")
        assert "no colour starts with z" in problem(app)
        await burst(pilot, "right")  # red: the note is answered
        assert values(app, "colour-0") == ["red"] and problem(app) == ""
        await burst(pilot, "tab")
        await paste(pilot, "\t".join(["Bartholomew the Very Long Named Librarian"] * 3 + ["E" * 40] * 4))
        start = app.screen.query_one("#start").region
        assert problem(app).count("\n") <= 1 and start.bottom <= app.screen.query_one("FooterBand").region.y
        assert "cut to fit" in problem(app) and "not pasted" in problem(app)
        await burst(pilot, "backspace")
        assert problem(app) == ""


async def test_a_paste_with_escape_sequences_leaves_the_text_cursor_after_what_it_put():
    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, "X", "Y", "left")
        await paste(pilot, "a\x1b[31mb")
        await burst(pilot, "Z")
        assert values(app, "title") == ["Xa[31mbZY"]


async def test_f2_on_a_setup_opened_over_a_game_goes_home_asking_first(game_path, answer_at_once):
    """F2 went back to the game screen Setup was opened over, not Home."""
    from scorepad.tui.screens.home import HomeScreen

    app = ScorepadApp(path=game_path)
    async with running(app) as pilot:
        await pilot.pause()
        await open_setup(pilot)
        await burst(pilot, *"Ana", "f2", "y")
        assert isinstance(app.screen, HomeScreen)


async def test_a_name_typed_on_after_escape_does_not_answer_leave_this_new_game(key_clock):
    """Escape typed mid-name (in a table it puts the value back) asked "Leave this new
    game?", and the name typed on answered it: ``yves`` said Yes with its ``y`` and the
    form was thrown away; ``Yann`` said No with its ``n`` and typed the last ``n`` into
    the name. Keys of the burst that asked are no answer, and the question says so; a
    key after a pause answers it."""
    from scorepad.tui.screens.dialogs import ConfirmScreen

    app = ScorepadApp()
    async with running(app) as pilot:
        await open_setup(pilot)
        await burst(pilot, *"Fri", "enter", *"Ana", "enter", "escape", *"yves")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.query_one("#not-taken").display
        key_clock.advance(1.0)  # the typist looks up and reads it
        await burst(pilot, "n")
        assert isinstance(app.screen, SetupScreen) and names(app)[0] == "Ana"


async def test_keys_typed_on_after_a_refused_start_are_not_taken(key_clock):
    """A new user's burst: 3 rows, no columns, Ctrl+S refused ("a Library grid has 1 to
    64 rows and columns"), and the rest of the burst, 2 Enter 1 Enter, went on into the
    form: a game of 32 rows by 1 column started. As in a table, what is typed straight
    after a refusal is not taken, and the note says so; after a pause it is."""
    app = ScorepadApp()
    async with running(app, (80, 24)) as pilot:
        await open_setup(pilot)
        await burst(pilot, "enter", *"Dee", "enter", *"Eve", "enter", "enter", "enter", "3", "ctrl+s",
                    "2", "enter", "1", "enter")
        assert app.session is None and values(app, "rows", "cols") == ["3", ""]
        # said once, after a full stop (at 80 columns it was said again each key: attack run)
        assert " ".join(problem(app).split()).count("1 to 64 rows and columns. The keys typed straight after "
                                                    "were not taken.") == 1
        assert problem(app).count("not taken") == 1
        key_clock.advance(1.0)  # the typist reads the note, then puts it right
        await burst(pilot, "enter", "4", "enter")
        assert app.session is not None, problem(app)
        assert len(saved(app).library.rows) == 3 and len(saved(app).library.rows[0].split()) == 4
