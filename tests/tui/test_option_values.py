"""Option values are written in words for players, in English and Japanese: switches as on/off,
a value from a list under its own label, numbers as numbers, seats counted from 1, and
Familia's match as a sentence; never the preset's code (`False`, `suit_set`, `last_play`).
The setup screen shows them, and speaks of teams only for a game that has teams."""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

from familia_tui.core.presets import option_shown
from familia_tui.core.registry import game_ids, options_model
from familia_tui.games.familia.options import MatchOptions
from familia_tui.i18n import CATALOGUES
from familia_tui.i18n.options import option_rows, option_value
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.screens.setup import SetupScreen
from familia_tui.tui.settings import Settings

JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
LANGS = ("en", "ja")


def choices(annotation: object) -> tuple[set[str], bool, list[tuple[str, type[BaseModel]]]]:
    """(the strings a Literal allows, whether a bool is allowed, nested models) in a type."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return {a for a in args if isinstance(a, str)}, False, []
    if annotation is bool:
        return set(), True, []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return set(), False, [("", annotation)]
    words, switch, models = set(), False, []
    if origin in (typing.Union, types.UnionType, tuple):
        for arg in args:
            more_words, more_switch, more_models = choices(arg)
            words |= more_words
            switch = switch or more_switch
            models += more_models
    return words, switch, models


def listed_values(game: str, model: type[BaseModel], path: str = "") -> list[tuple[str, str | bool]]:
    """(field path, value) for every Literal string and every switch of a model and its parts."""
    found: list[tuple[str, str | bool]] = []
    for name, field in model.model_fields.items():
        if not path and option_shown(model, name) == "hidden":
            continue
        words, switch, models = choices(field.annotation)
        key = f"{path}{name}"
        found += [(key, word) for word in sorted(words)]
        found += [(key, True), (key, False)] if switch else []
        for _, nested in models:
            found += listed_values(game, nested, f"{key}.")
    return found


@pytest.mark.parametrize("game", game_ids())
def test_every_listed_value_and_switch_has_words_in_both_languages(game: str) -> None:
    values = listed_values(game, options_model(game))
    assert values, game
    missing = []
    for key, value in values:
        for lang in LANGS:
            if isinstance(value, bool):
                own = CATALOGUES[lang].get(f"optval.{game}.{key}.{str(value).lower()}")
                words = own or CATALOGUES[lang].get(f"optval.{'on' if value else 'off'}")
            else:
                words = CATALOGUES[lang].get(f"optval.{game}.{key}.{value}")
            if not words or "_" in words or (lang == "ja" and not JAPANESE.search(words)):
                missing.append(f"{lang}: optval.{game}.{key}.{value} = {words!r}")
    assert not missing, missing


def test_the_walk_finds_nested_and_optional_choices() -> None:
    """The test above reads every kind of field: optional lists, per-deal tuples, nested models."""
    values = dict.fromkeys(listed_values("familia", options_model("familia")))
    assert ("match.format", "last_places") in values and ("match.scoring", "hybrid") in values
    assert ("style", "batting") in values and ("royal", True) in values
    assert not any(key.startswith("table") for key, _ in values)  # the seats are shown elsewhere
    assert ("deal", "rough") in dict.fromkeys(listed_values("daifugo", options_model("daifugo")))


@pytest.mark.parametrize(("game", "key", "value", "lang", "words"), [
    # the play-tester's examples
    ("daifugo", "rule_card", "draw", "en", "drawn before every game"),
    ("daifugo", "shishi", False, "en", "off"),
    ("daifugo", "deal", "even", "en", "even, one card at a time"),
    ("daifugo", "suit_lock", "suit_set", "en", "the same suits twice (DF-10a)"),
    ("daifugo", "dobon_sum", "last_play", "ja", "最後に出されたカード"),
    ("tarot", "next_dealer", "previous", "en", "the player before the dealer (the text)"),
    ("tarot", "declarations", "poignees", "en", "poignées"),
    ("tarot", "grasch", False, "en", "off"),
    ("tarot", "grasch", True, "ja", "あり"),
    # numbers, seats, lists
    ("tarot", "players", 4, "en", "4"),
    ("tarot", "first_dealer", None, "en", "drawn at random"),
    ("tarot", "first_dealer", 0, "en", "seat 1"),
    ("familia", "first_leader", 2, "ja", "3番目の席"),
    ("familia", "removed_sets", [2, 2, 3], "en", "2, 2, 3"),
    ("familia", "removed_sets", [], "en", "none"),
    ("familia", "style", ["normal", "batting"], "en", "deal 1: normal, deal 2: batting"),
    ("familia", "style", "batting", "ja", "バッティング"),
    ("daifugo", "think_timer", 30, "en", "30"),
    ("daifugo", "think_timer", 0, "en", "off"),
    ("daifugo", "think_timer", 0, "ja", "なし"),
])
def test_values_are_written_in_words(game: str, key: str, value: object, lang: str, words: str) -> None:
    shown = option_shown(options_model(game), key)
    assert option_value(game, key, value, lang, shown=shown) == words


def test_a_practice_rule_card_is_drawn_in_the_glyph_mode() -> None:
    assert option_value("daifugo", "rule_card", "5S", "en", "unicode") == "always 5♠ (practice)"
    assert option_value("daifugo", "rule_card", "5S", "ja", "letters") == "常に5S（練習）"


def test_a_value_without_words_falls_back_to_the_preset_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(CATALOGUES["ja"], "optval.tarot.rounding.score")
    assert option_value("tarot", "rounding", "score", "ja") == CATALOGUES["en"]["optval.tarot.rounding.score"]
    monkeypatch.delitem(CATALOGUES["en"], "optval.tarot.rounding.score")
    assert option_value("tarot", "rounding", "score", "ja") == "score"


@pytest.mark.parametrize(("match", "lang", "sentence"), [
    ({"format": "single", "count": 3, "scoring": "melds", "max_games": 50}, "en",
     "one game; scored by meld points"),
    ({"format": "games", "count": 1, "scoring": "rank", "rank_points": [3, 1, 0], "max_games": 50}, "en",
     "1 game, the highest total wins; scored by rank points; rank points 3, 1, 0"),
    ({"format": "target", "count": 3, "win_at": 50, "lose_at": -50, "scoring": "melds", "max_games": 20}, "en",
     "play on until a total reaches 50 or falls to -50; at most 20 games; scored by meld points"),
    ({"format": "last_places", "count": 2, "scoring": "hybrid", "max_games": 50}, "en",
     "the first to come last 2 times loses; at most 50 games; scored by rank points plus meld points [R-F36]"),
    ({"format": "wins", "count": 3, "scoring": "melds", "max_games": 50}, "ja",
     "先に3勝したら勝ち。最大50ゲーム。役の得点で数える"),
])
def test_familias_match_reads_as_a_sentence(match: dict[str, object], lang: str, sentence: str) -> None:
    assert MatchOptions(**match).words(lang) == sentence


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_ids())
def test_no_shipped_preset_shows_a_code_value(game: str, lang: str) -> None:
    """Every value of every shipped preset is a number or words: no `False`, `None`, `{...}`, and
    no word of a preset file (`suit_set`) shown where it has words of its own."""
    from familia_tui.core.presets import list_presets

    presets, _ = list_presets(game)
    for preset in presets:
        for key, _, value in option_rows(preset.options, game, lang):
            assert value not in ("True", "False", "None") and "{" not in value, (preset.id, key, value)
            label = CATALOGUES[lang].get(f"optval.{game}.{key}.{value}")
            assert label is None or label == value, (preset.id, key, value)


@pytest.fixture
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("FAMILIA_TUI_USER_PRESETS", str(tmp_path / "presets"))
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))


@pytest.mark.usefixtures("private_folders")
@pytest.mark.parametrize(("game", "lang", "rows"), [
    ("daifugo", "en", [("Rule card", "drawn before every game"), ("Shishi-fugō (not yet accepted)", "off"),
                       ("Deal", "even, one card at a time")]),
    ("tarot", "en", [("Next dealer", "the player before the dealer (the text)"), ("Declarations", "poignées"),
                     ("Grasch (all pass: play anyway)", "off")]),
    ("daifugo", "ja", [("ドボンで比べる合計", "最後に出されたカード"), ("ししふごう（未承認）", "なし")]),
])
async def test_the_setup_screen_shows_values_in_words(tmp_path: Path, game: str, lang: str,
                                                      rows: list[tuple[str, str]]) -> None:
    settings = Settings(lang=lang, glyphs="unicode", bot_pace="instant", trick_pause=0.0)
    app = FamiliaTuiApp(settings=settings, saves=tmp_path / "games")
    async with app.run_test(size=(140, 40)) as pilot:
        app.push_screen(SetupScreen(game))
        await pilot.pause()
        shown = [(row.label, row.value) for row in app.screen.query_one("#setup-options").rows]
        assert set(rows) <= set(shown), shown
        assert not {value for _, value in shown} & {"True", "False", "draw", "even", "previous"}, shown


@pytest.mark.usefixtures("private_folders")
@pytest.mark.parametrize(("game", "lang", "teams"), [
    ("familia", "en", True), ("tarot", "en", False), ("daifugo", "en", False),
    ("familia", "ja", True), ("daifugo", "ja", False),
])
async def test_the_seats_hint_speaks_of_teams_only_where_the_game_has_them(
        tmp_path: Path, game: str, lang: str, teams: bool) -> None:
    settings = Settings(lang=lang, glyphs="unicode", bot_pace="instant", trick_pause=0.0)
    app = FamiliaTuiApp(settings=settings, saves=tmp_path / "games")
    async with app.run_test(size=(140, 40)) as pilot:
        app.push_screen(SetupScreen(game))
        await pilot.pause()
        hint = str(app.screen.query_one("#setup-seats-hint").content)
        assert hint.startswith(CATALOGUES[lang]["ui.setup_seats_hint"])
        assert (CATALOGUES[lang]["ui.setup_seats_hint_teams"] in hint) is teams
