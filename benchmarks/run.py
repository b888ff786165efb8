"""Benchmarks, printed as one table (``--json`` for the same figures).

Run from the project folder:  .venv/bin/python -m benchmarks.run [--quick] [--json]
Every figure is a median of repeated runs; ratios compare with a baseline measured
in the same run, since this kind of machine is noisy.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys

from . import pinax


def measure(quick: bool) -> list[dict]:
    """Every row of the table: measure, figure, baseline, ratio, budget, met."""
    seeds = range(1, 3) if quick else range(1, 8)
    repeats = 1 if quick else 5
    times = pinax.solve_times(repeats, seeds)
    rows = []
    for kind in ("dense", "sparse"):
        ms = statistics.median(times[kind]) * 1000
        rows.append(dict(measure=f"Pinax solver, {kind} stress sheets (all 4 players)",
                         figure=f"{ms:.1f} ms median", baseline="absolute",
                         ratio=None, budget="<= 20 ms", met=ms <= 20))
    every = [t * 1000 for kind in times for t in times[kind]]
    rows.append(dict(measure=f"Pinax solver, all {len(every)} stress sheets",
                     figure=f"{statistics.median(every):.1f} ms median, {max(every):.1f} ms worst",
                     baseline="absolute", ratio=None, budget="<= 20 ms median",
                     met=statistics.median(every) <= 20))
    patterned, counted = pinax.score_wall_times(1 if quick else 3, seeds if quick else range(1, 4))
    rows.append(dict(measure="`scorepad score`, pattern mode vs quick count",
                     figure=f"{patterned * 1000:.0f} ms", baseline=f"{counted * 1000:.0f} ms",
                     ratio=patterned / counted, budget="<= 1.2x", met=patterned / counted <= 1.2))
    return rows


def table(rows: list[dict]) -> str:
    """The rows as a Markdown table."""
    lines = ["| measure | figure | baseline | ratio | budget | met |", "|---|---|---|---|---|---|"]
    for row in rows:
        ratio = f"{row['ratio']:.2f}x" if row["ratio"] is not None else "-"
        lines.append(f"| {row['measure']} | {row['figure']} | {row['baseline']} | {ratio} "
                     f"| {row['budget']} | {'yes' if row['met'] else 'NO'} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the table (or JSON)."""
    parser = argparse.ArgumentParser(prog="benchmarks.run", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few repeats: a smoke run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    rows = measure(args.quick)
    machine = f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}"
    if args.json:
        print(json.dumps({"machine": machine, "rows": rows}, indent=2))
    else:
        print(f"machine: {machine}\n\n{table(rows)}")
    return 0 if all(row["met"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
