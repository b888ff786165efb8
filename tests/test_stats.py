"""Statistics over finished games (issue 16), checked against figures worked out by hand
on tests/data/stats: eight games, one of them a shared victory (T5), one solo (T6), one
not finished, one scored by pattern (S1-S6).

The games, in the order played (totals; * the winners):

    g1 January   Ana 54*  Ben 48  Chloé 45            (Ana: 6 Pinax, 2 School, 5 Scholars, 1 Supplies, 40)
    g2 Shared    Ana 50*  Ben 50*                      (T5: every tie-break level; Ben: 6 Pinax + 44)
    g3 February  Chloé 60*  Ben 60  Dev 34             (T2: 3 Seals removed to 1; Chloé 8 Scholars + 52;
                                                        Dev 4 Supplies + 30)
    g4 Scratch   Ana 99  Ben 10                        (not finished: never counted)
    g5 March     Dev 56*  Ben 55  Ana 52  Chloé 44     (Ana 10 Pinax + 42; Chloé 3 School + 41)
    g6 Solo      Dev 70                                (T6: no win, no loss)
    g7 April     Ana 60*  Chloé 60                     (T3: 1 Scholar card to 0; Chloé 2 Supplies + 58)
    g8 Patterns  Ben 57*  Ana 54                       (Ana: a pattern on two Seals, 6, + 48)
"""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.cli import main
from scorepad.stats import Filters, PlayerFigures, figures, unknown_names
from scorepad.stats_report import spark
from scorepad.storage.catalog import saved_games
from scorepad.storage.summaries import GameSummary, PlayerLine

from .conftest import DATA

FIXTURE = DATA / "stats"


@pytest.fixture
def fixture_games():
    return saved_games(FIXTURE)[0]


def by_name(found) -> dict[str, PlayerFigures]:
    return {p.name: p for p in found.players}


def test_only_finished_games_count_and_the_unfinished_one_is_apart(fixture_games):
    found = figures(fixture_games)
    assert len(found.counted) == 7
    assert [g.title for g in found.unfinished] == ["Scratch, not finished"]
    assert [g.day for g in found.counted] == ["2026-01-10", "2026-01-24", "2026-02-07", "2026-03-07",
                                              "2026-03-21", "2026-04-04", "2026-04-18"]


def test_games_wins_and_win_percent_by_hand_T5_T6(fixture_games):
    found = figures(fixture_games)
    # ordered by win %: Ana 3 of 5, Dev 1 of 2 (the solo game is no game against anyone), Ben 2 of 5, Chloé 1 of 4
    assert [(p.name, p.games, p.wins, p.win_percent) for p in found.players] == [
        ("Ana", 5, 3, 60.0), ("Dev", 3, 1, 50.0), ("Ben", 5, 2, 40.0), ("Chloé", 4, 1, 25.0)]


def test_totals_average_best_worst_and_trend_by_hand(fixture_games):
    players = by_name(figures(fixture_games))
    assert players["Ana"].totals == [54, 50, 52, 60, 54]  # the trend, oldest first; g4's 99 is not in it
    assert (players["Ana"].average, max(players["Ana"].totals), min(players["Ana"].totals)) == (54.0, 60, 50)
    assert players["Ben"].totals == [48, 50, 60, 55, 57] and players["Ben"].average == 54.0
    assert players["Chloé"].totals == [45, 60, 44, 60] and players["Chloé"].average == 52.25
    assert players["Dev"].totals == [34, 56, 70] and players["Dev"].average == pytest.approx(160 / 3)


