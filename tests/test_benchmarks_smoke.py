"""The benchmark command runs (quickly) and fails on a missed counted budget; timed
budgets are judged by its full run.

The quick run is a section at a time, a few sections a process, so that xdist runs the
parts side by side; ``MEASURES`` is the one list of what each section must print, and
every section is in one part."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import growth, keystrokes
from benchmarks.run import GROWTH, SECTIONS, keystroke_row

ROOT = Path(__file__).resolve().parent.parent

# every measure the table prints (words its line starts with or holds), by section
MEASURES = {
    "startup": ("start-up: `scorepad` to Home", "start-up: `scorepad open SHEET`", "start-up floor",
                "`scorepad score SHEET`"),
    "typing": ("typing on setup", "typing on progress", "typing on pinax tile", "typing on pinax grid",
               "typing on school", "typing on scholars", "typing on supplies", "typing on renown",
               "typing on school, 12 Scribes", "typing on school: 24 Scribes a player vs 4"),
    "screens": ("screen change",),
    "data": ("scoring", "replay"),
    "pinax": ("Pinax solver",),
    "gridkeys": ("Library grid keys",),
    "scorewall": ("`scorepad score`, pattern mode vs quick count",),
    "memory": ("memory: peak RSS", "memory floor", "memory: growth per value typed"),
    "saving": ("commit to durable", "save: the sheet file rewritten", "UI stall while that save runs"),
    "listing": ("saved games: `scorepad history`", "saved games: `scorepad stats`", "Open a saved game",
                "saved games: UI stall while the Open list", "saved games: the first listing",
                "saved games: the `scorepad history` command"),
    "keystrokes": ("keystrokes",),
    GROWTH: (),  # not a row: the growth table
}
# the parts, each a process (about the same time each on a 2-core machine)
PARTS = (("typing", "startup", "pinax", "saving"),
         ("memory", "keystrokes", GROWTH),
         ("screens", "scorewall", "gridkeys", "listing", "data"))


def test_every_section_is_in_one_part_and_says_what_it_prints():
    parts = [name for part in PARTS for name in part]
    assert sorted(parts) == sorted([*SECTIONS, GROWTH])  # each once
    assert set(MEASURES) == set(parts)


@pytest.mark.slow
@pytest.mark.parametrize("part", PARTS, ids=["+".join(part) for part in PARTS])
def test_benchmarks_run_quick_prints_every_measure(part):
    only = [arg for name in part for arg in ("--only", name)]
    proc = subprocess.run([sys.executable, "-m", "benchmarks.run", "--quick", "--json", *only], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    # a script that stops (say, calling a method the app no longer has) ends the run
    # with a traceback and no table
    assert proc.returncode in (0, 1) and proc.stdout.strip(), proc.stderr
    printed = json.loads(proc.stdout)
    rows = printed["rows"]
    # the exit status says whether every budget was met; a counted budget (keys) does not
    # depend on the machine's load, so a quick run fails on it like a full one. A timed
    # budget is judged by the full run: one repeat on a busy machine is noise
    assert proc.returncode == (0 if all(r["met"] for r in rows) else 1)
    measures = [r["measure"] for r in rows]
    for section in part:
        for words in MEASURES[section]:
            assert any(words in measure for measure in measures), (section, words)
    # no row that no section owns (a section printing another's rows, or a new row unlisted)
    listed = [words for section in part for words in MEASURES[section]]
    assert all(any(words in measure for words in listed) for measure in measures), measures
    assert all(r["figure"] > 0 for r in rows)
    assert all(r["ratio"] is None or r["ratio"] > 0 for r in rows)
    if GROWTH in part:
        grown = printed["growth"]
        assert grown and all(set(figures) == set(growth.MEASURES) for figures in grown.values()), grown
        assert all(value > 0 for figures in grown.values() for value in figures.values())
    else:
        assert printed["growth"] is None
    if "keystrokes" in part:
        counted = [r for r in rows if r["unit"] == "keys"]
        assert counted and all(r["met"] for r in counted), counted
        typed = next(r for r in rows if r["measure"].startswith("keystrokes"))
        # a script that stops or a wrong file is a bug, not a missed budget (a script once
        # called a method the app no longer had, and this test still passed)
        assert "SCRIPT FAILED" not in typed["measure"] and "WRONG FILE" not in typed["measure"], typed["measure"]
        assert (typed["unit"], typed["budget"]) == ("keys", "<= 1.25x")
        assert typed["baseline"] == sum(keystrokes.minimum().values())
        assert list(typed["per_screen"]) == [name for name, *_ in keystrokes.SCREENS]
        assert typed["figure"] == sum(n["keys"] for n in typed["per_screen"].values())


def test_keystroke_minimum_counts_characters_and_one_separator_each():
    target = {
        "title": "Fri", "progress": {"generation": 1, "phase": "execution", "round": 12, "empty_spaces": 9,
                                     "events": 2},
        "players": [{"name": "Ana", "pinax": [4, 0], "scribes": [(3, False), (10, True)],
                     "scholars": [(4, "Hypatia"), (6, "")],
                     "supplies": dict.fromkeys(keystrokes.SUPPLIES, 0) | {"research": 12},
                     "renown": 52, "seals_removed": 0, "kings_requests": 3}],
    }
    assert keystrokes.minimum(target) == {
        "Home": 1,
        "Setup": 4 + 4 + 1,  # "Fri" + Enter, "Ana" + separator, Start
        "Game progress": 1 + 2 + 3 + 2 + 2 + 1,  # step past generation 1, the phase, 12, 9, 2 Events, on
        "Pinax": 2 + 2 + 1,  # a 0-Seal tile is still typed
        "School": 2 + 3 + 1 + 1,  # "10" + separator + the Young flag
        "Scholars": 2 + 8 + 2 + 1,  # the name of the first, no name for the second
        "Supplies": 5 + 3 + 1,  # five cells stepped over, "12" + separator
        "Renown and tie-breaks": 3 + 1 + 2 + 1,
    }


def test_a_wrong_file_fails_the_keystroke_line_whatever_the_ratio():
    target = keystrokes.TARGET
    saved = keystrokes.expected(target)
    saved["players"][1]["scribes"][2] = (1, False)  # the Young flag landed nowhere
    wrong = keystrokes.differences(keystrokes.expected(target), saved)
    assert wrong == ["players[1].scribes: wanted [(4, False), (4, False), (1, True), (6, False)], "
                     "the file has [(4, False), (4, False), (1, False), (6, False)]"]
    least = keystrokes.minimum(target)
    outcome = {"failure": None, "differences": wrong, "keys": 10, "minimum": sum(least.values()),
               "per_screen": {name: (1, n) for name, n in least.items()}}
    line = keystroke_row(outcome)
    assert "WRONG FILE" in line["measure"] and not line["met"]
    assert keystroke_row({**outcome, "differences": []})["met"]
