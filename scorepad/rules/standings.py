"""Winner, ranks and tie-breaks (T1-T6)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from .count_fields import BY_KEY
from .models import Sheet
from .pinax import Stop
from .scoring import PlayerScore, score_players

#: T1-T4 in order: the rule id, the PlayerScore attribute compared, and its unit.
TIE_CHAIN = (
    ("T1", "total", "Renown"),
    ("T2", "seals_removed", BY_KEY["seals_removed"].label),
    ("T3", "scholar_cards", "Scholars"),
    ("T4", "kings_requests", BY_KEY["kings_requests"].label),
)

#: T1-T4: the values compared, most important first (higher is better).
tie_key = attrgetter(*(attribute for _, attribute, _ in TIE_CHAIN))


@dataclass(frozen=True, slots=True)
class Separation:
    """Why one player stands ahead of the next one, or that they share the place (T5)."""

    ahead: str
    behind: str
    rule: str  # T1..T4, or T5 for a shared place
    text: str


@dataclass(frozen=True, slots=True)
class Standings:
    """Scores in ranking order, competition ranks (1, 1, 3), winners and separations."""

    scores: tuple[PlayerScore, ...]
    ranks: tuple[int, ...]
    separations: tuple[Separation, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """T5: every player with rank 1 wins."""
        return tuple(s.name for s, rank in zip(self.scores, self.ranks) if rank == 1)

    @property
    def solo(self) -> bool:
        """T6: one player gets a total and no ranking talk."""
        return len(self.scores) == 1

    def lead_words(self, finished: bool) -> str:
        """Who won (T5), or for a game not finished who leads: ``Winner: Ana``, ``Leading
        so far: Ana``, ``Shared victory: Ana and Ben``, ``Sharing the lead: …`` ("" for
        one player, T6). The app, ``score`` and the exports all say it so."""
        if self.solo:
            return ""
        names = " and ".join(self.winners)
        if len(self.winners) > 1:
            return f"{'Shared victory' if finished else 'Sharing the lead'}: {names}"
        return f"{'Winner' if finished else 'Leading so far'}: {names}"

    def score_of(self, name: str) -> PlayerScore:
        """The named player's score."""
        return next(s for s in self.scores if s.name == name)

    def rank_of(self, name: str) -> int:
        """The competition rank of the named player."""
        return self.ranks[[s.name for s in self.scores].index(name)]


def separate(ahead: PlayerScore, behind: PlayerScore) -> Separation:
    """T1-T5: the first rule on which two adjacent players differ, in words."""
    for rule, attribute, unit in TIE_CHAIN:
        a, b = getattr(ahead, attribute), getattr(behind, attribute)
        if a != b:
            text = f"{ahead.name} ahead of {behind.name} on {rule}: {a} {unit} to {b}"
            return Separation(ahead.name, behind.name, rule, text)
    text = f"{ahead.name} and {behind.name} tied on T1-T4: shared place (T5)"
    return Separation(ahead.name, behind.name, "T5", text)


def rank_scores(scores: tuple[PlayerScore, ...]) -> Standings:
    """T1-T5: order by the tie chain; equal keys share a rank, the next rank skips."""
    keyed = sorted(((tie_key(score), score) for score in scores), key=lambda pair: pair[0], reverse=True)
    ordered = tuple(score for _, score in keyed)
    ranks: list[int] = []
    for i, (key, _) in enumerate(keyed):
        ranks.append(ranks[-1] if i and key == keyed[i - 1][0] else i + 1)
    separations = tuple(separate(a, b) for a, b in zip(ordered, ordered[1:]))
    return Standings(ordered, tuple(ranks), separations)


def standings(sheet: Sheet, stop: Stop | None = None) -> Standings:
    """Score every player of the sheet and rank them (T1-T6); ``stop`` may cut the
    Pinax searches short (each score says whether its Pinax is proven)."""
    return rank_scores(score_players(sheet, stop=stop))
