"""Per-player scoring, S1 and S7-S11."""

from __future__ import annotations

from dataclasses import dataclass

from .models import Player, Sheet, Supplies
from .pinax import Stop, TileResult, proven, solve_pinax
from .pinax_search import RENOWN



def one_per(amount: int, step: int) -> int:
    """S7/S9/S11 interpretation: "1 Renown per two/three" rounds down."""
    return amount // step


def pinax_renown(seals: int) -> int:
    """S1: the Renown one tile scores for its matched Seals (never more than four)."""
    return RENOWN[min(seals, 4)]


def school_renown(player: Player) -> int:
    """S7: printed Knowledge of the Scribes, 1 per two; a Young Scribe is not doubled (M3)."""
    return one_per(sum(scribe.knowledge for scribe in player.scribes), 2)


def scholars_renown(player: Player) -> int:
    """S8: the Renown printed on the back of each invited Scholar card."""
    return sum(scholar.renown for scholar in player.scholars)


def supplies_renown(supplies: Supplies) -> int:
    """S9: King's Grace + Research + Crates, 1 per three (M2); 2 per Translation Stone."""
    pooled = (
        supplies.kings_grace
        + supplies.research
        + supplies.crates_in_ships
        + supplies.crates_in_supply
    )
    stones = supplies.stones_in_supply + supplies.stones_in_royal_ships
    return one_per(pooled, 3) + 2 * stones


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's categories, total (S11) and tie-break counts (T2-T4)."""

    name: str
    pinax: int
    school: int
    scholars: int
    supplies: int
    renown: int
    seals_removed: int
    scholar_cards: int
    kings_requests: int
    pinax_detail: tuple[TileResult, ...] = ()

    @property
    def total(self) -> int:
        """S11: S1..S10 summed."""
        return self.pinax + self.school + self.scholars + self.supplies + self.renown

    @property
    def pinax_proven(self) -> bool:
        """S5: whether ``pinax`` is the best assignment, not the best found before the
        search was stopped."""
        return proven(self.pinax_detail)




def score_player(sheet: Sheet, index: int, stop: Stop | None = None) -> PlayerScore:
    """Score the player at ``index`` (0-based, in ``players`` order); ``stop`` may cut
    the Pinax search short (see ``solve_pinax``)."""
    player = sheet.players[index]
    detail = solve_pinax(player.pinax, sheet.library, index + 1, stop)
    return PlayerScore(
        name=player.name,
        pinax=sum(tile.score for tile in detail),
        school=school_renown(player),
        scholars=scholars_renown(player),
        supplies=supplies_renown(player.supplies),
        renown=player.renown,
        seals_removed=player.seals_removed,
        scholar_cards=len(player.scholars),
        kings_requests=player.kings_requests,
        pinax_detail=detail,
    )


def score_players(sheet: Sheet, before: tuple[Sheet, tuple[PlayerScore, ...]] | None = None,
                  stop: Stop | None = None) -> tuple[PlayerScore, ...]:
    """Score every player, in ``players`` order. ``before``: an earlier sheet and its
    scores; a player an entry left alone (entries share what they do not change: the
    same object, in the same seat, with the same Library) keeps that score. ``stop``
    may cut the Pinax searches short."""
    if before is None or before[0].library is not sheet.library:
        return tuple(score_player(sheet, i, stop) for i in range(len(sheet.players)))
    players, scores = before[0].players, before[1]
    return tuple(scores[i] if i < len(players) and players[i] is player else score_player(sheet, i, stop)
                 for i, player in enumerate(sheet.players))
