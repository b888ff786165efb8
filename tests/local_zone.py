"""A fixed local time zone for tests of exports that show a saved time on this
machine's clock (a saved time is UTC; an export shows it as local time)."""

from __future__ import annotations

import time

import pytest


def in_zone(monkeypatch, name: str):
    """This machine's clock in the time zone ``name`` while the test runs."""
    monkeypatch.setenv("TZ", name)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def paris(monkeypatch):
    """This machine's clock in Paris (UTC+1 in November) for the test."""
    yield from in_zone(monkeypatch, "Europe/Paris")


@pytest.fixture
def utc(monkeypatch):
    """Local time is UTC: a moment saved with an offset falls on a known local day."""
    yield from in_zone(monkeypatch, "UTC")
