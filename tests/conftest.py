"""Shared fixtures: every test runs with SCOREPAD_HOME in a temporary folder.

Property tests run a tenth of the examples each asks for by default, at least 20 (the
suite stays quick); ``HYPOTHESIS_PROFILE=thorough`` runs them all."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

# pytest rewrites every test module's asserts on import, and keeps the result only where
# bytecode may be written: with PYTHONDONTWRITEBYTECODE set (as on some machines), each
# worker rewrote all of them on every run, 3 s of CPU each before its first test, and
# every process a test starts compiled scorepad anew. What the tests import is cached
# (in the ignored __pycache__ folders), as a default Python run would: set before
# anything of scorepad's is imported, overriding the environment for this run only.
sys.dont_write_bytecode = False

import pytest
from hypothesis import settings
from textual import _wait
from textual.pilot import Pilot

from scorepad.rules.models import Player, Sheet

# Pilot waits for the app to go idle in slices of 20 ms of quiet, two or three per key
# pressed: 60 ms a key, most of the suite's time spent asleep. Slices of 5 ms see the
# same idleness (the process's CPU time standing still) four times sooner (a pause's
# own wait; ``wait_for_idle()`` called bare keeps its 20 ms minimum). Idleness
# guessed from CPU time is a guess, though (a worker descheduled on a busy machine looks
# idle): a pause also waits until the app says every key and all it started is done,
# the way a typist would wait for the screen.
_wait.SLEEP_GRANULARITY = 0.005
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 10
_pilot_pause = Pilot.pause


async def _pause_until_settled(pilot, delay: float | None = None) -> None:
    await _pilot_pause(pilot, delay)
    settled = getattr(pilot.app, "keys_settled", None)
    if delay is None and settled is not None:
        for _ in range(400):
            if settled():
                await pilot.app.animator.wait_until_complete()
                return
            await _pilot_pause(pilot)
        raise AssertionError("the app never settled: a key or the work it started never finished")


Pilot.pause = _pause_until_settled
_pilot_press = Pilot.press


async def _press_until_settled(pilot, *keys: str) -> None:
    # Textual's press waits for idleness guessed from CPU time only: a key still in the
    # app's own queue (``ordered_keys``) was missed, and F2 read as pressed had not yet
    # shown Home (a test failed one run in eight)
    await _pilot_press(pilot, *keys)
    app = pilot.app
    settled = getattr(app, "keys_settled", None)
    for _ in range(10_000):  # ten seconds at most, as a pause waits
        if settled is None or settled() or app.return_code is not None:  # ending: nothing more comes of it
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the app never settled: a key or the work it started never finished")


Pilot.press = _press_until_settled

settings.register_profile("quick", deadline=None, max_examples=20)
settings.register_profile("thorough", deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
settings.load_profile(PROFILE)


def examples(thorough: int) -> int:
    """How many examples a property test runs: ``thorough`` in the thorough profile, a
    tenth of it (at least 20) in the quick one."""
    return thorough if PROFILE == "thorough" else max(20, thorough // 10)

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def scorepad_home(tmp_path_factory, monkeypatch) -> Path:
    """Never touch the user's real data folder, nor their home folder (the app offers
    ``~/NAME.json`` when a save fails: a test that got that wrong wrote there)."""
    home = tmp_path_factory.mktemp("scorepad-home")
    monkeypatch.setenv("SCOREPAD_HOME", str(home))
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
    return home


def make_sheet(*players: dict, **sheet) -> Sheet:
    """A sheet from player dicts (names default to P1, P2, ...)."""
    built = [Player(**{"name": f"P{i + 1}", **p}) for i, p in enumerate(players)]
    return Sheet(players=tuple(built), **sheet)
