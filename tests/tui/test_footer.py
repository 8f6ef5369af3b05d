"""The key footer changes only when the keys it shows change, and keeps no removed keys alive
(Textual's Footer rebuilt every key on every move and leaked them: +36 MB over a long match); a
key that comes or goes changes in place, in the frame of the key press, and the footer draws
what a rebuilt one draws."""

from __future__ import annotations

from pathlib import Path

from test_daifugo_table import FOUR, stacked
from textual.widgets._footer import FooterKey
from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.familia.game import GAME
from familia_tui.tui.games.daifugo.screen import DaifugoScreen
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


def footer_line(app) -> str:  # type: ignore[no-untyped-def]
    return screen_text(app).splitlines()[-1]


async def test_a_key_that_comes_and_goes_changes_in_place_as_a_rebuilt_footer_draws_it(tmp_path: Path) -> None:
    """Ticking the first Daifugō card brings Esc (Back) into the footer, unticking it takes it
    away: at once, the other keys stay the same widgets, and the line is the one a recomposed
    footer draws; ticking again shows the same Esc key, no new one."""
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 4S 5S 6S 7S 8S 9H 9D 9C 10H JH QH JK JK"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DaifugoScreen) and bool(app.screen.choices))
        await pilot.pause()
        footer = app.screen.query_one(AppFooter)
        before, line = list(footer.query(FooterKey)), footer_line(app)
        assert "Back" not in line
        await pilot.press("space")
        await pilot.pause()
        ticked = footer_line(app)
        assert "esc Back" in ticked and set(before) < set(footer.query(FooterKey))
        footer.refresh(recompose=True)  # Textual's way: every key made again
        await settle(pilot, lambda: not set(footer.query(FooterKey)) & set(before))
        await pilot.pause()
        assert footer_line(app) == ticked
        await pilot.press("space")
        await pilot.pause()
        assert "Back" not in footer_line(app)
        await pilot.press("space")
        await pilot.pause()
        keys = set(footer.query(FooterKey))
        back = next(key for key in keys if key.action == "back")
        await pilot.press("space")
        await pilot.pause()
        assert footer_line(app) == line and set(footer.query(FooterKey)) == keys and back.display is False
        await pilot.press("space")
        await pilot.pause()
        assert footer_line(app) == ticked and back.display is True


async def test_keys_in_another_language_replace_the_old_ones(tmp_path: Path) -> None:
    """A language change replaces every key's words: the old keys are removed, not kept hidden,
    and the footer draws what a rebuilt one draws."""
    from familia_tui.tui.screens.home import HomeScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.saves_read)
        await pilot.pause()
        footer = app.screen.query_one(AppFooter)
        english, count = footer_line(app), len(footer.query(FooterKey))
        app.change_settings(app.settings.with_(lang="ja"))
        await pilot.pause()
        japanese = footer_line(app)
        assert japanese != english and len(footer.query(FooterKey)) == count
        footer.refresh(recompose=True)
        await pilot.pause()
        assert footer_line(app) == japanese
        app.change_settings(app.settings.with_(lang="en"))
        await pilot.pause()
        assert footer_line(app) == english and len(footer.query(FooterKey)) == count
