"""SVG snapshots of every screen at 120 x 40 (update: pytest --snapshot-update)."""

from __future__ import annotations

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from .scenes import SCENES, capture


class SVGExtension(SingleFileSnapshotExtension):
    file_extension = "svg"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def svg_snapshot(snapshot):
    return snapshot.use_extension(SVGExtension)


@pytest.mark.parametrize("scene", SCENES)
async def test_screen_snapshot(scene, scorepad_home, svg_snapshot):
    assert await capture(scene, scorepad_home) == svg_snapshot
