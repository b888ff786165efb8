"""The counts typed for each player, in one table: the key stored in the file and in
``SetCount``, the words shown for it everywhere (screens, history, replay), the rule
that scores it, and where in the player it is kept. A new count is one line here."""

from __future__ import annotations

from dataclasses import dataclass

from .models import Player


@dataclass(frozen=True, slots=True)
class CountField:
    """One count: ``key`` (file and entry), ``label`` (words), ``rule`` (the rule id that
    scores or compares it), ``in_supplies`` (kept in ``player.supplies``, S9)."""

    key: str
    label: str
    rule: str
    in_supplies: bool = False

    @property
    def heading(self) -> str:
        """The label as a table row shows it: a tie-break names its rule (it matters
        only for ties)."""
        return f"{self.label} ({self.rule})" if self.rule.startswith("T") else self.label


COUNT_FIELDS = (
    CountField("renown", "Renown in play", "S10"),
    CountField("seals_removed", "Seals removed", "T2"),
    CountField("kings_requests", "King's Requests", "T4"),
    CountField("kings_grace", "King's Grace", "S9", in_supplies=True),
    CountField("research", "Research tokens", "S9", in_supplies=True),
    CountField("crates_in_ships", "Crates in Ships", "S9", in_supplies=True),
    CountField("crates_in_supply", "Crates in supply", "S9", in_supplies=True),
    CountField("stones_in_supply", "Stones in supply", "S9", in_supplies=True),
    CountField("stones_in_royal_ships", "Stones in Royal Ships", "S9", in_supplies=True),
)
BY_KEY = {field.key: field for field in COUNT_FIELDS}
COUNT_KEYS = tuple(BY_KEY)
SUPPLY_FIELDS = tuple(field.key for field in COUNT_FIELDS if field.in_supplies)


def count_of(player: Player, key: str) -> int:
    """The value of one count of this player."""
    return getattr(player.supplies if BY_KEY[key].in_supplies else player, key)


def with_count(player: Player, key: str, value: int) -> Player:
    """The player with one count changed."""
    if BY_KEY[key].in_supplies:
        return player.but(supplies=player.supplies.but(**{key: value}))
    return player.but(**{key: value})
