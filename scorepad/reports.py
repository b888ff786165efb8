"""Standings as the ``score`` command prints them: the JSON contract and a text table."""

from __future__ import annotations

from typing import Any

from .columns import cell_len, fit
from .messages import counted
from .rules.endgame import end_status
from .rules.standings import standings
from .rules.models import Sheet
from .rules.pinax import Stop
from .rules.categories import CATEGORIES, CATEGORY_LABELS

NOT_PROVEN = "the best Pinax assignment found within the time limit, not proven the best"


def tile_json(tile) -> dict[str, Any]:
    """One Pinax tile's result: ``score``, ``cells`` used and ``rotation`` in degrees."""
    return {
        "tile": tile.index + 1,
        "mode": "pattern" if tile.pattern else "seals",
        "score": tile.score,
        "seals": tile.seals,
        "cells": [list(cell) for cell in tile.cells],
        "rotation": tile.rotation,
        "position": list(tile.position) if tile.position else None,
    }


def score_json(sheet: Sheet, stop: Stop | None = None) -> dict[str, Any]:
    """The ``score --json`` shape (a public contract: keys are added, never renamed) (players in ranking order), plus extras.
    ``stop`` may cut the Pinax searches short: ``pinax_proven`` (per player) and
    ``proven`` (all of them) say whether each Pinax figure is the best there is."""
    table = standings(sheet, stop)
    end = end_status(sheet)
    players = []
    for score, rank in zip(table.scores, table.ranks):
        row: dict[str, Any] = {"name": score.name}
        row.update({category: getattr(score, category) for category in CATEGORIES})
        row.update(
            total=score.total, rank=rank, seals_removed=score.seals_removed,
            scholar_cards=score.scholar_cards, kings_requests=score.kings_requests,
            pinax_detail=[tile_json(tile) for tile in score.pinax_detail],
            pinax_proven=score.pinax_proven,
        )
        players.append(row)
    return {
        "title": sheet.title,
        "players": players,
        "proven": all(score.pinax_proven for score in table.scores),
        "winners": list(table.winners),
        "tie_breaks": [{"rule": s.rule, "text": s.text} for s in table.separations],
        "end": {
            "triggered": end.triggered, "cause": end.cause, "next": end.next,
            "rule": end.rule, "when": end.when, "warnings": list(end.warnings),
            "events": end.events, "empty_spaces": end.empty_spaces,
        },
    }


def tile_words(tile) -> str:
    """How one Pinax tile scored, in words."""
    if tile.note:
        return tile.note
    if not tile.pattern:
        return f"{counted(tile.seals, 'Seal')} counted -> {tile.score}"
    found = "" if tile.proven else " (best found so far)"
    if not tile.cells:
        return ("no eligible Seals fit -> 0" if tile.proven else "no Seals placed yet -> 0") + found
    cells = " ".join(f"r{r + 1}c{c + 1}" for r, c in tile.cells)
    return (
        f"rotated {tile.rotation}°, at row {tile.position[0] + 1} "
        f"column {tile.position[1] + 1}, Seals {cells} -> {tile.score}"
    ) + found


def tile_line(tile) -> str:
    """One Pinax tile's result, with its number."""
    return f"tile {tile.index + 1}: {tile_words(tile)}"


def score_text(sheet: Sheet, stop: Stop | None = None) -> str:
    """A readable table: categories, total, rank, tie-breaks, winners and end status
    (and a note for a Pinax figure ``stop`` left unproven)."""
    table = standings(sheet, stop)
    end = end_status(sheet)
    width = max(6, *(cell_len(s.name) for s in table.scores))  # cells: 王小明 takes six
    heads = [CATEGORY_LABELS[c] for c in CATEGORIES] + ["Total"]
    if not table.solo:
        heads.append("Rank")
    lines = [sheet.title] if sheet.title else []
    lines.append(fit("Player", width) + "".join(fit(h, 10, right=True) for h in heads))
    for score, rank in zip(table.scores, table.ranks):
        values = [getattr(score, c) for c in CATEGORIES] + [score.total]
        if not table.solo:
            values.append(rank)
        lines.append(fit(score.name, width) + "".join(fit(str(v), 10, right=True) for v in values))
    for score in table.scores:
        if any(tile.pattern for tile in score.pinax_detail):
            lines.append(f"{score.name}'s Pinax:")
            lines.extend("  " + tile_line(tile) for tile in score.pinax_detail)
    if not table.solo:
        lines.extend(s.text for s in table.separations)
        lines.append(table.lead_words(sheet.finished))
    if end.triggered:
        cause = "the second Event" if end.cause == "event" else "the Library threshold"
        lines.append(f"End: triggered by {cause} ({end.when}). {end.rule}: {end.next}")
    else:
        lines.append(f"End: not triggered. {end.next}")
    lines.extend(f"Note: {warning}" for warning in end.warnings if warning != end.next)  # said once
    lines.extend(f"Note: {score.name}'s Pinax {score.pinax} is {NOT_PROVEN} (S5)."
                 for score in table.scores if not score.pinax_proven)
    return "\n".join(lines)
