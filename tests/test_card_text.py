"""A player's cards typed on one line (S1 quick counts, S7 Scribes, S8 Scholars), and
the entries that store them: read back the same, and one entry per changed card."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.rules.entries import RemoveItem, apply
from scorepad.rules.models import PinaxTile, Scholar, Scribe
from scorepad.tui.card_text import QuickPinaxText, ScholarsText, ScribesText, card_changes

from .conftest import make_sheet

scribes = st.lists(st.builds(Scribe, knowledge=st.integers(0, 99), young=st.booleans()), max_size=8)
# a name is what a person types: no comma, no space at either end; digits are fine, but
# never its first word (``3 2`` or ``3 4 Euclid`` after a comma meant two cards: refused)
words = st.text(alphabet="abcdefghij 01", min_size=1, max_size=12).map(str.strip).filter(
    lambda name: name and not name.split()[0].isdigit())
scholars = st.lists(st.builds(Scholar, renown=st.integers(0, 99), name=st.one_of(st.just(""), words)), max_size=8)
tiles = st.lists(st.builds(PinaxTile, seals=st.integers(0, 4)), max_size=8)


@given(scribes)
def test_S7_scribes_read_back_as_shown(cards):
    assert ScribesText.parse(ScribesText.show(tuple(cards))) == tuple(cards)


@given(scholars)
def test_S8_scholars_read_back_as_shown_names_and_all(cards):
    assert ScholarsText.parse(ScholarsText.show(tuple(cards))) == tuple(cards)


@given(tiles)
def test_S1_quick_tiles_read_back_as_shown(cards):
    assert QuickPinaxText.parse(QuickPinaxText.show(tuple(cards))) == tuple(cards)


def test_M3_a_y_marks_a_young_scribe_commas_or_spaces_separate():
    assert ScribesText.parse("3, 2 4y 5Y") == (Scribe(knowledge=3), Scribe(knowledge=2),
                                                Scribe(knowledge=4, young=True), Scribe(knowledge=5, young=True))
    assert ScholarsText.parse("4 Hypatia of Alexandria, 3, 2 Euclid") == (
        Scholar(renown=4, name="Hypatia of Alexandria"), Scholar(renown=3), Scholar(renown=2, name="Euclid"))
    assert ScholarsText.parse("4 Hypatia 3 2 Euclid") == (
        Scholar(renown=4, name="Hypatia"), Scholar(renown=3), Scholar(renown=2, name="Euclid"))
    assert ScholarsText.parse("5 Ptolemy 2, 1") == (Scholar(renown=5, name="Ptolemy 2"), Scholar(renown=1))
    assert ScribesText.parse("  ") == ()


@pytest.mark.parametrize("kind, text, words", [
    (ScribesText, "3 x", "'x'"), (ScribesText, "-2", "one number per card"),
    (ScholarsText, "Hypatia 4", "start each card with the Renown"), (QuickPinaxText, "3 2y", "'2y'"),
])
def test_a_line_that_means_no_cards_says_which_word(kind, text, words):
    with pytest.raises(ValueError, match=words):
        kind.parse(text)


def test_S8_a_scholars_name_longer_than_a_sheet_keeps_is_refused_not_cut_in_silence():
    """A name over 60 characters was cut to 60 with no word, and the table row went on
    showing the whole name typed: not what was stored (new-user run)."""
    long = "Abcdefghij Klmnopqrst Uvwxyzabcd Efghijklmn Opqrstuvwx Yzabcdefgh IJKLMNOPQR"
    for line in (f"4 {long}", f"4 {long}, 3", f"2 Euclid 4 {long}"):
        with pytest.raises(ValueError, match=r"at most 60 characters \(this one has 76\)"):
            ScholarsText.parse(line)
    assert ScholarsText.parse(f"4 {long[:60]}") == (Scholar(renown=4, name=long[:60]),)


def test_S1_a_quick_tile_over_four_seals_is_refused():
    with pytest.raises(ValueError):
        QuickPinaxText.parse("3 5")


@given(scribes, scribes)
def test_S7_card_changes_turn_any_line_into_any_other(old, new):
    sheet = make_sheet({"scribes": old})
    entries = card_changes(0, list(range(len(old))), tuple(old), tuple(new), ScribesText.put, "scribes")
    for entry in entries:
        sheet = apply(sheet, entry)
    assert sheet.players[0].scribes == tuple(new)
    # one entry per card that differs, is added or removed: no more
    changed = sum(a != b for a, b in zip(old, new)) + abs(len(new) - len(old))
    assert len(entries) == changed


def test_S1_quick_tiles_change_around_pattern_tiles_which_stay_put():
    pattern = PinaxTile(pattern=((0, 0),))
    sheet = make_sheet({"pinax": [PinaxTile(seals=1), pattern, PinaxTile(seals=2), PinaxTile(seals=3)]})
    entries = card_changes(0, [0, 2, 3], (PinaxTile(seals=1), PinaxTile(seals=2), PinaxTile(seals=3)),
                           (PinaxTile(seals=4),), QuickPinaxText.put, "pinax")
    assert [type(e) for e in entries][-2:] == [RemoveItem, RemoveItem]
    for entry in entries:
        sheet = apply(sheet, entry)
    assert sheet.players[0].pinax == (PinaxTile(seals=4), pattern)


def test_S7_a_line_of_cards_is_one_entry_one_step_to_undo():
    from scorepad.rules.describe import describe
    from scorepad.rules.entries import PutCards
    from scorepad.tui.card_text import card_entry

    sheet = make_sheet({"scribes": [Scribe(knowledge=1)]})
    (entry,) = card_entry(0, [0], (Scribe(knowledge=1),), ScribesText.parse("3 2 4y"), ScribesText.put, "scribes")
    assert isinstance(entry, PutCards) and len(entry.entries) == 3
    assert apply(sheet, entry).players[0].scribes == ScribesText.parse("3 2 4y")
    assert describe(entry, sheet).count("P1:") == 3
    assert card_entry(0, [0], (Scribe(knowledge=1),), (Scribe(knowledge=1),), ScribesText.put, "scribes") == []


def test_only_ascii_digits_count_as_numbers_what_is_stored_is_what_was_typed():
    from scorepad.tui.typed_value import parse_count

    for text in ("٣", "3+٤"):
        with pytest.raises(ValueError):
            parse_count(text)
    with pytest.raises(ValueError):
        ScribesText.parse("٣ 2")


@pytest.mark.parametrize("text, meant", [("4 Hypatia, 3 2", "3, 2"), ("5, 4 3", "4, 3"), ("2, 7 1 1", "7, 1, 1"),
                                         ("4 Hypatia, 3 4 Euclid", "3, 4 Euclid"), ("1, 3 4 5 Ptolemy 2", "3, 4, 5 Ptolemy 2")])
def test_S8_after_a_comma_a_number_is_not_taken_for_a_scholars_name(text, meant):
    """``4 Hypatia, 3 2`` stored a card of 3 Renown named "2" (a new user meant three
    cards): refused, saying how to type the cards meant. A name with digits stays one."""
    with pytest.raises(ValueError, match=f"a name is not a number: {meant} types them as cards"):
        ScholarsText.parse(text)
    assert ScholarsText.parse("3 Ptolemy 2, 4") == (Scholar(renown=3, name="Ptolemy 2"), Scholar(renown=4))
    assert ScholarsText.parse("3 2b,") == (Scholar(renown=3, name="2b"),)  # not a number: a name
