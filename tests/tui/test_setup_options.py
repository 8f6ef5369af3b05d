"""Options at the table: the setup screen changes any option of the chosen preset with the values
the options model allows, the model checks them with a preset file's messages, the table starts
with them, and they can be saved as the player's own preset (issue 14, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from textual.widgets import OptionList, Static

from familia_tui.core.presets import list_presets
from familia_tui.tui.screens.setup import SeatRow, SetupScreen
from familia_tui.tui.screens.setup_options import OptionDialog, OptionsList, SavePresetDialog
from tests.tui.tui_helpers import make_app, screen_text, settle

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the user's own config, presets or saves is read or written."""
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("FAMILIA_TUI_USER_PRESETS", str(tmp_path / "presets"))
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))


async def open_setup(app, pilot, game: str) -> SetupScreen:  # type: ignore[no-untyped-def]
    app.push_screen(SetupScreen(game))
    await settle(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query(SeatRow)))
    return app.screen


async def open_option(pilot, screen: SetupScreen, key: str) -> OptionDialog:  # type: ignore[no-untyped-def]
    """Tab to the options list, move to the option `key` with the arrows, press Enter."""
    options = screen.query_one("#setup-options", OptionsList)
    await pilot.press("tab")
    assert screen.app.focused is options
    await pilot.press("home")
    while options.highlighted_path != (key,):
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(screen.app.screen, OptionDialog))
    return screen.app.screen


async def choose(pilot, dialog: OptionDialog, words: str) -> None:  # type: ignore[no-untyped-def]
    """Pick the value shown as `words` in the dialog's list with the arrows and Enter."""
    labels = [label for label, _ in dialog.form.choices]
    menu = dialog.query_one("#option-choices", OptionList)
    target = labels.index(words)
    while menu.highlighted != target:
        await pilot.press("down" if (menu.highlighted or 0) < target else "up")
    await pilot.press("enter")
    await settle(pilot, lambda: not isinstance(dialog.app.screen, OptionDialog))
    await pilot.pause()


def shown(screen: SetupScreen, key: str) -> str:
    """The value the options list shows for `key`, in words."""
    return next(row.value for row in screen.query_one(OptionsList).rows if row.path == (key,))


def problems(screen: SetupScreen) -> str:
    return str(screen.query_one("#setup-problems", Static).content)


async def test_tarot_played_by_five_from_the_four_player_preset(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "tarot")
        base = screen.preset.id
        assert screen.preset.options.players == 4
        dialog = await open_option(pilot, screen, "players")
        assert [label for label, _ in dialog.form.choices] == ["3", "4", "5"]
        await choose(pilot, dialog, "5")
        await settle(pilot, lambda: len(screen.query(SeatRow)) == 5)  # the seats follow the options
        assert shown(screen, "players") == "5" and screen.overrides == {"players": 5}
        assert str(screen.query_one("#setup-options-hint", Static).content) == "Changed here: Players"
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: hasattr(app.screen, "session"))
        record = app.screen.session.record  # type: ignore[attr-defined]
        assert record.options.players == 5 and len(record.seats) == 5
        assert record.preset == base  # the base preset; the options are as played
        text = screen_text(app)
        assert all(f"P{n}" in text for n in range(1, 6))


async def test_familia_batting_chosen_at_the_setup_is_played(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "familia")
        assert screen.preset.id == "familia-4" and screen.preset.options.style == "normal"
        dialog = await open_option(pilot, screen, "style")
        assert dialog.form.text == "normal"  # a list (one style per deal) may be typed too
        await choose(pilot, dialog, "batting")
        assert screen.overrides == {"style": "batting"}
        assert screen.query_one(OptionsList).rows[[r.path for r in screen.query_one(OptionsList).rows]
                                                  .index(("style",))].changed
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: hasattr(app.screen, "session"))
        record = app.screen.session.record  # type: ignore[attr-defined]
        assert record.options.style == "batting" and record.preset == "familia-4"
        assert "batting" in screen_text(app).lower()


