"""Upper bounds for the Pinax search (S1, S3): how much Renown tiles can still score.

Every function here answers a number that is never below the truth: the search stops
where a bound says no better total is left, so a bound that undercounts would lose the
best answer (tests check each against a brute force).

- ``level_bound``: S1 at most, from how many tiles could use k or more Seals and how
  many distinct Seals offer themselves to them.
- ``most_disjoint``: how many tiles can each take k Seals of their own at once (S3),
  which tightens the counts ``level_bound`` is given.

The relaxed bound with Seal prices, for hard searches, is in ``pinax_prices``.
"""

from __future__ import annotations

from itertools import combinations

#: S1: Renown for 0, 1, 2, 3 or 4 matched Seals on one Pinax tile (the one copy of it).
RENOWN = (0, 3, 6, 10, 15)


class Stopped(Exception):
    """``stop`` said so: the best assignment found so far stands."""


def level_bound(seals: list[int], tiles: list[int]) -> int:
    """The most S1 Renown when ``tiles[k]`` tiles could use k or more Seals, drawn from
    ``seals[k]`` distinct Seals.

    Let c[k] tiles use k or more (c4 <= c3 <= c2 <= c1). They use distinct Seals, all
    among ``seals[k]``: ``k*c[k] + c[k+1] + ... + c[4] <= seals[k]``. The score is
    ``5*c4 + 4*c3 + 3*c2 + 3*c1`` (S1's steps). Try every c4 and c3; then taking c2 as
    large as it may be is best, and c1 takes what is left.
    """
    # written with comparisons, not min() and max(): the search asks at nearly every step
    best = 0
    s1, s2, s3, s4 = seals[1], seals[2], seals[3], seals[4]
    t1, t2, t3, t4 = tiles[1], tiles[2], tiles[3], tiles[4]
    for c4 in range((t4 if t4 < s4 // 4 else s4 // 4) + 1):
        most3 = (s3 - c4) // 3
        for c3 in range(c4, (t3 if t3 < most3 else most3) + 1):
            c2 = t2
            if (s2 - c3 - c4) // 2 < c2:
                c2 = (s2 - c3 - c4) // 2
            if (s1 - c3 - c4) // 2 < c2:
                c2 = (s1 - c3 - c4) // 2
            if c2 < c3:
                break
            c1 = s1 - c2 - c3 - c4
            if t1 < c1:
                c1 = t1
            score = 5 * c4 + 4 * c3 + 3 * c2 + 3 * c1
            if score > best:
                best = score
    return best


def parts(mask: int, size: int) -> list[int]:
    """Every subset of ``size`` Seals of a set (the set itself when it has that many)."""
    bits = single_bits(mask)
    if len(bits) == size:
        return [mask]
    return [sum(combo) for combo in combinations(bits, size)]


def most_disjoint(groups: list[tuple[list[int], int]], size: int, budget: int = 400) -> int:
    """How many sets can be taken pairwise disjoint, at most ``count`` from each group's
    ``(sets, count)`` and each set once (identical tiles share a group). ``size``: the
    fewest Seals in a set, which caps the count by the Seals there are.

    A first-fit packing often takes as many as allowed, which ends it; otherwise an exact
    search, which past ``budget`` steps answers the most allowed: never too few.
    """
    groups = [(sets, min(count, len(sets))) for sets, count in groups if sets and count]
    allowed = sum(count for _, count in groups)
    used = taken = 0
    for sets, count in groups:
        got = 0
        for mask in sets:
            if got < count and not mask & used:
                used, got = used | mask, got + 1
        taken += got
    if taken == allowed:
        return allowed
    # what groups g.. may still take, and the Seals their sets from index i on offer
    room_after = [0] * (len(groups) + 1)
    seals_after = [0] * (len(groups) + 1)
    offered: list[list[int]] = []
    for g in range(len(groups) - 1, -1, -1):
        sets, count = groups[g]
        room_after[g] = room_after[g + 1] + count
        suffix = [seals_after[g + 1]] * (len(sets) + 1)
        for i in range(len(sets) - 1, -1, -1):
            suffix[i] = suffix[i + 1] | sets[i]
        offered.append(suffix)
        seals_after[g] = suffix[0]
    offered.reverse()
    best, steps = taken, 0

    def grow(g: int, start: int, left: int, got: int, used: int) -> None:
        nonlocal best, steps
        steps += 1
        if got > best:  # (comparisons, not max() and min(): this runs at most steps of a search)
            best = got
        if g == len(groups) or steps > budget or best == allowed:
            return
        sets = groups[g][0]
        more = left + room_after[g + 1]
        fit = (offered[g][start] & ~used).bit_count() // size
        if got + (more if more < fit else fit) <= best:
            return
        for i in range(start, len(sets) if left else start):
            if not sets[i] & used:
                grow(g, i + 1, left - 1, got + 1, used | sets[i])
                if best == allowed or steps > budget:
                    return
        if g + 1 < len(groups):
            grow(g + 1, 0, groups[g + 1][1], got, used)

    grow(0, 0, groups[0][1], 0, 0)
    return allowed if steps > budget else best


def single_bits(mask: int) -> list[int]:
    """The mask's set bits, each as a mask of its own, lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits
