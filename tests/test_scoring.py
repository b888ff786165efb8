"""Scoring S1 and S7-S11, with property tests over random players."""

from __future__ import annotations

from hypothesis import given, strategies as st

from scorepad.rules.categories import CATEGORIES
from scorepad.rules.models import Player, Scholar, Scribe, Sheet, Supplies
from scorepad.rules.scoring import (
    one_per, pinax_renown, score_player, score_players, supplies_renown,
)
from scorepad.rules.standings import standings

from .conftest import make_sheet


def test_S1_pinax_quick_count_table():
    assert [pinax_renown(n) for n in range(5)] == [0, 3, 6, 10, 15]


def test_S1_pinax_tiles_add_up():
    sheet = make_sheet({"pinax": [{"seals": 1}, {"seals": 4}, {"seals": 0}]})
    assert score_player(sheet, 0).pinax == 18


def test_S7_school_one_per_two_rounded_down():
    sheet = make_sheet({"scribes": [{"knowledge": 3}, {"knowledge": 2}]})
    assert score_player(sheet, 0).school == 2


def test_S7_M3_young_scribe_not_doubled():
    young = make_sheet({"scribes": [{"knowledge": 4, "young": True}]})
    grown = make_sheet({"scribes": [{"knowledge": 4, "young": False}]})
    assert score_player(young, 0).school == score_player(grown, 0).school == 2


def test_S8_scholars_sum_their_printed_renown():
    sheet = make_sheet({"scholars": [{"renown": 4}, {"renown": 0}, {"renown": 7}]})
    assert score_player(sheet, 0).scholars == 11
    assert score_player(sheet, 0).scholar_cards == 3


def test_S9_supplies_pool_one_per_three_plus_two_per_stone():
    supplies = Supplies(kings_grace=1, research=2, crates_in_ships=3, crates_in_supply=2,
                        stones_in_supply=1, stones_in_royal_ships=2)
    assert supplies_renown(supplies) == 8 // 3 + 2 * 3


def test_S9_M2_kings_grace_counts_with_research_and_crates():
    assert supplies_renown(Supplies(kings_grace=2, research=1)) == 1
    assert supplies_renown(Supplies(research=2)) == 0


def test_S10_renown_in_play_is_added():
    assert score_player(make_sheet({"renown": 54}), 0).total == 54


def test_S11_rounding_down_lives_in_one_function():
    assert [one_per(n, 3) for n in range(7)] == [0, 0, 0, 1, 1, 1, 2]
    assert one_per(5, 2) == 2


def test_S11_total_of_a_worked_example():
    sheet = make_sheet({
        "renown": 54, "pinax": [{"seals": 3}, {"seals": 4}],
        "scribes": [{"knowledge": 3}, {"knowledge": 5, "young": True}],
        "scholars": [{"renown": 4}, {"renown": 5}],
        "supplies": {"kings_grace": 1, "research": 2, "crates_in_ships": 3,
                     "crates_in_supply": 1, "stones_in_supply": 1},
    })
    score = score_player(sheet, 0)
    assert (score.pinax, score.school, score.scholars, score.supplies) == (25, 4, 9, 4)
    assert score.total == 96


counts = st.integers(0, 60)
players = st.builds(
    lambda renown, seals, knowledge, scholars, supplies, removed, requests: {
        "renown": renown,
        "pinax": [{"seals": s} for s in seals],
        "scribes": [{"knowledge": k[0], "young": k[1]} for k in knowledge],
        "scholars": [{"renown": r} for r in scholars],
        "supplies": dict(zip(("kings_grace", "research", "crates_in_ships", "crates_in_supply",
                              "stones_in_supply", "stones_in_royal_ships"), supplies)),
        "seals_removed": removed,
        "kings_requests": requests,
    },
    counts, st.lists(st.integers(0, 4), max_size=6),
    st.lists(st.tuples(st.integers(0, 9), st.booleans()), max_size=6),
    st.lists(st.integers(0, 12), max_size=8), st.tuples(*[st.integers(0, 20)] * 6),
    st.integers(0, 12), st.integers(0, 6),
)


@given(st.lists(players, min_size=1, max_size=4))
def test_S11_total_equals_sum_of_categories(player_dicts):
    for score in score_players(make_sheet(*player_dicts)):
        assert score.total == sum(getattr(score, c) for c in CATEGORIES)


@given(st.lists(players, min_size=2, max_size=4), st.randoms())
def test_S11_reordering_players_changes_nobodys_score(player_dicts, rng):
    sheet = make_sheet(*player_dicts)
    before = {s.name: s.total for s in score_players(sheet)}
    shuffled = list(sheet.players)
    rng.shuffle(shuffled)
    after = {s.name: s.total for s in score_players(Sheet(players=tuple(shuffled)))}
    assert before == after


@given(players, st.integers(0, 12))
def test_S8_adding_a_scholar_never_lowers_a_total(player, renown):
    sheet = make_sheet(player)
    more = sheet.players[0].scholars + (Scholar(renown=renown),)
    richer = Sheet(players=(sheet.players[0].model_copy(update={"scholars": more}),))
    assert score_player(richer, 0).total >= score_player(sheet, 0).total
    assert score_player(richer, 0).total == score_player(sheet, 0).total + renown


def test_T6_solo_player_has_a_total():
    sheet = Sheet(players=(Player(name="Solo", renown=12, scribes=(Scribe(knowledge=2),)),))
    table = standings(sheet)
    assert table.solo and table.scores[0].total == 13 and table.separations == ()


def _patterned(tokens: tuple[str, ...]) -> Sheet:
    """Two players with a two-cell pattern each over a 2 x 2 Library (S1-S6)."""
    tile = {"pattern": [[0, 0], [0, 1]]}
    return make_sheet({"pinax": [tile], "renown": 3}, {"pinax": [tile], "renown": 5},
                      library={"rows": [" ".join(tokens[:2]), " ".join(tokens[2:])]})


TOKENS = st.sampled_from([".", "L", "#", "M", "G*1", "M*1", "C*2", "G*2", "M*2"])


@given(st.tuples(TOKENS, TOKENS, TOKENS, TOKENS), st.integers(0, 3), TOKENS)
def test_S1_S6_scores_kept_from_before_a_library_change_are_never_reused(tokens, cell, token):
    from scorepad.rules.entries import SetLibraryCell, apply

    before = _patterned(tokens)
    after = apply(before, SetLibraryCell(row=cell // 2, col=cell % 2, token=token))
    assert score_players(after, (before, score_players(before))) == score_players(after)


def test_S10_a_count_typed_for_one_player_scores_that_player_only_again():
    from scorepad.rules.entries import SetCount, apply

    before = _patterned(("M*1", "G*1", "M*2", "C*2"))
    scores = score_players(before)
    after = apply(before, SetCount(player=1, field="renown", value=9))
    again = score_players(after, (before, scores))
    assert again == score_players(after) and again[1].renown == 9
    assert again[0] is scores[0] and again[1] is not scores[1]  # the other player: not scored again
