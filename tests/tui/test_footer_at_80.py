"""At 80 columns a table's footer shows every key that works now, whole and left of the command
palette's docked key; spare keys (undo, the hint, a game's previous trick or session, keys the
banner names) only when they fit, and none is kept out that would fit. The room is counted as
Textual draws the keys (`footer_room`), checked here against the drawn keys' regions.

Every table scene drawn at 80×24, the replay, and the moments with the most keys (Familia, Tarot
bidding and écart, Daifugō with one and several cards ticked, the six-suit split, face up or down
and the rebuild, Chinkway's discard and quest pick) in English and Japanese: no whole games."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets._footer import FooterKey

from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.scenes import Scene, all_scenes
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets import footer_room
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.footer_room import key_cells

WIDTH = 80
SCENES = {scene.name: scene for scene in all_scenes()}
MOMENTS = ("03-table", "11-tarot-bidding", "12-tarot-ecart", "15-daifugo-table", "16-daifugo-multi-select",
           "19-sixsuit-split", "20-sixsuit-face-down", "21-sixsuit-rebuild", "24-chinkway-discard",
           "25-chinkway-quest-pick")
"""Scenes drawn at 80 columns in English and in Japanese."""
AS_MADE = tuple(name for name in SCENES if name.endswith("-80x24")) + ("30-replay",)
"""Scenes drawn at 80 columns as they are made (their language and glyphs)."""
CASES = [(name, lang) for name in MOMENTS for lang in ("en", "ja")] + [(name, None) for name in AS_MADE]
GENERAL_SPARES = frozenset({"undo", "hint", "previous", "session"})
"""Spare keys that may be kept out anywhere; any other key kept out must be named on screen."""


def in_language(app: FamiliaTuiApp, lang: str | None) -> FamiliaTuiApp:
    if lang is not None:
        app.settings = app.settings.with_(lang=lang)
        app.translate_bindings(app)
    return app


def drawn_keys(footer: AppFooter) -> list[FooterKey]:
    return [key for key in footer.query(FooterKey) if key.display and key.region.width]


@pytest.mark.parametrize(("name", "lang"), CASES, ids=[f"{name}-{lang or 'as-made'}" for name, lang in CASES])
async def test_the_footer_at_80_columns_shows_every_working_key_whole(name: str, lang: str | None,
                                                                     tmp_path: Path) -> None:
    scene: Scene = SCENES[name]
    app = in_language(scene.make(tmp_path), lang)
    async with app.run_test(size=(WIDTH, 24)) as pilot:
        await scene.run(pilot, app)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen), name
        footer = screen.query_one(AppFooter)
        keys = drawn_keys(footer)
        palettes = [key for key in keys if key.has_class("-command-palette")]
        edge = palettes[0].region.x if palettes else WIDTH
        drawn = {key.action: key for key in keys if key not in palettes}
        for key in keys:
            assert key.region.x >= 0 and key.region.right <= WIDTH, (key.key_display, key.region)
        for key in drawn.values():
            assert key.region.right <= edge, (f"{key.key_display} {key.description}", key.region, edge)
        last = max(key.region.right for key in drawn.values())
        for binding in working_bindings(screen):
            if binding.action not in drawn:
                assert_kept_out_with_reason(screen, binding, room=edge - last - (1 if footer.compact else 0))


def working_bindings(screen: TableScreen) -> list[Binding]:
    """The bindings the footer would show that do something now (the palette's apart)."""
    palette = screen.app.COMMAND_PALETTE_BINDING
    return [active.binding for key, active in screen.active_bindings.items()
            if key != palette and active.binding.show and active.enabled]


def assert_kept_out_with_reason(screen: TableScreen, binding: Binding, room: int) -> None:
    """A working key not in the footer is a spare key kept out for want of room (it would not
    fit in the `room` left), and unless it is undo, the hint, a previous trick or the session,
    the banner names it."""
    app, compact = screen.app, screen.query_one(AppFooter).compact
    display = app.get_key_display(binding)
    shown = f"{display} {binding.description}"
    assert binding.action in screen.footer_hidden() and binding.action in screen.spare_actions(), shown
    named = re.search(rf"(?<![A-Za-z]){re.escape(display)}(?![A-Za-z])", screen.banner, re.IGNORECASE)
    assert binding.action in GENERAL_SPARES or named, (shown, screen.banner)
    assert key_cells(display, binding.description, compact) > room, (f"{shown} would fit", room)


def test_the_room_examples() -> None:
    """`footer_room.fitting`: the palette's key keeps its place beside the working keys, or gives
    way to them; spare keys fill what is left, by priority."""
    results = doctest.testmod(footer_room)
    assert results.attempted and not results.failed


@pytest.mark.parametrize("name", ["03-table", "15-daifugo-table"])
async def test_the_footer_follows_the_terminal_width(name: str, tmp_path: Path) -> None:
    """Narrowed from 120 to 80 columns the footer turns compact and keeps every key whole (the
    Daifugō table gives the palette's room to its keys); widened again, the palette's key is back."""
    scene = SCENES[name]
    app = scene.make(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await scene.run(pilot, app)
        footer = app.screen.query_one(AppFooter)

        def palette_shown() -> bool:
            return any(key.has_class("-command-palette") for key in drawn_keys(footer))

        assert not footer.compact and palette_shown()
        await pilot.resize_terminal(WIDTH, 24)
        await pilot.pause()
        await pilot.pause()
        assert footer.compact and palette_shown() == (name == "03-table")
        assert all(key.region.right <= WIDTH for key in drawn_keys(footer))
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert not footer.compact and palette_shown()
