"""The key footer is rebuilt only when the keys it shows change, and keeps no removed keys alive
(Textual's Footer rebuilt every key on every move and leaked them: +36 MB over a long match)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._footer import FooterKey
from tui_helpers import make_app, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.familia.game import GAME
from familia_tui.tui.games.familia.screen import FamiliaScreen
from familia_tui.tui.widgets.footer import AppFooter


def bots_and_aki() -> Record:
    options = find_preset("familia", "familia-4").options.resolved()
    seats = parse_seats("Aki,bot,bot,bot", GAME.default_seats(options), list(GAME.bots))
    return Record("familia", options, tuple(seats), 7, preset="familia-4")


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, FamiliaScreen) and bool(app.screen.choices)


async def test_an_unchanged_footer_keeps_its_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, bots_and_aki())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        await pilot.pause()
        before = list(app.screen.query(FooterKey))
        app.screen.refresh_bindings()
        await pilot.press("right")  # moves the cursor: the same keys stay offered
        await pilot.pause()
        assert before and list(app.screen.query(FooterKey)) == before


async def test_moves_leave_no_removed_footer_keys_behind(tmp_path: Path) -> None:
    app = make_app(tmp_path, bots_and_aki())
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(6):  # each move ends Aki's turn (no keys) and brings it back (keys)
            await settle(pilot, lambda: deciding(app))
            await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        await pilot.pause()
        footer = app.screen.query_one(AppFooter)
        footer.refresh_bindings()  # forgets keys removed by earlier rebuilds
        await pilot.pause()
        watchers = getattr(footer, "__watchers", {}).get("compact", [])
        assert len(watchers) <= len(footer.query(FooterKey))
