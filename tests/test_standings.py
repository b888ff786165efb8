"""Winner, competition ranks and tie-breaks, T1-T6."""

from __future__ import annotations

from hypothesis import given, strategies as st

from scorepad.rules.standings import standings, tie_key

from .conftest import make_sheet


def test_T1_highest_total_wins():
    table = standings(make_sheet({"name": "Ana", "renown": 10}, {"name": "Ben", "renown": 12}))
    assert table.winners == ("Ben",)
    assert table.separations[0].rule == "T1"
    assert table.separations[0].text == "Ben ahead of Ana on T1: 12 Renown to 10"


def test_T2_equal_totals_most_seals_removed():
    table = standings(make_sheet({"name": "Ana", "renown": 10, "seals_removed": 3},
                                 {"name": "Ben", "renown": 10, "seals_removed": 5}))
    assert [s.name for s in table.scores] == ["Ben", "Ana"]
    assert table.ranks == (1, 2)
    assert table.separations[0].rule == "T2"


def test_T3_then_most_scholar_cards_not_their_renown():
    table = standings(make_sheet(
        {"name": "Ana", "renown": 6, "scholars": [{"renown": 1}] * 4},
        {"name": "Ben", "renown": 1, "scholars": [{"renown": 3}] * 3},
    ))
    assert table.scores[0].name == "Ana"
    assert table.separations[0].text == "Ana ahead of Ben on T3: 4 Scholars to 3"


def test_T4_then_most_kings_requests():
    table = standings(make_sheet({"name": "Ana", "kings_requests": 1},
                                 {"name": "Ben", "kings_requests": 2}))
    assert table.winners == ("Ben",) and table.separations[0].rule == "T4"


def test_T5_still_equal_shares_victory_with_competition_ranks():
    table = standings(make_sheet({"name": "Ana", "renown": 9}, {"name": "Ben", "renown": 9},
                                 {"name": "Cy", "renown": 2}))
    assert table.ranks == (1, 1, 3)
    assert table.winners == ("Ana", "Ben")
    assert table.separations[0].rule == "T5"
    assert "shared" in table.separations[0].text


def test_T6_solo_gets_no_ranking_talk():
    table = standings(make_sheet({"name": "Solo", "renown": 3}))
    assert table.solo and table.separations == ()


tie_player = st.fixed_dictionaries({
    "renown": st.integers(0, 3), "seals_removed": st.integers(0, 2),
    "scholars": st.lists(st.just({"renown": 0}), max_size=2), "kings_requests": st.integers(0, 2),
})


@given(st.lists(tie_player, min_size=1, max_size=4))
def test_T1_T5_ranks_agree_with_the_tie_break_chain(player_dicts):
    table = standings(make_sheet(*player_dicts))
    for i, a in enumerate(table.scores):
        for j, b in enumerate(table.scores):
            if tie_key(a) > tie_key(b):
                assert table.ranks[i] < table.ranks[j]
            elif tie_key(a) == tie_key(b):
                assert table.ranks[i] == table.ranks[j]
    # competition ranking: a rank equals 1 + the number of players strictly ahead
    for i, a in enumerate(table.scores):
        assert table.ranks[i] == 1 + sum(tie_key(b) > tie_key(a) for b in table.scores)
    assert set(table.winners) == {s.name for s, r in zip(table.scores, table.ranks) if r == 1}
