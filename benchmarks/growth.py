"""How scorepad grows with the history (issue 15): a full four-player sheet with 1,000,
10,000 and 100,000 history entries, through the ``scorepad`` command as users run it.

- open: process start until the sheet's first game screen is drawn, and the app's peak
  RSS with it open;
- score: ``scorepad score`` as a process;
- replay: ``scorepad replay --print`` as a process (every step described and scored),
  and its peak RSS.

    .venv/bin/python -m benchmarks.growth      (prints the table)
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from .app import OPENED, launched, scorepad, wall
from .fullsheet import write_full_sheet

SIZES = (1_000, 10_000, 100_000)
MEASURES = {  # name: (words, unit)
    "open": ("start-up to the sheet's first game screen", "ms"),
    "open_rss": ("peak RSS, the sheet open in the app", "MiB"),
    "score": ("`scorepad score`", "ms"),
    "replay": ("`scorepad replay --print`", "ms"),
    "replay_rss": ("peak RSS, `scorepad replay --print`", "MiB"),
}


def growth(repeats: int, sizes: tuple[int, ...] = SIZES) -> dict[int, dict[str, float]]:
    """Per history length, the median of each measure (seconds, or KiB for RSS)."""
    with tempfile.TemporaryDirectory() as home:
        sheets = {size: write_full_sheet(Path(home) / f"history-{size}.json", extra_entries=size - 100)
                  for size in sizes}
        runs: dict[int, dict[str, list[float]]] = {size: {} for size in sizes}
        for _ in range(repeats):
            for size, sheet in sheets.items():
                found = runs[size]
                start, opened = launched([*OPENED, "--", "open", str(sheet)], home)
                found.setdefault("open", []).append(opened["frame"] - start)
                found.setdefault("open_rss", []).append(opened["rss"])
                found.setdefault("score", []).append(wall(scorepad("score", str(sheet)), home))
                found.setdefault("replay", []).append(wall(scorepad("replay", str(sheet), "--print"), home))
                found.setdefault("replay_rss", []).append(
                    launched(["--quiet", "--", "replay", str(sheet), "--print"], home)[1]["rss"])
    return {size: {name: statistics.median(values) for name, values in found.items()} for size, found in runs.items()}


def table(found: dict[int, dict[str, float]]) -> str:
    """The growth table, Markdown: a column per history length, and the largest over the smallest."""
    sizes = sorted(found)
    lines = ["| history entries | " + " | ".join(f"{size:,}" for size in sizes) + f" | {sizes[-1]:,} / {sizes[0]:,} |",
             "|---|" + "---|" * (len(sizes) + 1)]
    for name, (words, unit) in MEASURES.items():
        figures = [found[size][name] * 1000 if unit == "ms" else found[size][name] / 1024 for size in sizes]
        lines.append(f"| {words} ({unit}) | " + " | ".join(f"{f:,.0f}" if f >= 100 else f"{f:.1f}" for f in figures)
                     + f" | {figures[-1] / figures[0]:.1f}x |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(growth(3)))
