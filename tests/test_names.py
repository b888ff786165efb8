"""Every name in every terminal (issue 12): player names are one Unicode form (NFC), so
"Chloé" typed two ways is one name ("Input" in docs/rules.md: distinct names); columns line
up by display cells, not characters, in the ``score`` table and the exports."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from rich.cells import cell_len

from scorepad.cli import main
from scorepad.rules.entries import AddPlayer, EntryError, RenamePlayer, SetTitle, apply
from scorepad.rules.models import Sheet
from scorepad.storage.document import SheetFileError
from scorepad.storage.exports import to_markdown
from scorepad.storage.files import read_sheet

from .conftest import DATA, examples

DECOMPOSED, PRECOMPOSED = "Chloe\u0301", "Chlo\u00e9"
NAMES = ("王小明", DECOMPOSED, "Ana", "Zoë Ångström")


def sheet_of(*names: str, **extra) -> Sheet:
    return Sheet.model_validate({"players": [{"name": n, "renown": 7 * i} for i, n in enumerate(names)], **extra})


def write(tmp_path, *names: str, title: str = "") -> str:
    """A sheet file as a person or another program would write it: names as given."""
    raw = json.loads((DATA / "friday.json").read_text(encoding="utf-8"))
    raw.pop("history", None)
    raw["title"] = title
    raw["players"] = [{"name": n, "renown": 10 + i} for i, n in enumerate(names)]
    raw.pop("totals", None)
    path = tmp_path / "names.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return str(path)


# -- one form for every name (docs/rules.md "Input": distinct, non-empty names) -------------

def test_input_a_decomposed_name_is_stored_precomposed_on_every_entry_path():
    assert sheet_of(DECOMPOSED).players[0].name == PRECOMPOSED
    assert AddPlayer(name=DECOMPOSED).name == PRECOMPOSED
    assert RenamePlayer(player=0, name=DECOMPOSED).name == PRECOMPOSED


def test_input_the_same_name_written_two_ways_is_refused_naming_the_clash():
    with pytest.raises(ValidationError) as caught:
        sheet_of(PRECOMPOSED, DECOMPOSED)
    message = str(caught.value)
    assert f'"{PRECOMPOSED}" is already a player, written another way' in message


def test_input_a_rename_or_new_player_that_clashes_only_once_normalised_is_refused():
    sheet = sheet_of(PRECOMPOSED, "Ben")
    with pytest.raises(EntryError, match=f'two players are named "{PRECOMPOSED}"'):
        apply(sheet, AddPlayer(name=DECOMPOSED))
    with pytest.raises(EntryError, match=f'two players are named "{PRECOMPOSED.upper()}"'):
        apply(sheet, RenamePlayer(player=1, name=DECOMPOSED.upper()))


def test_input_names_differing_in_case_only_are_still_the_plain_duplicate_message():
    with pytest.raises(ValidationError, match='two players are named "ana"'):
        sheet_of("Ana", "ana")


def test_titles_are_nfc_too():
    assert sheet_of("Ana", title="Soirée chez Chloe\u0301").title == "Soirée chez Chloé"
    assert apply(sheet_of("Ana"), SetTitle(title="Chloe\u0301")).title == "Chloé"


def test_a_file_with_decomposed_names_loads_them_precomposed(tmp_path):
    loaded = read_sheet(write(tmp_path, DECOMPOSED, "Ben", title="Chez Chloe\u0301"))
    assert [p.name for p in loaded.sheet.players] == [PRECOMPOSED, "Ben"]
    assert loaded.sheet.title == "Chez Chloé"


def test_a_file_whose_names_clash_once_normalised_is_a_clear_error_not_a_crash(tmp_path, capsys):
    path = write(tmp_path, PRECOMPOSED, DECOMPOSED)
    with pytest.raises(SheetFileError, match="written another way"):
        read_sheet(path)
    assert main(["score", path]) == 2
    out, err = capsys.readouterr()
    assert out == "" and path in err and "written another way" in err


# -- columns by display cells ----------------------------------------------------------

def test_fit_cuts_and_pads_by_cells_not_characters():
    from scorepad.columns import fit, tail

    assert fit("王小明", 6) == "王小明" and fit("王小明", 4) == "王… " and cell_len(fit("王小明", 5)) == 5
    assert fit("Bartholomew", 6) == "Barth…" and fit("Bartholomew", 1) == "B"  # a cut name says so
    assert fit(DECOMPOSED, 7) == DECOMPOSED + "  "
    assert fit("7", 3, right=True) == "  7"
    assert tail("12+13+14+15", 6) == "…14+15" and tail("王小明", 5) == "…小明"


def column_ends(line: str, name: str) -> list[int]:
    """The cell offset where each column after the name column ends (they are right-aligned)."""
    return [cell_len(line[:found.end()]) for found in re.finditer(r"\S+", line) if found.start() >= len(name)]


def test_score_table_columns_line_up_with_cjk_and_combining_names(tmp_path, capsys):
    assert main(["score", write(tmp_path, *NAMES)]) == 0
    lines = capsys.readouterr().out.splitlines()
    shown = ("Player", *(unicodedata.normalize("NFC", name) for name in NAMES))
    table = {name: next(line for line in lines if line.startswith(name + " ")) for name in shown}
    ends = {name: column_ends(line, name) for name, line in table.items()}
    assert len(ends["Player"]) == 7  # five categories, Total, Rank
    assert all(found == ends["Player"] for found in ends.values()), table


def md_table(text: str) -> list[list[str]]:
    return [line.split("|")[1:-1] for line in text.splitlines() if line.startswith("|")]


def test_markdown_table_cells_have_one_display_width_per_column():
    table = md_table(to_markdown(sheet_of(*NAMES)))
    assert len(table) == 2 + len(NAMES)
    for column in zip(*table):
        assert len({cell_len(cell) for cell in column}) == 1, column


def test_history_table_names_line_up(capsys):
    from scorepad.storage.session import SheetSession

    for names in (NAMES, ("Ana", "Ben")):
        SheetSession.create(sheet_of(*names, finished=True)).close()
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("Player "):].splitlines()
    assert len(table) == 1 + 5
    assert len({cell_len(line) for line in table}) == 1, table


names = st.text(st.sampled_from("aZé王小明ﾊ\u0301\u0308 "), min_size=1, max_size=12).filter(str.strip)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(names, min_size=2, max_size=4, unique_by=lambda n: " ".join(n.split()).casefold()))
def test_markdown_columns_stay_aligned_for_any_names(typed):
    try:
        sheet = sheet_of(*typed)
    except ValidationError:
        return  # two names the same once normalised: refused, tested above
    for column in zip(*md_table(to_markdown(sheet))):
        assert len({cell_len(cell) for cell in column}) == 1


HOSTILE = ["Esc \x1b[2J", "window\x1b]0;PWNED\x07", "two\nlines", "bell\x07", "C1 \x9b2J", "rtl \u202eevil", "iso \u2066x\u2069"]


@pytest.mark.parametrize("text", HOSTILE)
def test_input_text_a_terminal_would_act_on_is_refused_in_every_text_field(text):
    """A shared file's title, name, colour, Scholar, location, start player or notes
    could clear the screen it is shown on, retitle its window, fake lines of output or
    show text in another order than stored: refused, naming the character."""
    base = {"title": "T", "players": [{"name": "Ana"}]}
    if "\n" in text:  # a name's runs of spaces, line breaks among them, become one space
        assert Sheet.model_validate({**base, "players": [{"name": text}]}).players[0].name == "two lines"
    for where in ({"title": text}, {"players": [{"name": "Ana", "colour": text}]},
                  {"players": [{"name": "Ana", "scholars": [{"name": text}]}]}, {"location": text},
                  {"start_player": text}, *([] if "\n" in text else [{"players": [{"name": text}]}])):
        with pytest.raises(ValidationError, match=r"U\+[0-9A-F]{4}, a control character"):
            Sheet.model_validate({**base, **where})
    if "\n" not in text:
        with pytest.raises(ValidationError, match="a control character"):
            Sheet.model_validate({**base, "notes": text})
    with pytest.raises((ValidationError, EntryError)):
        apply(Sheet.model_validate(base), SetTitle(title=text))


def test_input_notes_keep_their_tabs_and_line_breaks():
    sheet = Sheet.model_validate({"players": [{"name": "Ana"}], "notes": "first\tline\nsecond"})
    assert sheet.notes == "first\tline\nsecond"


def test_input_a_file_with_an_escape_sequence_in_its_title_is_refused_by_score(tmp_path, capsys):
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps({"format": "great-library-scoresheet", "version": 1,
                                "title": "Esc \x1b[2J\x1b]0;PWNED\x07", "players": [{"name": "Ana"}]}))
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "title" in err and "U+001B" in err and "\x1b" not in err
