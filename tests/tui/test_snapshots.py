"""Snapshots of the main screens at a fixed seed and size: the same scenes as the screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest

from familia_tui.tui.scenes import Scene, all_scenes, scene_size

SCENES = all_scenes()


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_screen_snapshot(scene: Scene, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = scene.make(tmp_path)

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await scene.run(pilot, app)

    assert snap_compare(app, run_before=run_before, terminal_size=scene_size(scene))