def test_category_averages_and_shares_by_hand(fixture_games):
    ana, chloe = by_name(figures(fixture_games))["Ana"], by_name(figures(fixture_games))["Chloé"]
    # Ana's Renown over 5 games: Pinax 6+10+6 = 22, School 2, Scholars 5+0, Supplies 1, Renown 240; all 270
    assert [ana.category_average(c) for c in ("pinax", "school", "scholars", "supplies", "renown")] == \
        [4.4, 0.4, 1.0, 0.2, 48.0]
    assert ana.category_share("pinax") == pytest.approx(100 * 22 / 270)
    assert ana.category_share("renown") == pytest.approx(100 * 240 / 270)
    # Chloé over 4: Pinax 15, School 3, Scholars 8, Supplies 2, Renown 181; all 209
    assert chloe.sums == [15, 3, 8, 2, 181] and sum(chloe.sums) == sum(chloe.totals) == 209


def test_the_current_streak_by_hand(fixture_games):
    players = by_name(figures(fixture_games))
    # Ana won, won (shared), lost, won, lost; Chloé lost, won, lost, lost; Dev lost, won (then solo: no change)
    assert {name: p.streak for name, p in players.items()} == {
        "Ana": (False, 1), "Ben": (True, 1), "Chloé": (False, 2), "Dev": (True, 1)}


def test_head_to_head_by_hand_a_shared_place_is_level(fixture_games):
    found = figures(fixture_games)
    record = {(a, b): (m.games, m.wins, m.losses, m.level)
              for a in ("Ana", "Ben", "Chloé", "Dev") for b in ("Ana", "Ben", "Chloé", "Dev")
              if a != b and (m := found.meeting(a, b)).games}
    assert record == {
        ("Ana", "Ben"): (4, 1, 2, 1), ("Ben", "Ana"): (4, 2, 1, 1),  # g1 Ana, g2 level, g5 and g8 Ben
        ("Ana", "Chloé"): (3, 3, 0, 0), ("Chloé", "Ana"): (3, 0, 3, 0),  # g7 on T3
        ("Ana", "Dev"): (1, 0, 1, 0), ("Dev", "Ana"): (1, 1, 0, 0),
        ("Ben", "Chloé"): (3, 2, 1, 0), ("Chloé", "Ben"): (3, 1, 2, 0),  # g3 Chloé on T2
        ("Ben", "Dev"): (2, 1, 1, 0), ("Dev", "Ben"): (2, 1, 1, 0),
        ("Chloé", "Dev"): (2, 1, 1, 0), ("Dev", "Chloé"): (2, 1, 1, 0)}
    assert found.meeting("ana", "CHLOÉ").wins == 3  # a name in any case


def test_a_date_range_counts_the_games_in_it_both_days_included(fixture_games):
    found = figures(fixture_games, Filters(since="2026-03-07", until="2026-04-04"))
    assert [g.title for g in found.counted] == ["March", "Solo", "April"]
    # Dev won g5 and played solo (1 of 1), Ana lost g5 and won g7; at 0 %, more games first
    assert [(p.name, p.games, p.wins) for p in found.players] == [
        ("Dev", 2, 1), ("Ana", 2, 1), ("Chloé", 2, 0), ("Ben", 1, 0)]
    assert found.unfinished == []  # g4 is outside the range


def test_a_group_counts_the_games_all_of_them_played_and_shows_only_them(fixture_games):
    found = figures(fixture_games, Filters(group=("ana", "Chloé")))
    assert [g.title for g in found.counted] == ["January", "March", "April"]
    assert [(p.name, p.games, p.wins, p.totals) for p in found.players] == [
        ("Ana", 3, 2, [54, 52, 60]), ("Chloé", 3, 0, [45, 44, 60])]
    assert unknown_names(fixture_games, ["Ana", "Zed", "DEV"]) == ["Zed"]


