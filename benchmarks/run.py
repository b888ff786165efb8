"""Benchmarks, printed as one table (``--json`` for the same figures).

Run from the project folder:  .venv/bin/python -m benchmarks.run [--quick] [--json] [--only SECTION]

Every timed figure is a median of repeated runs; ratios compare with a baseline
measured in the same run, alternating with it, since this kind of machine is noisy. The
keystroke count (benchmarks/keystrokes.py) is one scripted game, compared with the
fewest keys that sheet needs. The benchmarks are not part of the test suite: a smoke
test runs ``--quick``, which runs every script and every measure once, at the smallest
sizes, to prove they still run (its timings judge nothing), a section at a time
(``--only``) so the parts run side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

from . import app, data, grid_keys, growth, keystrokes, listing, pinax, saving, screens, typing_speed


def row(measure: str, figure: float, baseline: float | None, unit: str, budget: str, met: bool) -> dict:
    """One line of the table."""
    return {"measure": measure, "figure": round(figure, 2), "baseline": None if baseline is None else round(baseline, 2),
            "unit": unit, "ratio": None if baseline is None else round(figure / baseline, 2),
            "budget": budget, "met": bool(met)}


def keystroke_row(typed: dict) -> dict:
    """The keystroke measure's line: keys pressed against the minimum (see
    ``benchmarks/keystrokes.py``). A script that stopped, or a saved file that is not the
    sheet the script meant to type, fails the line whatever the ratio."""

    def short(text: str) -> str:
        return (text if len(text) <= 90 else text[:89] + "…").replace("|", "/")  # one table cell

    measure = "keystrokes: a 4-player game typed, Home to Results (vs the fewest keys)"
    if typed["failure"]:
        measure += f" - SCRIPT FAILED at {short(typed['failure'])}"
    if typed["differences"]:
        measure += f" - WRONG FILE ({len(typed['differences'])} differences; {short(typed['differences'][0])})"
    ratio = typed["keys"] / typed["minimum"]
    line = row(measure, typed["keys"], typed["minimum"], "keys", "<= 1.25x",
               not typed["failure"] and not typed["differences"] and ratio <= 1.25)
    line["per_screen"] = {name: {"keys": keys, "minimum": least}
                          for name, (keys, least) in typed["per_screen"].items()}
    return line


def startup_rows(quick: bool) -> list[dict]:
    """Start-up to the first frame, and ``scorepad score`` as a process: the fastest of
    each side's runs, taken in turn (a process start here is bimodal, whatever runs: the
    slower mode is the machine's neighbours, and a median follows the mode each side
    happened to land in more often); the medians are in the words."""
    rows = []
    started = app.startup(1 if quick else 15)
    fastest = {name: min(times) for name, times in started.items()}
    median = {name: statistics.median(times) for name, times in started.items()}
    runs = len(started["bare"])

    def words(what: str, name: str, base: str) -> str:
        return (f"{what} (fastest of {runs} runs each, in turn; medians {median[name] * 1000:.0f} and "
                f"{median[base] * 1000:.0f} ms)")

    for key, what in (("home", "start-up: `scorepad` to Home"),
                      ("sheet", "start-up: `scorepad open SHEET` (4 players, 100-entry history) to its first game screen")):
        rows.append(row(words(f"{what} (headless; process start to that frame, vs a bare app's first)", key, "bare"),
                        fastest[key] * 1000, fastest["bare"] * 1000, "ms", "<= 1.3x",
                        fastest[key] / fastest["bare"] <= 1.3))
    rows.append(row(words("start-up floor: the bare app, once it has read SHEET as scorepad reads it (pydantic, "
                          "the models, validation), vs the bare app", "floor", "bare"),
                    fastest["floor"] * 1000, fastest["bare"] * 1000, "ms", "(for the record)", True))
    rows.append(row(words("start-up: `scorepad open SHEET` vs that floor", "sheet", "floor"),
                    fastest["sheet"] * 1000, fastest["floor"] * 1000, "ms", "(for the record)", True))
    rows.append(row(words("`scorepad score SHEET` (a file the app wrote) vs `python -c 'import pydantic'`",
                          "score", "pydantic"),
                    fastest["score"] * 1000, fastest["pydantic"] * 1000, "ms", "<= 4x",
                    fastest["score"] / fastest["pydantic"] <= 4))
    rows.append(row(words("`scorepad score SHEET` vs `python -c 'import json'`", "score", "json"),
                    fastest["score"] * 1000, fastest["json"] * 1000, "ms", "(for the record)", True))
    return rows


def typing_section(quick: bool) -> list[dict]:
    """Enter to drawn and to durable on every input screen (quick: one commit each)."""
    return typing_rows(typing_speed.typing(1 if quick else 48, rounds=1 if quick else 3))


def screen_rows(quick: bool) -> list[dict]:
    """PageDown to the next game screen drawn, first visits and visits back."""
    rows = []
    changed = screens.screen_change(1 if quick else 3)
    slowest, slowest_time = changed["slowest"]
    for visit, bare, words in (("first", "bare_first", f"first visit, composed ahead (bare app: a new screen of "
                                f"{changed['widgets']} widgets; slowest, {slowest}: {slowest_time * 1000:.0f} ms)"),
                               ("back", "bare_back", "back to a kept screen (bare app: seven kept screens of "
                                f"{changed['widgets']} widgets)")):
        rows.append(row(f"screen change: PageDown to the next game screen drawn, full sheet, {words}",
                        changed[visit] * 1000, changed[bare] * 1000, "ms", "<= 1.5x",
                        changed[visit] / changed[bare] <= 1.5))
    rows.append(row("screen change: PageDown held (each press as the last screen is drawn), first visits",
                    changed["rushed"] * 1000, changed["bare_first"] * 1000, "ms", "(for the record)", True))
    return rows


def data_rows(quick: bool) -> list[dict]:
    """Scoring sheets from disk, and replaying a long history."""
    rows = []
    count = 100 if quick else 10_000
    scored, loaded = data.scoring(count, 1 if quick else 3)
    rows.append(row(f"scoring: load, validate, score {count:,} sheets as the app writes them (history, Library, "
                    "patterns)", scored * 1000, loaded * 1000, "ms", "<= 5x json.loads", scored / loaded <= 5))
    replayed = data.replay(2000, 1 if quick else 15)
    rows.append(row("replay: fold a 2,000-entry history (the app's replay)", replayed["fold"] * 1000,
                    replayed["load"] * 1000, "ms", "<= 3x loading the file", replayed["fold"] / replayed["load"] <= 3))
    rows.append(row("replay: `scorepad replay --print`, 2,000 entries (every step described and scored)",
                    replayed["print"] * 1000, replayed["load"] * 1000, "ms", "(for the record)", True))
    return rows


def pinax_rows(quick: bool) -> list[dict]:
    """The Pinax solver on its stress set and the fully sealed boards."""
    rows = []
    times = pinax.stress_times(1 if quick else 5, 1 if quick else 8)
    worst, title = times[0]
    median = statistics.median(t for t, _ in times)
    rows.append(row(f"Pinax solver, worst of {len(times)} stress sheets: 12x12, 6 pattern tiles per player, 4 players "
                    f"(Seals dense/busy/sparse, spread/one colour; tiles identical/mixed/random; worst: {title})",
                    worst * 1000, None, "ms", "<= 50 ms", worst <= 0.05))
    rows.append(row(f"Pinax solver, median of those {len(times)} stress sheets", median * 1000, None, "ms",
                    "<= 20 ms", median <= 0.02))
    for count, seconds in pinax.sealed_times(1 if quick else 3).items():
        rows.append(row(f"Pinax solver, 12x12 fully sealed, {count} identical 2x2 tiles per player "
                        f"(was {'22.4 s' if count == 10 else 'over 30 s'})", seconds * 1000, None, "ms",
                        "(for the record)", True))
    return rows


def grid_key_rows(quick: bool) -> list[dict]:
    """Library grid keys while a hard Pinax search runs (the same keys, quick or not)."""
    with tempfile.TemporaryDirectory() as home:
        keys = grid_keys.grid_keys(Path(home), 1 if quick else grid_keys.TYPINGS)
    return [row(f"Library grid keys on a sheet whose Pinax takes seconds (12x12, 15 tiles per player): UI-thread "
                f"work per key, worst of {keys['keys']}, each key the least of {keys['typings']} typings, as the "
                f"test judges it (median {keys['median'] * 1000:.1f} ms; one typing alone, worst "
                f"{keys['first_worst'] * 1000:.1f} ms; wall time, worst: {keys['wall'] * 1000:.0f} ms)",
                keys["worst"] * 1000, None, "ms", "<= 16 ms (a frame)", keys["worst"] <= 0.016)]


def score_wall_rows(quick: bool) -> list[dict]:
    """``scorepad score`` in pattern mode against quick-count mode."""
    patterned, counted = pinax.score_wall_times(1 if quick else 3, range(1, 2) if quick else range(1, 4))
    return [row("`scorepad score`, pattern mode vs quick count", patterned * 1000, counted * 1000,
                "ms", "<= 1.2x", patterned / counted <= 1.2)]


def memory_rows(quick: bool) -> list[dict]:
    """Peak RSS against the bare app, and the growth per value typed (quick: one game
    screen alone, the others only in the run that shows them all; few values typed)."""
    rows = []
    typed, warm_up = (20, 10) if quick else (2000, 1000)
    alone = app.GAME_SCREENS[:1] if quick else app.GAME_SCREENS
    held = app.memory(1 if quick else 3, typed, warm_up=warm_up, screens=alone)
    heaviest, peak = held["heaviest"]
    if len(alone) == 1:
        heaviest += ", the only one measured alone"
    for words, kib in ((f"memory: peak RSS, a full sheet on its heaviest game screen ({heaviest})", peak),
                       ("memory: peak RSS, a full sheet, every game screen shown in turn (those next to the one showing kept)", held["every"])):
        rows.append(row(words, kib / 1024, held["bare"] / 1024, "MiB", "<= 1.5x", kib / held["bare"] <= 1.5))
    rows.append(row("memory floor: peak RSS of the bare app once it has read the full sheet as scorepad reads it "
                    "(pydantic, the models, validation), vs the bare app", held["floor"] / 1024, held["bare"] / 1024,
                    "MiB", "(for the record)", True))
    rows.append(row(f"memory: growth per value typed, traced (Renown, {typed:,} values after {warm_up:,}; "
                    f"saved every 100; RSS: {held['rss_per_value']:.2f} KiB a value)", held["per_value"], None, "KiB",
                    "<= 0.5 KiB", held["per_value"] <= 0.5))
    return rows


def saving_rows(quick: bool) -> list[dict]:
    """A typed value until durable, and the sheet file rewritten in the background."""
    rows = []
    for entries, saved in saving.saving(quick).items():
        rows.append(row(f"commit to durable: one typed value on disk (journal fsynced), {entries:,}-entry history",
                        saved["commit"] * 1000, saved["bare"] * 1000, "ms", "<= 2x appending a line and fsync",
                        saved["commit"] <= 2 * saved["bare"]))
        rows.append(row(f"save: the sheet file rewritten in the background, {entries:,}-entry history "
                        f"(first after opening: {saved['first_save'] * 1000:.0f} ms)", saved["save"] * 1000, None,
                        "ms", "(for the record)", True))
        rows.append(row(f"UI stall while that save runs, {entries:,}-entry history "
                        f"(first after opening: {saved['first_stall'] * 1000:.0f} ms)", saved["stall"] * 1000, None,
                        "ms", "<= 16 ms (a frame)", saved["stall"] <= 0.016))
    return rows


def keystroke_section(quick: bool) -> list[dict]:
    """The scripted game's keys against the fewest (counted, not timed: one run, quick or not)."""
    return [keystroke_row(keystrokes.keystrokes())]


