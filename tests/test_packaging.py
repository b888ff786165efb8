"""The package says what it is and under which licence (issue 12)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_licence_is_declared_and_shipped_with_the_same_name():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    licence = (ROOT / "LICENSE").read_text().splitlines()[0]
    assert licence == "MIT License" and project["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]


def test_the_classifiers_name_every_python_the_package_accepts():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    oldest = project["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {oldest}" in project["classifiers"]
    assert any(c.startswith("Topic :: Games/Entertainment") for c in project["classifiers"])
