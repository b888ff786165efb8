"""Seal prices: the linear-programming bound of the Pinax search (S3 relaxed, S5).

Every number it answers is never below the truth (tests check it against a brute
force): the search stops where it says no better total is left.
"""

from __future__ import annotations

from heapq import nlargest
from typing import Callable

from .pinax_bounds import RENOWN, Stopped, single_bits
from .pinax_rounds import relaxed_round, shared_sets


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

    def __init__(self, groups: list[tuple[list[int], int]], free: int, target: int,
                 stop: Callable[[], bool] | None = None, rounds: int = 50) -> None:
        """``stop`` is asked after every round (it raises ``Stopped``)."""
        self.gains: dict[int, tuple[float, int]] = {}  # free Seals of a set -> its gain, and the Seals taken
        seals = single_bits(free)
        shared, members = shared_sets(groups, free)
        price = [0.0] * len(seals)
        self.value, kept, pace, stale = float("inf"), price, 2.0, 0
        for _ in range(rounds):
            value, used = relaxed_round(shared, members, price)
            if value < self.value - 1e-9:
                self.value, kept, stale = value, price, 0
            else:
                stale += 1
                if stale == 5:
                    pace, stale = pace / 2, 0
            # a Seal at price 0 that nobody takes cannot get cheaper: it does not move
            norm = sum((1 - n) * (1 - n) for n, p in zip(used, price) if n or p > 0)
            if not norm or value < target + 1 - 1e-9:  # proven: the best known is all there is
                break
            step = pace * (value - target) / norm
            price = [p - step * (1 - n) if p - step * (1 - n) > 0.0 else 0.0 for n, p in zip(used, price)]
            if stop is not None and stop():
                raise Stopped
        self.price: dict[int, float] = {bit: p for bit, p in zip(seals, kept) if p > 0}
        self.dearest = sorted(((p, bit) for bit, p in self.price.items()), reverse=True)

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
        return whole_within(self.value_of(groups, free, need + 1, room), need)

    def value_of(self, groups: list[tuple[list[int], int]], free: int, enough: float = float("inf"),
                 room: int = 1 << 30) -> float:
        """The relaxed bound, as a fraction; any value of ``enough`` or more once it is
        clear the bound reaches it. ``room``: how many Seals the tiles can use at most
        (their prices are paid for those only: the dearest ``room`` free ones at most)."""
        value = self.paid(free, room)
        for sets, count in groups:
            value += self.group_value(sets, count, free)
            if value >= enough:
                break
        return value

    def paid(self, free: int, room: int = 1 << 30) -> float:
        """The prices of the free Seals, of the dearest ``room`` of them at most: the part
        of the relaxed bound paid up front."""
        value = 0.0
        for price, bit in self.dearest:
            if bit & free:
                value += price
                room -= 1
                if not room:
                    break
        return value

    def group_value(self, sets: list[int], count: int, free: int) -> float:
        """What ``count`` tiles sharing these sets gain most beyond the prices, each its
        own set: the part of the relaxed bound for one group."""
        gains = self.gains
        found = [(gains.get(mask & free) or self.gain(mask & free))[0] for mask in sets]
        return sum(found) if count >= len(found) else sum(nlargest(count, found))

    def of(self, seals: int) -> float:
        """The price of these Seals."""
        return sum(self.price.get(bit, 0.0) for bit in single_bits(seals))


def whole_within(value: float, need: int) -> int | None:
    """A relaxed bound in whole Renown; None when it is above ``need``."""
    # scores are whole: a value a hair under one is that one, float error (a bound of
    # 13.9999999999 was read as "not above 13", then given as 14)
    whole = int(value + 1e-9)
    return None if whole >= need + 1 else whole
