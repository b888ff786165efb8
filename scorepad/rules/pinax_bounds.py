"""Upper bounds for the Pinax search (S1, S3): how much Renown tiles can still score.

Every function here answers a number that is never below the truth: the search stops
where a bound says no better total is left, so a bound that undercounts would lose the
best answer (tests check each against a brute force).

- ``level_bound``: S1 at most, from how many tiles could use k or more Seals and how
  many distinct Seals offer themselves to them.
- ``most_disjoint``: how many tiles can each take k Seals of their own at once (S3),
  which tightens the counts ``level_bound`` is given.
"""

from __future__ import annotations

from heapq import nlargest
from itertools import combinations

#: S1: Renown for 0, 1, 2, 3 or 4 matched Seals on one Pinax tile (the one copy of it).
RENOWN = (0, 3, 6, 10, 15)


def level_bound(seals: list[int], tiles: list[int]) -> int:
    """The most S1 Renown when ``tiles[k]`` tiles could use k or more Seals, drawn from
    ``seals[k]`` distinct Seals.

    Let c[k] tiles use k or more (c4 <= c3 <= c2 <= c1). They use distinct Seals, all
    among ``seals[k]``: ``k*c[k] + c[k+1] + ... + c[4] <= seals[k]``. The score is
    ``5*c4 + 4*c3 + 3*c2 + 3*c1`` (S1's steps). Try every c4 and c3; then taking c2 as
    large as it may be is best, and c1 takes what is left.
    """
    best = 0
    for c4 in range(min(tiles[4], seals[4] // 4) + 1):
        for c3 in range(c4, min(tiles[3], (seals[3] - c4) // 3) + 1):
            c2 = min(tiles[2], (seals[2] - c3 - c4) // 2, (seals[1] - c3 - c4) // 2)
            if c2 < c3:
                break
            c1 = min(tiles[1], seals[1] - c2 - c3 - c4)
            best = max(best, 5 * c4 + 4 * c3 + 3 * c2 + 3 * c1)
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
        best = max(best, got)
        if g == len(groups) or steps > budget or best == allowed:
            return
        sets = groups[g][0]
        if got + min(left + room_after[g + 1], (offered[g][start] & ~used).bit_count() // size) <= best:
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


class Prices:
    """A price per Seal, for the linear-programming bound (S3 relaxed).

    Relax "no Seal twice" by charging for Seals instead: every free Seal is paid for
    once, up front, and each tile then takes the set whose Seals (the cheapest of them
    first) gain it most beyond their prices; a group's tiles take different sets, as in
    the search. For any prices >= 0 the Seals' prices plus those gains is never below
    what the tiles can score (an assignment's Renown is its gains plus the prices of the
    Seals it uses, which are distinct and free). Prices near the best ones come within a
    Renown or so of the truth where counting Seals is far off.

    The prices are found once, for the search's starting point, by subgradient steps
    (Held and Karp's) towards ``target``, the best total known: a Seal taken twice gets
    dearer, one nobody takes cheaper. Prices that are not the best make the bound looser,
    never wrong."""

    def __init__(self, groups: list[tuple[list[int], int]], free: int, target: int, rounds: int = 50) -> None:
        self.price: dict[int, float] = {}
        self.gains: dict[int, tuple[float, int]] = {}  # free Seals of a set -> its gain, and the Seals taken
        self.value, kept, pace, stale = float("inf"), {}, 2.0, 0
        seals = single_bits(free)
        for _ in range(rounds):
            value, used = self.relaxed(groups, free)
            if value < self.value - 1e-9:
                self.value, kept, stale = value, dict(self.price), 0
            else:
                stale += 1
                if stale == 5:
                    pace, stale = pace / 2, 0
            moves = {bit: 1 - used.get(bit, 0) for bit in seals}
            # a Seal at price 0 that nobody takes cannot get cheaper: it does not move
            norm = sum(m * m for bit, m in moves.items() if m <= 0 or self.price.get(bit, 0.0) > 0)
            if not norm or value < target + 1 - 1e-9:  # proven: the best known is all there is
                break
            step = pace * (value - target) / norm
            for bit, move in moves.items():
                self.price[bit] = max(0.0, self.price.get(bit, 0.0) - step * move)
            self.gains.clear()
        self.price = kept
        self.gains.clear()
        self.dearest = sorted(((price, bit) for bit, price in kept.items() if price > 0), reverse=True)

    def ranked_sets(self, groups: list[tuple[list[int], int]], free: int) -> list[list[int]]:
        """Each group's sets, those that gain most at these prices first: the order in
        which the search finds good assignments soonest."""
        return [sorted(sets, key=lambda mask: -self.gain(mask & free)[0]) for sets, _ in groups]

    def greedy(self, groups: list[tuple[list[int], int]], free: int) -> tuple[int, list[tuple[int, int, int]]]:
        """An assignment found by letting sets go by their gain at these prices, each
        taking what is still free of it: its Renown and (group, Seals used, set)."""
        offers = sorted(((self.gain(mask & free)[0], g, i) for g, (sets, _) in enumerate(groups)
                         for i, mask in enumerate(sets)), reverse=True)
        room = [count for _, count in groups]
        total, taken = 0, []
        for _, g, i in offers:
            mask = groups[g][0][i]
            if room[g] and mask & free:
                room[g] -= 1
                taken.append((g, mask & free, mask))
                total += RENOWN[(mask & free).bit_count()]
                free &= ~mask
        return total, taken

    def useful(self, groups: list[tuple[list[int], int]], free: int, best: int) -> list[list[int]]:
        """Each group's sets without those no assignment scoring more than ``best`` can
        use: a tile taking a set that gains ``x`` where the group's c-th best set gains
        ``kth`` gives up ``kth - x`` of the bound, and a bound under ``best + 1`` is no
        hope (reduced-cost fixing)."""
        kept = []
        for sets, count in groups:
            gains = [self.gain(mask & free)[0] for mask in sets]
            ranked = sorted(gains, reverse=True)
            kth = max(0.0, ranked[count - 1]) if count <= len(ranked) else 0.0
            kept.append([mask for mask, gain in zip(sets, gains) if self.value - (kth - gain) >= best + 1 - 1e-9])
        return kept

    def relaxed(self, groups: list[tuple[list[int], int]], free: int) -> tuple[float, dict[int, int]]:
        """The relaxed bound at these prices, and how often each Seal is taken in it."""
        value = self.of(free)
        used: dict[int, int] = {}
        for sets, count in groups:
            for gain, taken in nlargest(count, (self.gain(mask & free) for mask in sets)):
                if gain <= 0:
                    break
                value += gain
                for bit in single_bits(taken):
                    used[bit] = used.get(bit, 0) + 1
        return value, used

    def gain(self, avail: int) -> tuple[float, int]:
        """The most a tile gains from a set whose free Seals are ``avail``, beyond their
        prices, and the Seals it takes for that (the cheapest first)."""
        known = self.gains.get(avail)
        if known is None:
            best, taken, paid, count, got = 0.0, 0, 0.0, 0, 0
            for price, bit in sorted((self.price.get(bit, 0.0), bit) for bit in single_bits(avail)):
                count, paid, got = count + 1, paid + price, got | bit
                if RENOWN[count] - paid > best:
                    best, taken = RENOWN[count] - paid, got
            known = self.gains[avail] = (best, taken)
        return known

    def bound(self, groups: list[tuple[list[int], int]], free: int, need: int, room: int = 1 << 30) -> int | None:
        """The relaxed bound for these groups and free Seals (at the prices found), in
        whole Renown; None as soon as it is clear it is above ``need``."""
        value = self.value_of(groups, free, need + 1, room)
        return None if value >= need + 1 else int(value + 1e-9)  # scores are whole

    def value_of(self, groups: list[tuple[list[int], int]], free: int, enough: float = float("inf"),
                 room: int = 1 << 30) -> float:
        """The relaxed bound, as a fraction; any value of ``enough`` or more once it is
        clear the bound reaches it. ``room``: how many Seals the tiles can use at most
        (their prices are paid for those only: the dearest ``room`` free ones at most)."""
        value = 0.0
        for price, bit in self.dearest:
            if bit & free:
                value += price
                room -= 1
                if not room:
                    break
        gains = self.gains
        for sets, count in groups:
            found = [(gains.get(mask & free) or self.gain(mask & free))[0] for mask in sets]
            value += sum(found) if count >= len(found) else sum(nlargest(count, found))
            if value >= enough:
                break
        return value

    def of(self, seals: int) -> float:
        """The price of these Seals."""
        return sum(self.price.get(bit, 0.0) for bit in single_bits(seals))
