"""Action notation, options, presets and messages of Daifugō."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from familia_tui.core.cards import JOKER, Card
from familia_tui.core.engine import ActionSyntaxError
from familia_tui.core.presets import PresetError, find_preset, load_preset_file
from familia_tui.games.daifugo.actions import (
    PASS,
    Call,
    Decline,
    Play,
    make_play,
    parse_action,
)
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.texts import EN, JA
from familia_tui.i18n import CATALOGUES

PACKAGE = Path(__file__).resolve().parents[3] / "familia_tui" / "games" / "daifugo"


@pytest.mark.parametrize("text", [
    "play 7S 7H", "play JK=5S 6S 7S", "play JK JK", "play JK=9S JK=9H JK=9D", "play 8S JK=8*",
    "play 4S uno", "pass", "call dobon", "call chombo", "decline", "play 10H JK=10H",
])
def test_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


def test_notation_is_canonical_whatever_the_order() -> None:
    assert parse_action("play 7s jk=5S 6S") == parse_action("play JK=5S 6S 7S")
    assert str(parse_action("play A♠ JOKER")) == "play AS JK"
    assert str(parse_action("play JK=8H 8S")) == "play 8S JK=8*"  # 8切り: the suit cannot matter
    assert str(parse_action("play 7H ウノ")) == "play 7H uno"


def test_play_values() -> None:
    play = parse_action("play 5S JK=6S 7S")
    assert isinstance(play, Play) and play.size == 3
    assert play.naturals == (Card(5, "S"), Card(7, "S")) and play.jokers == (Card(6, "S"),)
    assert play.cards == (Card(5, "S"), Card(6, "S"), Card(7, "S"))
    assert make_play([], [JOKER, JOKER]).cards == (JOKER, JOKER)
    assert parse_action("pass") is PASS and isinstance(parse_action("decline"), Decline)
    assert parse_action("call dobon") == Call("dobon")


@pytest.mark.parametrize("text", ["", "play", "play 1S", "play JK=JK", "call uno", "hold 5S",
                                  "play 5X", "pass 5S", "play QS=5S"])
def test_bad_notation_says_what_is_expected(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


# ----- options and presets -----


def test_options_defaults_are_the_accepted_integrated_rules() -> None:
    opts = DaifugoOptions()
    assert (opts.players, opts.games, opts.rule_card, opts.shishi, opts.diamond_revolution) == (
        4, 1, "draw", False, False)
    assert (opts.deal, opts.sequences, opts.suit_lock, opts.uno, opts.dobon, opts.dobon_sum,
            opts.stuck_leader, opts.back_count) == (
        "even", "overlap", "suit_set", "auto", "auto", "last_play", "chombo", "per_card")


def test_every_option_is_documented_and_named_in_both_languages() -> None:
    source = (PACKAGE / "options.py").read_text(encoding="utf-8")
    for field in DaifugoOptions.model_fields:
        assert re.search(rf"\n    {field}: .*\n    \"\"\"", source), f"{field} has no docstring"
        labels = (CATALOGUES["en"], CATALOGUES["ja"])
        assert all(f"opt.daifugo.{field}" in catalogue for catalogue in labels)


@pytest.mark.parametrize(("field", "value"), [
    ("players", 2), ("players", 9), ("games", 0), ("rule_card", "XX"), ("deal", "random"),
    ("uno", "maybe"), ("colour", 1),
])
def test_bad_options_are_rejected(field: str, value: object) -> None:
    with pytest.raises(ValidationError):
        DaifugoOptions.model_validate({field: value})


def test_rule_card_option_takes_a_card() -> None:
    assert DaifugoOptions(rule_card="5♠").rule_card == "5S"
    assert DaifugoOptions(rule_card="jk").fixed_rule_card == JOKER
    assert DaifugoOptions(rule_card="off").fixed_rule_card is None


def test_presets_have_both_languages_and_extend_the_default() -> None:
    preset = find_preset("daifugo", "daifugo-strict-uno")
    assert preset.options.uno == "strict" and preset.options.players == 4
    assert preset.name["ja"] and preset.description["ja"]


def test_a_bad_preset_names_the_key_and_suggests(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text('game: daifugo\nname: {en: "x", ja: "x"}\ndescription: {en: "x", ja: "x"}\n'
                   "player: 5\nuno: loud\n", encoding="utf-8")
    with pytest.raises(PresetError) as error:
        load_preset_file(bad)
    text = str(error.value)
    assert "player" in text and "did you mean 'players'" in text and "uno" in text


# ----- messages -----


def test_every_japanese_message_is_in_japanese() -> None:
    japanese = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
    assert all(japanese.search(text) for text in JA.values())


def test_every_message_key_the_engine_uses_exists() -> None:
    used = set()
    for path in PACKAGE.glob("*.py"):
        used.update(re.findall(r'"(dfg\.[a-z_.0-9]+)"', path.read_text(encoding="utf-8")))
    assert used and used <= set(EN)


def test_messages_are_merged_into_the_catalogues() -> None:
    assert CATALOGUES["ja"]["dfg.x.number_locked"] == JA["dfg.x.number_locked"]
