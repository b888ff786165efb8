"""The pieces of the Pinax search (S3, S5), each against its own definition worked out
by brute force: the level bound, the disjoint packing, the prices of the relaxed bound,
and the search itself, with and without them. The solver as a whole is checked against
a brute force in tests/test_pinax.py; a wrong piece there shows only on the rare sheet
that needs it, here on every small input."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import example, given, settings, strategies as st

import scorepad.rules.pinax_search as pinax_search
from scorepad.rules.pinax_bounds import level_bound, most_disjoint, single_bits
from scorepad.rules.pinax_prices import Prices
from scorepad.rules.pinax_rounds import set_gains, shared_sets
from scorepad.rules.pinax_search import Search
from .conftest import examples

STEPS = {1: 3, 2: 3, 3: 4, 4: 5}  # S1: 3, 6, 10, 15 Renown for 1-4 Seals, step by step
RENOWN = (0, 3, 6, 10, 15)  # S1
ALL_24 = (1 << 24) - 1


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


def disjoint_by_brute_force(groups) -> int:
    """The most sets taken, no two sharing a bit, at most ``count`` (each set once) per group."""
    best = 0
    for picks in product(*(range(1 << len(sets)) for sets, _ in groups)):
        taken = [s for (sets, count), pick in zip(groups, picks) if bin(pick).count("1") <= count
                 for i, s in enumerate(sets) if pick >> i & 1]
        if len(taken) == sum(bin(p).count("1") for p in picks) and all(
                not a & b for i, a in enumerate(taken) for b in taken[i + 1:]):
            best = max(best, len(taken))
    return best


packing_groups = st.lists(st.tuples(st.lists(st.integers(1, 63), max_size=3), st.integers(1, 3)), max_size=4)


@settings(max_examples=examples(1000), deadline=None)
@given(packing_groups)
def test_S3_disjoint_packing_equals_brute_force(groups):
    assert most_disjoint(groups, 1) == disjoint_by_brute_force(groups)


@settings(max_examples=examples(300), deadline=None)
@given(packing_groups, st.integers(0, 3))
def test_S3_disjoint_packing_out_of_budget_never_undercounts(groups, budget):
    """Cut short, it answers the most allowed: the bound built on it stays a bound."""
    assert disjoint_by_brute_force(groups) <= most_disjoint(groups, 1, budget=budget)


@settings(max_examples=examples(500), deadline=None)
@given(st.integers(0, 2**70))
def test_single_bits_split_a_mask_into_its_bits_lowest_first(mask):
    bits = single_bits(mask)
    assert bits == [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
    assert sum(bits) == mask


# a tile's Seal sets: masks over eight Seals, four Seals at most (a tile has four cells);
# a group is the sets of identical tiles and how many there are
seal_set = st.integers(1, 255).filter(lambda m: m.bit_count() <= 4)
groups_of_tiles = st.lists(st.tuples(st.lists(seal_set, min_size=1, max_size=3, unique=True), st.integers(1, 3)),
                           max_size=3).filter(lambda groups: sum(count for _, count in groups) <= 5)


def subsets(mask: int):
    """Every subset of a mask, itself and 0 included."""
    subset = mask
    while True:
        yield subset
        if subset == 0:
            return
        subset = (subset - 1) & mask


def best_by_brute_force(groups, free: int) -> int:
    """S3 + S5 by trying everything: each tile (every copy in a group) takes any part of
    one of its sets (or nothing), no Seal twice."""
    masks = [sets for sets, count in groups for _ in range(count)]
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


def ordered(groups):
    """The groups as the solver gives them: each group's sets, most Seals first."""
    return [(sorted(sets, key=int.bit_count, reverse=True), count) for sets, count in groups]


def check_path(search: Search, groups, free: int) -> None:
    """The best path scores the best total, each tile takes part of one of its group's
    sets, no Seal twice, and no group has more tiles placed than it has."""
    taken, per_group = 0, [0] * len(groups)
    for g, used, mask in search.best_path:
        assert mask in groups[g][0] and used & ~mask == 0 and used & ~free == 0 and not used & taken
        taken |= used
        per_group[g] += 1
    assert all(n <= count for n, (_, count) in zip(per_group, groups))
    assert sum(RENOWN[used.bit_count()] for _, used, _ in search.best_path) == search.best_total


@pytest.mark.parametrize("price_after", [1, 3, pinax_search.PRICE_AFTER])
@settings(max_examples=examples(600), deadline=None)
@given(groups=groups_of_tiles, free=st.integers(0, 255))
def test_S3_S5_the_search_finds_the_brute_force_best_and_a_path_that_scores_it(groups, free, price_after):
    """With prices set up at once (after 1 step), early (3) or as the solver does, so the
    relaxed bound, the sets it drops and the order it gives are checked as well."""
    search = Search(ordered(groups))
    search.price_after = price_after
    assert search.run(free) is True
    assert search.best_total == best_by_brute_force(groups, free)
    check_path(search, ordered(groups), free)