async def test_a_typed_number_out_of_bounds_blocks_start_with_the_preset_files_message(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "tarot")
        dialog = await open_option(pilot, screen, "hands")
        assert "A whole number from 1 to 200." in dialog.form.hints
        await pilot.press("ctrl+u", "0", "enter")
        await settle(pilot, lambda: app.screen is screen and bool(screen.option_problems))
        await pilot.pause()
        message = "Options: hands: 0 — Input should be greater than or equal to 1"
        assert message in problems(screen)
        assert screen.query_one("#setup-problems").has_class("-errors")
        assert shown(screen, "hands") == "0"  # shown as typed
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and not list((tmp_path / "games").glob("*.json"))
        await pilot.press("delete")  # the highlighted option back to the preset's value
        await settle(pilot, lambda: not screen.option_problems)
        await pilot.pause()
        assert screen.overrides == {} and "Options:" not in problems(screen)


async def test_choosing_the_presets_own_value_again_changes_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "tarot")
        await choose(pilot, await open_option(pilot, screen, "declarations"), "poignées")
        assert screen.overrides == {} and not any(row.changed for row in screen.query_one(OptionsList).rows)


async def test_a_cross_field_check_of_a_nested_option_blocks_start(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "familia")
        dialog = await open_option(pilot, screen, "match")
        assert dialog.form.choices[0][0].startswith("How the match ends: one game")
        await pilot.press("enter")  # the match's first part: how it ends
        await settle(pilot, lambda: isinstance(app.screen, OptionDialog) and app.screen is not dialog)
        await choose(pilot, app.screen, "play on to a target total")
        assert screen.overrides == {"match": {"format": "target"}}
        assert "match: a 'target' match needs win_at, lose_at or both" in problems(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen


async def test_saving_the_options_as_a_user_preset(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "tarot")
        base, base_name = screen.preset.id, screen.preset.name["en"]
        await choose(pilot, await open_option(pilot, screen, "players"), "5")
        await pilot.click("#setup-save")  # the mouse works too (F2 from the keyboard)
        await settle(pilot, lambda: isinstance(app.screen, SavePresetDialog))
        await pilot.press(*"Friday rules!", "enter")
        await settle(pilot, lambda: app.screen is screen and screen.preset.id == "friday-rules")
        path = tmp_path / "presets" / "tarot" / "friday-rules.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data == {"game": "tarot", "extends": base, "name": {"en": "Friday rules!"},
                        "description": {"en": f"“{base_name}” with my changes."},
                        "players": 5}  # only the changed option, no Japanese needed
        assert screen.preset.origin == "user" and screen.overrides == {} and screen.options.players == 5
        menu = screen.query_one("#setup-presets", OptionList)
        entry = menu.get_option_at_index(menu.highlighted)
        assert entry.id == "friday-rules" and "(yours)" in str(entry.prompt)
        assert "friday-rules" in [p.id for p in list_presets("tarot")[0]]

        # the same name again: asked before the file is replaced
        await choose(pilot, await open_option(pilot, screen, "grasch"), "on")
        await pilot.press("f2")
        await settle(pilot, lambda: isinstance(app.screen, SavePresetDialog))
        await pilot.press(*"Friday rules", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SavePresetDialog)
        assert "exists already" in str(app.screen.query_one("#save-message", Static).content)
        assert yaml.safe_load(path.read_text(encoding="utf-8"))["players"] == 5
        await pilot.press("enter")  # replace it
        await settle(pilot, lambda: app.screen is screen)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert (data["extends"], data["players"], data["grasch"]) == (base, 5, True)


async def test_the_dialogs_speak_japanese(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, "tarot")
        dialog = await open_option(pilot, screen, "declarations")
        text = screen_text(app)
        assert "現在：" in text and "プリセットの値に戻す" in text
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is screen)
        await pilot.press("f2")
        await settle(pilot, lambda: isinstance(app.screen, SavePresetDialog))
        assert "自分のプリセットとして保存" in screen_text(app)
        assert dialog is not None


