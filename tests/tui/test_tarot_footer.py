"""French Tarot's footer at 80 columns lists every key it offers: / (find) and, in the écart,
Space (tick) among them, in both languages (short labels: Trick, Won); the spare keys (undo, the
solo hint) only when there is room, working by their keys all the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ascii_everywhere import at_decision
from tui_helpers import make_app, screen_text, settle


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("preset", "phase", "keys"), [
    ("tarot-5", "ecart", ("/ ", "Enter ", "Space ", "q ", "p ", "w ", "s ", "f1 ")),
    ("tarot-4", "play", ("/ ", "Enter ", "q ", "f1 ")),
])
async def test_the_footer_lists_find_and_tick_at_80_columns(preset: str, phase: str, keys: tuple[str, ...],
                                                            lang: str, tmp_path: Path) -> None:
    app = make_app(tmp_path, at_decision("tarot", preset, phase), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: bool(getattr(app.screen, "choices", None)))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        find, rules = ("Find", "Rules") if lang == "en" else ("探す", "ルール")
        assert f"/ {find}" in footer and f"f1 {rules}" in footer, footer  # whole, not cut at the edge
        for key in keys:
            assert f" {key}" in f" {footer}", footer
        hidden = app.screen.footer_hidden()  # spare keys (undo, hint) that work but need room
        offered = [app.get_key_display(a.binding) for a in app.screen.active_bindings.values()
                   if a.binding.show and a.enabled and a.node is app.screen and a.binding.action not in hidden]
        assert offered and all(f" {key} " in f" {footer} " for key in offered), (offered, footer)


async def test_spare_keys_left_out_of_a_full_footer_still_work(tmp_path: Path) -> None:
    app = make_app(tmp_path, at_decision("tarot", "tarot-5", "ecart"), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: bool(getattr(app.screen, "choices", None)))
        await pilot.pause()
        table = app.screen
        assert "hint" in table.footer_hidden() and "h " not in screen_text(app).splitlines()[-1]
        await pilot.press("h")
        await pilot.pause()
        assert table.lit  # the hint works by its key
