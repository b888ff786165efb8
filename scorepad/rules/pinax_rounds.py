"""The price rounds of the Pinax search's Seal prices (``pinax_prices.Prices``, S3
relaxed, S5): every tile takes the set of Seals that gains it most beyond their prices.

They are most of a hard search's set-up, so they work on Seal numbers and lists rather
than masks and dicts, work each distinct set's gain out once a round, and write the
gain of each size of set out (the same sums, in the same order, as ``sorted`` and
``max``: the same prices, so the same search, at a third of the cost).
"""

from __future__ import annotations

from heapq import nlargest

from .pinax_bounds import RENOWN, single_bits


def relaxed_round(shared: tuple, members: list[tuple[list[int], list[tuple[int, ...]], int]],
                  price: list[float]) -> tuple[float, list[int]]:
    """One round of ``Prices``: the relaxed bound at ``price`` (per Seal number) and how
    often each Seal is taken in it (each tile its best set, the cheapest Seals of it
    first). ``shared``: the distinct sets (as Seal numbers) of 4 Seals, of 3, of 2, of 1,
    and how many are empty; ``members``: per group, its sets' places among those (4s,
    3s, 2s, 1s, empties in turn), the sets themselves and how many tiles share them."""
    gains = set_gains(shared, price)
    value = sum(price)
    used = [0] * len(price)
    for places, sets, count in members:
        found = [gains[p] for p in places]
        if count == 1:
            best = max(found, default=0.0)
            chosen = [found.index(best)] if best > 0 else []
        else:
            chosen = [s for s in nlargest(count, range(len(found)), key=found.__getitem__) if found[s] > 0]
        for s in chosen:
            value += found[s]
            for n in cheapest_taken(sets[s], price, found[s]):
                used[n] += 1
    return value, used


def shared_sets(groups: list[tuple[list[int], int]], free: int) -> tuple[tuple, list]:
    """The groups' sets as the price rounds work on them: Seal numbers (0.. in bit order
    of ``free``) and lists, not masks and dicts, since the rounds are most of a hard
    search's set-up. Tiles of different shapes often reach the same Seals, so each
    distinct set's gain is worked out once a round: ``shared`` holds the distinct sets
    of 4 Seals, of 3, of 2, of 1, and how many are empty; ``members``, per group, its
    sets' places among those gains (4s, 3s, 2s, 1s, empties in turn), the sets
    themselves (a group's sets of 4 Seals, of 3, then the others: the order the first
    best is taken in) and how many tiles share them."""
    number = {bit: n for n, bit in enumerate(single_bits(free))}
    distinct: dict[tuple[int, ...], int] = {}  # a set's Seal numbers -> its place in ``sizes``
    sizes: list[list[tuple[int, ...]]] = [[], [], [], [], []]  # the distinct sets by size
    numbered_groups = []
    for sets, count in groups:
        numbered = [tuple(number[bit] for bit in single_bits(mask & free)) for mask in sets]
        numbered = [n for n in numbered if len(n) == 4] + [n for n in numbered if len(n) == 3] + [
            n for n in numbered if len(n) < 3]
        for n in numbered:
            if n not in distinct:
                distinct[n] = len(sizes[len(n)])
                sizes[len(n)].append(n)
        numbered_groups.append((numbered, count))
    start = {4: 0, 3: len(sizes[4])}
    start[2] = start[3] + len(sizes[3])
    start[1] = start[2] + len(sizes[2])
    start[0] = start[1] + len(sizes[1])
    members = [([start[len(n)] + distinct[n] for n in numbered], numbered, count)
               for numbered, count in numbered_groups]
    return (sizes[4], sizes[3], sizes[2], sizes[1], len(sizes[0])), members


def set_gains(shared: tuple, price: list[float]) -> list[float]:
    """The gain of each distinct set at ``price`` (``relaxed_round``'s ``shared``, in
    that order): the most S1 Renown less the prices of its cheapest Seals, 0 at least.

    The hot loop of a hard search's set-up, so written out: a few comparisons sort each
    set's prices and pick the largest of its sizes' gains (each the same sum, in the
    same order, as with ``sorted`` and ``max``, which cost three times as much)."""
    fours, threes, twos, ones, empty = shared
    one, two, three, four = map(float, RENOWN[1:])  # S1: locals, as quick to read as literals
    gains = []
    add = gains.append
    for i, j, k, m in fours:
        a, b, c, d = price[i], price[j], price[k], price[m]
        if a > b:
            a, b = b, a
        if c > d:
            c, d = d, c
        if a > c:
            a, c = c, a
        if b > d:
            b, d = d, b
        if b > c:
            b, c = c, b
        gain = four - a - b - c - d
        other = three - a - b - c
        if other > gain:
            gain = other
        other = two - a - b
        if other > gain:
            gain = other
        other = one - a
        if other > gain:
            gain = other
        add(gain if gain > 0.0 else 0.0)
    for i, j, k in threes:
        a, b, c = price[i], price[j], price[k]
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
        if a > b:
            a, b = b, a
        gain = three - a - b - c
        other = two - a - b
        if other > gain:
            gain = other
        other = one - a
        if other > gain:
            gain = other
        add(gain if gain > 0.0 else 0.0)
    for i, j in twos:
        a, b = price[i], price[j]
        gain = two - a - b
        other = one - (a if a < b else b)
        if other > gain:
            gain = other
        add(gain if gain > 0.0 else 0.0)
    for i, in ones:
        gain = one - price[i]
        add(gain if gain > 0.0 else 0.0)
    gains += [0.0] * empty
    return gains


def cheapest_taken(numbers: tuple[int, ...], price: list[float], gain: float) -> list[int]:
    """The Seals (numbers) a set's best gain takes: its cheapest ones, as many as give
    that gain (the fewest of them, as the first best found)."""
    cheapest = sorted(numbers, key=price.__getitem__)
    paid = 0.0
    for k, n in enumerate(cheapest, 1):
        paid += price[n]
        if RENOWN[k] - paid >= gain - 1e-12:
            return cheapest[:k]
    return cheapest