@settings(max_examples=examples(600), deadline=None)
@given(groups_of_tiles, st.integers(0, 255), st.data())
def test_S5_the_bound_never_undercuts_what_the_remaining_tiles_can_score(groups, free, data):
    """The search stops where the bound says no better total is left: a bound below the
    truth would lose the best answer. Tile t takes sets from ``lo`` on, as the search
    lets it after the tile before it in its group took set ``lo - 1``."""
    search = Search(ordered(groups))
    if not search.count:
        return
    t = data.draw(st.integers(0, search.count - 1))
    g = search.group[t]
    lo = data.draw(st.integers(0, len(search.sets[g])))
    need = data.draw(st.none() | st.integers(0, 60))
    left = [(search.sets[g][lo:], search.end[t] - t)] + [(search.sets[h], search.counts[h])
                                                          for h in range(g + 1, len(search.sets))]
    truth = best_by_brute_force(left, free)
    assert search.bound(t, lo, free, need) >= truth
    search.prices = Prices([(sets, count) for _, sets, count in search.left(0, 0)], free, 0)
    assert search.bound(t, lo, free, need) >= truth


@settings(max_examples=examples(600), deadline=None)
@given(groups_of_tiles, st.integers(0, 255), st.integers(0, 40), st.integers(0, 60))
@example([([120, 192], 2), ([120, 192], 2)], 216, 15, 0)  # a bound a float hair under 14, given as 14
def test_S5_the_relaxed_bound_holds_at_any_prices_and_drops_no_set_a_better_total_needs(groups, free, target, best):
    """Prices found towards any target (right or wrong) give a bound never under the
    truth, and the sets they drop are never needed to score more than ``best``."""
    groups = ordered(groups)
    truth = best_by_brute_force(groups, free)
    prices = Prices(groups, free, target)
    assert prices.value >= truth - 1e-9
    assert prices.bound(groups, free, truth) in (None, truth)
    kept = prices.useful(groups, free, best)
    if truth > best:
        assert best_by_brute_force([(sets, count) for sets, (_, count) in zip(kept, groups)], free) == truth
    total, picks = prices.greedy(groups, free)
    assert total <= truth and total == sum(RENOWN[used.bit_count()] for _, used, _ in picks)


def test_S5_a_search_stopped_keeps_the_best_path_found_and_says_it_is_not_proven():
    """Six different tiles, each with twenty sets of 2-4 of 24 Seals drawn at random:
    work enough that the search asks ``stop``, every ``STOP_EVERY`` steps."""
    rng = random.Random(1)
    groups = [(sorted({sum(1 << b for b in rng.sample(range(24), rng.randint(2, 4))) for _ in range(20)},
                      key=int.bit_count, reverse=True), 1) for _ in range(6)]
    asked = []
    search = Search(groups, stop=lambda: asked.append(search.steps) or True)
    assert search.run(ALL_24) is False and asked == [pinax_search.STOP_EVERY]
    assert search.best_total > 0
    check_path(search, groups, ALL_24)
    exact = Search(groups)
    assert exact.run(ALL_24) is True and exact.best_total >= search.best_total  # not stopped: proven


def test_S5_the_bound_keeps_the_tiles_of_three_beside_four_seal_tiles_that_cannot_all_have_four():
    """Two tiles whose four-Seal sets overlap cannot both score 15 (S3): the bound counts
    the one left out as a tile of three, and must still count the other tiles of three
    (a case found by search: 27 Renown in truth)."""
    groups = [([0b10100010], 1), ([0b01101001], 1), ([0b00111001, 0b00000110], 1), ([0b01010100], 1)]
    assert best_by_brute_force(groups, 0xFF) == 27
    assert Search(groups).bound(0, 0, 0xFF, 0) >= 27


def test_S5_the_bound_packs_only_the_sets_of_four_seals():
    """Tiles that can score 15 must each have a set of four Seals of their own (S3):
    packing the smaller sets instead undercut the truth here (28 Renown; found by search)."""
    groups = [([116, 226], 1), ([209, 27], 1), ([165, 108, 141], 1)]
    assert best_by_brute_force(groups, 0xFF) == 28
    assert Search(groups).bound(0, 0, 0xFF, 0) >= 28


def test_S3_S5_a_seal_no_later_tile_reaches_is_the_one_always_taken():
    """The first tile can have Seals a and b; the second a, c and d. The best leaves a to
    the second (3 + 10 = 13); taking a whenever the first scores gives 12 at most."""
    a, b, c, d = 1, 2, 4, 8
    search = Search([([a | b], 1), ([a | c | d], 1)])
    search.run(a | b | c | d)
    assert search.best_total == best_by_brute_force([([a | b], 1), ([a | c | d], 1)], a | b | c | d) == 13
    assert [used for _, used, _ in search.best_path] == [b, a | c | d]


def test_S3_S5_identical_tiles_take_different_sets_and_the_best_still_splits_a_set():
    """Two identical pairs over three Seals in a row: one takes two, the other the third
    (6 + 3), found though the tiles take their sets in order."""
    row = [0b011, 0b110]
    search = Search([(row, 2)])
    assert search.run(0b111) and search.best_total == 9 == best_by_brute_force([(row, 2)], 0b111)


