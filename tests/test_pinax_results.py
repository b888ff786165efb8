"""What the Pinax solver tells about each tile (S1-S6): not only its Renown but the
Seals it used, where it lay and in what order the tiles come back, which the Pinax
screen's per-tile explanation and the exports show. And the answers it remembers."""

from __future__ import annotations

from scorepad.rules.library import parse_rows
from scorepad.rules.models import Library, PinaxTile
from scorepad.rules.pinax import ANSWERS_SIZE, TileResult, best_assignment, forget_answers, solve_pinax
import scorepad.rules.pinax as pinax

RENOWN = (0, 3, 6, 10, 15)  # S1, written out here rather than read from the code
PAIR = ((0, 0), (0, 1))  # a two-cell line


def test_S6_a_pattern_tile_without_a_Library_scores_nothing_and_says_why_in_its_own_place():
    tiles = (PinaxTile(seals=2), PinaxTile(pattern=PAIR))
    quick, pattern = solve_pinax(tiles, None, 1)
    assert quick == TileResult(0, RENOWN[2], 2)
    assert pattern == TileResult(1, 0, 0, note="pattern mode needs the Library grid", pattern=True)


def test_S1_a_pattern_tile_after_quick_ones_keeps_its_place_in_the_list():
    tiles = (PinaxTile(seals=1), PinaxTile(seals=0), PinaxTile(pattern=PAIR))
    results = solve_pinax(tiles, Library(rows=("M*1 G*1 .",)), 1)
    assert [r.index for r in results] == [0, 1, 2]
    assert [r.pattern for r in results] == [False, False, True]
    assert results[2].score == RENOWN[2] and results[2].seals == 2


def test_S3_S5_results_come_back_in_the_order_the_tiles_were_given_placed_or_not():
    """The line of three cannot lie in a two-wide Library (S6); the pair takes both Seals."""
    grid = parse_rows(("M*1 C*1", ". ."))
    line, pair = ((0, 0), (0, 1), (0, 2)), PAIR
    unplaced, placed = best_assignment([line, pair], grid, 1)
    assert unplaced == TileResult(0, 0, 0)
    assert placed.index == 1 and placed.seals == 2 and placed.score == RENOWN[2]
    assert placed.position == (0, 0) and placed.rotation == 0
    assert placed.cells == ((0, 0), (0, 1)) == placed.covered


def test_S1_the_seals_counted_are_the_cells_shown_under_the_tile():
    grid = parse_rows(("M*1 . G*1", "C*1 M*1 ."))
    for result in best_assignment([((0, 0), (0, 1), (1, 1)), ((0, 0),)], grid, 1):
        assert result.seals == len(result.cells) and result.score == RENOWN[result.seals]
        assert set(result.cells) <= set(result.covered)


def test_S4_when_several_placements_cover_the_same_seals_the_first_unrotated_one_is_shown():
    """A pair over a lone Seal in the corner fits across (0 degrees) or down (90): the
    explanation names the unrotated one, the first in reading order."""
    grid = parse_rows(("M*1 .", ". ."))
    (result,) = best_assignment([PAIR], grid, 1)
    assert (result.rotation, result.position, result.cells) == (0, (0, 0), ((0, 0),))


def counting_searches(monkeypatch) -> list:
    """The searches run from here on (each a call of ``best_assignment``)."""
    forget_answers()
    searches: list = []
    search = pinax.best_assignment
    monkeypatch.setattr(pinax, "best_assignment", lambda *args: searches.append(args) or search(*args))
    return searches


def test_S1_S3_answers_for_two_Libraries_in_turn_are_both_remembered(monkeypatch):
    """Undo and redo of a Library cell swap two Libraries back and forth: each answer is
    searched once."""
    searches = counting_searches(monkeypatch)
    tiles = (PinaxTile(pattern=PAIR),)
    before, after = Library(rows=("M*1 G*1 .",)), Library(rows=("M*1 . .",))
    answers = [solve_pinax(tiles, library, 1)[0].score for library in (before, after, before, after)]
    assert answers == [RENOWN[2], RENOWN[1], RENOWN[2], RENOWN[1]] and len(searches) == 2


def test_S2_a_cell_that_changes_one_players_seals_is_searched_again_for_that_player_only(monkeypatch):
    """Answers are remembered by what they depend on (the patterns, the Library's size,
    the player's eligible Seals), not by the Library as a whole."""
    searches = counting_searches(monkeypatch)
    tiles = (PinaxTile(pattern=PAIR),)
    before, after = Library(rows=("M*1 G*1 C*2 .",)), Library(rows=("M*1 G*1 C*2 G*2",))  # a Seal of player 2's
    for player in (1, 2):
        solve_pinax(tiles, before, player)
    assert len(searches) == 2
    assert solve_pinax(tiles, after, 1)[0].score == RENOWN[2] and len(searches) == 2  # player 1's Seals: same
    assert solve_pinax(tiles, after, 2)[0].score == RENOWN[2] and len(searches) == 3
    # the same patterns typed again (new objects, equal content) are not searched again
    assert solve_pinax((PinaxTile(pattern=PAIR),), Library(rows=("M*1 G*1 C*2 G*2",)), 2)[0].score == RENOWN[2]
    assert len(searches) == 3


def test_the_answers_remembered_are_bounded():
    forget_answers()
    library = Library(rows=("M*1 G*1 . M*1 . G*1",))
    for k in range(ANSWERS_SIZE + 5):  # each a new pattern: a new answer to remember
        solve_pinax((PinaxTile(pattern=((0, 0), (k // 40, 1 + k % 40))),), library, 1)
    assert len(pinax._ANSWERS) == ANSWERS_SIZE
    forget_answers()
    assert not pinax._ANSWERS


def test_S5_a_search_stopped_at_once_gives_an_assignment_that_is_valid_and_says_it_is_not_proven(monkeypatch):
    """``stop`` cuts the search short: every pattern result says ``proven=False``; the
    Seals it shows are still the player's, under the tile, and none used twice. The
    answer is remembered; asked again with ``stop`` it is given as it is, without it the
    search runs to the end and the proven answer replaces it."""
    searches = counting_searches(monkeypatch)
    rows = ("M*1 M*1 M*1 M*1",) * 4
    tiles = tuple(PinaxTile(pattern=((0, 0), (0, 1), (1, 0), (1, 1))) for _ in range(3))
    cut = solve_pinax(tiles, Library(rows=rows), 1, stop=lambda: True)
    assert [r.proven for r in cut] == [False] * 3
    used = [cell for r in cut for cell in r.cells]
    assert len(used) == len(set(used)) and all(set(r.cells) <= set(r.covered) for r in cut)
    assert solve_pinax(tiles, Library(rows=rows), 1, stop=lambda: True) == cut and len(searches) == 1
    exact = solve_pinax(tiles, Library(rows=rows), 1)
    assert [r.proven for r in exact] == [True] * 3 and sum(r.score for r in exact) == 3 * RENOWN[4]
    assert solve_pinax(tiles, Library(rows=rows), 1, stop=lambda: True) == exact and len(searches) == 2


def test_S5_a_search_stopped_before_the_sets_are_listed_scores_nothing_yet_and_says_so():
    """On a large Library the stop may come while the placements are still being listed
    (a key in the app must not wait for them): nothing is assigned, nothing proven."""
    forget_answers()
    rows = tuple(" ".join(["M*1"] * 40) for _ in range(40))
    (result,) = solve_pinax((PinaxTile(pattern=PAIR),), Library(rows=rows), 1, stop=lambda: True)
    assert (result.score, result.cells, result.proven, result.pattern) == (0, (), False, True)
