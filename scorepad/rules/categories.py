"""The five scoring categories (S1-S10 grouped as the scoresheet groups them), in their
order on every table, total and export. Apart from the scoring itself, so that the
saved games' lists and statistics name them without loading the sheet's models."""

from __future__ import annotations

CATEGORIES = ("pinax", "school", "scholars", "supplies", "renown")
CATEGORY_LABELS = {
    "pinax": "Pinax",
    "school": "School",
    "scholars": "Scholars",
    "supplies": "Supplies",
    "renown": "Renown",
}
