"""SVG snapshots of every screen at 80 x 24 (Textual's default terminal) and 120 x 40
in the default theme, and of two screens in a light theme (update: pytest
--snapshot-update, after looking at the pictures)."""

from __future__ import annotations

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from .scenes import LIGHT, SCENES, SIZE, SMALL, capture


class SVGExtension(SingleFileSnapshotExtension):
    file_extension = "svg"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def svg_snapshot(snapshot):
    return snapshot.use_extension(SVGExtension)


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("scene", SCENES)
async def test_screen_snapshot(scene, size, scorepad_home, svg_snapshot):
    assert await capture(scene, scorepad_home, size) == svg_snapshot


@pytest.mark.parametrize("scene", ["school", "results"])
async def test_light_theme_snapshot(scene, scorepad_home, svg_snapshot):
    assert await capture(scene, scorepad_home, SIZE, LIGHT) == svg_snapshot
