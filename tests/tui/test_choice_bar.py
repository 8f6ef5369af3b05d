"""The choice row reuses its chips and its note from move to move: a widget mounted per action
leaks, as Textual keeps the render cache of up to 1024 removed widgets (+3 MB over a long match)."""

from __future__ import annotations

from pathlib import Path

from test_footer import bots_and_aki, deciding
from tui_helpers import make_app, settle

from familia_tui.tui.games.familia.screen import FamiliaScreen
from familia_tui.tui.widgets.choices import Chip, ChoiceBar


async def test_moves_mount_no_new_chips_or_notes(tmp_path: Path) -> None:
    app = make_app(tmp_path, bots_and_aki())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        await pilot.pause()
        bar = app.screen.query_one(ChoiceBar)
        first = list(bar.children)
        for _ in range(6):  # each move hides Aki's chips behind a note, then brings them back
            await settle(pilot, lambda: deciding(app))
            await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        await pilot.pause()
        assert isinstance(app.screen, FamiliaScreen)
        later = list(bar.children)
        assert [w for w in later if w not in first and not w.has_class("choices-note")] == []
        assert len([w for w in later if w.has_class("choices-note")]) <= 1
        shown = [chip for chip in bar.query(Chip) if chip.display]
        assert [chip.index for chip in shown] == list(range(len(app.screen.choices)))
