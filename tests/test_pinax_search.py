"""The pieces of the Pinax search (S3, S5), each against its own definition worked out
by brute force: the level bound, the disjoint packing and the bit helpers. The solver
as a whole is checked against a brute force in tests/test_pinax.py; a wrong piece
there shows only on the rare sheet that needs it, here on every small input."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from hypothesis import given, settings, strategies as st

from scorepad.rules.pinax_search import best_alone, level_bound, max_disjoint, single_bits, sum_masks
from .conftest import examples

STEPS = {1: 3, 2: 3, 3: 4, 4: 5}  # S1: 3, 6, 10, 15 Renown for 1-4 Seals, step by step


def levels(top: int):
    """Every (_, x1, x2, x3, x4) with x1 >= x2 >= x3 >= x4 >= 0, each at most ``top``."""
    for low_to_high in combinations_with_replacement(range(top + 1), 4):
        x4, x3, x2, x1 = low_to_high
        yield (0, x1, x2, x3, x4)


def level_bound_by_brute_force(seals, tiles) -> int:
    """S1 at most, trying every count c[k] of tiles using k or more Seals: c4 <= c3 <=
    c2 <= c1, c[k] <= tiles[k], and k*c[k] + c[k+1] + ... + c[4] <= seals[k]."""
    best = 0
    for c1, c2, c3, c4 in product(*(range(tiles[k] + 1) for k in (1, 2, 3, 4))):
        c = (0, c1, c2, c3, c4)
        if not c4 <= c3 <= c2 <= c1:
            continue
        if all(k * c[k] + sum(c[k + 1:]) <= seals[k] for k in (1, 2, 3, 4)):
            best = max(best, sum(STEPS[k] * c[k] for k in (1, 2, 3, 4)))
    return best


def test_S1_S5_the_level_bound_is_the_exact_best_of_its_counts_on_every_small_input():
    tiles_options = list(levels(3))
    for seals in levels(7):
        for tiles in tiles_options:
            assert level_bound(list(seals), list(tiles)) == level_bound_by_brute_force(seals, tiles), (seals, tiles)


def disjoint_by_brute_force(choices) -> int:
    """The most groups that each take one set, no two sets sharing a bit."""
    best = 0
    for picks in product(*([None, *group] for group in choices)):
        taken = [p for p in picks if p is not None]
        if all(not a & b for i, a in enumerate(taken) for b in taken[i + 1:]):
            best = max(best, len(taken))
    return best


groups = st.lists(st.lists(st.integers(1, 63), max_size=3), max_size=5)


@settings(max_examples=examples(1000), deadline=None)
@given(groups)
def test_S3_disjoint_packing_equals_brute_force(choices):
    assert max_disjoint(choices) == disjoint_by_brute_force(choices)


@settings(max_examples=examples(300), deadline=None)
@given(groups)
def test_S3_disjoint_packing_out_of_budget_never_undercounts(choices):
    """Cut short, it answers the number of groups: the bound built on it stays a bound."""
    assert disjoint_by_brute_force(choices) <= max_disjoint(choices, budget=1) <= len(choices)


def test_S3_packing_examples_worked_by_hand():
    assert max_disjoint([]) == 0
    assert max_disjoint([[0b11], [0b01], [0b10]]) == 2  # the pair blocks both singles
    assert max_disjoint([[0b11, 0b100], [0b01], [0b10]]) == 3  # the first takes its other set
    assert max_disjoint([[0b1], [0b1], [0b1]]) == 1


@settings(max_examples=examples(500), deadline=None)
@given(st.integers(0, 2**70))
def test_single_bits_split_a_mask_into_its_bits_lowest_first(mask):
    bits = single_bits(mask)
    assert bits == [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
    assert sum_masks(bits) == mask


def test_sum_masks_and_best_alone_by_hand():
    assert sum_masks([]) == 0 and sum_masks([0b0101, 0b0011]) == 0b0111
    assert best_alone([]) == 0 and best_alone([0b1, 0b1110, 0b11]) == 3


RENOWN = (0, 3, 6, 10, 15)  # S1

# a tile's Seal sets: masks over eight Seals, four Seals at most (a tile has four cells)
seal_set = st.integers(1, 255).filter(lambda m: m.bit_count() <= 4)
tile_sets = st.lists(st.lists(seal_set, min_size=1, max_size=3), max_size=4)


def subsets(mask: int):
    """Every subset of a mask, itself and 0 included."""
    subset = mask
    while True:
        yield subset
        if subset == 0:
            return
        subset = (subset - 1) & mask


def best_by_brute_force(masks, free: int) -> int:
    """S3 + S5 by trying everything: each tile takes any part of one of its sets (or
    nothing), no Seal twice."""
    best = 0

    def visit(t: int, left: int, gained: int) -> None:
        nonlocal best
        if t == len(masks):
            best = max(best, gained)
            return
        visit(t + 1, left, gained)
        for mask in masks[t]:
            for part in subsets(mask & left):
                if part:
                    visit(t + 1, left & ~part, gained + RENOWN[part.bit_count()])

    visit(0, free, 0)
    return best


@settings(max_examples=examples(600), deadline=None)
@given(tile_sets, st.integers(0, 255))
def test_S3_S5_the_search_finds_the_brute_force_best_and_a_path_that_scores_it(masks, free):
    from scorepad.rules.pinax_search import Search

    search = Search([sorted(m, key=int.bit_count, reverse=True) for m in masks])
    search.run(free)
    assert search.best_total == best_by_brute_force(masks, free)
    taken = 0
    for tile, (used, mask) in zip(masks, search.best_path):
        if used:
            assert mask in tile and used & ~mask == 0 and used & ~free == 0 and not used & taken
            taken |= used
    assert sum(RENOWN[used.bit_count()] for used, _ in search.best_path) == search.best_total


@settings(max_examples=examples(600), deadline=None)
@given(tile_sets, st.integers(0, 255), st.data())
def test_S5_the_bound_never_undercuts_what_the_remaining_tiles_can_score(masks, free, data):
    """The search stops where the bound says no better total is left: a bound below the
    truth would lose the best answer."""
    from scorepad.rules.pinax_search import Search

    search = Search(masks)
    t = data.draw(st.integers(0, len(masks)))
    assert search.bound(t, free) >= best_by_brute_force(masks[t:], free)


def test_S5_the_bound_keeps_the_tiles_of_three_beside_four_seal_tiles_that_cannot_all_have_four():
    """Two tiles whose four-Seal sets overlap cannot both score 15 (S3): the bound counts
    the one left out as a tile of three, and must still count the other tiles of three
    (a case found by search: 27 Renown in truth)."""
    from scorepad.rules.pinax_search import Search

    masks = [[0b10100010], [0b01101001], [0b00000110, 0b00111001], [0b01010100]]
    assert best_by_brute_force(masks, 0xFF) == 27
    assert Search(masks).bound(0, 0xFF) >= 27


def test_S5_the_bound_packs_only_the_sets_of_four_seals():
    """Tiles that can score 15 must each have a set of four Seals of their own (S3):
    packing the smaller sets instead undercut the truth here (28 Renown; found by search)."""
    from scorepad.rules.pinax_search import Search

    masks = [[116, 226], [209, 27], [165, 108, 141]]
    assert best_by_brute_force(masks, 0xFF) == 28
    assert Search(masks).bound(0, 0xFF) >= 28


def test_S3_S5_a_seal_no_later_tile_reaches_is_the_one_always_taken():
    """The first tile can have Seals a and b; the second a, c and d. The best leaves a to
    the second (3 + 10 = 13); taking a whenever the first scores gives 12 at most."""
    from scorepad.rules.pinax_search import Search

    a, b, c, d = 1, 2, 4, 8
    search = Search([[a | b], [a | c | d]])
    search.run(a | b | c | d)
    assert search.best_total == best_by_brute_force([[a | b], [a | c | d]], a | b | c | d) == 13
    assert [used for used, _ in search.best_path] == [b, a | c | d]