def test_S1_S5_the_last_tile_takes_its_set_with_most_free_seals_after_the_set_before():
    """Three identical tiles, a set of four Seals and two pairs sharing a Seal: the last
    tile (answered at once, not searched) takes only sets after the one the tile before
    took, all their free Seals: 15 + 6 + 3, the best; with one Seal left to it, it
    takes that one (15 + 3); with none, it scores nothing and is left out of the path."""
    a, b, c = 0b1111, 0b110000, 0b1010000  # b and c share a Seal
    groups = [([a, c, b], 3)]
    search = Search(groups)
    assert search.run(0b1111111) and search.best_total == 24 == best_by_brute_force(groups, 0b1111111)
    check_path(search, groups, 0b1111111)
    search = Search(groups)
    assert search.run(0b0011111) and search.best_total == 18 == best_by_brute_force(groups, 0b0011111)
    check_path(search, groups, 0b0011111)
    search = Search([([a], 2)])
    assert search.run(a) and search.best_total == 15 and len(search.best_path) == 1


def gain_as_before(prices: list[float]) -> float:
    """A set's gain as the price rounds worked it out with ``sorted`` and ``max``: S1 less
    the prices of the cheapest Seals taken, for the best number of them, 0 at least (a
    set of two in its own order, as they did)."""
    if len(prices) == 2:
        a, b = prices
        return max(0.0, 3.0 - min(a, b), 6.0 - a - b)
    cheapest, best = sorted(prices), 0.0
    for k in range(1, len(prices) + 1):
        gain = float(RENOWN[k])
        for price in cheapest[:k]:
            gain -= price
        best = max(best, gain)
    return best


seal_prices = st.lists(st.sampled_from([0.0, 0.5, 1.5, 2.0, 3.0, 4.0, 5.0]) | st.floats(0, 6), min_size=8, max_size=8)


@settings(max_examples=examples(500), deadline=None)
@given(seal_prices, st.lists(st.lists(st.integers(0, 7), min_size=1, max_size=4, unique=True), max_size=12))
def test_S1_S5_each_sets_gain_at_the_prices_is_its_definition_to_the_last_bit(price, sets):
    """``set_gains`` sorts each set's prices with a few comparisons: the gain it gives is
    the best S1 less the cheapest prices, bit for bit as the prices were worked out with
    ``sorted`` (so the prices, hence the search's order, stay as they were)."""
    shared = tuple([tuple(numbers) for numbers in sets if len(numbers) == size] for size in (4, 3, 2, 1)) + (0,)
    gains = set_gains(shared, price)
    expected = [gain_as_before([price[n] for n in numbers]) for size in (4, 3, 2, 1)
                for numbers in sets if len(numbers) == size]
    assert gains == expected


@settings(max_examples=examples(300), deadline=None)
@given(groups_of_tiles, st.integers(0, 255), seal_prices)
def test_S1_S5_every_groups_sets_read_the_gains_of_their_own_seals(groups, free, price):
    """Tiles of different shapes share their Seal sets' gains, each worked out once a
    price round: every set of every group reads the gain of its own free Seals, and
    nothing else's (the prices, hence the search's order, rest on it)."""
    shared, members = shared_sets(ordered(groups), free)
    gains = set_gains(shared, price)
    for (places, sets, _), (masks, _) in zip(members, ordered(groups)):
        assert sorted(sets) == sorted(tuple(single_bits(free).index(bit) for bit in single_bits(mask & free))
                                      for mask in masks)
        assert [gains[p] for p in places] == [gain_as_before([price[n] for n in numbers]) for numbers in sets]


@settings(max_examples=examples(300), deadline=None)
@given(groups_of_tiles, st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3), st.integers(0, 255)), max_size=8))
def test_S5_the_seal_counts_kept_for_the_later_groups_are_never_stale(groups, asked):
    """The search keeps the later groups' counts for the Seals they were counted with:
    any run of questions gets what a search asked for the first time would."""
    search = Search(ordered(groups))
    for t, lo, free in asked:
        t = min(t, search.count)
        lo = min(lo, len(search.sets[search.group[t]])) if t < search.count else 0
        assert search.levels(t, lo, free) == Search(ordered(groups)).levels(t, lo, free)


@settings(max_examples=examples(300), deadline=None)
@given(groups_of_tiles, st.integers(0, 40), st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3), st.integers(0, 255)),
                                                     max_size=8))
def test_S5_the_priced_parts_kept_for_the_later_groups_sum_as_the_relaxed_bound_does(groups, target, asked):
    """The search keeps each later group's part of the relaxed bound for the Seals it was
    worked out with: any run of questions sums, to the last bit, what the bound does for
    the same tiles, and new prices are not answered with the old ones'."""
    search = Search(ordered(groups))
    prices = [Prices(ordered(groups), 255, target), Prices(ordered(groups), 255, 0, rounds=1)]  # at 0: each set gains all
    for t, lo, free in asked:
        t = min(t, search.count)
        lo = min(lo, len(search.sets[search.group[t]])) if t < search.count else 0
        left = [(sets, count) for _, sets, count in search.left(t, lo)]
        for search.prices in prices:
            assert search.priced_value(t, lo, free) == search.prices.value_of(left, free)