# the table's sections, in its order: name (for --only) -> its rows (quick or not)
SECTIONS = {
    "startup": startup_rows,
    "typing": typing_section,
    "screens": screen_rows,
    "data": data_rows,
    "pinax": pinax_rows,
    "gridkeys": grid_key_rows,
    "scorewall": score_wall_rows,
    "memory": memory_rows,
    "saving": saving_rows,
    "listing": lambda quick: listing_rows(listing.listing(quick)),
    "keystrokes": keystroke_section,
}
GROWTH = "growth"  # the growth table, printed under the rows


def measure(quick: bool, only: tuple[str, ...] = tuple(SECTIONS)) -> list[dict]:
    """The rows of these sections (every section unless told), in the table's order."""
    return [line for name, rows in SECTIONS.items() if name in only for line in rows(quick)]


def listing_rows(found: dict[int, dict[str, float]]) -> list[dict]:
    """The saved-games lines (issue 16): per number of games, History, Statistics and
    the Open list against the listing of earlier versions, the UI's stall, the first
    listing (no index yet), and the ``history`` command at the largest size."""
    rows = []
    for count, f in found.items():
        games = f"{count:,} saved games"
        for key, words in (("history", "`scorepad history`"), ("stats", "`scorepad stats`"),
                           ("open", "Open a saved game: the list drawn")):
            rows.append(row(f"{games}: {words} (vs every file read and scored, as before)",
                            f[key] * 1000, f["earlier"] * 1000, "ms", "<= 1 s", f[key] <= 1.0))
        rows.append(row(f"{games}: UI stall while the Open list reads them (vs the list over no games)",
                        f["stall"] * 1000, f["empty_stall"] * 1000, "ms", "<= baseline + 16 ms",
                        f["stall"] <= f["empty_stall"] + 0.016))
        rows.append(row(f"{games}: the first listing, no index yet (vs every file read and scored)",
                        f["first"] * 1000, f["earlier"] * 1000, "ms", "(for the record)", True))
        if "command" in f:
            rows.append(row(f"{games}: the `scorepad history` command, wall time (vs `scorepad --version`)",
                            f["command"] * 1000, f["version"] * 1000, "ms", "<= 1 s", f["command"] <= 1.0))
    return rows


