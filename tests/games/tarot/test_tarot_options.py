"""Tarot options and presets: defaults on the text's side of every TA-23 switch, the FFT preset
on the other, cross-field checks, and every shipped preset (rules digest A2; ruling TA-23)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from familia_tui.core.presets import (
    PresetError,
    find_preset,
    list_presets,
    validate_files,
)
from familia_tui.games.tarot.options import TarotOptions


def test_TA_23_defaults_take_the_text_s_side() -> None:
    opts = TarotOptions()
    assert (opts.players, opts.hand_count, opts.direction) == (4, 8, "counter-clockwise")
    assert opts.next_dealer == "previous" and not opts.discarded_trumps_shown
    assert not opts.defence_slam_bonus and opts.rounding == "score"
    assert opts.declarations == "poignees" and not opts.grasch


def test_TA_23_the_fft_preset_takes_fft_s_side() -> None:
    fft = find_preset("tarot", "tarot-4-fft").options
    assert fft.next_dealer == "next" and fft.discarded_trumps_shown and fft.defence_slam_bonus  # type: ignore[attr-defined]
    assert fft.rounding == "card_points" and fft.poignee_shows_discarded_trumps  # type: ignore[attr-defined]
    five = find_preset("tarot", "tarot-5-fft").options
    assert five.called_suit_lead_restriction and five.players == 5  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "size", "chien", "hands"), [(3, 24, 6, 6), (4, 18, 6, 8), (5, 15, 3, 10)])
def test_A2_A3_sizes_and_default_hands(players: int, size: int, chien: int, hands: int) -> None:
    opts = TarotOptions(players=players)  # type: ignore[arg-type]
    assert (opts.hand_size, opts.chien_size, opts.tricks, opts.hand_count) == (size, chien, size, hands)
    assert opts.resolved().hands == hands


def test_cross_field_checks_report_every_problem() -> None:
    with pytest.raises(ValidationError) as error:
        TarotOptions(players=4, first_dealer=4, called_suit_lead_restriction=True)
    text = str(error.value)
    assert "first_dealer 4 is not a seat" in text and "5-player rule" in text


@pytest.mark.parametrize("data", [{"players": 6}, {"hands": 0}, {"rounding": "up"}, {"colour": "red"}])
def test_bad_values_are_rejected(data: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValidationError):
        TarotOptions(**data)


def test_every_shipped_preset_has_both_languages() -> None:
    presets, errors = list_presets("tarot")
    assert not errors and len(presets) >= 12
    for preset in presets:
        assert preset.name["en"] and preset.name["ja"] and preset.description["ja"]


def test_a_bad_tarot_preset_lists_every_problem(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: tarot\nname: {en: Bad, ja: 悪い}\ndescription: {en: x, ja: x}\n"
                   "players: 4\nfirst_dealer: 6\ngrash: true\nrounding: up\n", encoding="utf-8")
    errors = validate_files([bad])
    assert len(errors) == 1 and isinstance(errors[0], PresetError)
    text = errors[0].render()
    assert "grash" in text and "did you mean 'grasch'" in text and "rounding" in text
