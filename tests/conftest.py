"""Shared fixtures: every test runs with SCOREPAD_HOME in a temporary folder.

Property tests run a tenth of their examples by default (the suite stays quick);
``HYPOTHESIS_PROFILE=thorough`` runs every example each test asks for."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("quick", deadline=None, max_examples=20)
settings.register_profile("thorough", deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
settings.load_profile(PROFILE)


def examples(thorough: int) -> int:
    """How many examples a property test runs: ``thorough`` in the thorough profile, a
    tenth of it (at least 20) in the quick one."""
    return thorough if PROFILE == "thorough" else max(20, thorough // 10)

from scorepad.rules.models import Player, Sheet

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
