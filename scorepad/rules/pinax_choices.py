"""What a tile of the Pinax search may take next (S3, S5): the part of a set of Seals
it uses, and the order the search tries them in."""

from __future__ import annotations

from itertools import combinations

from .pinax_bounds import RENOWN, single_bits

OFFERS_KEPT = 4096  # sets' offers remembered at most (past it they are forgotten: more work, same answer)


class Choices:
    """Mixed into ``Search``: ``sets``, ``group``, ``end``, ``reach`` and ``prices`` are its."""

    def choices(self, t: int, lo: int, free: int):
        """The distinct ways tile t can take free Seals of one of its sets (from ``lo``
        on), as (size, Seals, set index): 4 Seals first, then 3, 2 and 1, each size by
        set in turn; Seals no later tile reaches are always taken (leaving them could
        only lose). Each set's free and always-taken Seals are worked out once, not once
        per size: the search asks at every step and mostly stops after the first sizes."""
        sets = self.sets[self.group[t]]
        found = []  # per set: (index, its free Seals, how many, those always taken, how many)
        for i in range(lo, len(sets)):
            avail = sets[i] & free
            if avail:
                forced = self.always_taken(t, i, avail)
                found.append((i, avail, avail.bit_count(), forced, forced.bit_count()))
        for size in (4, 3, 2, 1):
            tried: set[int] = set()  # one size's Seals never equal another's: a set per size
            for i, avail, count, forced, fixed in found:
                if count >= size >= fixed:
                    for combo in combinations(single_bits(avail & ~forced), size - fixed):
                        used = forced | sum(combo)
                        if used not in tried:
                            tried.add(used)
                            yield size, used, i

    def priced_choices(self, t: int, lo: int, free: int, gap: float) -> list[tuple[int, int, int]]:
        """(size, Seals, set index) for tile t, those that gain most at the prices first,
        leaving out every choice whose gain (Renown less its Seals' prices) is under
        ``gap``: the later tiles' relaxed bound loses at least those prices when the
        Seals go, so such a choice cannot beat the best."""
        found: dict[int, tuple[float, int, int]] = {}
        sets, prices, known = self.sets[self.group[t]], self.prices, self.offers
        gap -= 1e-9
        for i in range(lo, len(sets)):
            avail = sets[i] & free
            if prices.gain(avail)[0] < gap:
                continue  # no part of this set gains enough
            key = (avail * self.span[0] + i) * self.span[1] + t
            offers = known.get(key)
            if offers is None:
                if len(known) >= OFFERS_KEPT:
                    known.clear()
                offers = known[key] = self.offers_of(t, i, avail)
            for gain, size, used in offers:
                if gain < gap:
                    break  # the gains come largest first
                if used not in found:
                    found[used] = (-gain, size, i)
        return [(size, used, i) for used, (_, size, i) in sorted(found.items(), key=lambda item: item[1])]

    def offers_of(self, t: int, i: int, avail: int) -> list[tuple[float, int, int]]:
        """(gain at the prices, size, Seals) for every way tile t can take the free Seals
        ``avail`` of its set i (as ``choices``), largest gain first, larger sizes first
        among equal gains. Remembered by the search: the same tile meets the same free
        Seals of a set at step after step (another tile's choice rarely touches them)."""
        price = self.prices.price
        forced = self.always_taken(t, i, avail)
        paid = sum(price.get(bit, 0.0) for bit in single_bits(forced))
        rest = [(price.get(bit, 0.0), bit) for bit in single_bits(avail & ~forced)]
        fixed, offers = forced.bit_count(), []
        for size in range(min(4, fixed + len(rest)), max(fixed, 1) - 1, -1):
            for combo in combinations(rest, size - fixed):
                offers.append((RENOWN[size] - paid - sum(cost for cost, _ in combo), size,
                               forced | sum(bit for _, bit in combo)))
        offers.sort(key=lambda offer: -offer[0])  # stable: sizes and combinations in turn among equals
        return offers

    def always_taken(self, t: int, i: int, avail: int) -> int:
        """Of the free Seals ``avail`` of tile t's set i, those no later tile reaches:
        taking them could only gain, so every choice of t takes them (``choices`` and
        ``offers_of`` alike: the priced and the plain search choose among the same ways)."""
        return avail & ~self.reach(t + 1, i + 1 if self.end[t] > t + 1 else 0)
