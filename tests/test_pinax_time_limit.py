"""A Pinax search cut short (S5): what the live totals, `score --time-limit` and the
background search give, and that they say when a figure is not proven the best."""

from __future__ import annotations

import itertools
import json

import pytest

from benchmarks.grid_keys import HARD_SHEET
from benchmarks.stress import pinax_sheet
from scorepad.cli import main
from scorepad.rules import pinax
from scorepad.rules.models import Library, PinaxTile, Sheet
from scorepad.rules.pinax import TileResult, search_within, solve_pinax, still
from scorepad.storage.live_sheet import LiveSheet
from scorepad.storage.session import SheetSession

from .conftest import DATA

RENOWN = (0, 3, 6, 10, 15)  # S1
NEVER = lambda: False  # noqa: E731 - a ``cancel`` that never comes


def as_sheet(data: dict) -> Sheet:
    return Sheet.model_validate({k: v for k, v in data.items() if k not in ("format", "version")})


@pytest.fixture
def hard_file(tmp_path):
    """12 x 12, every space Sealed, 15 tiles of mixed shapes per player: seconds to prove."""
    path = tmp_path / "hard.json"
    path.write_text(json.dumps(pinax_sheet(*HARD_SHEET)), encoding="utf-8")
    pinax.forget_answers()
    return path


