"""Winner, competition ranks and tie-breaks, T1-T6."""

from __future__ import annotations

from hypothesis import given, strategies as st

from scorepad.rules.standings import standings

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


def beats(a: dict, b: dict) -> str | None:
    """The rule on which player ``a`` finishes ahead of ``b``, or None: the tie chain
    written out from the rules, independently of the code's own key. In these sheets a
    Scholar is worth 0 Renown, so the total is the Renown typed."""
    if a["renown"] != b["renown"]:
        return "T1" if a["renown"] > b["renown"] else None
    if a["seals_removed"] != b["seals_removed"]:
        return "T2" if a["seals_removed"] > b["seals_removed"] else None
    if len(a["scholars"]) != len(b["scholars"]):
        return "T3" if len(a["scholars"]) > len(b["scholars"]) else None
    if a["kings_requests"] != b["kings_requests"]:
        return "T4" if a["kings_requests"] > b["kings_requests"] else None
    return None


@given(st.lists(tie_player, min_size=1, max_size=4))
def test_T1_T5_ranks_winners_and_separations_agree_with_the_chain_written_out(player_dicts):
    players = {f"P{i + 1}": p for i, p in enumerate(player_dicts)}
    table = standings(make_sheet(*player_dicts))
    for name, player in players.items():  # competition ranking: 1 + the players strictly ahead
        ahead = sum(beats(other, player) is not None for other in players.values())
        assert table.rank_of(name) == 1 + ahead
    assert set(table.winners) == {name for name, p in players.items()
                                  if not any(beats(other, p) for other in players.values())}
    for separation in table.separations:  # the rule named is the first that tells them apart
        a, b = players[separation.ahead], players[separation.behind]
        assert beats(b, a) is None
        assert separation.rule == (beats(a, b) or "T5")


def test_a_players_score_and_rank_are_found_by_name():
    table = standings(make_sheet({"name": "Ana", "renown": 3}, {"name": "Ben", "renown": 9}, {"name": "Cy", "renown": 3}))
    assert [table.rank_of(name) for name in ("Ben", "Ana", "Cy")] == [1, 2, 2]
    assert table.score_of("Cy").total == 3 and table.score_of("Ben").name == "Ben"
