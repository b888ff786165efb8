"""A fixed local time zone for tests of exports that show a saved time on this
machine's clock (a saved time is UTC; an export shows it as local time)."""

from __future__ import annotations

import time

import pytest


@pytest.fixture
def paris(monkeypatch):
    """This machine's clock in Paris (UTC+1 in November) for the test."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