def test_S5_score_with_a_time_limit_says_which_pinax_is_not_proven(hard_file, capsys):
    """A fifth of a second: time to place the tiles, not to prove the best (seconds)."""
    assert main(["score", str(hard_file), "--time-limit", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "Player 1's Pinax" in out and "not proven the best (S5)" in out
    pinax.forget_answers()
    assert main(["score", str(hard_file), "--time-limit", "0.2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["proven"] is False
    first = next(player for player in result["players"] if player["name"] == "Player 1")
    assert first["pinax_proven"] is False and first["pinax"] > 0  # a best found: never nothing
    assert {"name", "pinax", "total", "rank"} <= first.keys()  # the contract's keys stay


def test_S5_score_without_a_time_limit_is_exact_and_says_proven(capsys):
    assert main(["score", str(DATA / "patterns.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["proven"] is True and all(player["pinax_proven"] for player in result["players"])
    assert main(["score", str(DATA / "patterns.json"), "--time-limit", "30"]) == 0
    assert "not proven" not in capsys.readouterr().out


@pytest.mark.parametrize("limit", ["0", "-1", "soon", "nan", "inf"])
def test_a_time_limit_that_is_not_a_number_of_seconds_above_0_is_refused_clearly(limit, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["score", str(DATA / "patterns.json"), "--time-limit", limit])
    assert stopped.value.code == 2
    assert f"'{limit}' is not a number of seconds above 0" in capsys.readouterr().err


def test_S5_the_live_totals_search_briefly_then_the_background_settles_them(scorepad_home):
    """A medium sheet (tens of ms): the live totals' budget of a microsecond leaves it
    unproven and calls ``unsettled``; ``settle`` proves it; ``rescore`` shows it."""
    session = SheetSession.create(as_sheet(pinax_sheet("dense", "spread", "mixed", 3)))
    pinax.forget_answers()  # (saving the new sheet searched it)
    calls = []
    live = LiveSheet(session, unsettled=lambda: calls.append(1), pinax_budget=1e-6)
    assert live.searching() and calls
    assert live.settle(60.0, NEVER) is True
    assert live.searching()  # not taken in yet
    live.rescore()
    assert not live.searching()
    exact = [score.pinax for score in live.standings().scores]
    pinax.forget_answers()
    assert exact == [score.pinax for score in LiveSheet(session).standings().scores]  # no budget: exact
    session.close()


def test_S5_a_search_cancelled_at_once_settles_nothing_and_says_so(hard_file):
    sheet = as_sheet(json.loads(hard_file.read_text(encoding="utf-8")))
    players = [player.pinax for player in sheet.players]
    assert search_within(players, sheet.library, 60.0, cancel=lambda: True) is False


def test_S5_search_within_shares_the_time_and_gives_every_player_an_answer(hard_file):
    """Time read from a clock that moves a step each time it is read: the same shares
    on a busy machine as on a quiet one (on the wall clock, the first players' searches
    could use up the last one's share before it had an answer, under load)."""
    sheet = as_sheet(json.loads(hard_file.read_text(encoding="utf-8")))
    players = [player.pinax for player in sheet.players]
    reads = itertools.count()

    def clock() -> float:
        return next(reads) * 2e-4  # 1,000 reads in 0.2 s; proving it takes some 20,000

    assert search_within(players, sheet.library, 0.2, clock=clock) is False
    found = [solve_pinax(tiles, sheet.library, i + 1, pinax.known_only) for i, tiles in enumerate(players)]
    assert all(sum(result.score for result in results) > 0 for results in found)


def test_S2_S3_an_answer_for_other_seals_keeps_only_the_seals_still_there():
    """A cell that loses its Seal: the tile keeps its place and its other Seals, scores
    for those, and says it is not proven."""
    results = (TileResult(0, RENOWN[3], 3, 0, (0, 0), ((0, 0), (0, 1), (0, 2)), ((0, 0), (0, 1), (0, 2))),
               TileResult(1, RENOWN[1], 1, 0, (1, 0), ((1, 0),), ((1, 0), (1, 1))))
    eligible = 0b0001_0101  # width 4: (0, 0), (0, 2) and (1, 0) still the player's
    first, second = still(results, eligible, 4)
    assert (first.cells, first.seals, first.score, first.proven) == (((0, 0), (0, 2)), 2, RENOWN[2], False)
    assert (second.cells, second.score, second.position) == (((1, 0),), RENOWN[1], (1, 0))
    assert still(None, eligible, 4) is None


def test_S5_a_stop_before_the_sets_are_listed_shows_the_last_answer_cut_to_the_seals_left():
    """The live totals stop at once on a new Library: the player's answer for the last
    Library, cut to the Seals still there, stands in (not nothing)."""
    pinax.forget_answers()
    tiles = (PinaxTile(pattern=((0, 0), (0, 1))),)
    solve_pinax(tiles, Library(rows=("M*1 G*1 C*1",)), 1)  # exact: the pair on two Seals
    (cut,) = solve_pinax(tiles, Library(rows=("M*1 G*1 C",)), 1, stop=lambda: True)
    assert not cut.proven and cut.score >= RENOWN[1] and set(cut.cells) <= {(0, 0), (0, 1)}


def test_S5_a_hard_search_asks_whether_to_stop_every_fraction_of_a_millisecond(hard_file):
    """The background search stops for a key (and for a change, another game, quitting)
    only when it asks. Once its steps are priced each takes up to a millisecond, and
    asking every 16th step left it running beside a key for up to 30 ms: the key's own
    CPU time doubled beside it. Judged by the gap a key arriving at a random moment
    falls into, on average (longer gaps are more likely hit: the sum of squared gaps
    over their sum): 1.6 ms asking every 16th step, 0.25 ms asking at every priced one.
    In the search's own CPU time, the collector held off as the app's search thread
    holds it."""
    import time

    from scorepad.storage.collection import collection_paused

    sheet = as_sheet(json.loads(hard_file.read_text(encoding="utf-8")))
    players = [player.pinax for player in sheet.players]
    asked, started = [], time.thread_time()

    def cancel() -> bool:
        asked.append(time.thread_time())
        return asked[-1] - started > 1.0

    with collection_paused():
        search_within(players, sheet.library, 60.0, cancel, clock=time.thread_time)
    gaps = [later - earlier for earlier, later in zip([started, *asked], asked)]
    hit = sum(gap * gap for gap in gaps) / sum(gaps)
    assert hit < 0.0008, f"{len(gaps)} questions in {sum(gaps):.3f} s; a key waits {hit * 1000:.2f} ms on average"
