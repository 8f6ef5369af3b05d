"""Every option of every playable game has a name for players in English and Japanese, under the
one key scheme `opt.<game>.<field>`, and the setup screen and the F1 options table show them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from familia_tui.core.presets import find_preset
from familia_tui.core.registry import game_ids, get_game, options_model
from familia_tui.i18n import CATALOGUES
from familia_tui.i18n.options import option_label, option_rows
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.screens.rules import options_markdown
from familia_tui.tui.screens.setup import SetupScreen
from familia_tui.tui.screens.setup_options import OptionsList
from familia_tui.tui.settings import Settings

JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No user presets or settings: only the shipped presets are listed."""
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("FAMILIA_TUI_USER_PRESETS", str(tmp_path / "presets"))
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))


@pytest.mark.parametrize("game", game_ids())
def test_every_option_field_has_a_name_in_english_and_japanese(game: str) -> None:
    missing = [f"{lang}: opt.{game}.{field}" for field in options_model(game).model_fields
               for lang in ("en", "ja") if not CATALOGUES[lang].get(f"opt.{game}.{field}", "").strip()]
    assert not missing, missing
    for field in options_model(game).model_fields:
        english, japanese = CATALOGUES["en"][f"opt.{game}.{field}"], CATALOGUES["ja"][f"opt.{game}.{field}"]
        assert english != field and japanese != field, field
        assert JAPANESE.search(japanese), (field, japanese)


def test_option_names_follow_one_scheme_and_name_real_fields() -> None:
    """No name under an old key (`opt.decks`, `dfg.opt.uno`), none for a field that is gone."""
    fields = {game: set(options_model(game).model_fields) for game in game_ids()}
    for lang, catalogue in CATALOGUES.items():
        for key in catalogue:
            assert not key.startswith("dfg.opt."), (lang, key)
            if key.startswith("opt."):
                _, game, field = (key.split(".") + [""])[:3]
                assert game in fields and field in fields[game], (lang, key)


def test_the_think_timer_has_its_name() -> None:
    assert CATALOGUES["en"]["opt.daifugo.think_timer"] == "Think timer (seconds, 0 = off)"
    assert CATALOGUES["ja"]["opt.daifugo.think_timer"] == "持ち時間（秒、0 = なし）"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", game_ids())
def test_the_rules_screen_lists_every_option_in_words(game: str, lang: str) -> None:
    """F1's table: the option's name and its value in words, no preset key, no Python value."""
    options = find_preset(game, get_game(game).default_preset).options
    text = options_markdown(options, "Options", lang, game)
    for key, label, value in option_rows(options, game, lang):
        assert f"| {label} | {value} |" in text, key
        assert f"`{key}`" not in text and value not in ("True", "False", "None"), key
    header = "| オプション | 値 |" if lang == "ja" else "| Option | Value |"
    assert header in text
    assert f"familia-tui presets show {game}/" in text  # where preset writers find the keys


def test_an_option_name_missing_in_japanese_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(CATALOGUES["ja"], "opt.tarot.grasch")
    assert option_label("grasch", "ja", "tarot") == CATALOGUES["en"]["opt.tarot.grasch"]
    assert option_label("no_such_option", "ja", "tarot") == "no_such_option"


def option_names(screen: SetupScreen) -> list[str]:
    """The names in the options list (names wrap when drawn, so read its rows)."""
    return [row.label for row in screen.query_one("#setup-options", OptionsList).rows]


@pytest.mark.parametrize(("game", "lang", "names"), [
    ("tarot", "en", ["Direction of play", "Grasch (all pass: play anyway)", "Rounding (3 and 5 players)"]),
    ("tarot", "ja", ["手番の向き", "グラッシュ（全員パスでも続行）", "端数の扱い（3人・5人）"]),
    ("daifugo", "en", ["Games in the session", "Suit lock (マーク縛り)", "○○バック counts"]),
    ("daifugo", "ja", ["マーク縛り", "ドボンで比べる合計", "台札を出せない人"]),
    ("familia", "ja", ["デッキ数（数札）", "最初のスタートプレイヤー", "勝敗のつけ方"]),
])
async def test_the_setup_screen_names_the_options(tmp_path: Path, game: str, lang: str,
                                                  names: list[str]) -> None:
    settings = Settings(lang=lang, glyphs="unicode", bot_pace="instant", trick_pause=0.0)
    app = FamiliaTuiApp(settings=settings, saves=tmp_path / "games")
    async with app.run_test(size=(140, 40)) as pilot:
        app.push_screen(SetupScreen(game))
        await pilot.pause()
        shown = option_names(app.screen)  # type: ignore[arg-type]
        assert set(names) <= set(shown), shown
        keys = [key for key, _, _ in option_rows(app.screen.preset.options, game, lang)]  # type: ignore[attr-defined]
        assert shown == [option_label(key, lang, game) for key in keys]
        assert not set(keys) & set(shown), shown