async def test_the_dialogs_show_only_ascii_in_ascii_mode(tmp_path: Path) -> None:
    app = make_app(tmp_path, glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, "familia")
        await open_option(pilot, screen, "face_jokers")
        assert screen_text(app).isascii(), screen_text(app)
        await pilot.press("ctrl+u", "9", "enter")  # refused by the model: the message is ASCII too
        await settle(pilot, lambda: app.screen is screen and bool(screen.option_problems))
        await pilot.pause()
        assert screen_text(app).isascii() and str(screen.query_one("#setup-problems", Static).content).isascii()
        await pilot.press("delete", "f2")
        await settle(pilot, lambda: isinstance(app.screen, SavePresetDialog))
        assert screen_text(app).isascii(), screen_text(app)


async def test_the_mouse_changes_an_option_too(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "tarot")
        options = screen.query_one("#setup-options", OptionsList)
        assert options.rows[0].path == ("players",)
        await pilot.click(options, offset=(2, 0))  # the first row: Players
        await settle(pilot, lambda: isinstance(app.screen, OptionDialog))
        dialog = app.screen
        await pilot.click(dialog.query_one("#option-choices", OptionList), offset=(3, 1))  # "3", under the border
        await settle(pilot, lambda: app.screen is screen and len(screen.query(SeatRow)) == 3)
        assert screen.overrides == {"players": 3}


async def test_changes_survive_moving_through_the_presets_and_esc_warns_before_losing_them(
        tmp_path: Path) -> None:
    from familia_tui.tui.screens.home import HomeScreen

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        screen = await open_setup(app, pilot, "familia")
        dialog = await open_option(pilot, screen, "style")
        await choose(pilot, dialog, "batting")
        base = screen.preset
        assert screen.overrides == {"style": "batting"}
        presets = screen.query_one("#setup-presets")
        presets.focus()
        await pilot.press("down")
        await settle(pilot, lambda: screen.preset is not base)
        assert screen.overrides == {}  # another preset: its own options
        await pilot.press("up")
        await settle(pilot, lambda: screen.preset is base)
        assert screen.overrides == {"style": "batting"} and screen.options.style == "batting"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)  # not yet: the changes are not saved
        assert any("are not saved: Esc again leaves without them" in str(n.message) for n in app._notifications)
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen))


@pytest.mark.parametrize(("game", "key", "typed", "message"), [
    ("tarot", "hands", "0", "オプション：hands: 0 — 1以上にしてください"),
    ("tarot", "hands", "x", "オプション：hands: \"x\" — 整数にしてください"),
    ("tarot", "first_dealer", "5", "オプション：first_dealer: 4 — 4は4人のテーブルの席ではありません（0～3）"),
    ("familia", "face_jokers", "9", "絵札のジョーカー9枚＝9枚ですが、デッキに付くジョーカーは2枚だけです [R-F32]"),
])
async def test_an_option_the_model_refuses_is_said_in_japanese(
        tmp_path: Path, game: str, key: str, typed: str, message: str) -> None:
    """A refused value gets the preset file's message, its reason in the app's language: the
    kind of validation error (a bound, a type) or the game's own check, from the catalogues."""
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, game)
        await open_option(pilot, screen, key)
        await pilot.press("ctrl+u", *typed, "enter")
        await settle(pilot, lambda: app.screen is screen and bool(screen.option_problems))
        await pilot.pause()
        assert message in problems(screen)
        hint = str(screen.query_one("#setup-options-hint", Static).content)
        assert hint.startswith("オプション：") and "Input should" not in hint
        assert not any(word in problems(screen) for word in ("Input", "should", "need", " or ", "only"))


async def test_a_cross_field_check_of_a_nested_option_is_said_in_japanese(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot, "familia")
        dialog = await open_option(pilot, screen, "match")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, OptionDialog) and app.screen is not dialog)
        await choose(pilot, app.screen, "目標点まで続ける")
        refused = "match: 目標点まで続けるマッチには、目標点（勝ち）か目標点（負け）、または両方が必要です"
        assert refused in problems(screen)
