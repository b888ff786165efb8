"""Pinax pattern mode, S1-S6 and E2, cross-checked against a brute-force solver."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from scorepad.rules.library import parse_rows
from scorepad.rules.models import Library, PinaxTile
from scorepad.rules.patterns import rotations
from scorepad.rules.pinax import solve_pinax
from .conftest import examples

RENOWN = (0, 3, 6, 10, 15)


def solve(rows, patterns, player=1):
    tiles = tuple(PinaxTile(pattern=tuple(map(tuple, p))) for p in patterns)
    return solve_pinax(tiles, Library(rows=tuple(rows)), player)


def total(results):
    return sum(r.score for r in results)


# -- a brute force written independently of the solver -------------------------------

def brute_shapes(pattern):
    shapes, cells = set(), [tuple(c) for c in pattern]
    for _ in range(4):
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        shapes.add(frozenset((r - top, c - left) for r, c in cells))
        cells = [(c, -r) for r, c in cells]
    return shapes


def brute_force(rows, patterns, player=1):
    """The best Pinax Renown by trying everything: every shape at every place, every
    subset of the Seals it covers, every way to share them out. Cell sets are bit masks
    (one bit per eligible Seal), so the search is exhaustive and still quick."""
    grid = [row.split() for row in rows]
    height, width = len(grid), len(grid[0])
    eligible = [
        (r, c) for r in range(height) for c in range(width)
        if grid[r][c][0] in "MGC" and "*" in grid[r][c] and grid[r][c].endswith(str(player))
    ]
    bit = {cell: 1 << i for i, cell in enumerate(eligible)}
    options = []
    for pattern in patterns:
        found = {0}
        for shape in brute_shapes(pattern):
            for dr in range(-4, height + 1):
                for dc in range(-4, width + 1):
                    placed = [(r + dr, c + dc) for r, c in shape]
                    if all(0 <= r < height and 0 <= c < width for r, c in placed):
                        hits = sum(bit.get(cell, 0) for cell in placed)
                        subset = hits
                        while True:  # every subset of the Seals covered, down to none
                            found.add(subset)
                            if subset == 0:
                                break
                            subset = (subset - 1) & hits
        options.append([(RENOWN[min(bin(mask).count("1"), 4)], mask) for mask in found])

    @lru_cache(maxsize=None)  # exhaustive all the same: memoised on (tile, Seals taken)
    def best(t, used):
        if t == len(options):
            return 0
        return max(score + best(t + 1, used | mask) for score, mask in options[t] if not mask & used)

    return best(0, 0)


# -- named rules -----------------------------------------------------------------------

def test_S1_a_tile_scores_by_matched_seals():
    assert [total(solve(["M*1 M*1 M*1 M*1"], [[(0, c) for c in range(n)]])) for n in range(1, 5)] == [3, 6, 10, 15]


def test_S2_untranslated_and_other_players_seals_are_ignored():
    results = solve(["M*1 M1 G*2 C*1"], [[(0, 0), (0, 1), (0, 2), (0, 3)]])
    assert results[0].score == 6 and set(results[0].cells) == {(0, 0), (0, 3)}


def test_S2_only_manuscripts_great_works_crafts_carry_seals():
    assert parse_rows(("M*1 G*1 C*1 L .",)).eligible_seals(1) == {(0, 0), (0, 1), (0, 2)}


def test_S3_three_seals_in_a_row_shared_by_two_two_cell_patterns_give_6_plus_3():
    results = solve(["M*1 G*1 C*1"], [[(0, 0), (0, 1)], [(0, 0), (0, 1)]])
    assert sorted(r.score for r in results) == [3, 6]
    used = [cell for r in results for cell in r.cells]
    assert len(used) == len(set(used)) == 3


def test_S4_a_pattern_that_only_fits_rotated():
    rows = ["M*1 . .", "M*1 . .", "M*1 . ."]
    results = solve(rows, [[(0, 0), (0, 1), (0, 2)]])
    assert results[0].score == 10 and results[0].rotation in (90, 270)


def test_S4_rotations_are_distinct_shapes():
    assert len(rotations(((0, 0), (0, 1)))) == 2
    assert len(rotations(((0, 0), (0, 1), (1, 0), (1, 1)))) == 1
    assert len(rotations(((0, 0), (1, 0), (1, 1), (1, 2)))) == 4


def test_S5_best_assignment_beats_greedy():
    # tile by tile, the pair would take two of the row (6) and leave the line 3: 9 in all;
    # the best lets the line take the row (10) and the pair the Seal below (3)
    rows = ["M*1 M*1 M*1", "M*1 . ."]
    patterns = [[(0, 0), (0, 1)], [(0, 0), (0, 1), (0, 2)]]
    results = solve(rows, patterns)
    assert [r.score for r in results] == [3, 10]
    assert total(results) == brute_force(rows, patterns) == 13


def test_S6_pattern_must_lie_inside_the_library():
    # the pattern is 3 wide; the Library is 2 wide: no placement at all
    assert solve(["M*1 M*1"], [[(0, 0), (0, 1), (0, 2)]])[0].score == 0


def test_S6_cells_on_non_library_spaces_match_nothing():
    results = solve(["M*1 # M*1"], [[(0, 0), (0, 1), (0, 2)]])
    assert results[0].score == 6 and (0, 1) not in results[0].cells


def test_E2_location_tiles_are_empty_hash_is_no_space():
    assert parse_rows(("L . # M*1 G", "C* L # # .")).empty_spaces == 4


def test_pattern_without_library_scores_zero_with_a_note():
    tile = PinaxTile(pattern=((0, 0),))
    result = solve_pinax((tile, PinaxTile(seals=2)), None, 1)
    assert result[0].score == 0 and "Library" in result[0].note and result[1].score == 6


def test_explanation_cells_lie_under_the_placed_pattern():
    results = solve(["M*1 . M*1", ". M*1 ."], [[(0, 0), (1, 1)], [(0, 0)]])
    for r in results:
        assert set(r.cells) <= set(r.covered)


# -- the cross-check ----------------------------------------------------------------

token = st.sampled_from(["M*1", "G*1", "C*1", "M*1", "M1", "G*2", ".", "L", "#", "C"])
cells = st.tuples(st.integers(0, 2), st.integers(0, 2))


@st.composite
def cases(draw):
    height, width = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    rows = [" ".join(draw(token) for _ in range(width)) for _ in range(height)]
    patterns = draw(st.lists(st.lists(cells, min_size=1, max_size=4, unique=True), min_size=1, max_size=3))
    return rows, patterns


@settings(max_examples=examples(2500), deadline=None)
@given(cases())
def test_S3_S5_solver_equals_brute_force(case):
    rows, patterns = case
    results = solve(rows, patterns)
    assert total(results) == brute_force(rows, patterns)
    used = [cell for r in results for cell in r.cells]
    assert len(used) == len(set(used))  # S3: no Seal serves two tiles
    assert all(r.score == RENOWN[len(r.cells)] for r in results)


@st.composite
def crowded_cases(draw):
    size = draw(st.integers(3, 5))
    dense = st.sampled_from(["M*1", "G*1", "C*1", ".", "M*2"])
    rows = [" ".join(draw(dense) for _ in range(size)) for _ in range(size)]
    shapes = st.lists(cells, min_size=2, max_size=4, unique=True)
    return rows, draw(st.lists(shapes, min_size=3, max_size=4))


@pytest.mark.slow  # the brute force on plain grids stays in the quick run
@settings(max_examples=examples(150), deadline=None)
@given(crowded_cases())
def test_S5_solver_equals_brute_force_on_crowded_grids(case):
    rows, patterns = case
    assert total(solve(rows, patterns)) == brute_force(rows, patterns)


def test_S1_S3_an_answer_is_reused_only_for_the_same_tiles_and_Library(monkeypatch):
    import scorepad.rules.pinax as pinax

    searches = []
    search = pinax.best_assignment
    monkeypatch.setattr(pinax, "best_assignment", lambda *args: searches.append(args) or search(*args))
    tiles = (PinaxTile(pattern=((0, 0), (0, 1))),)
    library = Library(rows=("M*1 G*1 .",))
    first = solve_pinax(tiles, library, 1)
    assert solve_pinax(tiles, library, 1) == first and len(searches) == 1  # nothing changed: not searched again
    # a quick count added beside the same pattern tile: still no new search
    assert solve_pinax((*tiles, PinaxTile(seals=2)), library, 1)[0] == first[0] and len(searches) == 1
    assert total(first) == RENOWN[2]
    assert total(solve_pinax(tiles, Library(rows=("M*1 G . .",)), 1)) == RENOWN[1]  # a new Library
    assert total(solve_pinax(tiles, library, 2)) == 0  # another player's Seals