def test_stats_json_gives_the_figures_worked_out_by_hand(fixture_games, scorepad_home, capsys):
    shutil.copytree(FIXTURE, scorepad_home / "games")
    assert main(["stats", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == {"counted": 7, "unfinished": 1, "unreadable": 0}
    assert out["filters"] == {"since": None, "until": None, "players": []}
    ana = out["players"][0]
    assert ana == {
        "name": "Ana", "games": 5, "wins": 3, "win_percent": 60.0, "average": 54.0, "best": 60, "worst": 50,
        "categories": {"pinax": {"average": 4.4, "share_percent": 8.1}, "school": {"average": 0.4, "share_percent": 0.7},
                       "scholars": {"average": 1.0, "share_percent": 1.9},
                       "supplies": {"average": 0.2, "share_percent": 0.4},
                       "renown": {"average": 48.0, "share_percent": 88.9}},
        "streak": {"result": "lost", "games": 1},
        "trend": [{"day": "2026-01-10", "total": 54}, {"day": "2026-01-24", "total": 50},
                  {"day": "2026-03-07", "total": 52}, {"day": "2026-04-04", "total": 60},
                  {"day": "2026-04-18", "total": 54}]}
    assert [(p["name"], p["wins"], p["win_percent"], p["average"]) for p in out["players"]] == [
        ("Ana", 3, 60.0, 54.0), ("Dev", 1, 50.0, 53.33), ("Ben", 2, 40.0, 54.0), ("Chloé", 1, 25.0, 52.25)]
    assert {"player": "Ana", "opponent": "Ben", "games": 4, "wins": 1, "losses": 2, "level": 1} in out["head_to_head"]
    assert len(out["head_to_head"]) == 12
    assert out["unfinished"] == [{"day": "2026-02-21", "title": "Scratch, not finished", "file": "g4-scratch.json"}]


def test_stats_json_with_filters_and_a_solo_only_player(scorepad_home, capsys):
    shutil.copytree(FIXTURE, scorepad_home / "games")
    assert main(["stats", "--json", "--since", "2026-03-21", "--until", "2026-03-21"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["filters"] == {"since": "2026-03-21", "until": "2026-03-21", "players": []}
    (dev,) = out["players"]
    assert (dev["name"], dev["games"], dev["wins"], dev["win_percent"], dev["streak"]) == \
        ("Dev", 1, 0, None, {"result": None, "games": 0})  # T6: a solo game is neither won nor lost
    assert out["head_to_head"] == []


def test_stats_text_has_the_tables_and_trend_lines(scorepad_home, capsys):
    shutil.copytree(FIXTURE, scorepad_home / "games")
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Statistics over 7 finished games, 2026-01-10 to 2026-04-18\n"
                          "Not counted: 1 unfinished game (listed by scorepad history)\n")
    ana = next(line for line in out.splitlines() if line.startswith("Ana "))
    assert ana.split() == ["Ana", "5", "3", "60.0", "%", "54.0", "60", "50", "lost", "1", spark([54, 50, 52, 60, 54])]
    assert "Head to head" in out and max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("argv, words", [
    (["stats", "--players", "Ana", "Zed"], 'no saved game has a player named "Zed"'),
    (["stats", "--since", "27/11/2026"], "is not a day: write it as 2026-11-27"),
    (["history", "--until", "2026-02-30"], "is not a day"),
])
def test_a_wrong_filter_is_a_clear_message_and_exit_2(scorepad_home, capsys, argv, words):
    shutil.copytree(FIXTURE, scorepad_home / "games")
    try:
        code = main(argv)
    except SystemExit as stopped:  # argparse's own check of an option
        code = stopped.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and words in err


def test_spark_lines_go_from_lowest_to_highest():
    assert spark([1, 5, 9]) == "▁▅█" and spark([4, 4]) == "▅▅" and spark([]) == ""
    assert spark(list(range(40))) == spark(list(range(24, 40)))  # the latest 16


def test_a_player_with_no_games_counts_zero_everywhere():
    nobody = PlayerFigures("Nobody")
    assert (nobody.games, nobody.wins, nobody.win_percent, nobody.average, nobody.streak) == (0, 0, None, 0.0, (False, 0))
    assert nobody.category_average("pinax") == 0.0 == nobody.category_share("pinax")


NAMES = st.sampled_from(["Ana", "Ben", "Chloé", "Dev", "ana"])


@st.composite
def games(draw):
    """Finished or not, one to four players with any totals, ranks as T1-T5 give them."""
    made = []
    for number in range(draw(st.integers(0, 12))):
        names = draw(st.lists(NAMES, min_size=1, max_size=4, unique_by=str.casefold))
        scores = [tuple(draw(st.lists(st.integers(0, 40), min_size=5, max_size=5))) for _ in names]
        keys = [draw(st.integers(0, 2)) for _ in names]  # the tie-breaks, folded into one number
        order = sorted(range(len(names)), key=lambda i: (-sum(scores[i]), -keys[i]))
        lines, rank = [], 0
        for place, i in enumerate(order):
            same = place and (sum(scores[i]), keys[i]) == (sum(scores[order[place - 1]]), keys[order[place - 1]])
            rank = rank if same else place + 1
            lines.append(PlayerLine(names[i], rank, sum(scores[i]), scores[i]))
        made.append(GameSummary(FIXTURE, f"{number}.json", f"2026-01-{number + 1:02}", float(number), "name",
                                "", draw(st.booleans()), tuple(lines)))
    return made


@given(games())
def test_figures_add_up_whatever_the_games(listed):
    found = figures(listed)
    counted = [g for g in listed if g.finished]
    contested = [g for g in counted if not g.solo]
    assert sum(p.games for p in found.players) == sum(len(g.players) for g in counted)
    assert sum(p.wins for p in found.players) == sum(len(g.winners) for g in contested) >= len(contested)
    for p in found.players:
        assert sum(p.sums) == sum(p.totals) and 0 <= (p.win_percent or 0) <= 100
        assert min(p.totals) <= p.average <= max(p.totals)
        assert 1 <= p.streak[1] <= len(p.results) or p.streak == (False, 0)
    for (one, other), met in found.meetings.items():
        back = found.meetings[(other, one)]
        assert (met.games, met.wins, met.losses, met.level) == (back.games, back.losses, back.wins, back.level)
        assert met.level >= 0


def test_with_no_finished_game_the_statistics_say_how_a_game_counts(fixture_games):
    from scorepad.stats_report import stats_text

    unfinished = [g for g in fixture_games if not g.finished]
    text = stats_text(figures(unfinished))
    assert text.splitlines() == [
        "Statistics over 0 finished games",
        "Not counted: 1 unfinished game (listed by scorepad history). A game counts once it is finished: "
        "Results, once the end is triggered, marks it so"]
    # no game at all (a first look at Statistics): its headings alone said nothing
    assert stats_text(figures([])).splitlines() == [
        "Statistics over 0 finished games",
        "No finished game yet. A game counts once it is finished: Results, once the end is triggered, marks it so"]


@pytest.mark.parametrize("filters, words", [
    (Filters(), "7 finished games, 2026-01-10 to 2026-04-18"),
    (Filters(since="2026-03-01"), "4 finished games, from 2026-03-01 on"),
    (Filters(until="2026-01-31"), "2 finished games, up to 2026-01-31"),
    (Filters("2026-01-01", "2026-01-31", ("Ana", "Ben")), "2 finished games, 2026-01-01 to 2026-01-31, with Ana and Ben"),
])
def test_the_statistics_say_which_games_they_count(fixture_games, filters, words):
    from scorepad.stats_report import scope_words

    assert scope_words(figures(fixture_games, filters), filters) == words


def test_the_history_works_out_no_head_to_head_it_does_not_print(fixture_games, monkeypatch):
    """``scorepad history`` prints each game and each player's record; the head-to-head
    grid (a pair of records per two players of every game: a fifth of the command's
    time over 10,000 games, issue 15) is worked out only when asked for, as ``stats``
    asks."""
    from scorepad import stats
    from scorepad.stats_report import history_text, stats_text

    met = []
    real = stats.add_meeting
    monkeypatch.setattr(stats, "add_meeting", lambda *args: met.append(1) or real(*args))
    history_text(figures(fixture_games))
    assert met == []
    found = figures(fixture_games)
    stats_text(found)
    assert met and found.meeting("Ana", "Ben").games > 0
