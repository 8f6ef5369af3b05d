"""The 78-card deck, card points in half points and the card notation (rules digest A1)."""

from __future__ import annotations

import pytest

from familia_tui.games.tarot.cards import (
    BOUTS,
    CARDS,
    EXCUSE,
    HALF_POINTS,
    IS_BOUT,
    PETIT,
    SUIT,
    TOTAL_HALF_POINTS,
    TRUMP,
    TRUMP_21,
    CardError,
    format_card,
    half_to_points,
    parse_card,
    plain,
    trump,
)


def test_A1_the_deck_has_four_suits_of_14_21_trumps_and_the_excuse() -> None:
    assert len(set(CARDS)) == 78
    assert [sum(1 for c in CARDS if SUIT[c] == s) for s in range(6)] == [14, 14, 14, 14, 21, 1]


def test_A1_bouts_are_the_21_the_petit_and_the_excuse() -> None:
    assert set(BOUTS) == {c for c in CARDS if IS_BOUT[c]} == {TRUMP_21, PETIT, EXCUSE}
    assert (str(PETIT), str(TRUMP_21), str(EXCUSE)) == ("T1", "T21", "EX")


@pytest.mark.parametrize(("text", "points"), [
    ("T21", 4.5), ("T1", 4.5), ("EX", 4.5), ("RH", 4.5), ("DS", 3.5), ("CD", 2.5), ("VC", 1.5),
    ("10H", 0.5), ("1S", 0.5), ("T12", 0.5)])
def test_A1_card_points(text: str, points: float) -> None:
    assert HALF_POINTS[parse_card(text)] == 2 * points


def test_A1_the_deck_is_worth_91_points_kept_in_half_points() -> None:
    assert sum(HALF_POINTS) == TOTAL_HALF_POINTS == 182
    assert half_to_points(182) == 91 and isinstance(half_to_points(182), int)
    assert half_to_points(91) == 45.5


def test_every_card_round_trips_through_its_notation() -> None:
    for card in CARDS:
        assert parse_card(str(card)) is card


@pytest.mark.parametrize(("text", "expected"), [
    ("k♥", "RH"), ("Q♠", "DS"), ("J♦", "VD"), ("N♣", "CC"), ("A♠", "1S"), ("exc", "EX"),
    ("Excuse", "EX"), ("★", "EX"), ("t21", "T21"), ("10h", "10H"), ("dd", "DD"), ("cc", "CC")])
def test_notation_aliases(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["T0", "T22", "11H", "0S", "ZZ", "R", "RX", ""])
def test_notation_errors_say_what_is_expected(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_card_ids_sort_suits_then_trumps_then_the_excuse() -> None:
    assert plain(14, 0) < plain(1, 1) < trump(1) < trump(21) < EXCUSE
    assert SUIT[trump(7)] == TRUMP and trump(7).rank == 7 and plain(13, 2).rank == 13


def test_format_card_uses_suit_symbols_in_unicode_mode() -> None:
    assert format_card(parse_card("RH"), "unicode") == "R♥"
    assert format_card(parse_card("10C"), "unicode") == "10♣"
    assert format_card(parse_card("T21"), "unicode") == "T21"
    assert format_card(parse_card("RH"), "ascii") == "RH"
    assert f"{parse_card('DD')}" == "DD"