def typing_rows(found: dict[str, dict]) -> list[dict]:
    """The typing lines: per input screen, Enter to drawn and Enter to durable, each
    against the echo batches run beside that screen's (its baseline); and School with
    24 Scribes a player against 4."""
    rows = []
    for name, figures in found.items():
        drawn, durable, echo = figures["drawn"], figures["durable"], figures["echo"]
        rows.append(row(f"typing on {name}: Enter to drawn (80x24, 4-player sheet) vs the echo app", drawn * 1000,
                        echo["drawn"] * 1000, "ms", "<= 1.5x", drawn / echo["drawn"] <= 1.5))
        if durable is not None:
            rows.append(row(f"typing on {name}: Enter to durable (journal fsynced) vs an echo app that fsyncs",
                            durable * 1000, echo["durable"] * 1000, "ms", "<= 1.5x",
                            durable / echo["durable"] <= 1.5))
    # each against the echo batches beside it, so the drift of the machine's load
    # between the two screens' batches does not count (the figures: echo-scaled)
    few, many = (found[name]["drawn"] / found[name]["echo"]["drawn"]
                 for name in ("school", "school, 24 Scribes a player"))
    echo = found["school"]["echo"]["drawn"]
    rows.append(row("typing on school: 24 Scribes a player vs 4 (flat in the cards; each over the echo batches "
                    "beside it, in the 4-Scribe echo's ms)", many * echo * 1000, few * echo * 1000,
                    "ms", "<= 1.25x", many / few <= 1.25))
    return rows


def table(rows: list[dict]) -> str:
    """The rows as a Markdown table."""
    lines = ["| measure | scorepad | baseline | ratio | budget | met |", "|---|---|---|---|---|---|"]
    for r in rows:
        digits = 0 if r["unit"] == "keys" else 1
        base = "-" if r["baseline"] is None else f"{r['baseline']:.{digits}f} {r['unit']}"
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}x"
        lines.append(f"| {r['measure']} | {r['figure']:.{digits}f} {r['unit']} | {base} | {ratio} | {r['budget']} "
                     f"| {'yes' if r['met'] else 'NO'} |")
    for r in rows:
        if "per_screen" in r:
            lines.append("\nkeystrokes per screen (keys / minimum): " + ", ".join(
                f"{name} {n['keys']}/{n['minimum']}" for name, n in r["per_screen"].items()))
    return "\n".join(lines)


def quicker_idle() -> None:
    """Pilot's waits for the app to go idle in slices of 5 ms, not 20 ms, as the test
    suite has them (tests/conftest.py): a quick run times nothing, and the benchmarks
    wait for scorepad's own word that every key is handled besides. Only untimed
    waits change, in this process (the apps started as processes keep Textual's)."""
    from textual import _wait

    _wait.SLEEP_GRANULARITY = 0.005
    _wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 10


def compiled_as_installed() -> None:
    """Compile scorepad (and these benchmarks) to bytecode once, as an installation has
    it: pip compiles a package it installs, and an editable install writes its bytecode
    on its first run. Without this, a machine that sets ``PYTHONDONTWRITEBYTECODE`` (as
    this one does) compiled scorepad's modules from source in every process measured,
    while Textual's were compiled: a tenth of the time to a sheet's first screen that
    no user's start pays after the first."""
    import compileall

    import scorepad

    for folder in (Path(scorepad.__file__).parent, Path(__file__).parent):
        compileall.compile_dir(folder, quiet=1)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the table (or JSON); exit 1 when a budget is missed."""
    parser = argparse.ArgumentParser(prog="benchmarks.run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: every script and measure once, the smallest sizes")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--only", action="append", choices=[*SECTIONS, GROWTH], metavar="SECTION",
                        help=f"run this section alone (repeatable): {', '.join([*SECTIONS, GROWTH])}")
    args = parser.parse_args(argv)
    if args.quick:
        quicker_idle()
    compiled_as_installed()
    only = tuple(args.only or (*SECTIONS, GROWTH))
    rows = measure(args.quick, only)
    # quick: the smallest history alone (the table keeps its shape, one column)
    grown = (growth.growth(1 if args.quick else 3, growth.SIZES[:1] if args.quick else growth.SIZES)
             if GROWTH in only else None)
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, "
               f"{platform.python_implementation()} {platform.python_version()}")
    if args.json:
        print(json.dumps({"machine": machine, "quick": args.quick, "rows": rows, "growth": grown}, indent=2))
    else:
        kind = " (quick run: every measure once, the smallest sizes; timings judge nothing)" if args.quick else ""
        print(f"machine: {machine}{kind}\n\n{table(rows)}"
              + ("" if grown is None else
                 f"\n\ngrowth with the history (a full four-player sheet):\n\n{growth.table(grown)}"))
    return 0 if all(r["met"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
